// Shared inside CReelShareAV only: the byte source every walker reads, and the container and
// codec-configuration readers that FFmpeg's API does not expose. Not part of the module's API
// (the public header is include/rs_av.h).
#ifndef RS_AV_INTERNAL_H
#define RS_AV_INTERNAL_H

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include "rs_av.h"

struct AVFormatContext;

// MARK: - Reading

typedef struct rs_deadline {
    int64_t at; // av_gettime_relative() microseconds; 0: none
} rs_deadline;

int rs_deadline_passed(const rs_deadline *d);

// A file (read with pread on the caller's descriptor) or a buffer in memory (fuzzing), seen the
// same way by the structure walkers and, through a custom AVIOContext, by FFmpeg.
typedef struct rs_source {
    int fd;              // a file, or -1
    const uint8_t *data; // or memory
    int64_t size;
    int64_t position;    // FFmpeg's read position
    int64_t bytes_read;  // by FFmpeg and the walkers, against the byte budget
    int64_t byte_budget;
    const rs_deadline *deadline;
} rs_source;

/// Reads exactly `length` bytes at `offset`; 0 when they are not all in the file.
int rs_read_at(const rs_source *src, int64_t offset, uint8_t *buffer, size_t length);

/// Starts the time budget (<= 0: none) and the byte budget of one file.
void rs_start_budget(rs_source *src, rs_deadline *budget, double timeout_seconds);
/// Opens the source with libavformat through a custom AVIOContext that reads only the source and
/// follows no references; returns FFmpeg's error code. rs_close_input frees both.
int rs_open_input(rs_source *src, const char *name, rs_deadline *budget, struct AVFormatContext **out);
void rs_close_input(struct AVFormatContext **fmt);
/// Writes `text` (and FFmpeg's words for `err`, unless 0) to `message`; returns `status`.
rs_av_status rs_fail(rs_av_status status, char *message, size_t size, const char *text, int err);
/// The display matrix of a stream as a clockwise rotation (0, 90, 180, 270) applied after a
/// horizontal flip (`mirrored`).
struct AVStream;
void rs_stream_orientation(const struct AVStream *st, int *rotation, int *mirrored);
/// The same as the EXIF orientation (1-8) that shows the stored picture as the matrix says.
int rs_stream_exif_orientation(const struct AVStream *st);

/// The streams every command describes and works on: the first video stream that is not cover
/// art, and the first audio stream (-1: none). Probe, preview, --decode and fix all use these, so
/// a plan made from the probe is carried out on the streams it was made for.
void rs_first_streams(const struct AVFormatContext *fmt, int *video, int *audio);
struct AVCodecContext;
/// Finds the best video stream of `fmt` (reading packets for formats that declare their streams
/// late, as FLV), opens its decoder with `threads` threads of `thread_type` (one thread for a
/// decoder with threads of its own, such as libdav1d, when `one_for_own_threads`), and has every
/// other stream discarded. On failure the message says "no video stream to `what`".
rs_av_status rs_open_video_decoder(struct AVFormatContext *fmt, int threads, int thread_type, int one_for_own_threads,
                                   int *index, struct AVCodecContext **decoder, const char *what, char *message,
                                   size_t message_size);
/// The log callback's hook for decoders run by rs_av_decode: 1 when the line was theirs.
int rs_av_decode_log(void *avcl, const char *format, va_list arguments);

static inline uint32_t rs_be16(const uint8_t *p) { return ((uint32_t)p[0] << 8) | p[1]; }
static inline uint32_t rs_be32(const uint8_t *p) {
    return ((uint32_t)p[0] << 24) | ((uint32_t)p[1] << 16) | ((uint32_t)p[2] << 8) | p[3];
}
static inline uint64_t rs_be64(const uint8_t *p) { return ((uint64_t)rs_be32(p) << 32) | rs_be32(p + 4); }

#define RS_FOURCC(a, b, c, d) \
    (((uint32_t)(a) << 24) | ((uint32_t)(b) << 16) | ((uint32_t)(c) << 8) | (uint32_t)(d))

// MARK: - ISO-BMFF (MP4, MOV, 3GP, M4A)

enum { RS_ISO_MAX_TRACKS = 16 };

typedef struct rs_iso_track {
    uint32_t id;             // tkhd track_ID
    uint32_t handler;        // hdlr handler_type: 'vide', 'soun'...
    uint32_t timescale;      // mdhd
    int64_t media_duration;  // mdhd, in timescale units
    // The edit list (elst), in the movie's timescale (durations) and the track's (media times).
    int edits;               // entries
    int empty_edits;         // entries with media_time -1 (a delay)
    int normal_edits;
    int64_t empty_duration;  // of the empty entries
    int64_t edit_media_time; // of the first normal entry
    int64_t edit_duration;   // of the first normal entry; 0 means "to the end"
    int32_t edit_rate;       // 16.16 fixed point, of the first normal entry
    int64_t first_cts;       // composition offset of the first sample (ctts), 0 without ctts
    // Movie fragments (moof/traf/trun), summed over the file.
    int64_t fragment_samples;
    int64_t fragment_bytes;
    int64_t fragment_end;    // largest tfdt + durations, in timescale units
    uint32_t trex_duration;  // mvex/trex defaults
    uint32_t trex_size;
} rs_iso_track;

typedef struct rs_iso_facts {
    uint32_t major_brand;
    int has_ftyp;
    int64_t moov_offset;     // -1 when absent
    int64_t mdat_offset;     // -1 when absent
    int past_eof;            // a top-level box claims bytes beyond the end of the file
    int boxes_seen;
    uint32_t movie_timescale; // mvhd
    int64_t movie_duration;   // mvhd, in the movie's timescale: the presentation's length; 0 unknown
    int fragments;            // moof boxes
    int incomplete;           // the walk stopped early (box budget, unreadable box)
    int track_count;
    rs_iso_track tracks[RS_ISO_MAX_TRACKS];
} rs_iso_facts;

void rs_iso_walk(const rs_source *src, rs_iso_facts *facts);
const char *rs_iso_container_name(const rs_iso_facts *facts);
const rs_iso_track *rs_iso_track_with_id(const rs_iso_facts *facts, uint32_t id);
/// "none", "trim", "delay", "rate" or "complex": what the track's edit list does to its
/// presentation; NULL when it has none.
const char *rs_iso_edit_effect(const rs_iso_facts *facts, const rs_iso_track *track);

// MARK: - Matroska / WebM

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

// MARK: - Codec configuration records and frame headers

typedef struct rs_video_layout {
    int chroma;      // 0 grey, 1 4:2:0, 2 4:2:2, 3 4:4:4; -1 unknown
    int bit_depth;   // -1 unknown
    int profile;     // FFmpeg profile number; -1 unknown
    int sar_num;     // sample aspect ratio from the bitstream; 0 unknown
    int sar_den;
    int scan;        // 1 progressive only, 0 may be interlaced, -1 unknown
} rs_video_layout;

void rs_parse_avc_config(const uint8_t *data, size_t size, rs_video_layout *out);
void rs_parse_hevc_config(const uint8_t *data, size_t size, rs_video_layout *out);
void rs_parse_av1_config(const uint8_t *data, size_t size, rs_video_layout *out);
void rs_parse_mpeg4_config(const uint8_t *data, size_t size, rs_video_layout *out);
void rs_parse_vp9_frame(const uint8_t *data, size_t size, rs_video_layout *out);
void rs_parse_vp8_frame(const uint8_t *data, size_t size, rs_video_layout *out);

#endif
