// What the tests need from the C library that Swift's Glibc module does not show.
#ifndef RS_TEST_SUPPORT_H
#define RS_TEST_SUPPORT_H

#include <sys/types.h>

/// Gives the calling thread a working directory of its own, `path`, that the threads it starts
/// share (Linux: unshare(CLONE_FS), then chdir). Returns 0, or -1 with errno set (ENOSYS where a
/// thread cannot have one: the caller then changes the process's, one run at a time).
int rs_test_thread_chdir(const char *_Nonnull path);

/// Waits for process `pid` (a child or not) to end, or `milliseconds` to pass, whichever is
/// first: on the event itself (a pidfd made readable by the exit), not by sleeping. Returns 1 when
/// it has ended (or is gone), 0 when the time passed first, -1 with errno set where it cannot wait.
int rs_test_wait_exit(pid_t pid, int milliseconds);

#endif
