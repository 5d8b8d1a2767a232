// rs_fix_hub.c: where every stage of a fix hands its frames on: a re-encoded stream's filter
// graph drained into its encoder (keyframes forced where the plan says, times kept rising), what
// the encoder makes written to the muxer, the progress reported, and the plan's option lines read. rs_fix.c (the input's
// packets) and rs_fix_pictures.c (frames that are not the input's) call it; it calls neither.
#include "rs_fix_internal.h"

#include <stdio.h>
#include <string.h>

#include <libavcodec/avcodec.h>
#include <libavformat/avformat.h>
#include <libavutil/time.h>

#include "rs_avfilter.h" // last: libavfilter's functions by their own names, loaded on first use

int rs_fix_stream_info(AVFormatContext *in, int64_t max_pixels, int every) {
    AVDictionary **options = in->nb_streams > 0 ? av_calloc(in->nb_streams, sizeof *options) : NULL;
    if (!options) return avformat_find_stream_info(in, NULL);
    for (unsigned i = 0; i < in->nb_streams; i++)
        if (every || (in->streams[i]->disposition & AV_DISPOSITION_ATTACHED_PIC))
            av_dict_set_int(&options[i], "max_pixels", max_pixels, 0);
    int err = avformat_find_stream_info(in, options);
    for (unsigned i = 0; i < in->nb_streams; i++) av_dict_free(&options[i]);
    av_free(options);
    return err;
}

void rs_fix_report(rs_fix_state *r, int64_t ts, AVRational base) {
    double t = (double)ts * av_q2d(base);
    if (t > r->done_seconds) r->done_seconds = t;
    if (!r->progress) return;
    int64_t now = av_gettime_relative();
    if (now - r->last_report >= 250000) {
        r->last_report = now;
        r->progress(r->context, r->done_seconds);
    }
}

int rs_fix_encode(rs_fix_state *r, rs_fix_job *j, AVFrame *frame) {
    int err = avcodec_send_frame(j->enc, frame);
    if (err < 0 && err != AVERROR_EOF) return err;
    while ((err = avcodec_receive_packet(j->enc, r->encoded)) >= 0) {
        // libx264 gives its packets no duration; without one the muxer's edit list ends a frame
        // early, and a part cut from this file would lose its last frame.
        if (r->encoded->duration <= 0 && j->enc->codec_type == AVMEDIA_TYPE_VIDEO && j->enc->framerate.num > 0)
            r->encoded->duration = av_rescale_q(1, av_inv_q(j->enc->framerate), j->enc->time_base);
        av_packet_rescale_ts(r->encoded, j->enc->time_base, j->out->time_base);
        r->encoded->stream_index = j->out->index;
        rs_fix_report(r, r->encoded->pts, j->out->time_base);
        if ((err = av_interleaved_write_frame(r->out, r->encoded)) < 0) return err;
    }
    return err == AVERROR(EAGAIN) || err == AVERROR_EOF ? 0 : err;
}

int rs_fix_drain_filter(rs_fix_state *r, rs_fix_job *j) {
    int err;
    while ((err = av_buffersink_get_frame(j->sink, r->filtered)) >= 0) {
        if (r->filtered->pts != AV_NOPTS_VALUE)
            r->filtered->pts = av_rescale_q(r->filtered->pts, av_buffersink_get_time_base(j->sink), j->enc->time_base);
        r->filtered->pict_type = AV_PICTURE_TYPE_NONE;
        // The encoder takes only rising times: a spliced or damaged stream whose times step back
        // (or repeat) has its frames moved on by a tick, as the ffmpeg CLI mends them.
        if (r->filtered->pts != AV_NOPTS_VALUE) {
            if (j->last_pts != AV_NOPTS_VALUE && r->filtered->pts <= j->last_pts) r->filtered->pts = j->last_pts + 1;
            j->last_pts = r->filtered->pts;
        }
        int64_t pts = r->filtered->pts;
        if (j->key_interval > 0 && pts != AV_NOPTS_VALUE) {
            if (j->next_key == AV_NOPTS_VALUE) j->next_key = pts;
            if (pts >= j->next_key) {
                r->filtered->pict_type = AV_PICTURE_TYPE_I;
                while (j->next_key <= pts) j->next_key += j->key_interval;
            }
        }
        err = rs_fix_encode(r, j, r->filtered);
        av_frame_unref(r->filtered);
        if (err < 0) return err;
    }
    return err == AVERROR(EAGAIN) || err == AVERROR_EOF ? 0 : err;
}

int rs_fix_options(AVDictionary **options, const char *lines) {
    for (const char *line = lines; *line;) {
        const char *end = strchr(line, '\n'), *equals = strchr(line, '=');
        if (!end) end = line + strlen(line);
        if (!equals || equals > end) return AVERROR(EINVAL);
        char key[64], value[RS_FIX_OPTIONS_SIZE];
        if (equals - line >= (ptrdiff_t)sizeof key || end - equals > (ptrdiff_t)sizeof value) return AVERROR(EINVAL);
        snprintf(key, sizeof key, "%.*s", (int)(equals - line), line);
        snprintf(value, sizeof value, "%.*s", (int)(end - equals - 1), equals + 1);
        int err = av_dict_set(options, key, value, 0);
        if (err < 0) return err;
        line = *end ? end + 1 : end;
    }
    return 0;
}
