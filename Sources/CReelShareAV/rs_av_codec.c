// rs_av_codec.c: the AV1 configuration record (av1C and its sequence header), the MPEG-4 VOS
// header and the first VP8/VP9 frame header, read for what a probe needs without decoding:
// profile, chroma subsampling, bit depth, whether the stream can be interlaced, and the colour the
// bitstream describes. H.264 and HEVC are rs_av_codec_nal.c's. Every read is bounds-checked
// (rs_av_bits.h).
#include "rs_av_compat.h"
#include "rs_av_bits.h"
#include "rs_av_codec.h"
#include <string.h>

/// AV1's uvlc() (4.10.3).
static unsigned av1_uvlc(bit_reader *r) {
    int zeros = 0;
    while (!bits(r, 1)) {
        if (r->overrun || ++zeros >= 32) {
            r->overrun = 1;
            return 0;
        }
    }
    return bits(r, zeros) + ((1u << zeros) - 1);
}

// AV1 5.5: a sequence header OBU's payload, through color_config's colour description.
static void parse_av1_sequence_header(const uint8_t *data, size_t size, rs_video_layout *out) {
    bit_reader r = {data, size * 8, 0, 0};
    unsigned profile = bits(&r, 3);
    bits(&r, 1); // still_picture
    int reduced = (int)bits(&r, 1);
    if (reduced) {
        bits(&r, 5); // seq_level_idx[0]
    } else {
        int decoder_model = 0, delay_length = 0;
        if (bits(&r, 1)) { // timing_info_present_flag
            bits(&r, 32);  // num_units_in_display_tick
            bits(&r, 32);  // time_scale
            if (bits(&r, 1)) av1_uvlc(&r); // equal_picture_interval, num_ticks_per_picture_minus_1
            decoder_model = (int)bits(&r, 1);
            if (decoder_model) {
                delay_length = (int)bits(&r, 5) + 1; // buffer_delay_length_minus_1
                bits(&r, 32);                        // num_units_in_decoding_tick
                bits(&r, 10); // buffer_removal_time_length_minus_1, frame_presentation_time_length_minus_1
            }
        }
        int display_delay = (int)bits(&r, 1); // initial_display_delay_present_flag
        unsigned points = bits(&r, 5) + 1;    // operating_points_cnt_minus_1
        for (unsigned i = 0; i < points && !r.overrun; i++) {
            bits(&r, 12); // operating_point_idc
            if (bits(&r, 5) > 7) bits(&r, 1); // seq_level_idx, seq_tier
            if (decoder_model && bits(&r, 1)) { // decoder_model_present_for_this_op
                bits(&r, delay_length); // decoder_buffer_delay
                bits(&r, delay_length); // encoder_buffer_delay
                bits(&r, 1);            // low_delay_mode_flag
            }
            if (display_delay && bits(&r, 1)) bits(&r, 4); // initial_display_delay_minus_1
        }
    }
    int width_bits = (int)bits(&r, 4) + 1, height_bits = (int)bits(&r, 4) + 1;
    bits(&r, width_bits);  // max_frame_width_minus_1
    bits(&r, height_bits); // max_frame_height_minus_1
    if (!reduced && bits(&r, 1)) bits(&r, 7); // frame_id_numbers_present_flag: the two lengths
    bits(&r, 3); // use_128x128_superblock, enable_filter_intra, enable_intra_edge_filter
    if (!reduced) {
        bits(&r, 4); // enable_interintra_compound, masked_compound, warped_motion, dual_filter
        int order_hint = (int)bits(&r, 1);
        if (order_hint) bits(&r, 2); // enable_jnt_comp, enable_ref_frame_mvs
        int screen_content = bits(&r, 1) ? 2 : (int)bits(&r, 1); // seq_choose_screen_content_tools
        if (screen_content > 0 && !bits(&r, 1)) bits(&r, 1);      // seq_choose_integer_mv
        if (order_hint) bits(&r, 3);                              // order_hint_bits_minus_1
    }
    bits(&r, 3); // enable_superres, enable_cdef, enable_restoration
    // color_config (5.5.2)
    int high_bitdepth = (int)bits(&r, 1);
    if (profile == 2 && high_bitdepth) bits(&r, 1); // twelve_bit
    int mono = profile == 1 ? 0 : (int)bits(&r, 1);
    unsigned primaries = 2, transfer = 2, matrix = 2;
    if (bits(&r, 1)) { // color_description_present_flag
        primaries = bits(&r, 8);
        transfer = bits(&r, 8);
        matrix = bits(&r, 8);
    }
    // sRGB (BT.709 primaries, the sRGB transfer, identity matrix) is full range, unsaid.
    int full_range = !mono && primaries == 1 && transfer == 13 && matrix == 0 ? 1 : (int)bits(&r, 1);
    if (r.overrun) return;
    out->primaries = stated_colour(primaries);
    out->transfer = stated_colour(transfer);
    out->matrix = stated_colour(matrix);
    out->full_range = full_range;
}

/// AV1's leb128() (4.10.5): at most 8 bytes; -1 past `size` or beyond 32 bits.
static long long av1_leb128(const uint8_t *data, size_t size, size_t *at) {
    unsigned long long value = 0;
    for (int i = 0; i < 8; i++) {
        if (*at >= size) return -1;
        uint8_t byte = data[(*at)++];
        value |= (unsigned long long)(byte & 0x7F) << (7 * i);
        if (!(byte & 0x80)) return value > 0xFFFFFFFFull ? -1 : (long long)value;
    }
    return -1;
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
    // configOBUs: the sequence header, where the muxer put it (5.3: obu_header, then the size).
    size_t at = 4;
    while (at < size) {
        uint8_t header = data[at++];
        int type = (header >> 3) & 0x0F, extension = (header >> 2) & 1, sized = (header >> 1) & 1;
        if (extension) at++;
        long long length = sized ? av1_leb128(data, size, &at) : (long long)(size - at);
        if (length < 0 || at > size || (unsigned long long)length > size - at) return;
        if (type == 1) { // OBU_SEQUENCE_HEADER
            parse_av1_sequence_header(data + at, (size_t)length, out);
            return;
        }
        at += (size_t)length;
    }
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
    int chroma = 1, full_range = 1;
    if (color_space != 7) {             // not RGB
        full_range = (int)bits(&r, 1); // color_range
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
    // VP9 states the matrix only (7.2: color_space), as FFmpeg's decoder names it: unknown, BT.601
    // (bt470bg), BT.709, SMPTE 170M, SMPTE 240M, BT.2020 (non-constant), reserved, sRGB (RGB).
    static const int matrices[8] = {-1, 5, 1, 6, 7, 9, -1, 0};
    out->matrix = matrices[color_space];
    out->full_range = full_range;
}

void rs_parse_vp8_frame(const uint8_t *data, size_t size, rs_video_layout *out) {
    out->scan = 1; // VP8 has no interlaced coding
    if (size < 3) return;
    out->profile = (data[0] >> 1) & 0x07;
    out->chroma = 1;
    out->bit_depth = 8;
}
