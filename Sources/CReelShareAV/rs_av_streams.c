// rs_av_streams.c: see rs_av_streams.h.
#include "rs_av_streams.h"
#include "rs_av_compat.h"
#include "rs_av_source.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include <libavcodec/avcodec.h>
#include <libavformat/avformat.h>
#include <libavutil/display.h>
#include <libavutil/pixdesc.h>

static const char *profile_name(enum AVCodecID codec, int profile) {
    if (profile < 0) return NULL;
    return avcodec_profile_name(codec, profile);
}

double rs_rational_or(AVRational q, double otherwise) { return (q.num > 0 && q.den > 0) ? av_q2d(q) : otherwise; }

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

rs_av_field_order rs_field_order(enum AVFieldOrder order) {
    switch (order) {
    case AV_FIELD_PROGRESSIVE: return RS_AV_FIELD_PROGRESSIVE;
    case AV_FIELD_TT: return RS_AV_FIELD_TT;
    case AV_FIELD_BB: return RS_AV_FIELD_BB;
    case AV_FIELD_TB: return RS_AV_FIELD_TB;
    case AV_FIELD_BT: return RS_AV_FIELD_BT;
    default: return RS_AV_FIELD_UNKNOWN;
    }
}

rs_av_codec_id rs_codec_id(enum AVCodecID codec) {
    switch (codec) {
    case AV_CODEC_ID_H264: return RS_AV_CODEC_H264;
    case AV_CODEC_ID_HEVC: return RS_AV_CODEC_HEVC;
    case AV_CODEC_ID_VP8: return RS_AV_CODEC_VP8;
    case AV_CODEC_ID_VP9: return RS_AV_CODEC_VP9;
    case AV_CODEC_ID_AV1: return RS_AV_CODEC_AV1;
    case AV_CODEC_ID_AAC: return RS_AV_CODEC_AAC;
    case AV_CODEC_ID_OPUS: return RS_AV_CODEC_OPUS;
    case AV_CODEC_ID_VORBIS: return RS_AV_CODEC_VORBIS;
    case AV_CODEC_ID_MP3: return RS_AV_CODEC_MP3;
    default: return RS_AV_CODEC_OTHER;
    }
}

void rs_classify_pixel_format(rs_av_info *info) {
    const AVPixFmtDescriptor *desc = info->pixel_format ? av_pix_fmt_desc_get(av_get_pix_fmt(info->pixel_format)) : NULL;
    if (!desc) {
        info->chroma = RS_AV_CHROMA_UNKNOWN;
        info->rgb = -1;
        return;
    }
    info->rgb = (desc->flags & AV_PIX_FMT_FLAG_RGB) != 0;
    int w = desc->log2_chroma_w, h = desc->log2_chroma_h;
    if (desc->flags & AV_PIX_FMT_FLAG_PAL) info->chroma = RS_AV_CHROMA_UNKNOWN; // a palette: no planes to subsample
    else if (desc->nb_components <= 2 && !info->rgb) info->chroma = RS_AV_CHROMA_400;
    else if (w == 1 && h == 1) info->chroma = RS_AV_CHROMA_420;
    else if (w == 1 && h == 0) info->chroma = RS_AV_CHROMA_422;
    else if (w == 0 && h == 0) info->chroma = RS_AV_CHROMA_444;
    else if (w == 2 && h == 0) info->chroma = RS_AV_CHROMA_411;
    else if (w == 0 && h == 1) info->chroma = RS_AV_CHROMA_440;
    else info->chroma = RS_AV_CHROMA_UNKNOWN;
}

// The layout the bitstream gives (configuration record, frame header) wins over FFmpeg's guess.
void rs_apply_layout(rs_av_info *info, const rs_video_layout *layout, enum AVCodecID codec) {
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
    if (info->field_order == RS_AV_FIELD_UNKNOWN && layout->scan == 1) info->field_order = RS_AV_FIELD_PROGRESSIVE;
    if (info->video_alpha && info->pixel_format && strcmp(info->pixel_format, "yuv420p") == 0) info->pixel_format = "yuva420p";
    // av_color_*_name gives NULL for a value past FFmpeg's table.
    info->stream_color_transfer = layout->transfer >= 0 ? av_color_transfer_name(layout->transfer) : NULL;
    info->stream_color_primaries = layout->primaries >= 0 ? av_color_primaries_name(layout->primaries) : NULL;
    info->stream_color_matrix = layout->matrix >= 0 ? av_color_space_name(layout->matrix) : NULL;
    info->stream_color_range = layout->full_range;
    info->reference_frames = layout->reference_frames;
}

// Fills the video fields that the container headers already carry.
void rs_fill_video(const AVStream *st, rs_av_info *info, rs_video_layout *layout) {
    const AVCodecParameters *par = st->codecpar;
    info->has_video = 1;
    info->time_base_num = st->time_base.num;
    info->time_base_den = st->time_base.den;
    info->video_codec = par->codec_id == AV_CODEC_ID_NONE ? NULL : avcodec_get_name(par->codec_id);
    info->video_codec_id = rs_codec_id(par->codec_id);
    info->width = par->width > 0 ? par->width : -1;
    info->height = par->height > 0 ? par->height : -1;
    info->frame_rate = rs_rational_or(st->avg_frame_rate, -1);
    info->video_bit_rate = par->bit_rate > 0 ? par->bit_rate : -1;
    info->color_transfer = par->color_trc == AVCOL_TRC_UNSPECIFIED ? NULL : av_color_transfer_name(par->color_trc);
    info->color_primaries =
        par->color_primaries == AVCOL_PRI_UNSPECIFIED ? NULL : av_color_primaries_name(par->color_primaries);
    info->color_matrix = par->color_space == AVCOL_SPC_UNSPECIFIED ? NULL : av_color_space_name(par->color_space);
    info->color_range = par->color_range == AVCOL_RANGE_JPEG ? 1 : par->color_range == AVCOL_RANGE_MPEG ? 0 : -1;
    memset(info->video_codec_tag, 0, sizeof info->video_codec_tag);
    if (par->codec_tag) {
        char tag[AV_FOURCC_MAX_STRING_SIZE];
        av_fourcc_make_string(tag, par->codec_tag);
        // Only a tag of printable characters is a four-character code (AVI's numeric tags are not).
        int printable = 1;
        for (int i = 0; i < 4; i++)
            if (tag[i] < 0x20 || tag[i] > 0x7E || tag[i] == '[') printable = 0;
        if (printable) memcpy(info->video_codec_tag, tag, 4);
    }
    AVRational sar = st->sample_aspect_ratio.num > 0 ? st->sample_aspect_ratio : par->sample_aspect_ratio;
    if (sar.num > 0 && sar.den > 0) {
        av_reduce(&info->sar_num, &info->sar_den, sar.num, sar.den, 1 << 20);
    }
    info->field_order = rs_field_order(par->field_order);

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
    // VP8/VP9 with transparency in WebM: the alpha travels beside the picture (BlockAdditions),
    // flagged by the track's AlphaMode, which FFmpeg exports as a tag.
    const AVDictionaryEntry *alpha = av_dict_get(st->metadata, "alpha_mode", NULL, 0);
    info->video_alpha = alpha && strcmp(alpha->value, "1") == 0;
    rs_apply_layout(info, layout, par->codec_id);

    rs_avstream_orientation(st, &info->rotation, &info->mirrored);

}

int rs_keyframe_is_closed(const AVCodecParameters *par, const AVPacket *pkt) {
    if (par->codec_id != AV_CODEC_ID_H264 && par->codec_id != AV_CODEC_ID_HEVC) return 1;
    return rs_nal_keyframe_closed(par->codec_id == AV_CODEC_ID_HEVC, par->extradata,
                                  par->extradata ? (size_t)par->extradata_size : 0, pkt->data, (size_t)pkt->size);
}

int64_t rs_avstream_start(const AVStream *st) {
    return st->start_time != AV_NOPTS_VALUE ? av_rescale_q(st->start_time, st->time_base, AV_TIME_BASE_Q) : 0;
}

int rs_avstream_exif_orientation(const AVStream *st) {
    int rotation = 0, mirrored = 0;
    rs_avstream_orientation(st, &rotation, &mirrored);
    // Without a flip: the turn. With one: the matrix turns the picture, then flips the result
    // left to right (its x column is negated), so a quarter turn and a flip is a transpose (5)
    // or a transverse (7).
    static const int plain[4] = {1, 6, 3, 8}, flipped[4] = {2, 5, 4, 7};
    int quarter = ((rotation / 90) % 4 + 4) % 4;
    return mirrored ? flipped[quarter] : plain[quarter];
}

void rs_avstream_orientation(const AVStream *st, int *rotation, int *mirrored) {
    *rotation = 0;
    *mirrored = 0;
    size_t size = 0;
    const uint8_t *matrix = rs_avstream_side_data(st, AV_PKT_DATA_DISPLAYMATRIX, &size);
    if (!matrix || size < 9 * sizeof(int32_t)) {
        // HTC phones wrote the turn of their Matroska clips in the track's name
        // ("htc_video_rotA-090"), which players such as ExoPlayer honour; a display matrix wins.
        const AVDictionaryEntry *name = av_dict_get(st->metadata, "title", NULL, 0);
        if (name && strncmp(name->value, "htc_video_rotA-", 15) == 0) {
            const char *degrees = name->value + 15;
            *rotation = strcmp(degrees, "090") == 0 ? 90 : strcmp(degrees, "180") == 0 ? 180 : strcmp(degrees, "270") == 0 ? 270 : 0;
        }
        return;
    }
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

void rs_fill_audio(const AVFormatContext *fmt, const AVStream *st, rs_av_info *info) {
    const AVCodecParameters *par = st->codecpar;
    info->has_audio = 1;
    info->audio_codec = par->codec_id == AV_CODEC_ID_NONE ? NULL : avcodec_get_name(par->codec_id);
    info->audio_codec_id = rs_codec_id(par->codec_id);
    // IAMF is named as what the file holds (an 'iamf' sample entry), whatever its substreams'
    // coding: a phone's player must know IAMF, not PCM, to play it.
    if (rs_stream_in_iamf(fmt, st)) info->audio_codec = "iamf", info->audio_codec_id = RS_AV_CODEC_OTHER;
    // In an MPEG-TS the PMT's stream type names the codec, where FFmpeg's probing of the packets
    // guesses MP3 for what it does not know: 0x2D is MPEG-H 3D audio (ISO/IEC 13818-1), 0x82 DTS
    // (the Blu-ray types). FFmpeg keeps the stream type as the codec tag.
    if (info->demuxer_kind == RS_AV_DEMUXER_MPEGTS &&
        (par->codec_id == AV_CODEC_ID_MP3 || par->codec_id == AV_CODEC_ID_MP2 || par->codec_id == AV_CODEC_ID_NONE)) {
        if (par->codec_tag == 0x2D) info->audio_codec = "mpegh", info->audio_codec_id = RS_AV_CODEC_OTHER;
        else if (par->codec_tag == 0x82) info->audio_codec = "dts", info->audio_codec_id = RS_AV_CODEC_OTHER;
    }
    info->sample_rate = par->sample_rate > 0 ? par->sample_rate : -1;
    info->channels = par->ch_layout.nb_channels > 0 ? par->ch_layout.nb_channels : -1;
    info->audio_bit_rate = par->bit_rate > 0 ? par->bit_rate : -1;
}

/// `bytes` over `seconds` in bits per second, rounded; -1 when that is no rate (both come from
/// the file: a 50 MB clip that says it lasts a nanosecond would overflow the conversion).
int64_t rs_bit_rate(int64_t bytes, double seconds, int rounded) {
    double rate = (double)bytes * 8 / seconds;
    if (!(seconds > 0 && rate >= 0 && rate < 1e15)) return -1;
    return rounded ? (int64_t)llround(rate) : (int64_t)rate; // a file's: truncated, as FFmpeg's own
}

/// A Matroska stream's DURATION tag ("01:02:03.456000000"), in seconds; < 0 when absent or odd.
double rs_tagged_duration(const AVStream *st) {
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
double rs_avstream_duration(const AVStream *st) {
    if (st->duration == AV_NOPTS_VALUE || st->duration <= 0 || st->time_base.den <= 0) return -1;
    return (double)st->duration * av_q2d(st->time_base);
}

// VP8 and VP9 keep their pixel layout in each key frame's header, read from the first packet.
int rs_layout_in_frame_header(enum AVCodecID id) { return id == AV_CODEC_ID_VP8 || id == AV_CODEC_ID_VP9; }

void rs_rgb_pixel_format(const AVStream *st, rs_av_info *info) {
    if (st->codecpar->color_space == AVCOL_SPC_RGB && info->pixel_format && strncmp(info->pixel_format, "yuv444p", 7) == 0)
        info->pixel_format = info->bit_depth == 10 ? "gbrp10le" : info->bit_depth == 12 ? "gbrp12le" : "gbrp";
}

int rs_needs_stream_info(const rs_av_info *info, const AVFormatContext *fmt, enum AVCodecID video) {
    if (fmt->nb_streams == 0) return 1;
    if (info->duration_seconds < 0 && !info->duration_from) return 1;
    if (info->has_video && (!info->video_codec || info->width <= 0 || info->height <= 0 || info->frame_rate <= 0 ||
                            (!info->pixel_format && !rs_layout_in_frame_header(video))))
        return 1;
    if (info->has_audio && (!info->audio_codec || info->sample_rate <= 0 || info->channels <= 0)) return 1;
    // 4:4:4 may be RGB (an identity matrix): only the decoder tells, when no colr box says.
    if (info->has_video && info->pixel_format && strncmp(info->pixel_format, "yuv444p", 7) == 0) return 1;
    // More than 8 bits with no transfer the container states (a MOV or MP4 without a colr box):
    // it may be HDR, which its bitstream's VUI says (HLG, PQ), and a fix must know to tone-map.
    const AVPixFmtDescriptor *samples = info->pixel_format ? av_pix_fmt_desc_get(av_get_pix_fmt(info->pixel_format)) : NULL;
    if (info->has_video && !info->color_transfer && samples && samples->comp[0].depth > 8) return 1;
    return 0;
}

void rs_first_streams(const AVFormatContext *fmt, int *video, int *audio) {
    *video = *audio = -1;
    // The stream a player picks: the first marked default (an MP4 track's tkhd "enabled" flag,
    // Matroska's FlagDefault), else the first. A disabled commentary before the main mix is not
    // the sound the share plays.
    int video_default = 0, audio_default = 0;
    for (unsigned i = 0; i < fmt->nb_streams; i++) {
        const AVStream *st = fmt->streams[i];
        enum AVMediaType type = st->codecpar->codec_type;
        if (st->codecpar->codec_id == AV_CODEC_ID_NONE) continue; // undescribed: listed, not chosen
        int is_default = (st->disposition & AV_DISPOSITION_DEFAULT) != 0;
        if (type == AVMEDIA_TYPE_VIDEO && !(st->disposition & AV_DISPOSITION_ATTACHED_PIC) &&
            (*video < 0 || (is_default && !video_default))) {
            *video = (int)i;
            video_default = is_default;
        }
        if (type == AVMEDIA_TYPE_AUDIO && (*audio < 0 || (is_default && !audio_default))) {
            *audio = (int)i;
            audio_default = is_default;
        }
    }
}

/// Chooses the streams (rs_first_streams) and counts them.
void rs_choose_streams(const AVFormatContext *fmt, rs_av_info *info, int *video, int *audio) {
    rs_first_streams(fmt, video, audio);
    info->video_index = *video;
    info->audio_index = *audio;
    info->video_stream_count = info->audio_stream_count = info->other_stream_count = info->stream_count = 0;
    for (unsigned i = 0; i < fmt->nb_streams; i++) {
        const AVStream *st = fmt->streams[i];
        const AVCodecParameters *par = st->codecpar;
        enum AVMediaType type = par->codec_type;
        if (info->stream_count < RS_AV_MAX_STREAMS) {
            rs_av_stream_entry *entry = &info->streams[info->stream_count++];
            entry->index = (int)i;
            entry->kind = type == AVMEDIA_TYPE_VIDEO      ? RS_AV_STREAM_VIDEO
                          : type == AVMEDIA_TYPE_AUDIO    ? RS_AV_STREAM_AUDIO
                          : type == AVMEDIA_TYPE_SUBTITLE ? RS_AV_STREAM_SUBTITLE
                          : type == AVMEDIA_TYPE_DATA     ? RS_AV_STREAM_DATA
                          : type == AVMEDIA_TYPE_ATTACHMENT ? RS_AV_STREAM_ATTACHMENT
                                                          : RS_AV_STREAM_UNKNOWN;
            entry->cover_art = (st->disposition & AV_DISPOSITION_ATTACHED_PIC) != 0;
            snprintf(entry->codec, sizeof entry->codec, "%s", par->codec_id == AV_CODEC_ID_NONE ? "" : avcodec_get_name(par->codec_id));
        }
        // A stream FFmpeg cannot describe (AC-4, IAMF, VVC before FFmpeg 7, a track without a
        // sample description): not one of the streams, but listed, by what the container says.
        if (par->codec_id == AV_CODEC_ID_NONE &&
            (type == AVMEDIA_TYPE_VIDEO || type == AVMEDIA_TYPE_AUDIO || type == AVMEDIA_TYPE_UNKNOWN)) {
            if (info->other_stream_count < RS_AV_MAX_OTHER_STREAMS) {
                rs_av_other_stream *other = &info->other_streams[info->other_stream_count++];
                other->index = (int)i;
                other->kind = type == AVMEDIA_TYPE_VIDEO   ? RS_AV_STREAM_VIDEO
                              : type == AVMEDIA_TYPE_AUDIO ? RS_AV_STREAM_AUDIO
                                                           : RS_AV_STREAM_UNKNOWN;
                memset(other->tag, 0, sizeof other->tag);
                if (par->codec_tag) {
                    av_fourcc_make_string(other->tag, par->codec_tag);
                    for (int k = 0; k < 4; k++)
                        if (other->tag[k] < 0x20 || other->tag[k] > 0x7E || other->tag[k] == '[') other->tag[0] = 0;
                    other->tag[4] = 0;
                }
            }
            continue;
        }
        if (type == AVMEDIA_TYPE_VIDEO && !(st->disposition & AV_DISPOSITION_ATTACHED_PIC)) info->video_stream_count++;
        if (type == AVMEDIA_TYPE_AUDIO) info->audio_stream_count++;
    }
}

rs_av_status rs_open_video_decoder(AVFormatContext *fmt, int threads, int thread_type, int one_for_own_threads,
                                   int *index, AVCodecContext **decoder, const char *what, char *message,
                                   size_t message_size) {
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
    int own = one_for_own_threads && (codec->capabilities & AV_CODEC_CAP_OTHER_THREADS);
    (*decoder)->thread_count = own ? 1 : threads;
    (*decoder)->thread_type = own ? 0 : thread_type;
    (*decoder)->pkt_timebase = st->time_base;
    int err = avcodec_open2(*decoder, codec, NULL);
    if (err < 0) return rs_fail(RS_AV_UNSUPPORTED, message, message_size, "the video decoder does not open", err);
    for (unsigned i = 0; i < fmt->nb_streams; i++)
        if ((int)i != *index) fmt->streams[i]->discard = AVDISCARD_ALL;
    return RS_AV_OK;
}

const char *rs_av_cicp_name(int kind, int value) {
    if (value < 0 || value > 255 || value == 2) return NULL; // 2: unspecified, in all three
    switch (kind) {
    case 0: return av_color_primaries_name((enum AVColorPrimaries)value);
    case 1: return av_color_transfer_name((enum AVColorTransferCharacteristic)value);
    case 2: return av_color_space_name((enum AVColorSpace)value);
    default: return NULL;
    }
}
