// rs_av.c: probe a video or audio file with libavformat, cheaply, and tell the truth about it.
//
// The default probe reads container headers (avformat_open_input) and the codec configuration
// records the container already carries (rs_av_codec.c), plus the container facts FFmpeg does not
// expose (rs_av_iso.c for MP4/MOV, rs_av_ebml.c for Matroska/WebM). avformat_find_stream_info,
// which decodes frames, runs only when the headers leave a field unknown (MPEG-TS, FLV, AVI...);
// the streams are chosen after it, since some formats only declare them once packets are read.
// Where the container states no duration, the end of the media is read: the last Matroska
// Cluster, the movie fragments, or (only then) every packet (rs_av_scan.c, rs_av_lengths.c).
#include "rs_av.h"
#include "rs_av_claims.h"
#include "rs_av_compat.h"
#include "rs_av_ebml.h"
#include "rs_av_iso.h"
#include "rs_av_log.h"
#include "rs_av_probe.h"
#include "rs_av_scan.h"
#include "rs_av_sniff.h"
#include "rs_av_source.h"
#include "rs_av_streams.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include <libavcodec/avcodec.h>
#include <libavformat/avformat.h>

enum { MAX_STREAMS = RS_CLAIMS_MAX_STREAMS, MAX_DIMENSION = 16384 };
_Static_assert(MAX_STREAMS <= RS_SCAN_MAX_STREAMS, "the tail scan keeps each stream's discard");


static void reset_info(rs_av_info *info) {
    memset(info, 0, sizeof *info);
    info->duration_seconds = info->video_duration_seconds = info->audio_duration_seconds = -1;
    info->start_seconds = -1;
    info->audio_start_seconds = -1;
    info->format_bit_rate = info->video_bit_rate = info->audio_bit_rate = -1;
    info->width = info->height = info->bit_depth = info->sample_rate = info->channels = -1;
    info->audio_priming = info->audio_priming_packets = -1;
    info->frame_rate = -1;
    info->fast_start = info->edit_list = -1;
    info->trailing_bytes = -1;
    info->video_index = info->audio_index = -1;
    info->rgb = -1;
    info->color_range = info->stream_color_range = -1;
    info->reference_frames = -1;
}

static rs_av_status probe_source(rs_source *src, const char *name, int deep, double timeout_seconds,
                                 rs_av_info *info, char *message, size_t message_size);

rs_av_status rs_av_probe_memory(const uint8_t *data, size_t size, int deep, double timeout_seconds, rs_av_info *info,
                                char *message, size_t message_size) {
    rs_av_init();
    reset_info(info);
    message[0] = 0;
    rs_source src = rs_source_of_memory(data, size);
    return probe_source(&src, "", deep, timeout_seconds, info, message, message_size);
}

rs_av_status rs_av_probe_descriptor(int fd, const char *name, int deep, double timeout_seconds, rs_av_info *info,
                                    char *message, size_t message_size) {
    rs_av_init();
    reset_info(info);
    message[0] = 0;
    rs_source src;
    rs_av_status status = rs_source_of_descriptor(fd, &src, message, message_size);
    if (status != RS_AV_OK) return status;
    return probe_source(&src, name, deep, timeout_seconds, info, message, message_size);
}

// MARK: - The steps of a probe

static rs_av_status refuse(probe *p, rs_av_status status, const char *text) {
    return rs_fail(status, p->message, p->message_size, text, 0);
}

static rs_av_status too_many_streams(probe *p) {
    snprintf(p->message, p->message_size, "the file declares %u streams, more than the %d this probe reads",
             p->fmt->nb_streams, MAX_STREAMS);
    return RS_AV_TOO_LARGE;
}

/// Refuses absurd dimensions before anything decodes a frame of that size.
static rs_av_status check_dimensions(probe *p) {
    if (p->info->width <= MAX_DIMENSION && p->info->height <= MAX_DIMENSION) return RS_AV_OK;
    snprintf(p->message, p->message_size, "video dimensions %dx%d: a side is above the limit of %d px", p->info->width,
             p->info->height, MAX_DIMENSION);
    return RS_AV_TOO_LARGE;
}

/// What the container says of itself, beyond FFmpeg: the brand, index order, edit lists,
/// fragments (ISO-BMFF), the DocType and declared sizes (Matroska), a cut packet (MPEG-TS); and
/// the length the header states.
static void read_container(probe *p) {
    rs_av_info *info = p->info;
    switch (info->demuxer_kind) {
    case RS_AV_DEMUXER_ISO:
        if (!p->iso.walked) rs_iso_walk(p->src, &p->iso); // walked before the open where it looked like one
        info->container = rs_iso_container_name(&p->iso);
        info->fast_start =
            p->iso.moov_offset >= 0 && (p->iso.mdat_offset < 0 || p->iso.moov_offset < p->iso.mdat_offset);
        info->edit_list = 0;
        for (int i = 0; i < p->iso.track_count; i++)
            if (p->iso.tracks[i].edits > 0) info->edit_list = 1;
        info->fragmented = p->iso.fragments > 0;
        info->truncated = p->iso.past_eof;
        info->trailing_bytes = p->iso.trailing_offset >= 0 ? p->src->size - p->iso.trailing_offset : 0;
        if (info->trailing_bytes > 0) info->trailer = rs_sniff_trailer(p->src);
        break;
    case RS_AV_DEMUXER_MATROSKA:
        rs_mkv_read_header(p->src, &p->mkv);
        info->container = p->mkv.is_webm ? "webm" : "matroska";
        info->truncated = p->mkv.past_eof;
        break;
    case RS_AV_DEMUXER_MPEGTS: info->truncated = rs_sniff_ts_cut_mid_packet(p->src); break;
    default: break;
    }
    if (info->demuxer_kind == RS_AV_DEMUXER_ISO && p->iso.fragments == 0 && p->iso.movie_timescale > 0 &&
        p->iso.movie_duration > 0) {
        // The movie header's length of the presentation, edit lists and delays included. FFmpeg
        // took it before 6.1 and later works it out from the streams' spans (without a delay an
        // edit list puts first); the file says it, the same for every FFmpeg.
        info->duration_seconds = (double)p->iso.movie_duration / p->iso.movie_timescale;
        info->duration_from = RS_AV_DURATION_HEADER;
    } else if (p->fmt->duration != AV_NOPTS_VALUE && p->fmt->duration > 0) {
        info->duration_seconds = (double)p->fmt->duration / AV_TIME_BASE;
        info->duration_from = RS_AV_DURATION_HEADER;
    }
}

/// The streams, their headers, and the lengths the container states.
static void read_streams(probe *p) {
    rs_av_info *info = p->info;
    p->layout = RS_VIDEO_LAYOUT_UNKNOWN;
    rs_choose_streams(p->fmt, info, &p->video, &p->audio);
    if (p->video >= 0) rs_fill_video(p->fmt->streams[p->video], info, &p->layout);
    if (p->audio >= 0) rs_fill_audio(p->fmt, p->fmt->streams[p->audio], info);
    if (info->demuxer_kind == RS_AV_DEMUXER_MATROSKA) rs_av_matroska_lengths(p);
    if (info->demuxer_kind != RS_AV_DEMUXER_ISO) return;
    if (p->iso.fragments > 0) rs_av_fragment_lengths(p);
    if (p->audio >= 0) rs_av_audio_priming(p);
    if (p->video < 0) return;
    const rs_iso_track *t = rs_iso_track_with_id(&p->iso, (uint32_t)p->fmt->streams[p->video]->id);
    info->edit_list_effect = rs_iso_edit_effect(&p->iso, t);
    // Each track's empty edits delay it on the movie's clock: the picture's start is its delay
    // less the sound's, and a sound delayed more than the picture (a phone's AAC behind a 43 ms
    // empty edit) starts that much after it.
    if (p->iso.movie_timescale <= 0) return;
    const rs_iso_track *a = p->audio >= 0 ? rs_iso_track_with_id(&p->iso, (uint32_t)p->fmt->streams[p->audio]->id) : NULL;
    double picture = t && t->empty_edits > 0 ? (double)t->empty_duration / p->iso.movie_timescale : 0;
    double sound = a && a->empty_edits > 0 ? (double)a->empty_duration / p->iso.movie_timescale : 0;
    if (sound - picture > 0.001) info->audio_start_seconds = sound - picture;
    else if (t && t->empty_edits > 0) info->start_seconds = fmax(picture - sound, 0);
}
/// How far an Opus track's first decoded sample lies past its first packet's time: its header's
/// pre-skip (RFC 7845, 5.1: 48 kHz samples at bytes 10-11 of "OpusHead"), in the stream's time
/// base as the decoder moves a frame's time by what it skips; 0 for any other sound.
static double opus_pre_skip_seconds(const AVStream *st) {
    const AVCodecParameters *par = st->codecpar;
    if (par->codec_id != AV_CODEC_ID_OPUS || !par->extradata || par->extradata_size < 19 ||
        memcmp(par->extradata, "OpusHead", 8) != 0 || st->time_base.num <= 0)
        return 0;
    int pre_skip = par->extradata[10] | par->extradata[11] << 8;
    return (double)av_rescale_q(pre_skip, (AVRational){1, 48000}, st->time_base) * av_q2d(st->time_base);
}


/// avformat_find_stream_info, which decodes frames, for a field the headers leave unknown; then
/// the streams again (some formats, as FLV, declare theirs only once packets are read).
static rs_av_status find_stream_info(probe *p) {
    rs_av_info *info = p->info;
    enum AVCodecID codec = p->video >= 0 ? p->fmt->streams[p->video]->codecpar->codec_id : AV_CODEC_ID_NONE;
    if (!rs_needs_stream_info(info, p->fmt, codec)) return RS_AV_OK;
    p->fmt->max_analyze_duration = 10 * AV_TIME_BASE;
    int err = avformat_find_stream_info(p->fmt, NULL);
    if (err < 0 && rs_deadline_passed(&p->budget)) return refuse(p, RS_AV_TIMEOUT, RS_TIMEOUT_TEXT);
    if (p->fmt->nb_streams > MAX_STREAMS) return too_many_streams(p);
    // A length FFmpeg estimates from the bit rate (raw AAC, MP3 without a seek table) is not the
    // media's: with trailing bytes that are no frames it is far off. Its packets tell.
    if (info->duration_seconds < 0 && p->fmt->duration != AV_NOPTS_VALUE && p->fmt->duration > 0 &&
        p->fmt->duration_estimation_method != AVFMT_DURATION_FROM_BITRATE) {
        info->duration_seconds = (double)p->fmt->duration / AV_TIME_BASE;
        info->duration_from = RS_AV_DURATION_HEADER;
    }
    int known_video = p->video;
    rs_choose_streams(p->fmt, info, &p->video, &p->audio);
    if (p->video >= 0) {
        const AVStream *st = p->fmt->streams[p->video];
        const char *known_format = info->pixel_format;
        int known_depth = info->bit_depth;
        if (p->video != known_video) p->layout = RS_VIDEO_LAYOUT_UNKNOWN;
        // What the container stated stays its own: the decoder's values (its bitstream's) are
        // the stream_ fields.
        const char *transfer = info->color_transfer, *primaries = info->color_primaries, *matrix = info->color_matrix;
        int range = info->color_range;
        rs_fill_video(st, info, &p->layout);
        if (p->video == known_video) {
            if (transfer) info->color_transfer = transfer;
            if (primaries) info->color_primaries = primaries;
            if (matrix) info->color_matrix = matrix;
            if (range >= 0) info->color_range = range;
        }
        if (known_format && p->layout.chroma >= 0 && p->video == known_video) { // the configuration record wins
            info->pixel_format = known_format;
            info->bit_depth = known_depth;
        }
        if (info->frame_rate <= 0) {
            info->frame_rate = rs_rational_or(st->r_frame_rate, -1);
            p->rate_guessed = 1;
        }
    }
    if (p->audio >= 0) rs_fill_audio(p->fmt, p->fmt->streams[p->audio], info);
    return check_dimensions(p);
}

/// No stream to read at all, or a video stream without a size. Streams FFmpeg cannot describe
/// are listed (other_streams), not failures: the file fails only when no other stream is usable.
static rs_av_status check_streams(probe *p) {
    if (p->video < 0 && p->audio < 0) {
        if (p->info->other_stream_count == 0) return refuse(p, RS_AV_UNSUPPORTED, "no audio or video stream");
        const rs_av_other_stream *other = &p->info->other_streams[0];
        snprintf(p->message, p->message_size, "no audio or video stream FFmpeg reads: stream #%d (%s%s%s) is of a codec it does not know",
                 other->index,
                 other->kind == RS_AV_STREAM_VIDEO   ? "video"
                 : other->kind == RS_AV_STREAM_AUDIO ? "audio"
                                                     : "unknown kind",
                 other->tag[0] ? ", " : "", other->tag);
        return RS_AV_UNSUPPORTED;
    }
    // A video stream whose size is still not known after reading its frames has none.
    if (p->video >= 0 && (p->info->width <= 0 || p->info->height <= 0)) {
        const AVCodecParameters *par = p->fmt->streams[p->video]->codecpar;
        // An SVG is sized by drawing it: an FFmpeg without librsvg (the portable build) cannot.
        if (par->codec_id == AV_CODEC_ID_SVG && !avcodec_find_decoder(AV_CODEC_ID_SVG)) {
            snprintf(p->message, p->message_size, "an SVG drawing, which this build cannot draw (its FFmpeg has no SVG decoder, librsvg)");
            return RS_AV_UNSUPPORTED;
        }
        if (par->width == 0 || par->height == 0) {
            // FFmpeg's image2 demuxer takes a file by its name (.png, .jpg): one whose bytes are
            // no picture it knows has no size. (A real PNG or JPEG goes to libpng or libjpeg.)
            if (strcmp(p->fmt->iformat->name, "image2") == 0) {
                const char *text = rs_sniff_text_kind(p->src);
                snprintf(p->message, p->message_size, "not a recognised video, audio or image file: %s%s",
                         text ? "it is " : "its name is a picture's, its bytes are not", text ? text : "");
                return RS_AV_UNSUPPORTED;
            }
            // A TS cut after its tables (PAT, PMT), or whose video PID never carries a packet: the
            // stream is declared, nothing of it is there.
            if (p->info->demuxer_kind == RS_AV_DEMUXER_MPEGTS) {
                double end[2];
                rs_scan_tail_ends(p->fmt, (int[2]){p->video, -1}, p->info->file_size, TS_TAIL_MOST, TS_TAIL_MOST, end);
                if (end[0] == -INFINITY) {
                    snprintf(p->message, p->message_size,
                             "its video stream has no packet: the file holds the tables that declare it and no picture (cut short?)");
                    return RS_AV_CORRUPT;
                }
            }
            snprintf(p->message, p->message_size, "invalid video: its %s is 0", par->width == 0 ? "width" : "height");
            return RS_AV_CORRUPT;
        }
    }
    return RS_AV_OK;
}

/// A Matroska file up to this size has its video blocks counted for the average frame rate (its
/// header states only a DefaultDuration, a hint an idle screen recording's 60 fps blocks 70 ms
/// apart belie); a larger one is judged by its first blocks' rate. Reading blocks without decoding
/// them takes about 0.1 s for 100 MB.
enum { MATROSKA_COUNTED = 1 << 30 };

/// Reads packets where the headers leave something out (a VP8/VP9 layout, an H.264 field order, a
/// length: FLV without metadata, raw streams) or a deep probe asks for them all.
static rs_av_status read_packets(probe *p, int deep) {
    rs_av_info *info = p->info;
    // Per-stream lengths the container states (MP4 track durations); not those FFmpeg estimates
    // from the bit rate (raw AAC, MP3 without a seek table): the packets tell.
    int estimated = p->fmt->duration_estimation_method == AVFMT_DURATION_FROM_BITRATE;
    if (p->video >= 0 && info->video_duration_seconds < 0 && !estimated)
        info->video_duration_seconds = rs_avstream_duration(p->fmt->streams[p->video]);
    if (p->audio >= 0 && info->audio_duration_seconds < 0 && !estimated)
        info->audio_duration_seconds = rs_avstream_duration(p->fmt->streams[p->audio]);

    enum AVCodecID codec = p->video >= 0 ? p->fmt->streams[p->video]->codecpar->codec_id : AV_CODEC_ID_NONE;
    int need_frame_header = p->video >= 0 && rs_layout_in_frame_header(codec) && p->layout.chroma < 0;
    int need_field_order = p->video >= 0 && codec == AV_CODEC_ID_H264 && p->layout.scan == 0 && info->field_order == RS_AV_FIELD_UNKNOWN;
    int need_lengths = info->duration_seconds < 0;
    // A rate that is only FFmpeg's guess (Matroska without a DefaultDuration, FLV: the time base,
    // 1000 fps, or a multiple of the true rate) or implausible: measured from the timestamps.
    const AVStream *vst = p->video >= 0 ? p->fmt->streams[p->video] : NULL;
    double tick_rate = vst && vst->time_base.num > 0 ? 1 / av_q2d(vst->time_base) : 0;
    int guessed = vst && (p->rate_guessed || info->frame_rate <= 0 || info->frame_rate > 240 ||
                          (tick_rate > 0 && fabs(info->frame_rate - tick_rate) < 1e-6 * tick_rate));
    // The average FFmpeg counts and the rate the bitstream states disagree: packets that are not
    // frames were counted (an MPEG-TS with junk between its packets). Not in an ISO-BMFF file
    // without fragments, whose average is its sample table's frames over the track's length:
    // where the two differ there, the frame rate varies (an idle screen recording: 35 frames over
    // 2.5 s, r_frame_rate 60), and the average is the file's.
    double stated = vst ? rs_rational_or(vst->r_frame_rate, -1) : -1;
    int counted = info->demuxer_kind == RS_AV_DEMUXER_ISO && p->iso.walked && p->iso.fragments == 0;
    int disagree = vst && !counted && stated > 0 && info->frame_rate > 0 && fabs(stated - info->frame_rate) > 0.01 * stated;
    // A Matroska track's DefaultDuration is only a hint: its blocks' timestamps are what a player
    // shows (a track may say 60 fps over frames 33 ms apart). Sixteen blocks tell.
    int matroska = vst && info->demuxer_kind == RS_AV_DEMUXER_MATROSKA;
    int need_rate = guessed || disagree ? 64 : matroska ? 16 : 0;
    // MPEG audio the container calls MP3 may be Layer II (or I): its frame header says.
    enum AVCodecID audio_codec = p->audio >= 0 ? p->fmt->streams[p->audio]->codecpar->codec_id : AV_CODEC_ID_NONE;
    int need_layer = (audio_codec == AV_CODEC_ID_MP3 || audio_codec == AV_CODEC_ID_MP2 || audio_codec == AV_CODEC_ID_MP1) &&
                     info->audio_codec && strcmp(info->audio_codec, avcodec_get_name(audio_codec)) == 0; // not a TS's stream type
    // A Matroska track's length that is where it ends on the file's clock (from 0): its own
    // length starts at its first block.
    int need_starts = (p->ends_on_clock[0] && info->video_duration_seconds > 0 ? RS_SCAN_VIDEO_START : 0) |
                      (p->ends_on_clock[1] && info->audio_duration_seconds > 0 ? RS_SCAN_AUDIO_START : 0);
    // A Matroska picture that starts after its sound (WebM's Opus starts 6.5 ms early, its codec
    // delay): start_seconds, as an MP4's empty edit says it.
    if (matroska && p->audio >= 0) need_starts |= RS_SCAN_VIDEO_START | RS_SCAN_AUDIO_START;
    if (!(deep || need_frame_header || need_field_order || need_lengths || need_rate || need_layer || need_starts))
        return RS_AV_OK;
    rs_scan_needs needs = {.deep = deep,
                           .lengths = need_lengths,
                           .rate = need_rate,
                           .audio_layer = need_layer,
                           .starts = need_starts,
                           .average = matroska && info->file_size <= MATROSKA_COUNTED};
    rs_scan_result scan = rs_scan_packets(p->fmt, p->video, p->audio, needs, info, &p->layout);
    // A measured rate replaces a guessed or contradicted one; a Matroska track's stated rate only
    // when its blocks are more than 1% apart from it.
    if (scan.frame_rate > 0 && (guessed || disagree || fabs(scan.frame_rate - info->frame_rate) > 0.01 * scan.frame_rate))
        info->frame_rate = scan.frame_rate;
    // Blocks whose intervals vary (an idle screen recording): the average, every frame over the
    // span they cover, is the rate, not the commonest interval's.
    if (scan.average_rate > 0) info->frame_rate = scan.average_rate;
    // Measured from the sound's first decoded sample, as a player plays it: past an Opus track's
    // pre-skip, which FFmpeg 5.1 and 7.1 skip in the decoder and 9 marks on the first block, the
    // block's time the same on each (a WebM's picture starts 7 ms after its sound, not 14). 0 where
    // they start together (within a millisecond); none where the sound starts later.
    double sound_start = scan.audio_start + (p->audio >= 0 ? opus_pre_skip_seconds(p->fmt->streams[p->audio]) : 0);
    double lead = scan.video_start - sound_start;
    if (matroska && lead == lead && lead > -0.001) info->start_seconds = lead > 0.001 ? lead : 0;
    else if (matroska && lead == lead) info->audio_start_seconds = -lead;
    if (scan.audio_codec != AV_CODEC_ID_NONE) {
        info->audio_codec = avcodec_get_name(scan.audio_codec);
        info->audio_codec_id = rs_codec_id(scan.audio_codec);
    }
    // MPEG audio's channels are its frame header's: an MP4's sample entry says 2 whatever the
    // stream holds (FFmpeg's muxer writes 2 for MP3), and ffprobe and mediainfo read the header.
    if (scan.audio_channels > 0) info->channels = scan.audio_channels;
    // A length that is an end on the file's clock, less the stream's start (AC-3 that starts
    // 62 ms in and ends at 1.071 s lasts 1.009 s).
    if (p->ends_on_clock[0] && scan.video_start > 0 && info->video_duration_seconds > scan.video_start)
        info->video_duration_seconds -= scan.video_start;
    if (p->ends_on_clock[1] && scan.audio_start > 0 && info->audio_duration_seconds > scan.audio_start)
        info->audio_duration_seconds -= scan.audio_start;
    if (rs_deadline_passed(&p->budget)) return refuse(p, RS_AV_TIMEOUT, RS_TIMEOUT_TEXT);
    if (rs_bytes_spent(p->src)) return refuse(p, RS_AV_TIMEOUT, RS_BYTES_TEXT);
    if (scan.error && (deep || need_lengths)) info->truncated = 1;
    rs_apply_layout(info, &p->layout, codec);
    if (scan.video_end > 0 && info->video_duration_seconds < 0) info->video_duration_seconds = scan.video_end;
    if (scan.audio_end > 0 && info->audio_duration_seconds < 0) info->audio_duration_seconds = scan.audio_end;
    if (info->duration_seconds < 0) {
        double end = fmax(scan.video_end, scan.audio_end);
        if (end > 0) {
            info->duration_seconds = end;
            info->duration_from = RS_AV_DURATION_PACKETS;
        }
    }
    return RS_AV_OK;
}

/// Why the length is unknown, a cut the index shows, and the file's bit rate.
static void conclude(probe *p) {
    rs_av_info *info = p->info;
    if (p->video >= 0) rs_rgb_pixel_format(p->fmt->streams[p->video], info);
    rs_classify_pixel_format(info);
    if (info->demuxer_kind == RS_AV_DEMUXER_MPEGTS) rs_av_transport_stream_length(p);
    if (info->duration_seconds < 0) {
        info->duration_unknown_reason =
            rs_deadline_passed(&p->budget) ? "reading its packets ran out of time"
            : info->truncated              ? "the file is cut short before any timestamp could be read"
                                           : "the container states none and its packets carry no timestamps";
    }
    // Indexed samples beyond the end of the file: the upload was cut short (any kind of stream).
    for (unsigned i = 0; i < p->fmt->nb_streams && !info->truncated; i++) {
        AVStream *s = p->fmt->streams[i];
        int count = avformat_index_get_entries_count(s);
        for (int k = 0; k < count; k++) {
            const AVIndexEntry *e = avformat_index_get_entry(s, k);
            if (e && (e->pos > info->file_size || e->size > info->file_size - e->pos)) {
                info->truncated = 1;
                break;
            }
        }
    }
    if (info->fragmented && info->duration_seconds > 0) {
        // The first fragment's rate is not the file's: the file's bytes over its length are.
        info->format_bit_rate = rs_bit_rate(info->file_size, info->duration_seconds, 0);
    } else if (p->fmt->bit_rate > 0) {
        info->format_bit_rate = p->fmt->bit_rate;
    } else if (info->duration_seconds > 0) { // what ffprobe reports: the file's average
        info->format_bit_rate = rs_bit_rate(info->file_size, info->duration_seconds, 0);
    }
}

static rs_av_status probe_steps(probe *p, int deep) {
    if (p->fmt->nb_streams > MAX_STREAMS) return too_many_streams(p);
    p->info->container = p->fmt->iformat->name;
    p->info->demuxer_kind = rs_demuxer_kind(p->fmt);
    read_container(p);
    read_streams(p);
    rs_av_status status;
    if ((status = check_dimensions(p)) != RS_AV_OK) return status;
    if ((status = find_stream_info(p)) != RS_AV_OK) return status;
    if ((status = check_streams(p)) != RS_AV_OK) return status;
    if ((status = read_packets(p, deep)) != RS_AV_OK) return status;
    conclude(p);
    return RS_AV_OK;
}

static rs_av_status probe_source(rs_source *src, const char *name, int deep, double timeout_seconds,
                                 rs_av_info *info, char *message, size_t message_size) {
    info->file_size = src->size;
    probe p = {.src = src, .info = info, .video = -1, .audio = -1, .message = message, .message_size = message_size};
    rs_start_budget(src, &p.budget, timeout_seconds);
    char logged[256] = {0};
    rs_av_log_capture(logged, sizeof logged);
    rs_claims claims;
    int err = rs_open_checked(src, name, &p.budget, &p.iso, &claims, &p.fmt);
    rs_av_status status;
    if (err == RS_AVERROR_CLAIMS)
        status = refuse(&p, RS_AV_CORRUPT, claims.message);
    else if (err < 0)
        status = err == AVERROR(ENOMEM) && !logged[0] ? refuse(&p, RS_AV_INTERNAL, "out of memory")
                                                      : rs_sniff_open_failure(src, err, &p.budget, logged, message, message_size);
    else {
        info->leading_junk = claims.ts_junk;
        status = probe_steps(&p, deep);
    }
    rs_av_log_capture(NULL, 0);
    rs_close_input(&p.fmt);
    return status;
}
