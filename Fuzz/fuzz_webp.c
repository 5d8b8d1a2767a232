// libFuzzer target: a WebP, still or animated, through libwebp's animation decoder (rs_webp_anim):
// opened from memory within the image limits, every frame decoded, then once more after a reset,
// as an animated WebP made a clip is read.
#include "rs_image.h"

#include <stdint.h>
#include <stdio.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    rs_img_limits limits = {.max_width = 4096, .max_height = 4096, .max_pixels = 4u << 20};
    uint32_t width, height, frames;
    int64_t duration;
    char message[160];
    rs_webp_anim *anim = rs_webp_anim_open(data, size, &limits, &width, &height, &frames, &duration, message, sizeof message);
    if (!anim) return 0;
    for (int pass = 0; pass < 2; pass++) {
        const uint8_t *rgba;
        int end, got, count = 0;
        volatile uint8_t sink = 0;
        while ((got = rs_webp_anim_next(anim, &rgba, &end)) == 1 && count++ < 1000) sink ^= rgba[(size_t)width * height * 4 - 1];
        (void)sink;
        rs_webp_anim_reset(anim);
    }
    rs_webp_anim_close(anim);
    return 0;
}
