#define _GNU_SOURCE
#include "rs_test_support.h"

#include <errno.h>
#include <poll.h>
#include <unistd.h>
#if defined(__linux__)
#include <sched.h>
#include <sys/syscall.h>
#endif

int rs_test_thread_chdir(const char *path) {
#if defined(__linux__)
    if (unshare(CLONE_FS) != 0) return -1;
    return chdir(path);
#else
    (void)path;
    errno = ENOSYS;
    return -1;
#endif
}

int rs_test_wait_exit(pid_t pid, int milliseconds) {
#if defined(__linux__) && defined(SYS_pidfd_open)
    int fd = (int)syscall(SYS_pidfd_open, pid, 0);
    if (fd < 0) return errno == ESRCH ? 1 : -1;
    struct pollfd watched = {.fd = fd, .events = POLLIN};
    int ready;
    do {
        ready = poll(&watched, 1, milliseconds);
    } while (ready < 0 && errno == EINTR);
    int saved = errno;
    close(fd);
    errno = saved;
    return ready < 0 ? -1 : ready > 0;
#else
    (void)pid;
    (void)milliseconds;
    errno = ENOSYS;
    return -1;
#endif
}
