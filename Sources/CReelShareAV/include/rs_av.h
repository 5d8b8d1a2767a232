// rs_av: a flat C API over libavformat/libavcodec for probing video files.
//
// Every FFmpeg pointer, macro and error code stays behind this header. The caller gets one plain
// struct of numbers and static strings (FFmpeg's own name tables, never freed) and a status code
// with a message.
#ifndef RS_AV_H
#define RS_AV_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef enum rs_av_status {
    RS_AV_OK = 0,
    RS_AV_NOT_FOUND = 1,   // the file does not exist
    RS_AV_UNREADABLE = 2,  // exists but cannot be opened or read (permissions, I/O)
    RS_AV_CORRUPT = 3,     // FFmpeg cannot parse it, or a stream is broken
    RS_AV_UNSUPPORTED = 4, // parsed, but holds no audio or video stream
    RS_AV_TIMEOUT = 5,     // the time or byte budget ran out
    RS_AV_INTERNAL = 6,    // out of memory or an unexpected FFmpeg failure
    RS_AV_TOO_LARGE = 7,   // absurd dimensions or stream counts, refused before decoding
    RS_AV_OUTPUT = 8,      // fix: the output could not be written (a full disk, say)
} rs_av_status;

/// The demuxer FFmpeg chose, as reelshare tells them apart.
typedef enum rs_av_demuxer_kind {
    RS_AV_DEMUXER_OTHER = 0,
    RS_AV_DEMUXER_ISO = 1,        // ISO-BMFF: MP4, MOV, M4A, 3GP, 3G2, MJ2 ("mov,mp4,m4a,3gp,3g2,mj2")
    RS_AV_DEMUXER_MATROSKA = 2,   // Matroska and WebM ("matroska,webm")
    RS_AV_DEMUXER_MPEGTS = 3,     // MPEG-TS and M2TS
    RS_AV_DEMUXER_TTY = 4,        // text shown as ANSI art, chosen by the name's extension alone
    RS_AV_DEMUXER_IMAGE_FILE = 5, // one image, chosen by the name's extension ("image2")
    RS_AV_DEMUXER_IMAGE_PIPE = 6, // one image, recognised by its content ("png_pipe"...)
} rs_av_demuxer_kind;

/// How the picture is scanned: whole frames, or fields in an order (coded, then displayed).
typedef enum rs_av_field_order {
    RS_AV_FIELD_UNKNOWN = 0,
    RS_AV_FIELD_PROGRESSIVE = 1,
    RS_AV_FIELD_TT = 2, // top field coded and shown first
    RS_AV_FIELD_BB = 3, // bottom first
    RS_AV_FIELD_TB = 4, // top coded first, bottom shown first
    RS_AV_FIELD_BT = 5, // bottom coded first, top shown first
} rs_av_field_order;

/// The chroma subsampling of the pixel format, from FFmpeg's own descriptor of it.
typedef enum rs_av_chroma {
    RS_AV_CHROMA_UNKNOWN = 0,
    RS_AV_CHROMA_420 = 1,
    RS_AV_CHROMA_422 = 2,
    RS_AV_CHROMA_444 = 3, // RGB formats too: no subsampling
    RS_AV_CHROMA_411 = 4,
    RS_AV_CHROMA_440 = 5,
    RS_AV_CHROMA_400 = 6, // grey: no chroma at all
} rs_av_chroma;

/// Where duration_seconds comes from.
typedef enum rs_av_duration_source {
    RS_AV_DURATION_UNKNOWN = 0, // no duration: duration_unknown_reason says why
    RS_AV_DURATION_HEADER = 1,  // the container states it
    RS_AV_DURATION_TAIL = 2,    // the last Matroska Cluster
    RS_AV_DURATION_PACKETS = 3, // a scan of every packet
} rs_av_duration_source;

/// The codecs reelshare acts on by themselves (a rewrap, a retag, a copy into a container); every
/// codec has its FFmpeg name in video_codec or audio_codec.
typedef enum rs_av_codec_id {
    RS_AV_CODEC_OTHER = 0,
    RS_AV_CODEC_H264 = 1,
    RS_AV_CODEC_HEVC = 2,
    RS_AV_CODEC_VP8 = 3,
    RS_AV_CODEC_VP9 = 4,
    RS_AV_CODEC_AV1 = 5,
    RS_AV_CODEC_AAC = 6,
    RS_AV_CODEC_OPUS = 7,
    RS_AV_CODEC_VORBIS = 8,
    RS_AV_CODEC_MP3 = 9,
} rs_av_codec_id;

/// What the video track's edit list does to its presentation (ISO-BMFF).
typedef enum rs_av_edit_effect {
    RS_AV_EDIT_ABSENT = 0,  // no edit list
    RS_AV_EDIT_NO_CHANGE = 1,    // shows the whole media from its first frame at rate 1 (the B-frame delay)
    RS_AV_EDIT_TRIM = 2,    // cuts the start or the end
    RS_AV_EDIT_DELAY = 3,   // an empty edit first: the video starts later
    RS_AV_EDIT_RATE = 4,    // plays at another rate
    RS_AV_EDIT_COMPLEX = 5, // several pieces, or a delay and a cut
} rs_av_edit_effect;

enum { RS_AV_MAX_OTHER_STREAMS = 8 };

/// What a stream carries, as its codec parameters say.
typedef enum rs_av_stream_kind {
    RS_AV_STREAM_UNKNOWN = 0,
    RS_AV_STREAM_VIDEO = 1,
    RS_AV_STREAM_AUDIO = 2,
    RS_AV_STREAM_SUBTITLE = 3,
    RS_AV_STREAM_DATA = 4,       // timecode, telemetry, chapters as a track
    RS_AV_STREAM_ATTACHMENT = 5, // a font or a file carried in Matroska
} rs_av_stream_kind;

/// The most streams a file is read with (more: RS_AV_TOO_LARGE), each listed.
enum { RS_AV_MAX_STREAMS = 100 };

/// One of the file's streams, as listed: every stream is, the two a probe describes and the rest.
typedef struct rs_av_stream_entry {
    int index;              // in the file, as FFmpeg numbers them (ffmpeg -map 0:INDEX)
    rs_av_stream_kind kind;
    int cover_art;          // 1 for a picture attached to the file, not a video to play
    char codec[24];         // FFmpeg's codec name ("mov_text", "bin_data"); "" when it has none
} rs_av_stream_entry;

/// A stream FFmpeg cannot describe (no codec it knows): left out of the probe, listed.
typedef struct rs_av_other_stream {
    int index;                  // the stream's index in the file
    rs_av_stream_kind kind;     // video, audio, or RS_AV_STREAM_UNKNOWN when the container does not say
    char tag[8];                // the sample entry's or codec's four characters ("ac-4"), "" when none
} rs_av_other_stream;

/// Values meaning "unknown" in rs_av_info, one per type: -1 for an integer (a count, a size, a
/// rate, a flag that may be unknown), a negative double, NULL for a string, "" for a character
/// array, an enum's _UNKNOWN (or _OTHER) case, and 0:0 for the sample aspect ratio (as FFmpeg
/// writes an unknown ratio). Each string points into FFmpeg's or this library's static tables;
/// the struct holds no pointer into itself, so a copy of it is whole.
typedef struct rs_av_info {
    int64_t file_size;
    /// "mp4", "mov", "m4a", "3gp", "3g2", "webm", "matroska", or FFmpeg's short demuxer name.
    const char *_Nullable container;
    /// Which of FFmpeg's demuxers read it.
    rs_av_demuxer_kind demuxer_kind;
    double duration_seconds;
    int64_t format_bit_rate;
    int video_stream_count;
    int audio_stream_count;
    int other_stream_count;  // streams FFmpeg cannot describe, listed in other_streams
    rs_av_other_stream other_streams[RS_AV_MAX_OTHER_STREAMS];
    /// The streams described below, by their index in the file; -1 when there is none.
    int video_index;
    int audio_index;
    int stream_count;        // every stream of the file, listed in streams
    rs_av_stream_entry streams[RS_AV_MAX_STREAMS];

    int has_video;
    const char *_Nullable video_codec;
    rs_av_codec_id video_codec_id;
    const char *_Nullable video_profile;
    int width;
    int height;
    int rotation;            // clockwise degrees to apply on display: 0, 90, 180, 270
    int mirrored;            // 1 when the display matrix flips the picture
    double frame_rate;       // average frames per second
    const char *_Nullable pixel_format;
    rs_av_chroma chroma;     // the pixel format's subsampling
    int rgb;                 // 1 when its planes are R, G and B (GBR, RGB24...), 0 not, -1 unknown
    int bit_depth;
    int64_t video_bit_rate;
    /// The colour the container states (an MP4's colr box, Matroska's Colour, or what FFmpeg's
    /// decoder found where it states none), by FFmpeg's names; NULL unsaid.
    const char *_Nullable color_transfer;
    const char *_Nullable color_primaries;
    const char *_Nullable color_matrix;
    int color_range;         // 1 full, 0 limited, -1 unsaid
    /// The colour the bitstream describes (H.264 and HEVC VUI, the AV1 sequence header, a VP9 key
    /// frame: its matrix and range only), which a decoder uses; NULL, -1 where it says nothing.
    const char *_Nullable stream_color_transfer;
    const char *_Nullable stream_color_primaries;
    const char *_Nullable stream_color_matrix;
    int stream_color_range;
    /// The pictures the bitstream declares a decoder keeps: H.264's max_num_ref_frames (for
    /// reference; 0 intra-only), HEVC's sps_max_dec_pic_buffering (reference and reordering); -1 unsaid.
    int reference_frames;
    int video_alpha;         // 1 when the picture carries transparency (WebM alpha_mode)

    int has_audio;
    const char *_Nullable audio_codec;
    rs_av_codec_id audio_codec_id;
    int sample_rate;
    int channels;
    int64_t audio_bit_rate;
    /// ISO-BMFF: the samples decoded before the audio's start that its edit list hides (an
    /// encoder's priming: AAC's 1024 or 2112), 0 when none, -1 unknown.
    int audio_priming;
    /// The packets wholly before the audio's start when the priming ends where a packet starts;
    /// -1 when it ends inside one (or is unknown).
    int audio_priming_packets;

    int fast_start;          // ISO-BMFF only: 1 when moov precedes mdat, 0 when not, -1 otherwise
    int edit_list;           // ISO-BMFF only: 1 when a track carries an edit list, 0, -1 otherwise
    /// ISO-BMFF: what the video track's edit list does.
    rs_av_edit_effect edit_list_effect;
    int fragmented;          // ISO-BMFF: 1 when the media is in movie fragments (moof)
    /// When the video's first frame is shown, after the sound starts: an MP4's empty edit
    /// (-output_ts_offset) less the sound's, or a Matroska video track's first block after the
    /// sound's first decoded sample (0 when within a millisecond of it); < 0 otherwise.
    double start_seconds;
    /// When the sound's first decoded sample plays after the picture's first frame, by more than
    /// a millisecond: Matroska's first blocks (a browser's MediaRecorder starts its sound 30 ms
    /// late), or an MP4's empty edits (a phone's AAC 43 ms late); < 0 otherwise.
    double audio_start_seconds;
    int truncated;           // 1 when indexed media data lies past the end of the file
    /// ISO-BMFF: bytes after the last box that are no box (a phone's trailer, junk), 0 when none;
    /// -1 for other containers.
    int64_t trailing_bytes;
    /// What those bytes are, when known ("Samsung SEF"); NULL otherwise.
    const char *_Nullable trailer;
    /// MPEG-TS: the bytes before its first transport packet (a capture's junk, which may lie
    /// between its packets too), which made it read as MPEG-TS rather than as FFmpeg's probe
    /// guesses; 0 when none.
    int64_t leading_junk;

    /// Where duration_seconds comes from; unknown with the reason in duration_unknown_reason.
    rs_av_duration_source duration_from;
    const char *_Nullable duration_unknown_reason;
    double video_duration_seconds; // the video stream's own length; < 0 unknown
    double audio_duration_seconds;

    char video_codec_tag[8]; // the sample entry's four characters ("hvc1", "hev1"), "" when none
    int sar_num;             // sample aspect ratio; 0:0 when unknown (square is 1:1)
    int sar_den;
    int time_base_num;       // the video stream's timestamps' unit (Matroska 1/1000); 0:0 when none
    int time_base_den;
    rs_av_field_order field_order;

    // Filled only by a deep probe.
    int deep;
    int64_t video_packets;
    int64_t keyframes;
    int64_t open_keyframes;       // keyframes that start an open group of pictures (H.264, HEVC)
    double max_keyframe_interval; // seconds between consecutive keyframes, the largest seen
    /// 1 when some frame interval differs from the median interval by more than 5% (and more than
    /// 1.5 time-base ticks), the last frame not counted: rounded timestamps (33/34 ms) are constant.
    int variable_frame_rate;
    int decoded;                  // 1 when the first video frame decoded
} rs_av_info;

/// What decoding every video frame found.
typedef struct rs_av_decode_result {
    int64_t packets;             // video packets sent to the decoder
    int64_t frames;              // video frames decoded
    int64_t errors;              // packets whose decoding logged an error or came out concealed, or
                                 // the packets refused, whichever is more
    double first_error_seconds;  // the presentation time of the first damaged packet; < 0 unknown or none
    char message[256];           // the decoder's words for that packet; "" when none
} rs_av_decode_result;

/// Silences FFmpeg's logging. Safe to call more than once, from any thread.
void rs_av_init(void);

/// Probes the regular file open on `fd` (read with pread; the position is not used or changed)
/// and fills `info`. `name` is only a hint for FFmpeg's format probing (its extension). `deep`
/// scans every packet and decodes the first video frame. `timeout_seconds` <= 0 means no time
/// budget. On failure a one-line reason (lower case, no file name) is written to `message`.
rs_av_status rs_av_probe_descriptor(int fd, const char *_Nonnull name, int deep, double timeout_seconds,
                                    rs_av_info *_Nonnull info, char *_Nonnull message,
                                    size_t message_size);

/// Probes a file held in memory (for fuzzing): the same code, reading the buffer.
rs_av_status rs_av_probe_memory(const uint8_t *_Nonnull data, size_t size, int deep,
                                double timeout_seconds, rs_av_info *_Nonnull info,
                                char *_Nonnull message, size_t message_size);

/// Decodes every frame of the best video stream of the file open on `fd` with the decoder's own
/// threads (`threads` 0: as many as cores), as `ffmpeg -i FILE -f null -` does, and counts what
/// does not decode cleanly, the same every time; a file with damage is decoded a second time on
/// one thread for the count. Same budgets and failures as a probe.
rs_av_status rs_av_decode_descriptor(int fd, const char *_Nonnull name, int threads, double timeout_seconds,
                                     rs_av_decode_result *_Nonnull result, char *_Nonnull message,
                                     size_t message_size);

/// Versions of the libraries this binary runs with, as "major.minor.micro", and of the FFmpeg
/// release ("7.1.3-0+deb13u1").
/// FFmpeg's name of an ITU-T H.273 code point (a HEIF colr box's nclx): `kind` 0 colour
/// primaries, 1 transfer characteristics, 2 matrix coefficients. NULL for "unspecified", reserved
/// and unknown values.
const char *_Nullable rs_av_cicp_name(int kind, int value);

const char *_Nonnull rs_av_format_version(void);
const char *_Nonnull rs_av_codec_version(void);
const char *_Nonnull rs_av_ffmpeg_version(void);
/// The same for the headers this binary was compiled against.
const char *_Nonnull rs_av_format_built_version(void);
const char *_Nonnull rs_av_codec_built_version(void);
const char *_Nonnull rs_av_ffmpeg_built_version(void);
/// 1 in the portable build, whose FFmpeg (libavfilter too) is linked in statically
/// (RS_AVFILTER_LINKED); 0 where the system's shared libraries are loaded.
int rs_av_linked_statically(void);

#ifdef __cplusplus
}
#endif

#endif
