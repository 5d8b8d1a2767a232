// rs_av_sniff.c: see rs_av_sniff.h.
#include "rs_av_sniff.h"

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

const char *rs_sniff_trailer(const rs_source *src) {
    uint8_t tail[4];
    if (src->size < 8 || !rs_read_at(src, src->size - 4, tail, 4)) return NULL;
    if (memcmp(tail, "SEFT", 4) == 0) return "Samsung SEF";
    return NULL;
}
