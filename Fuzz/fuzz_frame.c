// libFuzzer target: a frame as shown (preview, report thumbnails) from a buffer: demux, seek to a
// time the input's last byte picks, decode, convert, turn; then the frame scaled and drawn onto a
// small canvas, as preview does with it.
#include <stddef.h>
#include <stdint.h>

#include "rs_canvas.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    rs_canvas_frame frame;
    char message[256];
    double at = size > 0 && (data[size - 1] & 1) ? (double)(data[size - 1] >> 1) / 8 : 0; // 0 to 15.9 s
    int max_side = size > 1 && (data[size - 2] & 1) ? 64 : 0; // converted straight to a reduced size, or whole
    int alone = size > 1 && (data[size - 2] & 2);               // the first frame decoded by itself, or in a run
    if (rs_canvas_video_frame_memory(data, size, at, alone, max_side, 2.0, &frame, message, sizeof message) != RS_AV_OK)
        return 0;
    uint8_t *rgba = frame.rgba;
    int width = frame.width, height = frame.height;
    uint8_t *scaled = NULL;
    if (rs_canvas_scale(rgba, width, height, 0, 0, width, height, 31, 17, &scaled) == 0) {
        uint8_t *canvas = rs_canvas_alloc(40, 30);
        if (canvas) {
            rs_canvas_gradient(canvas, 40, 30, 0x112233, 0x445566);
            rs_canvas_draw(canvas, 40, 30, scaled, 31, 17, 5, -3);
            rs_canvas_tint(canvas, 40, 30, -5, 20, 60, 20, 0x00000080);
            rs_canvas_free(canvas);
        }
        rs_canvas_free(scaled);
    }
    rs_canvas_free(rgba);
    return 0;
}
