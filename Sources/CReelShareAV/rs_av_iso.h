// rs_av_iso: the ISO-BMFF (MP4, MOV, 3GP, M4A) facts FFmpeg does not expose, inside CReelShareAV
// only (rs_av_iso.c).
#ifndef RS_AV_ISO_H
#define RS_AV_ISO_H

#include "rs_av_source.h"

/// More tracks than FFmpeg's streams a probe reads (100): the probe refuses such a file, and the
/// walker never drops a track it then reports facts without.
enum { RS_ISO_MAX_TRACKS = 128 };

/// Why a walk stopped before the end of the file.
typedef enum rs_iso_stop {
    RS_ISO_WHOLE = 0,      // every box read
    RS_ISO_STOP_BOXES,     // more boxes than RS_ISO_MAX_BOXES
    RS_ISO_STOP_DEADLINE,  // the time budget ran out
    RS_ISO_STOP_UNREADABLE // a box header could not be read
} rs_iso_stop;

typedef struct rs_iso_track {
    uint32_t id;             // tkhd track_ID
    uint32_t handler;        // hdlr handler_type: 'vide', 'soun'...
    uint32_t timescale;      // mdhd
    int64_t media_duration;  // mdhd, in timescale units
    // The edit list (elst), in the movie's timescale (durations) and the track's (media times).
    int64_t edits;           // entries (every one the box holds, read in pieces)
    int64_t empty_edits;     // entries with media_time -1 (a delay)
    int64_t normal_edits;
    int64_t empty_duration;  // of the empty entries
    int64_t edit_media_time; // of the first normal entry
    int64_t edit_duration;   // of the first normal entry; 0 means "to the end"
    int32_t edit_rate;       // 16.16 fixed point, of the first normal entry
    int64_t first_cts;       // composition offset of the first sample (ctts), 0 without ctts
    int64_t samples;         // stsz sample_count
    // Movie fragments (moof/traf/trun), summed over the file.
    int64_t fragment_samples;
    int64_t fragment_bytes;
    int64_t fragment_end;    // largest tfdt + durations, in timescale units
    uint32_t trex_duration;  // mvex/trex defaults
    uint32_t trex_size;
} rs_iso_track;

typedef struct rs_iso_facts {
    int walked;               // set by rs_iso_walk
    uint32_t major_brand;
    int has_ftyp;
    int64_t moov_offset;     // -1 when absent
    int64_t mdat_offset;     // -1 when absent
    int past_eof;            // a top-level box claims bytes beyond the end of the file
    int64_t trailing_offset; // where bytes that are no box start after the index (a phone's
                             // trailer, junk); -1 when every byte is in a box
    int boxes_seen;
    uint32_t movie_timescale; // mvhd
    int64_t movie_duration;   // mvhd, in the movie's timescale: the presentation's length; 0 unknown
    int fragments;            // moof boxes
    rs_iso_stop stopped;      // why the walk stopped early, if it did
    int64_t sidx_count;       // segment index boxes (sidx)
    int64_t sidx_backwards;   // of them, those whose first reference lies before one already indexed
    int64_t sidx_furthest;    // the furthest first reference so far
    // What the file claims that its bytes cannot back (a sample table larger than the file, more
    // tracks than are read), in words; empty when it claims nothing of the kind.
    char claim[200];
    int track_count;
    rs_iso_track tracks[RS_ISO_MAX_TRACKS];
} rs_iso_facts;

/// Whether the file starts with a box of a type ISO-BMFF puts first (ftyp, moov, mdat, free...).
int rs_iso_looks_like(const rs_source *src);
/// Walks the file's boxes, within the source's deadline.
void rs_iso_walk(const rs_source *src, rs_iso_facts *facts);
/// The most boxes a walk reads (each at least 8 bytes): past it the walk stops (RS_ISO_STOP_BOXES).
enum { RS_ISO_MAX_BOXES = 10 * 1000 * 1000 };
const char *rs_iso_container_name(const rs_iso_facts *facts);
const rs_iso_track *rs_iso_track_with_id(const rs_iso_facts *facts, uint32_t id);
/// What the track's edit list does to its presentation.
rs_av_edit_effect rs_iso_edit_effect(const rs_iso_facts *facts, const rs_iso_track *track);

#endif
