// The image fuzz targets' one step: a probe from memory, then a decode to pixels from a file (the
// only way reelshare decodes), asked for at a size the input's last two bytes choose: whole, a
// longest side, or a fit box as fix and preview ask, so the reductions (JPEG scaling, averaging,
// an interlaced PNG's first pass or blocks) are reached too.
#define _GNU_SOURCE
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <unistd.h>

#include "rs_image.h"

typedef rs_img_status (*fuzz_probe)(int, const uint8_t *, size_t, const rs_img_limits *, rs_img_info *, char *, size_t);
typedef rs_img_status (*fuzz_decode)(int, size_t, const rs_img_limits *, rs_img_info *, rs_img_pixels *, char *, size_t);

static int fuzz_image(const uint8_t *data, size_t size, fuzz_probe probe, fuzz_decode decode) {
    static const rs_img_limits limits = {4096, 4096, 16u << 20, 64u << 20, 2.0};
    rs_img_info info;
    char message[256];
    if (probe(-1, data, size, &limits, &info, message, sizeof message) != RS_IMG_OK || size < 2) return 0;
    int fd = memfd_create("fuzz", MFD_CLOEXEC);
    if (fd < 0) return 0;
    if (write(fd, data, size) == (ssize_t)size) {
        uint8_t a = data[size - 1], b = data[size - 2];
        rs_img_pixels pixels = {0};
        switch (a % 3) {
        case 0: break;                                  // whole
        case 1: pixels.max_side = 1 + b * 8u; break;     // 1 to 2041 px a side
        default: pixels.fit_width = 1 + b * 4u, pixels.fit_height = 1 + (a >> 2) * 16u; break;
        }
        rs_img_info decoded;
        decode(fd, size, &limits, &decoded, &pixels, message, sizeof message);
        rs_img_free(pixels.rgba);
        rs_img_free(pixels.icc);
    }
    close(fd);
    return 0;
}
