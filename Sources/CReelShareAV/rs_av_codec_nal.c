// rs_av_codec_nal.c: H.264's and HEVC's configuration records (avcC, hvcC, or Annex B parameter
// sets in an MPEG-TS), their sequence parameter sets read through the VUI for the profile, chroma
// subsampling, bit depth, sample aspect ratio, scan and colour description, and whether a
// keyframe starts a closed group of pictures. Every read is bounds-checked (rs_av_bits.h).
#include "rs_av_compat.h"
#include "rs_av_bits.h"
#include "rs_av_codec.h"
#include <string.h>

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


// The start of H.264's and HEVC's VUI (H.264 E.1.1, H.265 E.2.1, the same up to the colour):
// the sample aspect ratio, then the video signal type with its colour description.
static void read_vui(bit_reader *r, rs_video_layout *out) {
    if (bits(r, 1)) { // aspect_ratio_info_present_flag
        unsigned idc = bits(r, 8);
        int num = 0, den = 0;
        if (idc == 255) {
            num = (int)bits(r, 16);
            den = (int)bits(r, 16);
        } else if (idc < 17) {
            num = sar_table[idc][0];
            den = sar_table[idc][1];
        }
        if (r->overrun) return;
        if (num > 0 && den > 0) {
            out->sar_num = num;
            out->sar_den = den;
        }
    }
    if (bits(r, 1)) bits(r, 1); // overscan_info_present_flag, overscan_appropriate_flag
    if (!bits(r, 1)) return;    // video_signal_type_present_flag
    bits(r, 3);                 // video_format
    int full_range = (int)bits(r, 1);
    int described = (int)bits(r, 1); // colour_description_present_flag
    unsigned primaries = bits(r, 8), transfer = bits(r, 8), matrix = bits(r, 8);
    if (r->overrun) return;
    out->full_range = full_range;
    if (!described) return;
    out->primaries = stated_colour(primaries);
    out->transfer = stated_colour(transfer);
    out->matrix = stated_colour(matrix);
}

/// A NAL unit's payload without its emulation prevention bytes (00 00 03), after `header` bytes;
/// the number of bytes written (at most `capacity`: a longer unit is read in part).
static size_t unescape_nal(const uint8_t *nal, size_t size, size_t header, uint8_t *rbsp, size_t capacity) {
    size_t n = 0;
    for (size_t i = header; i < size && n < capacity; i++) {
        if (i >= header + 2 && nal[i] == 3 && nal[i - 1] == 0 && nal[i - 2] == 0) continue;
        rbsp[n++] = nal[i];
    }
    return n;
}

// H.264 sequence parameter set (NAL payload after the one-byte header), through the VUI's colour
// description.
static void parse_h264_sps(const uint8_t *nal, size_t size, rs_video_layout *out) {
    uint8_t rbsp[512];
    size_t n = unescape_nal(nal, size, 1, rbsp, sizeof rbsp);
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
    unsigned references = exp_golomb(&r); // max_num_ref_frames, at most 16 (7.4.2.1.1)
    if (!r.overrun && references <= 16) out->reference_frames = (int)references;
    bits(&r, 1); // gaps_in_frame_num_value_allowed_flag
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
    if (bits(&r, 1) && !r.overrun) read_vui(&r, out); // vui_parameters_present_flag
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

// H.265 7.3.4: scaling_list_data, skipped.
static void skip_hevc_scaling_lists(bit_reader *r) {
    for (int size_id = 0; size_id < 4; size_id++) {
        for (int matrix_id = 0; matrix_id < 6 && !r->overrun; matrix_id += size_id == 3 ? 3 : 1) {
            if (!bits(r, 1)) { // scaling_list_pred_mode_flag
                exp_golomb(r); // scaling_list_pred_matrix_id_delta
                continue;
            }
            int coefficients = size_id == 0 ? 16 : 64;
            if (size_id > 1) signed_golomb(r); // scaling_list_dc_coef_minus8
            for (int i = 0; i < coefficients && !r->overrun; i++) signed_golomb(r);
        }
    }
}

// H.265 7.3.7: the short-term reference picture sets an SPS lists, skipped; each set's number of
// pictures is kept, as a set predicted from the one before reads a flag per picture of it.
static int skip_hevc_reference_sets(bit_reader *r, unsigned count) {
    unsigned pictures[64];
    for (unsigned set = 0; set < count; set++) {
        if (set != 0 && bits(r, 1)) { // inter_ref_pic_set_prediction_flag (from the set before)
            bits(r, 1);               // delta_rps_sign
            exp_golomb(r);            // abs_delta_rps_minus1
            unsigned used = 0;
            for (unsigned j = 0; j <= pictures[set - 1] && !r->overrun; j++) {
                // used_by_curr_pic_flag, else use_delta_flag
                if (bits(r, 1) || bits(r, 1)) used++;
            }
            pictures[set] = used;
        } else {
            unsigned negative = exp_golomb(r), positive = exp_golomb(r);
            if (negative > 16 || positive > 16) return 0; // sps_max_dec_pic_buffering is at most 16
            for (unsigned j = 0; j < negative + positive && !r->overrun; j++) {
                exp_golomb(r); // delta_poc_s0/s1_minus1
                bits(r, 1);    // used_by_curr_pic_s0/s1_flag
            }
            pictures[set] = negative + positive;
        }
        if (r->overrun) return 0;
    }
    return 1;
}

// H.265 sequence parameter set (NAL unit with its two-byte header), through the VUI's colour
// description. The layout's other fields come from the hvcC record's header.
static void parse_hevc_sps(const uint8_t *nal, size_t size, rs_video_layout *out) {
    uint8_t rbsp[1024];
    size_t n = unescape_nal(nal, size, 2, rbsp, sizeof rbsp);
    bit_reader r = {rbsp, n * 8, 0, 0};
    bits(&r, 4); // sps_video_parameter_set_id
    unsigned sub_layers = bits(&r, 3); // sps_max_sub_layers_minus1
    bits(&r, 1);                       // sps_temporal_id_nesting_flag
    bits(&r, 32);                      // profile_tier_level: the general profile (7.3.3)
    bits(&r, 32);
    bits(&r, 32);
    int profile_present[8] = {0}, level_present[8] = {0};
    for (unsigned i = 0; i < sub_layers; i++) {
        profile_present[i] = (int)bits(&r, 1);
        level_present[i] = (int)bits(&r, 1);
    }
    if (sub_layers > 0)
        for (unsigned i = sub_layers; i < 8; i++) bits(&r, 2); // reserved_zero_2bits
    for (unsigned i = 0; i < sub_layers; i++) {
        if (profile_present[i]) {
            bits(&r, 32);
            bits(&r, 32);
            bits(&r, 24);
        }
        if (level_present[i]) bits(&r, 8);
    }
    exp_golomb(&r); // sps_seq_parameter_set_id
    unsigned chroma = exp_golomb(&r);
    if (chroma > 3) return;
    if (chroma == 3) bits(&r, 1); // separate_colour_plane_flag
    exp_golomb(&r);               // pic_width_in_luma_samples
    exp_golomb(&r);               // pic_height_in_luma_samples
    if (bits(&r, 1))              // conformance_window_flag
        for (int i = 0; i < 4; i++) exp_golomb(&r);
    exp_golomb(&r); // bit_depth_luma_minus8
    exp_golomb(&r); // bit_depth_chroma_minus8
    unsigned poc_lsb_bits = exp_golomb(&r) + 4;
    if (poc_lsb_bits > 16) return;
    int ordering_for_all = (int)bits(&r, 1); // sps_sub_layer_ordering_info_present_flag
    for (unsigned i = ordering_for_all ? 0 : sub_layers; i <= sub_layers; i++) {
        // sps_max_dec_pic_buffering_minus1 (the last sub-layer's is the whole stream's), at most 15
        unsigned buffering = exp_golomb(&r) + 1;
        if (i == sub_layers && !r.overrun && buffering <= 16) out->reference_frames = (int)buffering;
        exp_golomb(&r); // sps_max_num_reorder_pics
        exp_golomb(&r); // sps_max_latency_increase_plus1
    }
    for (int i = 0; i < 6; i++) exp_golomb(&r); // coding and transform block sizes and depths
    if (bits(&r, 1) && bits(&r, 1)) skip_hevc_scaling_lists(&r); // scaling_list_enabled, sps_..._present
    bits(&r, 1); // amp_enabled_flag
    bits(&r, 1); // sample_adaptive_offset_enabled_flag
    if (bits(&r, 1)) { // pcm_enabled_flag
        bits(&r, 8);
        exp_golomb(&r);
        exp_golomb(&r);
        bits(&r, 1);
    }
    unsigned sets = exp_golomb(&r);
    if (sets > 64 || r.overrun || !skip_hevc_reference_sets(&r, sets)) return;
    if (bits(&r, 1)) { // long_term_ref_pics_present_flag
        unsigned long_term = exp_golomb(&r);
        if (long_term > 32) return;
        for (unsigned i = 0; i < long_term && !r.overrun; i++) {
            bits(&r, (int)poc_lsb_bits);
            bits(&r, 1);
        }
    }
    bits(&r, 1); // sps_temporal_mvp_enabled_flag
    bits(&r, 1); // strong_intra_smoothing_enabled_flag
    if (bits(&r, 1) && !r.overrun) { // vui_parameters_present_flag
        rs_video_layout vui = *out;  // the record's sample aspect ratio is none: only the colour
        read_vui(&r, &vui);
        out->primaries = vui.primaries;
        out->transfer = vui.transfer;
        out->matrix = vui.matrix;
        out->full_range = vui.full_range;
    }
}

void rs_parse_hevc_config(const uint8_t *data, size_t size, rs_video_layout *out) {
    if (size >= 23 && data[0] == 1) { // hvcC, then its arrays of parameter sets
        out->profile = data[1] & 0x1F;
        out->chroma = data[16] & 0x03;
        out->bit_depth = 8 + (data[17] & 0x07);
        // general_constraint_indicator_flags start with progressive_source and interlaced_source.
        int progressive = data[6] >> 7, interlaced = (data[6] >> 6) & 1;
        out->scan = interlaced ? 0 : progressive ? 1 : -1;
        size_t at = 23;
        for (unsigned array = 0; array < data[22] && at + 3 <= size; array++) {
            int type = data[at] & 0x3F;
            unsigned count = (unsigned)data[at + 1] << 8 | data[at + 2];
            at += 3;
            for (unsigned i = 0; i < count && at + 2 <= size; i++) {
                size_t length = (size_t)data[at] << 8 | data[at + 1];
                at += 2;
                if (length > size - at) return;
                if (type == 33) { // SPS_NUT
                    parse_hevc_sps(data + at, length, out);
                    return;
                }
                at += length;
            }
        }
        return;
    }
    for (size_t i = 0; i + 5 < size; i++) { // Annex B (MPEG-TS): 00 00 01, then the NAL
        if (data[i] == 0 && data[i + 1] == 0 && data[i + 2] == 1 && ((data[i + 3] >> 1) & 0x3F) == 33) {
            parse_hevc_sps(data + i + 3, size - i - 3, out);
            return;
        }
    }
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
