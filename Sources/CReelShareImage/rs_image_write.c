// rs_image_write.c: RGBA pictures out, as a PNG written to a descriptor (previews) or a JPEG in
// memory (report thumbnails). libpng and libjpeg report errors by longjmp, which stays here.
#include "rs_image.h"
#include "rs_io.h"

#include <errno.h>
#include <limits.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <jerror.h>
#include <jpeglib.h>
#include <png.h>

// MARK: - PNG

typedef struct png_writer {
    jmp_buf jump;
    int fd;
    int error;   // errno of a failed write
    char *message;
    size_t message_size;
} png_writer;

static void writer_fail(png_structp png, png_const_charp text) {
    png_writer *w = png_get_error_ptr(png);
    if (!w->message[0]) snprintf(w->message, w->message_size, "cannot write the png: %s", text);
    longjmp(w->jump, 1);
}

static void writer_warning(png_structp png, png_const_charp text) {}

static void writer_write(png_structp png, png_bytep data, size_t length) {
    png_writer *w = png_get_io_ptr(png);
    int error = rs_io_write(w->fd, data, length, -1);
    if (error) {
        w->error = error;
        snprintf(w->message, w->message_size, "%s", strerror(error));
        longjmp(w->jump, 1);
    }
}

static void writer_flush(png_structp png) {}

rs_img_status rs_img_write_png(int fd, const uint8_t *rgba, uint32_t width, uint32_t height, const uint8_t *icc,
                               size_t icc_size, int *write_error, char *message, size_t message_size) {
    message[0] = 0;
    if (write_error) *write_error = 0;
    png_writer w = {.fd = fd, .error = 0, .message = message, .message_size = message_size};
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, &w, writer_fail, writer_warning);
    png_infop info = png ? png_create_info_struct(png) : NULL;
    if (!info) {
        png_destroy_write_struct(&png, NULL);
        snprintf(message, message_size, "out of memory");
        return RS_IMG_INTERNAL;
    }
    if (setjmp(w.jump)) {
        png_destroy_write_struct(&png, &info);
        if (write_error) *write_error = w.error;
        return w.error ? RS_IMG_UNREADABLE : RS_IMG_INTERNAL;
    }
    png_set_write_fn(png, &w, writer_write, writer_flush);
    // One filter (Up) and a low level rather than libpng's adaptive search: a preview is written
    // once and looked at. On a 1080x1920 video frame this writes in half the time of Paeth at
    // level 6 (26 vs 52 ms) for a file 10% larger, still smaller than FFmpeg's PNG encoder's.
    png_set_compression_level(png, 3);
    png_set_filter(png, PNG_FILTER_TYPE_BASE, PNG_FILTER_UP);
    // An opaque picture goes out as RGB: the alpha byte of each pixel is dropped on the way.
    int opaque = 1;
    for (size_t i = 3; opaque && i < (size_t)width * height * 4; i += 4) opaque = rgba[i] == 255;
    png_set_IHDR(png, info, width, height, 8, opaque ? PNG_COLOR_TYPE_RGB : PNG_COLOR_TYPE_RGB_ALPHA, PNG_INTERLACE_NONE,
                 PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    // The pixels' own profile when they came with one and it passes the one check every libpng
    // shares (rs_icc.c), sRGB otherwise. libpng checks a profile too (its errors are warnings
    // here); one it refuses marks the colour space of the info it was set on invalid, after which
    // not even sRGB can be set there: it is tried on a scratch info first.
    int keep_icc = 0;
    if (rs_img_icc_usable(icc, icc_size)) {
        png_set_benign_errors(png, 1);
        png_infop trial = png_create_info_struct(png);
        if (trial) {
            png_set_IHDR(png, trial, width, height, 8, opaque ? PNG_COLOR_TYPE_RGB : PNG_COLOR_TYPE_RGB_ALPHA,
                         PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
            png_set_iCCP(png, trial, "ICC profile", PNG_COMPRESSION_TYPE_BASE, icc, (png_uint_32)icc_size);
            keep_icc = png_get_valid(png, trial, PNG_INFO_iCCP) != 0;
            png_destroy_info_struct(png, &trial);
        }
    }
    if (keep_icc) png_set_iCCP(png, info, "ICC profile", PNG_COMPRESSION_TYPE_BASE, icc, (png_uint_32)icc_size);
    else png_set_sRGB_gAMA_and_cHRM(png, info, PNG_sRGB_INTENT_PERCEPTUAL);
    png_write_info(png, info);
    if (opaque) png_set_filler(png, 0, PNG_FILLER_AFTER);
    for (uint32_t y = 0; y < height; y++) png_write_row(png, (png_const_bytep)(rgba + (size_t)y * width * 4));
    png_write_end(png, info);
    png_destroy_write_struct(&png, &info);
    return RS_IMG_OK;
}

// MARK: - JPEG

typedef struct jpeg_writer {
    struct jpeg_error_mgr manager; // first: the error manager pointer is the context
    jmp_buf jump;
} jpeg_writer;

static void jpeg_writer_fail(j_common_ptr cinfo) { longjmp(((jpeg_writer *)cinfo->err)->jump, 1); }
static void jpeg_writer_silent(j_common_ptr cinfo) {}

rs_img_status rs_img_encode_jpeg(const uint8_t *rgba, uint32_t width, uint32_t height, int quality, const uint8_t *icc,
                                 size_t icc_size, uint8_t **out, size_t *out_size, char *message, size_t message_size) {
    message[0] = 0;
    *out = NULL;
    *out_size = 0;
    struct jpeg_compress_struct cinfo;
    jpeg_writer w;
    memset(&w, 0, sizeof w);
    // libjpeg's memory destination grows its buffer through this pointer; it lives on the heap so
    // that its value after a longjmp is the one libjpeg last wrote (a changed local would not be).
    unsigned char **volatile slot = calloc(1, sizeof *slot);
    if (!slot) {
        snprintf(message, message_size, "out of memory");
        return RS_IMG_INTERNAL;
    }
    unsigned long size = 0;
    cinfo.err = jpeg_std_error(&w.manager);
    w.manager.error_exit = jpeg_writer_fail;
    w.manager.output_message = jpeg_writer_silent;
    if (setjmp(w.jump)) {
        char reason[JMSG_LENGTH_MAX];
        cinfo.err->format_message((j_common_ptr)&cinfo, reason);
        snprintf(message, message_size, "cannot encode the jpeg: %s", reason);
        jpeg_destroy_compress(&cinfo);
        free(*slot);
        free(slot);
        return RS_IMG_INTERNAL;
    }
    jpeg_create_compress(&cinfo);
    jpeg_mem_dest(&cinfo, slot, &size);
    cinfo.image_width = width;
    cinfo.image_height = height;
    cinfo.input_components = 4;
    cinfo.in_color_space = JCS_EXT_RGBX; // the alpha byte is skipped
    jpeg_set_defaults(&cinfo);
    jpeg_set_quality(&cinfo, quality, TRUE);
    jpeg_start_compress(&cinfo, TRUE);
#if defined(LIBJPEG_TURBO_VERSION_NUMBER) && LIBJPEG_TURBO_VERSION_NUMBER >= 1005090
    if (rs_img_icc_usable(icc, icc_size)) jpeg_write_icc_profile(&cinfo, icc, (unsigned int)icc_size);
#endif
    while (cinfo.next_scanline < cinfo.image_height) {
        JSAMPROW row[1] = {(JSAMPROW)(rgba + (size_t)cinfo.next_scanline * width * 4)};
        jpeg_write_scanlines(&cinfo, row, 1);
    }
    jpeg_finish_compress(&cinfo);
    jpeg_destroy_compress(&cinfo);
    *out = *slot;
    free(slot);
    *out_size = size;
    return RS_IMG_OK;
}
