// rs_av_lengths.c: what the containers' own indexes say of the streams' lengths and the audio's
// priming, where FFmpeg's are missing or wrong: a Matroska file's tags or tail, a fragmented MP4's
// fragments, an ISO-BMFF audio track's edit, an MPEG-TS's tail.
#include "rs_av_probe.h"
#include "rs_av_streams.h"

#include <math.h>

#include <libavcodec/avcodec.h>

/// A Matroska file states no Duration, nor its Segment's size, when it was written to a pipe: its
/// tail tells its length and whether it was cut short. One that states both holds what it says;
/// its streams' lengths are in their DURATION tags, as FFmpeg's and mkvmerge's muxers write them,
/// and only a file without them has its tail read for them.
void rs_av_matroska_lengths(probe *p) {
    rs_av_info *info = p->info;
    double video_tag = p->video >= 0 ? rs_tagged_duration(p->fmt->streams[p->video]) : -1;
    double audio_tag = p->audio >= 0 ? rs_tagged_duration(p->fmt->streams[p->audio]) : -1;
    int tagged = (p->video < 0 || video_tag > 0) && (p->audio < 0 || audio_tag > 0);
    if (rs_mkv_needs_tail(&p->mkv) || !tagged) {
        rs_mkv_read_tail(p->src, &p->mkv);
        if (p->mkv.truncated_block) info->truncated = 1;
    }
    // The streams chosen are the first video and the first audio track.
    double video_end = p->mkv.tail_read && p->video >= 0 ? rs_mkv_first_track_end_seconds(&p->mkv, 1) : -1;
    double audio_end = p->mkv.tail_read && p->audio >= 0 ? rs_mkv_first_track_end_seconds(&p->mkv, 2) : -1;
    info->video_duration_seconds = video_tag > 0 ? video_tag : video_end;
    info->audio_duration_seconds = audio_tag > 0 ? audio_tag : audio_end;
    // The last block's time is where a track ends, and so is FFmpeg's DURATION tag (its last
    // packet's end); mkvmerge's tag is the track's own length.
    p->ends_on_clock[0] = video_tag > 0 ? p->mkv.muxed_by_lavf : video_end > 0;
    p->ends_on_clock[1] = audio_tag > 0 ? p->mkv.muxed_by_lavf : audio_end > 0;
    if (info->duration_seconds < 0) {
        double end = fmax(video_end, audio_end);
        if (end > 0) {
            info->duration_seconds = end;
            info->duration_from = RS_AV_DURATION_TAIL;
        }
    }
}

/// A fragmented MP4: FFmpeg knows only the fragments it read; the walker read them all.
void rs_av_fragment_lengths(probe *p) {
    rs_av_info *info = p->info;
    double longest = -1;
    for (int which = 0; which < 2; which++) {
        int index = which == 0 ? p->video : p->audio;
        if (index < 0) continue;
        const rs_iso_track *t = rs_iso_track_with_id(&p->iso, (uint32_t)p->fmt->streams[index]->id);
        if (!t || t->timescale == 0 || t->fragment_end <= 0) continue;
        double seconds = (double)(t->fragment_end > t->media_duration ? t->fragment_end : t->media_duration) / t->timescale;
        if (which == 0) info->video_duration_seconds = seconds;
        else info->audio_duration_seconds = seconds;
        if (seconds > longest) longest = seconds;
        int64_t bytes = t->fragment_bytes;
        if (bytes > 0 && seconds > 0) {
            int64_t rate = rs_bit_rate(bytes, seconds, 1);
            if (which == 0) info->video_bit_rate = rate;
            else info->audio_bit_rate = rate;
        }
    }
    if (longest > 0 && (info->duration_seconds < 0 || longest > info->duration_seconds + 0.001)) {
        info->duration_seconds = longest;
        info->duration_from = RS_AV_DURATION_HEADER;
    }
}

/// The audio's priming, from the demuxer's index of an ISO-BMFF track: the edit list's start
/// makes the packets before it negative (FFmpeg's mov_fix_index), which the decoder drops.
void rs_av_audio_priming(probe *p) {
    rs_av_info *info = p->info;
    AVStream *st = p->fmt->streams[p->audio];
    int count = avformat_index_get_entries_count(st);
    const AVIndexEntry *first = count > 0 ? avformat_index_get_entry(st, 0) : NULL;
    if (!first || info->sample_rate <= 0 || st->time_base.num <= 0 || st->time_base.den <= 0) return;
    int64_t start = st->start_time != AV_NOPTS_VALUE ? st->start_time : 0;
    if (first->timestamp >= start) {
        info->audio_priming = 0, info->audio_priming_packets = 0;
        return;
    }
    double seconds = ((double)start - (double)first->timestamp) * av_q2d(st->time_base);
    if (!(seconds < 10)) return; // no encoder primes for seconds: an edit that cuts, not priming
    double samples = seconds * info->sample_rate;
    info->audio_priming = samples < 1e7 ? (int)llround(samples) : 10000000;
    for (int k = 1; k < count && k <= 64; k++) {
        const AVIndexEntry *e = avformat_index_get_entry(st, k);
        if (!e || e->timestamp > start) break;
        if (e->timestamp == start) {
            info->audio_priming_packets = k;
            break;
        }
    }
}

/// An MPEG-TS lasts from the first audio or video frame to the end of the last: FFmpeg's format
/// duration also spans data streams (SCTE-35 cue sections, teletext), which are not the media.
/// Each stream ends at the end of its last frame, read from the file's tail (FFmpeg's estimate
/// times an audio's last PES packet as one frame: 1.83 s of a 2.03 s clip's AAC; a video's, which
/// holds a frame, differs between its releases). (fmax passes over a NAN: no end read.) An audio stream with no packet in
/// the file (cut before its first, or declared and never sent) has no length, and the file's
/// spans the video alone; with no video timed either, the file has none (FFmpeg's would be its
/// estimate for the absent audio). Past the tail read's 1 MiB, a stream's absence is not seen.
void rs_av_transport_stream_length(probe *p) {
    double ends[2];
    rs_scan_tail_ends(p->fmt, (int[2]){p->video, p->audio}, p->info->file_size, TS_TAIL_FIRST, TS_TAIL_MOST, ends);
    int audio_absent = p->audio >= 0 && ends[1] == -INFINITY;
    if (audio_absent) // nothing of it to time; the file's length is its video's, if that is timed below
        p->info->audio_duration_seconds = p->info->duration_seconds = -1;
    double first = HUGE_VAL, last = -HUGE_VAL;
    for (int which = 0; which < 2; which++) {
        int index = which == 0 ? p->video : p->audio;
        if (index < 0 || (which == 1 && audio_absent)) continue;
        const AVStream *st = p->fmt->streams[index];
        if (st->start_time == AV_NOPTS_VALUE) return;
        double start = (double)st->start_time * av_q2d(st->time_base);
        double end = st->duration != AV_NOPTS_VALUE && st->duration > 0
                         ? start + (double)st->duration * av_q2d(st->time_base)
                         : -HUGE_VAL;
        end = fmax(end, ends[which]);
        if (!(end > start)) return;
        if (which == 0) p->info->video_duration_seconds = end - start;
        else p->info->audio_duration_seconds = end - start;
        first = fmin(first, start);
        last = fmax(last, end);
    }
    if (last > first) {
        p->info->duration_seconds = last - first;
        p->info->duration_from = RS_AV_DURATION_HEADER;
    }
}

