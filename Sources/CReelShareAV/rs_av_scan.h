// rs_av_scan: reading a file's packets, inside CReelShareAV only: what only the first frame
// header says (VP8/VP9 layout, H.264 field order), and, for a deep probe or a file whose container
// states no length, every packet (keyframes, frame-rate constancy, the first frame's decoding,
// each stream's end).
#ifndef RS_AV_SCAN_H
#define RS_AV_SCAN_H

#include "rs_av.h"
#include "rs_av_codec.h"

struct AVFormatContext;

typedef struct rs_scan_result {
    double video_end; // seconds from the first packet to the last packet's end; < 0 unknown
    double audio_end;
    int error;        // a read error other than the end of the file
} rs_scan_result;

/// Reads packets of the streams `video` and `audio`. The first video packet fills in what only the
/// frame header says; `deep` reads them all for keyframes, frame rate constancy, the first frame's
/// decoding and each stream's end; `lengths` reads them all for the ends alone.
rs_scan_result rs_scan_packets(struct AVFormatContext *fmt, int video, int audio, int deep, int lengths,
                               rs_av_info *info, rs_video_layout *layout);

#endif
