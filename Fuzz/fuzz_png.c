// libFuzzer target: full PNG decode (rs_img, libpng) from memory.
#include <stddef.h>
#include <stdint.h>

#include "rs_image.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    static const rs_img_limits limits = {4096, 4096, 16u << 20, 64u << 20, 2.0};
    rs_img_info info;
    char message[256];
    rs_img_probe_png(-1, data, size, &limits, &info, message, sizeof message);
    return 0;
}
