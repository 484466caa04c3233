#include "args.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

size_t gm_cap_span(const gm_cap_param *p, unsigned n)
{
    size_t end = 0;
    for (unsigned i = 0; i < n; i++)
        if (p[i].offset + p[i].size > end)
            end = p[i].offset + p[i].size;
    return end;
}

int gm_cap_decode(const gm_cap_param *p, unsigned n, void **kernel_params, void **extra, unsigned char *out,
                  size_t out_len, char *why, size_t why_len)
{
    size_t span = gm_cap_span(p, n);
    if (span > out_len) {
        snprintf(why, why_len, "the parameters span %zu bytes, more than the %zu kept", span, out_len);
        return -1;
    }
    memset(out, 0, span);
    if (kernel_params) {
        for (unsigned i = 0; i < n; i++) {
            if (!kernel_params[i] && p[i].size) {
                snprintf(why, why_len, "argument %u is a null pointer in kernelParams", i);
                return -1;
            }
            if (p[i].size)
                memcpy(out + p[i].offset, kernel_params[i], p[i].size);
        }
        return 0;
    }
    /* extra: pairs of (tag, value) up to CU_LAUNCH_PARAM_END (0); tag 1 is
     * the buffer, tag 2 a pointer to its size */
    const unsigned char *buf = NULL;
    size_t bsize = 0;
    for (unsigned i = 0; extra && extra[i] && i < 64; i += 2) {
        if (extra[i] == (void *)1)
            buf = extra[i + 1];
        else if (extra[i] == (void *)2 && extra[i + 1])
            memcpy(&bsize, extra[i + 1], sizeof bsize);
    }
    if (!buf) {
        snprintf(why, why_len, "the launch passes neither kernelParams nor an argument buffer in extra");
        return -1;
    }
    if (bsize < span) {
        snprintf(why, why_len, "the argument buffer holds %zu bytes, the parameters span %zu", bsize, span);
        return -1;
    }
    memcpy(out, buf, span);
    return 0;
}

int gm_cap_budget_take(unsigned long long *used, unsigned long long max, unsigned long long bytes)
{
    if (max && (bytes > max || *used > max - bytes))
        return 0;
    *used += bytes;
    return 1;
}

/* The extent of the parameter list's parentheses: the last top-level
 * "(...)" of the signature (a template argument may hold parentheses). */
static const char *params_open(const char *d)
{
    const char *open = NULL;
    int angle = 0, paren = 0;
    for (const char *s = d; *s; s++) {
        if (*s == '<')
            angle++;
        else if (*s == '>' && angle > 0)
            angle--;
        else if (*s == '(') {
            if (angle == 0 && paren == 0)
                open = s;
            paren++;
        } else if (*s == ')')
            paren--;
    }
    return open;
}

void gm_cap_base_name(const char *demangled, char *base, size_t nb, char *qual, size_t nq)
{
    const char *open = params_open(demangled);
    size_t len = open ? (size_t)(open - demangled) : strlen(demangled);
    /* the qualified name starts after the return type: the last space at depth 0 */
    size_t start = 0;
    int angle = 0;
    for (size_t i = 0; i < len; i++) {
        if (demangled[i] == '<')
            angle++;
        else if (demangled[i] == '>')
            angle--;
        else if (demangled[i] == ' ' && angle == 0)
            start = i + 1;
    }
    snprintf(qual, nq, "%.*s", (int)(len - start), demangled + start);
    /* the base: after the last "::" at depth 0 */
    size_t bstart = start;
    angle = 0;
    for (size_t i = start; i + 1 < len; i++) {
        if (demangled[i] == '<')
            angle++;
        else if (demangled[i] == '>')
            angle--;
        else if (angle == 0 && demangled[i] == ':' && demangled[i + 1] == ':')
            bstart = i + 2;
    }
    snprintf(base, nb, "%.*s", (int)(len - bstart), demangled + bstart);
}

int gm_cap_wanted(const char *filter, const char *mangled, const char *demangled)
{
    if (!filter || !*filter)
        return 1;
    char base[256] = "", qual[256] = "", plain[256] = "";
    if (demangled) {
        gm_cap_base_name(demangled, base, sizeof base, qual, sizeof qual);
        /* and without template arguments */
        snprintf(plain, sizeof plain, "%s", base);
        char *lt = strchr(plain, '<');
        if (lt)
            *lt = 0;
    }
    const char *s = filter;
    while (*s) {
        const char *e = strchr(s, ';');
        size_t n = e ? (size_t)(e - s) : strlen(s);
        if (n && ((mangled && strlen(mangled) == n && !strncmp(mangled, s, n)) ||
                  (demangled && strlen(demangled) == n && !strncmp(demangled, s, n)) ||
                  (strlen(base) == n && !strncmp(base, s, n)) || (strlen(qual) == n && !strncmp(qual, s, n)) ||
                  (strlen(plain) == n && !strncmp(plain, s, n))))
            return 1;
        if (!e)
            break;
        s = e + 1;
    }
    return 0;
}

int gm_cap_param_types(const char *demangled, char types[][128], int max)
{
    const char *open = params_open(demangled);
    if (!open)
        return -1;
    int n = 0, depth = 0;
    size_t len = 0;
    char cur[128];
    for (const char *s = open + 1; *s; s++) {
        if ((*s == ',' || *s == ')') && depth == 0) {
            while (len && cur[len - 1] == ' ')
                len--;
            cur[len] = 0;
            if (len && strcmp(cur, "void") != 0 && n < max)
                snprintf(types[n++], 128, "%s", cur);
            len = 0;
            if (*s == ')')
                break;
            continue;
        }
        if (*s == '<' || *s == '(')
            depth++;
        else if (*s == '>' || *s == ')')
            depth--;
        if (len == 0 && *s == ' ')
            continue;
        if (len + 1 < sizeof cur)
            cur[len++] = *s;
    }
    return n;
}

/* A built-in type's name with const, volatile and __restrict__ removed. */
static void strip_quals(const char *t, char *out, size_t n)
{
    static const char *const quals[] = {"const", "volatile", "__restrict__", "__restrict", "restrict"};
    size_t o = 0;
    const char *s = t;
    while (*s) {
        while (*s == ' ')
            s++;
        const char *w = s;
        while (*s && *s != ' ' && *s != '*' && *s != '&')
            s++;
        size_t wl = (size_t)(s - w);
        int q = 0;
        for (size_t i = 0; i < sizeof quals / sizeof *quals; i++)
            q |= strlen(quals[i]) == wl && !strncmp(w, quals[i], wl);
        if (!q && wl) {
            if (o && o + 1 < n)
                out[o++] = ' ';
            for (size_t i = 0; i < wl && o + 1 < n; i++)
                out[o++] = w[i];
        }
        while (*s == '*' || *s == '&') {
            if (o + 1 < n)
                out[o++] = *s;
            s++;
        }
    }
    out[o] = 0;
    /* "float *" and "float*" alike */
    char *sp;
    while ((sp = strstr(out, " *")) != NULL)
        memmove(sp, sp + 1, strlen(sp));
}

static const struct {
    const char *name, *descr;
    size_t size;
} builtins[] = {
    {"float", "<f4", 4}, {"double", "<f8", 8}, {"__half", "<f2", 2}, {"half", "<f2", 2},
    {"int", "<i4", 4}, {"unsigned int", "<u4", 4}, {"unsigned", "<u4", 4},
    {"long", "<i8", 8}, {"unsigned long", "<u8", 8}, {"long long", "<i8", 8},
    {"unsigned long long", "<u8", 8}, {"short", "<i2", 2}, {"unsigned short", "<u2", 2},
    {"char", "|i1", 1}, {"signed char", "|i1", 1}, {"unsigned char", "|u1", 1}, {"bool", "|b1", 1},
    {"int8_t", "|i1", 1}, {"uint8_t", "|u1", 1}, {"int16_t", "<i2", 2}, {"uint16_t", "<u2", 2},
    {"int32_t", "<i4", 4}, {"uint32_t", "<u4", 4}, {"int64_t", "<i8", 8}, {"uint64_t", "<u8", 8},
    {"size_t", "<u8", 8},
};

size_t gm_cap_scalar_size(const char *type)
{
    char t[128];
    strip_quals(type, t, sizeof t);
    if (strchr(t, '*'))
        return sizeof(void *);
    for (size_t i = 0; i < sizeof builtins / sizeof *builtins; i++)
        if (!strcmp(t, builtins[i].name))
            return builtins[i].size;
    return 0;
}

int gm_cap_pointee(const char *type, char *descr, size_t nd, char *elem, size_t ne)
{
    char t[128];
    strip_quals(type, t, sizeof t);
    size_t len = strlen(t);
    if (!len || t[len - 1] != '*')
        return 0;
    t[len - 1] = 0;
    snprintf(elem, ne, "%s", t);
    snprintf(descr, nd, "|u1");
    for (size_t i = 0; i < sizeof builtins / sizeof *builtins; i++)
        if (!strcmp(t, builtins[i].name))
            snprintf(descr, nd, "%s", builtins[i].descr);
    return 1;
}

void gm_cap_json_str(const char *s, char *out, size_t n)
{
    size_t o = 0;
    if (n < 3) {
        if (n)
            out[0] = 0;
        return;
    }
    out[o++] = '"';
    for (; s && *s && o + 8 < n; s++) {
        unsigned char c = (unsigned char)*s;
        if (c == '"' || c == '\\') {
            out[o++] = '\\';
            out[o++] = (char)c;
        } else if (c < 0x20 || c >= 0x7f) {
            o += (size_t)snprintf(out + o, n - o, "\\u%04x", c < 0x20 ? c : 0xfffd);
        } else {
            out[o++] = (char)c;
        }
    }
    out[o++] = '"';
    out[o] = 0;
}
