// rs_fix_internal.h: what rs_fix.c (moving packets) and rs_fix_encoders.c (decoders, filters,
// encoders) share: one stream's job.
#ifndef RS_FIX_INTERNAL_H
#define RS_FIX_INTERNAL_H

#include "rs_fix.h"

#include <stddef.h>
#include <stdint.h>

#include <libavcodec/avcodec.h>
#include <libavformat/avformat.h>

struct AVFilterGraph;
struct AVFilterContext;

/// One stream of the plan: copied, or decoded, filtered and encoded.
typedef struct job {
    int in_index;
    AVStream *in;
    AVStream *out;
    AVCodecContext *dec;
    AVCodecContext *enc;
    struct AVFilterGraph *graph;
    struct AVFilterContext *src;
    struct AVFilterContext *sink;
    int encode;
    int done;          // past the end of the plan
    int started;            // copies: the first packet kept (a part starts at a keyframe)
    int64_t start_ts;       // in the input's time base: the part's start; INT64_MIN: from the beginning
    int64_t end_ts;         // in the input's time base; INT64_MAX: to the end
    int64_t shift;          // in the input's time base: the output's zero, subtracted from every timestamp
    int64_t offset;         // added to decoded timestamps: the loops so far
    int64_t first_ts;       // the first decoded timestamp
    int64_t last_end;       // the largest decoded pts + duration, offset included
    int64_t span_end;       // the same without the offset: where one pass ends
    int64_t sent_end;       // the end of the last frame given to the filters (pts + duration, before the plan's end)
    AVRational frame_rate;  // video: the duration of a frame that has none
    int64_t key_interval;   // re-encoded video: a keyframe at least this often (encoder time base), 0: none
    int64_t next_key;       // the next forced keyframe
    int64_t last_pts;       // the last timestamp given to the encoder (encoder time base)
    double delay_seconds;   // re-encoded video: held first frame before it (a delayed picture)
    int drop_priming;       // copied audio: packets that start before the output's start are left out
    AVFrame *picture;       // an audio file's clip: the picture held, as decoded (or a black frame)
    int64_t still_frames;   // the frames of it given to the filters so far
} job;

void rs_fix_job_free(job *j);
/// A decoded frame's duration in the input's time base: its own, or one frame at the frame rate,
/// or its samples.
int64_t rs_fix_frame_duration(const job *j, const AVFrame *frame);
/// The video encoder (libx264) and the filter graph before it: the display matrix's turn, the
/// plan's filters and colour conversion, 8-bit 4:2:0. An FFmpeg error, with `why` in words.
int rs_fix_open_video(job *j, AVFormatContext *out, const rs_fix_plan *plan, char *why, size_t why_size);
/// The held picture of an audio file's clip (plan->still), decoded once from the attached picture
/// (`j->in`, `source` NULL) or from `source`'s stream `j->in` (the picture file), or a black
/// frame; its filters (fitted on the canvas) and libx264 tuned for a still image.
int rs_fix_open_still(job *j, AVFormatContext *source, AVFormatContext *out, const rs_fix_plan *plan, char *why,
                      size_t why_size);
/// The audio encoder (AAC or Opus) and the resampling before it.
int rs_fix_open_audio(job *j, AVFormatContext *out, const rs_fix_plan *plan, char *why, size_t why_size);

#endif
