// rs_image_cgbi.c: Apple's CgBI PNG (what Xcode's "Compress PNG Files" makes of an app's PNGs), read
// without libpng, which refuses it. Such a file starts with a CgBI chunk before IHDR; its IDAT
// chunks hold raw deflate (no zlib header or checksum) of rows filtered as in PNG, whose pixels are
// BGRA (or BGR) with the colour premultiplied by alpha. Each chunk's CRC is checked as libpng
// checks it; rows are decoded one at a time, made straight RGBA and passed to the same reducer as
// a PNG's. 8-bit RGB and RGBA, not interlaced, is what Xcode writes; anything else is reported as
// its header says, undecoded.
#include "rs_image_common.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <zlib.h>

int rs_img_is_cgbi(const uint8_t *head, size_t length) {
    static const uint8_t signature[8] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n'};
    return length >= 16 && memcmp(head, signature, 8) == 0 && memcmp(head + 12, "CgBI", 4) == 0;
}

typedef struct cgbi_reader {
    rs_img_reader *input;
    char *message;
    size_t message_size;
} cgbi_reader;

/// Reads exactly `length` bytes, or says why not (RS_IMG_UNREADABLE or RS_IMG_CORRUPT).
static rs_img_status read_exactly(cgbi_reader *r, uint8_t *out, size_t length) {
    if (rs_img_read(r->input, out, length) == length) return RS_IMG_OK;
    if (r->input->error) {
        snprintf(r->message, r->message_size, "cannot read the file: %s", strerror(r->input->error));
        return RS_IMG_UNREADABLE;
    }
    snprintf(r->message, r->message_size, "invalid png: file is truncated");
    return RS_IMG_CORRUPT;
}

/// PNG's filters undone on one row of `length` bytes, `bpp` bytes a pixel, above it `prior`.
static int unfilter(uint8_t filter, uint8_t *row, const uint8_t *prior, size_t length, size_t bpp) {
    switch (filter) {
    case 0: return 1;
    case 1:
        for (size_t i = bpp; i < length; i++) row[i] = (uint8_t)(row[i] + row[i - bpp]);
        return 1;
    case 2:
        for (size_t i = 0; i < length; i++) row[i] = (uint8_t)(row[i] + prior[i]);
        return 1;
    case 3:
        for (size_t i = 0; i < length; i++)
            row[i] = (uint8_t)(row[i] + (((i >= bpp ? row[i - bpp] : 0) + prior[i]) >> 1));
        return 1;
    case 4:
        for (size_t i = 0; i < length; i++) {
            int a = i >= bpp ? row[i - bpp] : 0, b = prior[i], c = i >= bpp ? prior[i - bpp] : 0;
            int p = a + b - c, pa = abs(p - a), pb = abs(p - b), pc = abs(p - c);
            row[i] = (uint8_t)(row[i] + (pa <= pb && pa <= pc ? a : pb <= pc ? b : c));
        }
        return 1;
    default: return 0;
    }
}

/// One stored row (BGR or premultiplied BGRA) as straight RGBA in `out`; whether a pixel shows.
static int straighten(const uint8_t *row, uint32_t width, size_t bpp, uint8_t *out) {
    int shows = 0;
    for (uint32_t x = 0; x < width; x++) {
        const uint8_t *p = row + (size_t)x * bpp;
        uint8_t *q = out + (size_t)x * 4;
        unsigned alpha = bpp == 4 ? p[3] : 255;
        if (alpha == 0) {
            memset(q, 0, 4);
            continue;
        }
        shows = 1;
        for (int c = 0; c < 3; c++) {
            unsigned value = alpha == 255 ? p[2 - c] : (p[2 - c] * 255u + alpha / 2) / alpha;
            q[c] = (uint8_t)(value > 255 ? 255 : value);
        }
        q[3] = (uint8_t)alpha;
    }
    return shows;
}

rs_img_status rs_img_decode_cgbi(rs_img_reader *input, size_t size, const rs_img_limits *limits, rs_img_info *info,
                                 rs_img_pixels *pixels, char *message, size_t message_size) {
    rs_img_budget time = rs_img_start_budget(limits->timeout_seconds);
    cgbi_reader r = {.input = input, .message = message, .message_size = message_size};
    info->apple_cgbi = 1;
    info->frame_count = 1;
    uint8_t head[8];
    input->at = 8;
    rs_img_status status = RS_IMG_OK;
    z_stream z = {0};
    int inflating = 0, ended = 0, seen_header = 0;
    uint32_t width = 0, height = 0, rows_done = 0, step = 1, out_width = 0, out_height = 0;
    size_t bpp = 0, stride = 0, filled = 0;
    uint8_t *row = NULL, *prior = NULL, *rgba = NULL, *image = NULL, *data = NULL;
    rs_img_reducer reduce = {0};
    int shows = 0;
    unsigned chunks = 0;
    while (status == RS_IMG_OK && !ended) {
        if ((status = read_exactly(&r, head, 8)) != RS_IMG_OK) break;
        uint32_t length = rs_img_be32(head);
        const uint8_t *type = head + 4;
        if (length > 0x7FFFFFFFu) {
            snprintf(message, message_size, "invalid png: a chunk's length is past 2^31 bytes");
            status = RS_IMG_CORRUPT;
            break;
        }
        int is_header = memcmp(type, "IHDR", 4) == 0, is_data = memcmp(type, "IDAT", 4) == 0;
        if (!seen_header && !is_header && memcmp(type, "CgBI", 4) != 0) {
            snprintf(message, message_size, "invalid png: IHDR is not its first chunk after CgBI");
            status = RS_IMG_CORRUPT;
            break;
        }
        if (is_header && (seen_header || length != 13)) {
            snprintf(message, message_size, "invalid png: IHDR: %s", seen_header ? "a second IHDR" : "not 13 bytes");
            status = RS_IMG_CORRUPT;
            break;
        }
        uLong crc = crc32(0L, type, 4);
        int crc_checked = 0;
        // The chunk's bytes, a piece at a time: CRC'd, and an IDAT's inflated into rows.
        if (!data && !(data = malloc(RS_IMG_CHUNK))) {
            snprintf(message, message_size, "out of memory");
            status = RS_IMG_INTERNAL;
            break;
        }
        uint32_t left = length;
        while (status == RS_IMG_OK && left > 0) {
            uint32_t piece = left < RS_IMG_CHUNK ? left : RS_IMG_CHUNK;
            if ((status = read_exactly(&r, data, piece)) != RS_IMG_OK) break;
            crc = crc32(crc, data, piece);
            left -= piece;
            if (is_header) {
                // Its CRC first, as libpng checks it: a damaged header is a damaged file.
                uint8_t stored[4];
                if ((status = read_exactly(&r, stored, 4)) != RS_IMG_OK) break;
                if (rs_img_be32(stored) != (uint32_t)crc) {
                    snprintf(message, message_size, "invalid png: IHDR: CRC error");
                    status = RS_IMG_CORRUPT;
                    break;
                }
                crc_checked = 1;
                seen_header = 1;
                width = rs_img_be32(data);
                height = rs_img_be32(data + 4);
                info->width = width;
                info->height = height;
                info->bit_depth = data[8];
                info->color_type = data[9] == 6   ? RS_IMG_COLOR_RGBA
                                   : data[9] == 2 ? RS_IMG_COLOR_RGB
                                   : data[9] == 0 ? RS_IMG_COLOR_GREY
                                   : data[9] == 4 ? RS_IMG_COLOR_GREY_ALPHA
                                   : data[9] == 3 ? RS_IMG_COLOR_PALETTE
                                                  : RS_IMG_COLOR_UNKNOWN;
                info->has_alpha = data[9] == 6 || data[9] == 4;
                info->interlaced = data[12] != 0;
                info->channels = data[9] == 6 ? 4 : data[9] == 2 ? 3 : 0;
                if (width == 0 || height == 0) {
                    snprintf(message, message_size, "invalid png: its %s is 0", width == 0 ? "width" : "height");
                    status = RS_IMG_CORRUPT;
                    break;
                }
                if (data[10] != 0 || data[11] != 0) {
                    snprintf(message, message_size, "invalid png: IHDR: unknown %s method %d",
                             data[10] != 0 ? "compression" : "filter", data[10] != 0 ? data[10] : data[11]);
                    status = RS_IMG_CORRUPT;
                    break;
                }
                if (data[8] != 8 || (data[9] != 6 && data[9] != 2) || data[12] != 0) {
                    snprintf(message, message_size,
                             "an Apple CgBI PNG of %d-bit colour type %d%s: reelshare reads the 8-bit RGB and RGBA that Xcode writes",
                             data[8], data[9], data[12] ? ", interlaced" : "");
                    status = RS_IMG_UNSUPPORTED;
                    break;
                }
                // Deflate stores at most about 1032 bytes of rows per byte (as for any PNG).
                bpp = (size_t)info->channels;
                double pixels_per_byte = 1032.0 / ((double)bpp + 1.0 / (double)width);
                if ((status = rs_img_check_size(width, height, size, pixels_per_byte, "deflate compresses at most 1032:1", limits,
                                                message, message_size)) != RS_IMG_OK)
                    break;
                stride = (size_t)width * bpp;
                row = malloc(stride + 1);
                prior = calloc(1, stride);
                rgba = malloc((size_t)width * 4);
                if (pixels) {
                    step = rs_img_reduction(width, height, rs_img_needed_side(pixels, width, height, 0));
                    out_width = rs_img_reduced(width, step);
                    out_height = rs_img_reduced(height, step);
                    image = malloc((size_t)out_width * out_height * 4);
                }
                if (!row || !prior || !rgba || (pixels && (!image || !rs_img_reducer_init(&reduce, width, step)))) {
                    snprintf(message, message_size, "out of memory for the picture");
                    status = RS_IMG_INTERNAL;
                    break;
                }
                if (inflateInit2(&z, -15) != Z_OK) {
                    snprintf(message, message_size, "out of memory for inflate");
                    status = RS_IMG_INTERNAL;
                    break;
                }
                inflating = 1;
            } else if (is_data && inflating) {
                z.next_in = data;
                z.avail_in = piece;
                // On while input is left, or while the last call filled the row: zlib may hold
                // output for the next row after its input is used up (a long match's rest).
                int more = 1;
                while (more && rows_done < height && status == RS_IMG_OK) {
                    z.next_out = row + filled;
                    z.avail_out = (uInt)(stride + 1 - filled);
                    int code = inflate(&z, Z_NO_FLUSH);
                    if (code == Z_MEM_ERROR) {
                        snprintf(message, message_size, "out of memory for inflate");
                        status = RS_IMG_INTERNAL;
                        break;
                    }
                    if (code != Z_OK && code != Z_STREAM_END && code != Z_BUF_ERROR) {
                        snprintf(message, message_size, "invalid png: IDAT: %s", z.msg ? z.msg : "inflate failed");
                        status = RS_IMG_CORRUPT;
                        break;
                    }
                    more = code == Z_OK && (z.avail_in > 0 || z.avail_out == 0);
                    filled = stride + 1 - z.avail_out;
                    if (filled == stride + 1) {
                        if (!unfilter(row[0], row + 1, prior, stride, bpp)) {
                            snprintf(message, message_size, "invalid png: IDAT: bad filter type %d", row[0]);
                            status = RS_IMG_CORRUPT;
                            break;
                        }
                        shows |= straighten(row + 1, width, bpp, rgba);
                        if (pixels) rs_img_reducer_take(&reduce, rgba, rows_done, height, image);
                        memcpy(prior, row + 1, stride);
                        filled = 0;
                        rows_done++;
                        if ((rows_done & 63) == 0 && rs_img_budget_passed(&time)) {
                            snprintf(message, message_size, "gave up: it took longer than its time budget (--timeout)");
                            status = RS_IMG_TIMEOUT;
                        }
                    }
                }
            }
        }
        if (status != RS_IMG_OK) break;
        uint8_t stored[4];
        if (!crc_checked && (status = read_exactly(&r, stored, 4)) != RS_IMG_OK) break;
        if (!crc_checked && rs_img_be32(stored) != (uint32_t)crc) {
            snprintf(message, message_size, "invalid png: %.4s: CRC error", (const char *)type);
            status = RS_IMG_CORRUPT;
            break;
        }
        if (memcmp(type, "IEND", 4) == 0) ended = 1;
        // Every 64th chunk: a flood of empty chunks is work too.
        if ((++chunks & 63) == 0 && rs_img_budget_passed(&time)) {
            snprintf(message, message_size, "gave up: it took longer than its time budget (--timeout)");
            status = RS_IMG_TIMEOUT;
        }
    }
    if (status == RS_IMG_OK && rows_done < height) {
        snprintf(message, message_size, "invalid png: IDAT: the image data ends early (after %u of %u rows)",
                 (unsigned)rows_done, (unsigned)height);
        status = RS_IMG_CORRUPT;
    }
    if (inflating) inflateEnd(&z);
    free(data);
    free(row);
    free(prior);
    free(rgba);
    free(reduce.sums);
    if (status == RS_IMG_OK) info->all_transparent = info->has_alpha && !shows;
    if (status == RS_IMG_OK && pixels) {
        pixels->rgba = image;
        pixels->width = out_width;
        pixels->height = out_height;
    } else {
        free(image);
    }
    return status;
}
