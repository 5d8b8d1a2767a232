// libFuzzer target: a JPEG (rs_img, libjpeg) probed from memory, EXIF parsing included, then
// decoded to pixels, whole or reduced (fuzz_image.h).
#include "fuzz_image.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    return fuzz_image(data, size, rs_img_probe_jpeg, rs_img_decode_jpeg);
}
