// rs_av_codec: the pixel layout that codec configuration records and frame headers state, inside
// CReelShareAV only (rs_av_codec.c, rs_av_codec_nal.c). Plain bytes in, numbers out: it reads no file.
#ifndef RS_AV_CODEC_H
#define RS_AV_CODEC_H

#include <stddef.h>
#include <stdint.h>

typedef struct rs_video_layout {
    int chroma;      // 0 grey, 1 4:2:0, 2 4:2:2, 3 4:4:4; -1 unknown
    int bit_depth;   // -1 unknown
    int profile;     // FFmpeg profile number; -1 unknown
    int sar_num;     // sample aspect ratio from the bitstream; 0 unknown
    int sar_den;
    int scan;        // 1 progressive only, 0 may be interlaced, -1 unknown
    // The colour the bitstream describes (H.264/HEVC VUI, the AV1 sequence header, a VP9 key
    // frame), as ITU-T H.273 code points, which FFmpeg's AVColor* values are; -1 where it says
    // nothing (no description, or 2, "unspecified"). full_range: 1 full, 0 limited, -1 unsaid.
    int primaries;
    int transfer;
    int matrix;
    int full_range;
    // The pictures the bitstream declares a decoder keeps: H.264's max_num_ref_frames (for
    // reference; 0 for an intra-only stream), HEVC's sps_max_dec_pic_buffering (for reference
    // and reordering); -1 unsaid.
    int reference_frames;
} rs_video_layout;

/// A layout of which nothing is known.
#define RS_VIDEO_LAYOUT_UNKNOWN                                                                               \
    ((rs_video_layout){.chroma = -1, .bit_depth = -1, .profile = -1, .scan = -1, .primaries = -1, .transfer = -1, \
                       .matrix = -1, .full_range = -1, .reference_frames = -1})

void rs_parse_avc_config(const uint8_t *data, size_t size, rs_video_layout *out);
void rs_parse_hevc_config(const uint8_t *data, size_t size, rs_video_layout *out);
void rs_parse_av1_config(const uint8_t *data, size_t size, rs_video_layout *out);
void rs_parse_mpeg4_config(const uint8_t *data, size_t size, rs_video_layout *out);
void rs_parse_vp9_frame(const uint8_t *data, size_t size, rs_video_layout *out);
/// Whether a keyframe of H.264 (`hevc` 0) or HEVC (1) starts a closed group of pictures: it holds
/// an IDR picture (H.264 5; HEVC IDR 19-20 or BLA 16-18), after which nothing refers to what came
/// before. An HEVC CRA (21) or an H.264 recovery point is a keyframe too, but its leading pictures
/// refer to the previous group (an open GOP): a cut there loses them. NAL units are
/// length-prefixed when `extradata` is an avcC/hvcC record (MP4, Matroska), else Annex B (MPEG-TS).
int rs_nal_keyframe_closed(int hevc, const uint8_t *extradata, size_t extradata_size, const uint8_t *data, size_t size);
void rs_parse_vp8_frame(const uint8_t *data, size_t size, rs_video_layout *out);

#endif
