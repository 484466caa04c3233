#include "status.h"

#include <stdarg.h>
#include <stdio.h>

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
