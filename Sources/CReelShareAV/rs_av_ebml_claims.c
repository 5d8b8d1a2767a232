// rs_av_ebml_claims.c: what a Matroska file claims that FFmpeg would work for out of proportion to
// its bytes (rs_mkv_claims in rs_av_ebml.h): its SimpleTags, and cue points out of time order,
// counted by walking element headers through a window, never held in memory.
#include "rs_av_ebml.h"

#include <stdio.h>
#include <stdlib.h>

enum {
    ID_SEEK_HEAD = 0x114D9B74, ID_SEEK = 0x4DBB, ID_SEEK_ID = 0x53AB, ID_SEEK_POSITION = 0x53AC, ID_TAGS = 0x1254C367,
    ID_TAG = 0x7373, ID_SIMPLE_TAG = 0x67C8, ID_CUES = 0x1C53BB6B, ID_CUE_POINT = 0xBB, ID_CUE_TIME = 0xB3,
};

typedef struct claims_walk {
    const rs_source *src;
    rs_window window;     // the headers read in order, a pread per 16 KB
    int64_t simple_tags;  // SimpleTags in every Tags element read
    int64_t cue_points;
    int64_t cues_backwards; // CuePoints whose time is before one read earlier
    uint64_t latest_cue;
    int64_t elements;       // headers read, for the deadline's check
    int timed_out;
} claims_walk;

/// An element's header at `at`, read through the walk's window.
static int claims_element_at(claims_walk *w, int64_t at, uint64_t *id, uint64_t *size, int *header) {
    uint8_t buffer[12];
    int64_t left = w->src->size - at;
    if (left < 2) return 0;
    size_t n = left < (int64_t)sizeof buffer ? (size_t)left : sizeof buffer;
    if (!rs_window_read(&w->window, at, buffer, n)) return 0;
    int id_len, size_len;
    if (!rs_ebml_vint(buffer, n, 1, id, &id_len) || !rs_ebml_vint(buffer + id_len, n - (size_t)id_len, 0, size, &size_len)) return 0;
    *header = id_len + size_len;
    return 1;
}

/// Calls `visit` for each element in [start, end) of the file, by its header (read through the
/// window): a list of any length is walked in time bounded by its bytes, never held in memory.
static void each_element(claims_walk *w, int64_t start, int64_t end, void (*visit)(claims_walk *, uint64_t, int64_t, uint64_t)) {
    int64_t at = start;
    while (at < end && !w->timed_out) {
        if ((++w->elements & 1023) == 0 && rs_deadline_passed(w->src->deadline)) {
            w->timed_out = 1;
            return;
        }
        uint64_t id, size;
        int header;
        if (!claims_element_at(w, at, &id, &size, &header)) return;
        int64_t body = at + header;
        if (size == RS_EBML_UNKNOWN_SIZE || size > (uint64_t)(end - body)) return;
        visit(w, id, body, size);
        at = body + (int64_t)size;
    }
}

static void visit_tag_child(claims_walk *w, uint64_t id, int64_t body, uint64_t size) {
    if (id != ID_SIMPLE_TAG) return;
    w->simple_tags++;
    each_element(w, body, body + (int64_t)size, visit_tag_child); // SimpleTags nest
}

static void visit_tags(claims_walk *w, uint64_t id, int64_t body, uint64_t size) {
    if (id == ID_TAG) each_element(w, body, body + (int64_t)size, visit_tag_child);
}

static void visit_cues(claims_walk *w, uint64_t id, int64_t body, uint64_t size) {
    if (id != ID_CUE_POINT) return;
    w->cue_points++;
    uint8_t point[64];
    size_t n = size < sizeof point ? (size_t)size : sizeof point;
    if (!rs_window_read(&w->window, body, point, n)) return;
    for (size_t at = 0; at < n;) { // CueTime comes first in what muxers write; looked for in the first bytes
        uint64_t child, length;
        int cl, sl;
        if (!rs_ebml_vint(point + at, n - at, 1, &child, &cl) || !rs_ebml_vint(point + at + cl, n - at - (size_t)cl, 0, &length, &sl)) return;
        size_t data = at + (size_t)cl + (size_t)sl;
        if (length == RS_EBML_UNKNOWN_SIZE || length > n - data) return;
        if (child == ID_CUE_TIME && length >= 1 && length <= 8) {
            uint64_t time = rs_ebml_unsigned(point + data, length);
            if (time < w->latest_cue) w->cues_backwards++;
            else w->latest_cue = time;
            return;
        }
        at = data + (size_t)length;
    }
}

/// A Tags or Cues element at `at` (a Segment child, or where the SeekHead says).
static void read_listed(claims_walk *w, int64_t at, int64_t segment_end) {
    uint64_t id, size;
    int header;
    if (!claims_element_at(w, at, &id, &size, &header)) return;
    int64_t body = at + header;
    if (size == RS_EBML_UNKNOWN_SIZE || size > (uint64_t)(segment_end - body)) return;
    if (id == ID_TAGS) each_element(w, body, body + (int64_t)size, visit_tags);
    if (id == ID_CUES) each_element(w, body, body + (int64_t)size, visit_cues);
}

int rs_mkv_claims(const rs_source *src, char *message, size_t message_size) {
    claims_walk w = {.src = src, .window = {.src = src, .start = -1}};
    uint64_t id, size;
    int header;
    if (!claims_element_at(&w, 0, &id, &size, &header) || id != RS_EBML_ID_EBML || size == RS_EBML_UNKNOWN_SIZE) return 0;
    int64_t segment_at = header + (int64_t)size;
    uint64_t segment_size;
    if (segment_at > src->size || !claims_element_at(&w, segment_at, &id, &segment_size, &header) || id != RS_EBML_ID_SEGMENT) return 0;
    int64_t segment_data = segment_at + header;
    int64_t segment_end = segment_size == RS_EBML_UNKNOWN_SIZE || segment_size > (uint64_t)(src->size - segment_data)
                              ? src->size
                              : segment_data + (int64_t)segment_size;
    // The Segment's children up to the first Cluster, and those its SeekHeads list (mkvmerge and
    // FFmpeg write Tags and Cues after the Clusters, which FFmpeg reads when it opens the file).
    int64_t listed[32];
    int listed_count = 0;
    int64_t at = segment_data;
    for (int count = 0; count < 256 && at < segment_end; count++) {
        if (!claims_element_at(&w, at, &id, &size, &header) || id == RS_EBML_ID_CLUSTER || size == RS_EBML_UNKNOWN_SIZE) break;
        int64_t body = at + header;
        if (size > (uint64_t)(segment_end - body)) break;
        if (id == ID_TAGS || id == ID_CUES) read_listed(&w, at, segment_end);
        if (id == ID_SEEK_HEAD && size <= (1 << 16)) {
            uint8_t *data = malloc((size_t)size);
            if (data && rs_window_read(&w.window, body, data, (size_t)size)) {
                for (uint64_t s = 0; s < size && listed_count < 32;) {
                    uint64_t seek, length;
                    int cl, sl;
                    if (!rs_ebml_vint(data + s, (size_t)(size - s), 1, &seek, &cl) ||
                        !rs_ebml_vint(data + s + cl, (size_t)(size - s - (uint64_t)cl), 0, &length, &sl))
                        break;
                    uint64_t inner = s + (uint64_t)cl + (uint64_t)sl;
                    if (length == RS_EBML_UNKNOWN_SIZE || length > size - inner) break;
                    uint64_t target = 0, position = RS_EBML_UNKNOWN_SIZE;
                    for (uint64_t e = inner; seek == ID_SEEK && e < inner + length;) {
                        uint64_t field, field_length;
                        int fl, fsl;
                        if (!rs_ebml_vint(data + e, (size_t)(inner + length - e), 1, &field, &fl) ||
                            !rs_ebml_vint(data + e + fl, (size_t)(inner + length - e - (uint64_t)fl), 0, &field_length, &fsl))
                            break;
                        uint64_t value = e + (uint64_t)fl + (uint64_t)fsl;
                        if (field_length == RS_EBML_UNKNOWN_SIZE || field_length > inner + length - value) break;
                        if (field == ID_SEEK_ID) target = rs_ebml_unsigned(data + value, field_length);
                        if (field == ID_SEEK_POSITION) position = rs_ebml_unsigned(data + value, field_length);
                        e = value + field_length;
                    }
                    if ((target == ID_TAGS || target == ID_CUES) && position < (uint64_t)(segment_end - segment_data))
                        listed[listed_count++] = segment_data + (int64_t)position;
                    s = inner + length;
                }
            }
            free(data);
        }
        at = body + (int64_t)size;
    }
    for (int i = 0; i < listed_count; i++) read_listed(&w, listed[i], segment_end);
    if (w.timed_out) return -1;
    if (w.simple_tags > RS_MKV_MAX_SIMPLE_TAGS) {
        snprintf(message, message_size, "it has %lld tags (SimpleTag), more than the %d a file is read with", (long long)w.simple_tags,
                 RS_MKV_MAX_SIMPLE_TAGS);
        return 1;
    }
    if (w.cues_backwards > RS_MKV_MAX_BACKWARD_CUES) {
        snprintf(message, message_size,
                 "%lld of its %lld cue points (Cues) come before one listed earlier: more work than its bytes ask",
                 (long long)w.cues_backwards, (long long)w.cue_points);
        return 1;
    }
    return 0;
}
