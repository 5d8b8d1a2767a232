// rs_av_scan: reading a file's packets, inside CReelShareAV only: what only the first frame
// header says (VP8/VP9 layout, H.264 field order), and, for a deep probe or a file whose container
// states no length, every packet (keyframes, frame-rate constancy, the first frame's decoding,
// each stream's end).
#ifndef RS_AV_SCAN_H
#define RS_AV_SCAN_H

#include "rs_av.h"

#include <libavcodec/codec_id.h>
#include "rs_av_codec.h"

struct AVFormatContext;

enum { RS_SCAN_VIDEO_START = 1, RS_SCAN_AUDIO_START = 2, RS_SCAN_START_PACKETS = 64, RS_SCAN_MAX_COUNTED = 120000 };

/// What a scan is for, beyond the first video packet's header.
typedef struct rs_scan_needs {
    int deep;        // every packet: keyframes, frame-rate constancy, the first frame's decoding, the ends
    int lengths;     // every packet, for each stream's end
    int rate;        // how many of the first video packets' timestamps give the frame rate (0: none)
    int audio_layer; // the first audio packet's MPEG audio header (layer I, II or III)
    int starts;      // RS_SCAN_VIDEO_START | RS_SCAN_AUDIO_START: those streams' first packet's time,
                     // if one comes within the first RS_SCAN_START_PACKETS packets
    int average;     // every video packet, for the average rate (frames over the span they cover)
} rs_scan_needs;

typedef struct rs_scan_result {
    double video_end;   // seconds from the first packet to the last packet's end; < 0 unknown
    double audio_end;
    int error;          // a read error other than the end of the file
    double frame_rate;  // needs.rate: from the first packets' timestamps, snapped to a standard rate; < 0 unknown
    enum AVCodecID audio_codec; // needs.audio_layer: MP1, MP2 or MP3 from the frame header; NONE unknown
    int audio_channels;         // needs.audio_layer: 1 or 2 from the frame header's channel mode; -1 unknown
    double video_start, audio_start; // needs.starts: the first packet's time, in seconds; NAN unknown
    double average_rate; // needs.average: frames over the span from the first to the last one's end; < 0 not counted
} rs_scan_result;

/// Reads packets of the streams `video` and `audio`: the first video packet fills in what only
/// the frame header says, and `needs` says what more.
rs_scan_result rs_scan_packets(struct AVFormatContext *fmt, int video, int audio, rs_scan_needs needs, rs_av_info *info,
                               rs_video_layout *layout);

/// The most streams a file may have for rs_scan_tail_ends (the probe refuses more).
enum { RS_SCAN_MAX_STREAMS = 100 };

/// The ends (seconds, on the file's clock, which may be negative) of the last packets of the
/// streams `index[0]` and `index[1]` (-1: none asked), from the file's last `first` bytes, or
/// twice, four times… as many up to `most` until each has a packet with a time, the other streams
/// skipped: NAN where none has, and -INFINITY where the read covered the whole file and the stream
/// has not one packet in it (a file cut before its audio's first PES packet: FFmpeg still
/// estimates a length for it). An MPEG-TS's streams end there: FFmpeg's estimate of an audio's
/// length falls short (it times the last PES packet as one frame, not the frames in it: up to a
/// fifth of a second), and its estimate of a video's differs between releases (5.1 and 7.1: a
/// frame and a half or two for the same two packets). Leaves the file at its end, for the caller
/// to seek.
void rs_scan_tail_ends(struct AVFormatContext *fmt, const int index[2], int64_t file_size, int64_t first,
                       int64_t most, double end[2]);

#endif
