// rs_zip: libzip behind a flat API (see rs_zip.h). Entries are read into the caller's buffer and
// nowhere else.
#include "rs_zip.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zip.h>

#include "rs_io.h"

struct rs_zip {
    zip_t *archive;
};

/// libzip's words for an error, lower case as reelshare's messages are.
static void describe(zip_error_t *_Nonnull error, const char *_Nonnull what, char *_Nonnull message, size_t size) {
    int code = zip_error_code_zip(error);
    const char *words;
    switch (code) {
    case ZIP_ER_NOZIP: words = "not a zip archive (no central directory at its end)"; break;
    case ZIP_ER_INCONS: words = "its central directory is inconsistent"; break;
    case ZIP_ER_EOF: words = "it is cut short"; break;
    case ZIP_ER_CRC: words = "its CRC does not match (damaged)"; break;
    case ZIP_ER_COMPNOTSUPP: words = "its compression method is not supported"; break;
    case ZIP_ER_ENCRNOTSUPP:
    case ZIP_ER_NOPASSWD: words = "it is encrypted"; break;
    case ZIP_ER_MEMORY: words = "out of memory"; break;
    default: words = zip_error_strerror(error); break;
    }
    snprintf(message, size, "%s%s%s", what, *what ? ": " : "", words);
    if (!*what && message[0]) message[0] = (char)tolower((unsigned char)message[0]);
}

static uint32_t le32(const unsigned char *p) { return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24; }
static uint64_t le64(const unsigned char *p) { return (uint64_t)le32(p) | (uint64_t)le32(p + 4) << 32; }

/// The most entries any end of central directory record in the file's tail states (or its ZIP64
/// form): libzip weighs every candidate it finds there, so each is held to the limit, not only the
/// last. -1 when there is none (libzip then says why). Reads at most the last 64 KiB and 22 bytes.
static int64_t declared_entries(int fd) {
    struct stat info;
    if (fstat(fd, &info) != 0 || info.st_size < 22) return -1;
    int64_t size = info.st_size, tail = size < 65557 ? size : 65557;
    unsigned char *buffer = malloc((size_t)tail);
    if (!buffer) return -1;
    int64_t most = -1;
    if (rs_io_read(fd, buffer, (size_t)tail, size - tail) == tail) {
        for (int64_t at = tail - 22; at >= 0; at--) {
            if (memcmp(buffer + at, "PK\005\006", 4) != 0) continue;
            int64_t count = buffer[at + 10] | buffer[at + 11] << 8;
            // ZIP64: its locator stands just before the record and points at the ZIP64 record.
            if (at >= 20 && memcmp(buffer + at - 20, "PK\006\007", 4) == 0) {
                unsigned char record[56];
                uint64_t offset = le64(buffer + at - 20 + 8);
                if (offset <= (uint64_t)size - 56 && rs_io_read(fd, record, 56, (int64_t)offset) == 56 &&
                    memcmp(record, "PK\006\006", 4) == 0) {
                    uint64_t total = le64(record + 32);
                    int64_t big = total > INT64_MAX ? INT64_MAX : (int64_t)total;
                    if (big > count) count = big;
                }
            }
            if (count > most) most = count;
        }
    }
    free(buffer);
    return most;
}

rs_zip *rs_zip_open(int fd, int64_t max_entries, char *message, size_t message_size) {
    int64_t declared = declared_entries(fd);
    if (declared > max_entries) {
        snprintf(message, message_size, "it claims %lld entries, more than the %lld an app may have", (long long)declared,
                 (long long)max_entries);
        return NULL;
    }
    int code = 0;
    zip_t *archive = zip_fdopen(fd, 0, &code);
    if (!archive) {
        zip_error_t error;
        zip_error_init_with_code(&error, code);
        describe(&error, "", message, message_size);
        zip_error_fini(&error);
        return NULL;
    }
    rs_zip *zip = calloc(1, sizeof *zip);
    if (!zip) {
        zip_discard(archive);  // closes fd: it was taken over
        snprintf(message, message_size, "out of memory");
        return NULL;
    }
    zip->archive = archive;
    return zip;
}

int64_t rs_zip_count(const rs_zip *zip) { return zip_get_num_entries(zip->archive, 0); }

int rs_zip_describe(rs_zip *zip, int64_t index, rs_zip_entry *entry, char *message, size_t message_size) {
    zip_stat_t stat;
    zip_stat_init(&stat);
    if (index < 0 || zip_stat_index(zip->archive, (zip_uint64_t)index, ZIP_FL_ENC_GUESS, &stat) != 0) {
        describe(zip_get_error(zip->archive), "entry", message, message_size);
        return -1;
    }
    entry->name = (stat.valid & ZIP_STAT_NAME) ? stat.name : NULL;
    entry->size = (stat.valid & ZIP_STAT_SIZE) ? stat.size : 0;
    entry->compressed_size = (stat.valid & ZIP_STAT_COMP_SIZE) ? stat.comp_size : 0;
    return 0;
}

int rs_zip_read(rs_zip *zip, int64_t index, void *buffer, size_t capacity, char *message, size_t message_size) {
    zip_file_t *file = index < 0 ? NULL : zip_fopen_index(zip->archive, (zip_uint64_t)index, 0);
    if (!file) {
        describe(zip_get_error(zip->archive), "", message, message_size);
        return -1;
    }
    size_t done = 0;
    int status = 0;
    while (done < capacity) {
        zip_int64_t n = zip_fread(file, (char *)buffer + done, capacity - done);
        if (n < 0) {
            describe(zip_file_get_error(file), "", message, message_size);
            status = -1;
            break;
        }
        if (n == 0) {
            snprintf(message, message_size, "it inflates to %zu bytes, fewer than the %zu it declares", done, capacity);
            status = -1;
            break;
        }
        done += (size_t)n;
    }
    if (status == 0) {
        // One byte more must not exist: data past the declared size is refused, not read.
        char extra;
        zip_int64_t n = zip_fread(file, &extra, 1);
        if (n > 0) {
            snprintf(message, message_size, "it inflates past the %zu bytes it declares", capacity);
            status = -1;
        } else if (n < 0) {
            describe(zip_file_get_error(file), "", message, message_size);
            status = -1;
        }
    }
    zip_fclose(file);
    return status;
}

void rs_zip_close(rs_zip *zip) {
    if (!zip) return;
    zip_discard(zip->archive);
    free(zip);
}
