// rs_zip: a zip archive (an .apk, .aab or .ipa) read through libzip, entries into memory only.
// Nothing is ever extracted to disk, so an entry's name is data, never a path: `../x` or `/etc/x`
// reach no file. Each read is bounded by the caller's capacity, which the caller takes from the
// entry's declared size after holding that to its own limit: an entry that inflates past what it
// declares (a zip bomb's trick) is an error at the first byte past it, not a large allocation.
#ifndef RS_ZIP_H
#define RS_ZIP_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct rs_zip rs_zip;

/// One entry as the central directory describes it.
typedef struct rs_zip_entry {
    /// Its name, UTF-8 (libzip converts CP437 names), NUL-terminated; owned by the archive and
    /// valid until rs_zip_close.
    const char *_Nullable name;
    /// Its size once inflated, as declared.
    uint64_t size;
    /// Its size in the archive, as declared.
    uint64_t compressed_size;
} rs_zip_entry;

/// Opens the archive on `fd`, which it takes over on success (closed by rs_zip_close) and leaves
/// open on failure. NULL on failure, with the reason in `message` (lower case: "not a zip
/// archive", "the archive is cut short"...). An archive any of whose end records (every candidate
/// in its last 64 KiB, as libzip weighs them) claims more than `max_entries` entries is refused
/// before libzip reads its central directory (whose index it keeps in memory, some hundreds of
/// bytes an entry).
rs_zip *_Nullable rs_zip_open(int fd, int64_t max_entries, char *_Nonnull message, size_t message_size);

/// The number of entries the central directory lists.
int64_t rs_zip_count(const rs_zip *_Nonnull zip);

/// Entry `index` (0 ≤ index < rs_zip_count); 0, or -1 with `message` set.
int rs_zip_describe(rs_zip *_Nonnull zip, int64_t index, rs_zip_entry *_Nonnull entry, char *_Nonnull message,
                    size_t message_size);

/// Inflates entry `index` into `buffer`: its whole content, which must be exactly `capacity`
/// bytes (its declared size). Returns 0; -1 when it cannot be read (a bad CRC, a cut archive, an
/// unknown compression method, data that inflates to more or less than declared), with `message`.
int rs_zip_read(rs_zip *_Nonnull zip, int64_t index, void *_Nullable buffer, size_t capacity, char *_Nonnull message,
                size_t message_size);

void rs_zip_close(rs_zip *_Nullable zip);

#ifdef __cplusplus
}
#endif

#endif
