// libFuzzer target: the bitstream readers of rs_av_codec (the avcC, hvcC and av1C records with
// their parameter sets and sequence header, the MPEG-4 VOS header, VP8 and VP9 frame headers,
// and the closed-GOP test) on raw bytes, the first byte choosing the reader. They read what a
// container hands them, which the probe does not check first.
#include <stddef.h>
#include <stdint.h>

#include "rs_av_codec.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    if (size < 1) return 0;
    rs_video_layout layout = RS_VIDEO_LAYOUT_UNKNOWN;
    const uint8_t *rest = data + 1;
    size_t length = size - 1;
    switch (data[0] % 7) {
    case 0: rs_parse_avc_config(rest, length, &layout); break;
    case 1: rs_parse_hevc_config(rest, length, &layout); break;
    case 2: rs_parse_av1_config(rest, length, &layout); break;
    case 3: rs_parse_mpeg4_config(rest, length, &layout); break;
    case 4: rs_parse_vp9_frame(rest, length, &layout); break;
    case 5: rs_parse_vp8_frame(rest, length, &layout); break;
    default: {
        // The keyframe test, with the record's first half as extradata.
        size_t half = length / 2;
        (void)rs_nal_keyframe_closed(data[0] & 8, rest, half, rest + half, length - half);
        break;
    }
    }
    // What the readers say is within the code points' ranges, or unknown.
    if (layout.primaries > 255 || layout.transfer > 255 || layout.matrix > 255 || layout.full_range > 1) __builtin_trap();
    return 0;
}
