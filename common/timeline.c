#include "timeline.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "log.h"
#include "timer.h"

static int on = -1;      /* -1: not asked yet */
static double origin;    /* gm_now_s() at the origin; 0 before gm_timeline_start */

int gm_timeline_on(void)
{
    if (on < 0) {
        const char *e = getenv("GMADVISE_TIMELINE");
        on = e && *e && strcmp(e, "0") != 0;
    }
    return on;
}

/* Seconds since this process was exec'd: /proc/self/stat's starttime
 * (field 22, clock ticks since boot) against CLOCK_BOOTTIME; -1 when
 * either cannot be read. */
static double since_exec(void)
{
    FILE *f = fopen("/proc/self/stat", "r");
    if (!f)
        return -1;
    char buf[1024];
    size_t n = fread(buf, 1, sizeof buf - 1, f);
    fclose(f);
    buf[n] = '\0';
    const char *p = strrchr(buf, ')'); /* the command's name may hold spaces */
    unsigned long long start = 0;
    for (int field = 2; p && field < 22; field++)
        p = strchr(p + 1, ' ');
    struct timespec ts;
    long hz = sysconf(_SC_CLK_TCK);
    if (!p || sscanf(p + 1, "%llu", &start) != 1 || hz <= 0 || clock_gettime(CLOCK_BOOTTIME, &ts) != 0)
        return -1;
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9 - (double)start / (double)hz;
}

/* The last of the exit handlers (registered first): what exit() did
 * before it (a child waited for, libraries' destructors) shows. */
static void at_exit(void)
{
    gm_timeline("caller", "exit handlers ran");
}

void gm_timeline_start(void)
{
    double e = gm_timeline_on() ? since_exec() : -1;
    origin = gm_now_s(); /* after /proc is read, before anything is written */
    if (gm_timeline_on()) {
        atexit(at_exit);
        if (e >= 0)
            gm_log(GM_LOG_PROGRESS, "timeline -%.3f s pid %ld caller: exec (in the kernel's 10 ms ticks)", e,
                   (long)getpid());
        gm_log(GM_LOG_PROGRESS, "timeline +0.000 s pid %ld caller: main() began", (long)getpid());
    }
}

void gm_timeline(const char *who, const char *fmt, ...)
{
    if (!gm_timeline_on())
        return;
    if (origin == 0)
        origin = gm_now_s();
    char what[1024];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(what, sizeof what, fmt, ap);
    va_end(ap);
    gm_log(GM_LOG_PROGRESS, "timeline +%.3f s pid %ld %s: %s", gm_now_s() - origin, (long)getpid(), who, what);
}
