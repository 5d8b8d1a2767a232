// rs_stream: the payload's hot path in C.
//
// rs_stream_base64 streams a file's base64 to a descriptor in bounded chunks while a second thread
// computes the SHA-256 (rs_sha256) of the very chunks the encoder reads, so the digest
// always matches the data written, even if the file is edited meanwhile.
#ifndef RS_STREAM_H
#define RS_STREAM_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef enum rs_stream_status {
    RS_STREAM_OK = 0,
    RS_STREAM_INPUT = 1,  // the input cannot be read
    RS_STREAM_OUTPUT = 2, // the output cannot be written
    RS_STREAM_CLOSED = 3, // the output is a pipe whose reader went away
    RS_STREAM_INTERNAL = 4,
} rs_stream_status;

typedef struct rs_stream_result {
    int64_t bytes;
    char sha256[65]; // lower-case hex, NUL-terminated
} rs_stream_result;

/// Reads the file open on `in_fd` from its current position to its end; writes its base64 (no
/// line breaks) to `out_fd` unless `out_fd` < 0; always computes the size and SHA-256 of the bytes
/// read. Memory stays at a few chunk buffers whatever the size. On failure `message` holds the
/// reason (strerror text, lower case).
rs_stream_status rs_stream_base64(int in_fd, int out_fd, rs_stream_result *_Nonnull result,
                                  char *_Nonnull message, size_t message_size);

/// Base64 of a buffer, for tests and small values: writes 4*ceil(n/3) characters and a NUL.
void rs_stream_base64_buffer(const uint8_t *_Nonnull input, size_t length, char *_Nonnull output);

#ifdef __cplusplus
}
#endif

#endif
