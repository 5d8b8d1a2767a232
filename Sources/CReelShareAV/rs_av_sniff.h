// rs_av_sniff: what the first and last bytes of a file say where FFmpeg's demuxers say nothing, and
// what to say of a file FFmpeg does not open,
// inside CReelShareAV only.
#ifndef RS_AV_SNIFF_H
#define RS_AV_SNIFF_H

#include "rs_av_source.h"

/// "an HTML page" or "text" for a file of text that no demuxer claims by content; NULL otherwise.
const char *rs_sniff_text_kind(const rs_source *src);
/// What the bytes appended to a file are, by the marker they end with: "Samsung SEF" (Samsung
/// Galaxy phones' Samsung Extended Format trailer, which ends "SEFT"); NULL when unknown.
const char *rs_sniff_trailer(const rs_source *src);
/// Whether an MPEG-TS (or M2TS) file ends inside a packet.
int rs_sniff_ts_cut_mid_packet(const rs_source *src);
/// Where the transport packets of an MPEG-TS start after bytes that are none (a capture's junk,
/// which may lie between its packets too): the first of five sync bytes 188 apart, within the
/// first 64 KiB; 0 for a file that starts with one, or none found.
int64_t rs_sniff_ts_after_junk(const rs_source *src);

/// The status and message for a file avformat_open_input refused with `err`: an MP4/MOV cut short,
/// an empty file, a spent budget, text or a web page, what FFmpeg logged (`logged`), or FFmpeg's
/// own words, in that order.
rs_av_status rs_sniff_open_failure(rs_source *src, int err, const rs_deadline *budget, const char *logged, char *message,
                                   size_t message_size);

#endif
