// libavfilter, loaded on first use rather than linked. Only `fix` filters; linked, libavfilter's
// own dependencies (speech synthesis voices, Vulkan, LV2 hosts, BLAS...) are loaded into every
// probe and validate process too, about 15 ms of start-up each, a third of a one-file probe. The
// headers are the ones built against, so the functions' types are checked as if linked; rs_fix.c
// includes this last and calls them by their own names.
#ifndef RS_AVFILTER_H
#define RS_AVFILTER_H

#include <libavfilter/avfilter.h>
#include <libavfilter/buffersink.h>
#include <libavfilter/buffersrc.h>

#define RS_AVFILTER_FUNCTIONS(X)                                                                                       \
    X(avfilter_get_by_name)                                                                                            \
    X(avfilter_graph_alloc)                                                                                            \
    X(avfilter_graph_config)                                                                                           \
    X(avfilter_graph_create_filter)                                                                                    \
    X(avfilter_graph_free)                                                                                             \
    X(avfilter_graph_parse_ptr)                                                                                        \
    X(avfilter_inout_alloc)                                                                                            \
    X(avfilter_inout_free)                                                                                             \
    X(av_buffersink_get_ch_layout)                                                                                     \
    X(av_buffersink_get_format)                                                                                        \
    X(av_buffersink_get_frame)                                                                                         \
    X(av_buffersink_get_frame_rate)                                                                                    \
    X(av_buffersink_get_h)                                                                                             \
    X(av_buffersink_get_sample_rate)                                                                                   \
    X(av_buffersink_get_w)                                                                                             \
    X(av_buffersink_get_sample_aspect_ratio)                                                                           \
    X(av_buffersink_get_time_base)                                                                                     \
    X(av_buffersink_set_frame_size)                                                                                    \
    X(av_buffersrc_add_frame_flags)                                                                                    \
    X(av_buffersrc_close)

typedef struct rs_avfilter_api {
#define RS_AVFILTER_MEMBER(name) __typeof__(name) *name;
    RS_AVFILTER_FUNCTIONS(RS_AVFILTER_MEMBER)
#undef RS_AVFILTER_MEMBER
} rs_avfilter_api;

/// The functions, once rs_avfilter_load() has returned NULL.
extern rs_avfilter_api rs_avfilter;

/// Loads libavfilter (once, thread-safe): NULL when it is loaded, else why it is not.
const char *rs_avfilter_load(void);

#ifndef RS_AVFILTER_LOADER
#define avfilter_get_by_name (rs_avfilter.avfilter_get_by_name)
#define avfilter_graph_alloc (rs_avfilter.avfilter_graph_alloc)
#define avfilter_graph_config (rs_avfilter.avfilter_graph_config)
#define avfilter_graph_create_filter (rs_avfilter.avfilter_graph_create_filter)
#define avfilter_graph_free (rs_avfilter.avfilter_graph_free)
#define avfilter_graph_parse_ptr (rs_avfilter.avfilter_graph_parse_ptr)
#define avfilter_inout_alloc (rs_avfilter.avfilter_inout_alloc)
#define avfilter_inout_free (rs_avfilter.avfilter_inout_free)
#define av_buffersink_get_ch_layout (rs_avfilter.av_buffersink_get_ch_layout)
#define av_buffersink_get_format (rs_avfilter.av_buffersink_get_format)
#define av_buffersink_get_frame (rs_avfilter.av_buffersink_get_frame)
#define av_buffersink_get_frame_rate (rs_avfilter.av_buffersink_get_frame_rate)
#define av_buffersink_get_h (rs_avfilter.av_buffersink_get_h)
#define av_buffersink_get_sample_rate (rs_avfilter.av_buffersink_get_sample_rate)
#define av_buffersink_get_w (rs_avfilter.av_buffersink_get_w)
#define av_buffersink_get_sample_aspect_ratio (rs_avfilter.av_buffersink_get_sample_aspect_ratio)
#define av_buffersink_get_time_base (rs_avfilter.av_buffersink_get_time_base)
#define av_buffersink_set_frame_size (rs_avfilter.av_buffersink_set_frame_size)
#define av_buffersrc_add_frame_flags (rs_avfilter.av_buffersrc_add_frame_flags)
#define av_buffersrc_close (rs_avfilter.av_buffersrc_close)
#endif

#endif
