// rs_av_decode.c: decode every frame of the video stream, as `ffmpeg -i FILE -f null -` does (the
// decoder's own frame and slice threads), and count the packets that do not decode cleanly (a
// damaged upload whose headers are fine, an invalid VP9 bitstream).
//
// The same file must give the same answer every time. With frame threads, which thread decodes a
// packet and when it says so are a matter of timing, and so is error concealment (a frame may
// come out flagged in one run and clean in the next). So each packet sent gets a record, and the
// codec context's opaque points at it while the packet is sent: frame threading copies opaque into
// the thread that takes the packet, so a log line is charged to the packet whose decoding said it,
// whichever thread said it and whenever. A packet is damaged when its decoding logged an error;
// packets refused outright are counted too. When the threaded pass finds damage, a second pass on
// one thread (where concealment is deterministic, and a refusal is the packet just sent) also
// counts the frames that came out concealed and gives the count, the first time and the words:
// only damaged files pay for it. Decoders with threads of their own (libdav1d) log on the caller's
// context, so they run on one thread in both passes.
#include "rs_av.h"
#include "rs_av_log.h"
#include "rs_av_claims.h"
#include "rs_av_source.h"
#include "rs_av_streams.h"

#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <libavcodec/avcodec.h>
#include <libavformat/avformat.h>

enum { RECORD_MAGIC = 0x52534443, CHUNK = 4096 }; // "RSDC"

struct decode_state;

/// One video packet sent to the decoder.
typedef struct packet_record {
    uint32_t magic;
    uint32_t logged; // error lines its decoding said
    struct decode_state *state;
    int64_t number;  // in decode order
    double pts;      // presentation time; NAN unknown
    int damaged;
} packet_record;

typedef struct decode_state {
    pthread_mutex_t lock;
    packet_record **chunks; // CHUNK records each, never moved: decoder threads hold pointers into them
    size_t chunk_count, chunk_capacity;
    int64_t packets;
    int64_t damaged;             // packets whose decoding logged an error or came out concealed
    int64_t refused;             // errors returned by avcodec_send_packet/receive_frame (first pass)
    double refused_first;        // the time of the packet being sent at the first refusal; NAN unknown
    char refused_message[128];
    const packet_record *first;  // the damaged packet shown first (earliest presentation time)
    char message[256];           // the first error line of `first`
} decode_state;

/// The order in which damaged packets are "first": presentation time, then decode order.
static int shown_before(const packet_record *a, const packet_record *b) {
    double ta = isnan(a->pts) ? INFINITY : a->pts, tb = isnan(b->pts) ? INFINITY : b->pts;
    return ta < tb || (ta == tb && a->number < b->number);
}

/// Marks `record` damaged (under the state's lock); `line` is its decoder's words, if any.
static void mark_damaged(decode_state *state, packet_record *record, const char *line) {
    if (!record->damaged) {
        record->damaged = 1;
        state->damaged++;
        if (!state->first || shown_before(record, state->first)) {
            state->first = record;
            state->message[0] = 0;
        }
    }
    if (line && record == state->first && !state->message[0]) {
        snprintf(state->message, sizeof state->message, "%s", line);
        size_t n = strlen(state->message);
        while (n > 0 && (state->message[n - 1] == '\n' || state->message[n - 1] == ' ')) state->message[--n] = 0;
    }
}

/// The log hook (rs_av_log.h): a line said while a packet of ours decodes is charged to it.
static int decode_log(void *avcl, const char *format, va_list arguments) {
    if (!avcl) return 0;
    const AVClass *class = *(const AVClass **)avcl;
    if (class != avcodec_get_class()) return 0;
    packet_record *record = ((AVCodecContext *)avcl)->opaque;
    if (!record || record->magic != RECORD_MAGIC) return 0;
    char line[256];
    vsnprintf(line, sizeof line, format, arguments);
    decode_state *state = record->state;
    pthread_mutex_lock(&state->lock);
    record->logged++;
    mark_damaged(state, record, line);
    pthread_mutex_unlock(&state->lock);
    return 1;
}

static double seconds(int64_t ts, AVRational base) { return ts == AV_NOPTS_VALUE ? NAN : (double)ts * av_q2d(base); }

/// A new record for the next packet; NULL when out of memory.
static packet_record *next_record(decode_state *state, double pts) {
    size_t chunk = (size_t)(state->packets / CHUNK), slot = (size_t)(state->packets % CHUNK);
    if (chunk == state->chunk_count) {
        if (state->chunk_count == state->chunk_capacity) {
            size_t capacity = state->chunk_capacity ? 2 * state->chunk_capacity : 16;
            packet_record **chunks = realloc(state->chunks, capacity * sizeof *chunks);
            if (!chunks) return NULL;
            state->chunks = chunks;
            state->chunk_capacity = capacity;
        }
        packet_record *records = calloc(CHUNK, sizeof *records);
        if (!records) return NULL;
        state->chunks[state->chunk_count++] = records;
    }
    packet_record *record = &state->chunks[chunk][slot];
    *record = (packet_record){.magic = RECORD_MAGIC, .state = state, .number = state->packets, .pts = pts};
    state->packets++;
    return record;
}

static void free_records(decode_state *state) {
    for (size_t i = 0; i < state->chunk_count; i++) free(state->chunks[i]);
    free(state->chunks);
    state->chunks = NULL;
    state->chunk_count = state->chunk_capacity = 0;
}

/// The record of the packet a frame of presentation time `pts` came from, among the latest sent
/// (decoders reorder only a few frames); NULL when none matches.
static packet_record *record_at(decode_state *state, double pts) {
    if (isnan(pts)) return NULL;
    for (int64_t k = state->packets - 1; k >= 0 && k >= state->packets - 256; k--) {
        packet_record *record = &state->chunks[k / CHUNK][k % CHUNK];
        if (record->pts == pts) return record;
    }
    return NULL;
}

/// An error the decoder returned. On one thread it is the packet just sent (`record`), which is
/// marked damaged; with frame threads it belongs to an earlier packet, and is only counted.
static void refused(decode_state *state, int err, packet_record *record, int one_thread) {
    char reason[128];
    av_strerror(err, reason, sizeof reason);
    pthread_mutex_lock(&state->lock);
    if (one_thread && record) {
        mark_damaged(state, record, reason);
    } else if (state->refused++ == 0) {
        state->refused_first = record ? record->pts : NAN;
        snprintf(state->refused_message, sizeof state->refused_message, "%s", reason);
    }
    pthread_mutex_unlock(&state->lock);
}

/// Takes every frame the decoder has ready. With `concealed`, a frame that came out with errors
/// concealed marks its packet damaged (on one thread only: with frame threads it is timing).
static void drain(AVCodecContext *decoder, AVFrame *frame, AVRational base, decode_state *state, int concealed,
                  packet_record *sent, int64_t *frames) {
    int err;
    while ((err = avcodec_receive_frame(decoder, frame)) >= 0) {
        (*frames)++;
        if (concealed && (frame->decode_error_flags || (frame->flags & AV_FRAME_FLAG_CORRUPT))) {
            double at = seconds(frame->best_effort_timestamp, base);
            pthread_mutex_lock(&state->lock);
            packet_record *record = record_at(state, at);
            if (record) mark_damaged(state, record, "a frame decoded with errors concealed");
            pthread_mutex_unlock(&state->lock);
        }
        av_frame_unref(frame);
    }
    if (err != AVERROR(EAGAIN) && err != AVERROR_EOF) refused(state, err, sent, concealed);
}

/// One pass over the file: every video packet sent to a decoder of `threads` threads, each charged
/// with what its decoding logged (and, with `concealed`, its frames concealed).
static rs_av_status decode_pass(rs_source *src, const char *name, rs_deadline *budget, int threads, int concealed,
                                decode_state *state, int64_t *frames, char *message, size_t message_size) {
    AVFormatContext *fmt = NULL;
    rs_claims claims;
    int err = rs_open_checked(src, name, budget, NULL, &claims, &fmt);
    if (err < 0) return rs_open_failure(err, &claims, budget, message, message_size);
    rs_av_status status = RS_AV_OK;
    AVCodecContext *decoder = NULL;
    AVPacket *pkt = av_packet_alloc();
    AVFrame *frame = av_frame_alloc();
    int index = -1;
    if (!pkt || !frame) {
        status = rs_fail(RS_AV_INTERNAL, message, message_size, "out of memory", 0);
        goto done;
    }
    int type = threads == 1 ? 0 : FF_THREAD_FRAME | FF_THREAD_SLICE;
    // A decoder with threads of its own logs on this context whatever packet they work on: it
    // runs on one thread, in step with the packet records.
    status = rs_open_video_decoder(fmt, threads, type, 1, &index, &decoder, "decode", message, message_size);
    if (status != RS_AV_OK) goto done;
    AVStream *st = fmt->streams[index];
    packet_record *record = NULL;
    while ((err = rs_read_packet(fmt, pkt)) >= 0) {
        if (pkt->stream_index == index) {
            double at = seconds(pkt->pts != AV_NOPTS_VALUE ? pkt->pts : pkt->dts, st->time_base);
            pthread_mutex_lock(&state->lock);
            record = next_record(state, at);
            pthread_mutex_unlock(&state->lock);
            if (!record) {
                status = rs_fail(RS_AV_INTERNAL, message, message_size, "out of memory", 0);
                goto done;
            }
            decoder->opaque = record; // copied into the frame thread that takes this packet
            int sent = avcodec_send_packet(decoder, pkt);
            if (sent < 0 && sent != AVERROR(EAGAIN)) refused(state, sent, record, concealed);
            drain(decoder, frame, st->time_base, state, concealed, record, frames);
        }
        av_packet_unref(pkt);
    }
    if (rs_deadline_passed(budget)) {
        status = rs_fail(RS_AV_TIMEOUT, message, message_size, "gave up: it took longer than its time budget (--timeout)", 0);
        goto done;
    }
    if (err != AVERROR_EOF) refused(state, err, NULL, 0); // the file ends inside a packet
    avcodec_send_packet(decoder, NULL);
    drain(decoder, frame, st->time_base, state, concealed, NULL, frames);

done:
    avcodec_free_context(&decoder); // joins the decoder's threads: no log line arrives after this
    av_frame_free(&frame);
    av_packet_free(&pkt);
    rs_close_input(&fmt);
    return status;
}

rs_av_status rs_av_decode_descriptor(int fd, const char *name, int threads, double timeout_seconds,
                                     rs_av_decode_result *result, char *message, size_t message_size) {
    rs_av_init();
    memset(result, 0, sizeof *result);
    result->first_error_seconds = -1;
    message[0] = 0;
    rs_av_log_set_hook(decode_log);
    rs_source src;
    rs_av_status opened = rs_source_of_descriptor(fd, &src, message, message_size);
    if (opened != RS_AV_OK) return opened;
    rs_deadline budget;
    rs_start_budget(&src, &budget, timeout_seconds);
    src.byte_budget = INT64_MAX / 2; // decoding reads the file, once or twice, however large

    rs_av_status status = RS_AV_OK;
    for (int pass = 1; pass <= 2; pass++) {
        src.position = 0; // the second pass reads from the start again
        decode_state state;
        memset(&state, 0, sizeof state);
        state.refused_first = NAN;
        pthread_mutex_init(&state.lock, NULL);
        int64_t frames = 0;
        rs_av_status done = decode_pass(&src, name, &budget, pass == 1 ? threads : 1, pass == 2, &state, &frames,
                                        message, message_size);
        if (done == RS_AV_OK) { // the second pass's answer replaces the first's
            result->frames = frames;
            result->packets = state.packets;
            // Damaged packets; refusals the first pass could not tie to a packet, when more.
            result->errors = state.damaged > state.refused ? state.damaged : state.refused;
            double first = state.first ? state.first->pts : state.refused_first;
            result->first_error_seconds = isnan(first) ? -1 : first < 0 ? 0 : first;
            snprintf(result->message, sizeof result->message, "%s",
                     state.first && state.message[0] ? state.message : state.refused_message);
        } else if (pass == 1 || done != RS_AV_TIMEOUT) {
            status = done; // a second pass out of time keeps the first pass's answer
        } else {
            message[0] = 0;
        }
        int clean = state.damaged == 0 && state.refused == 0;
        free_records(&state);
        pthread_mutex_destroy(&state.lock);
        if (done != RS_AV_OK || clean) break;
    }
    return status;
}
