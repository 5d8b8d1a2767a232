// rs_fix: carries out a fix plan in process with libavformat, libavcodec and libavfilter: a remux
// (the plan's streams' packets copied into MP4 or WebM, the index first, a sample entry retagged,
// the edit list left out), a cut (at a keyframe by copying, or exactly by re-encoding), a loop,
// and a transcode of only the streams that need it (libx264 through the plan's filter graph and
// with its options; AAC or Opus through the plan's audio graph), as ReelShareKit's FFmpegJob
// compiled it.
#ifndef RS_FIX_H
#define RS_FIX_H

#include <stddef.h>
#include <stdint.h>

#include "rs_av.h"

#ifdef __cplusplus
extern "C" {
#endif

/// How the video stream is made: its packets copied, or decoded, filtered and encoded to H.264
/// High 8-bit 4:2:0 (libx264).
typedef enum rs_fix_video_mode { RS_FIX_VIDEO_COPY = 0, RS_FIX_VIDEO_ENCODE = 1 } rs_fix_video_mode;
/// How the audio stream is made, when there is one.
typedef enum rs_fix_audio_mode { RS_FIX_AUDIO_NONE = 0, RS_FIX_AUDIO_COPY = 1, RS_FIX_AUDIO_ENCODE = 2 } rs_fix_audio_mode;

/// The input the video's frames come from (ReelShareKit's FFmpegJob.Frames): the file's video
/// stream, a picture held (an audio file's clip), or an animated WebP's frames.
typedef enum rs_fix_frames {
    RS_FIX_FROM_FILE = 0,      // the file's video stream, video_stream
    RS_FIX_FROM_COVER_ART = 1, // the file's attached picture, stream video_stream, held
    RS_FIX_FROM_PICTURE = 2,   // the first frame of the picture file open on picture_fd, held
    RS_FIX_FROM_BLACK = 3,     // a black frame of still_width x still_height, held
    RS_FIX_FROM_WEBP = 4,      // the file read whole as an animated WebP, its frames decoded by libwebp
} rs_fix_frames;

/// How a loop measures one pass of the file, which each start over is moved on by: as the ffmpeg
/// CLI of the release running measures `-stream_loop`'s (ReelShareKit's LoopPass). Times are the
/// packets' as read, and the sound's as decoded.
typedef enum rs_fix_loop {
    RS_FIX_LOOP_NONE = 0,
    RS_FIX_LOOP_STREAM_SPAN = 1, // the longest stream's own: the sound's (its first packet to its last, with
                                 // the samples last decoded); with no sound decoded, each picture's (its first
                                 // packet to its last, with a frame at its average rate); the file's where
                                 // that is shorter than the picture's, whose passes would overlap
    RS_FIX_LOOP_FILE_SPAN = 2,   // the file's: its earliest packet to the latest of every packet's time and the
                                 // sound's decoded end (with no sound decoded, every packet's end)
} rs_fix_loop;

/// The longest filter text and option list a plan carries (bytes, with the NUL).
enum { RS_FIX_FILTERS_SIZE = 2048, RS_FIX_OPTIONS_SIZE = 512 };

/// A fix plan, as ReelShareKit compiled it (FFmpegJob): rs_fix decides nothing of its own (which
/// streams, which filters, which colour tags, which encoder settings); it runs the video graph's
/// text through libavfilter's parser and opens the encoder with the options given. Numbers of 0
/// mean "the encoder's default" or "the source's", as each field says.
typedef struct rs_fix_plan {
    char muxer[8];                       // the muxer's name ("mp4", "webm")
    int video_stream;                    // the file's index of the video stream kept
    int audio_stream;                    // the file's index of the audio stream kept; -1: none
    rs_fix_video_mode video;
    char video_encoder[16];              // encode: the encoder's name ("libx264")
    char video_tag[8];                   // copy into MP4: the sample entry ("hvc1"); "": the input's
    char video_graph[RS_FIX_FILTERS_SIZE]; // encode: the whole graph from the decoded (or held) frames to
                                         // libx264, in FFmpeg's filter syntax (FFmpegJob.runnerGraph)
    char video_options[RS_FIX_OPTIONS_SIZE]; // encode: libx264's options, "key=value" lines, as
                                         // avcodec_open2 takes them (FFmpegJob.encoderOptions); the colour
                                         // tags not named are the decoder's (a held picture's: unspecified)
    int decoder_threads;                 // encode: the video decoder's threads (FFmpegJob.decoderThreads)
    int sar_num, sar_den;                // encode: the pixel aspect as probed (0: square), not the decoder's
    double keyframe_seconds;             // encode: a keyframe forced this often, by time; <= 0 for none
    rs_fix_audio_mode audio;
    char audio_encoder[16];              // encode: the encoder's name ("aac", "libopus")
    char audio_graph[RS_FIX_FILTERS_SIZE]; // encode: the whole graph from the decoded sound to the encoder, in
                                         // FFmpeg's filter syntax, ending in the format it is given
                                         // (FFmpegJob.audioRunnerGraph)
    char audio_options[RS_FIX_OPTIONS_SIZE]; // encode: the encoder's options, "key=value" lines
                                         // (FFmpegJob.audioEncoderOptions)
    double start_seconds;                // the part's start (a keyframe; copies only), 0 for the beginning
    double end_seconds;                  // <= 0: to the end; copy: the packets before it
    rs_fix_loop loop;                    // encode: start over at the end until end_seconds, moved on by a pass
    char muxer_options[RS_FIX_OPTIONS_SIZE]; // the muxer's options, "key=value" lines, as
                                         // avformat_write_header takes them (FFmpegJob.muxerOptions:
                                         // movflags, use_editlist, movie_timescale)
    double video_delay_seconds;          // encode from the start: the video starts this much after
                                         // the audio (an empty edit): held first frame, 0 for none
    rs_fix_frames video_from;            // encode: the input the video's frames come from
    int picture_fd;                      // RS_FIX_FROM_PICTURE: a regular file open for reading
    double still_seconds;                // a picture held: how long
    int still_frame_rate;                // a picture held: frames a second
    int still_width, still_height;       // RS_FIX_FROM_BLACK: the frame's size
    int picture_once;                    // a held picture: its graph run on it once and the frame it makes
                                         // held instead, the decoded picture freed before libx264 opens
                                         // (FFmpegJob.pictureOnce: every filter acts on one picture alone)
    int64_t still_max_pixels;            // a picture held (cover art, a picture file): decoded up to this
                                         // many pixels, else refused (StillVideo.maxPixels)
    int audio_drop_priming;              // copy: leave out the packets that start before the output's start
    double decode_timeout_seconds;       // RS_FIX_FROM_WEBP: its frames decoded within this many seconds of
                                         // the run's start (--timeout), else RS_AV_TIMEOUT; 0: no limit
} rs_fix_plan;

/// Called about four times a second with the seconds written so far.
typedef void (*rs_fix_progress)(void *_Nullable context, double done_seconds);

/// Carries out `plan` on the regular file open on `in_fd` (read with pread), writing to `out_fd`
/// (a regular file open for reading and writing: MP4's index is moved to the front by reading it
/// back). On failure a one-line reason goes to `message`.
rs_av_status rs_fix_run(int in_fd, const char *_Nonnull name, int out_fd, const rs_fix_plan *_Nonnull plan,
                        rs_fix_progress _Nullable progress, void *_Nullable context, char *_Nonnull message,
                        size_t message_size);

/// The presentation times of the closed keyframes (IDR: where a cut may start) of the first video
/// stream (seconds from its start),
/// from every packet (read, not decoded); at most `max`. Returns the count, or -1 with a reason in
/// `message`.
int rs_fix_keyframes(int fd, const char *_Nonnull name, double *_Nonnull times, int max, char *_Nonnull message,
                     size_t message_size);

#ifdef __cplusplus
}
#endif

#endif
