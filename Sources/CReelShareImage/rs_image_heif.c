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
    info->primaries = info->transfer = info->matrix = info->full_range = -1;
    enum heif_color_profile_type profile = heif_image_handle_get_color_profile_type(handle);
    if (profile == heif_color_profile_type_rICC || profile == heif_color_profile_type_prof) {
        info->icc_size = heif_image_handle_get_raw_color_profile_size(handle);
    }
    struct heif_color_profile_nclx *nclx = NULL;
    if (heif_image_handle_get_nclx_color_profile(handle, &nclx).code == heif_error_Ok && nclx) {
        info->primaries = (int)nclx->color_primaries;
        info->transfer = (int)nclx->transfer_characteristics;
        info->matrix = (int)nclx->matrix_coefficients;
        info->full_range = nclx->full_range_flag != 0;
        heif_nclx_color_profile_free(nclx);
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

struct rs_heif_picture {
    struct heif_image *image;
};

/// The bytes a decode of width x height holds at once: the decoder's planes (4:4:4 at worst, two
/// bytes a sample past 8 bits, alpha), and the RGBA picture made from them.
static uint64_t decode_memory(const rs_heif_info *info) {
    uint64_t pixels = (uint64_t)info->width * info->height;
    uint64_t sample = info->bit_depth > 8 ? 2 : 1;
    return pixels * sample * (3 + (info->has_alpha ? 1 : 0)) + pixels * 4;
}

rs_heif_picture *rs_heif_decode(int fd, size_t size, const rs_img_limits *limits, rs_heif_info *info,
                                rs_img_pixels *pixels, rs_img_status *status, char *message, size_t message_size) {
    memset(info, 0, sizeof *info);
    pixels->rgba = NULL;
    pixels->icc = NULL;
    pixels->icc_size = 0;
    message[0] = 0;
    heif_source s = {.fd = fd, .size = (int64_t)size, .budget = rs_img_start_budget(limits->timeout_seconds)};
    struct heif_context *context;
    struct heif_image_handle *handle;
    struct heif_image *image = NULL;
    rs_heif_picture *picture = NULL;
    *status = heif_open(&s, limits, &context, &handle, message, message_size);
    if (*status == RS_IMG_OK) *status = heif_facts(context, handle, limits, info, message, message_size);
    if (*status == RS_IMG_OK && decode_memory(info) > limits->max_decoder_memory) {
        snprintf(message, message_size, "decoding its %ux%u picture needs %llu MiB, more than the %llu MiB allowed",
                 info->width, info->height, (unsigned long long)(decode_memory(info) >> 20),
                 (unsigned long long)(limits->max_decoder_memory >> 20));
        *status = RS_IMG_TOO_LARGE;
    }
    if (*status == RS_IMG_OK && info->icc_size > 0 && info->icc_size <= (64u << 20)) {
        if ((pixels->icc = malloc(info->icc_size)) &&
            heif_image_handle_get_raw_color_profile(handle, pixels->icc).code == heif_error_Ok) {
            pixels->icc_size = info->icc_size;
        } else {
            free(pixels->icc);
            pixels->icc = NULL;
        }
    }
    if (*status == RS_IMG_OK) {
        struct heif_decoding_options *options = heif_decoding_options_alloc();
        if (options) {
            options->convert_hdr_to_8bit = 1;
#if RS_HEIF_AT_LEAST(1, 19)
            options->cancel_decoding = decode_cancelled;
            options->progress_user_data = &s;
#endif
        }
        struct heif_error error = heif_decode_image(handle, &image, heif_colorspace_RGB, heif_chroma_interleaved_RGBA,
                                                    options);
        heif_decoding_options_free(options);
        if (error.code != heif_error_Ok) {
            *status = heif_failure(&s, error, "decode", message, message_size);
            image = NULL;
        } else if (rs_img_budget_passed(&s.budget)) {
            snprintf(message, message_size, "decoding it took longer than the time budget");
            *status = RS_IMG_TIMEOUT;
        }
    }
    size_t stride = 0;
#if RS_HEIF_AT_LEAST(1, 20)
    uint8_t *plane = image ? heif_image_get_plane2(image, heif_channel_interleaved, &stride) : NULL;
#else
    int signed_stride = 0;
    uint8_t *plane = image ? heif_image_get_plane(image, heif_channel_interleaved, &signed_stride) : NULL;
    stride = signed_stride > 0 ? (size_t)signed_stride : 0;
#endif
    uint32_t width = image ? (uint32_t)heif_image_get_width(image, heif_channel_interleaved) : 0;
    uint32_t height = image ? (uint32_t)heif_image_get_height(image, heif_channel_interleaved) : 0;
    if (*status == RS_IMG_OK && (!plane || width == 0 || height == 0 || stride < (size_t)width * 4)) {
        snprintf(message, message_size, "libheif gave no RGBA picture");
        *status = RS_IMG_INTERNAL;
    }
    if (*status == RS_IMG_OK) {
        // Reduced (or only packed) where it lies: each output row is written at or before the
        // input rows it is made from, which are read first.
        uint32_t step = rs_img_reduction(width, height, rs_img_needed_side(pixels, width, height, 1));
        rs_img_reducer reducer;
        if (!rs_img_reducer_init(&reducer, width, step)) {
            *status = RS_IMG_INTERNAL;
        } else {
            for (uint32_t y = 0; y < height; y++) {
                rs_img_reducer_take(&reducer, plane + (size_t)y * stride, y, height, plane);
            }
            free(reducer.sums);
            if (!(picture = malloc(sizeof *picture))) {
                *status = RS_IMG_INTERNAL;
            } else {
                picture->image = image;
                image = NULL;
                pixels->rgba = plane;
                pixels->width = reducer.out_width;
                pixels->height = rs_img_reduced(height, step);
            }
        }
    }
    heif_image_release(image);
    heif_image_handle_release(handle);
    heif_context_free(context);
    if (!picture) {
        free(pixels->icc);
        pixels->icc = NULL;
        pixels->icc_size = 0;
    }
    return picture;
}

void rs_heif_release(rs_heif_picture *picture) {
    if (!picture) return;
    heif_image_release(picture->image);
    free(picture);
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
