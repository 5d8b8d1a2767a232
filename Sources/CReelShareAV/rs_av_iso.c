// rs_av_iso.c: the ISO-BMFF facts FFmpeg does not expose: the major brand, box order (fast start),
// boxes cut short, each track's edit list and first composition offset, and the sample sizes and
// durations of every movie fragment (so a fragmented file's bit rate and length cover the whole
// file, not its first fragment). A bounded walk: it reads box headers and a few small boxes, never
// the media data, and every offset and size is checked against its parent before it is used.
#include "rs_av_iso.h"

#include <stdlib.h>
#include <string.h>

enum {
    ISO_MAX_BOXES = 200000,
    ISO_MAX_DEPTH = 8,
    ISO_MAX_TRUN = 16 << 20, // a trun larger than this is not read (its samples are not counted)
};

typedef struct walk {
    const rs_source *src;
    rs_iso_facts *facts;
    rs_iso_track *track; // the trak being read
    // The traf being read: its track and defaults.
    rs_iso_track *fragment_track;
    uint32_t fragment_duration;
    uint32_t fragment_size;
    int64_t fragment_start;
    int has_tfdt;
} walk;

static rs_iso_track *track_for_id(rs_iso_facts *facts, uint32_t id, int create) {
    for (int i = 0; i < facts->track_count; i++)
        if (facts->tracks[i].id == id) return &facts->tracks[i];
    if (!create || facts->track_count >= RS_ISO_MAX_TRACKS) return NULL;
    rs_iso_track *track = &facts->tracks[facts->track_count++];
    memset(track, 0, sizeof *track);
    track->id = id;
    return track;
}

const rs_iso_track *rs_iso_track_with_id(const rs_iso_facts *facts, uint32_t id) {
    for (int i = 0; i < facts->track_count; i++)
        if (facts->tracks[i].id == id) return &facts->tracks[i];
    return NULL;
}

/// Reads the payload of a small box (at most `cap` bytes) into a fresh buffer; NULL when larger or
/// unreadable. The caller frees it.
static uint8_t *payload(const walk *w, int64_t at, int64_t size, int64_t cap) {
    if (size <= 0 || size > cap) return NULL;
    uint8_t *buffer = malloc((size_t)size);
    if (buffer && !rs_read_at(w->src, at, buffer, (size_t)size)) {
        free(buffer);
        return NULL;
    }
    return buffer;
}

// mvhd, tkhd, mdhd: version 1 has 64-bit times.
static void read_mvhd(walk *w, const uint8_t *p, int64_t n) {
    if (n >= 20 && p[0] == 0) {
        w->facts->movie_timescale = rs_be32(p + 12);
        uint32_t duration = rs_be32(p + 16);
        w->facts->movie_duration = duration == UINT32_MAX ? 0 : duration; // all ones: unknown
    } else if (n >= 32 && p[0] == 1) {
        w->facts->movie_timescale = rs_be32(p + 20);
        uint64_t duration = rs_be64(p + 24);
        w->facts->movie_duration = duration > (uint64_t)INT64_MAX ? 0 : (int64_t)duration;
    }
}

static void read_tkhd(walk *w, const uint8_t *p, int64_t n) {
    if (!w->track) return;
    if (n >= 16 && p[0] == 0) w->track->id = rs_be32(p + 12);
    else if (n >= 24 && p[0] == 1) w->track->id = rs_be32(p + 20);
}

static void read_mdhd(walk *w, const uint8_t *p, int64_t n) {
    if (!w->track) return;
    if (n >= 24 && p[0] == 0) {
        w->track->timescale = rs_be32(p + 12);
        uint32_t duration = rs_be32(p + 16);
        w->track->media_duration = duration == 0xFFFFFFFFu ? 0 : duration;
    } else if (n >= 36 && p[0] == 1) {
        w->track->timescale = rs_be32(p + 20);
        uint64_t duration = rs_be64(p + 24);
        w->track->media_duration = duration > (uint64_t)INT64_MAX ? 0 : (int64_t)duration;
    }
}

static void read_hdlr(walk *w, const uint8_t *p, int64_t n) {
    if (w->track && n >= 12) w->track->handler = rs_be32(p + 8);
}

static void read_elst(walk *w, const uint8_t *p, int64_t n) {
    if (!w->track || n < 8) return;
    int version = p[0];
    uint32_t count = rs_be32(p + 4);
    int64_t entry = version == 1 ? 20 : 12;
    if (count > (uint64_t)(n - 8) / (uint64_t)entry) count = (uint32_t)((n - 8) / entry);
    rs_iso_track *t = w->track;
    for (uint32_t i = 0; i < count; i++) {
        const uint8_t *e = p + 8 + (int64_t)i * entry;
        int64_t duration, media_time;
        int32_t rate;
        if (version == 1) {
            uint64_t d = rs_be64(e);
            duration = d > (uint64_t)INT64_MAX ? INT64_MAX : (int64_t)d;
            media_time = (int64_t)rs_be64(e + 8);
            rate = (int32_t)rs_be32(e + 16);
        } else {
            duration = rs_be32(e);
            media_time = (int32_t)rs_be32(e + 4);
            rate = (int32_t)rs_be32(e + 8);
        }
        t->edits++;
        if (media_time == -1) {
            t->empty_edits++;
            if (duration < INT64_MAX - t->empty_duration) t->empty_duration += duration;
        } else if (t->normal_edits++ == 0) {
            t->edit_media_time = media_time;
            t->edit_duration = duration;
            t->edit_rate = rate;
        }
    }
}

static void read_ctts(walk *w, const uint8_t *p, int64_t n) {
    if (!w->track || n < 16 || rs_be32(p + 4) == 0) return;
    // The first entry: sample_count, then the offset (signed in version 1).
    w->track->first_cts = p[0] == 1 ? (int32_t)rs_be32(p + 12) : (int64_t)rs_be32(p + 12);
}

static void read_trex(walk *w, const uint8_t *p, int64_t n) {
    if (n < 24) return;
    rs_iso_track *track = track_for_id(w->facts, rs_be32(p + 4), 1);
    if (!track) return;
    track->trex_duration = rs_be32(p + 12);
    track->trex_size = rs_be32(p + 16);
}

static void read_tfhd(walk *w, const uint8_t *p, int64_t n) {
    w->fragment_track = NULL;
    if (n < 8) return;
    uint32_t flags = rs_be32(p) & 0xFFFFFF;
    rs_iso_track *track = track_for_id(w->facts, rs_be32(p + 4), 1);
    if (!track) return;
    w->fragment_track = track;
    w->fragment_duration = track->trex_duration;
    w->fragment_size = track->trex_size;
    int64_t at = 8;
    if (flags & 0x01) at += 8; // base_data_offset
    if (flags & 0x02) at += 4; // sample_description_index
    if (flags & 0x08) {
        if (at + 4 > n) return;
        w->fragment_duration = rs_be32(p + at);
        at += 4;
    }
    if (flags & 0x10) {
        if (at + 4 > n) return;
        w->fragment_size = rs_be32(p + at);
    }
}

static void read_tfdt(walk *w, const uint8_t *p, int64_t n) {
    if (p[0] == 1 && n >= 12) {
        uint64_t time = rs_be64(p + 4);
        w->fragment_start = time > (uint64_t)INT64_MAX / 2 ? INT64_MAX / 2 : (int64_t)time;
        w->has_tfdt = 1;
    } else if (n >= 8) {
        w->fragment_start = rs_be32(p + 4);
        w->has_tfdt = 1;
    }
}

/// a + b, saturating at INT64_MAX (sums of values a file states).
static int64_t add_saturating(int64_t a, int64_t b) {
    int64_t sum;
    return __builtin_add_overflow(a, b, &sum) ? INT64_MAX : sum;
}

static void read_trun(walk *w, const uint8_t *p, int64_t n) {
    rs_iso_track *t = w->fragment_track;
    if (!t || n < 8) return;
    uint32_t flags = rs_be32(p) & 0xFFFFFF;
    uint32_t count = rs_be32(p + 4);
    int64_t at = 8;
    if (flags & 0x001) at += 4; // data_offset
    if (flags & 0x004) at += 4; // first_sample_flags
    int64_t per = ((flags & 0x100) ? 4 : 0) + ((flags & 0x200) ? 4 : 0) + ((flags & 0x400) ? 4 : 0) +
                  ((flags & 0x800) ? 4 : 0);
    if (at > n || (per > 0 && count > (uint64_t)(n - at) / (uint64_t)per)) return; // cut short: not trusted
    int64_t duration = 0, bytes = 0;
    if (per == 0) {
        // Every sample has the defaults: count times each, in 64 bits (count and the defaults are
        // at most 32 bits each), not a loop over samples the box does not hold.
        duration = (int64_t)count * (int64_t)w->fragment_duration;
        bytes = (int64_t)count * (int64_t)w->fragment_size;
    } else {
        // count <= n / per here: the loop is bounded by the box's own bytes (ISO_MAX_TRUN).
        for (uint32_t i = 0; i < count; i++) {
            const uint8_t *s = p + at + (int64_t)i * per;
            uint32_t sample_duration = w->fragment_duration, sample_size = w->fragment_size;
            if (flags & 0x100) sample_duration = rs_be32(s), s += 4;
            if (flags & 0x200) sample_size = rs_be32(s);
            duration += sample_duration; // at most 2^22 samples of 2^32: no overflow
            bytes += sample_size;
        }
    }
    // Samples whose bytes the file cannot hold are not samples, and each takes a byte at least: a
    // trun that claims more is not trusted (a crafted one claims 2^32 samples of 2^32 bytes).
    if (bytes > w->src->size || (int64_t)count > w->src->size) return;
    t->fragment_samples = add_saturating(t->fragment_samples, count);
    t->fragment_bytes = add_saturating(t->fragment_bytes, bytes);
    int64_t end = add_saturating(w->has_tfdt ? w->fragment_start : t->fragment_end, duration);
    if (end > t->fragment_end) t->fragment_end = end;
    // A traf with several truns: the next one starts where this one ended.
    w->fragment_start = add_saturating(w->fragment_start, duration);
}

static int is_container(uint32_t type) {
    switch (type) {
    case RS_FOURCC('m', 'o', 'o', 'v'): case RS_FOURCC('t', 'r', 'a', 'k'): case RS_FOURCC('m', 'd', 'i', 'a'):
    case RS_FOURCC('m', 'i', 'n', 'f'): case RS_FOURCC('s', 't', 'b', 'l'): case RS_FOURCC('e', 'd', 't', 's'):
    case RS_FOURCC('m', 'v', 'e', 'x'): case RS_FOURCC('m', 'o', 'o', 'f'): case RS_FOURCC('t', 'r', 'a', 'f'):
        return 1;
    default:
        return 0;
    }
}

/// The boxes ISO/IEC 14496-12, QuickTime and their profiles put at the top level of a file. After
/// the index (moov), anything else is not a box but bytes appended to the file.
static int is_top_level(uint32_t type) {
    switch (type) {
    case RS_FOURCC('f', 't', 'y', 'p'): case RS_FOURCC('s', 't', 'y', 'p'): case RS_FOURCC('m', 'o', 'o', 'v'):
    case RS_FOURCC('m', 'd', 'a', 't'): case RS_FOURCC('f', 'r', 'e', 'e'): case RS_FOURCC('s', 'k', 'i', 'p'):
    case RS_FOURCC('w', 'i', 'd', 'e'): case RS_FOURCC('p', 'd', 'i', 'n'): case RS_FOURCC('m', 'o', 'o', 'f'):
    case RS_FOURCC('m', 'f', 'r', 'a'): case RS_FOURCC('m', 'e', 't', 'a'): case RS_FOURCC('u', 'u', 'i', 'd'):
    case RS_FOURCC('s', 'i', 'd', 'x'): case RS_FOURCC('s', 's', 'i', 'x'): case RS_FOURCC('p', 'r', 'f', 't'):
    case RS_FOURCC('e', 'm', 's', 'g'): case RS_FOURCC('u', 'd', 't', 'a'): case RS_FOURCC('j', 'u', 'n', 'k'):
    case RS_FOURCC('p', 'n', 'o', 't'): case RS_FOURCC('P', 'I', 'C', 'T'): case RS_FOURCC('j', 'P', ' ', ' '):
    case RS_FOURCC('x', 'm', 'l', ' '): case RS_FOURCC('b', 'x', 'm', 'l'):
        return 1;
    default:
        return 0;
    }
}

// Walks the boxes in [start, end).
static void walk_boxes(walk *w, int64_t start, int64_t end, int depth) {
    rs_iso_facts *facts = w->facts;
    int64_t file_size = w->src->size;
    int64_t at = start;
    // end - at, never at + n: a box may claim a size that takes `at` to INT64_MAX.
    while (end - at >= 8) {
        if (facts->boxes_seen >= ISO_MAX_BOXES || rs_deadline_passed(w->src->deadline)) {
            facts->incomplete = 1;
            return;
        }
        uint8_t header[16];
        if (!rs_read_at(w->src, at, header, 8)) {
            facts->incomplete = 1;
            return;
        }
        facts->boxes_seen++;
        uint64_t size = rs_be32(header);
        uint32_t type = rs_be32(header + 4);
        int64_t header_size = 8;
        // After the index, a "box" of no top-level type is bytes appended to the file (Samsung's
        // SEF trailer, junk): no media is missing for them.
        if (depth == 0 && facts->moov_offset >= 0 && !is_top_level(type)) {
            facts->trailing_offset = at;
            return;
        }
        if (size == 1) {
            if (end - at < 16 || !rs_read_at(w->src, at + 8, header + 8, 8)) {
                if (depth == 0) facts->past_eof = 1;
                return;
            }
            size = rs_be64(header + 8);
            header_size = 16;
        } else if (size == 0) {
            size = (uint64_t)(end - at); // runs to the end of its parent
        }
        if (size < (uint64_t)header_size || size > (uint64_t)INT64_MAX - (uint64_t)at) {
            if (depth == 0) facts->past_eof = 1;
            return;
        }
        int64_t box_end = at + (int64_t)size;
        if (depth == 0 && box_end > file_size) facts->past_eof = 1;
        int64_t body = at + header_size;
        int64_t body_end = box_end < end ? box_end : end;
        int64_t body_size = body_end - body;
        if (depth == 0) {
            if (type == RS_FOURCC('f', 't', 'y', 'p') && !facts->has_ftyp) {
                uint8_t brand[4];
                if (body_size >= 4 && rs_read_at(w->src, body, brand, 4)) {
                    facts->major_brand = rs_be32(brand);
                    facts->has_ftyp = 1;
                }
            } else if (type == RS_FOURCC('m', 'o', 'o', 'v') && facts->moov_offset < 0) {
                facts->moov_offset = at;
            } else if (type == RS_FOURCC('m', 'd', 'a', 't') && facts->mdat_offset < 0) {
                facts->mdat_offset = at;
            } else if (type == RS_FOURCC('m', 'o', 'o', 'f')) {
                facts->fragments++;
            }
        }
        if (is_container(type) && depth < ISO_MAX_DEPTH) {
            if (type == RS_FOURCC('t', 'r', 'a', 'k')) {
                // The trak's boxes fill a track of its own; tkhd gives its id. Defaults and
                // fragments (mvex, moof) may have made an entry for that id already.
                rs_iso_track local;
                memset(&local, 0, sizeof local);
                rs_iso_track *outer = w->track;
                w->track = &local;
                walk_boxes(w, body, body_end, depth + 1);
                w->track = outer;
                rs_iso_track *track = local.id ? track_for_id(facts, local.id, 1) : NULL;
                if (track) {
                    local.fragment_samples = track->fragment_samples;
                    local.fragment_bytes = track->fragment_bytes;
                    local.fragment_end = track->fragment_end;
                    local.trex_duration = track->trex_duration;
                    local.trex_size = track->trex_size;
                    *track = local;
                }
            } else {
                if (type == RS_FOURCC('t', 'r', 'a', 'f')) {
                    w->fragment_track = NULL;
                    w->has_tfdt = 0;
                }
                walk_boxes(w, body, body_end, depth + 1);
            }
        } else if (depth > 0) {
            int64_t cap = type == RS_FOURCC('t', 'r', 'u', 'n') ? ISO_MAX_TRUN
                          : type == RS_FOURCC('e', 'l', 's', 't') ? 1 << 20
                          : type == RS_FOURCC('c', 't', 't', 's') ? 0 // only its first entry is read
                                                                   : 4096;
            if (type == RS_FOURCC('c', 't', 't', 's')) {
                uint8_t head[16];
                if (body_size >= 16 && rs_read_at(w->src, body, head, 16)) read_ctts(w, head, 16);
            } else {
                uint8_t *p = NULL;
                switch (type) {
                case RS_FOURCC('m', 'v', 'h', 'd'): case RS_FOURCC('t', 'k', 'h', 'd'): case RS_FOURCC('m', 'd', 'h', 'd'):
                case RS_FOURCC('h', 'd', 'l', 'r'): case RS_FOURCC('e', 'l', 's', 't'): case RS_FOURCC('t', 'r', 'e', 'x'):
                case RS_FOURCC('t', 'f', 'h', 'd'): case RS_FOURCC('t', 'f', 'd', 't'): case RS_FOURCC('t', 'r', 'u', 'n'):
                    p = payload(w, body, body_size, cap);
                    break;
                default:
                    break;
                }
                if (p) {
                    switch (type) {
                    case RS_FOURCC('m', 'v', 'h', 'd'): read_mvhd(w, p, body_size); break;
                    case RS_FOURCC('t', 'k', 'h', 'd'): read_tkhd(w, p, body_size); break;
                    case RS_FOURCC('m', 'd', 'h', 'd'): read_mdhd(w, p, body_size); break;
                    case RS_FOURCC('h', 'd', 'l', 'r'): read_hdlr(w, p, body_size); break;
                    case RS_FOURCC('e', 'l', 's', 't'): read_elst(w, p, body_size); break;
                    case RS_FOURCC('t', 'r', 'e', 'x'): read_trex(w, p, body_size); break;
                    case RS_FOURCC('t', 'f', 'h', 'd'): read_tfhd(w, p, body_size); break;
                    case RS_FOURCC('t', 'f', 'd', 't'): read_tfdt(w, p, body_size); break;
                    case RS_FOURCC('t', 'r', 'u', 'n'): read_trun(w, p, body_size); break;
                    default: break;
                    }
                    free(p);
                }
            }
        }
        at = box_end;
    }
    // Fewer bytes than a box header after the last box: appended too.
    if (depth == 0 && facts->moov_offset >= 0 && facts->trailing_offset < 0 && at < end && !facts->past_eof)
        facts->trailing_offset = at;
}

void rs_iso_walk(const rs_source *src, rs_iso_facts *facts) {
    memset(facts, 0, sizeof *facts);
    facts->moov_offset = facts->mdat_offset = facts->trailing_offset = -1;
    walk w = {.src = src, .facts = facts};
    walk_boxes(&w, 0, src->size, 0);
}

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
