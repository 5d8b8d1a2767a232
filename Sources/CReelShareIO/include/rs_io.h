// rs_io: the I/O every C shim does, in one leaf (it includes none of them): whole reads and
// writes that retry interrupted and short transfers, and the check that a descriptor is a
// regular file. The loop that retries EINTR is written once, here.
#ifndef RS_IO_H
#define RS_IO_H

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Reads `length` bytes from `fd` at `offset` (pread), or at its file position when `offset` is
/// negative (read). Returns the count read, fewer than `length` only at the end of the file; -1
/// with errno set on a failure.
ssize_t rs_io_read(int fd, void *_Nonnull buffer, size_t length, int64_t offset);

/// Writes all `length` bytes to `fd` at `offset` (pwrite), or at its file position when `offset`
/// is negative (write). Returns 0, or the errno of the failure (EIO for a write that moves nothing).
int rs_io_write(int fd, const void *_Nonnull buffer, size_t length, int64_t offset);

/// Starts `argv[0]` (found on PATH) with `argv` and this process's environment, in `directory`,
/// in a process group of its own, no signal blocked, SIGPIPE at its default, standard input from /dev/null and its
/// output and errors on `out_fd` and `err_fd`. Returns 0 with `*pid` set, or the errno.
int rs_io_spawn(pid_t *_Nonnull pid, char *_Nullable const *_Nonnull argv, const char *_Nonnull directory,
                int out_fd, int err_fd);

/// The size of the regular file open on `fd`; -1 when fstat fails or it is not a regular file.
int64_t rs_io_regular_size(int fd);

/// Gives the memory the C library holds freed back to the system (glibc's malloc_trim; elsewhere
/// nothing: musl and Darwin return it themselves).
void rs_io_release_freed_memory(void);

#ifdef __cplusplus
}
#endif

#endif
