// rs_av.c: probe a video file with libavformat, cheaply.
//
// The default probe reads only container headers (avformat_open_input) and the codec
// configuration records the container already carries (avcC, hvcC, av1C, the MPEG-4 VOS header,
// the first VP8/VP9 frame header). avformat_find_stream_info, which decodes frames, runs only when
// the headers leave a field unknown (MPEG-TS, AVI, Matroska without frame durations...).
// Container facts FFmpeg does not expose (ISO-BMFF box order, edit lists, the Matroska DocType,
// a segment cut short) come from a small bounded walk over the file's own structure.
#include "rs_av.h"

#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <libavcodec/avcodec.h>
#include <libavformat/avformat.h>
#include <libavutil/avutil.h>
#include <libavutil/display.h>
#include <libavutil/pixdesc.h>
#include <libavutil/time.h>

// MARK: - Set-up

static pthread_once_t rs_av_once = PTHREAD_ONCE_INIT;
static char rs_av_format_version_text[32];
static char rs_av_codec_version_text[32];

static void rs_av_init_once(void) {
    av_log_set_level(AV_LOG_QUIET);
    unsigned f = avformat_version(), c = avcodec_version();
    snprintf(rs_av_format_version_text, sizeof rs_av_format_version_text, "%u.%u.%u",
             AV_VERSION_MAJOR(f), AV_VERSION_MINOR(f), AV_VERSION_MICRO(f));
    snprintf(rs_av_codec_version_text, sizeof rs_av_codec_version_text, "%u.%u.%u",
             AV_VERSION_MAJOR(c), AV_VERSION_MINOR(c), AV_VERSION_MICRO(c));
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

// MARK: - Reading the file's own structure

typedef struct deadline {
    int64_t at; // av_gettime_relative() microseconds; 0: none
} deadline;

static int interrupt_callback(void *opaque) {
    const deadline *d = opaque;
    return d->at > 0 && av_gettime_relative() > d->at;
}

// A file (read with pread on a descriptor of our own) or a buffer in memory (fuzzing), seen the same
// way by the structure walkers below and, through a custom AVIOContext, by FFmpeg.
typedef struct source {
    int fd;              // a file, or -1
    const uint8_t *data; // or memory
    int64_t size;
    int64_t position;    // FFmpeg's read position
    int64_t bytes_read;  // by FFmpeg, against the byte budget
    int64_t byte_budget;
    const struct deadline *deadline;
} source;

static int read_at(const source *src, int64_t offset, uint8_t *buffer, size_t length) {
    if (offset < 0 || offset > src->size || (int64_t)length > src->size - offset) return 0;
    if (src->data) {
        memcpy(buffer, src->data + offset, length);
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

static uint32_t be32(const uint8_t *p) {
    return ((uint32_t)p[0] << 24) | ((uint32_t)p[1] << 16) | ((uint32_t)p[2] << 8) | p[3];
}

static uint64_t be64(const uint8_t *p) { return ((uint64_t)be32(p) << 32) | be32(p + 4); }

#define FOURCC(a, b, c, d) \
    (((uint32_t)(a) << 24) | ((uint32_t)(b) << 16) | ((uint32_t)(c) << 8) | (uint32_t)(d))

typedef struct iso_facts {
    uint32_t major_brand;
    int has_ftyp;
    int64_t moov_offset; // -1 when absent
    int64_t mdat_offset; // -1 when absent
    int past_eof;        // a top-level box claims bytes beyond the end of the file
    int edit_list;
    int boxes_seen;
} iso_facts;

enum { ISO_MAX_BOXES = 100000, ISO_MAX_DEPTH = 4 };

// Walks the boxes in [start, end). Descends only into moov, trak and edts, where edit lists live.
static void iso_walk(const source *src, int64_t start, int64_t end, int64_t file_size, int depth,
                     iso_facts *facts) {
    int64_t at = start;
    // end - at, never at + n: a box may claim a size that takes `at` to INT64_MAX.
    while (end - at >= 8 && facts->boxes_seen < ISO_MAX_BOXES) {
        uint8_t header[16];
        if (!read_at(src, at, header, 8)) return;
        facts->boxes_seen++;
        uint64_t size = be32(header);
        uint32_t type = be32(header + 4);
        int64_t header_size = 8;
        if (size == 1) {
            if (end - at < 16 || !read_at(src, at + 8, header + 8, 8)) return;
            size = be64(header + 8);
            header_size = 16;
        } else if (size == 0) {
            size = (uint64_t)(end - at); // runs to the end of its parent
        }
        if (size < (uint64_t)header_size || size > (uint64_t)INT64_MAX - (uint64_t)at) {
            if (depth == 0) facts->past_eof = 1;
            return;
        }
        int64_t box_end = at + (int64_t)size;
        if (depth == 0) {
            if (box_end > file_size) facts->past_eof = 1;
            if (type == FOURCC('f', 't', 'y', 'p') && !facts->has_ftyp) {
                uint8_t brand[4];
                if (size >= 12 && read_at(src, at + header_size, brand, 4)) {
                    facts->major_brand = be32(brand);
                    facts->has_ftyp = 1;
                }
            } else if (type == FOURCC('m', 'o', 'o', 'v') && facts->moov_offset < 0) {
                facts->moov_offset = at;
            } else if (type == FOURCC('m', 'd', 'a', 't') && facts->mdat_offset < 0) {
                facts->mdat_offset = at;
            }
        }
        if (depth < ISO_MAX_DEPTH &&
            (type == FOURCC('m', 'o', 'o', 'v') || type == FOURCC('t', 'r', 'a', 'k') ||
             type == FOURCC('e', 'd', 't', 's'))) {
            iso_walk(src, at + header_size, box_end < end ? box_end : end, file_size, depth + 1,
                     facts);
        } else if (type == FOURCC('e', 'l', 's', 't')) {
            uint8_t body[8];
            if (read_at(src, at + header_size, body, 8) && be32(body + 4) > 0) facts->edit_list = 1;
        }
        at = box_end;
    }
}

static const char *iso_container_name(const iso_facts *facts) {
    if (!facts->has_ftyp) return "mov"; // QuickTime files from before ftyp existed
    uint32_t brand = facts->major_brand;
    if (brand == FOURCC('q', 't', ' ', ' ')) return "mov";
    if (brand == FOURCC('M', '4', 'A', ' ') || brand == FOURCC('M', '4', 'B', ' ')) return "m4a";
    if ((brand >> 8) == (FOURCC('3', 'g', 'p', 0) >> 8)) return "3gp";
    if ((brand >> 8) == (FOURCC('3', 'g', '2', 0) >> 8)) return "3g2";
    if (brand == FOURCC('m', 'j', 'p', '2')) return "mj2";
    return "mp4";
}

// EBML: variable-length integers whose first byte's leading zeros give the length.
static int ebml_vint(const uint8_t *p, size_t available, int keep_marker, uint64_t *value,
                     int *length) {
    if (available == 0 || p[0] == 0) return 0;
    int len = 1;
    while (!(p[0] & (0x80 >> (len - 1)))) len++;
    if ((size_t)len > available) return 0;
    uint64_t v = keep_marker ? p[0] : (uint64_t)(p[0] & (0xFF >> len));
    int all_ones = (p[0] & (0xFF >> len)) == (0xFF >> len);
    for (int i = 1; i < len; i++) {
        v = (v << 8) | p[i];
        if (p[i] != 0xFF) all_ones = 0;
    }
    *value = (!keep_marker && all_ones) ? UINT64_MAX : v; // UINT64_MAX: unknown size
    *length = len;
    return 1;
}

typedef struct ebml_facts {
    int is_webm;
    int past_eof; // the Segment declares more bytes than the file holds
} ebml_facts;

static void ebml_read(const source *src, int64_t file_size, ebml_facts *facts) {
    uint8_t buf[256];
    size_t have = file_size < (int64_t)sizeof buf ? (size_t)file_size : sizeof buf;
    if (!read_at(src, 0, buf, have)) return;
    uint64_t id, size;
    int id_len, size_len;
    if (!ebml_vint(buf, have, 1, &id, &id_len) || id != 0x1A45DFA3) return;
    if (!ebml_vint(buf + id_len, have - id_len, 0, &size, &size_len) || size == UINT64_MAX) return;
    size_t at = (size_t)(id_len + size_len);
    size_t header_end = at + (size_t)size;
    if (size > have || header_end > have) return;
    while (at < header_end) {
        uint64_t child, child_size;
        int cl, sl;
        if (!ebml_vint(buf + at, header_end - at, 1, &child, &cl)) return;
        if (!ebml_vint(buf + at + cl, header_end - at - cl, 0, &child_size, &sl)) return;
        size_t body = at + cl + sl;
        if (child_size > header_end - body) return;
        if (child == 0x4282) facts->is_webm = child_size == 4 && memcmp(buf + body, "webm", 4) == 0;
        at = body + (size_t)child_size;
    }
    // The Segment follows the EBML header.
    uint8_t seg[12];
    if ((int64_t)header_end + 12 > file_size || !read_at(src, (int64_t)header_end, seg, 12)) return;
    if (!ebml_vint(seg, 12, 1, &id, &id_len) || id != 0x18538067) return;
    if (!ebml_vint(seg + id_len, 12 - id_len, 0, &size, &size_len) || size == UINT64_MAX) return;
    uint64_t segment_end = header_end + id_len + size_len + size;
    if (segment_end > (uint64_t)file_size) facts->past_eof = 1;
}

// MARK: - Codec configuration records

typedef struct bit_reader {
    const uint8_t *data;
    size_t size_bits;
    size_t at;
    int overrun;
} bit_reader;

static unsigned bits(bit_reader *r, int n) {
    unsigned v = 0;
    for (int i = 0; i < n; i++) {
        if (r->at >= r->size_bits) {
            r->overrun = 1;
            return 0;
        }
        v = (v << 1) | ((r->data[r->at >> 3] >> (7 - (r->at & 7))) & 1);
        r->at++;
    }
    return v;
}

static unsigned exp_golomb(bit_reader *r) {
    int zeros = 0;
    while (bits(r, 1) == 0) {
        if (r->overrun || ++zeros > 31) {
            r->overrun = 1;
            return 0;
        }
    }
    return ((1u << zeros) - 1) + bits(r, zeros);
}

typedef struct video_layout {
    int chroma;    // 0 grey, 1 4:2:0, 2 4:2:2, 3 4:4:4; -1 unknown
    int bit_depth; // -1 unknown
    int profile;   // FFmpeg profile number; -1 unknown
} video_layout;

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

// H.264 sequence parameter set (NAL payload after the one-byte header).
static void parse_h264_sps(const uint8_t *nal, size_t size, video_layout *out) {
    uint8_t rbsp[64];
    size_t n = 0;
    for (size_t i = 1; i < size && n < sizeof rbsp; i++) {
        if (i >= 3 && nal[i] == 3 && nal[i - 1] == 0 && nal[i - 2] == 0) continue;
        rbsp[n++] = nal[i];
    }
    if (n < 4) return;
    bit_reader r = {rbsp, n * 8, 0, 0};
    int profile_idc = (int)bits(&r, 8);
    unsigned constraints = bits(&r, 8);
    bits(&r, 8); // level
    exp_golomb(&r); // seq_parameter_set_id
    int chroma = 1, depth = 8;
    switch (profile_idc) {
    case 100: case 110: case 122: case 244: case 44: case 83: case 86: case 118: case 128:
    case 138: case 139: case 134: case 135:
        chroma = (int)exp_golomb(&r);
        if (chroma == 3) bits(&r, 1); // separate_colour_plane_flag
        depth = 8 + (int)exp_golomb(&r);
        break;
    default:
        break;
    }
    if (r.overrun || chroma > 3) return;
    int profile = profile_idc;
    if (profile_idc == 66 && (constraints & 0x40)) profile |= FF_PROFILE_H264_CONSTRAINED;
    if ((profile_idc == 110 || profile_idc == 122 || profile_idc == 244) && (constraints & 0x10))
        profile |= FF_PROFILE_H264_INTRA;
    out->profile = profile;
    out->chroma = chroma;
    out->bit_depth = depth;
}

static void parse_avc_config(const uint8_t *data, size_t size, video_layout *out) {
    if (size >= 8 && data[0] == 1) { // avcC
        size_t count = data[5] & 0x1F, at = 6;
        if (count == 0 || at + 2 > size) return;
        size_t length = ((size_t)data[at] << 8) | data[at + 1];
        if (at + 2 + length > size || length < 2) return;
        parse_h264_sps(data + at + 2, length, out);
        return;
    }
    for (size_t i = 0; i + 4 < size; i++) { // Annex B: 00 00 01, then the NAL
        if (data[i] == 0 && data[i + 1] == 0 && data[i + 2] == 1 && (data[i + 3] & 0x1F) == 7) {
            parse_h264_sps(data + i + 3, size - i - 3, out);
            return;
        }
    }
}

static void parse_hevc_config(const uint8_t *data, size_t size, video_layout *out) {
    if (size < 23 || data[0] != 1) return; // hvcC only
    out->profile = data[1] & 0x1F;
    out->chroma = data[16] & 0x03;
    out->bit_depth = 8 + (data[17] & 0x07);
}

static void parse_av1_config(const uint8_t *data, size_t size, video_layout *out) {
    if (size < 4 || (data[0] & 0x80) == 0) return; // av1C marker bit
    int seq_profile = data[1] >> 5;
    int high_bitdepth = (data[2] >> 6) & 1, twelve_bit = (data[2] >> 5) & 1;
    int monochrome = (data[2] >> 4) & 1, sx = (data[2] >> 3) & 1, sy = (data[2] >> 2) & 1;
    out->profile = seq_profile;
    out->bit_depth = high_bitdepth ? (twelve_bit ? 12 : 10) : 8;
    out->chroma = monochrome ? 0 : (sx && sy) ? 1 : sx ? 2 : 3;
}

static void parse_mpeg4_config(const uint8_t *data, size_t size, video_layout *out) {
    for (size_t i = 0; i + 4 < size; i++) {
        if (data[i] == 0 && data[i + 1] == 0 && data[i + 2] == 1 && data[i + 3] == 0xB0) {
            int level = data[i + 4];
            if (level >= 0x01 && level <= 0x08) out->profile = FF_PROFILE_MPEG4_SIMPLE;
            else if (level >= 0xF0 && level <= 0xF7) out->profile = FF_PROFILE_MPEG4_ADVANCED_SIMPLE;
            break;
        }
    }
    out->chroma = 1; // MPEG-4 part 2 video is 4:2:0, 8 bits
    out->bit_depth = 8;
}

// The uncompressed header at the start of a VP9 frame (or superframe).
static void parse_vp9_frame(const uint8_t *data, size_t size, video_layout *out) {
    bit_reader r = {data, size * 8, 0, 0};
    if (bits(&r, 2) != 2) return; // frame_marker
    int profile = (int)bits(&r, 1);
    profile |= (int)bits(&r, 1) << 1;
    if (profile == 3) bits(&r, 1);
    if (bits(&r, 1)) return; // show_existing_frame
    int frame_type = (int)bits(&r, 1);
    bits(&r, 2); // show_frame, error_resilient_mode
    out->profile = profile;
    if (frame_type != 0) return; // only key frames carry the colour configuration
    if (bits(&r, 24) != 0x498342) return;
    int depth = 8;
    if (profile >= 2) depth = bits(&r, 1) ? 12 : 10;
    int color_space = (int)bits(&r, 3);
    int chroma = 1;
    if (color_space != 7) { // not RGB
        bits(&r, 1);        // color_range
        if (profile == 1 || profile == 3) {
            int sx = (int)bits(&r, 1), sy = (int)bits(&r, 1);
            chroma = (sx && sy) ? 1 : sx ? 2 : 3;
        }
    } else {
        chroma = 3;
    }
    if (r.overrun) return;
    out->bit_depth = depth;
    out->chroma = chroma;
}

static void parse_vp8_frame(const uint8_t *data, size_t size, video_layout *out) {
    if (size < 3) return;
    out->profile = (data[0] >> 1) & 0x07;
    out->chroma = 1;
    out->bit_depth = 8;
}

// MARK: - Probe


static rs_av_status fail(rs_av_status status, char *message, size_t size, const char *text, int err) {
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

static rs_av_status status_for(int err, const deadline *d) {
    if (interrupt_callback((void *)d)) return RS_AV_TIMEOUT;
    if (err == AVERROR(ENOENT)) return RS_AV_NOT_FOUND;
    if (err == AVERROR(EACCES) || err == AVERROR(EPERM) || err == AVERROR(EISDIR) ||
        err == AVERROR(EIO))
        return RS_AV_UNREADABLE;
    return RS_AV_CORRUPT; // ENOMEM here means the file asked for an absurd allocation
}

static const char *profile_name(enum AVCodecID codec, int profile) {
    if (profile < 0) return NULL;
    return avcodec_profile_name(codec, profile);
}

static double rational_or(AVRational q, double otherwise) {
    return (q.num > 0 && q.den > 0) ? av_q2d(q) : otherwise;
}

// Fills the video fields that the container headers already carry.
static void fill_video(const AVStream *st, rs_av_info *info, video_layout *layout) {
    const AVCodecParameters *par = st->codecpar;
    info->has_video = 1;
    info->video_codec = par->codec_id == AV_CODEC_ID_NONE ? NULL : avcodec_get_name(par->codec_id);
    info->width = par->width > 0 ? par->width : -1;
    info->height = par->height > 0 ? par->height : -1;
    info->frame_rate = rational_or(st->avg_frame_rate, -1);
    info->video_bit_rate = par->bit_rate > 0 ? par->bit_rate : -1;
    info->color_transfer =
        par->color_trc == AVCOL_TRC_UNSPECIFIED ? NULL : av_color_transfer_name(par->color_trc);
    info->color_primaries = par->color_primaries == AVCOL_PRI_UNSPECIFIED
                                ? NULL
                                : av_color_primaries_name(par->color_primaries);

    const uint8_t *extra = par->extradata;
    size_t extra_size = extra ? (size_t)par->extradata_size : 0;
    switch (par->codec_id) {
    case AV_CODEC_ID_H264: parse_avc_config(extra, extra_size, layout); break;
    case AV_CODEC_ID_HEVC: parse_hevc_config(extra, extra_size, layout); break;
    case AV_CODEC_ID_AV1: parse_av1_config(extra, extra_size, layout); break;
    case AV_CODEC_ID_MPEG4: parse_mpeg4_config(extra, extra_size, layout); break;
    default: break;
    }
    if (par->format >= 0) { // some demuxers know it outright (raw video, AVI with a FourCC)
        const AVPixFmtDescriptor *d = av_pix_fmt_desc_get(par->format);
        info->pixel_format = av_get_pix_fmt_name(par->format);
        if (d) info->bit_depth = d->comp[0].depth;
    }
    if (layout->chroma >= 0 && layout->bit_depth > 0) {
        const char *name = pixel_format_name(layout->chroma, layout->bit_depth);
        if (name) info->pixel_format = name;
        info->bit_depth = layout->bit_depth;
    }
    info->video_profile = profile_name(par->codec_id, layout->profile >= 0 ? layout->profile
                                                                           : par->profile);

    const int32_t *matrix =
        (const int32_t *)av_stream_get_side_data(st, AV_PKT_DATA_DISPLAYMATRIX, NULL);
    if (matrix) {
        int32_t m[9];
        memcpy(m, matrix, sizeof m);
        // A negative determinant means a reflection; undo it to read the rotation.
        if ((int64_t)m[0] * m[4] - (int64_t)m[1] * m[3] < 0) {
            info->mirrored = 1;
            m[0] = -m[0];
            m[3] = -m[3];
            m[6] = -m[6];
        }
        double ccw = av_display_rotation_get(m);
        if (ccw == ccw) { // not NaN
            long clockwise = lround(-ccw);
            clockwise = ((clockwise % 360) + 360) % 360;
            info->rotation = (int)(((clockwise + 45) / 90 * 90) % 360);
        }
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

// VP8 and VP9 keep their pixel layout in each key frame's header, read from the first packet.
static int layout_in_frame_header(enum AVCodecID id) {
    return id == AV_CODEC_ID_VP8 || id == AV_CODEC_ID_VP9;
}

static int needs_stream_info(const rs_av_info *info, const AVFormatContext *fmt, enum AVCodecID video) {
    if (info->duration_seconds < 0) return 1;
    if (info->has_video && (!info->video_codec || info->width <= 0 || info->height <= 0 ||
                            info->frame_rate <= 0 ||
                            (!info->pixel_format && !layout_in_frame_header(video))))
        return 1;
    if (info->has_audio && (!info->audio_codec || info->sample_rate <= 0 || info->channels <= 0))
        return 1;
    return fmt->nb_streams == 0;
}

// Scans the video packets of stream `index`. Reads everything when `deep`, else stops at the first
// video packet (enough for the VP8/VP9 frame header).
static int scan_packets(AVFormatContext *fmt, int index, int deep, const AVStream *st,
                        rs_av_info *info, video_layout *layout) {
    AVPacket *pkt = av_packet_alloc();
    if (!pkt) return AVERROR(ENOMEM);
    AVCodecContext *decoder = NULL;
    if (deep) {
        const AVCodec *codec = avcodec_find_decoder(st->codecpar->codec_id);
        decoder = codec ? avcodec_alloc_context3(codec) : NULL;
        if (decoder && (avcodec_parameters_to_context(decoder, st->codecpar) < 0 ||
                        (decoder->thread_count = 1, avcodec_open2(decoder, codec, NULL)) < 0))
            avcodec_free_context(&decoder);
    }
    AVFrame *frame = deep ? av_frame_alloc() : NULL;
    // Timestamps come from the file and may be anything: differences are taken in double.
    int64_t last_key_pts = AV_NOPTS_VALUE, last_duration = -1;
    double stream_end = -HUGE_VAL;
    double max_gap = 0;
    int duration_changes = 0, header_parsed = 0, ret = 0, decode_tries = 0;

    while ((ret = av_read_frame(fmt, pkt)) >= 0) {
        if (pkt->stream_index != index) {
            av_packet_unref(pkt);
            continue;
        }
        if (!header_parsed) {
            header_parsed = 1;
            if (st->codecpar->codec_id == AV_CODEC_ID_VP9)
                parse_vp9_frame(pkt->data, (size_t)pkt->size, layout);
            else if (st->codecpar->codec_id == AV_CODEC_ID_VP8)
                parse_vp8_frame(pkt->data, (size_t)pkt->size, layout);
            if (!deep) {
                av_packet_unref(pkt);
                break;
            }
        }
        info->video_packets++;
        int64_t ts = pkt->pts != AV_NOPTS_VALUE ? pkt->pts : pkt->dts;
        if ((pkt->flags & AV_PKT_FLAG_KEY) && ts != AV_NOPTS_VALUE) {
            info->keyframes++;
            if (last_key_pts != AV_NOPTS_VALUE) {
                double gap = ((double)ts - (double)last_key_pts) * av_q2d(st->time_base);
                if (gap > max_gap) max_gap = gap;
            }
            last_key_pts = ts;
        }
        if (ts != AV_NOPTS_VALUE && (double)ts + (double)pkt->duration > stream_end)
            stream_end = (double)ts + (double)pkt->duration;
        if (pkt->duration > 0) {
            if (last_duration > 0 && pkt->duration != last_duration) duration_changes++;
            last_duration = pkt->duration;
        }
        if (decoder && !info->decoded && decode_tries < 256) {
            decode_tries++;
            if (avcodec_send_packet(decoder, pkt) >= 0 && avcodec_receive_frame(decoder, frame) >= 0)
                info->decoded = 1;
        }
        av_packet_unref(pkt);
    }
    if (decoder && !info->decoded && avcodec_send_packet(decoder, NULL) >= 0 &&
        avcodec_receive_frame(decoder, frame) >= 0)
        info->decoded = 1;
    if (deep) {
        // The last group of pictures runs from the last keyframe to the end of the stream.
        if (last_key_pts != AV_NOPTS_VALUE && stream_end > -HUGE_VAL) {
            double gap = (stream_end - (double)last_key_pts) * av_q2d(st->time_base);
            if (gap > max_gap) max_gap = gap;
        }
        info->deep = 1;
        info->max_keyframe_interval = max_gap;
        info->variable_frame_rate = duration_changes > 0;
    }
    av_frame_free(&frame);
    avcodec_free_context(&decoder);
    av_packet_free(&pkt);
    return ret == AVERROR_EOF || ret >= 0 ? 0 : ret;
}

// MARK: - FFmpeg reads through the source

static int avio_read_source(void *opaque, uint8_t *buffer, int size) {
    source *src = opaque;
    if (interrupt_callback((void *)src->deadline)) return AVERROR_EXIT;
    if (src->bytes_read > src->byte_budget) return AVERROR(EFBIG);
    if (src->position >= src->size) return AVERROR_EOF;
    int64_t left = src->size - src->position;
    size_t n = (size_t)(left < size ? left : size);
    if (!read_at(src, src->position, buffer, n)) return AVERROR(EIO);
    src->position += (int64_t)n;
    src->bytes_read += (int64_t)n;
    return (int)n;
}

static int64_t avio_seek_source(void *opaque, int64_t offset, int whence) {
    source *src = opaque;
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

static rs_av_status probe_source(source *src, const char *name, int deep, double timeout_seconds,
                                 rs_av_info *info, char *message, size_t message_size);

static void reset_info(rs_av_info *info) {
    memset(info, 0, sizeof *info);
    info->duration_seconds = -1;
    info->format_bit_rate = info->video_bit_rate = info->audio_bit_rate = -1;
    info->width = info->height = info->bit_depth = info->sample_rate = info->channels = -1;
    info->frame_rate = -1;
    info->fast_start = info->edit_list = -1;
}

rs_av_status rs_av_probe_memory(const uint8_t *data, size_t size, int deep, double timeout_seconds,
                                rs_av_info *info, char *message, size_t message_size) {
    rs_av_init();
    reset_info(info);
    message[0] = 0;
    source src = {.fd = -1, .data = data, .size = (int64_t)size};
    return probe_source(&src, "", deep, timeout_seconds, info, message, message_size);
}

rs_av_status rs_av_probe_descriptor(int fd, const char *name, int deep, double timeout_seconds,
                                    rs_av_info *info, char *message, size_t message_size) {
    rs_av_init();
    reset_info(info);
    message[0] = 0;
    struct stat sb;
    if (fstat(fd, &sb) != 0 || !S_ISREG(sb.st_mode))
        return fail(RS_AV_UNREADABLE, message, message_size, "not a regular file", 0);
    source src = {.fd = fd, .data = NULL, .size = sb.st_size};
    return probe_source(&src, name, deep, timeout_seconds, info, message, message_size);
}

static rs_av_status probe_source(source *src, const char *name, int deep, double timeout_seconds,
                                 rs_av_info *info, char *message, size_t message_size) {
    info->file_size = src->size;
    // Budgets over a billion seconds mean none (and would overflow the clock arithmetic).
    deadline budget = {timeout_seconds > 0 && timeout_seconds < 1e9
                           ? av_gettime_relative() + (int64_t)(timeout_seconds * 1e6)
                           : 0};
    src->deadline = &budget;
    // Reading the file three times over is plenty for any probe, deep ones included.
    src->byte_budget = src->size < INT64_MAX / 4 ? 3 * src->size + (16 << 20) : INT64_MAX;

    AVFormatContext *fmt = avformat_alloc_context();
    uint8_t *buffer = av_malloc(AVIO_BUFFER);
    AVIOContext *io = buffer ? avio_alloc_context(buffer, AVIO_BUFFER, 0, src, avio_read_source, NULL,
                                                 avio_seek_source) : NULL;
    if (!fmt || !io) {
        avformat_free_context(fmt);
        if (io) av_freep(&io->buffer);
        else av_free(buffer);
        avio_context_free(&io);
        return fail(RS_AV_INTERNAL, message, message_size, "out of memory", 0);
    }
    fmt->pb = io;
    fmt->flags |= AVFMT_FLAG_CUSTOM_IO;
    fmt->io_open = refuse_io_open;
    fmt->interrupt_callback.callback = interrupt_callback;
    fmt->interrupt_callback.opaque = &budget;
    // The name is only a hint for format probing; FFmpeg opens nothing by it (custom I/O).
    int err = avformat_open_input(&fmt, name, NULL, NULL);
    if (err < 0) {
        av_freep(&io->buffer);
        avio_context_free(&io);
        iso_facts iso = {0, 0, -1, -1, 0, 0, 0};
        iso_walk(src, 0, info->file_size, info->file_size, 0, &iso);
        if (iso.has_ftyp && iso.past_eof)  // an MP4/MOV cut short: say so, not "unrecognised"
            return fail(RS_AV_CORRUPT, message, message_size,
                        iso.moov_offset < 0
                            ? "truncated: the file ends inside the media data and its index (moov) is missing"
                            : "truncated: the file ends inside its index (moov)",
                        0);
        if (info->file_size == 0) return fail(RS_AV_CORRUPT, message, message_size, "empty file", 0);
        if (err == AVERROR(EFBIG))
            return fail(RS_AV_TIMEOUT, message, message_size, "gave up: reading it took too many bytes", 0);
        if (err == AVERROR_INVALIDDATA || err == AVERROR(EINVAL) || err == AVERROR(EPERM))
            return fail(RS_AV_UNSUPPORTED, message, message_size,
                        "not a recognised video, audio or image file", 0);
        rs_av_status status = status_for(err, &budget);
        if (status == RS_AV_TIMEOUT)
            return fail(status, message, message_size, "gave up: it took longer than its time budget (--timeout)", 0);
        return fail(status, message, message_size, "FFmpeg cannot read it", err);
    }

    rs_av_status status = RS_AV_OK;
    if (fmt->nb_streams > MAX_STREAMS) {
        snprintf(message, message_size, "the file declares %u streams, more than the %d this probe reads",
                 fmt->nb_streams, MAX_STREAMS);
        status = RS_AV_TOO_LARGE;
        goto done;
    }
    const char *demuxer = fmt->iformat->name;
    info->demuxer = demuxer;
    info->container = demuxer;
    int is_iso = strcmp(demuxer, "mov,mp4,m4a,3gp,3g2,mj2") == 0;
    int is_mkv = strcmp(demuxer, "matroska,webm") == 0;
    if (is_iso) {
        iso_facts iso = {0, 0, -1, -1, 0, 0, 0};
        iso_walk(src, 0, info->file_size, info->file_size, 0, &iso);
        info->container = iso_container_name(&iso);
        info->fast_start = iso.moov_offset >= 0 && (iso.mdat_offset < 0 || iso.moov_offset < iso.mdat_offset);
        info->edit_list = iso.edit_list;
        info->truncated = iso.past_eof;
    } else if (is_mkv) {
        ebml_facts ebml = {0, 0};
        ebml_read(src, info->file_size, &ebml);
        info->container = ebml.is_webm ? "webm" : "matroska";
        info->truncated = ebml.past_eof;
    }

    int video_index = -1, audio_index = -1;
    video_layout layout = {-1, -1, -1};
    for (unsigned i = 0; i < fmt->nb_streams; i++) {
        const AVStream *st = fmt->streams[i];
        enum AVMediaType type = st->codecpar->codec_type;
        if (type == AVMEDIA_TYPE_VIDEO && !(st->disposition & AV_DISPOSITION_ATTACHED_PIC)) {
            info->video_stream_count++;
            if (video_index < 0) video_index = (int)i;
        } else if (type == AVMEDIA_TYPE_AUDIO) {
            info->audio_stream_count++;
            if (audio_index < 0) audio_index = (int)i;
        }
    }
    if (fmt->duration != AV_NOPTS_VALUE && fmt->duration > 0)
        info->duration_seconds = (double)fmt->duration / AV_TIME_BASE;
    if (video_index >= 0) fill_video(fmt->streams[video_index], info, &layout);
    if (audio_index >= 0) fill_audio(fmt->streams[audio_index], info);

    // Refuse absurd dimensions before anything decodes a frame of that size.
    if (info->width > MAX_DIMENSION || info->height > MAX_DIMENSION) {
        snprintf(message, message_size, "video dimensions %dx%d exceed the limit (%dx%d)", info->width,
                 info->height, MAX_DIMENSION, MAX_DIMENSION);
        status = RS_AV_TOO_LARGE;
        goto done;
    }
    enum AVCodecID video_codec =
        video_index >= 0 ? fmt->streams[video_index]->codecpar->codec_id : AV_CODEC_ID_NONE;
    if (needs_stream_info(info, fmt, video_codec)) {
        info->used_stream_info = 1;
        fmt->max_analyze_duration = 10 * AV_TIME_BASE;
        err = avformat_find_stream_info(fmt, NULL);
        if (err < 0 && interrupt_callback(&budget)) {
            status = fail(RS_AV_TIMEOUT, message, message_size, "gave up: it took longer than its time budget (--timeout)", 0);
            goto done;
        }
        if (info->duration_seconds < 0 && fmt->duration != AV_NOPTS_VALUE && fmt->duration > 0)
            info->duration_seconds = (double)fmt->duration / AV_TIME_BASE;
        if (video_index >= 0) {
            const AVStream *st = fmt->streams[video_index];
            const char *known_format = info->pixel_format;
            int known_depth = info->bit_depth;
            fill_video(st, info, &layout);
            if (known_format && layout.chroma >= 0) { // the configuration record wins
                info->pixel_format = known_format;
                info->bit_depth = known_depth;
            }
            if (info->frame_rate <= 0) info->frame_rate = rational_or(st->r_frame_rate, -1);
        }
        if (audio_index >= 0) fill_audio(fmt->streams[audio_index], info);
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
    if (video_index < 0 && audio_index < 0) {
        status = fail(RS_AV_UNSUPPORTED, message, message_size, "no audio or video stream", 0);
        goto done;
    }

    if (video_index >= 0) {
        const AVStream *st = fmt->streams[video_index];
        enum AVCodecID id = st->codecpar->codec_id;
        int need_frame_header = layout_in_frame_header(id) && layout.chroma < 0;
        if (deep || need_frame_header) {
            err = scan_packets(fmt, video_index, deep, st, info, &layout);
            if (interrupt_callback(&budget)) {
                status = fail(RS_AV_TIMEOUT, message, message_size, "gave up: it took longer than its time budget (--timeout)", 0);
                goto done;
            }
            if (err < 0 && deep) info->truncated = 1;
            if (layout.chroma >= 0 && layout.bit_depth > 0) {
                const char *name = pixel_format_name(layout.chroma, layout.bit_depth);
                if (name) info->pixel_format = name;
                info->bit_depth = layout.bit_depth;
            }
            if (layout.profile >= 0) {
                info->video_profile = profile_name(id, layout.profile);
            }
        }
        // Indexed samples beyond the end of the file: the upload was cut short.
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
    }
    if (fmt->bit_rate > 0) info->format_bit_rate = fmt->bit_rate;
    else if (info->duration_seconds > 0) // what ffprobe reports: the file's average
        info->format_bit_rate = (int64_t)((double)info->file_size * 8 / info->duration_seconds);

done:
    avformat_close_input(&fmt); // with AVFMT_FLAG_CUSTOM_IO, the I/O context stays ours to free
    av_freep(&io->buffer);
    avio_context_free(&io);
    return status;
}
