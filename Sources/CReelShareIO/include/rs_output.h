// rs_output: what every output file needs from the system, in C.
//
// rs_unnamed_* write an output as a file with no name (Linux's O_TMPFILE) that gets its name only
// when it is whole, so a process killed outright (SIGKILL, a crash, the power) leaves nothing.
//
// rs_cleanup_* keep the names of the temporary output files (up to 1,024 at once: `fix` writes
// every part of a split before any is moved into place, and works on several files) that a
// SIGINT, SIGTERM or SIGHUP must remove before the process dies of the signal: the handler is
// async-signal-safe C, the one signal handler reelshare installs. The Swift POSIX layer
// (ReelShareMedia's AtomicFile and Spool) decides when to install and register.
#ifndef RS_OUTPUT_H
#define RS_OUTPUT_H

#ifdef __cplusplus
extern "C" {
#endif

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
