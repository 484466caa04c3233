#include "ptx.h"

#include <stdio.h>
#include <stdlib.h>
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

static const char entry_kw[] = ".entry ";

/* One pass, no strstr: a search per entry rescans the rest of the text. */
void jit_ptx_index_build(const char *ptx, jit_ptx_index *ix)
{
    memset(ix, 0, sizeof *ix);
    unsigned cap = 0;
    const size_t kw = sizeof entry_kw - 1;
    int open = 0; /* the last entry's body has not ended yet */
    for (const char *p = ptx; p && *p; p++) {
        if (*p != '.')
            continue;
        /* a program compiled in parts (jit/worker.h) has their PTX one
         * after another: an entry also ends where the next part begins */
        int part = !strncmp(p, ".version ", 9) && (p == ptx || p[-1] == '\n');
        if (!part && strncmp(p, entry_kw, kw))
            continue;
        if (open) { /* the previous body ends here */
            jit_ptx_entry *last = &ix->e[ix->n - 1];
            last->body_len = (size_t)(p - last->body);
            open = 0;
        }
        if (part)
            continue;
        const char *name = p + kw, *end = name;
        while (*name == ' ')
            name++;
        for (end = name; *end && *end != '(' && *end != ' ' && *end != '\n'; end++)
            ;
        if (ix->n == cap) {
            cap = cap ? 2 * cap : 64;
            ix->e = gm_xrealloc(ix->e, cap * sizeof *ix->e);
        }
        ix->e[ix->n++] = (jit_ptx_entry){name, name, (size_t)(end - name), 0};
        open = 1;
        p = end - 1;
    }
    if (open)
        ix->e[ix->n - 1].body_len = strlen(ix->e[ix->n - 1].body);
}

void jit_ptx_index_free(jit_ptx_index *ix)
{
    free(ix->e);
    memset(ix, 0, sizeof *ix);
}

int jit_ptx_widths_of(const char *ptx, const char *entry, jit_ptx_widths *out, gm_status *st)
{
    jit_ptx_index ix;
    jit_ptx_index_build(ptx, &ix);
    int rc = jit_ptx_widths_in(&ix, entry, out, st);
    jit_ptx_index_free(&ix);
    return rc;
}

int jit_ptx_widths_in(const jit_ptx_index *ix, const char *entry, jit_ptx_widths *out, gm_status *st)
{
    memset(out, 0, sizeof *out);
    size_t n = strlen(entry), len = 0;
    const char *body = NULL;
    for (unsigned i = 0; i < ix->n && !body; i++)
        if (ix->e[i].name_len == n && !memcmp(ix->e[i].name, entry, n)) {
            body = ix->e[i].body;
            len = ix->e[i].body_len;
        }
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
