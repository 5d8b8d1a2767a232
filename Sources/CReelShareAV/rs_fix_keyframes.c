// rs_fix_keyframes.c: the closed keyframes of a video stream, where a cut by copying may start
// (rs_fix.h).
#include "rs_fix.h"
#include "rs_av_source.h"
#include "rs_av_streams.h"

#include <libavcodec/avcodec.h>
#include <libavformat/avformat.h>

/// The type of each NAL unit in an H.264 or HEVC packet: length-prefixed (MP4, Matroska: the
/// prefix size from the configuration record) or Annex B (MPEG-TS); calls `seen` until it returns 1.
static int any_nal(const AVCodecParameters *par, const AVPacket *pkt, int (*seen)(int type, int hevc)) {
    int hevc = par->codec_id == AV_CODEC_ID_HEVC;
    const uint8_t *p = pkt->data, *end = pkt->data + pkt->size;
    const uint8_t *x = par->extradata;
    if (x && par->extradata_size > 22 && x[0] == 1) { // hvcC or avcC: length prefixes
        int size = hevc ? (x[21] & 3) + 1 : (x[4] & 3) + 1;
        while (end - p > size) {
            uint32_t length = 0;
            for (int i = 0; i < size; i++) length = length << 8 | p[i];
            p += size;
            if (length == 0 || length > (uint32_t)(end - p)) return 0;
            if (seen(hevc ? (p[0] >> 1) & 0x3F : p[0] & 0x1F, hevc)) return 1;
            p += length;
        }
        return 0;
    }
    for (; end - p > 3; p++) // Annex B: after each 00 00 01
        if (p[0] == 0 && p[1] == 0 && p[2] == 1 && seen(hevc ? (p[3] >> 1) & 0x3F : p[3] & 0x1F, hevc)) return 1;
    return 0;
}

/// An IDR picture (H.264 5; HEVC IDR 19-20 or BLA 16-18): nothing after it refers to what came
/// before. An HEVC CRA (21) or an H.264 recovery point is a keyframe too, but its leading pictures
/// refer to the previous group, so a cut there would lose them.
static int closed(int type, int hevc) { return hevc ? type >= 16 && type <= 20 : type == 5; }

/// Whether a cut may start at this keyframe packet, every frame after it decodable.
static int closed_keyframe(const AVCodecParameters *par, const AVPacket *pkt) {
    if (par->codec_id != AV_CODEC_ID_H264 && par->codec_id != AV_CODEC_ID_HEVC) return 1;
    return any_nal(par, pkt, closed);
}

int rs_fix_keyframes(int fd, const char *name, double *times, int max, char *message, size_t message_size) {
    rs_av_init();
    message[0] = 0;
    rs_source src;
    if (rs_source_of_descriptor(fd, &src, message, message_size) != RS_AV_OK) return -1;
    rs_deadline budget;
    rs_start_budget(&src, &budget, 0);
    AVFormatContext *fmt = NULL;
    int err = rs_open_input(&src, name, &budget, &fmt);
    if (err < 0) {
        rs_fail(RS_AV_CORRUPT, message, message_size, "FFmpeg cannot read it", err);
        return -1;
    }
    // The streams' start times are known once their first packets are read (an MPEG-TS's).
    avformat_find_stream_info(fmt, NULL);
    int index, audio;
    rs_first_streams(fmt, &index, &audio);
    int count = 0;
    if (index >= 0) {
        AVStream *st = fmt->streams[index];
        int64_t start = av_rescale_q(rs_stream_start(st), AV_TIME_BASE_Q, st->time_base);
        // Every packet's presentation time: an index (MP4's) gives decoding times, which come a
        // frame or two early where frames are reordered, and a cut is at a presentation time.
        for (unsigned i = 0; i < fmt->nb_streams; i++)
            if ((int)i != index) fmt->streams[i]->discard = AVDISCARD_ALL;
        AVPacket *pkt = av_packet_alloc();
        while (pkt && count < max && av_read_frame(fmt, pkt) >= 0) {
            if (pkt->stream_index == index && (pkt->flags & AV_PKT_FLAG_KEY) && closed_keyframe(st->codecpar, pkt)) {
                int64_t ts = pkt->pts != AV_NOPTS_VALUE ? pkt->pts : pkt->dts;
                if (ts != AV_NOPTS_VALUE) times[count++] = (double)(ts - start) * av_q2d(st->time_base);
            }
            av_packet_unref(pkt);
        }
        av_packet_free(&pkt);
    }
    rs_close_input(&fmt);
    return count;
}
