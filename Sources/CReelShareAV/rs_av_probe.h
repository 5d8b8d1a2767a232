// rs_av_probe.h: one probe under way, shared by rs_av.c (its steps) and rs_av_lengths.c (the
// lengths and priming the containers' indexes say, where FFmpeg's are missing or wrong).
#ifndef RS_AV_PROBE_H
#define RS_AV_PROBE_H

#include "rs_av.h"
#include "rs_av_claims.h"
#include "rs_av_ebml.h"
#include "rs_av_iso.h"
#include "rs_av_scan.h"
#include "rs_av_source.h"

#include <libavformat/avformat.h>

/// How much of an MPEG-TS's tail is read for its audio's end, at first and at most: enough for
/// the start of the last audio PES packet (FFmpeg's muxer spans up to 0.7 s in one) at 10 Mb/s.
enum { TS_TAIL_FIRST = 64 << 10, TS_TAIL_MOST = 1 << 20 };

/// One probe under way: the file, what FFmpeg opened, the container's own facts and the streams
/// chosen. Each step below reads and fills it.
typedef struct probe {
    rs_source *src;
    rs_deadline budget;
    AVFormatContext *fmt;
    rs_av_info *info;
    rs_iso_facts iso;       // ISO-BMFF only
    rs_mkv_facts mkv;       // Matroska only
    int video, audio;       // the streams chosen; -1 none
    rs_video_layout layout; // the video's, from its configuration record and first frame
    int rate_guessed;       // the frame rate is FFmpeg's guess from the time base (r_frame_rate)
    int ends_on_clock[2];   // the video's, the audio's length is where it ends on the file's clock
    char *message;
    size_t message_size;
} probe;

/// A Matroska file's lengths: its DURATION tags, else its tail.
void rs_av_matroska_lengths(probe *p);
/// A fragmented MP4's lengths and bit rates, from every fragment the walker read.
void rs_av_fragment_lengths(probe *p);
/// The audio's priming, from the demuxer's index of an ISO-BMFF track.
void rs_av_audio_priming(probe *p);
/// An MPEG-TS's streams' lengths, from its tail.
void rs_av_transport_stream_length(probe *p);

#endif
