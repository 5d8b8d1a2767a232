// rs_av_iso.c: the ISO-BMFF facts FFmpeg does not expose: the major brand, box order (fast start),
// boxes cut short, each track's edit list and first composition offset, and the sample sizes and
// durations of every movie fragment (so a fragmented file's bit rate and length cover the whole
// file, not its first fragment). And what the file claims that its bytes cannot back, found before
// FFmpeg believes it (rs_av_claims.c): a sample table larger than the file, a fragment's samples
// more than its bytes, segment indexes out of order. A bounded walk: it reads box headers and
// small boxes, and the tables it needs in pieces, never the media data; every offset and size is
// checked against its parent before it is used, and the time budget between boxes and pieces.
#include "rs_av_iso.h"

#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum {
    ISO_MAX_DEPTH = 8,
    ISO_PIECE = 64 << 10, // a long table (elst, trun) is read this many bytes at a time
};

typedef struct walk {
    const rs_source *src;
    rs_window window; // box headers and small boxes read in order, a pread per 16 KB
    rs_iso_facts *facts;
    rs_iso_track *track; // the trak being read
    // The traf being read: its track and defaults.
    rs_iso_track *fragment_track;
    uint32_t fragment_duration;
    uint32_t fragment_size;
    int64_t fragment_start;
    int has_tfdt;
} walk;

/// The first thing the file claims that its bytes cannot back; later ones add nothing.
static void claim(rs_iso_facts *facts, const char *format, ...) __attribute__((format(printf, 2, 3)));
static void claim(rs_iso_facts *facts, const char *format, ...) {
    if (facts->claim[0]) return;
    va_list args;
    va_start(args, format);
    vsnprintf(facts->claim, sizeof facts->claim, format, args);
    va_end(args);
}

static rs_iso_track *track_for_id(rs_iso_facts *facts, uint32_t id, int create) {
    for (int i = 0; i < facts->track_count; i++)
        if (facts->tracks[i].id == id) return &facts->tracks[i];
    if (!create) return NULL;
    if (facts->track_count >= RS_ISO_MAX_TRACKS) {
        claim(facts, "it has more than %d tracks", RS_ISO_MAX_TRACKS);
        return NULL;
    }
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
static uint8_t *payload(walk *w, int64_t at, int64_t size, int64_t cap) {
    if (size <= 0 || size > cap) return NULL;
    uint8_t *buffer = malloc((size_t)size);
    if (buffer && !rs_window_read(&w->window, at, buffer, (size_t)size)) {
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

/// One edit-list entry into the track's tallies.
static void add_edit(rs_iso_track *t, int64_t duration, int64_t media_time, int32_t rate) {
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

/// An edit list, every entry its box holds, read in pieces: a list of any length is counted whole
/// (an edit that cuts is never left unseen), in time and memory bounded by the box's bytes.
static void read_elst(walk *w, int64_t body, int64_t n) {
    uint8_t head[8], piece[ISO_PIECE];
    if (!w->track || n < 8 || !rs_window_read(&w->window, body, head, 8)) return;
    int version = head[0];
    int64_t entry = version == 1 ? 20 : 12;
    int64_t count = rs_be32(head + 4);
    if (count > (n - 8) / entry) count = (n - 8) / entry; // the entries the box holds
    int64_t per_piece = ISO_PIECE / entry;
    for (int64_t first = 0; first < count; first += per_piece) {
        int64_t take = count - first < per_piece ? count - first : per_piece;
        if (rs_deadline_passed(w->src->deadline)) {
            w->facts->stopped = RS_ISO_STOP_DEADLINE;
            return;
        }
        if (!rs_window_read(&w->window, body + 8 + first * entry, piece, (size_t)(take * entry))) return;
        for (int64_t i = 0; i < take; i++) {
            const uint8_t *e = piece + i * entry;
            if (version == 1) {
                uint64_t d = rs_be64(e);
                add_edit(w->track, d > (uint64_t)INT64_MAX ? INT64_MAX : (int64_t)d, (int64_t)rs_be64(e + 8),
                         (int32_t)rs_be32(e + 16));
            } else {
                add_edit(w->track, rs_be32(e), (int32_t)rs_be32(e + 4), (int32_t)rs_be32(e + 8));
            }
        }
    }
}

/// The tables whose entries FFmpeg allocates before it reads them: each must hold what it claims
/// (stsz: every sample's size, or one size for all whose samples fit in the file; stco, co64: every
/// chunk's offset).
static void read_table_claims(walk *w, uint32_t type, int64_t body, int64_t n) {
    uint8_t head[12];
    if (n < 12 || !rs_window_read(&w->window, body, head, 12)) return;
    int64_t file = w->src->size;
    if (type == RS_FOURCC('s', 't', 's', 'z')) {
        uint32_t size = rs_be32(head + 4);
        int64_t count = rs_be32(head + 8);
        if (w->track) w->track->samples = count;
        // Samples of one size that run past the end: a file cut short (a download stopped midway)
        // where the count is one a table of this file's bytes could list; beyond that, a lie.
        if (size > 0 && count > file / size && count <= file / 4)
            w->facts->past_eof = 1;
        else if (size > 0 && count > file / size)
            claim(w->facts, "its sample table (stsz) claims %" PRId64 " samples of %" PRIu32 " bytes, more than its %" PRId64 " bytes hold",
                  count, size, file);
        else if (size == 0 && count > (n - 12) / 4)
            claim(w->facts, "its sample table (stsz) claims %" PRId64 " sizes in %" PRId64 " bytes", count, n - 12);
    } else {
        int64_t count = rs_be32(head + 4), width = type == RS_FOURCC('c', 'o', '6', '4') ? 8 : 4;
        if (count > (n - 8) / width)
            claim(w->facts, "its chunk table claims %" PRId64 " chunks in %" PRId64 " bytes", count, n - 8);
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

/// A track run: its samples' durations and sizes, read in pieces from the box (a run of any
/// length is counted whole). A run whose samples the file cannot hold (each takes a byte at least;
/// FFmpeg makes an index entry for each before it reads any) is a claim, and not counted.
static void read_trun(walk *w, int64_t body, int64_t n) {
    rs_iso_track *t = w->fragment_track;
    uint8_t head[16], piece[ISO_PIECE];
    if (!t || n < 8 || !rs_window_read(&w->window, body, head, 8)) return;
    uint32_t flags = rs_be32(head) & 0xFFFFFF;
    int64_t count = rs_be32(head + 4);
    int64_t at = 8;
    if (flags & 0x001) at += 4; // data_offset
    if (flags & 0x004) at += 4; // first_sample_flags
    int64_t per = ((flags & 0x100) ? 4 : 0) + ((flags & 0x200) ? 4 : 0) + ((flags & 0x400) ? 4 : 0) +
                  ((flags & 0x800) ? 4 : 0);
    int64_t file = w->src->size;
    if (at > n || (per > 0 && count > (n - at) / per)) return; // cut short: not trusted
    if (count > file || (per == 0 && w->fragment_size > 0 && count > file / w->fragment_size)) {
        claim(w->facts, "a movie fragment (trun) claims %" PRId64 " samples, more than its %" PRId64 " bytes hold", count, file);
        return;
    }
    int64_t duration = 0, bytes = 0;
    if (per == 0) {
        // Every sample has the defaults: count times each (count is at most the file's size).
        duration = count * (int64_t)w->fragment_duration;
        bytes = count * (int64_t)w->fragment_size;
    } else {
        int64_t per_piece = ISO_PIECE / per;
        for (int64_t first = 0; first < count; first += per_piece) {
            int64_t take = count - first < per_piece ? count - first : per_piece;
            if (rs_deadline_passed(w->src->deadline)) {
                w->facts->stopped = RS_ISO_STOP_DEADLINE;
                return;
            }
            if (!rs_window_read(&w->window, body + at + first * per, piece, (size_t)(take * per))) return;
            for (int64_t i = 0; i < take; i++) {
                const uint8_t *s = piece + i * per;
                uint32_t sample_duration = w->fragment_duration, sample_size = w->fragment_size;
                if (flags & 0x100) sample_duration = rs_be32(s), s += 4;
                if (flags & 0x200) sample_size = rs_be32(s);
                // At most 2^32 samples (the file's bytes) of 2^32: no overflow in 64 bits.
                duration += sample_duration;
                bytes += sample_size;
            }
        }
    }
    // Samples whose bytes the file cannot hold are not samples.
    if (bytes > file) {
        claim(w->facts, "a movie fragment (trun) claims %" PRId64 " bytes of samples, more than the file's %" PRId64, bytes,
              file);
        return;
    }
    t->fragment_samples = add_saturating(t->fragment_samples, count);
    t->fragment_bytes = add_saturating(t->fragment_bytes, bytes);
    int64_t end = add_saturating(w->has_tfdt ? w->fragment_start : t->fragment_end, duration);
    if (end > t->fragment_end) t->fragment_end = end;
    // A traf with several truns: the next one starts where this one ended.
    w->fragment_start = add_saturating(w->fragment_start, duration);
}

/// A segment index (sidx): where its first reference lies. FFmpeg inserts each into one sorted
/// index, so indexes that point backwards cost it their number squared.
static void read_sidx(walk *w, int64_t at, int64_t box_size, int64_t body, int64_t n) {
    uint8_t head[24];
    if (n < 20 || !rs_window_read(&w->window, body, head, n < 24 ? 20 : 24)) return;
    uint64_t first_offset = head[0] == 0 ? rs_be32(head + 16) : n >= 24 ? rs_be64(head + 16) : 0;
    int64_t where = first_offset > (uint64_t)INT64_MAX / 2 ? INT64_MAX / 2 : add_saturating(at + box_size, (int64_t)first_offset);
    rs_iso_facts *facts = w->facts;
    facts->sidx_count++;
    if (where < facts->sidx_furthest) facts->sidx_backwards++;
    else facts->sidx_furthest = where;
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
        if (facts->stopped) return;
        if (facts->boxes_seen >= RS_ISO_MAX_BOXES) {
            facts->stopped = RS_ISO_STOP_BOXES;
            return;
        }
        if ((facts->boxes_seen & 1023) == 0 && rs_deadline_passed(w->src->deadline)) {
            facts->stopped = RS_ISO_STOP_DEADLINE;
            return;
        }
        uint8_t header[16];
        if (!rs_window_read(&w->window, at, header, 8)) {
            facts->stopped = RS_ISO_STOP_UNREADABLE;
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
            if (end - at < 16 || !rs_window_read(&w->window, at + 8, header + 8, 8)) {
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
                if (body_size >= 4 && rs_window_read(&w->window, body, brand, 4)) {
                    facts->major_brand = rs_be32(brand);
                    facts->has_ftyp = 1;
                }
            } else if (type == RS_FOURCC('m', 'o', 'o', 'v') && facts->moov_offset < 0) {
                facts->moov_offset = at;
            } else if (type == RS_FOURCC('m', 'd', 'a', 't') && facts->mdat_offset < 0) {
                facts->mdat_offset = at;
            } else if (type == RS_FOURCC('m', 'o', 'o', 'f')) {
                facts->fragments++;
            } else if (type == RS_FOURCC('s', 'i', 'd', 'x')) {
                read_sidx(w, at, (int64_t)size, body, body_size);
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
            switch (type) {
            case RS_FOURCC('c', 't', 't', 's'): {
                uint8_t head[16]; // only its first entry is read
                if (body_size >= 16 && rs_window_read(&w->window, body, head, 16)) read_ctts(w, head, 16);
                break;
            }
            case RS_FOURCC('e', 'l', 's', 't'): read_elst(w, body, body_size); break;
            case RS_FOURCC('t', 'r', 'u', 'n'): read_trun(w, body, body_size); break;
            case RS_FOURCC('s', 't', 's', 'z'): case RS_FOURCC('s', 't', 'c', 'o'): case RS_FOURCC('c', 'o', '6', '4'):
                read_table_claims(w, type, body, body_size);
                break;
            case RS_FOURCC('m', 'v', 'h', 'd'): case RS_FOURCC('t', 'k', 'h', 'd'): case RS_FOURCC('m', 'd', 'h', 'd'):
            case RS_FOURCC('h', 'd', 'l', 'r'): case RS_FOURCC('t', 'r', 'e', 'x'): case RS_FOURCC('t', 'f', 'h', 'd'):
            case RS_FOURCC('t', 'f', 'd', 't'): {
                uint8_t *p = payload(w, body, body_size, 4096);
                if (!p) break;
                switch (type) {
                case RS_FOURCC('m', 'v', 'h', 'd'): read_mvhd(w, p, body_size); break;
                case RS_FOURCC('t', 'k', 'h', 'd'): read_tkhd(w, p, body_size); break;
                case RS_FOURCC('m', 'd', 'h', 'd'): read_mdhd(w, p, body_size); break;
                case RS_FOURCC('h', 'd', 'l', 'r'): read_hdlr(w, p, body_size); break;
                case RS_FOURCC('t', 'r', 'e', 'x'): read_trex(w, p, body_size); break;
                case RS_FOURCC('t', 'f', 'h', 'd'): read_tfhd(w, p, body_size); break;
                default: read_tfdt(w, p, body_size); break;
                }
                free(p);
                break;
            }
            default:
                break;
            }
        }
        at = box_end;
    }
    // Fewer bytes than a box header after the last box: appended too.
    if (depth == 0 && facts->moov_offset >= 0 && facts->trailing_offset < 0 && at < end && !facts->past_eof)
        facts->trailing_offset = at;
}

int rs_iso_looks_like(const rs_source *src) {
    uint8_t head[8];
    return rs_read_at(src, 0, head, 8) && is_top_level(rs_be32(head + 4));
}

void rs_iso_walk(const rs_source *src, rs_iso_facts *facts) {
    memset(facts, 0, sizeof *facts);
    facts->walked = 1;
    facts->moov_offset = facts->mdat_offset = facts->trailing_offset = -1;
    walk w = {.src = src, .window = {.src = src, .start = -1}, .facts = facts};
    walk_boxes(&w, 0, src->size, 0);
}
