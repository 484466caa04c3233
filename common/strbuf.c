#include "strbuf.h"

#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

void *gm_xmalloc(size_t n)
{
    void *p = malloc(n ? n : 1);
    if (!p) {
        fputs("gmadvise: out of memory\n", stderr);
        abort();
    }
    return p;
}

void *gm_xcalloc(size_t n, size_t size)
{
    void *p = calloc(n ? n : 1, size ? size : 1);
    if (!p) {
        fputs("gmadvise: out of memory\n", stderr);
        abort();
    }
    return p;
}

void *gm_xrealloc(void *p, size_t n)
{
    p = realloc(p, n ? n : 1);
    if (!p) {
        fputs("gmadvise: out of memory\n", stderr);
        abort();
    }
    return p;
}

char *gm_xstrdup(const char *s)
{
    size_t n = strlen(s) + 1;
    return memcpy(gm_xmalloc(n), s, n);
}

/* what every empty buffer points at: never written (len 0, cap 0) */
static char empty[1];

void sb_init(sb_t *b)
{
    b->s = empty;
    b->len = b->cap = 0;
}

void sb_free(sb_t *b)
{
    if (b->cap)
        free(b->s);
    sb_init(b);
}

static void sb_reserve(sb_t *b, size_t extra)
{
    if (b->len + extra + 1 <= b->cap)
        return;
    size_t cap = b->cap ? b->cap : 256;
    while (cap < b->len + extra + 1)
        cap *= 2;
    b->s = b->cap ? gm_xrealloc(b->s, cap) : gm_xmalloc(cap); /* the shared "" is never reallocated */
    if (!b->cap)
        b->s[0] = '\0';
    b->cap = cap;
}

void sb_putn(sb_t *b, const char *s, size_t n)
{
    sb_reserve(b, n);
    memcpy(b->s + b->len, s, n);
    b->len += n;
    b->s[b->len] = '\0';
}

void sb_puts(sb_t *b, const char *s)
{
    sb_putn(b, s, strlen(s));
}

void sb_printf(sb_t *b, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    if (n <= 0)
        return;
    sb_reserve(b, (size_t)n);
    va_start(ap, fmt);
    vsnprintf(b->s + b->len, (size_t)n + 1, fmt, ap);
    va_end(ap);
    b->len += (size_t)n;
}

char *sb_take(sb_t *b)
{
    char *s = b->cap ? b->s : gm_xstrdup("");
    sb_init(b);
    return s;
}

char *gm_read_file(const char *path, size_t *len)
{
    /* O_NONBLOCK: opening a FIFO must not wait for a writer */
    int fd = open(path, O_RDONLY | O_NONBLOCK);
    if (fd < 0)
        return NULL;
    struct stat st;
    int e = fstat(fd, &st) != 0     ? errno
            : S_ISDIR(st.st_mode)   ? EISDIR
            : !S_ISREG(st.st_mode)  ? EINVAL /* a pipe or a device: may never end */
            : st.st_size > GM_READ_MAX ? EFBIG : 0;
    if (e) {
        close(fd);
        errno = e;
        return NULL;
    }
    FILE *f = fdopen(fd, "rb");
    if (!f) {
        close(fd);
        return NULL;
    }
    sb_t b;
    sb_init(&b);
    char buf[65536];
    size_t n;
    while ((n = fread(buf, 1, sizeof buf, f)) > 0)
        sb_putn(&b, buf, n);
    int bad = ferror(f);
    fclose(f);
    if (bad) {
        sb_free(&b);
        return NULL;
    }
    if (len)
        *len = b.len;
    return sb_take(&b);
}

void sb_line_directive(sb_t *b, unsigned line, const char *file)
{
    sb_printf(b, "#line %u \"", line);
    for (const char *c = file; *c; c++) {
        if (*c == '"' || *c == '\\')
            sb_putn(b, "\\", 1);
        sb_putn(b, (unsigned char)*c < 0x20 ? "?" : c, 1);
    }
    sb_puts(b, "\"\n");
}
