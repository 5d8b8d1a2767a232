// rs_canvas.c: turns, scaling (libswscale), gradient, blending and overlays on RGBA pictures.
// Every picture is av_malloc'd (aligned for swscale) and freed with rs_canvas_free.
#include "rs_canvas.h"

#include <string.h>

#include <libavutil/mem.h>
#include <libswscale/swscale.h>

void rs_canvas_free(void *picture) { av_free(picture); }

static int sane(int width, int height) {
    return width > 0 && height > 0 && width <= RS_CANVAS_MAX_SIDE && height <= RS_CANVAS_MAX_SIDE &&
           (int64_t)width * height <= RS_CANVAS_MAX_PIXELS;
}

uint8_t *rs_canvas_alloc(int width, int height) { return sane(width, height) ? av_malloc((size_t)width * height * 4) : NULL; }

uint8_t *rs_canvas_sws_buffer(int width, int height) {
    // libswscale's SIMD converters write whole blocks of pixels (16 at a time in the AVX2 YUV to
    // RGB code): past the end of the last row when the width is not a multiple of the block.
    // A spare row and more keep those writes inside the allocation.
    return sane(width, height) ? av_malloc((size_t)width * (height + 1) * 4 + 4096) : NULL;
}

int rs_canvas_orient(const uint8_t *rgba, int width, int height, int orientation, uint8_t **out, int *out_width,
                     int *out_height) {
    *out = NULL;
    if (!sane(width, height)) return -1;
    int turned = orientation >= 5 && orientation <= 8;
    int ow = turned ? height : width, oh = turned ? width : height;
    uint32_t *target = av_malloc((size_t)ow * oh * 4);
    if (!target) return -1;
    const uint32_t *source = (const uint32_t *)rgba;
    for (int y = 0; y < oh; y++) {
        for (int x = 0; x < ow; x++) {
            int sx, sy; // the stored pixel shown at (x, y)
            switch (orientation) {
            case 2: sx = width - 1 - x; sy = y; break;                   // flipped left to right
            case 3: sx = width - 1 - x; sy = height - 1 - y; break;      // turned 180 degrees
            case 4: sx = x; sy = height - 1 - y; break;                  // flipped top to bottom
            case 5: sx = y; sy = x; break;                               // transposed
            case 6: sx = y; sy = height - 1 - x; break;                  // turned 90 degrees clockwise
            case 7: sx = width - 1 - y; sy = height - 1 - x; break;      // transversed
            case 8: sx = width - 1 - y; sy = x; break;                   // turned 90 degrees counter-clockwise
            default: sx = x; sy = y; break;
            }
            uint32_t pixel;
            memcpy(&pixel, source + (size_t)sy * width + sx, 4);
            memcpy(target + (size_t)y * ow + x, &pixel, 4);
        }
    }
    *out = (uint8_t *)target;
    *out_width = ow;
    *out_height = oh;
    return 0;
}

int rs_canvas_scale(const uint8_t *rgba, int width, int height, int x, int y, int w, int h, int out_width, int out_height,
                    uint8_t **out) {
    *out = NULL;
    if (!sane(width, height) || !sane(out_width, out_height) || x < 0 || y < 0 || w <= 0 || h <= 0 || x > width - w ||
        y > height - h)
        return -1;
    int shrinking = out_width < w || out_height < h;
    // Translucent pixels are scaled premultiplied, so that the colour of a transparent pixel does
    // not bleed into its neighbours; then divided back.
    int translucent = 0;
    for (int row = 0; row < h && !translucent; row++) {
        const uint8_t *p = rgba + ((size_t)(y + row) * width + x) * 4;
        for (int col = 0; col < w; col++, p += 4)
            if (p[3] != 255) {
                translucent = 1;
                break;
            }
    }
    struct SwsContext *sws = sws_getContext(w, h, AV_PIX_FMT_RGBA, out_width, out_height, AV_PIX_FMT_RGBA,
                                            (shrinking ? SWS_AREA : SWS_BICUBIC) | SWS_ACCURATE_RND, NULL, NULL, NULL);
    uint8_t *target = rs_canvas_sws_buffer(out_width, out_height);
    uint8_t *premultiplied = translucent ? av_malloc((size_t)w * h * 4) : NULL;
    if (!sws || !target || (translucent && !premultiplied)) {
        sws_freeContext(sws);
        av_free(target);
        av_free(premultiplied);
        return -1;
    }
    const uint8_t *source[4] = {rgba + ((size_t)y * width + x) * 4, NULL, NULL, NULL};
    int source_stride[4] = {width * 4, 0, 0, 0};
    if (translucent) {
        for (int row = 0; row < h; row++) {
            const uint8_t *p = rgba + ((size_t)(y + row) * width + x) * 4;
            uint8_t *q = premultiplied + (size_t)row * w * 4;
            for (int col = 0; col < w; col++, p += 4, q += 4) {
                for (int c = 0; c < 3; c++) q[c] = (uint8_t)((p[c] * p[3] + 127) / 255);
                q[3] = p[3];
            }
        }
        source[0] = premultiplied;
        source_stride[0] = w * 4;
    }
    uint8_t *destination[4] = {target, NULL, NULL, NULL};
    const int destination_stride[4] = {out_width * 4, 0, 0, 0};
    sws_scale(sws, source, source_stride, 0, h, destination, destination_stride);
    sws_freeContext(sws);
    av_free(premultiplied);
    if (translucent) {
        uint8_t *p = target;
        for (size_t i = 0; i < (size_t)out_width * out_height; i++, p += 4) {
            if (p[3] == 0) {
                p[0] = p[1] = p[2] = 0;
                continue;
            }
            for (int c = 0; c < 3; c++) {
                unsigned value = (p[c] * 255u + p[3] / 2) / p[3];
                p[c] = (uint8_t)(value > 255 ? 255 : value);
            }
        }
    }
    *out = target;
    return 0;
}

void rs_canvas_gradient(uint8_t *canvas, int width, int height, uint32_t top, uint32_t bottom) {
    for (int y = 0; y < height; y++) {
        uint8_t pixel[4] = {0, 0, 0, 255};
        for (int c = 0; c < 3; c++) {
            int shift = 16 - 8 * c;
            int a = (int)((top >> shift) & 0xFF), b = (int)((bottom >> shift) & 0xFF);
            // a + (b - a) * y / (height - 1), rounded half away from zero: the first row is exactly
            // `top` and the last exactly `bottom`.
            int span = height - 1, step = (b - a) * y;
            int offset = span == 0 ? 0 : step >= 0 ? (step + span / 2) / span : -((-step + span / 2) / span);
            pixel[c] = (uint8_t)(a + offset);
        }
        uint8_t *row = canvas + (size_t)y * width * 4;
        for (int x = 0; x < width; x++) memcpy(row + (size_t)x * 4, pixel, 4);
    }
}

/// Source over, straight alpha, with rounding: d = (s * a + d * (255 - a)) / 255.
static inline void over(uint8_t *d, const uint8_t *s, unsigned a) {
    for (int c = 0; c < 3; c++) d[c] = (uint8_t)((s[c] * a + d[c] * (255 - a) + 127) / 255);
    d[3] = (uint8_t)(a + (d[3] * (255 - a) + 127) / 255);
}

void rs_canvas_draw(uint8_t *canvas, int width, int height, const uint8_t *picture, int picture_width,
                    int picture_height, int x, int y) {
    int x0 = x < 0 ? -x : 0, y0 = y < 0 ? -y : 0;
    for (int py = y0; py < picture_height && y + py < height; py++) {
        const uint8_t *s = picture + ((size_t)py * picture_width + x0) * 4;
        uint8_t *d = canvas + ((size_t)(y + py) * width + (x + x0)) * 4;
        for (int px = x0; px < picture_width && x + px < width; px++, s += 4, d += 4) {
            if (s[3] == 255) memcpy(d, s, 4);
            else if (s[3] != 0) over(d, s, s[3]);
        }
    }
}

void rs_canvas_tint(uint8_t *canvas, int width, int height, int x, int y, int w, int h, uint32_t rgba) {
    uint8_t colour[4] = {(uint8_t)(rgba >> 24), (uint8_t)(rgba >> 16), (uint8_t)(rgba >> 8), 255};
    unsigned alpha = rgba & 0xFF;
    int x1 = x + w > width ? width : x + w, y1 = y + h > height ? height : y + h;
    for (int py = y < 0 ? 0 : y; py < y1; py++)
        for (int px = x < 0 ? 0 : x; px < x1; px++) over(canvas + ((size_t)py * width + px) * 4, colour, alpha);
}
