// rs_av_log.c: see rs_av_log.h; also the versions of the libraries, built and running.
#include "rs_av.h"
#include "rs_av_compat.h"
#include "rs_av_log.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <string.h>

#include <libavcodec/avcodec.h>
#include <libavformat/avformat.h>
#include <libavutil/avutil.h>

static pthread_once_t rs_av_once = PTHREAD_ONCE_INIT;
static char rs_av_format_version_text[32];
static char rs_av_codec_version_text[32];

// Thread-local: probes run in parallel, each collecting what FFmpeg says while it works for it.
static _Thread_local char *log_capture;
static _Thread_local size_t log_capture_size;
static _Atomic(rs_av_log_hook) log_hook;

void rs_av_log_set_hook(rs_av_log_hook hook) { atomic_store(&log_hook, hook); }

void rs_av_log_capture(char *buffer, size_t size) {
    log_capture = buffer;
    log_capture_size = size;
}

static void rs_log(void *avcl, int level, const char *format, va_list arguments) {
    if (level > AV_LOG_ERROR) return;
    rs_av_log_hook hook = atomic_load(&log_hook);
    if (hook && hook(avcl, format, arguments)) return;
    if (!log_capture || log_capture[0]) return;
    vsnprintf(log_capture, log_capture_size, format, arguments);
    size_t n = strlen(log_capture);
    while (n > 0 && (log_capture[n - 1] == '\n' || log_capture[n - 1] == '.' || log_capture[n - 1] == ' '))
        log_capture[--n] = 0;
    if (log_capture[0] >= 'A' && log_capture[0] <= 'Z') log_capture[0] = (char)(log_capture[0] - 'A' + 'a');
}

static void rs_av_init_once(void) {
    av_log_set_level(AV_LOG_ERROR);
    av_log_set_callback(rs_log);
    unsigned f = avformat_version(), c = avcodec_version();
    snprintf(rs_av_format_version_text, sizeof rs_av_format_version_text, "%u.%u.%u", AV_VERSION_MAJOR(f),
             AV_VERSION_MINOR(f), AV_VERSION_MICRO(f));
    snprintf(rs_av_codec_version_text, sizeof rs_av_codec_version_text, "%u.%u.%u", AV_VERSION_MAJOR(c),
             AV_VERSION_MINOR(c), AV_VERSION_MICRO(c));
}

void rs_av_init(void) { pthread_once(&rs_av_once, rs_av_init_once); }

const char *rs_av_format_version(void) {
    rs_av_init();
    return rs_av_format_version_text;
}

const char *rs_av_codec_version(void) {
    rs_av_init();
    return rs_av_codec_version_text;
}

const char *rs_av_ffmpeg_version(void) { return av_version_info(); }
const char *rs_av_format_built_version(void) { return RS_AVFORMAT_BUILT_VERSION; }
const char *rs_av_codec_built_version(void) { return RS_AVCODEC_BUILT_VERSION; }
const char *rs_av_ffmpeg_built_version(void) { return RS_FFMPEG_BUILT_VERSION; }
