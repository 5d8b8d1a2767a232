// rs_fix_output.c: see rs_fix_output.h.
#include "rs_fix_output.h"
#include "rs_av_compat.h"
#include "rs_io.h"

#include <errno.h>
#include <stdio.h>
#include <sys/stat.h>

#include <libavformat/avformat.h>

typedef struct out_file {
    rs_fix_output *target;
    int64_t position;
} out_file;

static int out_failed(out_file *f, int error) {
    if (!f->target->error) f->target->error = error;
    return AVERROR(error);
}

static int out_write(void *opaque, rs_avio_write_byte *buf, int size) {
    out_file *f = opaque;
    int error = rs_io_write(f->target->fd, buf, (size_t)size, f->position);
    if (error) return out_failed(f, error);
    f->position += size;
    return size;
}

static int out_read(void *opaque, uint8_t *buf, int size) {
    out_file *f = opaque;
    ssize_t n = rs_io_read(f->target->fd, buf, (size_t)size, f->position);
    if (n < 0) return out_failed(f, errno);
    if (n == 0) return AVERROR_EOF;
    f->position += n;
    return (int)n;
}

static int64_t out_seek(void *opaque, int64_t offset, int whence) {
    out_file *f = opaque;
    struct stat sb;
    switch (whence & ~AVSEEK_FORCE) {
    case AVSEEK_SIZE: return fstat(f->target->fd, &sb) == 0 ? sb.st_size : AVERROR(errno);
    case SEEK_SET: f->position = offset; break;
    case SEEK_CUR: f->position += offset; break;
    case SEEK_END:
        if (fstat(f->target->fd, &sb) != 0) return AVERROR(errno);
        f->position = sb.st_size + offset;
        break;
    default: return AVERROR(EINVAL);
    }
    return f->position;
}

enum { IO_BUFFER = 256 * 1024 };

static AVIOContext *out_context(rs_fix_output *target, int writable) {
    out_file *f = av_mallocz(sizeof *f);
    uint8_t *buffer = av_malloc(IO_BUFFER);
    AVIOContext *io = f && buffer ? avio_alloc_context(buffer, IO_BUFFER, writable, f, out_read, out_write, out_seek) : NULL;
    if (!io) {
        av_free(f);
        av_free(buffer);
        return NULL;
    }
    f->target = target;
    return io;
}

static void out_context_free(AVIOContext **io) {
    if (!*io) return;
    av_freep(&(*io)->opaque);
    av_freep(&(*io)->buffer);
    avio_context_free(io);
}

// The MP4 muxer reopens its output to move the index to the front: the same descriptor.
static int out_io_open(AVFormatContext *s, AVIOContext **pb, const char *url, int flags, AVDictionary **options) {
    (void)url;
    (void)options;
    *pb = out_context(s->opaque, (flags & AVIO_FLAG_WRITE) != 0);
    return *pb ? 0 : AVERROR(ENOMEM);
}

static int out_io_close2(AVFormatContext *s, AVIOContext *pb) {
    avio_flush(pb);
    out_context_free(&pb);
    return 0;
}

AVIOContext *rs_fix_output_attach(AVFormatContext *out, rs_fix_output *target) {
    AVIOContext *io = out_context(target, 1);
    if (!io) return NULL;
    out->pb = io;
    out->flags |= AVFMT_FLAG_CUSTOM_IO;
    out->opaque = target;
    out->io_open = out_io_open;
    out->io_close2 = out_io_close2;
    return io;
}

void rs_fix_output_free(AVIOContext **io) { out_context_free(io); }
