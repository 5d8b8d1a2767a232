// rs_av_scan.c: see rs_av_scan.h.
#include "rs_av_scan.h"
#include "rs_av_source.h"
#include "rs_av_codec.h"
#include "rs_av_compat.h"
#include "rs_av_streams.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <libavcodec/avcodec.h>
#include <libavformat/avformat.h>

static int compare_int64(const void *a, const void *b) {
    int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;
    return (x > y) - (x < y);
}

/// Variable frame rate: some interval between presentation times differs from the median
/// interval by more than 5% and more than 1.5 time-base ticks. Rounded timestamps (33/34 ms) and a
/// short last frame are constant rate.
static int variable_rate(int64_t *pts, size_t count) {
    if (count < 3) return 0;
    qsort(pts, count, sizeof *pts, compare_int64);
    size_t n = 0;
    for (size_t i = 1; i < count; i++)
        if (pts[i] != pts[i - 1]) pts[n++] = pts[i] - pts[i - 1]; // intervals, in place
    if (n < 2) return 0;
    int64_t *sorted = malloc(n * sizeof *sorted);
    if (!sorted) return 0;
    memcpy(sorted, pts, n * sizeof *sorted);
    qsort(sorted, n, sizeof *sorted, compare_int64);
    double median = (double)sorted[n / 2];
    free(sorted);
    double tolerance = fmax(1.5, median * 0.05);
    for (size_t i = 0; i < n; i++)
        if (fabs((double)pts[i] - median) > tolerance) return 1;
    return 0;
}

enum { MAX_PTS = 1 << 22, RATE_PACKETS = 64, HEADER_PACKETS = 1000 };
_Static_assert(RATE_PACKETS >= 16, "the rate needs a span of frames");

/// The frame rate `count` presentation times (in `base`) make: the mean interval between
/// neighbours that lie within half of the median interval of it (the first packets in decoding
/// order may leave a frame out where frames are reordered, a gap of two), snapped to the standard
/// rate within 1% when one is (timestamps rounded to the millisecond give 33 and 34 ms at 30 fps);
/// < 0 with fewer than three times.
static double rate_of(int64_t *pts, size_t count, AVRational base) {
    if (count < 3 || base.num <= 0 || base.den <= 0) return -1;
    qsort(pts, count, sizeof *pts, compare_int64);
    double gaps[RATE_PACKETS], sorted[RATE_PACKETS];
    size_t n = 0;
    for (size_t i = 1; i < count && n < RATE_PACKETS; i++)
        if (pts[i] > pts[i - 1]) gaps[n++] = (double)pts[i] - (double)pts[i - 1];
    if (n < 2) return -1;
    memcpy(sorted, gaps, n * sizeof *gaps);
    for (size_t i = 1; i < n; i++) // insertion sort: a few dozen
        for (size_t k = i; k > 0 && sorted[k - 1] > sorted[k]; k--) {
            double t = sorted[k];
            sorted[k] = sorted[k - 1];
            sorted[k - 1] = t;
        }
    double median = sorted[n / 2], sum = 0;
    size_t used = 0;
    for (size_t i = 0; i < n; i++)
        if (gaps[i] > 0.5 * median && gaps[i] < 1.5 * median) sum += gaps[i], used++;
    if (used == 0 || !(sum > 0)) return -1;
    double rate = (double)used / (sum * av_q2d(base));
    static const double standard[] = {24000.0 / 1001, 24, 25, 30000.0 / 1001, 30, 48000.0 / 1001, 48, 50, 60000.0 / 1001, 60,
                                      100, 120000.0 / 1001, 120};
    double best = -1;
    for (size_t i = 0; i < sizeof standard / sizeof standard[0]; i++)
        if (fabs(rate - standard[i]) < 0.01 * standard[i] && (best < 0 || fabs(rate - standard[i]) < fabs(rate - best)))
            best = standard[i];
    return best > 0 ? best : round(rate * 1000) / 1000;
}

/// The MPEG audio layer of a frame header (its sync, then the layer bits): "mp1", "mp2", "mp3";
/// NULL when the packet does not start with one.
static enum AVCodecID mpeg_audio_layer(const uint8_t *data, int size) {
    if (!data || size < 4 || data[0] != 0xFF || (data[1] & 0xE0) != 0xE0) return AV_CODEC_ID_NONE;
    switch ((data[1] >> 1) & 3) {
    case 3: return AV_CODEC_ID_MP1;
    case 2: return AV_CODEC_ID_MP2;
    case 1: return AV_CODEC_ID_MP3;
    default: return AV_CODEC_ID_NONE;
    }
}

rs_scan_result rs_scan_packets(AVFormatContext *fmt, int video, int audio, rs_scan_needs needs, rs_av_info *info,
                               rs_video_layout *layout) {
    int deep = needs.deep, lengths = needs.lengths;
    rs_scan_result result = {.video_end = -1,
                             .audio_end = -1,
                             .frame_rate = -1,
                             .audio_codec = AV_CODEC_ID_NONE,
                             .audio_channels = -1,
                             .video_start = NAN,
                             .audio_start = NAN,
                             .average_rate = -1};
    int64_t rate_pts[RATE_PACKETS];
    size_t rate_count = 0, rate_wanted = needs.rate < 0 ? 0 : needs.rate > RATE_PACKETS ? RATE_PACKETS : (size_t)needs.rate;
    int audio_parsed = !needs.audio_layer || audio < 0, packets = 0;
    AVPacket *pkt = av_packet_alloc();
    if (!pkt) {
        result.error = 1;
        return result;
    }
    const AVStream *st = video >= 0 ? fmt->streams[video] : NULL;
    enum AVCodecID codec = st ? st->codecpar->codec_id : AV_CODEC_ID_NONE;
    AVCodecContext *decoder = NULL;
    if (deep && st) {
        const AVCodec *c = avcodec_find_decoder(codec);
        decoder = c ? avcodec_alloc_context3(c) : NULL;
        if (decoder && (avcodec_parameters_to_context(decoder, st->codecpar) < 0 ||
                        (decoder->thread_count = 1, avcodec_open2(decoder, c, NULL)) < 0))
            avcodec_free_context(&decoder);
    }
    // H.264 that may be interlaced: its parser reads the field order from the first frame.
    AVCodecParserContext *parser = NULL;
    AVCodecContext *parser_context = NULL;
    if (st && codec == AV_CODEC_ID_H264 && layout->scan == 0 && info->field_order == RS_AV_FIELD_UNKNOWN) {
        parser = av_parser_init(codec);
        parser_context = parser ? avcodec_alloc_context3(NULL) : NULL;
        if (parser_context && avcodec_parameters_to_context(parser_context, st->codecpar) < 0)
            avcodec_free_context(&parser_context);
        if (!parser_context && parser) {
            av_parser_close(parser);
            parser = NULL;
        }
    }
    AVFrame *frame = deep ? av_frame_alloc() : NULL;
    int64_t *pts = deep || needs.average ? malloc(sizeof(int64_t) * 4096) : NULL;
    size_t pts_count = 0, pts_capacity = pts ? 4096 : 0;
    // Timestamps come from the file and may be anything: differences are taken in double.
    int64_t last_key = AV_NOPTS_VALUE;
    double max_gap = 0;
    double start[2] = {HUGE_VAL, HUGE_VAL}, end[2] = {-HUGE_VAL, -HUGE_VAL};
    // The last video frame's start, and whether its packet states how long it lasts.
    double last_start = -HUGE_VAL;
    int last_lasts = 0;
    int header_parsed = 0, decode_tries = 0, ret = 0, seen = 0;
    // needs.average: every video packet counts.
    int counting = needs.average, capped = 0;
    int64_t frames = 0;

    while ((ret = rs_read_packet(fmt, pkt)) >= 0) {
        int which = pkt->stream_index == video ? 0 : pkt->stream_index == audio ? 1 : -1;
        if (which < 0) {
            av_packet_unref(pkt);
            continue;
        }
        const AVStream *ps = fmt->streams[pkt->stream_index];
        int64_t ts = pkt->pts != AV_NOPTS_VALUE ? pkt->pts : pkt->dts;
        if (ts != AV_NOPTS_VALUE) {
            double at = (double)ts * av_q2d(ps->time_base);
            double stop = at + (double)(pkt->duration > 0 ? pkt->duration : 0) * av_q2d(ps->time_base);
            if (at < start[which]) start[which] = at;
            if (which == 0 && at >= last_start) {
                last_start = at;
                last_lasts = pkt->duration > 0;
            }
            if (stop > end[which]) end[which] = stop;
        }
        // A start is known once a packet of its stream came by; not waited for past the first
        // packets (an audio track that starts late, or has no blocks).
        int started = ++seen > RS_SCAN_START_PACKETS ||
                      ((!(needs.starts & RS_SCAN_VIDEO_START) || start[0] < HUGE_VAL) &&
                       (!(needs.starts & RS_SCAN_AUDIO_START) || start[1] < HUGE_VAL));
        if (which == 1) {
            if (!audio_parsed) {
                audio_parsed = 1;
                result.audio_codec = mpeg_audio_layer(pkt->data, pkt->size);
                // The channel mode, the last two bits' pair of the fourth byte: 3 is one channel
                // (ISO/IEC 11172-3, 2.4.2.3, "mode"); stereo, joint stereo and dual channel are two.
                if (result.audio_codec != AV_CODEC_ID_NONE) result.audio_channels = (pkt->data[3] >> 6) == 3 ? 1 : 2;
            }
            av_packet_unref(pkt);
            if (!deep && !lengths && !counting &&
                ((header_parsed && audio_parsed && rate_count >= rate_wanted && started) || ++packets > HEADER_PACKETS))
                break;
            continue;
        }
        // Counting stops past so many frames (over an hour at 30 fps): the first ones' rate stands.
        if (++frames > RS_SCAN_MAX_COUNTED && counting) counting = 0, capped = 1;
        if (rate_count < rate_wanted && pkt->pts != AV_NOPTS_VALUE) {
            rate_pts[rate_count++] = pkt->pts;
        }
        if (!header_parsed) {
            header_parsed = 1;
            if (codec == AV_CODEC_ID_VP9) rs_parse_vp9_frame(pkt->data, (size_t)pkt->size, layout);
            else if (codec == AV_CODEC_ID_VP8) rs_parse_vp8_frame(pkt->data, (size_t)pkt->size, layout);
            if (parser) {
                uint8_t *out = NULL;
                int out_size = 0;
                av_parser_parse2(parser, parser_context, &out, &out_size, pkt->data, pkt->size, pkt->pts, pkt->dts,
                                 pkt->pos);
                if (parser->picture_structure == AV_PICTURE_STRUCTURE_FRAME && parser->field_order == AV_FIELD_PROGRESSIVE)
                    info->field_order = RS_AV_FIELD_PROGRESSIVE;
                else
                    info->field_order = rs_field_order(parser->field_order);
            }
        }
        // Only what the header, the rate, the audio layer and the starts need: at most so many packets.
        if (!deep && !lengths && !counting &&
            ((header_parsed && audio_parsed && rate_count >= rate_wanted && started) || ++packets > HEADER_PACKETS)) {
            av_packet_unref(pkt);
            break;
        }
        if (deep || counting) {
            if (pkt->pts != AV_NOPTS_VALUE && pts && pts_count < MAX_PTS) {
                if (pts_count == pts_capacity) {
                    int64_t *grown = realloc(pts, pts_capacity * 2 * sizeof *pts);
                    if (grown) {
                        pts = grown;
                        pts_capacity *= 2;
                    }
                }
                if (pts_count < pts_capacity) pts[pts_count++] = pkt->pts;
            }
        }
        if (deep) {
            info->video_packets++;
            if ((pkt->flags & AV_PKT_FLAG_KEY) && ts != AV_NOPTS_VALUE) {
                info->keyframes++;
                if (!rs_keyframe_is_closed(st->codecpar, pkt)) info->open_keyframes++;
                if (last_key != AV_NOPTS_VALUE) {
                    double gap = ((double)ts - (double)last_key) * av_q2d(st->time_base);
                    if (gap > max_gap) max_gap = gap;
                }
                last_key = ts;
            }
            if (decoder && !info->decoded && decode_tries < 256) {
                decode_tries++;
                if (avcodec_send_packet(decoder, pkt) >= 0 && avcodec_receive_frame(decoder, frame) >= 0) info->decoded = 1;
            }
        }
        av_packet_unref(pkt);
    }
    if (decoder && !info->decoded && avcodec_send_packet(decoder, NULL) >= 0 && avcodec_receive_frame(decoder, frame) >= 0)
        info->decoded = 1;
    if (deep && st) {
        // The last group of pictures runs from the last keyframe to the end of the stream: the
        // end of the last packet, but not past the end the container states (FFmpeg's releases
        // give the last frame of a reordered stream different durations: 33 or 34 ms of a 30 fps
        // clip timed in milliseconds, whose track says 2.000 s).
        double stream_end = end[0];
        if (st->duration != AV_NOPTS_VALUE && st->duration > 0 && st->start_time != AV_NOPTS_VALUE)
            stream_end = fmin(stream_end, ((double)st->start_time + (double)st->duration) * av_q2d(st->time_base));
        if (last_key != AV_NOPTS_VALUE && stream_end > -HUGE_VAL) {
            double gap = stream_end - (double)last_key * av_q2d(st->time_base);
            if (gap > max_gap) max_gap = gap;
        }
        info->deep = 1;
        info->max_keyframe_interval = max_gap;
        info->variable_frame_rate = pts ? variable_rate(pts, pts_count) : 0;
    }
    // The average only where the intervals vary: a constant rate is the first frames' (a track's
    // last frame may be shown for longer, or its sound outlast it).
    int varies = needs.average && !capped && pts && (deep ? info->variable_frame_rate : variable_rate(pts, pts_count));
    if (rate_wanted && st) result.frame_rate = rate_of(rate_pts, rate_count, st->time_base);
    if ((needs.starts & RS_SCAN_VIDEO_START) && start[0] < HUGE_VAL) result.video_start = start[0];
    if ((needs.starts & RS_SCAN_AUDIO_START) && start[1] < HUGE_VAL) result.audio_start = start[1];
    int read_all = deep || lengths || counting;
    if (read_all && varies && ret == AVERROR_EOF && frames > 1 && start[0] < HUGE_VAL && end[0] > start[0]) {
        // The last frame lasts to the end the file states, when that comes first (a Matroska
        // block's duration may run past the segment's), but not when it states an end before the
        // last frame starts (Chromium's recordings: a segment of 3.575 s, frames to 3.592 s),
        // which every player shows all the same.
        double stop = end[0];
        if (fmt->duration != AV_NOPTS_VALUE && fmt->duration > 0) {
            double stated = (double)fmt->duration / AV_TIME_BASE +
                            (fmt->start_time != AV_NOPTS_VALUE ? (double)fmt->start_time / AV_TIME_BASE : 0);
            if (stated > start[0] && stated > last_start && stated < stop) stop = stated;
        }
        // A last frame of no stated length (a browser's recording: its blocks state none): the
        // frames' average interval, not a span that counts the last frame as lasting nothing (a
        // fix's encoder gives it a length, and its output would read a slower rate).
        if (!last_lasts && stop <= last_start && last_start > start[0])
            result.average_rate = round((double)(frames - 1) / (last_start - start[0]) * 1000) / 1000;
        else
            result.average_rate = round((double)frames / (stop - start[0]) * 1000) / 1000;
    }
    if (read_all && ret != AVERROR_EOF) result.error = 1;
    if (read_all && start[0] < HUGE_VAL && end[0] > start[0]) result.video_end = end[0] - start[0];
    if (read_all && start[1] < HUGE_VAL && end[1] > start[1]) result.audio_end = end[1] - start[1];
    free(pts);
    av_frame_free(&frame);
    avcodec_free_context(&decoder);
    if (parser) av_parser_close(parser);
    avcodec_free_context(&parser_context);
    av_packet_free(&pkt);
    return result;
}

/// Whether a stream asked for has no end yet.
static int wanting(const int index[2], const double end[2]) {
    return (index[0] >= 0 && isnan(end[0])) || (index[1] >= 0 && isnan(end[1]));
}

void rs_scan_tail_ends(AVFormatContext *fmt, const int index[2], int64_t file_size, int64_t first, int64_t most,
                       double end[2]) {
    end[0] = end[1] = NAN; // a TS's times may be negative (FFmpeg's wrap correction): none is NAN
    AVPacket *pkt = av_packet_alloc();
    if (!pkt || (index[0] < 0 && index[1] < 0) || fmt->nb_streams > RS_SCAN_MAX_STREAMS) {
        av_packet_free(&pkt);
        return;
    }
    // The other streams' packets are skipped by the demuxer, not parsed; their choice is given
    // back after. (A TS may add streams as it is read: only those there now are changed and given back.)
    enum AVDiscard kept[RS_SCAN_MAX_STREAMS];
    unsigned count = fmt->nb_streams;
    for (unsigned i = 0; i < count; i++) {
        kept[i] = fmt->streams[i]->discard;
        if ((int)i != index[0] && (int)i != index[1]) fmt->streams[i]->discard = AVDISCARD_ALL;
    }
    // A packet with a time comes from a PES packet that starts in the tail: a stream's last one
    // does once any does. Until each wanted stream has one, a tail twice as long (each pass reads
    // to the end: at most about twice `most` in all).
    int whole = 0, packets[2] = {0, 0}; // whether a pass read the file from its start; each stream's packets in it
    for (int64_t tail = first; wanting(index, end) && tail > 0; tail = tail < most && tail < file_size ? tail * 2 : 0) {
        if (av_seek_frame(fmt, -1, file_size > tail ? file_size - tail : 0, AVSEEK_FLAG_BYTE) < 0) break;
        whole = file_size <= tail;
        int ret;
        while ((ret = rs_read_packet(fmt, pkt)) >= 0) {
            int which = pkt->stream_index == index[0] ? 0 : pkt->stream_index == index[1] ? 1 : -1;
            int64_t ts = pkt->pts != AV_NOPTS_VALUE ? pkt->pts : pkt->dts;
            if (which >= 0) packets[which]++;
            if (which >= 0 && ts != AV_NOPTS_VALUE) {
                double stop = ((double)ts + (double)(pkt->duration > 0 ? pkt->duration : 0)) *
                              av_q2d(fmt->streams[pkt->stream_index]->time_base);
                if (isnan(end[which]) || stop > end[which]) end[which] = stop;
            }
            av_packet_unref(pkt);
        }
        whole = whole && ret == AVERROR_EOF; // (read to the end, not stopped by an error)
    }
    for (int which = 0; which < 2; which++)
        if (index[which] >= 0 && isnan(end[which]) && whole && packets[which] == 0) end[which] = -INFINITY;
    for (unsigned i = 0; i < count; i++) fmt->streams[i]->discard = kept[i];
    av_packet_free(&pkt);
}
