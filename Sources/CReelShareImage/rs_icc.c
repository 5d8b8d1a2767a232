// rs_icc.c: whether an ICC profile can travel with the RGB pixels reelshare writes. One check on
// every libpng and libjpeg: libpng 1.6.39 refuses some profiles when they are set and 1.6.48 only
// when they are written (failing the whole PNG), and libjpeg embeds anything, so the header and
// tag table are read here, as the ICC specification (ICC.1:2022, section 7) lays them out.
#include "rs_image.h"

#include <string.h>

static uint32_t be32(const uint8_t *p) {
    return ((uint32_t)p[0] << 24) | ((uint32_t)p[1] << 16) | ((uint32_t)p[2] << 8) | p[3];
}

int rs_img_icc_usable(const uint8_t *profile, size_t length) {
    enum { HEADER = 128, TAG = 12, MAX_PROFILE = 64 << 20 };
    if (!profile || length < HEADER + 4 || length > MAX_PROFILE) return 0;
    if (be32(profile) != length) return 0;                 // the profile's own size field
    if (memcmp(profile + 36, "acsp", 4) != 0) return 0;    // the profile file signature
    if (memcmp(profile + 16, "RGB ", 4) != 0) return 0;    // data colour space: the pixels are RGB
    if (memcmp(profile + 20, "XYZ ", 4) != 0 && memcmp(profile + 20, "Lab ", 4) != 0) return 0; // PCS
    // Device link and abstract profiles do not describe a picture's colours.
    if (memcmp(profile + 12, "link", 4) == 0 || memcmp(profile + 12, "abst", 4) == 0) return 0;
    if (be32(profile + 64) > 3) return 0;                  // rendering intent
    uint32_t tags = be32(profile + HEADER);
    if (tags == 0 || tags > (length - HEADER - 4) / TAG) return 0;
    for (uint32_t i = 0; i < tags; i++) {
        const uint8_t *entry = profile + HEADER + 4 + (size_t)i * TAG;
        uint32_t offset = be32(entry + 4), size = be32(entry + 8);
        if (offset < HEADER + 4 || offset > length || size > length - offset) return 0; // end - at, never at + n
    }
    return 1;
}
