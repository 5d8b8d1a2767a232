// rs_io.c: see include/rs_io.h.
#ifdef __linux__
#define _GNU_SOURCE // posix_spawn_file_actions_addchdir_np
#endif
#include "rs_io.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <sys/stat.h>
#include <unistd.h>
#ifdef __GLIBC__ // defined by the headers above
#include <malloc.h>
#endif

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

extern char **environ;

int rs_io_spawn(pid_t *pid, char *const *argv, const char *directory, int out_fd, int err_fd) {
    posix_spawn_file_actions_t actions;
    posix_spawnattr_t attributes;
    int code = posix_spawn_file_actions_init(&actions);
    if (code != 0) return code;
    code = posix_spawnattr_init(&attributes);
    if (code != 0) {
        posix_spawn_file_actions_destroy(&actions);
        return code;
    }
    sigset_t none;
    sigemptyset(&none);
    if (!code) code = posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0);
    if (!code) code = posix_spawn_file_actions_adddup2(&actions, out_fd, 1);
    if (!code) code = posix_spawn_file_actions_adddup2(&actions, err_fd, 2);
    if (!code) code = posix_spawn_file_actions_addchdir_np(&actions, directory);
    // reelshare ignores SIGPIPE (a closed output is an error from write()); the program gets the
    // default, as a shell would give it.
    sigset_t defaults;
    sigemptyset(&defaults);
    sigaddset(&defaults, SIGPIPE);
    if (!code) code = posix_spawnattr_setsigdefault(&attributes, &defaults);
    if (!code)
        code = posix_spawnattr_setflags(&attributes, POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF);
    if (!code) code = posix_spawnattr_setpgroup(&attributes, 0);
    if (!code) code = posix_spawnattr_setsigmask(&attributes, &none);
    if (!code) code = posix_spawnp(pid, argv[0], &actions, &attributes, argv, environ);
    posix_spawn_file_actions_destroy(&actions);
    posix_spawnattr_destroy(&attributes);
    return code;
}

void rs_io_release_freed_memory(void) {
#ifdef __GLIBC__
    malloc_trim(0);
#endif
}
