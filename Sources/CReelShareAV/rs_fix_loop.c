// rs_fix_loop.c: how long one pass of a looped input is, measured as the ffmpeg CLI of the
// release running measures -stream_loop's pass (rs_fix_loop, chosen by the job), from the packets
// a pass read and the frames it decoded. rs_fix.c's loop asks it and nothing here calls back.
#include "rs_fix_internal.h"

#include <libavcodec/avcodec.h>
#include <libavformat/avformat.h>

/// `t` moved to `u` where `u` is later (or `t` has none).
static void later(rs_fix_time *t, int64_t ts, AVRational base) {
    if (t->ts == AV_NOPTS_VALUE || av_compare_ts(ts, base, t->ts, t->base) > 0) *t = (rs_fix_time){ts, base};
}

static int is_sound(const rs_fix_job *j) { return j->in->codecpar->codec_type == AVMEDIA_TYPE_AUDIO; }

/// The file's span: from its earliest packet to the latest of every packet's time and the sound's
/// decoded end (with no sound decoded, every packet's end).
static rs_fix_time file_span(const rs_fix_job *jobs, int count, int sound) {
    rs_fix_time first = {AV_NOPTS_VALUE, {1, 1}}, last = {AV_NOPTS_VALUE, {1, 1}};
    for (int i = 0; i < count; i++) {
        const rs_fix_job *j = &jobs[i];
        if (j->picture || j->packet_first == INT64_MAX) continue;
        if (first.ts == AV_NOPTS_VALUE || av_compare_ts(j->packet_first, j->in->time_base, first.ts, first.base) < 0)
            first = (rs_fix_time){j->packet_first, j->in->time_base};
        later(&last, sound ? j->packet_last : j->packet_end, j->in->time_base);
        if (sound && is_sound(j) && j->encode && j->span_end != INT64_MIN) later(&last, j->span_end, j->in->time_base);
    }
    if (first.ts == AV_NOPTS_VALUE || last.ts == AV_NOPTS_VALUE) return (rs_fix_time){AV_NOPTS_VALUE, {1, 1}};
    return (rs_fix_time){last.ts - av_rescale_q(first.ts, first.base, last.base), last.base};
}

/// One pass of the file as `kind` measures it (rs_fix_loop), from the packets this pass read and
/// the frames it decoded; a time of AV_NOPTS_VALUE where nothing was read.
rs_fix_time rs_fix_pass_length(const rs_fix_job *jobs, int count, rs_fix_loop kind) {
    int sound = 0;
    for (int i = 0; i < count; i++)
        if (!jobs[i].picture && jobs[i].encode && is_sound(&jobs[i]) && jobs[i].last_samples > 0) sound = 1;
    rs_fix_time pass = {AV_NOPTS_VALUE, {1, 1}};
    rs_fix_time file = file_span(jobs, count, sound);
    if (kind == RS_FIX_LOOP_STREAM_SPAN) {
        for (int i = 0; i < count; i++) {
            const rs_fix_job *j = &jobs[i];
            if (j->picture || !j->encode || j->packet_first == INT64_MAX || is_sound(j) != sound) continue;
            AVRational rate = j->in->avg_frame_rate;
            int64_t tail = sound ? av_rescale_q(j->last_samples, (AVRational){1, j->dec->sample_rate}, j->in->time_base)
                           : rate.num > 0 && rate.den > 0 ? av_rescale_q(1, av_inv_q(rate), j->in->time_base)
                                                          : 1;
            later(&pass, j->packet_last - j->packet_first + tail, j->in->time_base);
        }
        // A sound that ends before the picture would start the next pass inside this one: the
        // picture would step back (FFmpeg 5.1's CLI then never reaches the end on some files).
        // The file's span there.
        for (int i = 0; i < count && pass.ts != AV_NOPTS_VALUE; i++) {
            const rs_fix_job *j = &jobs[i];
            if (j->picture || is_sound(j) || j->packet_first == INT64_MAX) continue;
            int64_t reach = j->packet_end - j->packet_first;
            if (av_compare_ts(pass.ts, pass.base, reach, j->in->time_base) < 0) return file;
        }
        return pass;
    }
    return file;
}
