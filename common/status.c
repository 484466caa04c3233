#include "status.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void gm_status_init(gm_status *st)
{
    memset(st, 0, sizeof *st);
}

void gm_status_clear(gm_status *st)
{
    gm_status_init(st);
}

void gm_status_set(gm_status *dst, const gm_status *src)
{
    if (dst != src)
        *dst = *src;
}

int gm_status_recode(gm_status *st, gm_code code)
{
    st->code = code;
    return code;
}

const char *gm_status_text(const gm_status *st)
{
    return st->msg + st->text;
}

/* Where a message set by gm_fail is located: "WHERE: error: " with WHERE
 * "FILE", "FILE:LINE" or "FILE:LINE:COL"; read once, here, as it is set. */
static void locate(gm_status *st)
{
    const char *m = st->msg, *err = strstr(m, ": error: ");
    if (!err || err == m)
        return;
    const char *p = err;
    unsigned nums[2], n = 0;
    while (n < 2) {
        const char *d = p;
        while (d > m && d[-1] >= '0' && d[-1] <= '9')
            d--;
        if (d == p || d == m || d[-1] != ':')
            break;
        nums[n++] = (unsigned)strtoul(d, NULL, 10);
        p = d - 1;
    }
    st->file_len = (unsigned)(p - m);
    st->at_len = (unsigned)(err - m);
    st->text = st->at_len + (unsigned)strlen(": error: ");
    st->line = n == 2 ? nums[1] : n ? nums[0] : 0;
    st->col = n == 2 ? nums[0] : 0;
}

int gm_fail(gm_status *st, gm_code code, const char *fmt, ...)
{
    if (st->code != GM_OK)
        return code; /* keep the first, most specific message */
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(st->msg, sizeof st->msg, fmt, ap);
    va_end(ap);
    st->code = code;
    locate(st);
    return code;
}

int gm_fail_at(gm_status *st, gm_code code, const char *file, unsigned line, unsigned col, const char *fmt,
               ...)
{
    if (st->code != GM_OK)
        return code;
    int at = snprintf(st->msg, sizeof st->msg, "%s:%u:%u", file, line, col);
    if (at < 0 || (size_t)at + 64 > sizeof st->msg) /* a name too long to keep a location */
        at = snprintf(st->msg, sizeof st->msg, "%.1000s:%u:%u", file, line, col);
    int pre = snprintf(st->msg + at, sizeof st->msg - (size_t)at, ": error: ");
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(st->msg + at + pre, sizeof st->msg - (size_t)(at + pre), fmt, ap);
    va_end(ap);
    st->code = code;
    st->file_len = (unsigned)at - (unsigned)snprintf(NULL, 0, ":%u:%u", line, col);
    st->at_len = (unsigned)at;
    st->text = (unsigned)(at + pre);
    st->line = line;
    st->col = col;
    return code;
}
