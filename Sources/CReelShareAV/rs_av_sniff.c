// rs_av_sniff.c: see rs_av_sniff.h.
#include "rs_av_sniff.h"
#include "rs_av_iso.h"

#include <stdio.h>
#include <string.h>
#include <strings.h>

#include <libavformat/avformat.h>

/// What a file FFmpeg could not open is, when its first bytes are text that no demuxer claims by
/// content: "an HTML page" or "text"; NULL otherwise. Text is UTF-8 by its byte patterns (lead
/// and continuation bytes; overlong forms are not looked for) with no control character but tab,
/// line feed, form feed and carriage return in the first 512 bytes. A download that failed is
/// often an HTML page saved under the clip's name: FFmpeg then picks a demuxer by the name's
/// extension alone and says "moov atom not found", which sends people looking for a broken MP4.
/// Text formats FFmpeg reads (Y4M, subtitles, playlists) score by content and keep FFmpeg's words.
const char *rs_sniff_text_kind(const rs_source *src) {
    enum { HEAD = 2048, TEXT = 512 };
    uint8_t head[HEAD + AVPROBE_PADDING_SIZE] = {0};
    size_t got = src->size < HEAD ? (size_t)src->size : HEAD;
    if (got == 0 || !rs_read_at(src, 0, head, got)) return NULL;
    size_t n = got < TEXT ? got : TEXT;
    size_t i = n >= 3 && head[0] == 0xEF && head[1] == 0xBB && head[2] == 0xBF ? 3 : 0; // UTF-8 BOM
    size_t start = i;
    while (i < n) {
        uint8_t b = head[i];
        if (b < 0x80) {
            if ((b < 0x20 && b != '\t' && b != '\n' && b != '\f' && b != '\r') || b == 0x7F) return NULL;
            i++;
            continue;
        }
        size_t length = b >= 0xC2 && b <= 0xDF ? 2 : b >= 0xE0 && b <= 0xEF ? 3 : b >= 0xF0 && b <= 0xF4 ? 4 : 0;
        if (length == 0) return NULL;
        if (i + length > got) return NULL; // a character cut by the file's end
        for (size_t k = 1; k < length; k++)
            if ((head[i + k] & 0xC0) != 0x80) return NULL;
        i += length;
    }
    AVProbeData probe = {.filename = "", .buf = head, .buf_size = (int)got};
    int score = 0;
    av_probe_input_format3(&probe, 1, &score); // two demuxers tied: no format, yet a score
    if (score > 0) return NULL;
    while (start < n && (head[start] == ' ' || (head[start] >= '\t' && head[start] <= '\r'))) start++;
    const char *html[] = {"<!doctype html", "<html"};
    for (size_t h = 0; h < sizeof html / sizeof html[0]; h++) {
        size_t length = strlen(html[h]);
        if (n - start >= length && strncasecmp((const char *)head + start, html[h], length) == 0) return "an HTML page";
    }
    return "text";
}

/// Whether an MPEG-TS file ends inside a packet: its packets (188 bytes; 192 for M2TS, whose sync
/// byte comes after a 4-byte time code; 204 with Reed-Solomon bytes) are in step from the start,
/// the last whole one too, and the bytes after it start a packet that the file does not finish.
/// Bytes that merely follow the last packet (padding, junk) do not start with a sync byte.
int rs_sniff_ts_cut_mid_packet(const rs_source *src) {
    enum { SYNC = 0x47 };
    uint8_t head[412];
    if (src->size < (int64_t)sizeof head || !rs_read_at(src, 0, head, sizeof head)) return 0;
    int size = 0, offset = 0;
    if (head[0] == SYNC && head[188] == SYNC && head[376] == SYNC) size = 188;
    else if (head[4] == SYNC && head[196] == SYNC && head[388] == SYNC) size = 192, offset = 4;
    else if (head[0] == SYNC && head[204] == SYNC && head[408] == SYNC) size = 204;
    else return 0;
    int64_t tail = src->size % size;
    if (tail == 0) return 0;
    int64_t partial = src->size - tail;
    uint8_t last, next;
    if (!rs_read_at(src, partial - size + offset, &last, 1) || last != SYNC) return 0;
    if (tail <= offset) return 0; // too few bytes to tell a cut from junk
    return rs_read_at(src, partial + offset, &next, 1) && next == SYNC;
}

int64_t rs_sniff_ts_after_junk(const rs_source *src) {
    enum { SYNC = 0x47, PACKET = 188, RUN = 5, WINDOW = 1 << 16 };
    int64_t span = src->size < WINDOW + PACKET * RUN ? src->size : WINDOW + PACKET * RUN;
    if (span < PACKET * RUN) return 0;
    uint8_t *head = av_malloc((size_t)span);
    if (!head) return 0;
    int64_t found = 0;
    if (rs_read_at(src, 0, head, (size_t)span) && head[0] != SYNC) {
        for (int64_t at = 1; at + PACKET * (RUN - 1) < span && at < WINDOW; at++) {
            int run = 0;
            while (run < RUN && head[at + (int64_t)run * PACKET] == SYNC) run++;
            if (run == RUN) {
                found = at;
                break;
            }
        }
    }
    av_free(head);
    return found;
}

const char *rs_sniff_trailer(const rs_source *src) {
    uint8_t tail[4];
    if (src->size < 8 || !rs_read_at(src, src->size - 4, tail, 4)) return NULL;
    if (memcmp(tail, "SEFT", 4) == 0) return "Samsung SEF";
    return NULL;
}

// MARK: - A file FFmpeg does not open

static rs_av_status status_for(int err, const rs_deadline *d) {
    if (rs_deadline_passed(d)) return RS_AV_TIMEOUT;
    if (err == AVERROR(ENOENT)) return RS_AV_NOT_FOUND;
    if (err == AVERROR(EACCES) || err == AVERROR(EISDIR) || err == AVERROR(EIO)) return RS_AV_UNREADABLE;
    return RS_AV_CORRUPT; // ENOMEM here means the file asked for an absurd allocation
}

rs_av_status rs_sniff_open_failure(rs_source *src, int err, const rs_deadline *budget, const char *logged, char *message,
                                   size_t message_size) {
    rs_iso_facts iso;
    rs_iso_walk(src, &iso);
    if (iso.has_ftyp && iso.past_eof) // an MP4/MOV cut short: say so, not "unrecognised"
        return rs_fail(RS_AV_CORRUPT, message, message_size,
                       iso.moov_offset < 0 ? "truncated: the file ends inside the media data and its index (moov) is missing"
                                           : "truncated: the file ends inside its index (moov)",
                       0);
    if (src->size == 0) return rs_fail(RS_AV_CORRUPT, message, message_size, "empty file", 0);
    if (err == AVERROR(EFBIG)) return rs_fail(RS_AV_TIMEOUT, message, message_size, RS_BYTES_TEXT, 0);
    rs_av_status status = status_for(err, budget);
    if (status == RS_AV_TIMEOUT) return rs_fail(status, message, message_size, RS_TIMEOUT_TEXT, 0);
    // Only where FFmpeg found nothing it could read: a failed read stays a failed read.
    const char *text =
        err == AVERROR_INVALIDDATA || err == AVERROR(EINVAL) || err == AVERROR(EPERM) ? rs_sniff_text_kind(src) : NULL;
    if (text) {
        snprintf(message, message_size, "not a recognised video, audio or image file: it is %s", text);
        return RS_AV_UNSUPPORTED;
    }
    if (logged[0]) { // FFmpeg recognised the format and said what is wrong with it
        snprintf(message, message_size, "FFmpeg cannot read it: %s", logged);
        return RS_AV_CORRUPT;
    }
    if (err == AVERROR_INVALIDDATA || err == AVERROR(EINVAL) || err == AVERROR(EPERM))
        return rs_fail(RS_AV_UNSUPPORTED, message, message_size, "not a recognised video, audio or image file", 0);
    return rs_fail(status, message, message_size, "FFmpeg cannot read it", err);
}
