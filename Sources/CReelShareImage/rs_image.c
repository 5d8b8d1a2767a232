// rs_image.c: full decode of PNG (libpng) and JPEG (libjpeg) images, row by row, read in chunks.
//
// Real photos are large (a 108-megapixel phone photo, a 20000-pixel panorama) and are decoded;
// what is refused is a header that claims more pixels than the file could possibly hold (a PNG
// beyond deflate's best ratio, a JPEG below one bit per 8x8 block), sizes past the limits, and
// anything that takes longer than the time budget.
#include "rs_image.h"

#include <errno.h>
#include <limits.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <jpeglib.h>
#include <jerror.h>
#include <png.h>

static uint32_t be32(const uint8_t *p) {
    return ((uint32_t)p[0] << 24) | ((uint32_t)p[1] << 16) | ((uint32_t)p[2] << 8) | p[3];
}

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

enum { CHUNK = 64 * 1024 };

typedef struct reader {
    int fd;              // or -1: memory
    const uint8_t *data; // memory
    uint64_t size;
    uint64_t at;         // next byte to read
    uint8_t chunk[CHUNK];
    int error;           // errno of a failed read
} reader;

/// Up to `length` bytes at the reader's position; the count read (0 at the end or on error).
static size_t read_some(reader *r, uint8_t *out, size_t length) {
    if (r->at >= r->size) return 0;
    uint64_t left = r->size - r->at;
    size_t n = left < length ? (size_t)left : length;
    if (r->fd < 0) {
        memcpy(out, r->data + r->at, n);
    } else {
        size_t done = 0;
        while (done < n) {
            ssize_t got = pread(r->fd, out + done, n - done, (off_t)(r->at + done));
            if (got < 0 && errno == EINTR) continue;
            if (got <= 0) {
                r->error = got < 0 ? errno : EIO;
                n = done;
                break;
            }
            done += (size_t)got;
        }
    }
    r->at += n;
    return n;
}

// MARK: - Time budget

typedef struct budget {
    struct timespec deadline;
    int active;
} budget;

static budget start_budget(double seconds) {
    budget b = {{0, 0}, seconds > 0 && seconds < 1e9};
    if (b.active) {
        clock_gettime(CLOCK_MONOTONIC, &b.deadline);
        long long nanos = (long long)(seconds * 1e9) + b.deadline.tv_nsec;
        b.deadline.tv_sec += (time_t)(nanos / 1000000000LL);
        b.deadline.tv_nsec = (long)(nanos % 1000000000LL);
    }
    return b;
}

static int budget_passed(const budget *b) {
    if (!b->active) return 0;
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return now.tv_sec > b->deadline.tv_sec || (now.tv_sec == b->deadline.tv_sec && now.tv_nsec > b->deadline.tv_nsec);
}

// MARK: - Limits

/// Says which limit `width` x `height` is over: a side, or the count of pixels.
static rs_img_status too_large(char *message, size_t size, uint64_t width, uint64_t height, const rs_img_limits *limits) {
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
static rs_img_status check_size(uint64_t width, uint64_t height, uint64_t file_size, double pixels_per_byte,
                                const char *why, const rs_img_limits *limits, char *message, size_t message_size) {
    if (width > limits->max_width || height > limits->max_height || width * height > limits->max_pixels)
        return too_large(message, message_size, width, height, limits);
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
    return little ? (uint32_t)p[0] | ((uint32_t)p[1] << 8) | ((uint32_t)p[2] << 16) | ((uint32_t)p[3] << 24) : be32(p);
}

// The Orientation tag (0x0112) of IFD0 of a TIFF structure; 0 when absent or malformed.
static int tiff_orientation(const uint8_t *tiff, size_t length) {
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
static int exif_orientation(const uint8_t *data, size_t size) {
    if (size < 14 || memcmp(data, "Exif\0\0", 6) != 0) return 0;
    return tiff_orientation(data + 6, size - 6);
}

// MARK: - Shrinking while decoding

/// Shrinks RGBA rows by a whole `step` as they arrive: each output pixel is the average of a
/// step x step block, weighted by alpha (premultiplied), so a fine pattern becomes its mean and a
/// transparent pixel's colour does not bleed into its neighbours.
typedef struct reducer {
    uint32_t width;     // of the input rows
    uint32_t step;
    uint32_t out_width;
    uint32_t rows;      // added to the block so far
    uint64_t *sums;     // out_width * 4: r*a, g*a, b*a, a
} reducer;

static int reducer_init(reducer *r, uint32_t width, uint32_t step) {
    r->width = width;
    r->step = step;
    r->out_width = (width + step - 1) / step;
    r->rows = 0;
    r->sums = calloc((size_t)r->out_width * 4, sizeof *r->sums);
    return r->sums != NULL;
}

static void reducer_add(reducer *r, const uint8_t *row) {
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
static void reducer_emit(reducer *r, uint8_t *out) {
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
static void reducer_take(reducer *r, const uint8_t *row, uint32_t y, uint32_t height, uint8_t *image) {
    if (r->step == 1) {
        memcpy(image + (size_t)y * r->width * 4, row, (size_t)r->width * 4);
        return;
    }
    reducer_add(r, row);
    if (y % r->step == r->step - 1 || y + 1 == height) reducer_emit(r, image + (size_t)(y / r->step) * r->out_width * 4);
}

// MARK: - PNG

typedef struct png_context {
    jmp_buf jump;
    reader *input;
    char *message;
    size_t message_size;
    int apng_frames;
    int timed_out;
    png_bytep row;
    uint8_t *image; // the RGBA picture, when asked for
    reducer reduce;
    const budget *time; // checked on reads too: libpng may work long between two rows
    unsigned reads;
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

static void png_ignore_warning(png_structp png, png_const_charp text) {}

static void png_read_input(png_structp png, png_bytep out, size_t length) {
    png_context *ctx = png_get_io_ptr(png);
    // Every 64th read: libpng may work long between two rows (thousands of chunks), and a small
    // file's dozen reads cost nothing to finish.
    if (ctx->time && (++ctx->reads & 63) == 0 && budget_passed(ctx->time)) {
        ctx->timed_out = 1;
        snprintf(ctx->message, ctx->message_size, "gave up: it took longer than its time budget (--timeout)");
        longjmp(ctx->jump, 1);
    }
    if (read_some(ctx->input, out, length) != length) {
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
        uint32_t frames = be32(chunk->data);
        ctx->apng_frames = frames > 0x7FFFFFFF ? 0x7FFFFFFF : (int)frames;
    }
    return 1; // handled: libpng keeps nothing
}

static int png_exif_orientation(png_structp png, png_infop info) {
#ifdef PNG_eXIf_SUPPORTED
    png_bytep exif = NULL;
    png_uint_32 length = 0;
    if (png_get_eXIf_1(png, info, &length, &exif) && exif) return tiff_orientation(exif, length);
#endif
    return 0;
}

/// The step that brings `side` down near `max_side` by keeping every step-th pixel (1: none).
static uint32_t reduction(uint32_t width, uint32_t height, uint32_t max_side) {
    uint32_t side = width > height ? width : height;
    return max_side == 0 || side <= max_side ? 1 : side / max_side;
}

static uint32_t reduced(uint32_t side, uint32_t step) { return (side + step - 1) / step; }

enum { RS_IMG_MAX_FULL_RGBA = 100 * 1000 * 1000 }; // pixels an interlaced PNG may be held whole for

static rs_img_status decode_png(int fd, const uint8_t *data, size_t size, const rs_img_limits *limits, rs_img_info *info,
                                rs_img_pixels *pixels, char *message, size_t message_size) {
    memset(info, 0, sizeof *info);
    if (pixels) {
        pixels->rgba = NULL;
        pixels->width = pixels->height = 0;
        pixels->icc = NULL;
        pixels->icc_size = 0;
    }
    message[0] = 0;
    reader *input = malloc(sizeof *input);
    if (!input) {
        snprintf(message, message_size, "out of memory");
        return RS_IMG_INTERNAL;
    }
    *input = (reader){.fd = fd, .data = data, .size = size, .at = 0, .error = 0};
    uint8_t head[33];
    size_t got = read_some(input, head, sizeof head);
    if (got < 8 || png_sig_cmp(head, 0, 8) != 0) {
        int unreadable = input->error != 0;
        free(input);
        snprintf(message, message_size, unreadable ? "cannot read the file" : "invalid png: bad signature");
        return unreadable ? RS_IMG_UNREADABLE : RS_IMG_CORRUPT;
    }
    // Refuse a decompression bomb from the IHDR alone, before libpng allocates anything: deflate
    // stores at most about 1032 bytes of rows per byte.
    if (got >= 33 && memcmp(head + 12, "IHDR", 4) == 0) {
        uint64_t width = be32(head + 16), height = be32(head + 20);
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
            rs_img_status status = check_size(width, height, size, pixels_per_byte, "deflate compresses at most 1032:1",
                                              limits, message, message_size);
            if (status != RS_IMG_OK) {
                free(input);
                return status;
            }
        }
    }
    input->at = 0;
    png_context ctx = {.input = input, .message = message, .message_size = message_size, .apng_frames = 0, .row = NULL,
                       .image = NULL};
    png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING, &ctx, png_fail, png_ignore_warning);
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
    budget time = start_budget(limits->timeout_seconds);
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
    case PNG_COLOR_TYPE_GRAY: info->color_type = "grey"; break;
    case PNG_COLOR_TYPE_GRAY_ALPHA: info->color_type = "grey-alpha"; break;
    case PNG_COLOR_TYPE_PALETTE: info->color_type = "palette"; break;
    case PNG_COLOR_TYPE_RGB: info->color_type = "rgb"; break;
    case PNG_COLOR_TYPE_RGB_ALPHA: info->color_type = "rgba"; break;
    default: info->color_type = NULL; break;
    }

    uint32_t step = 1;
    if (pixels) { // 8-bit RGBA: palettes and low depths expanded, tRNS as alpha, grey as RGB
        png_set_expand(png);
        png_set_strip_16(png);
        png_set_gray_to_rgb(png);
        png_set_add_alpha(png, 0xFF, PNG_FILLER_AFTER);
        step = reduction(width, height, pixels->max_side);
        if (info->interlaced) {
            // Adam7 passes fill the rows in turn: the whole picture is held, so within a limit.
            step = 1;
            if ((uint64_t)width * height > RS_IMG_MAX_FULL_RGBA) {
                snprintf(message, message_size, "an interlaced png of %ux%u is too large to draw (%d megapixels at most)",
                         width, height, RS_IMG_MAX_FULL_RGBA / 1000000);
                longjmp(ctx.jump, 3);
            }
        }
    }
    int passes = png_set_interlace_handling(png);
    png_read_update_info(png, png_info);
    size_t row_bytes = png_get_rowbytes(png, png_info);
    ctx.row = malloc(row_bytes ? row_bytes : 1);
    if (!ctx.row) png_error(png, "out of memory for one row");
    uint32_t out_width = reduced(width, step), out_height = reduced(height, step);
    if (pixels) {
        ctx.image = malloc((size_t)out_width * out_height * 4);
        if (!ctx.image || !reducer_init(&ctx.reduce, width, step)) png_error(png, "out of memory for the picture");
    }
    rows_total = height * (uint32_t)passes;
    for (int pass = 0; pass < passes; pass++) {
        for (uint32_t y = 0; y < height; y++, rows_read++) {
            if (rows_read > 0 && (rows_read & 63) == 0 && budget_passed(&time)) {
                ctx.timed_out = 1;
                snprintf(message, message_size, "gave up: it took longer than its time budget (--timeout)");
                longjmp(ctx.jump, 1);
            }
            if (pixels && passes > 1) {
                png_read_row(png, ctx.image + (size_t)y * out_width * 4, NULL); // combined pass by pass
            } else {
                png_read_row(png, ctx.row, NULL);
                if (pixels) reducer_take(&ctx.reduce, ctx.row, y, height, ctx.image);
            }
        }
    }
    rows_total = 0;
    png_read_end(png, png_info); // checks the chunks after the image data, through IEND
    if (!info->orientation) info->orientation = png_exif_orientation(png, png_info); // an eXIf after the data
    info->frame_count = ctx.apng_frames > 0 ? ctx.apng_frames : 1;

    free(ctx.row);
    free(ctx.reduce.sums);
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

// MARK: - JPEG

typedef struct jpeg_context {
    struct jpeg_error_mgr manager; // first, so the error manager pointer is the context
    jmp_buf jump;
    char first_warning[JMSG_LENGTH_MAX];
    int warnings;
    int too_many_scans;
    int timed_out;
    budget time;
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
    if (budget_passed(&ctx->time)) {
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
    reader *input;
} jpeg_source;

static const JOCTET fake_end[2] = {0xFF, JPEG_EOI};

static void source_init(j_decompress_ptr cinfo) {}

static boolean source_fill(j_decompress_ptr cinfo) {
    jpeg_source *src = (jpeg_source *)cinfo->src;
    size_t n = read_some(src->input, src->input->chunk, CHUNK);
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
    uint32_t width, height;
    int orientation;
    uint8_t *icc; // malloc'd, or NULL
    size_t icc_size;
} jpeg_segments;

enum { ICC_CHUNK_MAX = 65519 }; // 65535 - 2 (length) - 14 ("ICC_PROFILE\0", sequence, count)

static void jpeg_read_segments(reader *input, int want_icc, jpeg_segments *out) {
    memset(out, 0, sizeof *out);
    uint8_t marker[18];
    uint64_t at = 2;
    // ICC chunks by sequence number (1-255), each up to 65,519 bytes: 16.7 MB at the very most.
    uint8_t *chunks[256] = {0};
    uint32_t chunk_sizes[256] = {0};
    int chunk_count = 0, chunks_valid = 1;
    for (int count = 0; count < 1000; count++) {
        input->at = at;
        if (read_some(input, marker, 4) != 4 || marker[0] != 0xFF) break;
        uint8_t type = marker[1];
        if (type == 0xFF) { // fill byte
            at += 1;
            continue;
        }
        uint32_t length = ((uint32_t)marker[2] << 8) | marker[3];
        if (type == 0xD9 || type == 0xDA || length < 2) break; // EOI, the first scan, or nonsense
        uint32_t body = length - 2;
        if ((type >= 0xC0 && type <= 0xCF) && type != 0xC4 && type != 0xC8 && type != 0xCC && !out->has_frame) {
            if (read_some(input, marker, 5) != 5) break;
            out->height = ((uint32_t)marker[1] << 8) | marker[2];
            out->width = ((uint32_t)marker[3] << 8) | marker[4];
            out->has_frame = 1;
        } else if (type == 0xE1 && !out->orientation && body >= 14) {
            uint8_t *data = malloc(body);
            if (data && read_some(input, data, body) == body && memcmp(data, "Exif\0\0", 6) == 0)
                out->orientation = exif_orientation(data, body);
            free(data);
        } else if (type == 0xE2 && want_icc && body > 14) {
            if (read_some(input, marker, 14) != 14 || memcmp(marker, "ICC_PROFILE\0", 12) != 0) {
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
                if (!chunks[sequence] || read_some(input, chunks[sequence], body - 14) != body - 14) chunks_valid = 0;
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
    memset(info, 0, sizeof *info);
    if (pixels) {
        pixels->rgba = NULL;
        pixels->width = pixels->height = 0;
        pixels->icc = NULL;
        pixels->icc_size = 0;
    }
    message[0] = 0;
    reader *input = malloc(sizeof *input);
    if (!input) {
        snprintf(message, message_size, "out of memory");
        return RS_IMG_INTERNAL;
    }
    *input = (reader){.fd = fd, .data = data, .size = size, .at = 0, .error = 0};
    uint8_t head[3];
    if (read_some(input, head, 3) != 3 || head[0] != 0xFF || head[1] != 0xD8 || head[2] != 0xFF) {
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
        rs_img_status status = check_size(frame_width, frame_height, size, 1024, "a JPEG needs a bit per 8x8 block", limits,
                                          message, message_size);
        if (status != RS_IMG_OK) {
            free(segments.icc);
            free(input);
            return status;
        }
    }
    info->orientation = segments.orientation;
    input->at = 0;

    struct jpeg_decompress_struct cinfo;
    jpeg_context ctx;
    memset(&ctx, 0, sizeof ctx);
    ctx.icc = (JOCTET *)segments.icc; // freed with the context from here on
    ctx.icc_size = (unsigned int)segments.icc_size;
    ctx.time = start_budget(limits->timeout_seconds);
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
    reducer reduce = {0};
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
            if (ctx.manager.msg_code == JERR_OUT_OF_MEMORY) {
                status = RS_IMG_TOO_LARGE;
                snprintf(message, message_size, "decoding it needs more than %llu MB (a progressive JPEG this large)",
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
        status = too_large(message, message_size, cinfo.image_width, cinfo.image_height, limits);
        jpeg_destroy_decompress(&cinfo);
        free(input);
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

    int cmyk = cinfo.jpeg_color_space == JCS_CMYK || cinfo.jpeg_color_space == JCS_YCCK;
    // A malformed profile (chunks missing or repeated) or one that is not an RGB profile is not a
    // fault of the picture: it is left out.
    if (ctx.icc && !rs_img_icc_usable(ctx.icc, ctx.icc_size)) {
        free(ctx.icc);
        ctx.icc = NULL;
        ctx.icc_size = 0;
    }
    if (pixels) {
        // libjpeg scales by 1/2, 1/4 or 1/8 while decoding: the largest that keeps max_side.
        uint32_t side = cinfo.image_width > cinfo.image_height ? cinfo.image_width : cinfo.image_height;
        unsigned denominator = 1;
        while (pixels->max_side > 0 && denominator < 8 && side / (denominator * 2) >= pixels->max_side) denominator *= 2;
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
    uint32_t step = pixels ? reduction(cinfo.output_width, cinfo.output_height, pixels->max_side) : 1;
    uint32_t out_width = reduced(cinfo.output_width, step), out_height = reduced(cinfo.output_height, step);
    if (pixels) {
        image = malloc((size_t)out_width * out_height * 4);
        converted = cmyk ? malloc((size_t)cinfo.output_width * 4) : NULL;
        if (!image || (cmyk && !converted) || !reducer_init(&reduce, cinfo.output_width, step)) {
            status = RS_IMG_INTERNAL;
            snprintf(message, message_size, "out of memory");
            longjmp(ctx.jump, 1);
        }
    }
    while (cinfo.output_scanline < cinfo.output_height) {
        if (cinfo.output_scanline > 0 && (cinfo.output_scanline & 63) == 0 && budget_passed(&ctx.time)) {
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
        reducer_take(&reduce, cmyk ? converted : row, y, cinfo.output_height, image);
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

void rs_img_free(void *p) { free(p); }
