// rs_av_claims.c: see rs_av_claims.h.
#include "rs_av_claims.h"
#include "rs_av_sniff.h"
#include "rs_av_ebml.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <libavformat/avformat.h>

static int refuse(rs_claims *claims, const char *text) {
    claims->refused = 1;
    snprintf(claims->message, sizeof claims->message, "%s", text);
    return RS_AVERROR_CLAIMS;
}

/// An ISO-BMFF file's claims: its tables, fragments and segment indexes against its bytes, its
/// boxes and tracks against what is read; edit lists long enough to cost FFmpeg a copy of the
/// index per entry are left to the walker.
static int check_iso(const rs_source *src, rs_iso_facts *facts, rs_claims *claims) {
    rs_iso_walk(src, facts);
    char text[256];
    switch (facts->stopped) {
    case RS_ISO_STOP_DEADLINE: return AVERROR_EXIT;
    case RS_ISO_STOP_BOXES:
        snprintf(text, sizeof text, "it has more than %d boxes: gave up after them", RS_ISO_MAX_BOXES);
        return refuse(claims, text);
    default: break;
    }
    if (facts->claim[0]) return refuse(claims, facts->claim);
    if (facts->sidx_backwards > RS_CLAIMS_MAX_BACKWARD_SIDX) {
        snprintf(text, sizeof text,
                 "%" PRId64 " of its %" PRId64 " segment indexes (sidx) point back before one read earlier: more work than its bytes ask",
                 facts->sidx_backwards, facts->sidx_count);
        return refuse(claims, text);
    }
    for (int i = 0; i < facts->track_count; i++)
        if (facts->tracks[i].edits > RS_CLAIMS_MAX_EDITS) claims->ignore_editlist = 1;
    return 0;
}

/// A PSI section being put together from the packets of one PID.
typedef struct ts_section {
    uint8_t data[1024 + 188];
    int length;   // bytes so far
    int expected; // the section's whole length; 0 while none is under way
} ts_section;

/// The entries of a whole section: the programmes of a PAT, the streams of a PMT.
static void ts_entries(const uint8_t *section, int length, int pid, uint8_t *pmt, uint8_t *stream, int *programs,
                       int *streams) {
    if (length < 12) return;
    int table = section[0], last = length - 4; // the entries end before the CRC
    if (pid == 0 && table == 0x00) {
        for (int e = 8; e + 4 <= last; e += 4) {
            int number = section[e] << 8 | section[e + 1], target = (section[e + 2] & 0x1F) << 8 | section[e + 3];
            if (number != 0 && !pmt[target]) pmt[target] = 1, (*programs)++;
        }
    } else if (pid != 0 && table == 0x02) {
        int info = (section[10] & 0x0F) << 8 | section[11];
        for (int e = 12 + info; e + 5 <= last;) {
            int target = (section[e + 1] & 0x1F) << 8 | section[e + 2];
            int descriptors = (section[e + 3] & 0x0F) << 8 | section[e + 4];
            if (!stream[target]) stream[target] = 1, (*streams)++;
            e += 5 + descriptors;
        }
    }
}

/// An MPEG-TS's programme tables in its first RS_CLAIMS_TS_HEAD bytes: the programmes its PAT
/// lists (each a PMT PID) and the elementary streams their PMTs list, each PID once, sections put
/// together across packets (a PAT of 250 programmes spans six). 1 with the claim for a file that
/// declares more streams than a probe reads.
static int check_ts(const rs_source *src, rs_claims *claims) {
    uint8_t packet[188];
    int stride = 0, offset = 0;
    if (rs_read_at(src, 0, packet, 1) && packet[0] == 0x47) stride = 188;
    else if (rs_read_at(src, 4, packet, 1) && packet[0] == 0x47) stride = 192, offset = 4; // M2TS
    if (!stride || !rs_read_at(src, stride + offset, packet, 1) || packet[0] != 0x47) return 0;
    enum { PIDS = 8192, SECTIONS = 256 };
    uint8_t *pmt = calloc(PIDS, 2);
    ts_section *sections = calloc(SECTIONS, sizeof *sections);
    short *slot = calloc(PIDS, sizeof *slot); // a PID's section buffer, plus one; 0 none yet
    if (!pmt || !sections || !slot) {
        free(pmt), free(sections), free(slot);
        return 0;
    }
    uint8_t *stream = pmt + PIDS;
    int programs = 0, streams = 0, used = 0;
    int64_t end = src->size < RS_CLAIMS_TS_HEAD ? src->size : RS_CLAIMS_TS_HEAD;
    for (int64_t at = offset; at + 188 <= end; at += stride) {
        if (!rs_read_at(src, at, packet, 188) || packet[0] != 0x47) break;
        int pid = (packet[1] & 0x1F) << 8 | packet[2];
        if ((pid != 0 && !pmt[pid]) || !(packet[3] & 0x10)) continue; // not a table wanted, or no payload
        if (!slot[pid]) {
            if (used == SECTIONS) continue;
            slot[pid] = (short)++used;
        }
        ts_section *t = &sections[slot[pid] - 1];
        int payload = 4 + ((packet[3] & 0x20) ? 1 + packet[4] : 0);
        if (payload >= 188) continue;
        if (packet[1] & 0x40) { // a section starts here, after the pointer field
            int start = payload + 1 + packet[payload];
            if (start + 3 > 188) continue;
            t->length = 0;
            t->expected = 3 + ((packet[start + 1] & 0x0F) << 8 | packet[start + 2]);
            payload = start;
        } else if (t->expected == 0) {
            continue;
        }
        int n = 188 - payload;
        if (t->length + n > (int)sizeof t->data) n = (int)sizeof t->data - t->length;
        memcpy(t->data + t->length, packet + payload, (size_t)n);
        t->length += n;
        if (t->length >= t->expected && t->expected <= 1024) {
            ts_entries(t->data, t->expected, pid, pmt, stream, &programs, &streams);
            t->expected = 0;
        }
    }
    free(pmt), free(sections), free(slot);
    if (programs <= RS_CLAIMS_MAX_STREAMS && streams <= RS_CLAIMS_MAX_STREAMS) return 0;
    claims->refused = 1;
    snprintf(claims->message, sizeof claims->message,
             "its programme tables declare %d programmes and %d streams, more than the %d streams a probe reads", programs,
             streams, RS_CLAIMS_MAX_STREAMS);
    return 1;
}

int rs_open_checked(rs_source *src, const char *name, rs_deadline *budget, rs_iso_facts *iso, rs_claims *claims,
                    AVFormatContext **out) {
    *out = NULL;
    memset(claims, 0, sizeof *claims);
    src->deadline = budget;
    uint8_t head[4];
    if (rs_iso_looks_like(src)) {
        rs_iso_facts local;
        int err = check_iso(src, iso ? iso : &local, claims);
        if (err < 0) return err;
    } else if (rs_read_at(src, 0, head, 4) && rs_be32(head) == 0x1A45DFA3) { // EBML: Matroska, WebM
        int refused = rs_mkv_claims(src, claims->message, sizeof claims->message);
        if (refused < 0) return AVERROR_EXIT;
        if (refused > 0) {
            claims->refused = 1;
            return RS_AVERROR_CLAIMS;
        }
    } else if (check_ts(src, claims)) {
        return RS_AVERROR_CLAIMS;
    } else {
        claims->ts_junk = rs_sniff_ts_after_junk(src);
    }
    AVDictionary *options = NULL;
    if (claims->ignore_editlist) av_dict_set(&options, "ignore_editlist", "1", 0);
    int err = rs_open_input(src, name, budget, &options, claims->ts_junk > 0 ? av_find_input_format("mpegts") : NULL, out);
    av_dict_free(&options);
    if (err >= 0 && rs_deadline_passed(budget)) {
        rs_close_input(out);
        return AVERROR_EXIT;
    }
    return err;
}

rs_av_status rs_open_failure(int err, const rs_claims *claims, const rs_deadline *budget, char *message, size_t message_size) {
    if (err == RS_AVERROR_CLAIMS) return rs_fail(RS_AV_CORRUPT, message, message_size, claims->message, 0);
    if (rs_deadline_passed(budget)) return rs_fail(RS_AV_TIMEOUT, message, message_size, RS_TIMEOUT_TEXT, 0);
    return rs_fail(RS_AV_CORRUPT, message, message_size, "FFmpeg cannot read it", err);
}
