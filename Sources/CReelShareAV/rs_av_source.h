// rs_av_source: the bytes of one file, inside CReelShareAV only. A file (read with pread on the
// caller's descriptor) or a buffer in memory (fuzzing), seen the same way by the structure
// walkers (rs_av_iso.c, rs_av_ebml.c, rs_av_sniff.c) and, through a custom AVIOContext, by FFmpeg;
// its time and byte budgets; and the one way a failure is worded. It uses none of its users.
#ifndef RS_AV_SOURCE_H
#define RS_AV_SOURCE_H

#include <stddef.h>
#include <stdint.h>

#include "rs_av.h"

struct AVFormatContext;

typedef struct rs_deadline {
    int64_t at; // av_gettime_relative() microseconds; 0: none
} rs_deadline;

int rs_deadline_passed(const rs_deadline *d);
/// Sets `d` to `timeout_seconds` from now (0, or a billion seconds or more: none).
void rs_deadline_start(rs_deadline *d, double timeout_seconds);

typedef struct rs_source {
    int fd;              // a file, or -1
    const uint8_t *data; // or memory
    int64_t size;
    int64_t position;    // FFmpeg's read position
    int64_t bytes_read;  // by FFmpeg and the walkers, against the byte budget
    int64_t byte_budget;
    const rs_deadline *deadline;
} rs_source;

/// A source over the regular file open on `fd`; RS_AV_UNREADABLE ("not a regular file") otherwise.
rs_av_status rs_source_of_descriptor(int fd, rs_source *src, char *message, size_t message_size);
/// A source over `size` bytes in memory.
rs_source rs_source_of_memory(const uint8_t *data, size_t size);

/// Reads exactly `length` bytes at `offset`; 0 when they are not all in the file.
int rs_read_at(const rs_source *src, int64_t offset, uint8_t *buffer, size_t length);

/// Reads through a window of the file: the walks that read many small headers in order (a
/// Matroska file's Cues and Tags) cost a pread per window, not one per header.
typedef struct rs_window {
    const rs_source *src;
    int64_t start;  // of what `data` holds; -1: nothing yet
    size_t length;
    uint8_t data[16384];
} rs_window;

/// rs_read_at through `window`: from what it holds, else refilled at `offset`. A read longer than
/// half the window goes straight to the file.
int rs_window_read(rs_window *window, int64_t offset, uint8_t *buffer, size_t length);

/// Starts the time budget (<= 0: none) and the byte budget of one file.
void rs_start_budget(rs_source *src, rs_deadline *budget, double timeout_seconds);
/// Opens the source with libavformat through a custom AVIOContext that reads only the source and
/// follows no references, with the demuxer `options` (may be NULL) and the demuxer `format` (NULL:
/// FFmpeg's probe chooses); returns FFmpeg's error code.
/// rs_close_input frees both. Callers open through rs_open_checked (rs_av_claims.h), which holds
/// what the file claims to its bytes first.
struct AVDictionary;
struct AVInputFormat;
int rs_open_input(rs_source *src, const char *name, rs_deadline *budget, struct AVDictionary **options,
                  const struct AVInputFormat *format, struct AVFormatContext **out);
void rs_close_input(struct AVFormatContext **fmt);
/// av_read_frame on an input rs_open_input opened, within its budgets: the time budget checked
/// before every packet (FFmpeg serves packets from its buffer without a read, where its interrupt
/// callback is never asked), and each packet charged to the byte budget, its size and 16 bytes
/// (a demuxer works for a packet of no bytes too). AVERROR_EXIT or AVERROR(EFBIG) when spent.
struct AVPacket;
int rs_read_packet(struct AVFormatContext *fmt, struct AVPacket *pkt);
/// Whether the byte budget is spent.
int rs_bytes_spent(const rs_source *src);
/// Which demuxer FFmpeg chose for `fmt`: the one place its names are compared.
rs_av_demuxer_kind rs_demuxer_kind(const struct AVFormatContext *fmt);

/// Writes `text` (and FFmpeg's words for `err`, unless 0) to `message`; returns `status`.
rs_av_status rs_fail(rs_av_status status, char *message, size_t size, const char *text, int err);

/// What a budget that ran out says.
#define RS_TIMEOUT_TEXT "gave up: it took longer than its time budget (--timeout)"
#define RS_BYTES_TEXT "gave up: reading it took more than three times its bytes (its packets served again and again?)"

static inline uint32_t rs_be16(const uint8_t *p) { return ((uint32_t)p[0] << 8) | p[1]; }
static inline uint32_t rs_be32(const uint8_t *p) {
    return ((uint32_t)p[0] << 24) | ((uint32_t)p[1] << 16) | ((uint32_t)p[2] << 8) | p[3];
}
static inline uint64_t rs_be64(const uint8_t *p) { return ((uint64_t)rs_be32(p) << 32) | rs_be32(p + 4); }

#define RS_FOURCC(a, b, c, d) \
    (((uint32_t)(a) << 24) | ((uint32_t)(b) << 16) | ((uint32_t)(c) << 8) | (uint32_t)(d))

#endif
