// rs_fix_internal.h: what the files of a fix share: one stream's job (rs_fix_job) and the fix
// being carried out (rs_fix_state). They call one way: rs_fix.c (the input's packets, the
// passes and the streams' set-up) calls rs_fix_pictures.c (frames that are not the input's
// packets) and rs_fix_encoders.c (decoders, graphs, encoders); both hand frames on through
// rs_fix_hub.c, which calls none of them.
#ifndef RS_FIX_INTERNAL_H
#define RS_FIX_INTERNAL_H

#include "rs_av_source.h"
#include "rs_fix.h"
#include "rs_image.h"

#include <stddef.h>
#include <stdint.h>

#include <libavcodec/avcodec.h>
#include <libavformat/avformat.h>

struct AVFilterGraph;
struct AVFilterContext;

/// One stream of the plan: copied, or decoded, filtered and encoded.
typedef struct rs_fix_job {
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
    int64_t previous_ts;    // the last decoded timestamp of this pass (video: the step to the next frame)
    int64_t latest_ts;      // video: the latest decoded timestamp yet, offset included (INT64_MIN: none)
    int64_t last_end;       // where the stream has got to, offset included: its latest frame's end (video;
                            // a step back in time keeps the end reached), the largest pts + duration (audio)
    int64_t span_end;       // the same without the offset: where one pass ends
    int64_t packet_first;   // the earliest packet time read (INT64_MAX: none): what a loop's pass is measured from
    int64_t packet_last;    // the latest packet time read (INT64_MIN: none)
    int64_t packet_end;     // the latest end of a packet read (its time and duration)
    int last_samples;       // audio: the samples of the frame decoded last
    int64_t rescale_last;   // copied or encoded sound: where its samples have got to, in their own unit (av_rescale_delta)
    int64_t sound_next;     // encoded sound: where its next frame is expected, in samples (AV_NOPTS_VALUE: none yet)
    int64_t pass_frames;    // the frames decoded since the input was last read from its start
    int64_t sent_end;       // the end of the last frame given to the filters (pts + duration, before the plan's end)
    AVRational frame_rate;  // video: the duration of a frame that has none
    int64_t key_interval;   // re-encoded video: a keyframe at least this often (encoder time base), 0: none
    int64_t next_key;       // the next forced keyframe
    int64_t last_pts;       // the last timestamp given to the encoder (encoder time base)
    int drop_priming;       // copied audio: packets that start before the output's start are left out
    AVFrame *picture;       // an audio file's clip: the picture held, as decoded (or a black frame)
    int64_t still_frames;   // the frames of it given to the filters so far
} rs_fix_job;

void rs_fix_job_free(rs_fix_job *j);
/// A decoded frame's duration in the input's time base: its samples' (audio); its own, or the step
/// from the frame decoded before it (`ts` less `j->previous_ts`), or one frame at the frame rate
/// (video).
int64_t rs_fix_frame_duration(const rs_fix_job *j, const AVFrame *frame, int64_t ts);
/// The video encoder (libx264) and the filter graph before it, as the plan gives them. An FFmpeg
/// error, with `why` in words.
int rs_fix_open_video(rs_fix_job *j, AVFormatContext *out, const rs_fix_plan *plan, char *why, size_t why_size);
/// The held picture of an audio file's clip (plan->video_from), decoded once from the attached picture
/// (`j->in`, `source` NULL) or from `source`'s stream `j->in` (the picture file), or a black
/// frame; the plan's graph and libx264 with the plan's options.
int rs_fix_open_still(rs_fix_job *j, AVFormatContext *source, AVFormatContext *out, const rs_fix_plan *plan, char *why,
                      size_t why_size);
/// The audio encoder (AAC or Opus) and the resampling before it.
int rs_fix_open_audio(rs_fix_job *j, AVFormatContext *out, const rs_fix_plan *plan, char *why, size_t why_size);

/// One fix being carried out: the input, the output, the buffers every job shares, progress.
typedef struct rs_fix_state {
    AVFormatContext *in;
    AVFormatContext *out;
    AVPacket *pkt;
    AVPacket *encoded;
    AVFrame *frame;
    AVFrame *filtered;
    AVFormatContext *still_in; // an audio file's clip: the picture file chosen (RS_FIX_FROM_PICTURE)
    rs_webp_anim *webp;        // RS_FIX_FROM_WEBP: the input's frames, through libwebp
    uint8_t *webp_data;        // the input, whole
    uint32_t webp_width, webp_height, webp_count;
    int64_t webp_duration;     // milliseconds, every frame's
    rs_deadline decoding;      // RS_FIX_FROM_WEBP: when decoding its frames must have ended
    rs_fix_progress progress;
    void *context;
    int64_t last_report;
    double done_seconds;
} rs_fix_state;

// rs_fix_hub.c: what every stage calls, and which calls no stage.
/// avformat_find_stream_info with pictures (attached pictures; with `every`, each stream) decoded
/// only up to `max_pixels`: its probe decodes a cover art whole, before any bound of the fix's.
int rs_fix_stream_info(AVFormatContext *in, int64_t max_pixels, int every);
/// Progress: the output has reached `ts` (in `base`); reported at most every 250 ms.
void rs_fix_report(rs_fix_state *r, int64_t ts, AVRational base);
/// Takes what `j`'s filter graph has ready to its encoder, and writes what that makes.
int rs_fix_drain_filter(rs_fix_state *r, rs_fix_job *j);
/// Sends `frame` (NULL: the end) to `j`'s encoder and writes what comes out.
int rs_fix_encode(rs_fix_state *r, rs_fix_job *j, AVFrame *frame);
/// A plan's options ("key=value" lines: an encoder's, the muxer's) added to `options`; an FFmpeg
/// error where a line has no value or does not fit.
int rs_fix_options(AVDictionary **options, const char *lines);

// rs_fix_pictures.c
/// An audio file's clip: the held picture given to the filters, a frame every 1/rate seconds,
/// until `seconds` (from the output's start) is covered.
int rs_fix_still_until(rs_fix_state *r, rs_fix_job *j, double seconds);
/// An animated WebP made a clip: each of its frames given to the filters in time, to the plan's end.
int rs_fix_webp_frames(rs_fix_state *r, rs_fix_job *j, const rs_fix_plan *plan);
/// The job of an audio file's clip's picture (plan->video_from), stream `index` for cover art.
rs_av_status rs_fix_add_still(rs_fix_state *r, rs_fix_job *j, int index, rs_source *still, rs_deadline *budget, const rs_fix_plan *plan,
                              char *why, size_t why_size, char *message, size_t message_size);
/// The input read whole as an animated WebP for libwebp (r->webp).
rs_av_status rs_fix_open_webp(rs_fix_state *r, rs_source *src, char *message, size_t message_size);
/// The job of an animated WebP's frames.
rs_av_status rs_fix_add_webp(rs_fix_state *r, rs_fix_job *j, const rs_fix_plan *plan, char *why, size_t why_size, char *message,
                             size_t message_size);
/// `seconds`, held to the plan's end and the still's length.
double rs_fix_still_end(const rs_fix_plan *plan, double seconds);

/// A time and its time base.
typedef struct rs_fix_time {
    int64_t ts;
    AVRational base;
} rs_fix_time;

/// One pass of the input as `kind` measures it, from the packets the pass read and the frames it
/// decoded (rs_fix_loop.c); a time of AV_NOPTS_VALUE where nothing was read.
rs_fix_time rs_fix_pass_length(const rs_fix_job *jobs, int count, rs_fix_loop kind);

#endif
