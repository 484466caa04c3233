/* One error convention for every module: a status code plus a message.
 *
 * - A function that can fail takes a `gm_status *st` last, returns a
 *   gm_code (GM_OK on success) and, on failure, sets st through gm_fail
 *   (`return gm_fail(st, GM_EINPUT, "...")`).  The message already names
 *   the struct or kernel it is about; an error about a place in a user's
 *   file is set with gm_fail_at, which writes "FILE:LINE:COL: error: "
 *   and the location fields from its arguments; an error kept from earlier
 *   (libclang's, a struct that could not be modelled) is a gm_status,
 *   passed on with gm_fail_status.
 * - A function that finds something returns its index or -1 (not found
 *   is an answer, not an error); a constructor that can fail returns NULL
 *   and sets st.
 * - A step that can be "not applicable" (a layout for a struct, a rewrite
 *   of a kernel) is not an error: it says why in a `why` buffer, which
 *   becomes a note in the result.
 * - Nothing below advisor/cli prints an error or exits: cli_print_error
 *   (advisor/cli/cli.h), called once per command, is the one place that
 *   does; warnings, notes and progress go through gm_log (log.h). */
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

/* A located error carries its location as fields, set where the status is
 * set by the one who knows it (gm_fail_at): nothing reads a message to
 * find where it is. */
typedef struct {
    gm_code code;
    char msg[4096];    /* as printed: "FILE:LINE:COL: error: TEXT" when located, else TEXT */
    unsigned file_len; /* located: FILE is msg[0, file_len) */
    unsigned at_len;   /* located: "FILE:LINE:COL" is msg[0, at_len) (0: not located) */
    unsigned text;     /* TEXT starts at msg + text (0 when not located) */
    unsigned line, col; /* located: 0 when the message gives none (a file, or a line only) */
} gm_status;

void gm_status_init(gm_status *st);
/* Sets the status (first failure wins) and returns `code`: an error about
 * no place in a user's file (the message is never read for one). */
int gm_fail(gm_status *st, gm_code code, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
/* The same about a place: msg becomes "FILE:LINE:COL: error: TEXT", or
 * "FILE:LINE: error: TEXT" when col is 0, "FILE: error: TEXT" when line
 * is 0 too; the location fields are set from the arguments. */
int gm_fail_at(gm_status *st, gm_code code, const char *file, unsigned line, unsigned col, const char *fmt,
               ...) __attribute__((format(printf, 6, 7)));
/* A kept status (an error recorded earlier, with its location) becomes
 * st's under `code`, unless st has failed already (first failure wins);
 * returns code. */
int gm_fail_status(gm_status *st, gm_code code, const gm_status *src);
/* Appends to the message, keeping code and location ("; the model's
 * result only"). */
void gm_status_append(gm_status *st, const char *text);
/* Replaces dst by src (a sub-step's status that is now the answer). */
void gm_status_set(gm_status *dst, const gm_status *src);
/* An error that was handled (a fallback took over): dst is OK again. */
void gm_status_clear(gm_status *st);
/* The same message under another code (a driver that cannot start is
 * the environment's fault, not the GPU's); returns code. */
int gm_status_recode(gm_status *st, gm_code code);
/* The message without its location: TEXT. */
const char *gm_status_text(const gm_status *st);

#endif
