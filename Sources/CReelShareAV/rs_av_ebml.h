// rs_av_ebml: the Matroska and WebM facts FFmpeg does not expose, inside CReelShareAV only
// (rs_av_ebml.c).
#ifndef RS_AV_EBML_H
#define RS_AV_EBML_H

#include "rs_av_source.h"

enum { RS_MKV_MAX_TRACKS = 16 };

typedef struct rs_mkv_track {
    uint64_t number;
    int type;                 // 1 video, 2 audio
    uint64_t default_duration; // nanoseconds, 0 unknown
    int64_t end;              // largest block end seen in the tail, in timecode units; -1 none
    int64_t last_start;       // the latest block start in the tail, and the one before it (the
    int64_t previous_start;   // step between them is the last frame's duration when none is given)
} rs_mkv_track;

typedef struct rs_mkv_facts {
    int is_webm;
    int past_eof;             // the Segment declares more bytes than the file holds
    int segment_size_known;   // a file written to a pipe leaves it unknown
    int truncated_block;      // the last block of the file is cut short
    uint64_t timecode_scale;  // nanoseconds per timecode unit (default 1,000,000)
    double duration;          // Info/Duration in timecode units; < 0 when absent
    int muxed_by_lavf;        // Info/MuxingApp is FFmpeg's ("Lavf…"), whose DURATION tags are end times
    int track_count;
    rs_mkv_track tracks[RS_MKV_MAX_TRACKS];
    int tail_read;            // the last Cluster was found and read
} rs_mkv_facts;

void rs_mkv_read_header(const rs_source *src, rs_mkv_facts *facts);
/// Whether the tail must be read: the file states no Duration, or no Segment size (written to a
/// pipe, so only its end tells whether it was cut short).
int rs_mkv_needs_tail(const rs_mkv_facts *facts);
/// Reads the end of the file: the last Cluster's Timecode and its blocks' timecodes and durations,
/// in one forward pass over a window of at most 16 MB, within the source's deadline.
void rs_mkv_read_tail(const rs_source *src, rs_mkv_facts *facts);
/// The end of the first track of `type` (1 video, 2 audio) in seconds, from the tail; -1 unknown.
double rs_mkv_first_track_end_seconds(const rs_mkv_facts *facts, int type);

enum {
    /// SimpleTags past which a file is refused: FFmpeg looks each tag's name up by a linear search
    /// before it adds it (80,000 took 42 s); files carry some dozens.
    RS_MKV_MAX_SIMPLE_TAGS = 4096,
    /// Cue points out of time order past which a file is refused: FFmpeg moves its whole index for
    /// each (muxers write them in order).
    RS_MKV_MAX_BACKWARD_CUES = 1000,
};

/// The top-level elements both readers (rs_av_ebml.c, rs_av_ebml_claims.c) look for.
enum { RS_EBML_ID_EBML = 0x1A45DFA3, RS_EBML_ID_SEGMENT = 0x18538067, RS_EBML_ID_CLUSTER = 0x1F43B675 };

/// A big-endian unsigned integer element's value (at most its first 8 bytes).
uint64_t rs_ebml_unsigned(const uint8_t *p, uint64_t size);

/// An EBML data size whose bits are all ones: the size is unknown (a live stream's Segment).
#define RS_EBML_UNKNOWN_SIZE UINT64_MAX

/// An EBML variable-length integer at p[0..available): its value (the length marker kept for IDs,
/// removed for sizes, RS_EBML_UNKNOWN_SIZE for all ones) and length. 0 when it does not fit or is
/// invalid.
int rs_ebml_vint(const uint8_t *p, size_t available, int is_id, uint64_t *value, int *length);

/// What a Matroska file claims that FFmpeg would work for out of proportion to its bytes: its
/// SimpleTags and its cue points out of order, in the Tags and Cues elements before the first
/// Cluster and those its SeekHeads list, counted by walking their headers. 1 (with `message`) for
/// a file to refuse, -1 when the source's deadline passed, 0 otherwise.
int rs_mkv_claims(const rs_source *src, char *message, size_t message_size);

#endif
