// rs_fix_encoders.c: the decoders, filter graphs and encoders of a fix's re-encoded streams, set
// up from the plan (rs_fix.h) alone.
#include "rs_av_compat.h"
#include "rs_av_source.h"
#include "rs_av_streams.h"
#include "rs_fix_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#ifdef __GLIBC__
#include <malloc.h>
#endif

#include <libavcodec/avcodec.h>
#include <libavformat/avformat.h>
#include <libavutil/channel_layout.h>
#include <libavutil/opt.h>
#include <libavutil/pixdesc.h>

#include "rs_avfilter.h" // last: libavfilter's functions by their own names, loaded on first use

void rs_fix_job_free(rs_fix_job *j) {
    av_frame_free(&j->picture);
    avcodec_free_context(&j->dec);
    avcodec_free_context(&j->enc);
    if (j->graph) avfilter_graph_free(&j->graph);
}

int64_t rs_fix_frame_duration(const rs_fix_job *j, const AVFrame *frame, int64_t ts) {
    int64_t duration = rs_frame_duration(frame);
    if (frame->nb_samples > 0)
        return duration > 0        ? duration
               : frame->sample_rate > 0 ? av_rescale_q(frame->nb_samples, (AVRational){1, frame->sample_rate}, j->in->time_base)
                                        : 0;
    // A frame the file gives no length (a browser's WebM states none) lasts as long as the step
    // before it, as probe measures a picture's end and as the ffmpeg CLI of 7.1 and later gives
    // it: a length of one tick where the step is longer is the demuxer's guess, not the file's.
    // A step past an hour is no frame's length (and hostile times must not overflow).
    int64_t step = ts != AV_NOPTS_VALUE && j->previous_ts != AV_NOPTS_VALUE ? av_sat_sub64(ts, j->previous_ts) : -1;
    if (step > av_rescale_q(3600, (AVRational){1, 1}, j->in->time_base)) step = -1;
    if (duration > 0 && !(duration == 1 && step > 2)) return duration;
    if (step > 0) return step;
    if (duration > 0) return duration;
    if (j->frame_rate.num > 0 && j->frame_rate.den > 0) return av_rescale_q(1, av_inv_q(j->frame_rate), j->in->time_base);
    return 0;
}

/// The video buffer source's colour space and range, where this libavfilter negotiates them
/// (FFmpeg 7.1 on): ":colorspace=N:range=N", as the ffmpeg CLI tells its graph. Left unsaid, a
/// newer libavfilter takes the frames as of no known matrix, and its first scale converts them by
/// a guess. "" where the buffer source has no such options.
static void colour_args(char *out, size_t size, enum AVColorSpace space, enum AVColorRange range) {
    out[0] = 0;
    if (rs_avfilter_load()) return;
    const AVFilter *buffer = avfilter_get_by_name("buffer");
    if (!buffer || !buffer->priv_class) return;
    const AVClass *class = buffer->priv_class;
    if (!av_opt_find(&class, "colorspace", NULL, 0, AV_OPT_SEARCH_FAKE_OBJ) ||
        !av_opt_find(&class, "range", NULL, 0, AV_OPT_SEARCH_FAKE_OBJ))
        return;
    snprintf(out, size, ":colorspace=%d:range=%d", (int)space, (int)range);
}

/// Builds `j->graph` from "buffer" through `description` to "buffersink".
static int build_graph(rs_fix_job *j, const char *source_args, const char *description, int video) {
    if (rs_avfilter_load()) return AVERROR(ENOSYS);
    j->graph = avfilter_graph_alloc();
    if (!j->graph) return AVERROR(ENOMEM);
    int err = avfilter_graph_create_filter(&j->src, avfilter_get_by_name(video ? "buffer" : "abuffer"), "in", source_args,
                                           NULL, j->graph);
    if (err < 0) return err;
    err = avfilter_graph_create_filter(&j->sink, avfilter_get_by_name(video ? "buffersink" : "abuffersink"), "out", NULL,
                                       NULL, j->graph);
    if (err < 0) return err;
    AVFilterInOut *outputs = avfilter_inout_alloc(), *inputs = avfilter_inout_alloc();
    if (!outputs || !inputs) {
        avfilter_inout_free(&outputs);
        avfilter_inout_free(&inputs);
        return AVERROR(ENOMEM);
    }
    outputs->name = av_strdup("in");
    outputs->filter_ctx = j->src;
    inputs->name = av_strdup("out");
    inputs->filter_ctx = j->sink;
    err = avfilter_graph_parse_ptr(j->graph, description, &inputs, &outputs, NULL);
    avfilter_inout_free(&outputs);
    avfilter_inout_free(&inputs);
    if (err < 0) return err;
    return avfilter_graph_config(j->graph, NULL);
}

/// Opens `j->dec` for the job's input stream with `threads` threads (the plan's, for the video).
static int open_decoder(rs_fix_job *j, int threads) {
    const AVCodec *codec = avcodec_find_decoder(j->in->codecpar->codec_id);
    if (!codec) return AVERROR_DECODER_NOT_FOUND;
    j->dec = avcodec_alloc_context3(codec);
    if (!j->dec) return AVERROR(ENOMEM);
    int err = avcodec_parameters_to_context(j->dec, j->in->codecpar);
    if (err < 0) return err;
    j->dec->pkt_timebase = j->in->time_base;
    j->dec->thread_count = threads;
    return avcodec_open2(j->dec, codec, NULL);
}

/// Opens `j->enc`, set up from the graph's sink, with the plan's options ("key=value" lines). An
/// option the encoder does not take is the plan's mistake, refused by name, not a setting to do
/// without.
static int open_encoder(rs_fix_job *j, const AVCodec *codec, AVFormatContext *out, const char *lines, char *why,
                        size_t why_size) {
    if (out->oformat->flags & AVFMT_GLOBALHEADER) j->enc->flags |= AV_CODEC_FLAG_GLOBAL_HEADER;
    AVDictionary *options = NULL;
    int err = rs_fix_options(&options, lines);
    if (err < 0) {
        snprintf(why, why_size, "the plan's %s encoder options do not parse", codec->name);
    } else {
        err = avcodec_open2(j->enc, codec, &options);
        AVDictionaryEntry *unused = err >= 0 ? av_dict_get(options, "", NULL, AV_DICT_IGNORE_SUFFIX) : NULL;
        if (unused) {
            snprintf(why, why_size, "the %s encoder does not take the option %s", codec->name, unused->key);
            err = AVERROR_OPTION_NOT_FOUND;
        } else if (err < 0) {
            snprintf(why, why_size, "the %s encoder does not open", codec->name);
        }
    }
    av_dict_free(&options);
    return err;
}

typedef struct rs_fix_colours {
    enum AVColorPrimaries primaries;
    enum AVColorTransferCharacteristic trc;
    enum AVColorSpace space;
    enum AVColorRange range;
} rs_fix_colours;

/// libx264 for what the filter graph's sink gives, with the plan's options (profile, rates,
/// colour tags, x264-params); the colour tags it does not name are `colours`.
static int open_x264(rs_fix_job *j, AVFormatContext *out, const rs_fix_plan *plan, rs_fix_colours colours, char *why,
                     size_t why_size) {
    int err;
    const AVCodec *codec = avcodec_find_encoder_by_name(plan->video_encoder);
    if (!codec) {
        snprintf(why, why_size, "this FFmpeg has no %s encoder", plan->video_encoder);
        return AVERROR_ENCODER_NOT_FOUND;
    }
    j->enc = avcodec_alloc_context3(codec);
    if (!j->enc) return AVERROR(ENOMEM);
    AVRational out_rate = av_buffersink_get_frame_rate(j->sink);
    j->enc->width = av_buffersink_get_w(j->sink);
    j->enc->height = av_buffersink_get_h(j->sink);
    j->enc->sample_aspect_ratio = av_buffersink_get_sample_aspect_ratio(j->sink);
    j->enc->pix_fmt = av_buffersink_get_format(j->sink); // the job's -pix_fmt, its graph's last filter
    // The filters' time base, not 1/fps: frames of a variable frame rate keep their own times.
    j->enc->time_base = av_buffersink_get_time_base(j->sink);
    j->enc->framerate = out_rate.num > 0 ? out_rate : (AVRational){30, 1};
    j->enc->thread_count = 0;
    j->enc->color_primaries = colours.primaries;
    j->enc->color_trc = colours.trc;
    j->enc->colorspace = colours.space;
    j->enc->color_range = colours.range;
    if (plan->keyframe_seconds > 0) {
        // A keyframe whenever the interval has passed, by time, as -force_key_frames's expression
        // does; the encoder's own interval is left as the ffmpeg CLI leaves it.
        j->key_interval = av_rescale_q(llround(plan->keyframe_seconds * AV_TIME_BASE), AV_TIME_BASE_Q, j->enc->time_base);
        j->next_key = AV_NOPTS_VALUE;
    }
    if ((err = open_encoder(j, codec, out, plan->video_options, why, why_size)) < 0) return err;
    if ((err = avcodec_parameters_from_context(j->out->codecpar, j->enc)) < 0) return err;
    j->out->time_base = j->enc->time_base;
    j->out->sample_aspect_ratio = j->enc->sample_aspect_ratio;
    return 0;
}

int rs_fix_open_video(rs_fix_job *j, AVFormatContext *out, const rs_fix_plan *plan, char *why, size_t why_size) {
    int err = open_decoder(j, plan->decoder_threads);
    if (err < 0) {
        snprintf(why, why_size, "the video decoder does not open");
        return err;
    }
    // FFmpeg learns a stream's pixel format by decoding a frame of it: none means no frame decoded
    // (damaged data behind a valid header), and there is nothing to make a fix from.
    if (j->dec->pix_fmt == AV_PIX_FMT_NONE || j->dec->width <= 0 || j->dec->height <= 0) {
        snprintf(why, why_size, "no frame of its video decodes: there is nothing to make a fix from");
        return AVERROR_INVALIDDATA;
    }
    AVRational rate = av_guess_frame_rate(NULL, j->in, NULL);
    j->frame_rate = rate;
    // The pixel aspect the probe found and the rules judged (square where the file states none),
    // not the decoder's inference (H.263 infers 12:11 for its standard sizes).
    AVRational sar = plan->sar_num > 0 && plan->sar_den > 0 ? (AVRational){plan->sar_num, plan->sar_den} : (AVRational){1, 1};
    char colours_said[64], args[320];
    colour_args(colours_said, sizeof colours_said, j->dec->colorspace, j->dec->color_range);
    snprintf(args, sizeof args, "video_size=%dx%d:pix_fmt=%d:time_base=%d/%d:pixel_aspect=%d/%d%s", j->dec->width,
             j->dec->height, j->dec->pix_fmt, j->in->time_base.num, j->in->time_base.den, sar.num, sar.den, colours_said);
    if (rate.num > 0 && rate.den > 0)
        snprintf(args + strlen(args), sizeof args - strlen(args), ":frame_rate=%d/%d", rate.num, rate.den);
    // The plan's graph, whole: the held first frame, the coded size, the turn, the filters and
    // the encoder's pixel format are all in its text.
    if ((err = build_graph(j, args, plan->video_graph, 1)) < 0) {
        if (rs_avfilter_load()) snprintf(why, why_size, "%s", rs_avfilter_load());
        else snprintf(why, why_size, "the video filters do not apply (%s)", plan->video_graph);
        return err;
    }
    // The colour tags the plan does not set go along as decoded.
    rs_fix_colours colours = {j->dec->color_primaries, j->dec->color_trc, j->dec->colorspace, j->dec->color_range};
    return open_x264(j, out, plan, colours, why, why_size);
}

/// The picture of an audio file's clip, decoded: the attached picture's packet, or the first frame
/// of `source` (the picture file). 0, or an FFmpeg error.
static int decode_picture(rs_fix_job *j, AVFormatContext *source, AVFrame *picture, int64_t max_pixels) {
    int err = open_decoder(j, 1);
    if (err < 0) return err;
    j->dec->max_pixels = max_pixels;
    AVPacket *pkt = av_packet_alloc();
    if (!pkt) return AVERROR(ENOMEM);
    err = AVERROR_INVALIDDATA;
    for (int tries = 0; tries < 64; tries++) {
        if (source) {
            int read = rs_read_packet(source, pkt);
            if (read < 0) {
                avcodec_send_packet(j->dec, NULL); // the end: what the decoder holds
            } else if (pkt->stream_index != j->in->index) {
                av_packet_unref(pkt);
                continue;
            } else {
                avcodec_send_packet(j->dec, pkt);
                av_packet_unref(pkt);
            }
            if ((err = avcodec_receive_frame(j->dec, picture)) >= 0 || read < 0) break;
        } else {
            if (j->in->attached_pic.size <= 0) break;
            avcodec_send_packet(j->dec, &j->in->attached_pic);
            avcodec_send_packet(j->dec, NULL);
            err = avcodec_receive_frame(j->dec, picture);
            break;
        }
    }
    av_packet_free(&pkt);
    return err < 0 ? AVERROR_INVALIDDATA : 0;
}

/// A black frame, limited-range Y'CbCr 4:2:0.
static int black_frame(AVFrame *frame, int width, int height) {
    frame->format = AV_PIX_FMT_YUV420P;
    frame->width = width;
    frame->height = height;
    int err = av_frame_get_buffer(frame, 0);
    if (err < 0) return err;
    for (int plane = 0; plane < 3; plane++) {
        int rows = plane ? (height + 1) / 2 : height, bytes = plane ? (width + 1) / 2 : width;
        for (int y = 0; y < rows; y++) memset(frame->data[plane] + (ptrdiff_t)y * frame->linesize[plane], plane ? 128 : 16, (size_t)bytes);
    }
    return 0;
}

/// The held picture through the job's graph once: the frame it makes is held instead, the decoded
/// picture and its decoder freed, and the graph left passing it on, so that a 36-megapixel
/// picture is not kept (nor scaled again for every frame) beside libx264's frames.
static int picture_once(rs_fix_job *j, int ticks) {
    AVFrame *made = av_frame_alloc();
    if (!made) return AVERROR(ENOMEM);
    j->picture->pts = 0;
    int err = av_buffersrc_add_frame_flags(j->src, j->picture, AV_BUFFERSRC_FLAG_KEEP_REF);
    if (err >= 0) err = av_buffersrc_add_frame_flags(j->src, NULL, 0); // the end: what the graph holds
    if (err >= 0) err = av_buffersink_get_frame(j->sink, made);
    if (err < 0) {
        av_frame_free(&made);
        return err;
    }
    av_frame_free(&j->picture);
    avcodec_free_context(&j->dec);
    avfilter_graph_free(&j->graph);
    j->src = j->sink = NULL;
    j->picture = made;
    made->pts = AV_NOPTS_VALUE;
    AVRational sar = made->sample_aspect_ratio.num > 0 ? made->sample_aspect_ratio : (AVRational){1, 1};
    char colours_said[64], args[320];
    colour_args(colours_said, sizeof colours_said, made->colorspace, made->color_range);
    snprintf(args, sizeof args, "video_size=%dx%d:pix_fmt=%d:time_base=1/%d:pixel_aspect=%d/%d:frame_rate=%d/%d%s",
             made->width, made->height, made->format, ticks, sar.num, sar.den, j->frame_rate.num, j->frame_rate.den,
             colours_said);
#ifdef __GLIBC__
    malloc_trim(0); // the decoded picture's pages back to the system before libx264 takes its own
#endif
    // Passed on as it is: a format filter of its own format (every FFmpeg reelshare links has
    // "format"; the portable build has no "null").
    char keep[64];
    snprintf(keep, sizeof keep, "format=%s", av_get_pix_fmt_name(made->format));
    return build_graph(j, args, keep, 1);
}

int rs_fix_open_still(rs_fix_job *j, AVFormatContext *source, AVFormatContext *out, const rs_fix_plan *plan, char *why,
                      size_t why_size) {
    if (!j->picture) j->picture = av_frame_alloc();
    if (!j->picture) return AVERROR(ENOMEM);
    int err;
    if (plan->video_from == RS_FIX_FROM_WEBP) {
        err = j->picture->width > 0 && j->picture->height > 0 ? 0 : AVERROR(EINVAL); // the canvas's shape, from the caller
    } else if (plan->video_from == RS_FIX_FROM_BLACK) {
        err = plan->still_width > 0 && plan->still_height > 0 ? black_frame(j->picture, plan->still_width, plan->still_height)
                                                               : AVERROR(EINVAL);
    } else {
        err = j->in ? decode_picture(j, source, j->picture, plan->still_max_pixels) : AVERROR_INVALIDDATA;
        const char *what = plan->video_from == RS_FIX_FROM_COVER_ART ? "cover art" : "picture";
        if (err < 0) {
            // FFmpeg forgets a size past max_pixels as it refuses it: said with the bound.
            snprintf(why, why_size, "its %s does not decode (a held picture may have at most %.0f megapixels%s)", what,
                     (double)plan->still_max_pixels / 1e6,
                     plan->video_from == RS_FIX_FROM_COVER_ART ? "; --still gives it another" : "");
            return err;
        }
    }
    if (err < 0) return err;
    // A held picture's frames are numbered at its rate; an animated WebP's are timed in
    // milliseconds, at the average rate its frames make (j->frame_rate, set by the caller).
    int rate = plan->still_frame_rate > 0 ? plan->still_frame_rate : 30;
    if (plan->video_from != RS_FIX_FROM_WEBP || j->frame_rate.num <= 0) j->frame_rate = (AVRational){rate, 1};
    int ticks = plan->video_from == RS_FIX_FROM_WEBP ? 1000 : rate;
    AVRational sar = j->picture->sample_aspect_ratio.num > 0 ? j->picture->sample_aspect_ratio : (AVRational){1, 1};
    char colours_said[64], args[320];
    colour_args(colours_said, sizeof colours_said, j->picture->colorspace, j->picture->color_range);
    snprintf(args, sizeof args, "video_size=%dx%d:pix_fmt=%d:time_base=1/%d:pixel_aspect=%d/%d:frame_rate=%d/%d%s",
             j->picture->width, j->picture->height, j->picture->format, ticks, sar.num, sar.den, j->frame_rate.num,
             j->frame_rate.den, colours_said);
    if ((err = build_graph(j, args, plan->video_graph, 1)) < 0) {
        if (rs_avfilter_load()) snprintf(why, why_size, "%s", rs_avfilter_load());
        else snprintf(why, why_size, "the picture's filters do not apply (%s)", plan->video_graph);
        return err;
    }
    if (plan->picture_once) {
        if ((err = picture_once(j, ticks)) < 0) {
            snprintf(why, why_size, "the picture's filters do not apply (%s)", plan->video_graph);
            return err;
        }
    }
    // A picture's own tags are not the frames': the plan tags what its graph makes.
    rs_fix_colours colours = {AVCOL_PRI_UNSPECIFIED, AVCOL_TRC_UNSPECIFIED, AVCOL_SPC_UNSPECIFIED, AVCOL_RANGE_UNSPECIFIED};
    return open_x264(j, out, plan, colours, why, why_size);
}

int rs_fix_open_audio(rs_fix_job *j, AVFormatContext *out, const rs_fix_plan *plan, char *why, size_t why_size) {
    int err = open_decoder(j, 1);
    if (err < 0) {
        snprintf(why, why_size, "the audio decoder does not open");
        return err;
    }
    const AVCodec *codec = avcodec_find_encoder_by_name(plan->audio_encoder);
    if (!codec) {
        snprintf(why, why_size, "this FFmpeg has no %s encoder", plan->audio_encoder);
        return AVERROR_ENCODER_NOT_FOUND;
    }
    // The decoded sound as it is (a layout of no known order: its channel count's default).
    char in_layout[128], args[384];
    AVChannelLayout source = {0};
    if (j->dec->ch_layout.order == AV_CHANNEL_ORDER_NATIVE) av_channel_layout_copy(&source, &j->dec->ch_layout);
    else av_channel_layout_default(&source, j->dec->ch_layout.nb_channels > 0 ? j->dec->ch_layout.nb_channels : 2);
    av_channel_layout_describe(&source, in_layout, sizeof in_layout);
    av_channel_layout_uninit(&source);
    // Timed in samples: transcode gives the frames their times as the ffmpeg CLI does.
    snprintf(args, sizeof args, "time_base=1/%d:sample_rate=%d:sample_fmt=%s:channel_layout=%s", j->dec->sample_rate,
             j->dec->sample_rate, av_get_sample_fmt_name(j->dec->sample_fmt), in_layout);
    if ((err = build_graph(j, args, plan->audio_graph, 0)) < 0) {
        if (rs_avfilter_load()) snprintf(why, why_size, "%s", rs_avfilter_load());
        else snprintf(why, why_size, "the plan's audio filters do not run");
        return err;
    }
    // The encoder takes what the graph gives.
    j->enc = avcodec_alloc_context3(codec);
    if (!j->enc) return AVERROR(ENOMEM);
    j->enc->sample_fmt = av_buffersink_get_format(j->sink);
    j->enc->sample_rate = av_buffersink_get_sample_rate(j->sink);
    if ((err = av_buffersink_get_ch_layout(j->sink, &j->enc->ch_layout)) < 0) return err;
    j->enc->time_base = (AVRational){1, j->enc->sample_rate};
    if ((err = open_encoder(j, codec, out, plan->audio_options, why, why_size)) < 0) return err;
    if (j->enc->frame_size > 0 && !(codec->capabilities & AV_CODEC_CAP_VARIABLE_FRAME_SIZE))
        av_buffersink_set_frame_size(j->sink, (unsigned)j->enc->frame_size);
    if ((err = avcodec_parameters_from_context(j->out->codecpar, j->enc)) < 0) return err;
    j->out->time_base = j->enc->time_base;
    return 0;
}
