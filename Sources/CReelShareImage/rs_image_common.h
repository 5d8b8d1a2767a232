// rs_image_common: what the PNG and JPEG readers share, inside CReelShareImage only: reading a
// file (or a buffer, for fuzzing) in chunks, the time budget, the size limits, the EXIF
// orientation, and shrinking rows while they are decoded. It uses neither reader.
#ifndef RS_IMAGE_COMMON_H
#define RS_IMAGE_COMMON_H

#include <stddef.h>
#include <stdint.h>
#include <time.h>

#include "rs_image.h"

static inline uint32_t rs_img_be32(const uint8_t *p) {
    return ((uint32_t)p[0] << 24) | ((uint32_t)p[1] << 16) | ((uint32_t)p[2] << 8) | p[3];
}

enum { RS_IMG_CHUNK = 64 * 1024 };

typedef struct rs_img_reader {
    int fd;              // or -1: memory
    const uint8_t *data; // memory
    uint64_t size;
    uint64_t at;         // next byte to read
    uint8_t chunk[RS_IMG_CHUNK];
    int error;           // errno of a failed read
} rs_img_reader;

/// Empties `info` and `pixels` and the message, and returns a reader of the file (or of `data`,
/// when `fd` is -1) to be freed with free(); NULL, with the message said, when out of memory.
rs_img_reader *rs_img_begin(int fd, const uint8_t *data, size_t size, rs_img_info *info, rs_img_pixels *pixels,
                            char *message, size_t message_size);

/// Up to `length` bytes at the reader's position; the count read (0 at the end or on error).
size_t rs_img_read(rs_img_reader *r, uint8_t *out, size_t length);

typedef struct rs_img_budget {
    struct timespec deadline;
    int active;
} rs_img_budget;

rs_img_budget rs_img_start_budget(double seconds);
int rs_img_budget_passed(const rs_img_budget *b);

/// Says which limit `width` x `height` is over: a side, or the count of pixels.
rs_img_status rs_img_too_large(char *message, size_t size, uint64_t width, uint64_t height,
                               const rs_img_limits *limits);
/// Refuses sizes past the limits, and headers that claim more pixels than `file_size` bytes can
/// hold at `pixels_per_byte`, the best ratio the format's coding can reach.
rs_img_status rs_img_check_size(uint64_t width, uint64_t height, uint64_t file_size, double pixels_per_byte,
                                const char *why, const rs_img_limits *limits, char *message, size_t message_size);

/// The orientation (1-8) in a TIFF structure (EXIF); 0 when none.
int rs_img_tiff_orientation(const uint8_t *tiff, size_t length);
/// The same in a JPEG APP1 segment ("Exif\0\0", then the TIFF structure).
int rs_img_exif_orientation(const uint8_t *data, size_t size);

/// Shrinks RGBA rows by a whole `step` as they arrive: each output pixel is the average of a
/// step x step block, weighted by alpha (premultiplied), so a fine pattern becomes its mean and a
/// transparent pixel's colour does not bleed into its neighbours.
typedef struct rs_img_reducer {
    uint32_t width;     // of the input rows
    uint32_t step;
    uint32_t out_width;
    uint32_t rows;      // added to the block so far
    uint64_t *sums;     // out_width * 4: r*a, g*a, b*a, a
} rs_img_reducer;

int rs_img_reducer_init(rs_img_reducer *r, uint32_t width, uint32_t step);
/// Takes one input row `y` of `height`: copied when nothing is reduced, else added to its block
/// and, at the block's end, averaged into `image`.
void rs_img_reducer_take(rs_img_reducer *r, const uint8_t *row, uint32_t y, uint32_t height, uint8_t *image);
/// The step that brings `side` down near `max_side` by keeping every step-th pixel (1: none).
uint32_t rs_img_reduction(uint32_t width, uint32_t height, uint32_t max_side);
/// The longer side a picture of width x height (as stored) needs to keep to fill `pixels`' box
/// once turned by `orientation`; pixels->max_side when it sets no box.
uint32_t rs_img_needed_side(const rs_img_pixels *pixels, uint32_t width, uint32_t height, int orientation);
uint32_t rs_img_reduced(uint32_t side, uint32_t step);

/// Whether the first `length` bytes of a file are a PNG signature and a CgBI chunk.
int rs_img_is_cgbi(const uint8_t *head, size_t length);
/// Reads Apple's CgBI PNG from `input` (the file, `size` bytes) as decode_png reads a PNG: its
/// facts in `info`, and with `pixels` its picture as straight RGBA, reduced as asked.
rs_img_status rs_img_decode_cgbi(rs_img_reader *input, size_t size, const rs_img_limits *limits, rs_img_info *info,
                                 rs_img_pixels *pixels, char *message, size_t message_size);

#endif
