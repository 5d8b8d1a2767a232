// rs_fix_output: the fixed file written to a descriptor through custom I/O, inside CReelShareAV
// only. The MP4 muxer reopens its output to move the index to the front: every context it opens
// is on the same descriptor, which it reads back.
#ifndef RS_FIX_OUTPUT_H
#define RS_FIX_OUTPUT_H

#include <libavformat/avformat.h>

/// The output descriptor, shared by every context the muxer opens on it, and the first error
/// writing or reading it back (errno), so that a failure is told apart from the input's.
typedef struct rs_fix_output {
    int fd;
    int error;
} rs_fix_output;

/// Makes `out` write to `target` (a regular file open for reading and writing); returns the I/O
/// context, which rs_fix_output_free frees after `out` is freed; NULL when out of memory.
AVIOContext *rs_fix_output_attach(AVFormatContext *out, rs_fix_output *target);
void rs_fix_output_free(AVIOContext **io);

#endif
