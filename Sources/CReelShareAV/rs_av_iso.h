// rs_av_iso: the ISO-BMFF (MP4, MOV, 3GP, M4A) facts FFmpeg does not expose, inside CReelShareAV
// only (rs_av_iso.c).
#ifndef RS_AV_ISO_H
#define RS_AV_ISO_H

#include "rs_av_source.h"

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
    int64_t trailing_offset; // where bytes that are no box start after the index (a phone's
                             // trailer, junk); -1 when every byte is in a box
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
/// What the track's edit list does to its presentation.
rs_av_edit_effect rs_iso_edit_effect(const rs_iso_facts *facts, const rs_iso_track *track);

#endif
