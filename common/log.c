#include "log.h"

#include <stdarg.h>
#include <stdio.h>

static gm_log_sink sink;
static void *sink_ctx;

void gm_log_set_sink(gm_log_sink fn, void *ctx)
{
    sink = fn;
    sink_ctx = ctx;
}

void gm_log(gm_log_level level, const char *fmt, ...)
{
    if (!sink)
        return;
    char msg[4096];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    sink(sink_ctx, level, msg);
}
