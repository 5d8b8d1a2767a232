// libFuzzer target: the video probe (rs_av) on a buffer, through its custom AVIOContext.
#include <stddef.h>
#include <stdint.h>

#include "rs_av.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    rs_av_info info;
    char message[256];
    // One input in four also takes the deep path (packet scan, first-frame decode).
    int deep = size > 0 && (data[size - 1] & 3) == 0;
    rs_av_probe_memory(data, size, deep, 2.0, &info, message, sizeof message);
    return 0;
}
