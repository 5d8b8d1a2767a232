// rs_av_streams: what FFmpeg's stream headers say, in rs_av_info's terms, inside CReelShareAV
// only: the streams every command works on, their codecs, layout, orientation and lengths, and
// the opening of the video decoder that preview, --decode and fix share.
#ifndef RS_AV_STREAMS_H
#define RS_AV_STREAMS_H

#include <stdint.h>

#include <libavcodec/avcodec.h>
#include <libavformat/avformat.h>

#include "rs_av.h"
#include "rs_av_codec.h"

/// The streams every command describes and works on, as a player picks them: of the video streams
/// that are not cover art and of the audio streams, the first marked default, else the first (-1:
/// none). Probe, preview, --decode and fix all use these, so a plan made from the probe is carried
/// out on the streams it was made for.
void rs_first_streams(const AVFormatContext *fmt, int *video, int *audio);
/// Chooses the streams (rs_first_streams) and counts them into `info`.
void rs_choose_streams(const AVFormatContext *fmt, rs_av_info *info, int *video, int *audio);

/// Fills the video fields that the container headers carry; `layout` gets what the codec
/// configuration record says.
void rs_fill_video(const AVStream *st, rs_av_info *info, rs_video_layout *layout);
void rs_fill_audio(const AVFormatContext *fmt, const AVStream *st, rs_av_info *info);
/// The layout the bitstream gives (configuration record, frame header) wins over FFmpeg's guess.
void rs_apply_layout(rs_av_info *info, const rs_video_layout *layout, enum AVCodecID codec);
/// VP8 and VP9 keep their pixel layout in each key frame's header, read from the first packet.
int rs_layout_in_frame_header(enum AVCodecID id);
/// 4:4:4 whose matrix is the identity is RGB (G, B and R planes): what x264rgb and x265 write from
/// RGB, and what the decoder gives; the pixel format says so.
void rs_rgb_pixel_format(const AVStream *st, rs_av_info *info);
/// Whether the headers leave a field unknown that avformat_find_stream_info would find.
int rs_needs_stream_info(const rs_av_info *info, const AVFormatContext *fmt, enum AVCodecID video);

rs_av_field_order rs_field_order(enum AVFieldOrder order);
/// The codecs reelshare acts on by themselves, by FFmpeg's id.
rs_av_codec_id rs_codec_id(enum AVCodecID codec);
/// The subsampling and RGB-ness of info->pixel_format, from FFmpeg's descriptor of it.
void rs_classify_pixel_format(rs_av_info *info);
double rs_rational_or(AVRational q, double otherwise);
/// `bytes` over `seconds` in bits per second (rounded, or truncated as FFmpeg's own); -1 when
/// that is no rate.
int64_t rs_bit_rate(int64_t bytes, double seconds, int rounded);
/// A Matroska stream's DURATION tag, in seconds; < 0 when absent or odd.
double rs_tagged_duration(const AVStream *st);
/// A stream's own length from the container, in seconds; < 0 unknown.
double rs_avstream_duration(const AVStream *st);

/// Whether a keyframe packet starts a closed group of pictures (rs_nal_keyframe_closed); 1 for
/// codecs whose keyframes always do (VP8, VP9, AV1's key frames...).
int rs_keyframe_is_closed(const AVCodecParameters *par, const AVPacket *pkt);

/// A stream's start in AV_TIME_BASE units (0 when unknown): the instant a fix plan's times, and
/// the keyframe times it comes from, are counted from.
int64_t rs_avstream_start(const AVStream *st);

/// The display matrix of a stream as a clockwise rotation (0, 90, 180, 270) applied after a
/// horizontal flip (`mirrored`).
void rs_avstream_orientation(const AVStream *st, int *rotation, int *mirrored);
/// The same as the EXIF orientation (1-8) that shows the stored picture as the matrix says.
int rs_avstream_exif_orientation(const AVStream *st);

/// Finds the best video stream of `fmt` (reading packets for formats that declare their streams
/// late, as FLV), opens its decoder with `threads` threads of `thread_type` (one thread for a
/// decoder with threads of its own, such as libdav1d, when `one_for_own_threads`), and has every
/// other stream discarded. On failure the message says "no video stream to `what`".
rs_av_status rs_open_video_decoder(AVFormatContext *fmt, int threads, int thread_type, int one_for_own_threads,
                                   int *index, AVCodecContext **decoder, const char *what, char *message,
                                   size_t message_size);

#endif
