// rs_av_claims: what a file claims, held to its bytes before FFmpeg believes it, inside
// CReelShareAV only. FFmpeg's demuxers allocate and work for what a header states (an index entry
// per sample a table claims, a copy of the index per edit, an insertion into one sorted index per
// segment index); that work runs between reads, where no time budget reaches it. The structure
// walkers read the same headers first, in time and memory bounded by the file's bytes, and a file
// that claims more than its bytes can back is refused with what it claims. Every FFmpeg open goes
// through rs_open_checked.
#ifndef RS_AV_CLAIMS_H
#define RS_AV_CLAIMS_H

#include "rs_av_iso.h"
#include "rs_av_source.h"

struct AVFormatContext;

/// The error rs_open_checked returns for a file refused for its claims (`claims->message` says which).
#define RS_AVERROR_CLAIMS (-(int)(('R') | ('S' << 8) | ('C' << 16) | ((unsigned)'L' << 24)))

enum {
    /// Edit-list entries of one track past which FFmpeg is told to leave the edit lists alone
    /// (it copies the track's index once per entry); the walker has their facts.
    RS_CLAIMS_MAX_EDITS = 64,
    /// Segment indexes (sidx) that point before one already read, past which a file is refused.
    RS_CLAIMS_MAX_BACKWARD_SIDX = 1000,
    /// The streams a probe reads: a file that declares more is refused (an MPEG-TS before FFmpeg
    /// allocates for each of its programmes' PIDs, other containers once FFmpeg opened them).
    RS_CLAIMS_MAX_STREAMS = RS_AV_MAX_STREAMS,
    /// How much of an MPEG-TS's start is read for its programme tables.
    RS_CLAIMS_TS_HEAD = 4 << 20,
};

typedef struct rs_claims {
    int refused;
    char message[256];
    int ignore_editlist; // FFmpeg was told to leave the edit lists alone
    /// Bytes before an MPEG-TS file's first transport packet (junk), which FFmpeg's probe reads as
    /// MPEG-PS: the file is opened as MPEG-TS, whose demuxer finds its packets; 0 otherwise.
    int64_t ts_junk;
} rs_claims;

/// Holds the file's claims to its bytes (ISO-BMFF: its boxes walked into `iso`, when not NULL),
/// then opens it with FFmpeg (rs_open_input). Returns FFmpeg's error code, RS_AVERROR_CLAIMS for a
/// file refused for its claims, or AVERROR_EXIT when the time budget ran out, during the walk or
/// inside FFmpeg's open (whose interrupted reads FFmpeg takes for the end of the file: what it
/// opened then is not the file).
int rs_open_checked(rs_source *_Nonnull src, const char *_Nonnull name, rs_deadline *_Nonnull budget, rs_iso_facts *_Nullable iso,
                    rs_claims *_Nonnull claims, struct AVFormatContext *_Nullable *_Nonnull out);

/// The words and status of a failed rs_open_checked for a caller other than the probe: the claim,
/// the time budget, or FFmpeg's words.
rs_av_status rs_open_failure(int err, const rs_claims *_Nonnull claims, const rs_deadline *_Nonnull budget,
                             char *_Nonnull message, size_t message_size);

#endif
