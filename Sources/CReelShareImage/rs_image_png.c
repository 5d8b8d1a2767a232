// rs_image_png.c: PNG (libpng) probed and decoded row by row, read in chunks. A header that claims
// more pixels than deflate's best ratio lets the file hold is refused before decoding; text
// chunks and suggested palettes are skipped, other ancillary chunks counted.
#include "rs_image_common.h"

#include <errno.h>
#include <inttypes.h>
#include <limits.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <png.h>

typedef struct png_context {
    jmp_buf jump;
    rs_img_reader *input;
    char *message;
    size_t message_size;
    int apng_frames;
    int timed_out;
    png_bytep row;
    uint8_t *image; // the RGBA picture, when asked for
    rs_img_reducer reduce;
    uint32_t *grid; // an interlaced picture's blocks, when reduced
    const rs_img_budget *time; // checked on reads too: libpng may work long between two rows
    unsigned reads;
    int icc_ignored; // libpng said its iCCP chunk is bad, and drops it
} png_context;

static void png_fail(png_structp png, png_const_charp text) {
    png_context *ctx = png_get_error_ptr(png);
    if (!ctx->message[0]) {
        char words[200];
        snprintf(words, sizeof words, "%s", text);
        // "Image width is zero" reads as a sentence: lower its first letter; "IDAT: CRC error" keeps it.
        if (words[0] >= 'A' && words[0] <= 'Z' && words[1] >= 'a' && words[1] <= 'z') words[0] = (char)(words[0] - 'A' + 'a');
        snprintf(ctx->message, ctx->message_size, "invalid png: %s", words);
    }
    longjmp(ctx->jump, 1);
}

/// libpng's warnings (its benign errors, on reading) are not failures; one about the colour
/// profile is kept: libpng then ignores the profile, and the picture shows in sRGB.
static void png_warning_seen(png_structp png, png_const_charp text) {
    png_context *ctx = png_get_error_ptr(png);
    if (ctx && text && strncmp(text, "iCCP", 4) == 0) ctx->icc_ignored = 1;
}

static void png_read_input(png_structp png, png_bytep out, size_t length) {
    png_context *ctx = png_get_io_ptr(png);
    // Every 64th read: libpng may work long between two rows (thousands of chunks), and a small
    // file's dozen reads cost nothing to finish.
    if (ctx->time && (++ctx->reads & 63) == 0 && rs_img_budget_passed(ctx->time)) {
        ctx->timed_out = 1;
        snprintf(ctx->message, ctx->message_size, "gave up: it took longer than its time budget (--timeout)");
        longjmp(ctx->jump, 1);
    }
    if (rs_img_read(ctx->input, out, length) != length) {
        if (ctx->input->error) {
            snprintf(ctx->message, ctx->message_size, "cannot read the file: %s", strerror(ctx->input->error));
            longjmp(ctx->jump, 2);
        }
        png_error(png, "file is truncated");
    }
}

static int png_user_chunk(png_structp png, png_unknown_chunkp chunk) {
    png_context *ctx = png_get_user_chunk_ptr(png);
    if (memcmp(chunk->name, "acTL", 4) == 0 && chunk->size >= 8 && ctx->apng_frames == 0) {
        uint32_t frames = rs_img_be32(chunk->data);
        ctx->apng_frames = frames > 0x7FFFFFFF ? 0x7FFFFFFF : (int)frames;
    }
    return 1; // handled: libpng keeps nothing
}

static int png_exif_orientation(png_structp png, png_infop info) {
#ifdef PNG_eXIf_SUPPORTED
    png_bytep exif = NULL;
    png_uint_32 length = 0;
    if (png_get_eXIf_1(png, info, &length, &exif) && exif) return rs_img_tiff_orientation(exif, length);
#endif
    return 0;
}

/// Whether any of `count` RGBA pixels has an alpha above 0.
static int any_alpha(const uint8_t *rgba, size_t count) {
    for (size_t i = 0; i < count; i++)
        if (rgba[i * 4 + 3]) return 1;
    return 0;
}

/// How an interlaced picture asked for reduced is read: its Adam7 passes one by one (libpng's
/// interlace handling off), each row's pixels put where they lie in the picture.
typedef enum { WHOLE, FIRST_PASS, GRID } interlaced_reading;

/// The most a grid's blocks reduce: 257 x 257 pixels of 255 * 255 fit a 32-bit sum.
enum { RS_PNG_GRID_MAX_STEP = 257 };

/// Adds one row of pass `pass` (its `columns` pixels, at picture row `y`) to the grid of step x
/// step blocks: r*a, g*a, b*a, a in 32 bits.
static void grid_add(uint32_t *grid, uint32_t grid_width, uint32_t step, const uint8_t *row, uint32_t columns, uint32_t y,
                     int pass) {
    uint32_t *line = grid + (size_t)(y / step) * grid_width * 4;
    for (uint32_t i = 0; i < columns; i++) {
        const uint8_t *p = row + (size_t)i * 4;
        uint32_t *sum = line + (size_t)(PNG_COL_FROM_PASS_COL(i, pass) / step) * 4;
        sum[0] += (uint32_t)p[0] * p[3];
        sum[1] += (uint32_t)p[1] * p[3];
        sum[2] += (uint32_t)p[2] * p[3];
        sum[3] += p[3];
    }
}

/// The grid's blocks averaged into `image` (alpha-weighted, as rs_img_reducer averages).
static void grid_emit(const uint32_t *grid, uint32_t width, uint32_t height, uint32_t step, uint8_t *image) {
    uint32_t out_width = rs_img_reduced(width, step), out_height = rs_img_reduced(height, step);
    for (uint32_t oy = 0; oy < out_height; oy++) {
        uint32_t rows = oy + 1 < out_height ? step : height - oy * step;
        for (uint32_t ox = 0; ox < out_width; ox++) {
            const uint32_t *sum = grid + ((size_t)oy * out_width + ox) * 4;
            uint32_t count = (ox + 1 < out_width ? step : width - ox * step) * rows;
            uint8_t *p = image + ((size_t)oy * out_width + ox) * 4;
            if (sum[3] == 0) {
                memset(p, 0, 4);
            } else {
                for (int c = 0; c < 3; c++) p[c] = (uint8_t)((sum[c] + sum[3] / 2) / sum[3]);
                p[3] = (uint8_t)((sum[3] + count / 2) / count);
            }
        }
    }
}

static rs_img_status decode_png(int fd, const uint8_t *data, size_t size, const rs_img_limits *limits, rs_img_info *info,
                                rs_img_pixels *pixels, char *message, size_t message_size) {
    rs_img_reader *input = rs_img_begin(fd, data, size, info, pixels, message, message_size);
    if (!input) return RS_IMG_INTERNAL;
    uint8_t head[33];
    size_t got = rs_img_read(input, head, sizeof head);
    if (got < 8 || png_sig_cmp(head, 0, 8) != 0) {
        int unreadable = input->error != 0;
        free(input);
        snprintf(message, message_size, unreadable ? "cannot read the file" : "invalid png: bad signature");
        return unreadable ? RS_IMG_UNREADABLE : RS_IMG_CORRUPT;
    }
    if (rs_img_is_cgbi(head, got)) {
        rs_img_status status = rs_img_decode_cgbi(input, size, limits, info, pixels, message, message_size);
        free(input);
        return status;
    }
    // Refuse a decompression bomb from the IHDR alone, before libpng allocates anything: deflate
    // stores at most about 1032 bytes of rows per byte.
    if (got >= 33 && memcmp(head + 12, "IHDR", 4) == 0) {
        uint64_t width = rs_img_be32(head + 16), height = rs_img_be32(head + 20);
        if (width == 0 || height == 0) {
            free(input);
            snprintf(message, message_size, "invalid png: its %s is 0", width == 0 ? "width" : "height");
            return RS_IMG_CORRUPT;
        }
        int depth = head[24], color = head[25];
        int channels = color == 2 ? 3 : color == 4 ? 2 : color == 6 ? 4 : 1;
        double row_bytes = (double)width * channels * (depth > 0 ? depth : 8) / 8 + 1;
        double pixels_per_byte = 1032.0 / (row_bytes / (double)(width > 0 ? width : 1));
        if (width > 0 && height > 0) {
            rs_img_status status = rs_img_check_size(width, height, size, pixels_per_byte, "deflate compresses at most 1032:1",
                                              limits, message, message_size);
            if (status != RS_IMG_OK) {
                free(input);
                return status;
            }
        }
    }
    input->at = 0;
    png_context ctx = {.input = input, .message = message, .message_size = message_size, .apng_frames = 0, .row = NULL,
                       .image = NULL, .grid = NULL};
    png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING, &ctx, png_fail, png_warning_seen);
    png_infop png_info = png ? png_create_info_struct(png) : NULL;
    if (!png_info) {
        png_destroy_read_struct(&png, NULL, NULL);
        free(input);
        snprintf(message, message_size, "out of memory");
        return RS_IMG_INTERNAL;
    }
    // Changed after setjmp and read after longjmp: volatile, or the compiler may keep them in
    // registers that longjmp restores to old values.
    volatile uint32_t rows_read = 0;
    volatile uint32_t rows_total = 0;
    int opaque = 0; // a pixel with alpha above 0 was seen
    rs_img_budget time = rs_img_start_budget(limits->timeout_seconds);
    ctx.time = &time;
    int jumped = setjmp(ctx.jump);
    if (jumped) {
        rs_img_status status = ctx.timed_out ? RS_IMG_TIMEOUT
                               : jumped == 2 ? RS_IMG_UNREADABLE
                               : jumped == 3 ? RS_IMG_TOO_LARGE
                                             : RS_IMG_CORRUPT;
        if (status == RS_IMG_CORRUPT && rows_total > 0) { // the damage is in the image data: say how far it got
            size_t used = strlen(message);
            snprintf(message + used, message_size > used ? message_size - used : 0, " (after %u of %u rows)",
                     (unsigned)rows_read, (unsigned)rows_total);
        }
        free(ctx.row);
        free(ctx.image);
        free(ctx.reduce.sums);
        free(ctx.grid);
        png_destroy_read_struct(&png, &png_info, NULL);
        free(input);
        return status;
    }
    png_set_read_fn(png, &ctx, png_read_input);
    png_set_user_limits(png, limits->max_width, limits->max_height);
    png_set_chunk_malloc_max(png, 8u << 20);
    png_set_keep_unknown_chunks(png, PNG_HANDLE_CHUNK_NEVER, NULL, 0);
    static const png_byte apng_chunks[] = {'a', 'c', 'T', 'L', 0};
    png_set_keep_unknown_chunks(png, PNG_HANDLE_CHUNK_ALWAYS, apng_chunks, 1);
    // Ancillary data reelshare does not use is skipped unread into memory (its CRC still checked):
    // text chunks (a thousand zTXt chunks of 3 MB each inflate to 3 GB) and suggested palettes.
    static const png_byte skipped_chunks[] = {'t', 'E', 'X', 't', 0, 'z', 'T', 'X', 't', 0, 'i', 'T', 'X', 't', 0,
                                              's', 'P', 'L', 'T', 0};
    png_set_keep_unknown_chunks(png, PNG_HANDLE_CHUNK_NEVER, skipped_chunks, 4);
    png_set_chunk_cache_max(png, 128);
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
    info->has_alpha = (color_type & PNG_COLOR_MASK_ALPHA) != 0 || png_get_valid(png, png_info, PNG_INFO_tRNS) != 0;
    info->orientation = png_exif_orientation(png, png_info);
    switch (color_type) {
    case PNG_COLOR_TYPE_GRAY: info->color_type = RS_IMG_COLOR_GREY; break;
    case PNG_COLOR_TYPE_GRAY_ALPHA: info->color_type = RS_IMG_COLOR_GREY_ALPHA; break;
    case PNG_COLOR_TYPE_PALETTE: info->color_type = RS_IMG_COLOR_PALETTE; break;
    case PNG_COLOR_TYPE_RGB: info->color_type = RS_IMG_COLOR_RGB; break;
    case PNG_COLOR_TYPE_RGB_ALPHA: info->color_type = RS_IMG_COLOR_RGBA; break;
    default: info->color_type = RS_IMG_COLOR_UNKNOWN; break;
    }

    uint32_t step = 1;
    // A picture with alpha is read as 8-bit RGBA even for a probe: whether any pixel shows at all
    // is one byte in four.
    if (pixels || info->has_alpha) { // 8-bit RGBA: palettes and low depths expanded, tRNS as alpha, grey as RGB
        png_set_expand(png);
        png_set_strip_16(png);
        png_set_gray_to_rgb(png);
        png_set_add_alpha(png, 0xFF, PNG_FILLER_AFTER);
    }
    // An interlaced picture asked for at full size is held whole (libpng combines its Adam7
    // passes in the picture). Reduced, each pass's pixels are added to the block of the picture
    // they lie in, so it comes out as a picture that is not interlaced would. Only reduced more
    // than a block's 32-bit sums allow is its first pass its picture: every 8th pixel of every 8th
    // row, reduced by what is left, the other passes read to check them. No more than the reduced
    // picture is held.
    interlaced_reading reading = WHOLE;
    if (pixels) {
        uint32_t need = rs_img_needed_side(pixels, width, height, info->orientation);
        // An eXIf chunk may come after the image data: not knowing the turn, fit either way.
        if (!info->orientation) {
            uint32_t turned = rs_img_needed_side(pixels, width, height, 6);
            if (turned > need) need = turned;
        }
        step = rs_img_reduction(width, height, need);
        if (info->interlaced && step > RS_PNG_GRID_MAX_STEP) {
            reading = FIRST_PASS;
            step /= 8;
        } else if (info->interlaced && step >= 2) {
            reading = GRID;
        }
    }
    int passes = reading != WHOLE ? 7 : png_set_interlace_handling(png);
    png_read_update_info(png, png_info);
    size_t row_bytes = png_get_rowbytes(png, png_info);
    // Zeroed: with interlacing, the bytes a pass leaves alone are earlier rows' (or zero).
    ctx.row = calloc(1, row_bytes ? row_bytes : 1);
    if (!ctx.row) png_error(png, "out of memory for one row");
    uint32_t kept_width = reading == FIRST_PASS ? PNG_PASS_COLS(width, 0) : width;
    uint32_t kept_height = reading == FIRST_PASS ? PNG_PASS_ROWS(height, 0) : height;
    uint32_t out_width = rs_img_reduced(kept_width, step), out_height = rs_img_reduced(kept_height, step);
    if (reading == GRID) {
        uint64_t grid_bytes = (uint64_t)out_width * out_height * 4 * sizeof(uint32_t);
        if (grid_bytes > limits->max_decoder_memory) {
            snprintf(message, message_size,
                     "decoding it needs more than %" PRIu64 " MiB (an interlaced PNG this large, reduced %u times)",
                     limits->max_decoder_memory >> 20, (unsigned)step);
            longjmp(ctx.jump, 3);
        }
        ctx.grid = calloc((size_t)out_width * out_height * 4, sizeof(uint32_t));
        if (!ctx.grid) png_error(png, "out of memory for the picture");
    }
    if (pixels) {
        ctx.image = malloc((size_t)out_width * out_height * 4);
        if (!ctx.image || (reading != GRID && !rs_img_reducer_init(&ctx.reduce, kept_width, step)))
            png_error(png, "out of memory for the picture");
    }
    rows_total = 0;
    for (int pass = 0; pass < passes; pass++)
        rows_total += reading == WHOLE ? height : PNG_PASS_COLS(width, pass) ? PNG_PASS_ROWS(height, pass) : 0;
    for (int pass = 0; pass < passes; pass++) {
        // The rows of this pass: every row (interlace handling combines the passes), or the
        // pass's own rows, each as wide as its columns.
        uint32_t rows = reading == WHOLE ? height : PNG_PASS_COLS(width, pass) ? PNG_PASS_ROWS(height, pass) : 0;
        uint32_t columns = reading == WHOLE ? width : PNG_PASS_COLS(width, pass);
        for (uint32_t y = 0; y < rows; y++, rows_read++) {
            if (rows_read > 0 && (rows_read & 63) == 0 && rs_img_budget_passed(&time)) {
                ctx.timed_out = 1;
                snprintf(message, message_size, "gave up: it took longer than its time budget (--timeout)");
                longjmp(ctx.jump, 1);
            }
            if (pixels && passes > 1 && reading == WHOLE) {
                png_read_row(png, ctx.image + (size_t)y * out_width * 4, NULL); // combined pass by pass
            } else {
                png_read_row(png, ctx.row, NULL);
                if (info->has_alpha && !opaque) opaque = any_alpha(ctx.row, columns);
                if (reading == GRID)
                    grid_add(ctx.grid, out_width, step, ctx.row, columns, PNG_ROW_FROM_PASS_ROW(y, pass), pass);
                else if (pixels && (reading == WHOLE || pass == 0))
                    rs_img_reducer_take(&ctx.reduce, ctx.row, y, rows, ctx.image);
            }
        }
    }
    if (reading == GRID) grid_emit(ctx.grid, width, height, step, ctx.image);
    rows_total = 0;
    if (info->has_alpha && pixels && passes > 1 && reading == WHOLE) opaque = any_alpha(ctx.image, out_width * out_height);
    info->all_transparent = info->has_alpha && !opaque;
    info->icc_ignored = ctx.icc_ignored;
    png_read_end(png, png_info); // checks the chunks after the image data, through IEND
    if (!info->orientation) info->orientation = png_exif_orientation(png, png_info); // an eXIf after the data
    info->frame_count = ctx.apng_frames > 0 ? ctx.apng_frames : 1;

    free(ctx.row);
    free(ctx.reduce.sums);
    free(ctx.grid);
    if (pixels) {
        pixels->rgba = ctx.image;
        pixels->width = out_width;
        pixels->height = out_height;
        png_charp name;
        int compression;
        png_bytep profile;
        png_uint_32 length;
        if (png_get_iCCP(png, png_info, &name, &compression, &profile, &length) && rs_img_icc_usable(profile, length) &&
            (pixels->icc = malloc(length))) {
            memcpy(pixels->icc, profile, length);
            pixels->icc_size = length;
        }
    }
    png_destroy_read_struct(&png, &png_info, NULL);
    free(input);
    return RS_IMG_OK;
}

rs_img_status rs_img_probe_png(int fd, const uint8_t *data, size_t size, const rs_img_limits *limits, rs_img_info *info,
                               char *message, size_t message_size) {
    return decode_png(fd, data, size, limits, info, NULL, message, message_size);
}

rs_img_status rs_img_decode_png(int fd, size_t size, const rs_img_limits *limits, rs_img_info *info, rs_img_pixels *pixels,
                                char *message, size_t message_size) {
    return decode_png(fd, NULL, size, limits, info, pixels, message, message_size);
}

