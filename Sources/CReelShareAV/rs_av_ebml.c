// rs_av_ebml.c: what Matroska and WebM files say about themselves, read without FFmpeg: the
// DocType, the Segment's declared size, the timecode scale and Duration, each track's number, type
// and default frame duration, and, at the end of the file, the last Cluster's blocks. A file
// written to a pipe (a browser's MediaRecorder, `ffmpeg -f webm -`, OBS) has no Duration and no
// Cues; its length is the last block's end, which only the tail of the file tells.
#include "rs_av_ebml.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum {
    ID_DOCTYPE = 0x4282, ID_INFO = 0x1549A966,
    ID_TIMECODE_SCALE = 0x2AD7B1, ID_DURATION = 0x4489, ID_MUXING_APP = 0x4D80, ID_TRACKS = 0x1654AE6B, ID_TRACK_ENTRY = 0xAE,
    ID_TRACK_NUMBER = 0xD7, ID_TRACK_TYPE = 0x83, ID_DEFAULT_DURATION = 0x23E383,
    ID_TIMECODE = 0xE7, ID_SIMPLE_BLOCK = 0xA3, ID_BLOCK_GROUP = 0xA0, ID_BLOCK = 0xA1,
    ID_BLOCK_DURATION = 0x9B,
};

int rs_ebml_vint(const uint8_t *p, size_t available, int is_id, uint64_t *value, int *length) {
    if (available == 0 || p[0] == 0) return 0;
    int len = 1;
    while (!(p[0] & (0x80 >> (len - 1)))) len++;
    if ((size_t)len > available || (is_id && len > 4)) return 0;
    uint64_t v = is_id ? p[0] : (uint64_t)(p[0] & (0xFF >> len));
    int all_ones = (p[0] & (0xFF >> len)) == (0xFF >> len);
    for (int i = 1; i < len; i++) {
        v = (v << 8) | p[i];
        if (p[i] != 0xFF) all_ones = 0;
    }
    *value = (!is_id && all_ones) ? RS_EBML_UNKNOWN_SIZE : v;
    *length = len;
    return 1;
}

/// An element's header at `at` in the file: its ID, data size and header length.
static int element_at(const rs_source *src, int64_t at, uint64_t *id, uint64_t *size, int *header) {
    uint8_t buffer[12];
    int64_t left = src->size - at;
    if (left < 2) return 0;
    size_t n = left < (int64_t)sizeof buffer ? (size_t)left : sizeof buffer;
    if (!rs_read_at(src, at, buffer, n)) return 0;
    int id_len, size_len;
    if (!rs_ebml_vint(buffer, n, 1, id, &id_len) || !rs_ebml_vint(buffer + id_len, n - (size_t)id_len, 0, size, &size_len)) return 0;
    *header = id_len + size_len;
    return 1;
}

uint64_t rs_ebml_unsigned(const uint8_t *p, uint64_t size) {
    uint64_t v = 0;
    for (uint64_t i = 0; i < size && i < 8; i++) v = (v << 8) | p[i];
    return v;
}

static double float_value(const uint8_t *p, uint64_t size) {
    if (size == 4) {
        uint32_t bits = rs_be32(p);
        float f;
        memcpy(&f, &bits, 4);
        return f;
    }
    if (size == 8) {
        uint64_t bits = rs_be64(p);
        double d;
        memcpy(&d, &bits, 8);
        return d;
    }
    return -1;
}

static rs_mkv_track *track_numbered(rs_mkv_facts *facts, uint64_t number, int create) {
    for (int i = 0; i < facts->track_count; i++)
        if (facts->tracks[i].number == number) return &facts->tracks[i];
    if (!create || facts->track_count >= RS_MKV_MAX_TRACKS) return NULL;
    rs_mkv_track *t = &facts->tracks[facts->track_count++];
    memset(t, 0, sizeof *t);
    t->number = number;
    t->end = t->last_start = t->previous_start = -1;
    return t;
}

/// Reads the children of a small master element held in `p[0..size)`, calling `visit` for each.
typedef void (*visitor)(rs_mkv_facts *facts, void *context, uint64_t id, const uint8_t *data, uint64_t size);

static void children(const uint8_t *p, uint64_t size, rs_mkv_facts *facts, void *context, visitor visit) {
    uint64_t at = 0;
    while (at < size) {
        uint64_t id, length;
        int id_len, size_len;
        if (!rs_ebml_vint(p + at, (size_t)(size - at), 1, &id, &id_len)) return;
        if (!rs_ebml_vint(p + at + id_len, (size_t)(size - at - (uint64_t)id_len), 0, &length, &size_len)) return;
        uint64_t body = at + (uint64_t)id_len + (uint64_t)size_len;
        if (length == RS_EBML_UNKNOWN_SIZE || length > size - body) return;
        visit(facts, context, id, p + body, length);
        at = body + length;
    }
}

static void visit_info(rs_mkv_facts *facts, void *context, uint64_t id, const uint8_t *data, uint64_t size) {
    if (id == ID_TIMECODE_SCALE && size >= 1 && size <= 8) {
        uint64_t scale = rs_ebml_unsigned(data, size);
        if (scale > 0) facts->timecode_scale = scale;
    } else if (id == ID_DURATION) {
        double duration = float_value(data, size);
        if (duration >= 0 && isfinite(duration)) facts->duration = duration;
    } else if (id == ID_MUXING_APP) {
        facts->muxed_by_lavf = size >= 4 && memcmp(data, "Lavf", 4) == 0;
    }
}

typedef struct entry {
    uint64_t number;
    int type;
    uint64_t default_duration;
} entry;

static void visit_track_entry(rs_mkv_facts *facts, void *context, uint64_t id, const uint8_t *data, uint64_t size) {
    entry *e = context;
    if (size < 1 || size > 8) return;
    if (id == ID_TRACK_NUMBER) e->number = rs_ebml_unsigned(data, size);
    else if (id == ID_TRACK_TYPE) e->type = (int)rs_ebml_unsigned(data, size);
    else if (id == ID_DEFAULT_DURATION) e->default_duration = rs_ebml_unsigned(data, size);
}

static void visit_tracks(rs_mkv_facts *facts, void *context, uint64_t id, const uint8_t *data, uint64_t size) {
    if (id != ID_TRACK_ENTRY) return;
    entry e = {0, 0, 0};
    children(data, size, facts, &e, visit_track_entry);
    if (e.number == 0) return;
    rs_mkv_track *t = track_numbered(facts, e.number, 1);
    if (!t) return;
    t->type = e.type;
    t->default_duration = e.default_duration;
}

// "webm", or "webm" padded with zero bytes as EBML allows for strings.
static int doctype_is_webm(const uint8_t *text, uint64_t length) {
    if (length < 4 || memcmp(text, "webm", 4) != 0) return 0;
    for (uint64_t at = 4; at < length; at++)
        if (text[at] != 0) return 0;
    return 1;
}

void rs_mkv_read_header(const rs_source *src, rs_mkv_facts *facts) {
    memset(facts, 0, sizeof *facts);
    facts->timecode_scale = 1000000;
    facts->duration = -1;
    uint64_t id, size;
    int header;
    if (!element_at(src, 0, &id, &size, &header) || id != RS_EBML_ID_EBML || size == RS_EBML_UNKNOWN_SIZE || size > 4096) return;
    uint8_t buffer[4096];
    if (!rs_read_at(src, header, buffer, (size_t)size)) return;
    for (uint64_t at = 0; at < size;) {
        uint64_t child, length;
        int cl, sl;
        if (!rs_ebml_vint(buffer + at, (size_t)(size - at), 1, &child, &cl) ||
            !rs_ebml_vint(buffer + at + cl, (size_t)(size - at - (uint64_t)cl), 0, &length, &sl))
            return;
        uint64_t body = at + (uint64_t)cl + (uint64_t)sl;
        if (length == RS_EBML_UNKNOWN_SIZE || length > size - body) return;
        if (child == ID_DOCTYPE) facts->is_webm = doctype_is_webm(buffer + body, length);
        at = body + length;
    }
    // The Segment follows the EBML header.
    int64_t segment_at = header + (int64_t)size;
    uint64_t segment_size;
    if (!element_at(src, segment_at, &id, &segment_size, &header) || id != RS_EBML_ID_SEGMENT) return;
    int64_t segment_data = segment_at + header;
    facts->segment_size_known = segment_size != RS_EBML_UNKNOWN_SIZE;
    if (segment_size != RS_EBML_UNKNOWN_SIZE && segment_size > (uint64_t)(src->size - segment_data)) facts->past_eof = 1;
    // Its first children: Info and Tracks come before the first Cluster.
    int64_t at = segment_data;
    for (int count = 0; count < 64 && at < src->size; count++) {
        uint64_t child, length;
        if (!element_at(src, at, &child, &length, &header)) return;
        if (child == RS_EBML_ID_CLUSTER || length == RS_EBML_UNKNOWN_SIZE) return;
        int64_t body = at + header;
        if (length > (uint64_t)(src->size - body)) return;
        if ((child == ID_INFO || child == ID_TRACKS) && length <= (1 << 20)) {
            uint8_t *data = malloc((size_t)length + 1);
            if (data && rs_read_at(src, body, data, (size_t)length))
                children(data, length, facts, NULL, child == ID_INFO ? visit_info : visit_tracks);
            free(data);
        }
        at = body + (int64_t)length;
    }
}

// MARK: - The tail

enum { TAIL_FIRST_WINDOW = 64 << 10, TAIL_MAX_WINDOW = 16 << 20 };

/// Whether `id` may be a child of a Cluster: Timecode, SimpleBlock, BlockGroup, Position,
/// PrevSize, SilentTracks, EncryptedBlock, CRC-32, Void.
static int cluster_child(uint64_t id) {
    switch (id) {
    case ID_TIMECODE: case ID_SIMPLE_BLOCK: case ID_BLOCK_GROUP: case 0xA7: case 0xAB: case 0x5854: case 0xAF:
    case 0xBF: case 0xEC: return 1;
    default: return 0;
    }
}

/// Records a block of `size` bytes at `block` (a SimpleBlock's or a Block's data) starting at the
/// Cluster's time plus its relative time, lasting `duration` (0: unknown). 0 when it is not a block
/// of a track the file declares (the bytes are not a Cluster's).
static int take_block(rs_mkv_facts *facts, const uint8_t *block, uint64_t size, int64_t cluster_time,
                      uint64_t duration) {
    uint64_t number;
    int nl;
    if (!rs_ebml_vint(block, (size_t)size, 0, &number, &nl) || size < (uint64_t)nl + 3) return 0;
    rs_mkv_track *t = track_numbered(facts, number, 0);
    if (!t) return 0;
    int16_t relative = (int16_t)((block[nl] << 8) | block[nl + 1]);
    int64_t start = cluster_time + relative; // cluster_time < INT64_MAX / 4
    // The two latest start times (blocks are stored in decoding order, and B-frames make that
    // differ from presentation order).
    if (start > t->last_start) {
        t->previous_start = t->last_start;
        t->last_start = start;
    } else if (start < t->last_start && start > t->previous_start) {
        t->previous_start = start;
    }
    int64_t stop = start;
    if (duration > 0 && duration < (uint64_t)INT64_MAX / 4) {
        stop += (int64_t)duration;
    } else if (t->default_duration > 0) {
        // Both from the file: the quotient is added only when it fits (timecode_scale > 0).
        uint64_t scale = facts->timecode_scale;
        uint64_t units = t->default_duration / scale + (t->default_duration % scale >= scale - scale / 2);
        if (units < (uint64_t)INT64_MAX / 4) stop += (int64_t)units;
    }
    if (stop > t->end) t->end = stop;
    return 1;
}

/// Reads the Cluster whose data starts at buf[at] and runs to `end` (its size, or the window's end
/// when unknown or cut; the window of `length` bytes ends with the file), recording each block per
/// track. Returns where reading stopped (the next
/// Cluster, the end, or the first byte that is not a Cluster's child), or 0 when the bytes at `at`
/// do not start a Cluster's data; `blocks` counts the blocks read.
static size_t read_cluster(rs_mkv_facts *facts, const uint8_t *buf, size_t at, size_t end, size_t length,
                           int64_t *first_timecode, int *blocks) {
    *blocks = 0;
    uint64_t id, size;
    int il, sl;
    // CRC-32 and Void elements may come before the Timecode (FFmpeg's muxer writes a CRC first).
    for (int skipped = 0; skipped < 2; skipped++) {
        if (!rs_ebml_vint(buf + at, end - at, 1, &id, &il)) return 0;
        if (id != 0xBF && id != 0xEC) break;
        if (!rs_ebml_vint(buf + at + il, end - at - (size_t)il, 0, &size, &sl) || size == RS_EBML_UNKNOWN_SIZE ||
            size > end - at - (size_t)il - (size_t)sl)
            return 0;
        at += (size_t)il + (size_t)sl + (size_t)size;
    }
    if (!rs_ebml_vint(buf + at, end - at, 1, &id, &il) || id != ID_TIMECODE) return 0;
    if (!rs_ebml_vint(buf + at + il, end - at - (size_t)il, 0, &size, &sl) || size < 1 || size > 8) return 0;
    size_t body = at + (size_t)il + (size_t)sl;
    if (size > end - body) return 0;
    uint64_t cluster_time = rs_ebml_unsigned(buf + body, size);
    if (cluster_time > (uint64_t)INT64_MAX / 4) return 0;
    if (first_timecode) *first_timecode = (int64_t)cluster_time;
    at = body + (size_t)size;
    // One pass over the children: each is read once, and the walk only moves forward.
    while (at < end) {
        if (!rs_ebml_vint(buf + at, end - at, 1, &id, &il) || !cluster_child(id)) break; // the next Cluster, or not a child
        if (!rs_ebml_vint(buf + at + il, end - at - (size_t)il, 0, &size, &sl)) break;
        body = at + (size_t)il + (size_t)sl;
        if (size == RS_EBML_UNKNOWN_SIZE) break;
        if (size > end - body) {
            // Runs past the window, which ends with the file: the last block was cut short.
            if ((id == ID_SIMPLE_BLOCK || id == ID_BLOCK_GROUP) && body + size > length)
                facts->truncated_block = 1;
            break;
        }
        const uint8_t *block = NULL;
        uint64_t block_size = 0, duration = 0;
        if (id == ID_SIMPLE_BLOCK) {
            block = buf + body;
            block_size = size;
        } else if (id == ID_BLOCK_GROUP) {
            for (size_t g = body; g < body + size;) {
                uint64_t gid, gsize;
                int gil, gsl;
                if (!rs_ebml_vint(buf + g, body + size - g, 1, &gid, &gil) ||
                    !rs_ebml_vint(buf + g + gil, body + size - g - (size_t)gil, 0, &gsize, &gsl))
                    break;
                size_t gbody = g + (size_t)gil + (size_t)gsl;
                if (gsize == RS_EBML_UNKNOWN_SIZE || gsize > body + size - gbody) break;
                if (gid == ID_BLOCK) {
                    block = buf + gbody;
                    block_size = gsize;
                } else if (gid == ID_BLOCK_DURATION && gsize <= 8) {
                    duration = rs_ebml_unsigned(buf + gbody, gsize);
                }
                g = gbody + (size_t)gsize;
            }
        }
        if (block && !take_block(facts, block, block_size, (int64_t)cluster_time, duration)) break;
        if (block) (*blocks)++;
        at = body + (size_t)size;
    }
    return at;
}

int rs_mkv_needs_tail(const rs_mkv_facts *facts) { return facts->duration < 0 || !facts->segment_size_known; }

void rs_mkv_read_tail(const rs_source *src, rs_mkv_facts *facts) {
    if (facts->track_count == 0) return;
    // The first Cluster's Timecode: where the timeline starts.
    int64_t first_timecode = 0;
    {
        uint64_t id, size;
        int header;
        int64_t at = 0;
        if (!element_at(src, 0, &id, &size, &header) || id != RS_EBML_ID_EBML || size == RS_EBML_UNKNOWN_SIZE) return;
        at = header + (int64_t)size;
        if (!element_at(src, at, &id, &size, &header) || id != RS_EBML_ID_SEGMENT) return;
        at += header;
        for (int count = 0; count < 64 && at < src->size; count++) {
            if (!element_at(src, at, &id, &size, &header)) return;
            if (id == RS_EBML_ID_CLUSTER) {
                uint8_t head[32];
                int64_t data = at + header;
                size_t n = src->size - data < (int64_t)sizeof head ? (size_t)(src->size - data) : sizeof head;
                rs_mkv_facts scratch = *facts;
                int blocks;
                if (n > 0 && rs_read_at(src, data, head, n))
                    read_cluster(&scratch, head, 0, n, SIZE_MAX, &first_timecode, &blocks);
                break;
            }
            if (size == RS_EBML_UNKNOWN_SIZE || size > (uint64_t)(src->size - at - header)) return;
            at += header + (int64_t)size;
        }
    }
    // The last blocks of each track, in a window at the end of the file that grows (x4, to 16 MB)
    // while a track has none in it (the very last Cluster may hold only audio, say). Each window is
    // read in one forward pass: a Cluster's ID starts a read of its children, and the search goes
    // on where that read stopped, so no byte is read twice in a pass whatever the file holds.
    for (int64_t window = TAIL_FIRST_WINDOW;; window *= 4) {
        if (rs_deadline_passed(src->deadline)) return;
        int64_t start = src->size > window ? src->size - window : 0;
        size_t length = (size_t)(src->size - start);
        uint8_t *buf = malloc(length ? length : 1);
        if (!buf) return;
        if (!rs_read_at(src, start, buf, length)) {
            free(buf);
            return;
        }
        rs_mkv_facts found = *facts;
        for (int i = 0; i < found.track_count; i++)
            found.tracks[i].end = found.tracks[i].last_start = found.tracks[i].previous_start = -1;
        found.truncated_block = 0;
        int any = 0;
        for (size_t at = 0, steps = 0; at + 5 <= length; steps++) {
            if ((steps & 0x3FF) == 0 && rs_deadline_passed(src->deadline)) break;
            const uint8_t *hit = memchr(buf + at, 0x1F, length - at - 4);
            if (!hit) break;
            at = (size_t)(hit - buf);
            if (buf[at + 1] != 0x43 || buf[at + 2] != 0xB6 || buf[at + 3] != 0x75) {
                at++;
                continue;
            }
            uint64_t size;
            int sl;
            if (!rs_ebml_vint(buf + at + 4, length - at - 4, 0, &size, &sl)) {
                at++;
                continue;
            }
            size_t body = at + 4 + (size_t)sl;
            size_t end = size == RS_EBML_UNKNOWN_SIZE || size > length - body ? length : body + (size_t)size;
            rs_mkv_facts trial = found;
            int blocks;
            size_t stop = read_cluster(&trial, buf, body, end, length, NULL, &blocks);
            if (stop == 0) { // not a Cluster: a chance ID in some block's data
                at++;
                continue;
            }
            if (blocks > 0) {
                found = trial;
                any = 1;
            }
            at = stop; // past what was read, blocks or not: each byte once
        }
        free(buf);
        int missing = 0;
        for (int i = 0; i < found.track_count; i++)
            if (found.tracks[i].end < 0) missing++;
        if (any && (missing == 0 || start == 0 || window >= TAIL_MAX_WINDOW)) {
            found.tail_read = 1;
            *facts = found;
            // A last block without a duration lasts as long as the step before it.
            for (int i = 0; i < facts->track_count; i++) {
                rs_mkv_track *t = &facts->tracks[i];
                if (t->end <= t->last_start && t->last_start >= 0 && t->previous_start >= 0)
                    t->end = t->last_start + (t->last_start - t->previous_start);
                if (t->end >= 0) t->end -= first_timecode;
            }
            return;
        }
        if (start == 0 || window >= TAIL_MAX_WINDOW) return;
    }
}

double rs_mkv_first_track_end_seconds(const rs_mkv_facts *facts, int type) {
    for (int i = 0; i < facts->track_count; i++) {
        const rs_mkv_track *t = &facts->tracks[i];
        if (t->type == type) return t->end > 0 ? (double)t->end * (double)facts->timecode_scale / 1e9 : -1;
    }
    return -1;
}
