// rs_av_log: FFmpeg's set-up and its log, inside CReelShareAV only. FFmpeg says why it refuses a
// file only in its log: a probe collects the first error line said on its own thread, and the
// decoder (rs_av_decode.c) charges each line to the packet whose decoding said it, through a hook
// it registers, so that this file calls into none of its users.
#ifndef RS_AV_LOG_H
#define RS_AV_LOG_H

#include <stdarg.h>
#include <stddef.h>

/// Sees an error line before anything else; returns 1 when it was the hook's to keep.
typedef int (*rs_av_log_hook)(void *avcl, const char *format, va_list arguments);

/// Sets the hook that sees error lines first (the decoder's, set by each of its runs: always the
/// same function). Thread-safe.
void rs_av_log_set_hook(rs_av_log_hook hook);

/// Collects the first error line FFmpeg says on this thread from now on into `buffer` (lower case,
/// no trailing full stop); NULL stops collecting.
void rs_av_log_capture(char *buffer, size_t size);

#endif
