// rs_image_webp.c: WebP through libwebp's animation decoder (see rs_image.h): every frame
// composed on the canvas as libwebp's own tools show it, on every FFmpeg release.
#include "rs_image.h"
#include "rs_io.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <webp/decode.h>
#include <webp/demux.h>

struct rs_webp_anim {
    WebPAnimDecoder *decoder;
};

enum { RS_WEBP_MAX_FILE = 64 << 20 };

rs_webp_anim *rs_webp_anim_open(const uint8_t *data, size_t size, const rs_img_limits *limits, uint32_t *width,
                                uint32_t *height, uint32_t *frames, int64_t *duration_ms, char *message, size_t message_size) {
    message[0] = 0;
    *width = *height = *frames = 0;
    *duration_ms = 0;
    WebPBitstreamFeatures features;
    if (size < 12 || WebPGetFeatures(data, size, &features) != VP8_STATUS_OK) {
        snprintf(message, message_size, "not a valid WebP file");
        return NULL;
    }
    // The canvas before any allocation: a 16383x16383 canvas is 1 GiB of RGBA.
    WebPData whole = {data, size};
    WebPDemuxer *demux = WebPDemux(&whole);
    if (!demux) {
        snprintf(message, message_size, "not a valid WebP file (its chunks do not parse)");
        return NULL;
    }
    uint32_t w = WebPDemuxGetI(demux, WEBP_FF_CANVAS_WIDTH), h = WebPDemuxGetI(demux, WEBP_FF_CANVAS_HEIGHT);
    uint32_t count = WebPDemuxGetI(demux, WEBP_FF_FRAME_COUNT);
    int64_t total = 0;
    WebPIterator frame;
    if (WebPDemuxGetFrame(demux, 1, &frame)) {
        do total += frame.duration > 0 ? frame.duration : 0;
        while (WebPDemuxNextFrame(&frame));
        WebPDemuxReleaseIterator(&frame);
    }
    WebPDemuxDelete(demux);
    // libwebp holds two canvases of RGBA (the frame and the one before it), and a caller a third.
    if (w == 0 || h == 0 || w > limits->max_width || h > limits->max_height || (uint64_t)w * h > limits->max_pixels ||
        (limits->max_decoder_memory > 0 && (uint64_t)w * h * 4 * 3 > limits->max_decoder_memory)) {
        snprintf(message, message_size, "its %ux%u canvas is beyond the image limits", w, h);
        return NULL;
    }
    // libwebp times frames in an int of milliseconds: a longer animation would overflow it.
    if (total > INT_MAX / 2) {
        snprintf(message, message_size, "its frames last %lld ms, beyond what libwebp times", (long long)total);
        return NULL;
    }
    WebPAnimDecoderOptions options;
    if (!WebPAnimDecoderOptionsInit(&options)) return NULL;
    options.color_mode = MODE_RGBA;
    options.use_threads = 0;
    rs_webp_anim *anim = calloc(1, sizeof *anim);
    if (!anim) {
        snprintf(message, message_size, "out of memory");
        return NULL;
    }
    anim->decoder = WebPAnimDecoderNew(&whole, &options);
    if (!anim->decoder) {
        free(anim);
        snprintf(message, message_size, "not a valid WebP file (libwebp cannot decode it)");
        return NULL;
    }
    *width = w;
    *height = h;
    *frames = count;
    *duration_ms = total;
    return anim;
}

int rs_webp_anim_next(rs_webp_anim *anim, const uint8_t **rgba, int *end_ms) {
    *rgba = NULL;
    *end_ms = 0;
    if (!WebPAnimDecoderHasMoreFrames(anim->decoder)) return 0;
    uint8_t *canvas = NULL;
    int timestamp = 0;
    if (!WebPAnimDecoderGetNext(anim->decoder, &canvas, &timestamp) || !canvas) return -1;
    *rgba = canvas;
    *end_ms = timestamp;
    return 1;
}

void rs_webp_anim_reset(rs_webp_anim *anim) { WebPAnimDecoderReset(anim->decoder); }

void rs_webp_anim_close(rs_webp_anim *anim) {
    if (!anim) return;
    WebPAnimDecoderDelete(anim->decoder);
    free(anim);
}

rs_img_status rs_img_decode_webp(int fd, size_t size, const rs_img_limits *limits, rs_img_info *info,
                                 rs_img_pixels *pixels, char *message, size_t message_size) {
    memset(info, 0, sizeof *info);
    pixels->rgba = NULL;
    pixels->icc = NULL;
    pixels->icc_size = 0;
    message[0] = 0;
    if (size > RS_WEBP_MAX_FILE) {
        snprintf(message, message_size, "a WebP of %zu bytes is more than reelshare decodes (64 MiB)", size);
        return RS_IMG_TOO_LARGE;
    }
    uint8_t *data = malloc(size ? size : 1);
    if (!data) return RS_IMG_INTERNAL;
    size_t got = 0;
    while (got < size) {
        ssize_t n = rs_io_read(fd, data + got, size - got, (int64_t)got);
        if (n <= 0) {
            free(data);
            snprintf(message, message_size, "cannot read it: %s", n < 0 ? strerror(errno) : "it ends early");
            return RS_IMG_UNREADABLE;
        }
        got += (size_t)n;
    }
    uint32_t width, height, frames;
    int64_t duration;
    rs_webp_anim *anim = rs_webp_anim_open(data, size, limits, &width, &height, &frames, &duration, message, message_size);
    if (!anim) {
        free(data);
        return strstr(message, "beyond") ? RS_IMG_TOO_LARGE : RS_IMG_CORRUPT;
    }
    const uint8_t *rgba = NULL;
    int end = 0;
    rs_img_status status = RS_IMG_OK;
    if (rs_webp_anim_next(anim, &rgba, &end) != 1) {
        snprintf(message, message_size, "its first frame does not decode");
        status = RS_IMG_CORRUPT;
    } else if (!(pixels->rgba = malloc((size_t)width * height * 4))) {
        status = RS_IMG_INTERNAL;
    } else {
        memcpy(pixels->rgba, rgba, (size_t)width * height * 4);
        pixels->width = width;
        pixels->height = height;
        info->width = width;
        info->height = height;
        info->bit_depth = 8;
        info->color_type = RS_IMG_COLOR_RGBA;
    }
    rs_webp_anim_close(anim);
    free(data);
    return status;
}
