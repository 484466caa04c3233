/* Growable NUL-terminated string. Allocation failure aborts: the tool
 * cannot do anything useful without memory, and callers stay simple.
 *
 * Invariant (git's strbuf rule): after sb_init, `s` is never NULL and
 * always a NUL-terminated string of `len` bytes, so it can be read without
 * a check.  An empty buffer points at a shared "" and owns nothing (cap
 * 0); the first write allocates.  Only sb_* functions change s: never
 * free(b.s) or keep b.s past the buffer (sb_take hands it over).  A zeroed
 * sb_t (calloc, {0}) must be sb_init'ed before it is read. */
#ifndef GM_STRBUF_H
#define GM_STRBUF_H

#include <stddef.h>

typedef struct {
    char *s;
    size_t len, cap;
} sb_t;

void sb_init(sb_t *b);
void sb_free(sb_t *b);
void sb_putn(sb_t *b, const char *s, size_t n);
void sb_puts(sb_t *b, const char *s);
void sb_printf(sb_t *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* Returns the string and leaves `b` empty; the caller frees it. */
char *sb_take(sb_t *b);
/* Appends `#line LINE "FILE"\n`, FILE escaped as a C string. */
void sb_line_directive(sb_t *b, unsigned line, const char *file);

void *gm_xmalloc(size_t n);
void *gm_xcalloc(size_t n, size_t size);
void *gm_xrealloc(void *p, size_t n);
char *gm_xstrdup(const char *s);

/* Reads a whole regular file of at most GM_READ_MAX bytes; NULL with errno
 * set on failure (EINVAL for a pipe or a device, which might never end;
 * EFBIG when larger). */
#define GM_READ_MAX (256ll << 20)
char *gm_read_file(const char *path, size_t *len);

#endif
