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

int gm_fail(gm_status *st, gm_code code, const char *fmt, ...)
{
    if (st->code != GM_OK)
        return code; /* keep the first, most specific message */
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(st->msg, sizeof st->msg, fmt, ap);
    va_end(ap);
    st->code = code;
    st->file_len = st->at_len = st->text = st->line = st->col = 0;
    return code;
}

int gm_fail_at(gm_status *st, gm_code code, const char *file, unsigned line, unsigned col, const char *fmt,
               ...)
{
    if (st->code != GM_OK)
        return code;
    char where[32] = "";
    if (line && col)
        snprintf(where, sizeof where, ":%u:%u", line, col);
    else if (line)
        snprintf(where, sizeof where, ":%u", line);
    int at = snprintf(st->msg, sizeof st->msg, "%s%s", file, where);
    if (at < 0 || (size_t)at + 64 > sizeof st->msg) /* a name too long to keep a location */
        at = snprintf(st->msg, sizeof st->msg, "%.1000s%s", file, where);
    int pre = snprintf(st->msg + at, sizeof st->msg - (size_t)at, ": error: ");
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(st->msg + at + pre, sizeof st->msg - (size_t)(at + pre), fmt, ap);
    va_end(ap);
    st->code = code;
    st->file_len = (unsigned)(at - (int)strlen(where));
    st->at_len = (unsigned)at;
    st->text = (unsigned)(at + pre);
    st->line = line;
    st->col = line ? col : 0;
    return code;
}

int gm_fail_status(gm_status *st, gm_code code, const gm_status *src)
{
    if (st->code != GM_OK)
        return code;
    gm_status_set(st, src);
    st->code = code;
    return code;
}

void gm_status_append(gm_status *st, const char *text)
{
    size_t n = strlen(st->msg);
    snprintf(st->msg + n, sizeof st->msg - n, "%s", text);
}
