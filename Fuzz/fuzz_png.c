// libFuzzer target: a PNG (rs_img: libpng, or the CgBI reader for Apple's PNG) probed from memory,
// then decoded to pixels, whole or reduced (fuzz_image.h).
#include "fuzz_image.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    return fuzz_image(data, size, rs_img_probe_png, rs_img_decode_png);
}
