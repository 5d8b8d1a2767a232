// rs_fix.c: a fix plan carried out with libavformat, libavcodec and libavfilter. One input, the
// streams the plan names (every other stream is left out), each either copied packet for packet
// or decoded, filtered and encoded (rs_fix_encoders.c), or made of frames that are not the
// input's packets (rs_fix_pictures.c: a held picture, an animated WebP), every encoded frame
// written through rs_fix_hub.c; the output written to a descriptor through custom I/O (MP4's
// index is moved to the front by reading the file back).
//
// Time: the output's zero is where the kept streams start (an MPEG-TS starts at 1.4 s, say), or a
// part's start; the same instant is subtracted from every stream, so they stay in sync. From the
// beginning nothing is dropped (AAC's priming packet and an edit list's pre-roll have negative
// times and are kept, for the muxer to hide as the input did), unless the output has no edit list
// to hide them: then the plan says how the audio's priming is cut (audio_drop_priming, or the
// encoder's input trimmed by the plan's audio graph).
#include "rs_av_compat.h"
#include "rs_av_claims.h"
#include "rs_av_source.h"
#include "rs_av_streams.h"
#include "rs_fix_internal.h"
#include "rs_fix_output.h"
#include "rs_image.h"

#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <libavcodec/avcodec.h>
#include <libavformat/avformat.h>
#include <libavutil/time.h>

#include "rs_avfilter.h" // last: libavfilter's functions by their own names, loaded on first use

// MARK: - Moving packets

/// Where the audio has got to, in seconds from the output's start: its last packet's end.
static double audio_reached(const rs_fix_job *j) {
    if (j->last_end == INT64_MIN) return 0;
    return (double)(j->last_end - j->shift) * av_q2d(j->in->time_base);
}

/// Decodes `pkt` (NULL: the end) and takes each frame before the end of the plan through the
/// filters to the encoder.
static int transcode(rs_fix_state *r, rs_fix_job *j, AVPacket *pkt) {
    int err = avcodec_send_packet(j->dec, pkt);
    if (err < 0 && err != AVERROR_EOF && err != AVERROR_INVALIDDATA) return err;
    while ((err = avcodec_receive_frame(j->dec, r->frame)) >= 0) {
        int64_t ts = r->frame->best_effort_timestamp;
        if (ts == AV_NOPTS_VALUE) ts = j->span_end != INT64_MIN ? j->span_end : 0; // on from the last frame
        if (j->first_ts == AV_NOPTS_VALUE) j->first_ts = ts;
        int64_t duration = rs_fix_frame_duration(j, r->frame, ts);
        if (j->dec->codec_type == AVMEDIA_TYPE_AUDIO) j->last_samples = r->frame->nb_samples;
        j->pass_frames++;
        // A picture ends where its latest frame ends: a frame after a pause lasts that pause (the
        // step before it), but the frames after it end the picture sooner. A step back in time (a
        // spliced stream) keeps the end reached; the sound's end is its furthest.
        int64_t at = av_sat_add64(ts, j->offset);
        int latest = j->dec->codec_type == AVMEDIA_TYPE_VIDEO && at >= j->latest_ts;
        if (latest) j->latest_ts = at;
        j->previous_ts = ts;
        // A pass of the file ends where its sound's samples end, as the ffmpeg CLI ends a
        // -stream_loop pass: from FFmpeg 8.0 an MP4's last sound packet states its stts length,
        // which ends before the coded frame's samples do.
        int64_t reach = r->frame->nb_samples > 0 && r->frame->sample_rate > 0
                            ? av_rescale_q(r->frame->nb_samples, (AVRational){1, r->frame->sample_rate}, j->in->time_base)
                            : duration;
        if (latest || ts + reach > j->span_end) j->span_end = ts + reach;
        ts += j->offset;
        if (latest || ts + duration > j->last_end) j->last_end = ts + duration;
        if (ts >= j->end_ts) {
            j->done = 1;
            av_frame_unref(r->frame);
            continue;
        }
        if (ts < j->start_ts) { // before the part's start
            av_frame_unref(r->frame);
            continue;
        }
        r->frame->pts = ts - j->shift;
        // Sound reaches the filters timed by its samples, as the ffmpeg CLI's decoder stage times it
        // (audio_ts_process): each frame where the last one's samples end, unless its own time
        // jumps past that (a gap, or a loop's next pass); a WebM's millisecond times would
        // otherwise move the sound by a part of a millisecond each frame, and the encoder's
        // packets with it. The filters' source counts in samples (rs_fix_open_audio).
        if (j->dec->codec_type == AVMEDIA_TYPE_AUDIO && j->dec->sample_rate > 0) {
            AVRational samples = {1, j->dec->sample_rate};
            if (j->sound_next != AV_NOPTS_VALUE &&
                r->frame->pts > av_rescale_q_rnd(j->sound_next, samples, j->in->time_base, AV_ROUND_UP))
                j->rescale_last = AV_NOPTS_VALUE;
            r->frame->pts = av_rescale_delta(j->in->time_base, r->frame->pts, samples, r->frame->nb_samples, &j->rescale_last,
                                             samples);
            j->sound_next = r->frame->pts + r->frame->nb_samples;
        }
        int64_t end = ts + duration < j->end_ts ? ts + duration : j->end_ts;
        if (latest || end > j->sent_end) j->sent_end = end;
        err = av_buffersrc_add_frame_flags(j->src, r->frame, 0);
        av_frame_unref(r->frame);
        if (err < 0) return err;
        if ((err = rs_fix_drain_filter(r, j)) < 0) return err;
    }
    return err == AVERROR(EAGAIN) || err == AVERROR_EOF ? 0 : err;
}

/// Writes a copied packet: from the part's start (a keyframe, for video), before its end.
static int copy(rs_fix_state *r, rs_fix_job *j, AVPacket *pkt, int video) {
    if (pkt->pts == AV_NOPTS_VALUE && pkt->dts == AV_NOPTS_VALUE) return 0;
    int64_t ts = pkt->pts != AV_NOPTS_VALUE ? pkt->pts : pkt->dts;
    if (j->drop_priming && ts < j->shift) return 0; // priming no edit list will hide
    if (!j->started) {
        // A part starts at the video's keyframe at its start, and the audio from there; from the
        // beginning, with the first packet whatever it is.
        if (j->start_ts != INT64_MIN && (ts < j->start_ts || (video && !(pkt->flags & AV_PKT_FLAG_KEY)))) return 0;
        j->started = 1;
    }
    // The video ends at the keyframe that starts the next part (its presentation time is the cut);
    // the audio at the same time.
    if (ts >= j->end_ts && (!video || (pkt->flags & AV_PKT_FLAG_KEY))) {
        j->done = 1;
        return 0;
    }
    int64_t reach = ts + (pkt->duration > 0 ? pkt->duration : 0);
    if (reach > j->last_end) j->last_end = reach;
    if (pkt->pts != AV_NOPTS_VALUE) pkt->pts -= j->shift;
    if (pkt->dts != AV_NOPTS_VALUE) pkt->dts -= j->shift;
    if (pkt->duration <= 0 && video && j->frame_rate.num > 0)
        pkt->duration = av_rescale_q(1, av_inv_q(j->frame_rate), j->in->time_base);
    int64_t dts = pkt->dts;
    av_packet_rescale_ts(pkt, j->in->time_base, j->out->time_base);
    // Copied sound is timed by its samples, one packet after another, as the ffmpeg CLI's stream
    // copy does: a WebM's millisecond times (0.043) become the samples' (0.042667).
    const AVCodecParameters *sound = j->in->codecpar;
    if (sound->codec_type == AVMEDIA_TYPE_AUDIO && dts != AV_NOPTS_VALUE && sound->sample_rate > 0) {
        int samples = av_get_audio_frame_duration2((AVCodecParameters *)sound, pkt->size);
        if (samples <= 0) samples = sound->frame_size;
        if (samples > 0) {
            pkt->dts = av_rescale_delta(j->in->time_base, dts, (AVRational){1, sound->sample_rate}, samples, &j->rescale_last,
                                        j->out->time_base);
            pkt->pts = pkt->dts;
        }
    }
    pkt->stream_index = j->out->index;
    pkt->pos = -1;
    rs_fix_report(r, pkt->pts != AV_NOPTS_VALUE ? pkt->pts : pkt->dts, j->out->time_base);
    return av_interleaved_write_frame(r->out, pkt);
}

/// Why the muxer refused a packet, in words: copied timestamps that step back (a spliced stream).
static void explain_write(int err, double at, char *why, size_t why_size) {
    if (err == AVERROR(EINVAL) && !why[0])
        snprintf(why, why_size,
                 "its timestamps step back near %.3f s (a spliced or damaged stream): the packets cannot be copied", at);
}

/// `seconds` after `zero` (AV_TIME_BASE units) in the time base of `st`.
static int64_t seconds_to_ts(int64_t zero, double seconds, const AVStream *st) {
    return av_rescale_q(zero + llround(seconds * AV_TIME_BASE), AV_TIME_BASE_Q, st->time_base);
}

/// Whether the file's stream `index` is there and of `type`.
static int stream_is(const AVFormatContext *fmt, int index, enum AVMediaType type) {
    return index >= 0 && (unsigned)index < fmt->nb_streams && fmt->streams[index]->codecpar->codec_type == type;
}

/// Adds the output stream of `j`, the `i`th of the plan (0 video, 1 audio), copied or encoded.
static rs_av_status add_stream(rs_fix_state *r, rs_fix_job *j, int i, int index, int64_t zero, int64_t delay, const rs_fix_plan *plan,
                               char *why, size_t why_size, char *message, size_t message_size) {
    j->in_index = index;
    j->in = r->in->streams[index];
    j->out = avformat_new_stream(r->out, NULL);
    j->encode = i == 0 ? plan->video == RS_FIX_VIDEO_ENCODE : plan->audio == RS_FIX_AUDIO_ENCODE;
    j->first_ts = AV_NOPTS_VALUE;
    j->last_pts = j->previous_ts = AV_NOPTS_VALUE;
    j->latest_ts = INT64_MIN;
    j->last_end = j->span_end = j->sent_end = INT64_MIN;
    j->packet_first = INT64_MAX;
    j->rescale_last = j->sound_next = AV_NOPTS_VALUE;
    j->packet_last = j->packet_end = INT64_MIN;
    // The plan's times come from keyframe times printed as decimals: a millisecond's slack lets
    // the video start (and stop) at the keyframe meant, not the next one.
    int64_t slack = i == 0 ? av_rescale_q(1000, AV_TIME_BASE_Q, j->in->time_base) : 0;
    j->start_ts = plan->start_seconds > 0 ? seconds_to_ts(zero, plan->start_seconds, j->in) - slack : INT64_MIN;
    j->end_ts = plan->end_seconds > 0 ? seconds_to_ts(zero, plan->end_seconds, j->in) - slack : INT64_MAX;
    j->shift = seconds_to_ts(zero, plan->start_seconds > 0 ? plan->start_seconds : 0, j->in);
    // A delayed picture re-encoded from the start: the output's zero is the audio's, before the
    // video's first frame; the video is taken from its own start and the filters hold its first
    // frame for the delay in front.
    if (i == 0 && j->encode && delay > 0) j->shift = seconds_to_ts(zero + delay, 0, j->in);
    if (i == 0) j->frame_rate = av_guess_frame_rate(r->in, j->in, NULL);
    j->drop_priming = i == 1 && !j->encode && plan->audio_drop_priming;
    if (!j->out) return rs_fail(RS_AV_INTERNAL, message, message_size, "out of memory", 0);
    int err;
    if (j->encode) {
        err = i == 0 ? rs_fix_open_video(j, r->out, plan, why, why_size) : rs_fix_open_audio(j, r->out, plan, why, why_size);
        if (err == AVERROR_INVALIDDATA) return rs_fail(RS_AV_CORRUPT, message, message_size, why, 0);
        if (err < 0)
            return rs_fail(err == AVERROR(ENOMEM) ? RS_AV_INTERNAL : RS_AV_UNSUPPORTED, message, message_size,
                           why[0] ? why : "cannot encode", err);
    } else {
        if ((err = avcodec_parameters_copy(j->out->codecpar, j->in->codecpar)) < 0)
            return rs_fail(RS_AV_INTERNAL, message, message_size, "cannot copy the stream", err);
        j->out->codecpar->codec_tag = 0;
        if (i == 0 && strnlen(plan->video_tag, sizeof plan->video_tag) == 4)
            j->out->codecpar->codec_tag = MKTAG(plan->video_tag[0], plan->video_tag[1], plan->video_tag[2], plan->video_tag[3]);
        j->out->time_base = j->in->time_base;
        j->out->sample_aspect_ratio = j->in->sample_aspect_ratio;
        size_t size = 0;
        const uint8_t *matrix = rs_avstream_side_data(j->in, AV_PKT_DATA_DISPLAYMATRIX, &size);
        if (i == 0 && matrix && size >= 36) rs_avstream_add_side_data(j->out, AV_PKT_DATA_DISPLAYMATRIX, matrix, size);
    }
    if (i == 1) {
        AVDictionaryEntry *language = av_dict_get(j->in->metadata, "language", NULL, 0);
        if (language) av_dict_set(&j->out->metadata, "language", language->value, 0);
    }
    return RS_AV_OK;
}

/// At the end of the input: the decoders give up what they hold; then, for a loop, the input is
/// read once more from the start. Returns 1 to read on, 0 at the end, or an FFmpeg error.
static int end_of_pass(rs_fix_state *r, rs_fix_job *jobs, int count, const rs_fix_plan *plan, int *loops) {
    int err;
    for (int i = 0; i < count; i++)
        if (jobs[i].encode && !jobs[i].done && !jobs[i].picture && (err = transcode(r, &jobs[i], NULL)) < 0) return err;
    // Read again while a stream has not reached the plan's end (one that has takes no more), as
    // the ffmpeg CLI does; every stream re-encoded and decoded once.
    int again = plan->loop != RS_FIX_LOOP_NONE && *loops < 100000, behind = 0;
    for (int i = 0; i < count && again; i++) {
        const rs_fix_job *j = &jobs[i];
        if (j->picture) continue; // an audio file's clip: its picture is held on, the sound loops
        // A stream short of the end that decoded nothing this pass never will: the loop stops.
        again = j->encode && j->first_ts != AV_NOPTS_VALUE && j->span_end > j->first_ts && (j->done || j->pass_frames > 0);
        behind = behind || !j->done;
    }
    again = again && behind;
    // Every stream moves on by the one pass, so they stay together however long each one is.
    rs_fix_time pass = again ? rs_fix_pass_length(jobs, count, plan->loop) : (rs_fix_time){AV_NOPTS_VALUE, {1, 1}};
    if (pass.ts == AV_NOPTS_VALUE || pass.ts <= 0) return 0;
    for (int i = 0; i < count; i++) {
        if (jobs[i].picture) continue;
        jobs[i].pass_frames = 0;
        avcodec_flush_buffers(jobs[i].dec);
        jobs[i].offset = av_rescale_q((int64_t)(*loops + 1) * pass.ts, pass.base, jobs[i].in->time_base);
    }
    // Back to the first byte where the demuxer reads by bytes (a transport stream: a seek by time
    // lands past its only keyframe, and the picture would never decode again), else the start.
    int by_bytes = !(r->in->iformat->flags & AVFMT_NO_BYTE_SEEK) && (r->in->iformat->flags & AVFMT_TS_DISCONT);
    if ((by_bytes ? av_seek_frame(r->in, -1, 0, AVSEEK_FLAG_BYTE)
                  : av_seek_frame(r->in, -1, r->in->start_time != AV_NOPTS_VALUE ? r->in->start_time : 0, AVSEEK_FLAG_BACKWARD)) < 0)
        return 0;
    (*loops)++;
    return 1;
}

/// Moves every packet of the plan's streams from the input to the output (looping if asked),
/// then flushes the filters and encoders. Returns 0 or an FFmpeg error, with `why` in words.
static int move_packets(rs_fix_state *r, rs_fix_job *jobs, int count, const rs_fix_plan *plan, char *why, size_t why_size) {
    int loops = 0, err;
    if (r->webp && (err = rs_fix_webp_frames(r, &jobs[0], plan)) < 0) {
        snprintf(why, why_size, "a frame of the animated WebP does not decode");
        return err;
    }
    while (r->in) {
        err = rs_read_packet(r->in, r->pkt);
        if (err == AVERROR_EOF) {
            if ((err = end_of_pass(r, jobs, count, plan, &loops)) < 0) return err;
            if (err == 0) break;
            continue;
        }
        if (err < 0) {
            snprintf(why, why_size, "reading it failed after %.3f s (the file changed, or its data is damaged)",
                     r->done_seconds);
            return err;
        }
        rs_fix_job *j = NULL;
        for (int i = 0; i < count; i++)
            if (jobs[i].in_index == r->pkt->stream_index && !jobs[i].picture) j = &jobs[i];
        // An audio file's clip: the picture kept a second ahead of the sound, so the muxer
        // interleaves the two.
        if (j && jobs[0].picture && j != &jobs[0] && (err = rs_fix_still_until(r, &jobs[0], rs_fix_still_end(plan, audio_reached(j) + 1))) < 0) {
            av_packet_unref(r->pkt);
            return err;
        }
        if (j && r->pkt->pts != AV_NOPTS_VALUE) { // a loop's pass is measured from these
            if (r->pkt->pts < j->packet_first) j->packet_first = r->pkt->pts;
            if (r->pkt->pts > j->packet_last) j->packet_last = r->pkt->pts;
            int64_t end = r->pkt->pts + (r->pkt->duration > 0 ? r->pkt->duration : 0);
            if (end > j->packet_end) j->packet_end = end;
        }
        if (j && !j->done) {
            err = j->encode ? transcode(r, j, r->pkt) : copy(r, j, r->pkt, j == &jobs[0]);
            if (err < 0) {
                av_packet_unref(r->pkt);
                explain_write(err, r->done_seconds, why, why_size);
                return err;
            }
        }
        av_packet_unref(r->pkt);
        int all_done = 1;
        for (int i = 0; i < count; i++) all_done = all_done && (jobs[i].done || jobs[i].picture);
        if (all_done) break;
    }
    // The picture lasts as long as the sound (what it reached, to the plan's end).
    if (jobs[0].picture && !r->webp &&
        (err = rs_fix_still_until(r, &jobs[0], rs_fix_still_end(plan, count > 1 ? audio_reached(&jobs[1]) : plan->still_seconds))) < 0)
        return err;
    for (int i = 0; i < count; i++) {
        rs_fix_job *j = &jobs[i];
        if (!j->encode) continue;
        // The video's end is where its last frame ends, not where it starts: a frame-rate filter
        // fills the last source frame's time (10 to 30 fps: 96 frames of 3.2 s, not 93), as the
        // ffmpeg CLI does.
        if (j == &jobs[0] && j->sent_end != INT64_MIN) err = av_buffersrc_close(j->src, j->sent_end - j->shift, 0);
        else err = av_buffersrc_add_frame_flags(j->src, NULL, 0);
        if (err < 0 && err != AVERROR_EOF) return err;
        if ((err = rs_fix_drain_filter(r, j)) < 0) return err;
        if ((err = rs_fix_encode(r, j, NULL)) < 0) return err;
    }
    return 0;
}

rs_av_status rs_fix_run(int in_fd, const char *name, int out_fd, const rs_fix_plan *plan, rs_fix_progress progress,
                        void *context, char *message, size_t message_size) {
    rs_av_init();
    message[0] = 0;
    rs_source src, still_src;
    rs_av_status status = rs_source_of_descriptor(in_fd, &src, message, message_size);
    if (status != RS_AV_OK) return status;
    rs_deadline budget;
    rs_start_budget(&src, &budget, 0);
    src.byte_budget = INT64_MAX / 2; // a loop reads the file many times

    rs_fix_state r = {.progress = progress, .context = context, .last_report = av_gettime_relative()};
    rs_deadline_start(&r.decoding, plan->decode_timeout_seconds);
    rs_fix_job jobs[2];
    memset(jobs, 0, sizeof jobs);
    int count = 0;
    char why[160] = {0};
    rs_fix_output target = {.fd = out_fd};
    AVIOContext *io = NULL;
    rs_claims claims;
    int err;
    if (plan->video_from == RS_FIX_FROM_WEBP) {
        // An animated WebP: libwebp reads it whole (FFmpeg before 9 decodes none); no demuxer.
        if ((status = rs_fix_open_webp(&r, &src, message, message_size)) != RS_AV_OK) goto done;
    } else {
        err = rs_open_checked(&src, name, &budget, NULL, &claims, &r.in);
        if (err < 0) return rs_open_failure(err, &claims, &budget, message, message_size);
        if ((err = rs_fix_stream_info(r.in, plan->still_max_pixels, 0)) < 0) {
            status = rs_fail(RS_AV_CORRUPT, message, message_size, "FFmpeg cannot read its streams", err);
            goto done;
        }
    }
    r.pkt = av_packet_alloc();
    r.encoded = av_packet_alloc();
    r.frame = av_frame_alloc();
    r.filtered = av_frame_alloc();
    if ((err = avformat_alloc_output_context2(&r.out, NULL, plan->muxer, "output")) < 0 || !r.pkt || !r.encoded || !r.frame ||
        !r.filtered) {
        status = rs_fail(RS_AV_INTERNAL, message, message_size, "cannot set up the output", err);
        goto done;
    }
    if (!(io = rs_fix_output_attach(r.out, &target))) {
        status = rs_fail(RS_AV_INTERNAL, message, message_size, "out of memory", 0);
        goto done;
    }

    // The streams the plan names, as the probe numbered them: no choice of rs_fix's own. An audio
    // file's clip has no video stream of the file's, or its cover art.
    int still = plan->video_from != RS_FIX_FROM_FILE && plan->video == RS_FIX_VIDEO_ENCODE;
    int video = still && plan->video_from != RS_FIX_FROM_COVER_ART ? -1 : plan->video_stream;
    int audio = plan->audio == RS_FIX_AUDIO_NONE ? -1 : plan->audio_stream;
    if (r.webp && (!still || audio >= 0)) {
        status = rs_fail(RS_AV_INTERNAL, message, message_size, "an animated WebP's plan re-encodes its frames alone", 0);
        goto done;
    }
    if ((video >= 0 || !still ? !stream_is(r.in, video, AVMEDIA_TYPE_VIDEO) : 0) ||
        (audio >= 0 && !stream_is(r.in, audio, AVMEDIA_TYPE_AUDIO))) {
        status = rs_fail(RS_AV_CORRUPT, message, message_size,
                         "its streams are not the ones it was probed with (the file changed)", 0);
        goto done;
    }
    int indices[2] = {video, audio};
    // The delay of a picture an empty edit starts late (AV_TIME_BASE units), when re-encoded from
    // the start into a file without an edit list: the output starts that much before the video.
    int64_t delay = plan->video_delay_seconds > 0 && plan->start_seconds <= 0 && plan->video == RS_FIX_VIDEO_ENCODE
                        ? llround(plan->video_delay_seconds * AV_TIME_BASE)
                        : 0;
    // The output's zero: from the beginning, the earlier of the two streams' starts, as the ffmpeg
    // CLI takes the input's (audio that starts before the picture, an Opus pre-skip or AAC
    // priming moved ahead by the muxer, stays ahead); a part of a split, or a delayed picture
    // re-encoded, from the video's.
    int64_t zero = still ? (audio >= 0 ? rs_avstream_start(r.in->streams[audio]) : 0) : rs_avstream_start(r.in->streams[video]) - delay;
    if (audio >= 0 && plan->start_seconds <= 0 && delay == 0 && !still) {
        int64_t sound = rs_avstream_start(r.in->streams[audio]);
        if (sound < zero) zero = sound;
    }
    if (still && r.webp) status = rs_fix_add_webp(&r, &jobs[count++], plan, why, sizeof why, message, message_size);
    else if (still) status = rs_fix_add_still(&r, &jobs[count++], video, &still_src, &budget, plan, why, sizeof why, message, message_size);
    for (int i = still ? 1 : 0; i < 2 && status == RS_AV_OK; i++)
        if (indices[i] >= 0)
            status = add_stream(&r, &jobs[count++], i, indices[i], zero, delay, plan, why, sizeof why, message, message_size);
    if (status != RS_AV_OK) goto done;
    for (unsigned i = 0; r.in && i < r.in->nb_streams; i++)
        if (((int)i != video || still) && (int)i != audio) r.in->streams[i]->discard = AVDISCARD_ALL;

    AVDictionary *options = NULL;
    if ((err = rs_fix_options(&options, plan->muxer_options)) < 0) {
        av_dict_free(&options);
        status = rs_fail(RS_AV_INTERNAL, message, message_size, "the plan's muxer options do not parse", err);
        goto done;
    }
    err = avformat_write_header(r.out, &options);
    // An option the muxer did not take is the plan's mistake, not a setting to do without.
    AVDictionaryEntry *unused = err >= 0 ? av_dict_get(options, "", NULL, AV_DICT_IGNORE_SUFFIX) : NULL;
    if (unused) snprintf(why, sizeof why, "the %s muxer does not take the option %s", r.out->oformat->name, unused->key);
    av_dict_free(&options);
    if (unused) {
        status = rs_fail(RS_AV_INTERNAL, message, message_size, why, 0);
        goto done;
    }
    if (err < 0) {
        status = rs_fail(RS_AV_UNSUPPORTED, message, message_size, "the output cannot hold these streams", err);
        goto done;
    }

    // A part that starts later (a split) seeks to the video keyframe at or before its start
    // instead of reading every packet before it, where the container has an index to seek by
    // (MP4/MOV, Matroska): copy() and transcode() still drop what comes before the start. An
    // MPEG-TS is read from the beginning (a search by timestamp may land past the start).
    rs_av_demuxer_kind kind = r.in ? rs_demuxer_kind(r.in) : RS_AV_DEMUXER_OTHER;
    if (plan->start_seconds > 0 && !plan->loop && (kind == RS_AV_DEMUXER_ISO || kind == RS_AV_DEMUXER_MATROSKA))
        avformat_seek_file(r.in, video, INT64_MIN, jobs[0].start_ts, jobs[0].start_ts, 0); // else from the start
    if ((err = move_packets(&r, jobs, count, plan, why, sizeof why)) < 0) goto failed;
    if ((err = av_write_trailer(r.out)) < 0) goto failed;
    avio_flush(io);
    if (io->error < 0) {
        err = io->error;
        goto failed;
    }
    if (progress) progress(context, r.done_seconds);
    goto done;

failed:
    if (err == AVERROR_EXIT && rs_deadline_passed(&r.decoding))
        status = rs_fail(RS_AV_TIMEOUT, message, message_size, "gave up: decoding its frames took longer than its time budget (--timeout)", 0);
    else if (target.error) status = rs_fail(RS_AV_OUTPUT, message, message_size, "cannot write the fixed file", AVERROR(target.error));
    else if (err == AVERROR(EIO)) status = rs_fail(RS_AV_UNREADABLE, message, message_size, why[0] ? why : "cannot read it", err);
    else status = rs_fail(RS_AV_CORRUPT, message, message_size, why[0] ? why : "FFmpeg stopped", err);
done:
    for (int i = 0; i < count; i++) rs_fix_job_free(&jobs[i]);
    av_packet_free(&r.pkt);
    av_packet_free(&r.encoded);
    av_frame_free(&r.frame);
    av_frame_free(&r.filtered);
    if (r.out) avformat_free_context(r.out); // custom I/O: the context is ours to free, after
    rs_fix_output_free(&io);
    rs_close_input(&r.in);
    rs_close_input(&r.still_in);
    rs_webp_anim_close(r.webp);
    free(r.webp_data);
    return status;
}
