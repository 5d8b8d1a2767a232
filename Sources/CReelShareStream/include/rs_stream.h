// rs_stream: the payload's hot path in C, and the one signal handler reelshare installs.
//
// rs_stream_base64 streams a file's base64 to a descriptor in bounded chunks while a second thread
// computes the SHA-256 (OpenSSL's libcrypto) of the very chunks the encoder reads, so the digest
// always matches the data written, even if the file is edited meanwhile.
//
// rs_unnamed_* write an output as a file with no name (Linux's O_TMPFILE) that gets its name only
// when it is whole, so a process killed outright (SIGKILL, a crash, the power) leaves nothing.
//
// rs_cleanup_* keep the names of the temporary output files (up to 1,024 at once: `fix` writes
// every part of a split before any is moved into place, and works on several files) that a SIGINT, SIGTERM or SIGHUP must remove before the process
// dies of the signal: the handler is async-signal-safe C. The Swift
// POSIX layer (ReelShareMedia/Posix.swift) decides when to install and register.
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

/// Installs the handler for SIGINT, SIGTERM and SIGHUP that removes the registered file and then
/// dies of the signal (so the shell reports 128 + its number). Idempotent.
void rs_cleanup_install(void);

/// A file to remove if a signal ends the process. Returns a handle for rs_cleanup_clear; 0 when
/// the path is too long, -1 when 1,024 are registered already.
int rs_cleanup_register(const char *_Nonnull path);

/// The file of `handle` is no longer to be removed.
void rs_cleanup_clear(int handle);

/// Opens a new file with no name in `directory`, for reading and writing (mode 0666 less the
/// umask); -errno when this system or file system cannot (then a named temporary file is used).
int rs_unnamed_open(const char *_Nonnull directory);

/// Gives the unnamed file open on `fd` the name `path`; 0, or the errno (EEXIST: the name is taken).
int rs_unnamed_link(int fd, const char *_Nonnull path);

#ifdef __cplusplus
}
#endif

#endif
