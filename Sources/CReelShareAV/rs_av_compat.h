// rs_av_compat.h: the one place that knows FFmpeg's API differs between releases. Every other
// file calls the rs_* names below and tests no version. The newer API is used wherever the
// headers have it and the older one only below the release that introduced it, gated on
// FFmpeg's own version macros as its FF_API_* switches are.
//
// Supported: FFmpeg 5.1 (libavformat 59.27, libavcodec 59.37, libavutil 57.28) through 9.0
// (libavformat/libavcodec 63, libavutil 61).
#ifndef RS_AV_COMPAT_H
#define RS_AV_COMPAT_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <libavcodec/avcodec.h>
#include <libavformat/avformat.h>
#include <libavutil/avutil.h>
#include <libavutil/ffversion.h>
#include <libavfilter/version.h>
#include <libavutil/macros.h>

#if LIBAVFORMAT_VERSION_INT < AV_VERSION_INT(59, 27, 100) || LIBAVCODEC_VERSION_INT < AV_VERSION_INT(59, 37, 100) ||  \
    LIBAVUTIL_VERSION_INT < AV_VERSION_INT(57, 28, 100)
#error "reelshare needs FFmpeg 5.1 or newer (libavformat 59.27, libavcodec 59.37, libavutil 57.28); these headers are older"
#endif

/// The FFmpeg release these headers belong to ("7.1.3-0+deb13u1"), and their libraries' versions.
#define RS_FFMPEG_BUILT_VERSION FFMPEG_VERSION
#define RS_AVFORMAT_BUILT_VERSION                                                                                      \
    AV_STRINGIFY(LIBAVFORMAT_VERSION_MAJOR) "." AV_STRINGIFY(LIBAVFORMAT_VERSION_MINOR) "." AV_STRINGIFY(             \
        LIBAVFORMAT_VERSION_MICRO)
#define RS_AVCODEC_BUILT_VERSION                                                                                       \
    AV_STRINGIFY(LIBAVCODEC_VERSION_MAJOR) "." AV_STRINGIFY(LIBAVCODEC_VERSION_MINOR) "." AV_STRINGIFY(               \
        LIBAVCODEC_VERSION_MICRO)

/// The libavfilter shared library of the major version these headers describe (its ABI is the one
/// compiled against), for dlopen.
#if defined(__APPLE__)
#define RS_AVFILTER_LIBRARY_NAME "libavfilter." AV_STRINGIFY(LIBAVFILTER_VERSION_MAJOR) ".dylib"
#else
#define RS_AVFILTER_LIBRARY_NAME "libavfilter.so." AV_STRINGIFY(LIBAVFILTER_VERSION_MAJOR)
#endif

// MARK: - Profiles (AV_PROFILE_* since libavcodec 60.26; FF_PROFILE_* removed in 62)

#if LIBAVCODEC_VERSION_INT >= AV_VERSION_INT(60, 26, 100)
#define RS_PROFILE_H264_CONSTRAINED AV_PROFILE_H264_CONSTRAINED
#define RS_PROFILE_H264_INTRA AV_PROFILE_H264_INTRA
#define RS_PROFILE_MPEG4_SIMPLE AV_PROFILE_MPEG4_SIMPLE
#define RS_PROFILE_MPEG4_ADVANCED_SIMPLE AV_PROFILE_MPEG4_ADVANCED_SIMPLE
#else
#define RS_PROFILE_H264_CONSTRAINED FF_PROFILE_H264_CONSTRAINED
#define RS_PROFILE_H264_INTRA FF_PROFILE_H264_INTRA
#define RS_PROFILE_MPEG4_SIMPLE FF_PROFILE_MPEG4_SIMPLE
#define RS_PROFILE_MPEG4_ADVANCED_SIMPLE FF_PROFILE_MPEG4_ADVANCED_SIMPLE
#endif

// MARK: - A stream's side data (AVCodecParameters.coded_side_data since libavcodec 60.29 and
// libavformat 60.15; AVStream.side_data removed in libavformat 62)

#if LIBAVCODEC_VERSION_INT >= AV_VERSION_INT(60, 29, 100) && LIBAVFORMAT_VERSION_INT >= AV_VERSION_INT(60, 15, 100)
#define RS_HAVE_CODED_SIDE_DATA 1
#else
#define RS_HAVE_CODED_SIDE_DATA 0
#endif

/// The side data of `type` a stream carries (the display matrix, say), and its size; NULL if none.
static inline const uint8_t *rs_avstream_side_data(const AVStream *st, enum AVPacketSideDataType type, size_t *size) {
#if RS_HAVE_CODED_SIDE_DATA
    const AVPacketSideData *sd =
        av_packet_side_data_get(st->codecpar->coded_side_data, st->codecpar->nb_coded_side_data, type);
    if (size) *size = sd ? sd->size : 0;
    return sd ? sd->data : NULL;
#else
    size_t n = 0;
    const uint8_t *data = av_stream_get_side_data(st, type, &n);
    if (size) *size = data ? n : 0;
    return data;
#endif
}

/// Gives an output stream a copy of `size` bytes of side data of `type`; 0 or an AVERROR.
static inline int rs_avstream_add_side_data(AVStream *st, enum AVPacketSideDataType type, const uint8_t *data,
                                          size_t size) {
    uint8_t *copy;
#if RS_HAVE_CODED_SIDE_DATA
    // Replaces side data of the same type (avcodec_parameters_copy may have copied it already).
    AVPacketSideData *sd =
        av_packet_side_data_new(&st->codecpar->coded_side_data, &st->codecpar->nb_coded_side_data, type, size, 0);
    copy = sd ? sd->data : NULL;
#else
    copy = av_stream_new_side_data(st, type, size);
#endif
    if (!copy) return AVERROR(ENOMEM);
    memcpy(copy, data, size);
    return 0;
}

// MARK: - Stream groups (AVStreamGroup since libavformat 61, FFmpeg 7.0)

/// Whether `st` is a substream of an IAMF audio element (immersive audio in MP4, which FFmpeg reads
/// as stream groups since 7.1): FFmpeg names such a stream by its substream's coding (PCM, Opus,
/// AAC), not as the IAMF it is. Before stream groups, FFmpeg leaves IAMF undescribed.
static inline int rs_stream_in_iamf(const AVFormatContext *fmt, const AVStream *st) {
#if LIBAVFORMAT_VERSION_MAJOR >= 61
    for (unsigned g = 0; g < fmt->nb_stream_groups; g++) {
        const AVStreamGroup *group = fmt->stream_groups[g];
        if (group->type != AV_STREAM_GROUP_PARAMS_IAMF_AUDIO_ELEMENT) continue;
        for (unsigned i = 0; i < group->nb_streams; i++)
            if (group->streams[i] == st) return 1;
    }
#else
    (void)fmt;
    (void)st;
#endif
    return 0;
}

// MARK: - Encoders and frames

/// The sample format an audio encoder prefers (its first supported one); FLTP when it lists none.
/// avcodec_get_supported_config since libavcodec 61.13; AVCodec.sample_fmts removed in 62.
static inline enum AVSampleFormat rs_encoder_sample_format(const AVCodec *codec) {
    const enum AVSampleFormat *formats = NULL;
#if LIBAVCODEC_VERSION_INT >= AV_VERSION_INT(61, 13, 100)
    const void *configs = NULL;
    int count = 0;
    if (avcodec_get_supported_config(NULL, codec, AV_CODEC_CONFIG_SAMPLE_FORMAT, 0, &configs, &count) >= 0 && count > 0)
        formats = configs;
#else
    formats = codec->sample_fmts;
#endif
    return formats && formats[0] != AV_SAMPLE_FMT_NONE ? formats[0] : AV_SAMPLE_FMT_FLTP;
}

/// A decoded frame's own duration in its time base (AVFrame.duration since libavutil 57.30).
static inline int64_t rs_frame_duration(const AVFrame *frame) {
#if LIBAVUTIL_VERSION_INT >= AV_VERSION_INT(57, 30, 100)
    return frame->duration;
#else
    return frame->pkt_duration;
#endif
}

// MARK: - Custom I/O

/// The buffer type of an AVIOContext write callback: const since libavformat 61 (FFmpeg 7.0).
#if LIBAVFORMAT_VERSION_MAJOR >= 61
typedef const uint8_t rs_avio_write_byte;
#else
typedef uint8_t rs_avio_write_byte;
#endif

#endif
