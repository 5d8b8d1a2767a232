// rs_av_iso_facts.c: what the facts of rs_iso_walk mean: the container's name by its major brand,
// and what a track's edit list does to its presentation (see rs_av_iso.h).
#include "rs_av_iso.h"

const char *rs_iso_container_name(const rs_iso_facts *facts) {
    if (!facts->has_ftyp) return "mov"; // QuickTime files from before ftyp existed
    uint32_t brand = facts->major_brand;
    if (brand == RS_FOURCC('q', 't', ' ', ' ')) return "mov";
    if (brand == RS_FOURCC('M', '4', 'A', ' ') || brand == RS_FOURCC('M', '4', 'B', ' ')) return "m4a";
    if ((brand >> 8) == (RS_FOURCC('3', 'g', 'p', 0) >> 8)) return "3gp";
    if ((brand >> 8) == (RS_FOURCC('3', 'g', '2', 0) >> 8)) return "3g2";
    if (brand == RS_FOURCC('m', 'j', 'p', '2')) return "mj2";
    return "mp4";
}

rs_av_edit_effect rs_iso_edit_effect(const rs_iso_facts *facts, const rs_iso_track *t) {
    if (!t || t->edits == 0) return RS_AV_EDIT_ABSENT;
    if (t->normal_edits > 1 || (t->empty_edits > 0 && t->normal_edits == 0)) return RS_AV_EDIT_COMPLEX;
    if (t->edit_rate != 0x10000) return RS_AV_EDIT_RATE;
    if (t->timescale == 0) return RS_AV_EDIT_COMPLEX;
    // Muxers start the presentation where the first frame is shown (its composition offset, the
    // B-frame delay): an edit that starts there, and runs to the media's end, cuts nothing. Half
    // a frame at 24 fps of slack covers rounding between the two timescales.
    double tolerance = 0.5 / 24;
    double first_shown = (double)t->first_cts / t->timescale;
    double starts = (double)t->edit_media_time / t->timescale;
    int cuts_start = starts - first_shown > tolerance;
    int cuts_end = 0;
    if (t->edit_duration > 0 && facts->movie_timescale > 0 && t->media_duration > 0) {
        double media_end = (double)t->media_duration / t->timescale + first_shown;
        double shown_end = starts + (double)t->edit_duration / facts->movie_timescale;
        cuts_end = media_end - shown_end > tolerance;
    }
    if (t->empty_edits > 0) return cuts_start || cuts_end ? RS_AV_EDIT_COMPLEX : RS_AV_EDIT_DELAY;
    return cuts_start || cuts_end ? RS_AV_EDIT_TRIM : RS_AV_EDIT_NO_CHANGE;
}
