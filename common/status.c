#include "status.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

void gm_status_init(gm_status *st)
{
    st->code = GM_OK;
    st->msg[0] = '\0';
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
    return code;
}

void gm_print_error(const char *who, const gm_status *st)
{
    if (!st->msg[0])
        return;
    if (strstr(st->msg, ": error: "))
        fprintf(stderr, "%s\n", st->msg);
    else
        fprintf(stderr, "%s: %s%s\n", who, st->code == GM_EPARTIAL ? "" : "error: ", st->msg);
}
