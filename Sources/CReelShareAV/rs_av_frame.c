// rs_av_frame.c: one video frame, decoded as a player shows it: at a time, converted to RGBA with
// the right YUV matrix and range, widened by its sample aspect ratio, flipped and turned by the
// display matrix.
#include "rs_av_claims.h"
#include "rs_av_source.h"
#include "rs_av_streams.h"
#include "rs_canvas.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include <libavcodec/avcodec.h>
#include <libavformat/avformat.h>
#include <libavutil/mem.h>
#include <libavutil/pixdesc.h>
#include <libswscale/swscale.h>

static int sws_matrix(const AVFrame *frame) {
    switch (frame->colorspace) {
    case AVCOL_SPC_BT709: return SWS_CS_ITU709;
    case AVCOL_SPC_BT470BG:
    case AVCOL_SPC_SMPTE170M: return SWS_CS_ITU601;
    case AVCOL_SPC_SMPTE240M: return SWS_CS_SMPTE240M;
    case AVCOL_SPC_BT2020_NCL:
    case AVCOL_SPC_BT2020_CL: return SWS_CS_BT2020;
    case AVCOL_SPC_FCC: return SWS_CS_FCC;
    default: return frame->height >= 720 ? SWS_CS_ITU709 : SWS_CS_ITU601; // as players guess
    }
}

/// The frame as RGBA at `width` x `height` (its displayed width: the SAR applied).
static int to_rgba(const AVFrame *frame, int width, int height, uint8_t **out) {
    *out = NULL;
    // As the ffmpeg CLI converts: bicubic, with full chroma where the source has it (4:4:4).
    const AVPixFmtDescriptor *format = av_pix_fmt_desc_get(frame->format);
    int full_chroma = format && format->log2_chroma_w == 0 && format->log2_chroma_h == 0;
    struct SwsContext *sws =
        sws_getContext(frame->width, frame->height, frame->format, width, height, AV_PIX_FMT_RGBA,
                       SWS_BICUBIC | (full_chroma ? SWS_FULL_CHR_H_INT | SWS_FULL_CHR_H_INP : 0), NULL, NULL, NULL);
    uint8_t *target = rs_canvas_sws_buffer(width, height);
    if (!sws || !target) {
        sws_freeContext(sws);
        av_free(target);
        return -1;
    }
    const AVPixFmtDescriptor *d = av_pix_fmt_desc_get(frame->format);
    int yuv = d && !(d->flags & AV_PIX_FMT_FLAG_RGB) && d->nb_components >= 3;
    if (yuv) {
        int full = frame->color_range == AVCOL_RANGE_JPEG || frame->format == AV_PIX_FMT_YUVJ420P ||
                   frame->format == AV_PIX_FMT_YUVJ422P || frame->format == AV_PIX_FMT_YUVJ444P;
        const int *coefficients = sws_getCoefficients(sws_matrix(frame));
        sws_setColorspaceDetails(sws, coefficients, full, sws_getCoefficients(SWS_CS_DEFAULT), 1, 0, 1 << 16, 1 << 16);
    }
    uint8_t *destination[4] = {target, NULL, NULL, NULL};
    const int stride[4] = {width * 4, 0, 0, 0};
    sws_scale(sws, (const uint8_t *const *)frame->data, frame->linesize, 0, frame->height, destination, stride);
    sws_freeContext(sws);
    *out = target;
    return 0;
}

static rs_av_status video_frame(rs_source src, const char *name, double at_seconds, int first_alone, int max_side,
                                double timeout_seconds, rs_canvas_frame *out, char *message, size_t message_size);

static void clear(rs_canvas_frame *out, char *message) {
    *out = (rs_canvas_frame){.rgba = NULL, .shown_at = -1};
    message[0] = 0;
}

rs_av_status rs_canvas_video_frame(int fd, const char *name, double at_seconds, int first_alone, int max_side,
                                   double timeout_seconds, rs_canvas_frame *out, char *message, size_t message_size) {
    rs_av_init();
    clear(out, message);
    rs_source src;
    rs_av_status opened = rs_source_of_descriptor(fd, &src, message, message_size);
    if (opened != RS_AV_OK) return opened;
    return video_frame(src, name, at_seconds, first_alone, max_side, timeout_seconds, out, message, message_size);
}

rs_av_status rs_canvas_video_frame_memory(const uint8_t *data, size_t size, double at_seconds, int first_alone,
                                          int max_side, double timeout_seconds, rs_canvas_frame *out, char *message,
                                          size_t message_size) {
    rs_av_init();
    clear(out, message);
    rs_source src = {.fd = -1, .data = data, .size = (int64_t)size};
    return video_frame(src, "memory", at_seconds, first_alone, max_side, timeout_seconds, out, message, message_size);
}

/// The next packet of stream `index` into `pkt` (others dropped): 1, or 0 at the end; < 0 when
/// the time budget is spent, said in `*status`.
static int next_video_packet(AVFormatContext *fmt, int index, rs_deadline *budget, AVPacket *pkt, rs_av_status *status,
                             char *message, size_t message_size) {
    int err;
    while ((err = rs_read_packet(fmt, pkt)) >= 0 && pkt->stream_index != index) {
        av_packet_unref(pkt);
        if (rs_deadline_passed(budget)) {
            *status = rs_fail(RS_AV_TIMEOUT, message, message_size, "gave up: it took longer than its time budget (--timeout)", 0);
            return -1;
        }
    }
    return err >= 0;
}

/// The first frame shown, decoded by itself where the stream's first packet is a keyframe shown
/// first: that packet decoded and the decoder drained, so it holds one frame, not the reference
/// frames and reordering a run of packets needs (an 8K 10-bit frame is 100 MB). Shown first: its
/// time is the stream's start, and the next packet is not shown before it (an HEVC leading
/// picture). 1 with the frame in `kept`; 0 where it is not, the decoder reset and the packets read
/// for it left in `held` (`*held_count`), to be decoded again with those after them; < 0 on a
/// failure said in `*status`.
static int first_frame_alone(AVFormatContext *fmt, AVCodecContext *decoder, int index, rs_deadline *budget,
                             AVPacket *held[2], int *held_count, AVFrame *kept, rs_av_status *status, char *message,
                             size_t message_size) {
    *held_count = 0;
    int got = next_video_packet(fmt, index, budget, held[0], status, message, message_size);
    if (got <= 0) return got; // none: the decoding below says so
    *held_count = 1;
    if (!(held[0]->flags & AV_PKT_FLAG_KEY)) return 0;
    const AVStream *st = fmt->streams[index];
    int found = avcodec_send_packet(decoder, held[0]) >= 0 && avcodec_send_packet(decoder, NULL) >= 0 &&
                avcodec_receive_frame(decoder, kept) >= 0 &&
                (st->start_time == AV_NOPTS_VALUE || kept->best_effort_timestamp == st->start_time);
    if (found) {
        got = next_video_packet(fmt, index, budget, held[1], status, message, message_size);
        if (got < 0) return got;
        if (got) {
            *held_count = 2;
            found = held[1]->pts == AV_NOPTS_VALUE || kept->best_effort_timestamp == AV_NOPTS_VALUE ||
                    held[1]->pts > kept->best_effort_timestamp;
        }
    }
    if (found) {
        for (int i = 0; i < 2; i++) av_packet_unref(held[i]);
        *held_count = 0;
        return 1;
    }
    av_frame_unref(kept);
    avcodec_flush_buffers(decoder); // drained: reset to take the packets again
    return 0;
}

/// The size a frame `width` x `height` is converted to: at most `max_side` on its longer side.
static void reduced(int width, int height, int max_side, int *out_width, int *out_height) {
    *out_width = width;
    *out_height = height;
    int longer = width > height ? width : height;
    if (max_side <= 0 || longer <= max_side) return;
    double scale = (double)max_side / longer;
    *out_width = width * scale < 1 ? 1 : (int)lround(width * scale);
    *out_height = height * scale < 1 ? 1 : (int)lround(height * scale);
}

static rs_av_status video_frame(rs_source src, const char *name, double at_seconds, int first_alone, int max_side,
                                double timeout_seconds, rs_canvas_frame *out, char *message, size_t message_size) {
    rs_deadline budget;
    rs_start_budget(&src, &budget, timeout_seconds);

    AVFormatContext *fmt = NULL;
    rs_claims claims;
    int err = rs_open_checked(&src, name, &budget, NULL, &claims, &fmt);
    if (err < 0) return rs_open_failure(err, &claims, &budget, message, message_size);
    rs_av_status status = RS_AV_OK;
    AVCodecContext *decoder = NULL;
    AVPacket *pkt = av_packet_alloc();
    AVFrame *frame = av_frame_alloc(), *kept = av_frame_alloc();
    AVPacket *held[2] = {av_packet_alloc(), av_packet_alloc()};
    int index = -1;
    if (!pkt || !frame || !kept || !held[0] || !held[1]) {
        status = rs_fail(RS_AV_INTERNAL, message, message_size, "out of memory", 0);
        goto done;
    }
    // Slice threads only: frame threads delay the first frame by one frame per thread.
    status = rs_open_video_decoder(fmt, 0, FF_THREAD_SLICE, 0, &index, &decoder, "draw", message, message_size);
    if (status != RS_AV_OK) goto done;
    AVStream *st = fmt->streams[index];
    const AVCodecParameters *par = st->codecpar;
    if (par->width <= 0 || par->height <= 0 || par->width > RS_CANVAS_MAX_SIDE || par->height > RS_CANVAS_MAX_SIDE ||
        (int64_t)par->width * par->height > RS_CANVAS_MAX_PIXELS) {
        char text[96];
        snprintf(text, sizeof text, "a %dx%d picture is too large to draw", par->width, par->height);
        status = rs_fail(RS_AV_TOO_LARGE, message, message_size, text, 0);
        goto done;
    }

    int64_t start = st->start_time != AV_NOPTS_VALUE ? st->start_time : 0;
    int64_t target = AV_NOPTS_VALUE;
    int seeked = 0;
    if (at_seconds > 0) {
        // Past any sane length (or too large to count in ticks): the last frame.
        double ticks = at_seconds / av_q2d(st->time_base);
        target = ticks < (double)(INT64_MAX / 4) ? start + (int64_t)llround(ticks) : INT64_MAX / 2;
        // The keyframe at or before the time; decoding runs on from there.
        if (avformat_seek_file(fmt, index, INT64_MIN, target, target, 0) >= 0) {
            avcodec_flush_buffers(decoder);
            seeked = 1;
        }
    }
    // The frame shown at the time is the last one that starts at or before it: decoding goes on
    // until a later one comes (or the end), keeping the candidate. Where a seek lands where
    // nothing decodes, or past the time (an MPEG-TS has no index: its seek finds a keyframe by
    // its timestamps, and may find the one after), again from the start.
    int have = 0, held_count = 0, taken = 0;
    if (target == AV_NOPTS_VALUE && first_alone) {
        have = first_frame_alone(fmt, decoder, index, &budget, held, &held_count, kept, &status, message, message_size);
        if (have < 0) goto done;
        if (!have && first_alone == 2) {
            status = rs_fail(RS_AV_TOO_LARGE, message, message_size,
                             "its first frame does not decode by itself, and decoding a run of frames would hold more than "
                             "the memory bound (--max-memory)",
                             0);
            goto done;
        }
    }
    for (int attempt = 0; attempt < 2 && !have; attempt++) {
        if (attempt == 1) {
            if (!seeked || avformat_seek_file(fmt, -1, INT64_MIN, 0, 0, AVSEEK_FLAG_BYTE) < 0) break;
            avcodec_flush_buffers(decoder);
        }
        int done_decoding = 0, draining = 0;
        while (!done_decoding) {
            if (rs_deadline_passed(&budget)) {
                status = rs_fail(RS_AV_TIMEOUT, message, message_size, "gave up: it took longer than its time budget (--timeout)", 0);
                goto done;
            }
            if (!draining) {
                if (taken < held_count) {
                    av_packet_move_ref(pkt, held[taken++]);
                    err = 0;
                } else {
                    err = rs_read_packet(fmt, pkt);
                }
                if (err < 0) {
                    draining = 1;
                    avcodec_send_packet(decoder, NULL);
                } else {
                    if (pkt->stream_index == index) avcodec_send_packet(decoder, pkt);
                    av_packet_unref(pkt);
                }
            }
            while ((err = avcodec_receive_frame(decoder, frame)) >= 0) {
                int64_t pts = frame->best_effort_timestamp;
                int later = target != AV_NOPTS_VALUE && pts != AV_NOPTS_VALUE && pts > target;
                if (later && have) { // the candidate is the frame shown
                    av_frame_unref(frame);
                    done_decoding = 1;
                    break;
                }
                if (later && seeked && attempt == 0) { // the seek overshot
                    av_frame_unref(frame);
                    done_decoding = 1;
                    break;
                }
                av_frame_unref(kept);
                av_frame_move_ref(kept, frame);
                have = 1;
                if (target == AV_NOPTS_VALUE || later) { // the first frame shown; or the first there is
                    done_decoding = 1;
                    break;
                }
            }
            if (draining && err == AVERROR_EOF) done_decoding = 1;
            if (draining && err < 0 && err != AVERROR(EAGAIN)) done_decoding = 1;
        }
    }
    if (!have) {
        status = rs_fail(RS_AV_CORRUPT, message, message_size, "no frame of its video decodes", 0);
        goto done;
    }
    if (kept->width <= 0 || kept->height <= 0 || kept->width > RS_CANVAS_MAX_SIDE || kept->height > RS_CANVAS_MAX_SIDE) {
        status = rs_fail(RS_AV_TOO_LARGE, message, message_size, "a decoded frame is too large to draw", 0);
        goto done;
    }
    // Displayed width: the sample aspect ratio of the frame, or of the stream.
    AVRational sar = kept->sample_aspect_ratio.num > 0 ? kept->sample_aspect_ratio : st->sample_aspect_ratio;
    if (sar.num <= 0 || sar.den <= 0) sar = par->sample_aspect_ratio;
    int display_width = kept->width;
    if (sar.num > 0 && sar.den > 0 && sar.num != sar.den) {
        double widened = (double)kept->width * sar.num / sar.den;
        display_width = widened < 1 ? 1 : widened > RS_CANVAS_MAX_SIDE ? RS_CANVAS_MAX_SIDE : (int)lround(widened);
    }
    if ((int64_t)display_width * kept->height > RS_CANVAS_MAX_PIXELS) {
        status = rs_fail(RS_AV_TOO_LARGE, message, message_size, "a decoded frame is too large to draw", 0);
        goto done;
    }
    int width = 0, height = 0;
    reduced(display_width, kept->height, max_side, &width, &height);
    int orientation = rs_avstream_exif_orientation(st);
    if (kept->best_effort_timestamp != AV_NOPTS_VALUE)
        out->shown_at = (double)(kept->best_effort_timestamp - start) * av_q2d(st->time_base);
    // The frame is all that is needed now: the decoder's own tables (57 MB at 8K) go before the
    // picture is made.
    avcodec_free_context(&decoder);
    rs_close_input(&fmt);
    uint8_t *pixels = NULL;
    if (to_rgba(kept, width, height, &pixels) < 0) {
        status = rs_fail(RS_AV_UNSUPPORTED, message, message_size, "its pixel format cannot be converted", 0);
        goto done;
    }
    int across = orientation >= 5 && orientation <= 8; // turned a quarter: its sides swap
    out->shown_width = across ? kept->height : display_width;
    out->shown_height = across ? display_width : kept->height;
    if (orientation == 1) {
        out->rgba = pixels;
        out->width = width;
        out->height = height;
    } else {
        int turned = rs_canvas_orient(pixels, width, height, orientation, &out->rgba, &out->width, &out->height);
        av_free(pixels);
        if (turned < 0) {
            status = rs_fail(RS_AV_INTERNAL, message, message_size, "out of memory", 0);
            goto done;
        }
    }

done:
    avcodec_free_context(&decoder);
    av_frame_free(&frame);
    av_frame_free(&kept);
    av_packet_free(&pkt);
    av_packet_free(&held[0]);
    av_packet_free(&held[1]);
    rs_close_input(&fmt);
    return status;
}
