#include "ptx.h"

#include <stdio.h>
#include <string.h>

#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>

#include "../common/strbuf.h"

/* An instruction: ld or st, .global, then dotted qualifiers up to the
 * operands.  The qualifiers carry the vector count (.v2, .v4) and the
 * element type (.f32, .b64, .u8, ...). */
static const char access_re[] = "\\b(ld|st)\\.global((?:\\.[A-Za-z0-9_:]+)+)\\s";

/* Bytes one thread moves: vector count times element bits / 8. */
static unsigned width_of(const char *q, size_t n)
{
    unsigned vec = 1, bits = 0;
    for (size_t i = 0; i < n; i++) {
        if (q[i] != '.')
            continue;
        const char *s = q + i + 1;
        if (s[0] == 'v' && (s[1] == '2' || s[1] == '4' || s[1] == '8'))
            vec = (unsigned)(s[1] - '0');
        else if (strchr("bfsu", s[0]) && s[1] >= '0' && s[1] <= '9') {
            unsigned b = 0;
            for (const char *d = s + 1; d < q + n && *d >= '0' && *d <= '9'; d++)
                b = b * 10 + (unsigned)(*d - '0');
            bits = b;
        }
    }
    return vec * bits / 8;
}

static int slot(unsigned width)
{
    for (int i = 0; i < JIT_PTX_NWIDTHS; i++)
        if (width == 1u << i)
            return i;
    return -1;
}

/* The body of `.entry NAME(`: up to the next .entry or the end. */
static const char *entry_body(const char *ptx, const char *entry, size_t *len)
{
    size_t n = strlen(entry);
    for (const char *p = strstr(ptx, ".entry "); p; p = strstr(p + 1, ".entry ")) {
        const char *name = p + 7;
        while (*name == ' ')
            name++;
        if (strncmp(name, entry, n) || (name[n] != '(' && name[n] != ' ' && name[n] != '\n'))
            continue;
        const char *end = strstr(name, ".entry ");
        *len = end ? (size_t)(end - name) : strlen(name);
        return name;
    }
    return NULL;
}

int jit_ptx_widths_of(const char *ptx, const char *entry, jit_ptx_widths *out, gm_status *st)
{
    memset(out, 0, sizeof *out);
    size_t len;
    const char *body = ptx ? entry_body(ptx, entry, &len) : NULL;
    if (!body)
        return gm_fail(st, GM_EINPUT, "kernel %s is not in the PTX", entry);
    int err;
    PCRE2_SIZE erroff;
    pcre2_code *re = pcre2_compile((PCRE2_SPTR)access_re, PCRE2_ZERO_TERMINATED, 0, &err, &erroff, NULL);
    if (!re)
        return gm_fail(st, GM_EENV, "PCRE2 rejected the PTX pattern at %zu", (size_t)erroff);
    pcre2_match_data *md = pcre2_match_data_create_from_pattern(re, NULL);
    PCRE2_SIZE at = 0;
    while (pcre2_match(re, (PCRE2_SPTR)body, len, at, 0, md, NULL) > 0) {
        PCRE2_SIZE *ov = pcre2_get_ovector_pointer(md);
        int s = slot(width_of(body + ov[4], ov[5] - ov[4]));
        if (s >= 0) {
            if (body[ov[2]] == 'l')
                out->ld[s]++;
            else
                out->st[s]++;
        }
        at = ov[1];
    }
    pcre2_match_data_free(md);
    pcre2_code_free(re);
    return GM_OK;
}

static void list(sb_t *o, const char *op, const unsigned *c)
{
    int any = 0;
    for (int i = 0; i < JIT_PTX_NWIDTHS; i++)
        if (c[i]) {
            if (!any)
                sb_printf(o, "%s%s ", o->len ? " " : "", op);
            sb_printf(o, "%s%ux%u", any ? "+" : "", 1u << i, c[i]);
            any = 1;
        }
}

void jit_ptx_widths_str(const jit_ptx_widths *w, char *buf, size_t n)
{
    sb_t o;
    sb_init(&o);
    list(&o, "ld", w->ld);
    list(&o, "st", w->st);
    snprintf(buf, n, "%s", o.len ? o.s : "no global ld/st");
    sb_free(&o);
}
