// rs_fix: carries out a fix plan in process with libavformat, libavcodec and libavfilter: a remux
// (packets copied into MP4 or WebM, the index first, a sample entry retagged, the edit list left
// out), a cut (at a keyframe by copying, or exactly by re-encoding), a loop, and a transcode of
// only the streams that need it (H.264 High 8-bit 4:2:0 through libx264, AAC or Opus), with the
// video's display matrix applied when it is re-encoded, as players and the ffmpeg CLI do.
#ifndef RS_FIX_H
#define RS_FIX_H

#include <stddef.h>
#include <stdint.h>

#include "rs_av.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef enum rs_fix_container { RS_FIX_MP4 = 0, RS_FIX_WEBM = 1 } rs_fix_container;
/// The audio encoder of a re-encode: FFmpeg's AAC, or libopus.
typedef enum rs_fix_audio_codec { RS_FIX_AAC = 0, RS_FIX_OPUS = 1 } rs_fix_audio_codec;

typedef struct rs_fix_plan {
    rs_fix_container container;
    int video_copy;                      // 1: copy the video packets; 0: re-encode to H.264
    const char *_Nullable video_tag;     // copy into MP4: the sample entry ("hvc1"), or NULL
    const char *_Nullable video_filters; // re-encode: FFmpeg filters for the frames, or NULL
    int video_bit_rate_kbps;             // re-encode: 0 for libx264's default (CRF 23)
    int video_buffer_kbps;
    double keyframe_seconds;             // re-encode: <= 0 for libx264's default
    int audio;                           // 0: none, 1: copy, 2: re-encode
    rs_fix_audio_codec audio_codec;
    int audio_bit_rate_kbps;
    int audio_sample_rate;               // 0: keep
    int audio_channels;                  // 0: keep
    double start_seconds;                // the part's start (a keyframe; copies only), 0 for the beginning
    double end_seconds;                  // <= 0: to the end; copy: the packets before it
    int loop;                            // re-encode: start over at the end until end_seconds
    int drop_edit_list;                  // MP4: write no edit list
    double video_delay_seconds;          // re-encode from the start: the video starts this much after
                                         // the audio (an empty edit): held first frame, 0 for none
} rs_fix_plan;

/// Called about four times a second with the seconds written so far.
typedef void (*rs_fix_progress)(void *_Nullable context, double done_seconds);

/// Carries out `plan` on the regular file open on `in_fd` (read with pread), writing to `out_fd`
/// (a regular file open for reading and writing: MP4's index is moved to the front by reading it
/// back). On failure a one-line reason goes to `message`.
rs_av_status rs_fix_run(int in_fd, const char *_Nonnull name, int out_fd, const rs_fix_plan *_Nonnull plan,
                        rs_fix_progress _Nullable progress, void *_Nullable context, char *_Nonnull message,
                        size_t message_size);

/// The presentation times of the closed keyframes (IDR: where a cut may start) of the first video
/// stream (seconds from its start),
/// from every packet (read, not decoded); at most `max`. Returns the count, or -1 with a reason in
/// `message`.
int rs_fix_keyframes(int fd, const char *_Nonnull name, double *_Nonnull times, int max, char *_Nonnull message,
                     size_t message_size);

#ifdef __cplusplus
}
#endif

#endif
