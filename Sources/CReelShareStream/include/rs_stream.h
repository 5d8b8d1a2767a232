// rs_stream: the payload's hot path in C. Streams a file's base64 to a file descriptor in bounded
// chunks while a second thread hashes it (SHA-256, OpenSSL's libcrypto), and writes output files
// atomically: a temporary file in the same directory, fsync, rename, with SIGINT/SIGTERM removing
// the temporary file so that an interrupt never leaves a partial output behind.
#ifndef RS_STREAM_H
#define RS_STREAM_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef enum rs_stream_status {
    RS_STREAM_OK = 0,
    RS_STREAM_INPUT = 1,  // the input cannot be read, or changed while being read
    RS_STREAM_OUTPUT = 2, // the output cannot be written
    RS_STREAM_CLOSED = 3, // the output is a pipe whose reader went away
    RS_STREAM_INTERNAL = 4,
} rs_stream_status;

typedef struct rs_stream_result {
    int64_t bytes;
    char sha256[65]; // lower-case hex, NUL-terminated
} rs_stream_result;

/// Reads the file at `path`; writes its base64 (no line breaks) to `out_fd` unless `out_fd` < 0;
/// always computes its size and SHA-256. Memory stays at a few chunk buffers whatever the size.
rs_stream_status rs_stream_base64(const char *_Nonnull path, int out_fd,
                                  rs_stream_result *_Nonnull result, char *_Nonnull message,
                                  size_t message_size);

/// Writes all of `length` bytes to `fd`, retrying short writes.
rs_stream_status rs_stream_write(int fd, const void *_Nonnull bytes, size_t length,
                                 char *_Nonnull message, size_t message_size);

/// Base64 of a buffer, for tests and small values: writes 4*ceil(n/3) characters and a NUL.
void rs_stream_base64_buffer(const uint8_t *_Nonnull input, size_t length, char *_Nonnull output);

/// Creates a temporary file beside `final_path` and registers it for removal on SIGINT, SIGTERM
/// and SIGHUP. Returns its descriptor (its path in `temp_path`), or -1 with `message` set.
int rs_atomic_begin(const char *_Nonnull final_path, char *_Nonnull temp_path, size_t temp_size,
                    char *_Nonnull message, size_t message_size);

/// fsync, rename over `final_path`, fsync the directory. On failure the temporary file is removed.
rs_stream_status rs_atomic_commit(int fd, const char *_Nonnull temp_path,
                                  const char *_Nonnull final_path, char *_Nonnull message,
                                  size_t message_size);

/// Closes and removes the temporary file.
void rs_atomic_abort(int fd, const char *_Nonnull temp_path);

#ifdef __cplusplus
}
#endif

#endif
