// rs_av.c: probe a video or audio file with libavformat, cheaply, and tell the truth about it.
//
// The default probe reads container headers (avformat_open_input) and the codec configuration
// records the container already carries (rs_av_codec.c), plus the container facts FFmpeg does not
// expose (rs_av_iso.c for MP4/MOV, rs_av_ebml.c for Matroska/WebM). avformat_find_stream_info,
// which decodes frames, runs only when the headers leave a field unknown (MPEG-TS, FLV, AVI...);
// the streams are chosen after it, since some formats only declare them once packets are read.
// Where the container states no duration, the end of the media is read: the last Matroska
// Cluster, the movie fragments, or (only then) every packet.
#include "rs_av.h"
#include "rs_av_compat.h"
#include "rs_av_internal.h"

#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>

#include <libavcodec/avcodec.h>
#include <libavformat/avformat.h>
#include <libavutil/avutil.h>
#include <libavutil/display.h>
#include <libavutil/pixdesc.h>
#include <libavutil/time.h>

// MARK: - Set-up and FFmpeg's log

static pthread_once_t rs_av_once = PTHREAD_ONCE_INIT;
static char rs_av_format_version_text[32];
static char rs_av_codec_version_text[32];

// FFmpeg says why it refuses a file only in its log. A probe collects the first error line said
// on its own thread while FFmpeg works for it (thread-local: probes run in parallel).
static _Thread_local char *log_capture;
static _Thread_local size_t log_capture_size;

static void rs_log(void *avcl, int level, const char *format, va_list arguments) {
    if (level > AV_LOG_ERROR) return;
    if (rs_av_decode_log(avcl, format, arguments)) return;
    if (!log_capture || log_capture[0]) return;
    vsnprintf(log_capture, log_capture_size, format, arguments);
    size_t n = strlen(log_capture);
    while (n > 0 && (log_capture[n - 1] == '\n' || log_capture[n - 1] == '.' || log_capture[n - 1] == ' '))
        log_capture[--n] = 0;
    if (log_capture[0] >= 'A' && log_capture[0] <= 'Z') log_capture[0] = (char)(log_capture[0] - 'A' + 'a');
}

static void rs_av_init_once(void) {
    av_log_set_level(AV_LOG_ERROR);
    av_log_set_callback(rs_log);
    unsigned f = avformat_version(), c = avcodec_version();
    snprintf(rs_av_format_version_text, sizeof rs_av_format_version_text, "%u.%u.%u", AV_VERSION_MAJOR(f),
             AV_VERSION_MINOR(f), AV_VERSION_MICRO(f));
    snprintf(rs_av_codec_version_text, sizeof rs_av_codec_version_text, "%u.%u.%u", AV_VERSION_MAJOR(c),
             AV_VERSION_MINOR(c), AV_VERSION_MICRO(c));
}

void rs_av_init(void) { pthread_once(&rs_av_once, rs_av_init_once); }

const char *rs_av_format_version(void) {
    rs_av_init();
    return rs_av_format_version_text;
}

const char *rs_av_codec_version(void) {
    rs_av_init();
    return rs_av_codec_version_text;
}

const char *rs_av_ffmpeg_version(void) { return av_version_info(); }
const char *rs_av_format_built_version(void) { return RS_AVFORMAT_BUILT_VERSION; }
const char *rs_av_codec_built_version(void) { return RS_AVCODEC_BUILT_VERSION; }
const char *rs_av_ffmpeg_built_version(void) { return RS_FFMPEG_BUILT_VERSION; }

// MARK: - The source, seen by the walkers and, through a custom AVIOContext, by FFmpeg

int rs_deadline_passed(const rs_deadline *d) { return d && d->at > 0 && av_gettime_relative() > d->at; }

static int interrupt_callback(void *opaque) { return rs_deadline_passed(opaque); }

int rs_read_at(const rs_source *src, int64_t offset, uint8_t *buffer, size_t length) {
    if (offset < 0 || offset > src->size || (int64_t)length > src->size - offset) return 0;
    if (src->data) {
        if (length > 0) memcpy(buffer, src->data + offset, length);
        return 1;
    }
    size_t done = 0;
    while (done < length) {
        ssize_t n = pread(src->fd, buffer + done, length - done, (off_t)(offset + (int64_t)done));
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) return 0;
        done += (size_t)n;
    }
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

enum { AVIO_BUFFER = 64 * 1024, MAX_STREAMS = 100, MAX_DIMENSION = 16384 };

int rs_open_input(rs_source *src, const char *name, rs_deadline *budget, AVFormatContext **out) {
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
    int err = avformat_open_input(&fmt, name, NULL, NULL);
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

void rs_start_budget(rs_source *src, rs_deadline *budget, double timeout_seconds) {
    // Budgets over a billion seconds mean none (and would overflow the clock arithmetic).
    budget->at = timeout_seconds > 0 && timeout_seconds < 1e9 ? av_gettime_relative() + (int64_t)(timeout_seconds * 1e6)
                                                              : 0;
    src->deadline = budget;
    // Reading the file three times over is plenty for any probe, deep ones included.
    src->byte_budget = src->size < INT64_MAX / 4 ? 3 * src->size + (16 << 20) : INT64_MAX;
}

// MARK: - Results

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

static rs_av_status status_for(int err, const rs_deadline *d) {
    if (rs_deadline_passed(d)) return RS_AV_TIMEOUT;
    if (err == AVERROR(ENOENT)) return RS_AV_NOT_FOUND;
    if (err == AVERROR(EACCES) || err == AVERROR(EISDIR) || err == AVERROR(EIO)) return RS_AV_UNREADABLE;
    return RS_AV_CORRUPT; // ENOMEM here means the file asked for an absurd allocation
}

static const char *const TIMEOUT_TEXT = "gave up: it took longer than its time budget (--timeout)";

static const char *profile_name(enum AVCodecID codec, int profile) {
    if (profile < 0) return NULL;
    return avcodec_profile_name(codec, profile);
}

static double rational_or(AVRational q, double otherwise) { return (q.num > 0 && q.den > 0) ? av_q2d(q) : otherwise; }

static const char *pixel_format_name(int chroma, int depth) {
    static const enum AVPixelFormat table[4][3] = {
        {AV_PIX_FMT_GRAY8, AV_PIX_FMT_GRAY10LE, AV_PIX_FMT_GRAY12LE},
        {AV_PIX_FMT_YUV420P, AV_PIX_FMT_YUV420P10LE, AV_PIX_FMT_YUV420P12LE},
        {AV_PIX_FMT_YUV422P, AV_PIX_FMT_YUV422P10LE, AV_PIX_FMT_YUV422P12LE},
        {AV_PIX_FMT_YUV444P, AV_PIX_FMT_YUV444P10LE, AV_PIX_FMT_YUV444P12LE},
    };
    int column = depth == 8 ? 0 : depth == 10 ? 1 : depth == 12 ? 2 : -1;
    if (chroma < 0 || chroma > 3 || column < 0) return NULL;
    return av_get_pix_fmt_name(table[chroma][column]);
}

static const char *field_order_name(enum AVFieldOrder order) {
    switch (order) {
    case AV_FIELD_PROGRESSIVE: return "progressive";
    case AV_FIELD_TT: return "tt";
    case AV_FIELD_BB: return "bb";
    case AV_FIELD_TB: return "tb";
    case AV_FIELD_BT: return "bt";
    default: return NULL;
    }
}

// The layout the bitstream gives (configuration record, frame header) wins over FFmpeg's guess.
static void apply_layout(rs_av_info *info, const rs_video_layout *layout, enum AVCodecID codec) {
    if (layout->chroma >= 0 && layout->bit_depth > 0) {
        const char *name = pixel_format_name(layout->chroma, layout->bit_depth);
        if (name) info->pixel_format = name;
        info->bit_depth = layout->bit_depth;
    }
    if (layout->profile >= 0) info->video_profile = profile_name(codec, layout->profile);
    if (info->sar_num == 0 && layout->sar_num > 0 && layout->sar_den > 0) {
        info->sar_num = layout->sar_num;
        info->sar_den = layout->sar_den;
    }
    if (!info->field_order && layout->scan == 1) info->field_order = "progressive";
}

// Fills the video fields that the container headers already carry.
static void fill_video(const AVStream *st, rs_av_info *info, rs_video_layout *layout) {
    const AVCodecParameters *par = st->codecpar;
    info->has_video = 1;
    info->video_codec = par->codec_id == AV_CODEC_ID_NONE ? NULL : avcodec_get_name(par->codec_id);
    info->width = par->width > 0 ? par->width : -1;
    info->height = par->height > 0 ? par->height : -1;
    info->frame_rate = rational_or(st->avg_frame_rate, -1);
    info->video_bit_rate = par->bit_rate > 0 ? par->bit_rate : -1;
    info->color_transfer = par->color_trc == AVCOL_TRC_UNSPECIFIED ? NULL : av_color_transfer_name(par->color_trc);
    info->color_primaries =
        par->color_primaries == AVCOL_PRI_UNSPECIFIED ? NULL : av_color_primaries_name(par->color_primaries);
    if (par->codec_tag) {
        av_fourcc_make_string(info->codec_tag_storage, par->codec_tag);
        // Only a tag of printable characters is a four-character code (AVI's numeric tags are not).
        int printable = 1;
        for (int i = 0; i < 4; i++)
            if (info->codec_tag_storage[i] < 0x20 || info->codec_tag_storage[i] > 0x7E || info->codec_tag_storage[i] == '[')
                printable = 0;
        info->codec_tag_storage[4] = 0;
        info->video_codec_tag = printable ? info->codec_tag_storage : NULL;
    }
    AVRational sar = st->sample_aspect_ratio.num > 0 ? st->sample_aspect_ratio : par->sample_aspect_ratio;
    if (sar.num > 0 && sar.den > 0) {
        av_reduce(&info->sar_num, &info->sar_den, sar.num, sar.den, 1 << 20);
    }
    info->field_order = field_order_name(par->field_order);

    const uint8_t *extra = par->extradata;
    size_t extra_size = extra ? (size_t)par->extradata_size : 0;
    switch (par->codec_id) {
    case AV_CODEC_ID_H264: rs_parse_avc_config(extra, extra_size, layout); break;
    case AV_CODEC_ID_HEVC: rs_parse_hevc_config(extra, extra_size, layout); break;
    case AV_CODEC_ID_AV1: rs_parse_av1_config(extra, extra_size, layout); break;
    case AV_CODEC_ID_MPEG4: rs_parse_mpeg4_config(extra, extra_size, layout); break;
    case AV_CODEC_ID_VP8: case AV_CODEC_ID_VP9: layout->scan = 1; break;
    default: break;
    }
    if (par->format >= 0) { // some demuxers know it outright (raw video, AVI with a FourCC)
        const AVPixFmtDescriptor *d = av_pix_fmt_desc_get(par->format);
        info->pixel_format = av_get_pix_fmt_name(par->format);
        if (d) info->bit_depth = d->comp[0].depth;
    }
    info->video_profile = profile_name(par->codec_id, layout->profile >= 0 ? layout->profile : par->profile);
    apply_layout(info, layout, par->codec_id);

    rs_stream_orientation(st, &info->rotation, &info->mirrored);
}

int rs_stream_exif_orientation(const AVStream *st) {
    int rotation = 0, mirrored = 0;
    rs_stream_orientation(st, &rotation, &mirrored);
    // Without a flip: the turn. With one: the matrix turns the picture, then flips the result
    // left to right (its x column is negated), so a quarter turn and a flip is a transpose (5)
    // or a transverse (7).
    static const int plain[4] = {1, 6, 3, 8}, flipped[4] = {2, 5, 4, 7};
    int quarter = ((rotation / 90) % 4 + 4) % 4;
    return mirrored ? flipped[quarter] : plain[quarter];
}

void rs_stream_orientation(const AVStream *st, int *rotation, int *mirrored) {
    *rotation = 0;
    *mirrored = 0;
    size_t size = 0;
    const uint8_t *matrix = rs_stream_side_data(st, AV_PKT_DATA_DISPLAYMATRIX, &size);
    if (!matrix || size < 9 * sizeof(int32_t)) return;
    int32_t m[9];
    memcpy(m, matrix, sizeof m);
    // A negative determinant means a reflection (of the picture's x axis, as FFmpeg writes it);
    // undo it to read the rotation.
    if ((int64_t)m[0] * m[4] - (int64_t)m[1] * m[3] < 0) {
        *mirrored = 1;
        m[0] = -m[0];
        m[3] = -m[3];
        m[6] = -m[6];
    }
    double ccw = av_display_rotation_get(m);
    if (ccw == ccw) { // not NaN
        long clockwise = lround(-ccw);
        clockwise = ((clockwise % 360) + 360) % 360;
        *rotation = (int)(((clockwise + 45) / 90 * 90) % 360);
    }
}

static void fill_audio(const AVStream *st, rs_av_info *info) {
    const AVCodecParameters *par = st->codecpar;
    info->has_audio = 1;
    info->audio_codec = par->codec_id == AV_CODEC_ID_NONE ? NULL : avcodec_get_name(par->codec_id);
    info->sample_rate = par->sample_rate > 0 ? par->sample_rate : -1;
    info->channels = par->ch_layout.nb_channels > 0 ? par->ch_layout.nb_channels : -1;
    info->audio_bit_rate = par->bit_rate > 0 ? par->bit_rate : -1;
}

/// `bytes` over `seconds` in bits per second, rounded; -1 when that is no rate (both come from
/// the file: a 50 MB clip that says it lasts a nanosecond would overflow the conversion).
static int64_t bit_rate(int64_t bytes, double seconds, int rounded) {
    double rate = (double)bytes * 8 / seconds;
    if (!(seconds > 0 && rate >= 0 && rate < 1e15)) return -1;
    return rounded ? (int64_t)llround(rate) : (int64_t)rate; // a file's: truncated, as FFmpeg's own
}

/// A Matroska stream's DURATION tag ("01:02:03.456000000"), in seconds; < 0 when absent or odd.
static double tagged_duration(const AVStream *st) {
    const AVDictionaryEntry *tag = av_dict_get(st->metadata, "DURATION", NULL, 0);
    unsigned hours, minutes, seconds;
    char fraction[16] = {0};
    int used = 0;
    if (!tag || sscanf(tag->value, "%6u:%2u:%2u.%15[0-9]%n", &hours, &minutes, &seconds, fraction, &used) != 4 ||
        tag->value[used] != 0 || minutes > 59 || seconds > 59)
        return -1;
    // Whole nanoseconds, so that "00:00:02.736000000" is the double nearest 2.736.
    int64_t nanos = 0;
    for (int i = 0; i < 9; i++) nanos = nanos * 10 + (fraction[i] ? fraction[i] - '0' : 0);
    if (fraction[0] == 0) return -1;
    int64_t total = ((int64_t)hours * 3600 + minutes * 60 + seconds) * 1000000000 + nanos;
    return total > 0 ? (double)total / 1e9 : -1;
}

/// A stream's own length from the container, in seconds; < 0 unknown.
static double stream_duration(const AVStream *st) {
    if (st->duration == AV_NOPTS_VALUE || st->duration <= 0 || st->time_base.den <= 0) return -1;
    return (double)st->duration * av_q2d(st->time_base);
}

// VP8 and VP9 keep their pixel layout in each key frame's header, read from the first packet.
static int layout_in_frame_header(enum AVCodecID id) { return id == AV_CODEC_ID_VP8 || id == AV_CODEC_ID_VP9; }

static int needs_stream_info(const rs_av_info *info, const AVFormatContext *fmt, enum AVCodecID video) {
    if (fmt->nb_streams == 0) return 1;
    if (info->duration_seconds < 0 && !info->duration_from) return 1;
    if (info->has_video && (!info->video_codec || info->width <= 0 || info->height <= 0 || info->frame_rate <= 0 ||
                            (!info->pixel_format && !layout_in_frame_header(video))))
        return 1;
    if (info->has_audio && (!info->audio_codec || info->sample_rate <= 0 || info->channels <= 0)) return 1;
    return 0;
}

// MARK: - Reading packets

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

typedef struct scan_result {
    double video_end;   // seconds from the first packet to the last packet's end; < 0 unknown
    double audio_end;
    int error;          // a read error other than the end of the file
} scan_result;

enum { MAX_PTS = 1 << 22 };

/// Reads packets. The first video packet fills in what only the frame header says (VP8/VP9 layout,
/// H.264 field order); `deep` reads them all for keyframes, frame rate constancy, the first
/// frame's decoding and each stream's end; `lengths` reads them all for the ends alone.
static scan_result scan_packets(AVFormatContext *fmt, int video, int audio, int deep, int lengths, rs_av_info *info,
                                rs_video_layout *layout) {
    scan_result result = {-1, -1, 0};
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
    if (st && codec == AV_CODEC_ID_H264 && layout->scan == 0 && !info->field_order) {
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
    int64_t *pts = deep ? malloc(sizeof(int64_t) * 4096) : NULL;
    size_t pts_count = 0, pts_capacity = pts ? 4096 : 0;
    // Timestamps come from the file and may be anything: differences are taken in double.
    int64_t last_key = AV_NOPTS_VALUE;
    double max_gap = 0;
    double start[2] = {HUGE_VAL, HUGE_VAL}, end[2] = {-HUGE_VAL, -HUGE_VAL};
    int header_parsed = 0, decode_tries = 0, ret = 0;

    while ((ret = av_read_frame(fmt, pkt)) >= 0) {
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
            if (stop > end[which]) end[which] = stop;
        }
        if (which == 1) {
            av_packet_unref(pkt);
            continue;
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
                    info->field_order = "progressive";
                else
                    info->field_order = field_order_name(parser->field_order);
            }
            if (!deep && !lengths) {
                av_packet_unref(pkt);
                break;
            }
        }
        if (deep) {
            info->video_packets++;
            if ((pkt->flags & AV_PKT_FLAG_KEY) && ts != AV_NOPTS_VALUE) {
                info->keyframes++;
                if (last_key != AV_NOPTS_VALUE) {
                    double gap = ((double)ts - (double)last_key) * av_q2d(st->time_base);
                    if (gap > max_gap) max_gap = gap;
                }
                last_key = ts;
            }
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
    int read_all = deep || lengths;
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

// MARK: - Probe

static void reset_info(rs_av_info *info) {
    memset(info, 0, sizeof *info);
    info->duration_seconds = info->video_duration_seconds = info->audio_duration_seconds = -1;
    info->start_seconds = -1;
    info->format_bit_rate = info->video_bit_rate = info->audio_bit_rate = -1;
    info->width = info->height = info->bit_depth = info->sample_rate = info->channels = -1;
    info->frame_rate = -1;
    info->fast_start = info->edit_list = -1;
}

static rs_av_status probe_source(rs_source *src, const char *name, int deep, double timeout_seconds,
                                 rs_av_info *info, char *message, size_t message_size);

rs_av_status rs_av_probe_memory(const uint8_t *data, size_t size, int deep, double timeout_seconds, rs_av_info *info,
                                char *message, size_t message_size) {
    rs_av_init();
    reset_info(info);
    message[0] = 0;
    rs_source src = {.fd = -1, .data = data, .size = (int64_t)size};
    return probe_source(&src, "", deep, timeout_seconds, info, message, message_size);
}

rs_av_status rs_av_probe_descriptor(int fd, const char *name, int deep, double timeout_seconds, rs_av_info *info,
                                    char *message, size_t message_size) {
    rs_av_init();
    reset_info(info);
    message[0] = 0;
    struct stat sb;
    if (fstat(fd, &sb) != 0 || !S_ISREG(sb.st_mode)) return rs_fail(RS_AV_UNREADABLE, message, message_size, "not a regular file", 0);
    rs_source src = {.fd = fd, .data = NULL, .size = sb.st_size};
    return probe_source(&src, name, deep, timeout_seconds, info, message, message_size);
}

void rs_first_streams(const AVFormatContext *fmt, int *video, int *audio) {
    *video = *audio = -1;
    for (unsigned i = 0; i < fmt->nb_streams; i++) {
        const AVStream *st = fmt->streams[i];
        enum AVMediaType type = st->codecpar->codec_type;
        if (type == AVMEDIA_TYPE_VIDEO && !(st->disposition & AV_DISPOSITION_ATTACHED_PIC) && *video < 0) *video = (int)i;
        if (type == AVMEDIA_TYPE_AUDIO && *audio < 0) *audio = (int)i;
    }
}

/// Chooses the streams (rs_first_streams) and counts them.
static void choose_streams(const AVFormatContext *fmt, rs_av_info *info, int *video, int *audio) {
    rs_first_streams(fmt, video, audio);
    info->video_stream_count = info->audio_stream_count = 0;
    for (unsigned i = 0; i < fmt->nb_streams; i++) {
        const AVStream *st = fmt->streams[i];
        enum AVMediaType type = st->codecpar->codec_type;
        if (type == AVMEDIA_TYPE_VIDEO && !(st->disposition & AV_DISPOSITION_ATTACHED_PIC)) info->video_stream_count++;
        if (type == AVMEDIA_TYPE_AUDIO) info->audio_stream_count++;
    }
}

/// What a file FFmpeg could not open is, when its first bytes are text that no demuxer claims by
/// content: "an HTML page" or "text"; NULL otherwise. Text is UTF-8 by its byte patterns (lead
/// and continuation bytes; overlong forms are not looked for) with no control character but tab,
/// line feed, form feed and carriage return in the first 512 bytes. A download that failed is
/// often an HTML page saved under the clip's name: FFmpeg then picks a demuxer by the name's
/// extension alone and says "moov atom not found", which sends people looking for a broken MP4.
/// Text formats FFmpeg reads (Y4M, subtitles, playlists) score by content and keep FFmpeg's words.
static const char *text_kind(const rs_source *src) {
    enum { HEAD = 2048, TEXT = 512 };
    uint8_t head[HEAD + AVPROBE_PADDING_SIZE] = {0};
    size_t got = src->size < HEAD ? (size_t)src->size : HEAD;
    if (got == 0 || !rs_read_at(src, 0, head, got)) return NULL;
    size_t n = got < TEXT ? got : TEXT;
    size_t i = n >= 3 && head[0] == 0xEF && head[1] == 0xBB && head[2] == 0xBF ? 3 : 0; // UTF-8 BOM
    size_t start = i;
    while (i < n) {
        uint8_t b = head[i];
        if (b < 0x80) {
            if ((b < 0x20 && b != '\t' && b != '\n' && b != '\f' && b != '\r') || b == 0x7F) return NULL;
            i++;
            continue;
        }
        size_t length = b >= 0xC2 && b <= 0xDF ? 2 : b >= 0xE0 && b <= 0xEF ? 3 : b >= 0xF0 && b <= 0xF4 ? 4 : 0;
        if (length == 0) return NULL;
        if (i + length > got) return NULL; // a character cut by the file's end
        for (size_t k = 1; k < length; k++)
            if ((head[i + k] & 0xC0) != 0x80) return NULL;
        i += length;
    }
    AVProbeData probe = {.filename = "", .buf = head, .buf_size = (int)got};
    int score = 0;
    av_probe_input_format3(&probe, 1, &score); // two demuxers tied: no format, yet a score
    if (score > 0) return NULL;
    while (start < n && (head[start] == ' ' || (head[start] >= '\t' && head[start] <= '\r'))) start++;
    const char *html[] = {"<!doctype html", "<html"};
    for (size_t h = 0; h < sizeof html / sizeof html[0]; h++) {
        size_t length = strlen(html[h]);
        if (n - start >= length && strncasecmp((const char *)head + start, html[h], length) == 0) return "an HTML page";
    }
    return "text";
}

/// Whether an MPEG-TS file ends inside a packet: its packets (188 bytes; 192 for M2TS, whose sync
/// byte comes after a 4-byte time code; 204 with Reed-Solomon bytes) are in step from the start,
/// the last whole one too, and the bytes after it start a packet that the file does not finish.
/// Bytes that merely follow the last packet (padding, junk) do not start with a sync byte.
static int rs_ts_cut_mid_packet(const rs_source *src) {
    enum { SYNC = 0x47 };
    uint8_t head[412];
    if (src->size < (int64_t)sizeof head || !rs_read_at(src, 0, head, sizeof head)) return 0;
    int size = 0, offset = 0;
    if (head[0] == SYNC && head[188] == SYNC && head[376] == SYNC) size = 188;
    else if (head[4] == SYNC && head[196] == SYNC && head[388] == SYNC) size = 192, offset = 4;
    else if (head[0] == SYNC && head[204] == SYNC && head[408] == SYNC) size = 204;
    else return 0;
    int64_t tail = src->size % size;
    if (tail == 0) return 0;
    int64_t partial = src->size - tail;
    uint8_t last, next;
    if (!rs_read_at(src, partial - size + offset, &last, 1) || last != SYNC) return 0;
    if (tail <= offset) return 0; // too few bytes to tell a cut from junk
    return rs_read_at(src, partial + offset, &next, 1) && next == SYNC;
}

static rs_av_status open_failure(rs_source *src, int err, const rs_deadline *budget, const char *logged,
                                 char *message, size_t message_size) {
    rs_iso_facts iso;
    rs_iso_walk(src, &iso);
    if (iso.has_ftyp && iso.past_eof) // an MP4/MOV cut short: say so, not "unrecognised"
        return rs_fail(RS_AV_CORRUPT, message, message_size,
                       iso.moov_offset < 0 ? "truncated: the file ends inside the media data and its index (moov) is missing"
                                           : "truncated: the file ends inside its index (moov)",
                       0);
    if (src->size == 0) return rs_fail(RS_AV_CORRUPT, message, message_size, "empty file", 0);
    if (err == AVERROR(EFBIG)) return rs_fail(RS_AV_TIMEOUT, message, message_size, "gave up: reading it took too many bytes", 0);
    rs_av_status status = status_for(err, budget);
    if (status == RS_AV_TIMEOUT) return rs_fail(status, message, message_size, TIMEOUT_TEXT, 0);
    // Only where FFmpeg found nothing it could read: a failed read stays a failed read.
    const char *text =
        err == AVERROR_INVALIDDATA || err == AVERROR(EINVAL) || err == AVERROR(EPERM) ? text_kind(src) : NULL;
    if (text) {
        snprintf(message, message_size, "not a recognised video, audio or image file: it is %s", text);
        return RS_AV_UNSUPPORTED;
    }
    if (logged[0]) { // FFmpeg recognised the format and said what is wrong with it
        snprintf(message, message_size, "FFmpeg cannot read it: %s", logged);
        return RS_AV_CORRUPT;
    }
    if (err == AVERROR_INVALIDDATA || err == AVERROR(EINVAL) || err == AVERROR(EPERM))
        return rs_fail(RS_AV_UNSUPPORTED, message, message_size, "not a recognised video, audio or image file", 0);
    return rs_fail(status, message, message_size, "FFmpeg cannot read it", err);
}

static rs_av_status probe_source(rs_source *src, const char *name, int deep, double timeout_seconds,
                                 rs_av_info *info, char *message, size_t message_size) {
    info->file_size = src->size;
    rs_deadline budget;
    rs_start_budget(src, &budget, timeout_seconds);
    char logged[256] = {0};
    log_capture = logged;
    log_capture_size = sizeof logged;

    AVFormatContext *fmt = NULL;
    int err = rs_open_input(src, name, &budget, &fmt);
    rs_av_status status = RS_AV_OK;
    if (err < 0) {
        status = err == AVERROR(ENOMEM) && !logged[0] ? rs_fail(RS_AV_INTERNAL, message, message_size, "out of memory", 0)
                                                      : open_failure(src, err, &budget, logged, message, message_size);
        log_capture = NULL;
        return status;
    }
    if (fmt->nb_streams > MAX_STREAMS) {
        snprintf(message, message_size, "the file declares %u streams, more than the %d this probe reads", fmt->nb_streams,
                 MAX_STREAMS);
        status = RS_AV_TOO_LARGE;
        goto done;
    }
    const char *demuxer = fmt->iformat->name;
    info->demuxer = demuxer;
    info->container = demuxer;
    int is_iso = strcmp(demuxer, "mov,mp4,m4a,3gp,3g2,mj2") == 0;
    int is_mkv = strcmp(demuxer, "matroska,webm") == 0;
    rs_iso_facts iso;
    rs_mkv_facts mkv;
    if (is_iso) {
        rs_iso_walk(src, &iso);
        info->container = rs_iso_container_name(&iso);
        info->fast_start = iso.moov_offset >= 0 && (iso.mdat_offset < 0 || iso.moov_offset < iso.mdat_offset);
        info->edit_list = 0;
        for (int i = 0; i < iso.track_count; i++)
            if (iso.tracks[i].edits > 0) info->edit_list = 1;
        info->fragmented = iso.fragments > 0;
        info->truncated = iso.past_eof;
    } else if (is_mkv) {
        rs_mkv_read_header(src, &mkv);
        info->container = mkv.is_webm ? "webm" : "matroska";
        info->truncated = mkv.past_eof;
    } else if (strcmp(demuxer, "mpegts") == 0) {
        info->truncated = rs_ts_cut_mid_packet(src);
    }

    if (is_iso && iso.fragments == 0 && iso.movie_timescale > 0 && iso.movie_duration > 0) {
        // The movie header's length of the presentation, edit lists and delays included. FFmpeg
        // took it before 6.1 and later works it out from the streams' spans (without a delay an
        // edit list puts first); the file says it, the same for every FFmpeg.
        info->duration_seconds = (double)iso.movie_duration / iso.movie_timescale;
        info->duration_from = "header";
    } else if (fmt->duration != AV_NOPTS_VALUE && fmt->duration > 0) {
        info->duration_seconds = (double)fmt->duration / AV_TIME_BASE;
        info->duration_from = "header";
    }
    int video = -1, audio = -1;
    rs_video_layout layout = {-1, -1, -1, 0, 0, -1};
    choose_streams(fmt, info, &video, &audio);
    if (video >= 0) fill_video(fmt->streams[video], info, &layout);
    if (audio >= 0) fill_audio(fmt->streams[audio], info);

    // A Matroska file states no Duration, nor its Segment's size, when it was written to a pipe:
    // its tail tells its length and whether it was cut short. One that states both holds what it
    // says; its streams' lengths are in their DURATION tags, as FFmpeg's and mkvmerge's muxers
    // write them, and only a file without them has its tail read for them.
    if (is_mkv) {
        double video_tag = video >= 0 ? tagged_duration(fmt->streams[video]) : -1;
        double audio_tag = audio >= 0 ? tagged_duration(fmt->streams[audio]) : -1;
        int tagged = (video < 0 || video_tag > 0) && (audio < 0 || audio_tag > 0);
        if (rs_mkv_needs_tail(&mkv) || !tagged) {
            rs_mkv_read_tail(src, &mkv);
            if (mkv.truncated_block) info->truncated = 1;
        }
        // The streams chosen are the first video and the first audio track.
        double video_end = mkv.tail_read && video >= 0 ? rs_mkv_first_track_end_seconds(&mkv, 1) : -1;
        double audio_end = mkv.tail_read && audio >= 0 ? rs_mkv_first_track_end_seconds(&mkv, 2) : -1;
        info->video_duration_seconds = video_tag > 0 ? video_tag : video_end;
        info->audio_duration_seconds = audio_tag > 0 ? audio_tag : audio_end;
        if (info->duration_seconds < 0) {
            double end = fmax(video_end, audio_end);
            if (end > 0) {
                info->duration_seconds = end;
                info->duration_from = "tail";
            }
        }
    }
    // A fragmented MP4: FFmpeg knows only the fragments it read; the walker read them all.
    if (is_iso && iso.fragments > 0) {
        double longest = -1;
        for (int which = 0; which < 2; which++) {
            int index = which == 0 ? video : audio;
            if (index < 0) continue;
            const rs_iso_track *t = rs_iso_track_with_id(&iso, (uint32_t)fmt->streams[index]->id);
            if (!t || t->timescale == 0 || t->fragment_end <= 0) continue;
            double seconds = (double)(t->fragment_end > t->media_duration ? t->fragment_end : t->media_duration) / t->timescale;
            if (which == 0) info->video_duration_seconds = seconds;
            else info->audio_duration_seconds = seconds;
            if (seconds > longest) longest = seconds;
            int64_t bytes = t->fragment_bytes;
            if (bytes > 0 && seconds > 0) {
                int64_t rate = bit_rate(bytes, seconds, 1);
                if (which == 0) info->video_bit_rate = rate;
                else info->audio_bit_rate = rate;
            }
        }
        if (longest > 0 && (info->duration_seconds < 0 || longest > info->duration_seconds + 0.001)) {
            info->duration_seconds = longest;
            info->duration_from = "header";
        }
    }
    if (is_iso && video >= 0) {
        const rs_iso_track *t = rs_iso_track_with_id(&iso, (uint32_t)fmt->streams[video]->id);
        info->edit_list_effect = rs_iso_edit_effect(&iso, t);
        if (t && t->empty_edits > 0 && iso.movie_timescale > 0)
            info->start_seconds = (double)t->empty_duration / iso.movie_timescale;
    }

    // Refuse absurd dimensions before anything decodes a frame of that size.
    if (info->width > MAX_DIMENSION || info->height > MAX_DIMENSION) {
        snprintf(message, message_size, "video dimensions %dx%d: a side is above the limit of %d px", info->width,
                 info->height, MAX_DIMENSION);
        status = RS_AV_TOO_LARGE;
        goto done;
    }
    enum AVCodecID video_codec = video >= 0 ? fmt->streams[video]->codecpar->codec_id : AV_CODEC_ID_NONE;
    if (needs_stream_info(info, fmt, video_codec)) {
        info->used_stream_info = 1;
        fmt->max_analyze_duration = 10 * AV_TIME_BASE;
        err = avformat_find_stream_info(fmt, NULL);
        if (err < 0 && rs_deadline_passed(&budget)) {
            status = rs_fail(RS_AV_TIMEOUT, message, message_size, TIMEOUT_TEXT, 0);
            goto done;
        }
        if (fmt->nb_streams > MAX_STREAMS) {
            snprintf(message, message_size, "the file declares %u streams, more than the %d this probe reads",
                     fmt->nb_streams, MAX_STREAMS);
            status = RS_AV_TOO_LARGE;
            goto done;
        }
        if (info->duration_seconds < 0 && fmt->duration != AV_NOPTS_VALUE && fmt->duration > 0) {
            info->duration_seconds = (double)fmt->duration / AV_TIME_BASE;
            info->duration_from = "header";
        }
        // Streams some formats (FLV) declare only once packets are read: choose again.
        int known_video = video;
        choose_streams(fmt, info, &video, &audio);
        if (video >= 0) {
            const AVStream *st = fmt->streams[video];
            const char *known_format = info->pixel_format;
            int known_depth = info->bit_depth;
            if (video != known_video) layout = (rs_video_layout){-1, -1, -1, 0, 0, -1};
            fill_video(st, info, &layout);
            if (known_format && layout.chroma >= 0 && video == known_video) { // the configuration record wins
                info->pixel_format = known_format;
                info->bit_depth = known_depth;
            }
            if (info->frame_rate <= 0) info->frame_rate = rational_or(st->r_frame_rate, -1);
            video_codec = st->codecpar->codec_id;
        }
        if (audio >= 0) fill_audio(fmt->streams[audio], info);
        if (info->width > MAX_DIMENSION || info->height > MAX_DIMENSION) {
            snprintf(message, message_size, "video dimensions %dx%d: a side is above the limit of %d px", info->width,
                     info->height, MAX_DIMENSION);
            status = RS_AV_TOO_LARGE;
            goto done;
        }
    }

    for (unsigned i = 0; i < fmt->nb_streams; i++) {
        const AVCodecParameters *par = fmt->streams[i]->codecpar;
        if ((par->codec_type == AVMEDIA_TYPE_VIDEO || par->codec_type == AVMEDIA_TYPE_AUDIO) &&
            par->codec_id == AV_CODEC_ID_NONE) {
            snprintf(message, message_size, "stream #%u (%s) has no codec description", i,
                     av_get_media_type_string(par->codec_type));
            status = RS_AV_CORRUPT;
            goto done;
        }
    }
    if (video < 0 && audio < 0) {
        status = rs_fail(RS_AV_UNSUPPORTED, message, message_size, "no audio or video stream", 0);
        goto done;
    }
    // A video stream whose size is still not known after reading its frames has none.
    if (video >= 0 && (info->width <= 0 || info->height <= 0)) {
        const AVCodecParameters *par = fmt->streams[video]->codecpar;
        if (par->width == 0 || par->height == 0) {
            snprintf(message, message_size, "invalid video: its %s is 0", par->width == 0 ? "width" : "height");
            status = RS_AV_CORRUPT;
            goto done;
        }
    }

    // Per-stream lengths the container states (MP4 track durations).
    if (video >= 0 && info->video_duration_seconds < 0) info->video_duration_seconds = stream_duration(fmt->streams[video]);
    if (audio >= 0 && info->audio_duration_seconds < 0) info->audio_duration_seconds = stream_duration(fmt->streams[audio]);

    {
        int need_frame_header = video >= 0 && layout_in_frame_header(video_codec) && layout.chroma < 0;
        int need_field_order = video >= 0 && video_codec == AV_CODEC_ID_H264 && layout.scan == 0 && !info->field_order;
        // Still no length: read every packet for it (FLV without metadata, raw streams...).
        int need_lengths = info->duration_seconds < 0;
        if (deep || need_frame_header || need_field_order || need_lengths) {
            scan_result scan = scan_packets(fmt, video, audio, deep, need_lengths, info, &layout);
            if (rs_deadline_passed(&budget)) {
                status = rs_fail(RS_AV_TIMEOUT, message, message_size, TIMEOUT_TEXT, 0);
                goto done;
            }
            if (scan.error && (deep || need_lengths)) info->truncated = 1;
            apply_layout(info, &layout, video_codec);
            if (scan.video_end > 0 && info->video_duration_seconds < 0) info->video_duration_seconds = scan.video_end;
            if (scan.audio_end > 0 && info->audio_duration_seconds < 0) info->audio_duration_seconds = scan.audio_end;
            if (info->duration_seconds < 0) {
                double end = fmax(scan.video_end, scan.audio_end);
                if (end > 0) {
                    info->duration_seconds = end;
                    info->duration_from = "packets";
                }
            }
        }
    }
    if (info->duration_seconds < 0) {
        info->duration_unknown_reason =
            rs_deadline_passed(&budget) ? "reading its packets ran out of time"
            : info->truncated          ? "the file is cut short before any timestamp could be read"
                                       : "the container states none and its packets carry no timestamps";
    }

    // Indexed samples beyond the end of the file: the upload was cut short (any kind of stream).
    for (unsigned i = 0; i < fmt->nb_streams && !info->truncated; i++) {
        AVStream *s = fmt->streams[i];
        int count = avformat_index_get_entries_count(s);
        for (int k = 0; k < count; k++) {
            const AVIndexEntry *e = avformat_index_get_entry(s, k);
            if (e && (e->pos > info->file_size || e->size > info->file_size - e->pos)) {
                info->truncated = 1;
                break;
            }
        }
    }
    if (info->fragmented && info->duration_seconds > 0) {
        // The first fragment's rate is not the file's: the file's bytes over its length are.
        info->format_bit_rate = bit_rate(info->file_size, info->duration_seconds, 0);
    } else if (fmt->bit_rate > 0) {
        info->format_bit_rate = fmt->bit_rate;
    } else if (info->duration_seconds > 0) { // what ffprobe reports: the file's average
        info->format_bit_rate = bit_rate(info->file_size, info->duration_seconds, 0);
    }

done:
    log_capture = NULL;
    rs_close_input(&fmt);
    return status;
}
