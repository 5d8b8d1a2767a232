// rs_image_jpeg.c: JPEG (libjpeg) probed and decoded row by row, read in chunks. A header that
// claims more pixels than one bit per 8x8 block allows is refused before decoding; the segments
// reelshare needs (EXIF, ICC) are read by reelshare, none saved by libjpeg.
#include "rs_image_common.h"

#include <errno.h>
#include <limits.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jerror.h>
#include <jpeglib.h>

typedef struct jpeg_context {
    struct jpeg_error_mgr manager; // first, so the error manager pointer is the context
    jmp_buf jump;
    char first_warning[JMSG_LENGTH_MAX];
    int warnings;
    int too_many_scans;
    int timed_out;
    rs_img_budget time;
    JOCTET *icc; // the ICC profile, when the pixels are kept; freed on failure
    unsigned int icc_size;
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

// Progressive JPEGs with thousands of tiny scans take minutes to decode; stop them early. The
// progress monitor is also where the time budget is checked.
static void jpeg_progress(j_common_ptr cinfo) {
    jpeg_context *ctx = (jpeg_context *)cinfo->err;
    j_decompress_ptr d = (j_decompress_ptr)cinfo;
    if (d->input_scan_number > JPEG_MAX_SCANS) {
        ctx->too_many_scans = 1;
        cinfo->err->error_exit(cinfo);
    }
    if (rs_img_budget_passed(&ctx->time)) {
        ctx->timed_out = 1;
        cinfo->err->error_exit(cinfo);
    }
}

static void lower_first(char *text) {
    if (text[0] >= 'A' && text[0] <= 'Z' && text[1] >= 'a' && text[1] <= 'z') text[0] = (char)(text[0] - 'A' + 'a');
}

// A source manager reading the file in chunks.
typedef struct jpeg_source {
    struct jpeg_source_mgr manager;
    rs_img_reader *input;
} jpeg_source;

static const JOCTET fake_end[2] = {0xFF, JPEG_EOI};

static void source_init(j_decompress_ptr cinfo) {}

static boolean source_fill(j_decompress_ptr cinfo) {
    jpeg_source *src = (jpeg_source *)cinfo->src;
    size_t n = rs_img_read(src->input, src->input->chunk, RS_IMG_CHUNK);
    if (n == 0) {
        // The end of the file inside the image: libjpeg's own answer is a warning and a fake EOI.
        WARNMS(cinfo, JWRN_JPEG_EOF);
        src->manager.next_input_byte = fake_end;
        src->manager.bytes_in_buffer = 2;
        return TRUE;
    }
    src->manager.next_input_byte = src->input->chunk;
    src->manager.bytes_in_buffer = n;
    return TRUE;
}

static void source_skip(j_decompress_ptr cinfo, long count) {
    jpeg_source *src = (jpeg_source *)cinfo->src;
    if (count <= 0) return;
    while ((size_t)count > src->manager.bytes_in_buffer) {
        count -= (long)src->manager.bytes_in_buffer;
        src->manager.bytes_in_buffer = 0;
        source_fill(cinfo);
        if (src->manager.next_input_byte == fake_end) return;
    }
    src->manager.next_input_byte += count;
    src->manager.bytes_in_buffer -= (size_t)count;
}

static void source_term(j_decompress_ptr cinfo) {}

/// What a JPEG's marker segments say before its first scan, read here rather than saved by
/// libjpeg (which keeps every APPn segment it is asked to save: 3,000 of 64 KB are 196 MB held):
/// the frame size (libjpeg refuses a zero size without saying which side), the EXIF orientation of
/// the first Exif APP1, and the ICC profile of the APP2 chunks when asked. At most 1,000 segments.
typedef struct jpeg_segments {
    int has_frame;
    int precision;  // bits per sample of the frame (8; 12 for extended DCT; 2-16 lossless)
    int components;
    int frame_type; // the SOF marker's low nibble: 0 baseline, 1 extended, 2 progressive, 3 lossless...
    uint32_t width, height;
    int orientation;
    uint8_t *icc; // malloc'd, or NULL
    size_t icc_size;
} jpeg_segments;

enum { ICC_CHUNK_MAX = 65519 }; // 65535 - 2 (length) - 14 ("ICC_PROFILE\0", sequence, count)

static void jpeg_read_segments(rs_img_reader *input, int want_icc, jpeg_segments *out) {
    memset(out, 0, sizeof *out);
    uint8_t marker[18];
    uint64_t at = 2;
    // ICC chunks by sequence number (1-255), each up to 65,519 bytes: 16.7 MB at the very most.
    uint8_t *chunks[256] = {0};
    uint32_t chunk_sizes[256] = {0};
    int chunk_count = 0, chunks_valid = 1;
    for (int count = 0; count < 1000; count++) {
        input->at = at;
        if (rs_img_read(input, marker, 4) != 4 || marker[0] != 0xFF) break;
        uint8_t type = marker[1];
        if (type == 0xFF) { // fill byte
            at += 1;
            continue;
        }
        uint32_t length = ((uint32_t)marker[2] << 8) | marker[3];
        if (type == 0xD9 || type == 0xDA || length < 2) break; // EOI, the first scan, or nonsense
        uint32_t body = length - 2;
        if ((type >= 0xC0 && type <= 0xCF) && type != 0xC4 && type != 0xC8 && type != 0xCC && !out->has_frame) {
            if (rs_img_read(input, marker, 6) != 6) break;
            out->precision = marker[0];
            out->height = ((uint32_t)marker[1] << 8) | marker[2];
            out->width = ((uint32_t)marker[3] << 8) | marker[4];
            out->components = marker[5];
            out->frame_type = type & 0x0F;
            out->has_frame = 1;
        } else if (type == 0xE1 && !out->orientation && body >= 14) {
            uint8_t *data = malloc(body);
            if (data && rs_img_read(input, data, body) == body && memcmp(data, "Exif\0\0", 6) == 0)
                out->orientation = rs_img_exif_orientation(data, body);
            free(data);
        } else if (type == 0xE2 && want_icc && body > 14) {
            if (rs_img_read(input, marker, 14) != 14 || memcmp(marker, "ICC_PROFILE\0", 12) != 0) {
                at += 2 + length;
                continue;
            }
            int sequence = marker[12], total = marker[13];
            if (sequence == 0 || total == 0 || sequence > total || (chunk_count && total != chunk_count) ||
                chunks[sequence] || body - 14 > ICC_CHUNK_MAX) {
                chunks_valid = 0; // repeated, inconsistent or impossible: no profile (as libjpeg)
            } else {
                chunk_count = total;
                chunk_sizes[sequence] = body - 14;
                chunks[sequence] = malloc(body - 14);
                if (!chunks[sequence] || rs_img_read(input, chunks[sequence], body - 14) != body - 14) chunks_valid = 0;
            }
        }
        at += 2 + length;
    }
    size_t total_size = 0;
    for (int k = 1; k <= chunk_count; k++) {
        if (!chunks[k]) chunks_valid = 0;
        total_size += chunk_sizes[k];
    }
    if (chunk_count && chunks_valid && total_size > 0 && (out->icc = malloc(total_size))) {
        for (int k = 1; k <= chunk_count; k++) {
            memcpy(out->icc + out->icc_size, chunks[k], chunk_sizes[k]);
            out->icc_size += chunk_sizes[k];
        }
    }
    for (int k = 0; k < 256; k++) free(chunks[k]);
}

/// A CMYK pixel as RGB: Adobe's CMYK JPEGs store the inks inverted.
static void cmyk_to_rgba(const uint8_t *in, uint8_t *out, int inverted) {
    unsigned c = in[0], m = in[1], y = in[2], k = in[3];
    if (!inverted) {
        c = 255 - c;
        m = 255 - m;
        y = 255 - y;
        k = 255 - k;
    }
    out[0] = (uint8_t)(c * k / 255);
    out[1] = (uint8_t)(m * k / 255);
    out[2] = (uint8_t)(y * k / 255);
    out[3] = 255;
}

static rs_img_status decode_jpeg(int fd, const uint8_t *data, size_t size, const rs_img_limits *limits,
                                 rs_img_info *info, rs_img_pixels *pixels, char *message, size_t message_size) {
    rs_img_reader *input = rs_img_begin(fd, data, size, info, pixels, message, message_size);
    if (!input) return RS_IMG_INTERNAL;
    uint8_t head[3];
    if (rs_img_read(input, head, 3) != 3 || head[0] != 0xFF || head[1] != 0xD8 || head[2] != 0xFF) {
        int unreadable = input->error != 0;
        free(input);
        snprintf(message, message_size, unreadable ? "cannot read the file" : "invalid jpeg: no start-of-image marker");
        return unreadable ? RS_IMG_UNREADABLE : RS_IMG_CORRUPT;
    }
    jpeg_segments segments;
    jpeg_read_segments(input, pixels != NULL, &segments);
    if (segments.has_frame) {
        uint32_t frame_width = segments.width, frame_height = segments.height;
        if (frame_width == 0 || frame_height == 0) {
            free(segments.icc);
            free(input);
            snprintf(message, message_size, "invalid jpeg: its %s is 0", frame_width == 0 ? "width" : "height");
            return RS_IMG_CORRUPT;
        }
        // At least one bit per 8x8 block (its DC difference) even when all else is zero: 512 pixels
        // a byte at the very best, and half that is allowed.
        rs_img_status status = rs_img_check_size(frame_width, frame_height, size, 1024, "a JPEG needs a bit per 8x8 block", limits,
                                          message, message_size);
        if (status != RS_IMG_OK) {
            free(segments.icc);
            free(input);
            return status;
        }
    }
    info->orientation = segments.orientation;
    input->at = 0;
    // libjpeg's 8-bit API reads 8-bit samples only: a 12-bit JPEG (extended sequential DCT, which
    // medical and scientific cameras write) or a lossless one is valid but not for it. Said as
    // what it is, with what its header gives.
    if (segments.has_frame && segments.precision != 8) {
        free(segments.icc);
        free(input);
        info->width = segments.width;
        info->height = segments.height;
        info->bit_depth = segments.precision;
        info->channels = segments.components;
        info->color_type = segments.components == 1   ? RS_IMG_COLOR_GREY
                           : segments.components == 4 ? RS_IMG_COLOR_CMYK
                                                      : RS_IMG_COLOR_RGB;
        info->progressive = segments.frame_type == 2 || segments.frame_type == 6 || segments.frame_type == 10;
        info->frame_count = 1;
        snprintf(message, message_size, "a %d-bit JPEG (%s): the 8-bit JPEG decoders of apps and of reelshare do not read it",
                 segments.precision,
                 segments.frame_type == 3 || segments.frame_type == 7 || segments.frame_type == 11 ? "lossless"
                                                                                                   : "extended DCT");
        return RS_IMG_UNSUPPORTED;
    }

    struct jpeg_decompress_struct cinfo;
    jpeg_context ctx;
    memset(&ctx, 0, sizeof ctx);
    ctx.icc = (JOCTET *)segments.icc; // freed with the context from here on
    ctx.icc_size = (unsigned int)segments.icc_size;
    ctx.time = rs_img_start_budget(limits->timeout_seconds);
    struct jpeg_progress_mgr progress = {.progress_monitor = jpeg_progress};
    jpeg_source source = {.input = input};
    source.manager.init_source = source_init;
    source.manager.fill_input_buffer = source_fill;
    source.manager.skip_input_data = source_skip;
    source.manager.resync_to_restart = jpeg_resync_to_restart;
    source.manager.term_source = source_term;
    JSAMPLE *volatile row = NULL;
    uint8_t *volatile image = NULL;
    uint8_t *volatile converted = NULL;
    rs_img_reducer reduce = {0};
    volatile rs_img_status status = RS_IMG_CORRUPT;

    cinfo.err = jpeg_std_error(&ctx.manager);
    ctx.manager.error_exit = jpeg_fail;
    ctx.manager.emit_message = jpeg_note;
    ctx.manager.output_message = jpeg_silent;
    if (setjmp(ctx.jump)) {
        if (ctx.timed_out) {
            status = RS_IMG_TIMEOUT;
            snprintf(message, message_size, "gave up: it took longer than its time budget (--timeout)");
        } else if (input->error) {
            status = RS_IMG_UNREADABLE;
            snprintf(message, message_size, "cannot read the file: %s", strerror(input->error));
        } else if (status == RS_IMG_CORRUPT) {
            char reason[JMSG_LENGTH_MAX];
            if (ctx.too_many_scans) snprintf(reason, sizeof reason, "more than %d scans", JPEG_MAX_SCANS);
            else cinfo.err->format_message((j_common_ptr)&cinfo, reason);
            lower_first(reason);
            // libjpeg-turbo keeps no backing store: a progressive JPEG whose coefficients do not fit
            // max_memory_to_use fails for want of one, which is the same refusal.
            if (ctx.manager.msg_code == JERR_OUT_OF_MEMORY || ctx.manager.msg_code == JERR_NO_BACKING_STORE) {
                status = RS_IMG_TOO_LARGE;
                snprintf(message, message_size, "decoding it needs more than %llu MiB (a progressive JPEG this large)",
                         (unsigned long long)(limits->max_decoder_memory >> 20));
            } else {
                snprintf(message, message_size, "invalid jpeg: %s", reason);
            }
        }
        free(row);
        free(image);
        free(converted);
        free(reduce.sums);
        free(ctx.icc);
        jpeg_destroy_decompress(&cinfo);
        free(input);
        return status;
    }
    jpeg_create_decompress(&cinfo);
    cinfo.progress = &progress;
    cinfo.mem->max_memory_to_use = (long)(limits->max_decoder_memory > (uint64_t)LONG_MAX ? LONG_MAX : limits->max_decoder_memory);
    cinfo.src = &source.manager;
    source.manager.bytes_in_buffer = 0;
    source.manager.next_input_byte = NULL;
    // No marker is saved by libjpeg: jpeg_read_segments read what is needed of them.
    jpeg_read_header(&cinfo, TRUE);

    info->width = cinfo.image_width;
    info->height = cinfo.image_height;
    if (cinfo.image_width > limits->max_width || cinfo.image_height > limits->max_height ||
        (uint64_t)cinfo.image_width * cinfo.image_height > limits->max_pixels) {
        status = rs_img_too_large(message, message_size, cinfo.image_width, cinfo.image_height, limits);
        free(ctx.icc);
        jpeg_destroy_decompress(&cinfo);
        free(input);
        return status;
    }
    info->bit_depth = cinfo.data_precision;
    info->channels = cinfo.num_components;
    info->progressive = cinfo.progressive_mode != 0;
    info->frame_count = 1;
    switch (cinfo.jpeg_color_space) {
    case JCS_GRAYSCALE: info->color_type = RS_IMG_COLOR_GREY; info->color_space = RS_IMG_SPACE_GREY; break;
    case JCS_YCbCr: info->color_type = RS_IMG_COLOR_RGB; info->color_space = RS_IMG_SPACE_YCBCR; break;
    case JCS_RGB: info->color_type = RS_IMG_COLOR_RGB; info->color_space = RS_IMG_SPACE_RGB; break;
    case JCS_CMYK: info->color_type = RS_IMG_COLOR_CMYK; info->color_space = RS_IMG_SPACE_CMYK; break;
    case JCS_YCCK: info->color_type = RS_IMG_COLOR_CMYK; info->color_space = RS_IMG_SPACE_YCCK; break;
    default: info->color_type = RS_IMG_COLOR_UNKNOWN; info->color_space = RS_IMG_SPACE_UNKNOWN; break;
    }

    int cmyk = cinfo.jpeg_color_space == JCS_CMYK || cinfo.jpeg_color_space == JCS_YCCK;
    // A malformed profile (chunks missing or repeated) or one that is not an RGB profile is not a
    // fault of the picture: it is left out.
    if (ctx.icc && !rs_img_icc_usable(ctx.icc, ctx.icc_size)) {
        free(ctx.icc);
        ctx.icc = NULL;
        ctx.icc_size = 0;
    }
    uint32_t max_side = pixels ? rs_img_needed_side(pixels, cinfo.image_width, cinfo.image_height, info->orientation) : 0;
    if (pixels) {
        // libjpeg scales by 1/2, 1/4 or 1/8 while decoding: the largest that keeps max_side.
        uint32_t side = cinfo.image_width > cinfo.image_height ? cinfo.image_width : cinfo.image_height;
        unsigned denominator = 1;
        while (max_side > 0 && denominator < 8 && side / (denominator * 2) >= max_side) denominator *= 2;
        cinfo.scale_num = 1;
        cinfo.scale_denom = denominator;
        cinfo.out_color_space = cmyk ? JCS_CMYK : JCS_EXT_RGBA;
    }
    jpeg_start_decompress(&cinfo);
    size_t stride = (size_t)cinfo.output_width * (size_t)cinfo.output_components;
    row = malloc(stride ? stride : 1);
    if (!row) {
        status = RS_IMG_INTERNAL;
        snprintf(message, message_size, "out of memory");
        longjmp(ctx.jump, 1);
    }
    uint32_t step = pixels ? rs_img_reduction(cinfo.output_width, cinfo.output_height, max_side) : 1;
    uint32_t out_width = rs_img_reduced(cinfo.output_width, step), out_height = rs_img_reduced(cinfo.output_height, step);
    if (pixels) {
        image = malloc((size_t)out_width * out_height * 4);
        converted = cmyk ? malloc((size_t)cinfo.output_width * 4) : NULL;
        if (!image || (cmyk && !converted) || !rs_img_reducer_init(&reduce, cinfo.output_width, step)) {
            status = RS_IMG_INTERNAL;
            snprintf(message, message_size, "out of memory");
            longjmp(ctx.jump, 1);
        }
    }
    while (cinfo.output_scanline < cinfo.output_height) {
        if (cinfo.output_scanline > 0 && (cinfo.output_scanline & 63) == 0 && rs_img_budget_passed(&ctx.time)) {
            ctx.timed_out = 1;
            longjmp(ctx.jump, 1);
        }
        uint32_t y = cinfo.output_scanline;
        JSAMPROW rows[1] = {row};
        jpeg_read_scanlines(&cinfo, rows, 1);
        if (!image) continue;
        if (cmyk) {
            for (uint32_t x = 0; x < cinfo.output_width; x++)
                cmyk_to_rgba(row + (size_t)x * 4, converted + (size_t)x * 4, cinfo.saw_Adobe_marker);
        }
        rs_img_reducer_take(&reduce, cmyk ? converted : row, y, cinfo.output_height, image);
    }
    jpeg_finish_decompress(&cinfo);
    free(row);
    free(converted);
    free(reduce.sums);
    jpeg_destroy_decompress(&cinfo);
    free(input);

    if (ctx.warnings > 0) { // libjpeg only warns about truncated or damaged entropy data
        lower_first(ctx.first_warning);
        snprintf(message, message_size, "invalid jpeg: %s", ctx.first_warning);
        free(image);
        free(ctx.icc);
        return RS_IMG_CORRUPT;
    }
    if (pixels) {
        pixels->rgba = image;
        pixels->width = out_width;
        pixels->height = out_height;
        pixels->icc = ctx.icc;
        pixels->icc_size = ctx.icc ? ctx.icc_size : 0;
    }
    return RS_IMG_OK;
}

rs_img_status rs_img_probe_jpeg(int fd, const uint8_t *data, size_t size, const rs_img_limits *limits,
                                rs_img_info *info, char *message, size_t message_size) {
    return decode_jpeg(fd, data, size, limits, info, NULL, message, message_size);
}

rs_img_status rs_img_decode_jpeg(int fd, size_t size, const rs_img_limits *limits, rs_img_info *info,
                                 rs_img_pixels *pixels, char *message, size_t message_size) {
    return decode_jpeg(fd, NULL, size, limits, info, pixels, message, message_size);
}

