// rs_image_common.c: see rs_image_common.h.
#include "rs_image_common.h"

#include <math.h>
#include "rs_io.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <jpeglib.h>
#include <png.h>

const char *rs_img_png_version(void) { return png_get_libpng_ver(NULL); }
const char *rs_img_png_built_version(void) { return PNG_LIBPNG_VER_STRING; }

const char *rs_img_jpeg_version(void) {
#ifdef LIBJPEG_TURBO_VERSION
#define RS_STR2(x) #x
#define RS_STR(x) RS_STR2(x)
    return "libjpeg-turbo " RS_STR(LIBJPEG_TURBO_VERSION) " (API " RS_STR(JPEG_LIB_VERSION) ")";
#else
    static char text[32];
    snprintf(text, sizeof text, "libjpeg %d", JPEG_LIB_VERSION);
    return text;
#endif
}

// MARK: - Reading in chunks

rs_img_reader *rs_img_begin(int fd, const uint8_t *data, size_t size, rs_img_info *info, rs_img_pixels *pixels,
                            char *message, size_t message_size) {
    memset(info, 0, sizeof *info);
    if (pixels) {
        pixels->rgba = NULL;
        pixels->width = pixels->height = 0;
        pixels->icc = NULL;
        pixels->icc_size = 0;
    }
    message[0] = 0;
    rs_img_reader *input = malloc(sizeof *input);
    if (!input) {
        snprintf(message, message_size, "out of memory");
        return NULL;
    }
    *input = (rs_img_reader){.fd = fd, .data = data, .size = size, .at = 0, .error = 0};
    return input;
}

size_t rs_img_read(rs_img_reader *r, uint8_t *out, size_t length) {
    if (r->at >= r->size) return 0;
    uint64_t left = r->size - r->at;
    size_t n = left < length ? (size_t)left : length;
    if (r->fd < 0) {
        memcpy(out, r->data + r->at, n);
    } else {
        ssize_t got = rs_io_read(r->fd, out, n, (int64_t)r->at);
        if (got < (ssize_t)n) {
            // A failed read (its errno kept) or a file that shrank under the reader (EIO).
            r->error = got < 0 ? errno : EIO;
            n = got < 0 ? 0 : (size_t)got;
        }
    }
    r->at += n;
    return n;
}

// MARK: - Time budget

rs_img_budget rs_img_start_budget(double seconds) {
    rs_img_budget b = {{0, 0}, seconds > 0 && seconds < 1e9};
    if (b.active) {
        clock_gettime(CLOCK_MONOTONIC, &b.deadline);
        long long nanos = (long long)(seconds * 1e9) + b.deadline.tv_nsec;
        b.deadline.tv_sec += (time_t)(nanos / 1000000000LL);
        b.deadline.tv_nsec = (long)(nanos % 1000000000LL);
    }
    return b;
}

int rs_img_budget_passed(const rs_img_budget *b) {
    if (!b->active) return 0;
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return now.tv_sec > b->deadline.tv_sec || (now.tv_sec == b->deadline.tv_sec && now.tv_nsec > b->deadline.tv_nsec);
}

// MARK: - Limits

/// Says which limit `width` x `height` is over: a side, or the count of pixels.
rs_img_status rs_img_too_large(char *message, size_t size, uint64_t width, uint64_t height, const rs_img_limits *limits) {
    if (width > limits->max_width || height > limits->max_height) {
        uint64_t side = width > limits->max_width ? width : height;
        unsigned max_side = width > limits->max_width ? limits->max_width : limits->max_height;
        snprintf(message, size, "image dimensions %llux%llu: a side of %llu px is above the limit of %u px; refusing to decode",
                 (unsigned long long)width, (unsigned long long)height, (unsigned long long)side, max_side);
    } else {
        snprintf(message, size, "image dimensions %llux%llu: %llu pixels are above the limit of %llu; refusing to decode",
                 (unsigned long long)width, (unsigned long long)height, (unsigned long long)(width * height),
                 (unsigned long long)limits->max_pixels);
    }
    return RS_IMG_TOO_LARGE;
}

/// Refuses sizes past the limits, and headers that claim more pixels than `file_size` bytes can
/// hold at `pixels_per_byte`, the best ratio the format's coding can reach.
rs_img_status rs_img_check_size(uint64_t width, uint64_t height, uint64_t file_size, double pixels_per_byte,
                                const char *why, const rs_img_limits *limits, char *message, size_t message_size) {
    if (width > limits->max_width || height > limits->max_height || width * height > limits->max_pixels)
        return rs_img_too_large(message, message_size, width, height, limits);
    double possible = (double)file_size * pixels_per_byte;
    if ((double)width * (double)height > possible) {
        snprintf(message, message_size,
                 "the header claims %llux%llu pixels, more than %llu bytes can hold (%s); refusing to decode",
                 (unsigned long long)width, (unsigned long long)height, (unsigned long long)file_size, why);
        return RS_IMG_TOO_LARGE;
    }
    return RS_IMG_OK;
}

// MARK: - EXIF orientation

static uint16_t read16(const uint8_t *p, int little) {
    return little ? (uint16_t)(p[0] | (p[1] << 8)) : (uint16_t)((p[0] << 8) | p[1]);
}

static uint32_t read32(const uint8_t *p, int little) {
    return little ? (uint32_t)p[0] | ((uint32_t)p[1] << 8) | ((uint32_t)p[2] << 16) | ((uint32_t)p[3] << 24) : rs_img_be32(p);
}

// The Orientation tag (0x0112) of IFD0 of a TIFF structure; 0 when absent or malformed.
int rs_img_tiff_orientation(const uint8_t *tiff, size_t length) {
    if (length < 8) return 0;
    int little;
    if (memcmp(tiff, "II*\0", 4) == 0) little = 1;
    else if (memcmp(tiff, "MM\0*", 4) == 0) little = 0;
    else return 0;
    uint32_t ifd = read32(tiff + 4, little);
    if (ifd < 8 || ifd > length - 2) return 0;
    uint16_t count = read16(tiff + ifd, little);
    for (uint32_t i = 0; i < count; i++) {
        size_t entry = (size_t)ifd + 2 + (size_t)i * 12;
        if (entry + 12 > length) return 0;
        if (read16(tiff + entry, little) == 0x0112 && read16(tiff + entry + 2, little) == 3) {
            uint16_t value = read16(tiff + entry + 8, little);
            return value >= 1 && value <= 8 ? value : 0;
        }
    }
    return 0;
}

// JPEG APP1: "Exif\0\0", then the TIFF structure.
int rs_img_exif_orientation(const uint8_t *data, size_t size) {
    if (size < 14 || memcmp(data, "Exif\0\0", 6) != 0) return 0;
    return rs_img_tiff_orientation(data + 6, size - 6);
}

// MARK: - Shrinking while decoding

int rs_img_reducer_init(rs_img_reducer *r, uint32_t width, uint32_t step) {
    r->width = width;
    r->step = step;
    r->out_width = (width + step - 1) / step;
    r->rows = 0;
    r->sums = calloc((size_t)r->out_width * 4, sizeof *r->sums);
    return r->sums != NULL;
}

static void reducer_add(rs_img_reducer *r, const uint8_t *row) {
    for (uint32_t x = 0; x < r->width; x++) {
        const uint8_t *p = row + (size_t)x * 4;
        uint64_t *sum = r->sums + (size_t)(x / r->step) * 4;
        sum[0] += (uint64_t)p[0] * p[3];
        sum[1] += (uint64_t)p[1] * p[3];
        sum[2] += (uint64_t)p[2] * p[3];
        sum[3] += p[3];
    }
    r->rows++;
}

/// Writes the block's row of averages to `out` and starts the next block.
static void reducer_emit(rs_img_reducer *r, uint8_t *out) {
    for (uint32_t o = 0; o < r->out_width; o++) {
        uint64_t *sum = r->sums + (size_t)o * 4;
        uint32_t columns = o + 1 < r->out_width ? r->step : r->width - o * r->step;
        uint64_t count = (uint64_t)columns * r->rows;
        uint8_t *p = out + (size_t)o * 4;
        if (sum[3] == 0) {
            memset(p, 0, 4);
        } else {
            for (int c = 0; c < 3; c++) p[c] = (uint8_t)((sum[c] + sum[3] / 2) / sum[3]);
            p[3] = (uint8_t)((sum[3] + count / 2) / count);
        }
        memset(sum, 0, 4 * sizeof *sum);
    }
    r->rows = 0;
}

/// Takes one input row `y` of `height`: copied when nothing is reduced, else added to its block
/// and, at the block's end, averaged into `image`.
void rs_img_reducer_take(rs_img_reducer *r, const uint8_t *row, uint32_t y, uint32_t height, uint8_t *image) {
    if (r->step == 1) {
        memmove(image + (size_t)y * r->width * 4, row, (size_t)r->width * 4);
        return;
    }
    reducer_add(r, row);
    if (y % r->step == r->step - 1 || y + 1 == height) reducer_emit(r, image + (size_t)(y / r->step) * r->out_width * 4);
}

void rs_img_free(void *p) { free(p); }

/// The step that brings `side` down near `max_side` by keeping every step-th pixel (1: none).
uint32_t rs_img_reduction(uint32_t width, uint32_t height, uint32_t max_side) {
    uint32_t side = width > height ? width : height;
    return max_side == 0 || side <= max_side ? 1 : side / max_side;
}

uint32_t rs_img_reduced(uint32_t side, uint32_t step) { return (side + step - 1) / step; }

uint32_t rs_img_needed_side(const rs_img_pixels *pixels, uint32_t width, uint32_t height, int orientation) {
    if (pixels->fit_width == 0 || pixels->fit_height == 0 || width == 0 || height == 0) return pixels->max_side;
    double shown_width = orientation >= 5 && orientation <= 8 ? height : width;
    double shown_height = orientation >= 5 && orientation <= 8 ? width : height;
    double scale = fmin(1, fmin(pixels->fit_width / shown_width, pixels->fit_height / shown_height));
    double side = ceil((width > height ? width : height) * scale);
    return side < 1 ? 1 : (uint32_t)side;
}
