// Loads libavfilter on first use (see rs_avfilter.h for why it is not linked), or, built with
// RS_AVFILTER_LINKED (the static build), takes the functions linked in.
#define RS_AVFILTER_LOADER
#include "rs_avfilter.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>

#include "rs_av_compat.h"

rs_avfilter_api rs_avfilter;

static pthread_once_t once = PTHREAD_ONCE_INIT;
static char failure[512];
static int loaded;

static void load(void) {
#if defined(RS_AVFILTER_LINKED)
    // A static build (Scripts/package --portable) links libavfilter in: the table is its functions.
#define RS_AVFILTER_TAKE(name) rs_avfilter.name = name;
    RS_AVFILTER_FUNCTIONS(RS_AVFILTER_TAKE)
#undef RS_AVFILTER_TAKE
    loaded = 1;
#else
    // The library of the major version the headers describe: its ABI is the one compiled against.
    static const char *const names[] = {
        RS_AVFILTER_LIBRARY_NAME,
#if defined(__APPLE__)
        "/opt/homebrew/lib/" RS_AVFILTER_LIBRARY_NAME,
        "/usr/local/lib/" RS_AVFILTER_LIBRARY_NAME,
#endif
    };
    void *library = NULL;
    const char *why = "not found";
    for (size_t i = 0; i < sizeof names / sizeof names[0] && !library; i++) {
        library = dlopen(names[i], RTLD_NOW | RTLD_LOCAL);
        if (!library) why = dlerror();
    }
    if (!library) {
        snprintf(failure, sizeof failure, "%s cannot be loaded (%s); Scripts/bootstrap installs it",
                 RS_AVFILTER_LIBRARY_NAME, why ? why : "unknown");
        return;
    }
#define RS_AVFILTER_RESOLVE(name)                                                                                      \
    if (!(rs_avfilter.name = (__typeof__(name) *)dlsym(library, #name))) {                                            \
        snprintf(failure, sizeof failure, "%s lacks %s", RS_AVFILTER_LIBRARY_NAME, #name);               \
        return;                                                                                                        \
    }
    RS_AVFILTER_FUNCTIONS(RS_AVFILTER_RESOLVE)
#undef RS_AVFILTER_RESOLVE
    loaded = 1;
#endif
}

int rs_av_linked_statically(void) {
#if defined(RS_AVFILTER_LINKED)
    return 1;
#else
    return 0;
#endif
}

const char *rs_avfilter_load(void) {
    pthread_once(&once, load);
    return loaded ? NULL : failure;
}
