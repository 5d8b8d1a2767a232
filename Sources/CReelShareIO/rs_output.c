// rs_output.c: see rs_output.h.
#ifdef __linux__
#define _GNU_SOURCE // O_TMPFILE
#endif
#include "rs_output.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

// MARK: - Removing the temporary output on an interrupt

// Up to 1,024 names, each in its own slot whose state is a lock-free atomic (safe to read in a
// signal handler): a slot's name is written while it is FILLING and read only when READY.
enum { CLEANUP_SLOTS = 1024, CLEANUP_FREE = 0, CLEANUP_FILLING = 1, CLEANUP_READY = 2 };
static char cleanup_paths[CLEANUP_SLOTS][4096];
static atomic_int cleanup_state[CLEANUP_SLOTS];
static pthread_once_t cleanup_once = PTHREAD_ONCE_INIT;

static void remove_pending_and_die(int signal_number) {
    for (int i = 0; i < CLEANUP_SLOTS; i++)
        if (atomic_load(&cleanup_state[i]) == CLEANUP_READY) unlink(cleanup_paths[i]); // async-signal-safe
    struct sigaction fallback;
    memset(&fallback, 0, sizeof fallback);
    fallback.sa_handler = SIG_DFL;
    sigaction(signal_number, &fallback, NULL);
    raise(signal_number); // die of the signal: the shell reports 128 + its number
}

static void install_handlers(void) {
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = remove_pending_and_die;
    sigemptyset(&action.sa_mask);
    sigaction(SIGINT, &action, NULL);
    sigaction(SIGTERM, &action, NULL);
    sigaction(SIGHUP, &action, NULL);
}

void rs_cleanup_install(void) { pthread_once(&cleanup_once, install_handlers); }

int rs_cleanup_register(const char *path) {
    size_t length = strlen(path);
    if (length >= sizeof cleanup_paths[0]) return 0;
    for (int i = 0; i < CLEANUP_SLOTS; i++) {
        int expected = CLEANUP_FREE;
        if (!atomic_compare_exchange_strong(&cleanup_state[i], &expected, CLEANUP_FILLING)) continue;
        memcpy(cleanup_paths[i], path, length + 1);
        atomic_store(&cleanup_state[i], CLEANUP_READY); // the handler sees the whole name or none
        return i + 1;
    }
    return -1;
}

void rs_cleanup_clear(int handle) {
    if (handle >= 1 && handle <= CLEANUP_SLOTS) atomic_store(&cleanup_state[handle - 1], CLEANUP_FREE);
}

// MARK: - Unnamed output files

int rs_unnamed_open(const char *directory) {
#if defined(__linux__) && defined(O_TMPFILE)
    // No retry on EINTR: creating a file on a local file system does not wait on a device; where
    // a network file system is interrupted, the caller falls back to a named temporary file.
    int fd = open(directory, O_TMPFILE | O_RDWR | O_CLOEXEC, 0666);
    return fd >= 0 ? fd : -errno;
#else
    (void)directory;
    return -EOPNOTSUPP;
#endif
}

int rs_unnamed_link(int fd, const char *path) {
#if defined(__linux__)
    char self[64];
    snprintf(self, sizeof self, "/proc/self/fd/%d", fd);
    // AT_SYMLINK_FOLLOW: the link named by /proc is followed to the open file; the new name is
    // never followed (linkat does not write through a link planted at `path`: EEXIST).
    return linkat(AT_FDCWD, self, AT_FDCWD, path, AT_SYMLINK_FOLLOW) == 0 ? 0 : errno;
#else
    (void)fd;
    (void)path;
    return EOPNOTSUPP;
#endif
}
