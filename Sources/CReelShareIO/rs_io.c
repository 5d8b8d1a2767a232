// rs_io.c: see include/rs_io.h.
#include "rs_io.h"

#include <errno.h>
#include <sys/stat.h>
#include <unistd.h>

/// The one loop: moves `length` bytes, retrying interrupted and short transfers. Returns the count
/// moved (short only where a read meets the end of the file), or -1 with errno set.
static ssize_t transfer(int writing, int fd, void *buffer, size_t length, int64_t offset) {
    size_t done = 0;
    while (done < length) {
        char *at = (char *)buffer + done;
        size_t left = length - done;
        ssize_t n = writing ? (offset < 0 ? write(fd, at, left) : pwrite(fd, at, left, (off_t)(offset + (int64_t)done)))
                            : (offset < 0 ? read(fd, at, left) : pread(fd, at, left, (off_t)(offset + (int64_t)done)));
        if (n < 0 && errno == EINTR) continue;
        if (n < 0) return -1;
        if (n == 0) {
            if (!writing) break; // the end of the file
            errno = EIO;         // a write that moves nothing would loop for ever
            return -1;
        }
        done += (size_t)n;
    }
    return (ssize_t)done;
}

ssize_t rs_io_read(int fd, void *buffer, size_t length, int64_t offset) { return transfer(0, fd, buffer, length, offset); }

int rs_io_write(int fd, const void *buffer, size_t length, int64_t offset) {
    return transfer(1, fd, (void *)buffer, length, offset) < 0 ? errno : 0;
}

int64_t rs_io_regular_size(int fd) {
    struct stat sb;
    if (fstat(fd, &sb) != 0 || !S_ISREG(sb.st_mode)) return -1;
    return (int64_t)sb.st_size;
}
