// rs_av_source.c: see rs_av_source.h.
#include "rs_av_source.h"
#include "rs_io.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

#include <libavformat/avformat.h>
#include <libavutil/time.h>

int rs_deadline_passed(const rs_deadline *d) { return d && d->at > 0 && av_gettime_relative() > d->at; }

static int interrupt_callback(void *opaque) { return rs_deadline_passed(opaque); }

rs_av_status rs_source_of_descriptor(int fd, rs_source *src, char *message, size_t message_size) {
    int64_t size = rs_io_regular_size(fd);
    *src = (rs_source){.fd = fd, .data = NULL, .size = size < 0 ? 0 : size};
    return size < 0 ? rs_fail(RS_AV_UNREADABLE, message, message_size, "not a regular file", 0) : RS_AV_OK;
}

rs_source rs_source_of_memory(const uint8_t *data, size_t size) {
    return (rs_source){.fd = -1, .data = data, .size = (int64_t)size};
}

int rs_read_at(const rs_source *src, int64_t offset, uint8_t *buffer, size_t length) {
    if (offset < 0 || offset > src->size || (int64_t)length > src->size - offset) return 0;
    if (src->data) {
        if (length > 0) memcpy(buffer, src->data + offset, length);
        return 1;
    }
    return rs_io_read(src->fd, buffer, length, offset) == (ssize_t)length;
}

int rs_window_read(rs_window *window, int64_t offset, uint8_t *buffer, size_t length) {
    const rs_source *src = window->src;
    if (offset < 0 || offset > src->size || (int64_t)length > src->size - offset) return 0;
    if (length > sizeof window->data / 2) return rs_read_at(src, offset, buffer, length);
    if (window->start < 0 || offset < window->start || offset + (int64_t)length > window->start + (int64_t)window->length) {
        int64_t left = src->size - offset;
        size_t fill = left < (int64_t)sizeof window->data ? (size_t)left : sizeof window->data;
        if (!rs_read_at(src, offset, window->data, fill)) {
            window->start = -1;
            return 0;
        }
        window->start = offset;
        window->length = fill;
    }
    memcpy(buffer, window->data + (offset - window->start), length);
    return 1;
}

static int avio_read_source(void *opaque, uint8_t *buffer, int size) {
    rs_source *src = opaque;
    if (rs_deadline_passed(src->deadline)) return AVERROR_EXIT;
    if (src->bytes_read > src->byte_budget) return AVERROR(EFBIG);
    if (src->position >= src->size) return AVERROR_EOF;
    int64_t left = src->size - src->position;
    size_t n = (size_t)(left < size ? left : size);
    if (!rs_read_at(src, src->position, buffer, n)) return AVERROR(EIO);
    src->position += (int64_t)n;
    src->bytes_read += (int64_t)n;
    return (int)n;
}

static int64_t avio_seek_source(void *opaque, int64_t offset, int whence) {
    rs_source *src = opaque;
    whence &= ~AVSEEK_FORCE;
    if (whence == AVSEEK_SIZE) return src->size;
    int64_t base = whence == SEEK_SET ? 0 : whence == SEEK_CUR ? src->position : whence == SEEK_END ? src->size : -1;
    if (base < 0 || offset > INT64_MAX - base || base + offset < 0) return AVERROR(EINVAL);
    src->position = base + offset;
    return src->position;
}

// Demuxers that follow references (HLS playlists, concat lists, image sequences) may not open
// anything: a probe reads the one file it was given.
static int refuse_io_open(struct AVFormatContext *s, AVIOContext **pb, const char *url, int flags,
                          AVDictionary **options) {
    return AVERROR(EPERM);
}

enum { AVIO_BUFFER = 64 * 1024 };

int rs_open_input(rs_source *src, const char *name, rs_deadline *budget, AVDictionary **options, const AVInputFormat *format,
                  AVFormatContext **out) {
    *out = NULL;
    AVFormatContext *fmt = avformat_alloc_context();
    uint8_t *buffer = av_malloc(AVIO_BUFFER);
    AVIOContext *io =
        buffer ? avio_alloc_context(buffer, AVIO_BUFFER, 0, src, avio_read_source, NULL, avio_seek_source) : NULL;
    if (!fmt || !io) {
        avformat_free_context(fmt);
        if (io) av_freep(&io->buffer);
        else av_free(buffer);
        avio_context_free(&io);
        return AVERROR(ENOMEM);
    }
    fmt->pb = io;
    fmt->flags |= AVFMT_FLAG_CUSTOM_IO;
    fmt->io_open = refuse_io_open;
    fmt->interrupt_callback.callback = interrupt_callback;
    fmt->interrupt_callback.opaque = budget;
    // The name is only a hint for format probing; FFmpeg opens nothing by it (custom I/O).
    int err = avformat_open_input(&fmt, name, format, options);
    if (err < 0) {
        // avformat_open_input freed fmt; the I/O context is still ours.
        av_freep(&io->buffer);
        avio_context_free(&io);
        return err;
    }
    *out = fmt;
    return 0;
}

void rs_close_input(AVFormatContext **fmt) {
    if (!*fmt) return;
    AVIOContext *io = (*fmt)->pb;
    avformat_close_input(fmt); // with AVFMT_FLAG_CUSTOM_IO, the I/O context stays ours to free
    if (io) av_freep(&io->buffer);
    avio_context_free(&io);
}

int rs_read_packet(AVFormatContext *fmt, AVPacket *pkt) {
    if (fmt->interrupt_callback.callback && fmt->interrupt_callback.callback(fmt->interrupt_callback.opaque))
        return AVERROR_EXIT;
    int err = av_read_frame(fmt, pkt);
    if (err < 0 || !fmt->pb || !(fmt->flags & AVFMT_FLAG_CUSTOM_IO)) return err;
    rs_source *src = fmt->pb->opaque;
    src->bytes_read += (int64_t)pkt->size + 16;
    if (rs_bytes_spent(src)) {
        av_packet_unref(pkt);
        return AVERROR(EFBIG);
    }
    return err;
}

int rs_bytes_spent(const rs_source *src) { return src->bytes_read > src->byte_budget; }

rs_av_demuxer_kind rs_demuxer_kind(const AVFormatContext *fmt) {
    const char *name = fmt->iformat->name;
    size_t length = strlen(name);
    if (strcmp(name, "mov,mp4,m4a,3gp,3g2,mj2") == 0) return RS_AV_DEMUXER_ISO;
    if (strcmp(name, "matroska,webm") == 0) return RS_AV_DEMUXER_MATROSKA;
    if (strcmp(name, "mpegts") == 0) return RS_AV_DEMUXER_MPEGTS;
    if (strcmp(name, "tty") == 0) return RS_AV_DEMUXER_TTY;
    if (strcmp(name, "image2") == 0) return RS_AV_DEMUXER_IMAGE_FILE;
    if (length > 5 && strcmp(name + length - 5, "_pipe") == 0) return RS_AV_DEMUXER_IMAGE_PIPE;
    return RS_AV_DEMUXER_OTHER;
}

void rs_deadline_start(rs_deadline *d, double timeout_seconds) {
    // Budgets over a billion seconds mean none (and would overflow the clock arithmetic).
    d->at = timeout_seconds > 0 && timeout_seconds < 1e9 ? av_gettime_relative() + (int64_t)(timeout_seconds * 1e6) : 0;
}

void rs_start_budget(rs_source *src, rs_deadline *budget, double timeout_seconds) {
    rs_deadline_start(budget, timeout_seconds);
    src->deadline = budget;
    // Reading the file three times over is plenty for any probe, deep ones included.
    src->byte_budget = src->size < INT64_MAX / 4 ? 3 * src->size + (16 << 20) : INT64_MAX;
}

rs_av_status rs_fail(rs_av_status status, char *message, size_t size, const char *text, int err) {
    if (err == 0) {
        snprintf(message, size, "%s", text);
        return status;
    }
    char reason[128];
    av_strerror(err, reason, sizeof reason);
    if (reason[0] >= 'A' && reason[0] <= 'Z') reason[0] = (char)(reason[0] - 'A' + 'a');
    snprintf(message, size, "%s: %s", text, reason);
    return status;
}
