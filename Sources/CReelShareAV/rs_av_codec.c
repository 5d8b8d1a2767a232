// rs_av_codec.c: the codec configuration records a container carries (avcC and its SPS, hvcC,
// av1C, the MPEG-4 VOS header) and the first VP8/VP9 frame header, read for what a probe needs
// without decoding: profile, chroma subsampling, bit depth, the sample aspect ratio, and whether
// the stream can be interlaced. Every read is bounds-checked (a bit reader that flags overruns).
#include "rs_av_compat.h"
#include "rs_av_codec.h"
#include <string.h>

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

static int signed_golomb(bit_reader *r) {
    unsigned k = exp_golomb(r); // below 2^32 - 1: (k + 1) / 2 and k / 2 fit an int
    return (k & 1) ? (int)((k / 2) + 1) : -(int)(k / 2);
}

static void skip_scaling_list(bit_reader *r, int size) {
    int last = 8, next = 8;
    for (int j = 0; j < size && !r->overrun; j++) {
        if (next != 0) {
            int delta = signed_golomb(r); // delta_scale is -128 to 127 (7.4.2.1.1.1)
            if (delta < -128 || delta > 127) {
                r->overrun = 1;
                return;
            }
            next = (last + delta + 256) % 256;
        }
        last = next == 0 ? last : next;
    }
}

// H.264 Table E-1: aspect_ratio_idc 1 to 16.
static const int sar_table[17][2] = {
    {0, 0}, {1, 1}, {12, 11}, {10, 11}, {16, 11}, {40, 33}, {24, 11}, {20, 11}, {32, 11},
    {80, 33}, {18, 11}, {15, 11}, {64, 33}, {160, 99}, {4, 3}, {3, 2}, {2, 1},
};

// H.264 sequence parameter set (NAL payload after the one-byte header), through the VUI's aspect
// ratio.
static void parse_h264_sps(const uint8_t *nal, size_t size, rs_video_layout *out) {
    uint8_t rbsp[512];
    size_t n = 0;
    for (size_t i = 1; i < size && n < sizeof rbsp; i++) {
        if (i >= 3 && nal[i] == 3 && nal[i - 1] == 0 && nal[i - 2] == 0) continue;
        rbsp[n++] = nal[i];
    }
    if (n < 4) return;
    bit_reader r = {rbsp, n * 8, 0, 0};
    int profile_idc = (int)bits(&r, 8);
    unsigned constraints = bits(&r, 8);
    bits(&r, 8);    // level
    exp_golomb(&r); // seq_parameter_set_id
    int chroma = 1, depth = 8;
    switch (profile_idc) {
    case 100: case 110: case 122: case 244: case 44: case 83: case 86: case 118: case 128:
    case 138: case 139: case 134: case 135:
        {
            // chroma_format_idc is 0 to 3 and bit_depth_luma_minus8 0 to 6 (H.264 7.4.2.1.1):
            // anything else is not an SPS, and is never added to.
            unsigned chroma_idc = exp_golomb(&r);
            if (chroma_idc > 3) return;
            chroma = (int)chroma_idc;
            if (chroma == 3) bits(&r, 1); // separate_colour_plane_flag
            unsigned luma_minus8 = exp_golomb(&r);
            if (luma_minus8 > 6) return;
            depth = 8 + (int)luma_minus8;
        }
        exp_golomb(&r); // bit_depth_chroma_minus8
        bits(&r, 1);    // qpprime_y_zero_transform_bypass_flag
        if (bits(&r, 1)) { // seq_scaling_matrix_present_flag
            for (int i = 0; i < (chroma == 3 ? 12 : 8) && !r.overrun; i++)
                if (bits(&r, 1)) skip_scaling_list(&r, i < 6 ? 16 : 64);
        }
        break;
    default:
        break;
    }
    if (r.overrun || chroma > 3) return;
    int profile = profile_idc;
    if (profile_idc == 66 && (constraints & 0x40)) profile |= RS_PROFILE_H264_CONSTRAINED;
    if ((profile_idc == 110 || profile_idc == 122 || profile_idc == 244) && (constraints & 0x10))
        profile |= RS_PROFILE_H264_INTRA;
    out->profile = profile;
    out->chroma = chroma;
    out->bit_depth = depth;

    exp_golomb(&r); // log2_max_frame_num_minus4
    unsigned poc_type = exp_golomb(&r);
    if (poc_type == 0) {
        exp_golomb(&r); // log2_max_pic_order_cnt_lsb_minus4
    } else if (poc_type == 1) {
        bits(&r, 1);       // delta_pic_order_always_zero_flag
        signed_golomb(&r); // offset_for_non_ref_pic
        signed_golomb(&r); // offset_for_top_to_bottom_field
        unsigned cycle = exp_golomb(&r);
        for (unsigned i = 0; i < cycle && i < 256 && !r.overrun; i++) signed_golomb(&r);
    }
    exp_golomb(&r); // max_num_ref_frames
    bits(&r, 1);    // gaps_in_frame_num_value_allowed_flag
    exp_golomb(&r); // pic_width_in_mbs_minus1
    exp_golomb(&r); // pic_height_in_map_units_minus1
    int frame_mbs_only = (int)bits(&r, 1);
    if (r.overrun) return;
    out->scan = frame_mbs_only ? 1 : 0;
    if (!frame_mbs_only) bits(&r, 1); // mb_adaptive_frame_field_flag
    bits(&r, 1);                      // direct_8x8_inference_flag
    if (bits(&r, 1)) {                // frame_cropping_flag
        for (int i = 0; i < 4; i++) exp_golomb(&r);
    }
    if (!bits(&r, 1) || r.overrun) return; // vui_parameters_present_flag
    if (!bits(&r, 1)) return;              // aspect_ratio_info_present_flag
    unsigned idc = bits(&r, 8);
    int num = 0, den = 0;
    if (idc == 255) {
        num = (int)bits(&r, 16);
        den = (int)bits(&r, 16);
    } else if (idc < 17) {
        num = sar_table[idc][0];
        den = sar_table[idc][1];
    }
    if (!r.overrun && num > 0 && den > 0) {
        out->sar_num = num;
        out->sar_den = den;
    }
}

void rs_parse_avc_config(const uint8_t *data, size_t size, rs_video_layout *out) {
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

void rs_parse_hevc_config(const uint8_t *data, size_t size, rs_video_layout *out) {
    if (size < 23 || data[0] != 1) return; // hvcC only
    out->profile = data[1] & 0x1F;
    out->chroma = data[16] & 0x03;
    out->bit_depth = 8 + (data[17] & 0x07);
    // general_constraint_indicator_flags start with progressive_source and interlaced_source.
    int progressive = data[6] >> 7, interlaced = (data[6] >> 6) & 1;
    out->scan = interlaced ? 0 : progressive ? 1 : -1;
}

void rs_parse_av1_config(const uint8_t *data, size_t size, rs_video_layout *out) {
    out->scan = 1; // AV1 has no interlaced coding
    if (size < 4 || (data[0] & 0x80) == 0) return; // av1C marker bit
    int seq_profile = data[1] >> 5;
    int high_bitdepth = (data[2] >> 6) & 1, twelve_bit = (data[2] >> 5) & 1;
    int monochrome = (data[2] >> 4) & 1, sx = (data[2] >> 3) & 1, sy = (data[2] >> 2) & 1;
    out->profile = seq_profile;
    out->bit_depth = high_bitdepth ? (twelve_bit ? 12 : 10) : 8;
    out->chroma = monochrome ? 0 : (sx && sy) ? 1 : sx ? 2 : 3;
}

void rs_parse_mpeg4_config(const uint8_t *data, size_t size, rs_video_layout *out) {
    for (size_t i = 0; i + 4 < size; i++) {
        if (data[i] == 0 && data[i + 1] == 0 && data[i + 2] == 1 && data[i + 3] == 0xB0) {
            int level = data[i + 4];
            if (level >= 0x01 && level <= 0x08) out->profile = RS_PROFILE_MPEG4_SIMPLE;
            else if (level >= 0xF0 && level <= 0xF7) out->profile = RS_PROFILE_MPEG4_ADVANCED_SIMPLE;
            break;
        }
    }
    out->chroma = 1; // MPEG-4 part 2 video is 4:2:0, 8 bits
    out->bit_depth = 8;
}

// The uncompressed header at the start of a VP9 frame (or superframe).
void rs_parse_vp9_frame(const uint8_t *data, size_t size, rs_video_layout *out) {
    out->scan = 1; // VP9 has no interlaced coding
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

void rs_parse_vp8_frame(const uint8_t *data, size_t size, rs_video_layout *out) {
    out->scan = 1; // VP8 has no interlaced coding
    if (size < 3) return;
    out->profile = (data[0] >> 1) & 0x07;
    out->chroma = 1;
    out->bit_depth = 8;
}

static int closed_nal(int type, int hevc) { return hevc ? type >= 16 && type <= 20 : type == 5; }

int rs_nal_keyframe_closed(int hevc, const uint8_t *x, size_t x_size, const uint8_t *data, size_t size) {
    if (!data) return 0;
    const uint8_t *p = data, *end = data + size;
    if (x && x_size > 22 && x[0] == 1) { // hvcC or avcC: length prefixes of 1 to 4 bytes
        int prefix = hevc ? (x[21] & 3) + 1 : (x[4] & 3) + 1;
        while (end - p > prefix) {
            uint32_t length = 0;
            for (int i = 0; i < prefix; i++) length = length << 8 | p[i];
            p += prefix;
            if (length == 0 || length > (uint32_t)(end - p)) return 0;
            if (closed_nal(hevc ? (p[0] >> 1) & 0x3F : p[0] & 0x1F, hevc)) return 1;
            p += length;
        }
        return 0;
    }
    for (; end - p > 3; p++) // Annex B: after each 00 00 01
        if (p[0] == 0 && p[1] == 0 && p[2] == 1 && closed_nal(hevc ? (p[3] >> 1) & 0x3F : p[3] & 0x1F, hevc)) return 1;
    return 0;
}
