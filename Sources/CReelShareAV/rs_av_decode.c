// rs_av_decode.c: decode every frame of the video stream, as `ffmpeg -i FILE -f null -` does (the
// decoder's own frame and slice threads), and count what does not decode cleanly: packets the
// decoder refuses, frames it had to conceal errors in, and errors it only says in its log (a
// damaged upload whose headers are fine, an invalid VP9 bitstream).
#include "rs_av_internal.h"

#include <pthread.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

#include <libavcodec/avcodec.h>
#include <libavformat/avformat.h>

enum { STATE_MAGIC = 0x52534443 }; // "RSDC"

// What the decoder's threads report through FFmpeg's log; reached through the codec context's
// opaque pointer, which frame threading copies to every thread's context.
typedef struct decode_state {
    uint32_t magic;
    pthread_mutex_t lock;
    int64_t logged;
    char message[256];
    double sending;      // the time of the packet being sent (frame threads lag a few behind)
    double first_logged; // `sending` when the first error was logged
} decode_state;

int rs_av_decode_log(void *avcl, const char *format, va_list arguments) {
    if (!avcl) return 0;
    const AVClass *class = *(const AVClass **)avcl;
    if (class != avcodec_get_class()) return 0;
    decode_state *state = ((AVCodecContext *)avcl)->opaque;
    if (!state || state->magic != STATE_MAGIC) return 0;
    pthread_mutex_lock(&state->lock);
    if (state->logged++ == 0) state->first_logged = state->sending;
    if (!state->message[0]) {
        vsnprintf(state->message, sizeof state->message, format, arguments);
        size_t n = strlen(state->message);
        while (n > 0 && (state->message[n - 1] == '\n' || state->message[n - 1] == ' ')) state->message[--n] = 0;
    }
    pthread_mutex_unlock(&state->lock);
    return 1;
}

static void note_error(rs_av_decode_result *result, double at, const char *text) {
    if (result->errors++ == 0) {
        result->first_error_seconds = at;
        if (text && !result->message[0]) snprintf(result->message, sizeof result->message, "%s", text);
    }
}

static double seconds(int64_t ts, AVRational base) { return ts == AV_NOPTS_VALUE ? -1 : (double)ts * av_q2d(base); }

/// Takes every frame the decoder has ready.
static void drain(AVCodecContext *decoder, AVFrame *frame, AVRational base, rs_av_decode_result *result) {
    while (avcodec_receive_frame(decoder, frame) >= 0) {
        result->frames++;
        if (frame->decode_error_flags || (frame->flags & AV_FRAME_FLAG_CORRUPT))
            note_error(result, seconds(frame->best_effort_timestamp, base), "a frame decoded with errors concealed");
        av_frame_unref(frame);
    }
}

rs_av_status rs_open_video_decoder(AVFormatContext *fmt, int threads, int thread_type, void *opaque, int *index,
                                   AVCodecContext **decoder, const char *what, char *message, size_t message_size) {
    *decoder = NULL;
    int audio;
    rs_first_streams(fmt, index, &audio);
    // Some formats (FLV) declare their streams only once packets are read.
    if (*index < 0 || fmt->streams[*index]->codecpar->width <= 0) {
        avformat_find_stream_info(fmt, NULL);
        rs_first_streams(fmt, index, &audio);
    }
    if (*index < 0) {
        char text[64];
        snprintf(text, sizeof text, "no video stream to %s", what);
        return rs_fail(RS_AV_UNSUPPORTED, message, message_size, text, 0);
    }
    const AVCodec *codec = avcodec_find_decoder(fmt->streams[*index]->codecpar->codec_id);
    if (!codec) return rs_fail(RS_AV_UNSUPPORTED, message, message_size, "no decoder for its video", 0);
    AVStream *st = fmt->streams[*index];
    *decoder = avcodec_alloc_context3(codec);
    if (!*decoder || avcodec_parameters_to_context(*decoder, st->codecpar) < 0)
        return rs_fail(RS_AV_INTERNAL, message, message_size, "out of memory", 0);
    (*decoder)->thread_count = threads;
    (*decoder)->thread_type = thread_type;
    (*decoder)->opaque = opaque;
    (*decoder)->pkt_timebase = st->time_base;
    int err = avcodec_open2(*decoder, codec, NULL);
    if (err < 0) return rs_fail(RS_AV_UNSUPPORTED, message, message_size, "the video decoder does not open", err);
    for (unsigned i = 0; i < fmt->nb_streams; i++)
        if ((int)i != *index) fmt->streams[i]->discard = AVDISCARD_ALL;
    return RS_AV_OK;
}

rs_av_status rs_av_decode_descriptor(int fd, const char *name, int threads, double timeout_seconds,
                                     rs_av_decode_result *result, char *message, size_t message_size) {
    rs_av_init();
    memset(result, 0, sizeof *result);
    result->first_error_seconds = -1;
    message[0] = 0;
    struct stat sb;
    if (fstat(fd, &sb) != 0 || !S_ISREG(sb.st_mode)) return rs_fail(RS_AV_UNREADABLE, message, message_size, "not a regular file", 0);
    rs_source src = {.fd = fd, .data = NULL, .size = sb.st_size};
    rs_deadline budget;
    rs_start_budget(&src, &budget, timeout_seconds);
    src.byte_budget = INT64_MAX / 2; // decoding reads the file once, however large

    AVFormatContext *fmt = NULL;
    int err = rs_open_input(&src, name, &budget, &fmt);
    if (err < 0) return rs_fail(RS_AV_CORRUPT, message, message_size, "FFmpeg cannot read it", err);
    rs_av_status status = RS_AV_OK;
    AVCodecContext *decoder = NULL;
    AVPacket *pkt = av_packet_alloc();
    AVFrame *frame = av_frame_alloc();
    decode_state state = {.magic = STATE_MAGIC, .logged = 0, .message = {0}, .sending = -1, .first_logged = -1};
    pthread_mutex_init(&state.lock, NULL);
    int index = -1;
    if (!pkt || !frame) {
        status = rs_fail(RS_AV_INTERNAL, message, message_size, "out of memory", 0);
        goto done;
    }
    status = rs_open_video_decoder(fmt, threads, FF_THREAD_FRAME | FF_THREAD_SLICE, &state, &index, &decoder, "decode",
                                   message, message_size);
    if (status != RS_AV_OK) goto done;
    AVStream *st = fmt->streams[index];
    while ((err = av_read_frame(fmt, pkt)) >= 0) {
        if (pkt->stream_index == index) {
            pthread_mutex_lock(&state.lock);
            state.sending = seconds(pkt->pts != AV_NOPTS_VALUE ? pkt->pts : pkt->dts, st->time_base);
            pthread_mutex_unlock(&state.lock);
            int sent = avcodec_send_packet(decoder, pkt);
            if (sent < 0 && sent != AVERROR(EAGAIN)) {
                char reason[128];
                av_strerror(sent, reason, sizeof reason);
                note_error(result, seconds(pkt->pts != AV_NOPTS_VALUE ? pkt->pts : pkt->dts, st->time_base), reason);
            }
            drain(decoder, frame, st->time_base, result);
        }
        av_packet_unref(pkt);
    }
    if (rs_deadline_passed(&budget)) {
        status = rs_fail(RS_AV_TIMEOUT, message, message_size, "gave up: it took longer than its time budget (--timeout)", 0);
        goto done;
    }
    if (err != AVERROR_EOF) note_error(result, -1, "the file ends inside a packet");
    avcodec_send_packet(decoder, NULL);
    drain(decoder, frame, st->time_base, result);

done:
    avcodec_free_context(&decoder); // joins the decoder's threads: no log line arrives after this
    if (state.logged > 0) {
        // Errors only the log told: one at least, and the decoder's words for the first.
        if (result->errors == 0) {
            result->errors = 1;
            result->first_error_seconds = state.first_logged;
        }
        if (!result->message[0] || strcmp(result->message, "a frame decoded with errors concealed") == 0)
            snprintf(result->message, sizeof result->message, "%s", state.message);
    }
    pthread_mutex_destroy(&state.lock);
    av_frame_free(&frame);
    av_packet_free(&pkt);
    rs_close_input(&fmt);
    return status;
}
