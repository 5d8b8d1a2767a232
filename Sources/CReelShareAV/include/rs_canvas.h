// rs_canvas: the pixel work of `preview` and of report thumbnails, on 8-bit RGBA pictures
// (straight alpha, rows top to bottom, width * 4 bytes a row): one video frame decoded as shown,
// turns and flips, scaling with libswscale, a vertical gradient, alpha blending and translucent
// overlays. Layout (what goes where) is decided by the caller; this only draws.
#ifndef RS_CANVAS_H
#define RS_CANVAS_H

#include <stddef.h>
#include <stdint.h>

#include "rs_av.h"

#ifdef __cplusplus
extern "C" {
#endif

/// Pictures larger than this many pixels are refused, before anything is allocated.
enum { RS_CANVAS_MAX_PIXELS = 64 * 1024 * 1024, RS_CANVAS_MAX_SIDE = 16384 };

/// A video frame as shown: `rgba` (malloc'd; free with rs_canvas_free) is `width` x `height`, the
/// picture shown at `shown_width` x `shown_height` reduced to the longer side asked for; `shown_at`
/// is the frame's time (< 0: unknown).
typedef struct {
    uint8_t *_Nullable rgba;
    int width, height;
    int shown_width, shown_height;
    double shown_at;
} rs_canvas_frame;

/// Decodes the video frame shown at `at_seconds` from the start (< 0: the first frame shown) of
/// the regular file open on `fd`, as RGBA at its displayed size: the sample aspect ratio applied,
/// then the display matrix's flip and rotation; converted straight to at most `max_side` pixels
/// on its longer side (0: full size). Past the end, the last frame. With `first_alone` (the caller
/// knows the video is progressive: a field is never a frame), the first frame shown, where it is
/// the first packet's keyframe, is decoded by itself: no reference frames are held for it; else
/// in a run from the start, or, with `first_alone` 2 (the caller's memory bound does not hold a
/// run), not at all: RS_AV_TOO_LARGE.
rs_av_status rs_canvas_video_frame(int fd, const char *_Nonnull name, double at_seconds, int first_alone, int max_side,
                                   double timeout_seconds, rs_canvas_frame *_Nonnull out, char *_Nonnull message,
                                   size_t message_size);

/// The same for a file held in memory (for fuzzing).
rs_av_status rs_canvas_video_frame_memory(const uint8_t *_Nonnull data, size_t size, double at_seconds, int first_alone,
                                          int max_side, double timeout_seconds, rs_canvas_frame *_Nonnull out,
                                          char *_Nonnull message, size_t message_size);

/// Turns a picture as EXIF orientation `orientation` (1-8) says it is shown: a new picture in
/// `*out` (malloc'd), its size in `*out_width` x `*out_height`. 0 on success, -1 out of memory.
int rs_canvas_orient(const uint8_t *_Nonnull rgba, int width, int height, int orientation,
                     uint8_t *_Nullable *_Nonnull out, int *_Nonnull out_width, int *_Nonnull out_height);

/// Scales the rectangle (x, y, w, h) of a `width` x `height` picture to `out_width` x
/// `out_height` with libswscale (area averaging when shrinking, bicubic when growing): a new
/// picture in `*out`. 0 on success, -1 on a bad rectangle or no memory.
int rs_canvas_scale(const uint8_t *_Nonnull rgba, int width, int height, int x, int y, int w, int h, int out_width,
                    int out_height, uint8_t *_Nullable *_Nonnull out);

/// Fills the canvas with a vertical gradient from `top` (first row) to `bottom` (last row),
/// 0xRRGGBB, interpolated in sRGB values as CSS gradients are; opaque.
void rs_canvas_gradient(uint8_t *_Nonnull canvas, int width, int height, uint32_t top, uint32_t bottom);

/// Draws `picture` over the canvas with its top-left corner at (x, y), clipped to the canvas,
/// blending by its alpha (source over).
void rs_canvas_draw(uint8_t *_Nonnull canvas, int width, int height, const uint8_t *_Nonnull picture, int picture_width,
                    int picture_height, int x, int y);

/// Blends the colour `rgba` (0xRRGGBBAA, AA its opacity) over the rectangle (x, y, w, h), clipped.
void rs_canvas_tint(uint8_t *_Nonnull canvas, int width, int height, int x, int y, int w, int h, uint32_t rgba);

/// A canvas of `width` x `height` (uninitialised), or NULL past the limits or without memory.
uint8_t *_Nullable rs_canvas_alloc(int width, int height);
/// A picture libswscale writes into: padded past its last row for the converters' block writes.
uint8_t *_Nullable rs_canvas_sws_buffer(int width, int height);
void rs_canvas_free(void *_Nullable picture);

#ifdef __cplusplus
}
#endif

#endif
