// rs_fix_keyframes.c: the closed keyframes of a video stream, where a cut by copying may start
// (rs_fix.h).
#include "rs_fix.h"
#include "rs_av_claims.h"
#include "rs_av_source.h"
#include "rs_av_streams.h"

#include <libavcodec/avcodec.h>
#include <libavformat/avformat.h>

int rs_fix_keyframes(int fd, const char *name, double *times, int max, char *message, size_t message_size) {
    rs_av_init();
    message[0] = 0;
    rs_source src;
    if (rs_source_of_descriptor(fd, &src, message, message_size) != RS_AV_OK) return -1;
    rs_deadline budget;
    rs_start_budget(&src, &budget, 0);
    AVFormatContext *fmt = NULL;
    rs_claims claims;
    int err = rs_open_checked(&src, name, &budget, NULL, &claims, &fmt);
    if (err < 0) {
        rs_open_failure(err, &claims, &budget, message, message_size);
        return -1;
    }
    // The streams' start times are known once their first packets are read (an MPEG-TS's).
    avformat_find_stream_info(fmt, NULL);
    int index, audio;
    rs_first_streams(fmt, &index, &audio);
    int count = 0;
    if (index >= 0) {
        AVStream *st = fmt->streams[index];
        int64_t start = av_rescale_q(rs_avstream_start(st), AV_TIME_BASE_Q, st->time_base);
        // Every packet's presentation time: an index (MP4's) gives decoding times, which come a
        // frame or two early where frames are reordered, and a cut is at a presentation time.
        for (unsigned i = 0; i < fmt->nb_streams; i++)
            if ((int)i != index) fmt->streams[i]->discard = AVDISCARD_ALL;
        AVPacket *pkt = av_packet_alloc();
        while (pkt && count < max && rs_read_packet(fmt, pkt) >= 0) {
            if (pkt->stream_index == index && (pkt->flags & AV_PKT_FLAG_KEY) && rs_keyframe_is_closed(st->codecpar, pkt)) {
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
