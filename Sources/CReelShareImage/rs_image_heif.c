// rs_image_heif.c: HEIF, HEIC and AVIF stills through libheif. The primary image's facts as a viewer
// shows it (libheif applies the clean aperture, the rotation and the mirror), and its pixels as RGBA.
// The file is read through a heif_reader over pread, so that only what libheif asks for is in
// memory; every read checks the time budget (libheif reads each tile's data as it decodes it, and
// cannot be stopped otherwise), and nothing is decoded past the pixel and memory limits.
#include "rs_image.h"
#include "rs_image_common.h"
#include "rs_io.h"

#include <errno.h>
#include <libheif/heif.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/// Whether the libheif compiled against is at least major.minor: its security limits and a
/// decode's cancel callback came in 1.19, heif_image_get_plane2 in 1.20.
#define RS_HEIF_AT_LEAST(major, minor) (LIBHEIF_NUMERIC_VERSION >= (((major) << 24) | ((minor) << 16)))

typedef struct heif_source {
    int fd;
    int64_t size;
    int64_t at;
    rs_img_budget budget;
    int timed_out; // set atomically: a decode's cancel callback may run on libheif's threads
    int error;     // errno of a failed read
} heif_source;

/// Whether the time budget has passed (marking it so).
static int source_out_of_time(heif_source *s) {
    if (!rs_img_budget_passed(&s->budget)) return 0;
    __atomic_store_n(&s->timed_out, 1, __ATOMIC_RELAXED);
    return 1;
}

static int64_t source_position(void *user) { return ((heif_source *)user)->at; }

static int source_read(void *data, size_t length, void *user) {
    heif_source *s = user;
    if (source_out_of_time(s)) return -1;
    if (s->at < 0 || s->at > s->size || length > (uint64_t)(s->size - s->at)) return -1;
    size_t got = 0;
    while (got < length) {
        ssize_t n = rs_io_read(s->fd, (uint8_t *)data + got, length - got, s->at + (int64_t)got);
        if (n <= 0) {
            s->error = n < 0 ? errno : EIO;
            return -1;
        }
        got += (size_t)n;
    }
    s->at += (int64_t)length;
    return 0;
}

static int source_seek(int64_t position, void *user) {
    heif_source *s = user;
    if (position < 0 || position > s->size) return -1;
    s->at = position;
    return 0;
}

static enum heif_reader_grow_status source_wait(int64_t target, void *user) {
    return target <= ((heif_source *)user)->size ? heif_reader_grow_status_size_reached
                                                 : heif_reader_grow_status_size_beyond_eof;
}

static const struct heif_reader source_reader = {
    .reader_api_version = 1,
    .get_position = source_position,
    .read = source_read,
    .seek = source_seek,
    .wait_for_file_size = source_wait,
};

static pthread_once_t heif_ready = PTHREAD_ONCE_INIT;
static void heif_start(void) { heif_init(NULL); }

/// The status and one-line message of a libheif error (or of the source's own failure).
static rs_img_status heif_failure(const heif_source *s, struct heif_error error, const char *doing, char *message,
                                  size_t message_size) {
    if (__atomic_load_n(&s->timed_out, __ATOMIC_RELAXED)) {
        snprintf(message, message_size, "reading it took longer than the time budget");
        return RS_IMG_TIMEOUT;
    }
    if (s->error) {
        snprintf(message, message_size, "cannot read it: %s", strerror(s->error));
        return RS_IMG_UNREADABLE;
    }
    const char *said = error.message && error.message[0] ? error.message : "unknown error";
    if (error.code == heif_error_Memory_allocation_error && error.subcode == heif_suberror_Security_limit_exceeded) {
        snprintf(message, message_size, "libheif refuses it: %s", said);
        return RS_IMG_TOO_LARGE;
    }
    if (error.code == heif_error_Memory_allocation_error) return RS_IMG_INTERNAL;
    if (error.code == heif_error_Unsupported_feature || error.code == heif_error_Unsupported_filetype) {
        snprintf(message, message_size, "libheif %s cannot %s it: %s", heif_get_version(), doing, said);
        return RS_IMG_UNSUPPORTED;
    }
    snprintf(message, message_size, "invalid HEIF: %s", said);
    return RS_IMG_CORRUPT;
}

/// The file open on `fd` read by a new context, and its primary image's handle.
static rs_img_status heif_open(heif_source *s, const rs_img_limits *limits, struct heif_context **context,
                               struct heif_image_handle **handle, char *message, size_t message_size) {
    pthread_once(&heif_ready, heif_start);
    *handle = NULL;
    if (!(*context = heif_context_alloc())) return RS_IMG_INTERNAL;
    // libheif's own bound on pixels (past it, it refuses the image as a security limit).
#if RS_HEIF_AT_LEAST(1, 19)
    heif_security_limits *security = heif_context_get_security_limits(*context);
    if (security && (security->max_image_size_pixels == 0 || security->max_image_size_pixels > limits->max_pixels)) {
        security->max_image_size_pixels = limits->max_pixels;
    }
#else
    uint32_t side = limits->max_width > limits->max_height ? limits->max_width : limits->max_height;
    heif_context_set_maximum_image_size_limit(*context, side > INT32_MAX ? INT32_MAX : (int)side);
#endif
    struct heif_error error = heif_context_read_from_reader(*context, &source_reader, s, NULL);
    if (error.code == heif_error_Ok) error = heif_context_get_primary_image_handle(*context, handle);
    if (error.code != heif_error_Ok) return heif_failure(s, error, "read", message, message_size);
    return RS_IMG_OK;
}

/// The facts libheif gives of a handle, without decoding it.
static rs_img_status heif_facts(struct heif_context *context, struct heif_image_handle *handle,
                                const rs_img_limits *limits, rs_heif_info *info, char *message, size_t message_size) {
    int width = heif_image_handle_get_width(handle), height = heif_image_handle_get_height(handle);
    if (width <= 0 || height <= 0) {
        snprintf(message, message_size, "invalid HEIF: its primary image has no size");
        return RS_IMG_CORRUPT;
    }
    info->width = (uint32_t)width;
    info->height = (uint32_t)height;
    info->has_alpha = heif_image_handle_has_alpha_channel(handle) != 0;
    info->bit_depth = heif_image_handle_get_luma_bits_per_pixel(handle);
    info->images = heif_context_get_number_of_top_level_images(context);
    enum heif_color_profile_type profile = heif_image_handle_get_color_profile_type(handle);
    if (profile == heif_color_profile_type_rICC || profile == heif_color_profile_type_prof) {
        info->icc_size = heif_image_handle_get_raw_color_profile_size(handle);
    }
    if (info->width > limits->max_width || info->height > limits->max_height ||
        (uint64_t)info->width * info->height > limits->max_pixels) {
        return rs_img_too_large(message, message_size, info->width, info->height, limits);
    }
    return RS_IMG_OK;
}

rs_img_status rs_heif_probe(int fd, size_t size, const rs_img_limits *limits, rs_heif_info *info, char *message,
                            size_t message_size) {
    memset(info, 0, sizeof *info);
    message[0] = 0;
    heif_source s = {.fd = fd, .size = (int64_t)size, .budget = rs_img_start_budget(limits->timeout_seconds)};
    struct heif_context *context;
    struct heif_image_handle *handle;
    rs_img_status status = heif_open(&s, limits, &context, &handle, message, message_size);
    if (status == RS_IMG_OK) status = heif_facts(context, handle, limits, info, message, message_size);
    heif_image_handle_release(handle);
    heif_context_free(context);
    return status;
}

#if RS_HEIF_AT_LEAST(1, 19)
/// libheif's cancel callback: stop once the time budget has passed.
static int decode_cancelled(void *user) { return source_out_of_time(user); }
#endif

/// The bytes a decode of the primary image holds at once: the decoder's planes (two bytes a
/// sample past 8 bits; `chroma_eighths` of a luma plane for both chroma planes: 4 at 4:2:0, 16 at
/// 4:4:4; alpha) and the RGBA picture made from them row by row.
static uint64_t decode_memory(const rs_heif_info *info, uint64_t chroma_eighths) {
    uint64_t pixels = (uint64_t)info->width * info->height;
    uint64_t sample = info->bit_depth > 8 ? 2 : 1;
    return pixels * sample * (8 + chroma_eighths + (info->has_alpha ? 8 : 0)) / 8 + pixels * 4;
}

/// What decoding needs past the limit, said; 0 within it.
static int over_memory(const rs_heif_info *info, uint64_t chroma_eighths, const rs_img_limits *limits, char *message,
                       size_t message_size) {
    uint64_t need = decode_memory(info, chroma_eighths);
    if (need <= limits->max_decoder_memory) return 0;
    snprintf(message, message_size, "decoding its %ux%u picture needs %llu MiB, more than the %llu MiB allowed",
             info->width, info->height, (unsigned long long)(need >> 20),
             (unsigned long long)(limits->max_decoder_memory >> 20));
    return 1;
}

/// A plane of the decoded image, read only: its rows, its bits and whether a sample takes two bytes.
typedef struct heif_plane {
    const uint8_t *data;
    size_t stride;
    int bits;
    int wide;
} heif_plane;

static heif_plane plane_of(const struct heif_image *image, enum heif_channel channel) {
    heif_plane p = {0};
    if (!heif_image_has_channel(image, channel)) return p;
#if RS_HEIF_AT_LEAST(1, 20)
    p.data = heif_image_get_plane_readonly2(image, channel, &p.stride);
#else
    int stride = 0;
    p.data = heif_image_get_plane_readonly(image, channel, &stride);
    p.stride = stride > 0 ? (size_t)stride : 0;
#endif
    p.bits = heif_image_get_bits_per_pixel_range(image, channel);
    p.wide = p.bits > 8;
    if (p.bits < 1 || p.bits > 16) p.data = NULL;
    return p;
}

/// The sample at (x, y), scaled to 0...1.
static inline float sample_at(const heif_plane *p, uint32_t x, uint32_t y) {
    const uint8_t *row = p->data + (size_t)y * p->stride;
    uint32_t v = p->wide ? ((const uint16_t *)(const void *)row)[x] : row[x];
    return (float)v / (float)((1u << p->bits) - 1);
}

static inline uint8_t to_byte(float v) { return v <= 0 ? 0 : v >= 1 ? 255 : (uint8_t)(v * 255.0f + 0.5f); }

/// How Y'CbCr becomes R'G'B': the matrix (an ITU-T H.273 code point) and range its colr box states
/// (read by the caller), else those the decoded image carries (its bitstream's, from libheif 1.17),
/// else what libheif assumes (BT.601, full range).
typedef struct yuv_matrix {
    int identity; // matrix 0: G, B and R coded as Y, Cb and Cr
    float kr, kb;
    int full_range;
} yuv_matrix;

static yuv_matrix matrix_of(const struct heif_image *image, int stated_matrix, int stated_full_range) { // image may be NULL
    yuv_matrix m = {.kr = 0.299f, .kb = 0.114f, .full_range = 1};
    struct heif_color_profile_nclx *nclx = NULL;
    int matrix;
    if (stated_matrix >= 0) {
        matrix = stated_matrix;
        m.full_range = stated_full_range != 0;
    } else if (image && heif_image_get_nclx_color_profile(image, &nclx).code == heif_error_Ok && nclx) {
        matrix = (int)nclx->matrix_coefficients;
        m.full_range = nclx->full_range_flag != 0;
        heif_nclx_color_profile_free(nclx);
    } else {
        return m;
    }
    switch (matrix) {
    case 0: m.identity = 1; break;
    case 1: m.kr = 0.2126f, m.kb = 0.0722f; break;
    case 4: m.kr = 0.30f, m.kb = 0.11f; break;
    case 7: m.kr = 0.212f, m.kb = 0.087f; break;
    case 9:
    case 10: m.kr = 0.2627f, m.kb = 0.0593f; break;
    default: break; // 5 and 6 (BT.601), and the unspecified
    }
    return m;
}

/// One row of the decoded image as 8-bit RGBA: Y'CbCr (4:2:0, 4:2:2, 4:4:4; each pixel takes the
/// chroma sample that covers it), monochrome, planar or interleaved RGB, and an alpha plane.
static void convert_row(enum heif_colorspace space, enum heif_chroma chroma, const heif_plane planes[4],
                        const yuv_matrix *m, uint32_t width, uint32_t y, uint8_t *out) {
    const heif_plane *alpha = planes[3].data ? &planes[3] : NULL;
    if (space == heif_colorspace_RGB && (chroma == heif_chroma_interleaved_RGB || chroma == heif_chroma_interleaved_RGBA)) {
        const uint8_t *row = planes[0].data + (size_t)y * planes[0].stride;
        int channels = chroma == heif_chroma_interleaved_RGBA ? 4 : 3;
        for (uint32_t x = 0; x < width; x++) {
            memcpy(out + x * 4, row + x * channels, 3);
            out[x * 4 + 3] = channels == 4 ? row[x * 4 + 3] : 255;
        }
        return;
    }
    uint32_t sx = chroma == heif_chroma_420 || chroma == heif_chroma_422 ? 1 : 0;
    uint32_t sy = chroma == heif_chroma_420 ? 1 : 0;
    float scale = 1, offset = 0, chroma_scale = 1;
    if (space != heif_colorspace_RGB && !m->full_range) {
        scale = 255.0f / 219.0f, offset = 16.0f / 255.0f, chroma_scale = 255.0f / 224.0f;
    }
    for (uint32_t x = 0; x < width; x++) {
        float r, g, b;
        if (space == heif_colorspace_RGB) {
            r = sample_at(&planes[0], x, y), g = sample_at(&planes[1], x, y), b = sample_at(&planes[2], x, y);
        } else if (space == heif_colorspace_monochrome || !planes[1].data || !planes[2].data) {
            r = g = b = (sample_at(&planes[0], x, y) - offset) * scale;
        } else {
            float luma = (sample_at(&planes[0], x, y) - offset) * scale;
            float cb = (sample_at(&planes[1], x >> sx, y >> sy) - 0.5f) * chroma_scale;
            float cr = (sample_at(&planes[2], x >> sx, y >> sy) - 0.5f) * chroma_scale;
            if (m->identity) {
                g = luma, b = cb + 0.5f, r = cr + 0.5f;
            } else {
                r = luma + 2 * (1 - m->kr) * cr;
                b = luma + 2 * (1 - m->kb) * cb;
                g = (luma - m->kr * r - m->kb * b) / (1 - m->kr - m->kb);
            }
        }
        out[x * 4] = to_byte(r), out[x * 4 + 1] = to_byte(g), out[x * 4 + 2] = to_byte(b);
        out[x * 4 + 3] = alpha ? to_byte(sample_at(alpha, x, y)) : 255;
    }
}

rs_img_status rs_heif_decode(int fd, size_t size, int chroma_format, int matrix, int full_range, const rs_img_limits *limits,
                             rs_heif_info *info, rs_img_pixels *pixels, char *message, size_t message_size) {
    memset(info, 0, sizeof *info);
    pixels->rgba = NULL;
    pixels->icc = NULL;
    pixels->icc_size = 0;
    message[0] = 0;
    heif_source s = {.fd = fd, .size = (int64_t)size, .budget = rs_img_start_budget(limits->timeout_seconds)};
    struct heif_context *context;
    struct heif_image_handle *handle;
    struct heif_image *image = NULL;
    rs_img_status status = heif_open(&s, limits, &context, &handle, message, message_size);
    if (status == RS_IMG_OK) status = heif_facts(context, handle, limits, info, message, message_size);
    // The planes the caller says (4:2:0's at least, when it cannot), checked again once decoded.
    static const uint64_t stated_eighths[] = {0, 4, 8, 16};
    uint64_t planes_eighths = chroma_format >= 0 && chroma_format <= 3 ? stated_eighths[chroma_format] : 4;
    if (status == RS_IMG_OK && over_memory(info, planes_eighths, limits, message, message_size)) status = RS_IMG_TOO_LARGE;
    if (status == RS_IMG_OK && info->icc_size > 0 && info->icc_size <= (64u << 20)) {
        if ((pixels->icc = malloc(info->icc_size)) &&
            heif_image_handle_get_raw_color_profile(handle, pixels->icc).code == heif_error_Ok) {
            pixels->icc_size = info->icc_size;
        } else {
            free(pixels->icc);
            pixels->icc = NULL;
        }
    }
    if (status == RS_IMG_OK) {
        // Decoded as coded (libheif's conversion to RGBA holds two more whole pictures): the
        // caller says how, from the item's codec configuration.
        struct heif_decoding_options *options = heif_decoding_options_alloc();
#if RS_HEIF_AT_LEAST(1, 19)
        if (options) {
            options->cancel_decoding = decode_cancelled;
            options->progress_user_data = &s;
        }
#endif
        enum heif_colorspace coded_space = heif_colorspace_undefined;
        enum heif_chroma coded_chroma = heif_chroma_undefined;
        switch (chroma_format) {
        case 0: coded_space = heif_colorspace_monochrome, coded_chroma = heif_chroma_monochrome; break;
        case 1: coded_space = heif_colorspace_YCbCr, coded_chroma = heif_chroma_420; break;
        case 2: coded_space = heif_colorspace_YCbCr, coded_chroma = heif_chroma_422; break;
        case 3: coded_space = heif_colorspace_YCbCr, coded_chroma = heif_chroma_444; break;
        default: break; // libheif's choice (before 1.17, RGB 4:4:4)
        }
        // Identity-coded (matrix 0) planes are G, B and R: libheif hands them up as RGB.
        if (chroma_format == 3 && matrix_of(NULL, matrix, full_range).identity) coded_space = heif_colorspace_RGB;
        struct heif_error error = heif_decode_image(handle, &image, coded_space, coded_chroma, options);
        heif_decoding_options_free(options);
        if (error.code != heif_error_Ok) {
            status = heif_failure(&s, error, "decode", message, message_size);
            image = NULL;
        } else if (source_out_of_time(&s)) {
            snprintf(message, message_size, "decoding it took longer than the time budget");
            status = RS_IMG_TIMEOUT;
        }
    }
    enum heif_colorspace space = image ? heif_image_get_colorspace(image) : heif_colorspace_undefined;
    enum heif_chroma chroma = image ? heif_image_get_chroma_format(image) : heif_chroma_undefined;
    heif_plane planes[4] = {{0}};
    if (image) {
        if (space == heif_colorspace_RGB && chroma != heif_chroma_444) {
            planes[0] = plane_of(image, heif_channel_interleaved);
            if (planes[0].wide) planes[0].data = NULL; // 8-bit interleaved only
        } else if (space == heif_colorspace_RGB) {
            planes[0] = plane_of(image, heif_channel_R);
            planes[1] = plane_of(image, heif_channel_G);
            planes[2] = plane_of(image, heif_channel_B);
        } else {
            planes[0] = plane_of(image, heif_channel_Y);
            if (space == heif_colorspace_YCbCr) {
                planes[1] = plane_of(image, heif_channel_Cb);
                planes[2] = plane_of(image, heif_channel_Cr);
            }
        }
        planes[3] = plane_of(image, heif_channel_Alpha);
    }
    uint32_t width = image ? (uint32_t)heif_image_get_primary_width(image) : 0;
    uint32_t height = image ? (uint32_t)heif_image_get_primary_height(image) : 0;
    uint64_t eighths = chroma == heif_chroma_420 ? 4 : chroma == heif_chroma_422 ? 8 : chroma == heif_chroma_monochrome ? 0 : 16;
    if (status == RS_IMG_OK && over_memory(info, eighths, limits, message, message_size)) status = RS_IMG_TOO_LARGE;
    int complete = planes[0].data && (space != heif_colorspace_RGB || chroma != heif_chroma_444 ||
                                      (planes[1].data && planes[2].data));
    if (status == RS_IMG_OK && (!complete || width == 0 || height == 0)) {
        snprintf(message, message_size, "libheif gave a picture of a kind reelshare does not convert");
        status = RS_IMG_UNSUPPORTED;
    }
    uint8_t *row = NULL;
    rs_img_reducer reducer = {0};
    if (status == RS_IMG_OK) {
        uint32_t step = rs_img_reduction(width, height, rs_img_needed_side(pixels, width, height, 1));
        uint32_t out_height = rs_img_reduced(height, step);
        if (!rs_img_reducer_init(&reducer, width, step) || !(row = malloc((size_t)width * 4)) ||
            !(pixels->rgba = malloc((size_t)reducer.out_width * out_height * 4))) {
            status = RS_IMG_INTERNAL;
        } else {
            yuv_matrix m = matrix_of(image, matrix, full_range);
            for (uint32_t y = 0; y < height; y++) {
                convert_row(space, chroma, planes, &m, width, y, row);
                rs_img_reducer_take(&reducer, row, y, height, pixels->rgba);
            }
            pixels->width = reducer.out_width;
            pixels->height = out_height;
        }
    }
    free(row);
    free(reducer.sums);
    heif_image_release(image);
    heif_image_handle_release(handle);
    heif_context_free(context);
    if (status != RS_IMG_OK) {
        free(pixels->rgba);
        free(pixels->icc);
        pixels->rgba = NULL;
        pixels->icc = NULL;
        pixels->icc_size = 0;
    }
    return status;
}

const char *rs_heif_version(void) { return heif_get_version(); }

int rs_heif_can_decode(rs_heif_codec codec) {
    pthread_once(&heif_ready, heif_start);
    switch (codec) {
    case RS_HEIF_HEVC: return heif_have_decoder_for_format(heif_compression_HEVC);
    case RS_HEIF_AV1: return heif_have_decoder_for_format(heif_compression_AV1);
    case RS_HEIF_AVC: return heif_have_decoder_for_format(heif_compression_AVC);
    case RS_HEIF_JPEG: return heif_have_decoder_for_format(heif_compression_JPEG);
    case RS_HEIF_VVC: return heif_have_decoder_for_format(heif_compression_VVC);
    case RS_HEIF_JPEG2000: return heif_have_decoder_for_format(heif_compression_JPEG2000);
    default: return 0;
    }
}
