// rs_image.c: full decode of PNG (libpng) and JPEG (libjpeg) images from memory.
#include "rs_image.h"

#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jpeglib.h>
#include <png.h>

static uint32_t be32(const uint8_t *p) {
    return ((uint32_t)p[0] << 24) | ((uint32_t)p[1] << 16) | ((uint32_t)p[2] << 8) | p[3];
}

static int exceeds(const rs_img_limits *limits, uint64_t width, uint64_t height) {
    return width > limits->max_width || height > limits->max_height ||
           width * height > limits->max_pixels;
}

static rs_img_status too_large(char *message, size_t size, uint64_t width, uint64_t height,
                               const rs_img_limits *limits) {
    snprintf(message, size,
             "image dimensions %llux%llu exceed the limit (%ux%u, %llu pixels); refusing to decode",
             (unsigned long long)width, (unsigned long long)height, limits->max_width,
             limits->max_height, (unsigned long long)limits->max_pixels);
    return RS_IMG_TOO_LARGE;
}

const char *rs_img_png_version(void) { return PNG_LIBPNG_VER_STRING; }

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

// MARK: - PNG

typedef struct png_context {
    jmp_buf jump;
    const uint8_t *data;
    size_t size;
    size_t at;
    char *message;
    size_t message_size;
    int apng_frames;
    png_bytep row;
} png_context;

static void png_fail(png_structp png, png_const_charp text) {
    png_context *ctx = png_get_error_ptr(png);
    snprintf(ctx->message, ctx->message_size, "invalid png: %s", text);
    longjmp(ctx->jump, 1);
}

static void png_ignore_warning(png_structp png, png_const_charp text) {}

static void png_read_memory(png_structp png, png_bytep out, size_t length) {
    png_context *ctx = png_get_io_ptr(png);
    if (length > ctx->size - ctx->at) png_error(png, "file is truncated");
    memcpy(out, ctx->data + ctx->at, length);
    ctx->at += length;
}

static int png_user_chunk(png_structp png, png_unknown_chunkp chunk) {
    png_context *ctx = png_get_user_chunk_ptr(png);
    if (memcmp(chunk->name, "acTL", 4) == 0 && chunk->size >= 8 && ctx->apng_frames == 0) {
        uint32_t frames = be32(chunk->data);
        ctx->apng_frames = frames > 0x7FFFFFFF ? 0x7FFFFFFF : (int)frames;
    }
    return 1; // handled: libpng keeps nothing
}

rs_img_status rs_img_probe_png(const uint8_t *data, size_t size, const rs_img_limits *limits,
                               rs_img_info *info, char *message, size_t message_size) {
    memset(info, 0, sizeof *info);
    message[0] = 0;
    if (size < 8 || png_sig_cmp(data, 0, 8) != 0) {
        snprintf(message, message_size, "invalid png: bad signature");
        return RS_IMG_CORRUPT;
    }
    // Refuse a decompression bomb from the IHDR alone, before libpng allocates anything.
    if (size >= 24 && memcmp(data + 12, "IHDR", 4) == 0 &&
        exceeds(limits, be32(data + 16), be32(data + 20)))
        return too_large(message, message_size, be32(data + 16), be32(data + 20), limits);

    png_context ctx = {.data = data, .size = size, .at = 0, .message = message,
                       .message_size = message_size, .apng_frames = 0, .row = NULL};
    png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING, &ctx, png_fail,
                                             png_ignore_warning);
    if (!png) {
        snprintf(message, message_size, "out of memory");
        return RS_IMG_INTERNAL;
    }
    png_infop png_info = png_create_info_struct(png);
    if (!png_info) {
        png_destroy_read_struct(&png, NULL, NULL);
        snprintf(message, message_size, "out of memory");
        return RS_IMG_INTERNAL;
    }
    // Changed after setjmp and read after longjmp: volatile, or the compiler may keep it in a
    // register that longjmp restores to an old value.
    volatile uint32_t rows_read = 0;
    volatile uint32_t rows_total = 0;
    if (setjmp(ctx.jump)) {
        if (rows_total > 0) { // the damage is in the image data: say how far it got
            size_t used = strlen(message);
            snprintf(message + used, message_size > used ? message_size - used : 0, " (after %u of %u rows)",
                     (unsigned)rows_read, (unsigned)rows_total);
        }
        free(ctx.row);
        png_destroy_read_struct(&png, &png_info, NULL);
        return RS_IMG_CORRUPT;
    }
    png_set_read_fn(png, &ctx, png_read_memory);
    png_set_user_limits(png, limits->max_width, limits->max_height);
    png_set_chunk_malloc_max(png, 8u << 20);
    png_set_keep_unknown_chunks(png, PNG_HANDLE_CHUNK_NEVER, NULL, 0);
    static const png_byte apng_chunks[] = {'a', 'c', 'T', 'L', 0};
    png_set_keep_unknown_chunks(png, PNG_HANDLE_CHUNK_ALWAYS, apng_chunks, 1);
    png_set_read_user_chunk_fn(png, &ctx, png_user_chunk);

    png_read_info(png, png_info);
    uint32_t width = png_get_image_width(png, png_info);
    uint32_t height = png_get_image_height(png, png_info);
    int color_type = png_get_color_type(png, png_info);
    info->width = width;
    info->height = height;
    info->bit_depth = png_get_bit_depth(png, png_info);
    info->channels = png_get_channels(png, png_info);
    info->interlaced = png_get_interlace_type(png, png_info) != PNG_INTERLACE_NONE;
    info->has_alpha = (color_type & PNG_COLOR_MASK_ALPHA) != 0 ||
                      png_get_valid(png, png_info, PNG_INFO_tRNS) != 0;
    switch (color_type) {
    case PNG_COLOR_TYPE_GRAY: info->color_type = "grey"; break;
    case PNG_COLOR_TYPE_GRAY_ALPHA: info->color_type = "grey-alpha"; break;
    case PNG_COLOR_TYPE_PALETTE: info->color_type = "palette"; break;
    case PNG_COLOR_TYPE_RGB: info->color_type = "rgb"; break;
    case PNG_COLOR_TYPE_RGB_ALPHA: info->color_type = "rgba"; break;
    default: info->color_type = NULL; break;
    }

    int passes = png_set_interlace_handling(png);
    png_read_update_info(png, png_info);
    size_t row_bytes = png_get_rowbytes(png, png_info);
    ctx.row = malloc(row_bytes ? row_bytes : 1);
    if (!ctx.row) png_error(png, "out of memory for one row");
    rows_total = height * (uint32_t)passes;
    for (int pass = 0; pass < passes; pass++)
        for (uint32_t y = 0; y < height; y++, rows_read++) png_read_row(png, ctx.row, NULL);
    rows_total = 0;
    png_read_end(png, NULL); // checks the chunks after the image data, through IEND
    info->frame_count = ctx.apng_frames > 0 ? ctx.apng_frames : 1;

    free(ctx.row);
    png_destroy_read_struct(&png, &png_info, NULL);
    return RS_IMG_OK;
}

// MARK: - JPEG

typedef struct jpeg_context {
    struct jpeg_error_mgr manager; // first, so the error manager pointer is the context
    jmp_buf jump;
    char first_warning[JMSG_LENGTH_MAX];
    int warnings;
    int too_many_scans;
} jpeg_context;

enum { JPEG_MAX_SCANS = 1000 };

static void jpeg_fail(j_common_ptr cinfo) {
    jpeg_context *ctx = (jpeg_context *)cinfo->err;
    longjmp(ctx->jump, 1);
}

static void jpeg_note(j_common_ptr cinfo, int level) {
    jpeg_context *ctx = (jpeg_context *)cinfo->err;
    if (level >= 0) return; // trace messages
    if (ctx->warnings++ == 0) cinfo->err->format_message(cinfo, ctx->first_warning);
}

static void jpeg_silent(j_common_ptr cinfo) {}

// Progressive JPEGs with thousands of tiny scans take minutes to decode; stop them early.
static void jpeg_progress(j_common_ptr cinfo) {
    j_decompress_ptr d = (j_decompress_ptr)cinfo;
    if (d->input_scan_number > JPEG_MAX_SCANS) {
        ((jpeg_context *)cinfo->err)->too_many_scans = 1;
        cinfo->err->error_exit(cinfo);
    }
}

static void lower_first(char *text) {
    if (text[0] >= 'A' && text[0] <= 'Z') text[0] = (char)(text[0] - 'A' + 'a');
}

static uint16_t read16(const uint8_t *p, int little) {
    return little ? (uint16_t)(p[0] | (p[1] << 8)) : (uint16_t)((p[0] << 8) | p[1]);
}

static uint32_t read32(const uint8_t *p, int little) {
    return little ? (uint32_t)p[0] | ((uint32_t)p[1] << 8) | ((uint32_t)p[2] << 16) | ((uint32_t)p[3] << 24)
                  : be32(p);
}

// The Orientation tag (0x0112) of IFD0 in an APP1 "Exif" segment; 0 when absent or malformed.
static int exif_orientation(const uint8_t *data, size_t size) {
    if (size < 14 || memcmp(data, "Exif\0\0", 6) != 0) return 0;
    const uint8_t *tiff = data + 6;
    size_t length = size - 6;
    int little;
    if (memcmp(tiff, "II*\0", 4) == 0) little = 1;
    else if (memcmp(tiff, "MM\0*", 4) == 0) little = 0;
    else return 0;
    uint32_t ifd = read32(tiff + 4, little);
    if (ifd > length - 2 || ifd < 8) return 0;
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

rs_img_status rs_img_probe_jpeg(const uint8_t *data, size_t size, const rs_img_limits *limits,
                                rs_img_info *info, char *message, size_t message_size) {
    memset(info, 0, sizeof *info);
    message[0] = 0;
    if (size < 3 || data[0] != 0xFF || data[1] != 0xD8 || data[2] != 0xFF) {
        snprintf(message, message_size, "invalid jpeg: no start-of-image marker");
        return RS_IMG_CORRUPT;
    }
    struct jpeg_decompress_struct cinfo;
    jpeg_context ctx;
    memset(&ctx, 0, sizeof ctx);
    struct jpeg_progress_mgr progress = {.progress_monitor = jpeg_progress};
    JSAMPLE *volatile row = NULL;
    volatile rs_img_status status = RS_IMG_CORRUPT;

    cinfo.err = jpeg_std_error(&ctx.manager);
    ctx.manager.error_exit = jpeg_fail;
    ctx.manager.emit_message = jpeg_note;
    ctx.manager.output_message = jpeg_silent;
    if (setjmp(ctx.jump)) {
        if (status == RS_IMG_CORRUPT) {
            char reason[JMSG_LENGTH_MAX];
            if (ctx.too_many_scans)
                snprintf(reason, sizeof reason, "more than %d scans", JPEG_MAX_SCANS);
            else
                cinfo.err->format_message((j_common_ptr)&cinfo, reason);
            lower_first(reason);
            snprintf(message, message_size, "invalid jpeg: %s", reason);
        }
        free(row);
        jpeg_destroy_decompress(&cinfo);
        return status;
    }
    jpeg_create_decompress(&cinfo);
    cinfo.progress = &progress;
    cinfo.mem->max_memory_to_use = 256L << 20;
    jpeg_mem_src(&cinfo, data, (unsigned long)size);
    jpeg_save_markers(&cinfo, JPEG_APP0 + 1, 0xFFFF);
    jpeg_read_header(&cinfo, TRUE);

    info->width = cinfo.image_width;
    info->height = cinfo.image_height;
    if (exceeds(limits, cinfo.image_width, cinfo.image_height)) {
        status = too_large(message, message_size, cinfo.image_width, cinfo.image_height, limits);
        jpeg_destroy_decompress(&cinfo);
        return status;
    }
    info->bit_depth = cinfo.data_precision;
    info->channels = cinfo.num_components;
    info->progressive = cinfo.progressive_mode != 0;
    info->frame_count = 1;
    switch (cinfo.jpeg_color_space) {
    case JCS_GRAYSCALE: info->color_type = "grey"; info->color_space = "grey"; break;
    case JCS_YCbCr: info->color_type = "rgb"; info->color_space = "ycbcr"; break;
    case JCS_RGB: info->color_type = "rgb"; info->color_space = "rgb"; break;
    case JCS_CMYK: info->color_type = "cmyk"; info->color_space = "cmyk"; break;
    case JCS_YCCK: info->color_type = "cmyk"; info->color_space = "ycck"; break;
    default: info->color_type = NULL; info->color_space = NULL; break;
    }
    for (jpeg_saved_marker_ptr m = cinfo.marker_list; m; m = m->next)
        if (m->marker == JPEG_APP0 + 1 && !info->orientation)
            info->orientation = exif_orientation(m->data, m->data_length);

    jpeg_start_decompress(&cinfo);
    size_t stride = (size_t)cinfo.output_width * (size_t)cinfo.output_components;
    row = malloc(stride ? stride : 1);
    if (!row) {
        status = RS_IMG_INTERNAL;
        snprintf(message, message_size, "out of memory");
        longjmp(ctx.jump, 1);
    }
    while (cinfo.output_scanline < cinfo.output_height) {
        JSAMPROW rows[1] = {row};
        jpeg_read_scanlines(&cinfo, rows, 1);
    }
    jpeg_finish_decompress(&cinfo);
    free(row);
    jpeg_destroy_decompress(&cinfo);

    if (ctx.warnings > 0) { // libjpeg only warns about truncated or damaged entropy data
        lower_first(ctx.first_warning);
        snprintf(message, message_size, "invalid jpeg: %s", ctx.first_warning);
        return RS_IMG_CORRUPT;
    }
    return RS_IMG_OK;
}
