/* One error convention for every module: a status code plus a message.
 * Functions that can fail take a `gm_status *` last and return its code;
 * the message already names the file, struct or kernel it is about. */
#ifndef GM_STATUS_H
#define GM_STATUS_H

typedef enum {
    GM_OK = 0,
    GM_EFINDINGS = 1, /* gmadvise check: findings reported */
    GM_EINPUT = 2,    /* bad input or usage */
    GM_EENV = 3,      /* environment: a library or tool is missing */
    GM_EGPU = 4,      /* the GPU or driver failed while measuring */
    GM_EPARTIAL = 5   /* some variants could not be measured */
} gm_code;

typedef struct {
    gm_code code;
    char msg[4096];
} gm_status;

void gm_status_init(gm_status *st);
/* Sets the status (first failure wins) and returns `code`. */
int gm_fail(gm_status *st, gm_code code, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

#endif
