// rs_fix_pictures.c: the frames of a fix that are not the input's packets: an audio file's clip's
// held picture (its cover art, a picture file, or a black frame) and an animated WebP's frames
// through libwebp, each given to its job's filters in time.
#include "rs_av_claims.h"
#include "rs_av_compat.h"
#include "rs_av_source.h"
#include "rs_fix_internal.h"
#include "rs_image.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <libavcodec/avcodec.h>
#include <libavformat/avformat.h>

#include "rs_avfilter.h" // last: libavfilter's functions by their own names, loaded on first use

/// An audio file's clip: the held picture given to the filters, a frame every 1/rate seconds,
/// until `seconds` (from the output's start) is covered.
int rs_fix_still_until(rs_fix_state *r, rs_fix_job *j, double seconds) {
    if (!(seconds < 86400)) seconds = 86400; // a day: past any plan's end (hostile timestamps)
    int64_t wanted = (int64_t)ceil(seconds * j->frame_rate.num / j->frame_rate.den - 1e-6);
    for (; j->still_frames < wanted; j->still_frames++) {
        int err = av_frame_ref(r->frame, j->picture);
        if (err < 0) return err;
        r->frame->pts = j->still_frames; // the graph's time base is 1/rate
        err = av_buffersrc_add_frame_flags(j->src, r->frame, 0);
        av_frame_unref(r->frame);
        if (err < 0) return err;
        if ((err = rs_fix_drain_filter(r, j)) < 0) return err;
    }
    return 0;
}

/// An animated WebP made a clip: each frame, as libwebp composes it on the canvas, given to the
/// filters from when the previous one ends (in milliseconds), to the plan's end; looped when the
/// plan loops it. The last one lasts its own time.
int rs_fix_webp_frames(rs_fix_state *r, rs_fix_job *j, const rs_fix_plan *plan) {
    int64_t stop = plan->end_seconds > 0 ? llround(plan->end_seconds * 1000) : INT64_MAX;
    int64_t offset = 0, previous = 0, reached = 0;
    for (int loops = 0, given = 0;; given++) {
        if (given >= 100000) return AVERROR_INVALIDDATA; // an hour of 36 ms frames: past any sticker
        if (rs_deadline_passed(&r->decoding)) return AVERROR_EXIT;
        const uint8_t *rgba = NULL;
        int end = 0;
        int got = rs_webp_anim_next(r->webp, &rgba, &end);
        if (got < 0) return AVERROR_INVALIDDATA;
        if (got == 0) {
            if (!plan->loop || previous <= 0 || offset + previous >= stop || ++loops > 100000) break;
            offset += previous;
            previous = 0;
            rs_webp_anim_reset(r->webp);
            continue;
        }
        int64_t start = offset + previous;
        if (start >= stop) break;
        previous = end > previous ? end : previous + 1;
        AVFrame *frame = r->frame;
        frame->format = AV_PIX_FMT_RGBA;
        frame->width = j->picture->width;
        frame->height = j->picture->height;
        int err = av_frame_get_buffer(frame, 0);
        if (err < 0) return err;
        for (int y = 0; y < frame->height; y++)
            memcpy(frame->data[0] + (ptrdiff_t)y * frame->linesize[0], rgba + (size_t)y * (size_t)frame->width * 4,
                   (size_t)frame->width * 4);
        frame->pts = start;
        err = av_buffersrc_add_frame_flags(j->src, frame, 0);
        av_frame_unref(frame);
        if (err < 0) return err;
        if ((err = rs_fix_drain_filter(r, j)) < 0) return err;
        reached = offset + previous < stop ? offset + previous : stop;
        rs_fix_report(r, reached, (AVRational){1, 1000});
    }
    j->sent_end = reached; // the filters are closed there: the last frame keeps its time
    return 0;
}

/// A job whose frames are not the input's packets (a held picture, an animated WebP's frames):
/// encoded, from the start to the end, its output stream added. 0 when out of memory.
static int picture_job(rs_fix_state *r, rs_fix_job *j) {
    j->in_index = -1; // no packet of the input is its
    j->encode = 1;
    j->first_ts = j->last_pts = j->previous_ts = AV_NOPTS_VALUE;
    j->latest_ts = INT64_MIN;
    j->last_end = j->span_end = j->sent_end = INT64_MIN;
    j->start_ts = INT64_MIN;
    j->end_ts = INT64_MAX;
    j->out = avformat_new_stream(r->out, NULL);
    return j->out != NULL;
}

/// rs_fix_open_still's error `err` as a status, with `why` in words.
static rs_av_status opened_still(int err, const char *why, char *message, size_t message_size) {
    if (err == AVERROR_INVALIDDATA) return rs_fail(RS_AV_CORRUPT, message, message_size, why, 0);
    if (err < 0)
        return rs_fail(err == AVERROR(ENOMEM) ? RS_AV_INTERNAL : RS_AV_UNSUPPORTED, message, message_size,
                       why[0] ? why : "cannot encode", err);
    return RS_AV_OK;
}

/// The job of an audio file's clip's picture (plan->video_from): the cover art, stream `index`; the
/// picture file opened as r->still_in from `still`; or a black frame.
rs_av_status rs_fix_add_still(rs_fix_state *r, rs_fix_job *j, int index, rs_source *still, rs_deadline *budget, const rs_fix_plan *plan,
                              char *why, size_t why_size, char *message, size_t message_size) {
    if (!picture_job(r, j)) return rs_fail(RS_AV_INTERNAL, message, message_size, "out of memory", 0);
    if (plan->video_from == RS_FIX_FROM_COVER_ART) j->in = r->in->streams[index];
    if (plan->video_from == RS_FIX_FROM_PICTURE) {
        rs_claims claims;
        rs_av_status status = rs_source_of_descriptor(plan->picture_fd, still, message, message_size);
        if (status != RS_AV_OK) return status;
        still->deadline = budget;
        still->byte_budget = 64 << 20;
        int err = rs_open_checked(still, "still", budget, NULL, &claims, &r->still_in);
        if (err < 0 || rs_fix_stream_info(r->still_in, plan->still_max_pixels, 1) < 0)
            return rs_fail(RS_AV_CORRUPT, message, message_size, "the picture chosen with --still does not read as an image", err);
        int best = av_find_best_stream(r->still_in, AVMEDIA_TYPE_VIDEO, -1, -1, NULL, 0);
        if (best < 0) return rs_fail(RS_AV_CORRUPT, message, message_size, "the picture chosen with --still holds no picture", best);
        j->in = r->still_in->streams[best];
    }
    return opened_still(rs_fix_open_still(j, r->still_in, r->out, plan, why, why_size), why, message, message_size);
}

/// The input as an animated WebP for libwebp: read whole (a sticker is small; past 64 MiB refused).
rs_av_status rs_fix_open_webp(rs_fix_state *r, rs_source *src, char *message, size_t message_size) {
    if (src->size <= 0 || src->size > (64 << 20))
        return rs_fail(RS_AV_TOO_LARGE, message, message_size, "an animated WebP of over 64 MiB is more than reelshare decodes", 0);
    r->webp_data = malloc((size_t)src->size);
    if (!r->webp_data) return rs_fail(RS_AV_INTERNAL, message, message_size, "out of memory", 0);
    if (!rs_read_at(src, 0, r->webp_data, (size_t)src->size))
        return rs_fail(RS_AV_UNREADABLE, message, message_size, "cannot read it", 0);
    // The canvas is held whole, RGBA, by libwebp twice: at most 16 megapixels and 256 MiB.
    rs_img_limits limits = {.max_width = 16383, .max_height = 16383, .max_pixels = 16 << 20, .max_decoder_memory = 256u << 20};
    char why[160];
    r->webp = rs_webp_anim_open(r->webp_data, (size_t)src->size, &limits, &r->webp_width, &r->webp_height, &r->webp_count,
                                &r->webp_duration, why, sizeof why);
    if (!r->webp) return rs_fail(strstr(why, "beyond") ? RS_AV_TOO_LARGE : RS_AV_CORRUPT, message, message_size, why, 0);
    return RS_AV_OK;
}

/// The job of an animated WebP's frames: libwebp's decoder over the input, its canvas the
/// picture the filters are set up for, at the average rate its frames make.
rs_av_status rs_fix_add_webp(rs_fix_state *r, rs_fix_job *j, const rs_fix_plan *plan, char *why, size_t why_size, char *message,
                             size_t message_size) {
    if (!picture_job(r, j)) return rs_fail(RS_AV_INTERNAL, message, message_size, "out of memory", 0);
    j->picture = av_frame_alloc();
    if (!j->picture) return rs_fail(RS_AV_INTERNAL, message, message_size, "out of memory", 0);
    j->picture->format = AV_PIX_FMT_RGBA; // the canvas's shape, for the filters; each frame brings its own pixels
    j->picture->width = (int)r->webp_width;
    j->picture->height = (int)r->webp_height;
    j->frame_rate = r->webp_duration > 0 && r->webp_count > 0
                        ? av_d2q((double)r->webp_count * 1000 / (double)r->webp_duration, 1000)
                        : (AVRational){30, 1};
    return opened_still(rs_fix_open_still(j, NULL, r->out, plan, why, why_size), why, message, message_size);
}

/// `seconds`, held to the plan's end and the still's length.
double rs_fix_still_end(const rs_fix_plan *plan, double seconds) {
    if (plan->still_seconds > 0 && seconds > plan->still_seconds) seconds = plan->still_seconds;
    if (plan->end_seconds > 0 && seconds > plan->end_seconds) seconds = plan->end_seconds;
    return seconds;
}

