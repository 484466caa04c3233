#define _GNU_SOURCE /* memmem */
#include "include_pch.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "missing_headers.h"
#include "prelude_pch.h"

int fe_include_light(const char *name)
{
    /* the C library's own headers and C++'s wrappers of them: the prelude
     * holds most, the rest cost a parse about a millisecond */
    static const char *const wrappers[] = {"cassert", "cctype",  "cerrno",  "cfenv",   "cfloat",  "cinttypes",
                                           "climits", "clocale", "cmath",   "csetjmp", "csignal", "cstdarg",
                                           "cstddef", "cstdint", "cstdio",  "cstdlib", "cstring", "ctime",
                                           "cuchar",  "cwchar",  "cwctype", "new"};
    if (strchr(name, '.'))
        return 1;
    for (size_t i = 0; i < sizeof wrappers / sizeof *wrappers; i++)
        if (!strcmp(name, wrappers[i]))
            return 1;
    return 0;
}

static const char *skip_blank(const char *p, const char *end)
{
    while (p < end && (*p == ' ' || *p == '\t' || *p == '\r' || *p == '\f' || *p == '\v'))
        p++;
    return p;
}

/* Past comments and blanks on the line from p (stops at '\n' or end);
 * *in_comment: a block comment is open at the line's end. */
static const char *skip_comments(const char *p, const char *end, int *in_comment)
{
    for (;;) {
        if (*in_comment) {
            const char *c = p;
            while (c + 1 < end && *c != '\n' && !(c[0] == '*' && c[1] == '/'))
                c++;
            if (c + 1 < end && c[0] == '*' && c[1] == '/') {
                *in_comment = 0;
                p = c + 2;
                continue;
            }
            while (p < end && *p != '\n') /* still open at the line's end */
                p++;
            return p;
        }
        p = skip_blank(p, end);
        if (end - p >= 2 && p[0] == '/' && p[1] == '/') {
            while (p < end && *p != '\n')
                p++;
            return p;
        }
        if (end - p >= 2 && p[0] == '/' && p[1] == '*') {
            *in_comment = 1;
            p += 2;
            continue;
        }
        return p;
    }
}

static const char *ident(const char *p, const char *end)
{
    while (p < end && (*p == '_' || (*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') || (*p >= '0' && *p <= '9')))
        p++;
    return p;
}

static int word(const char **p, const char *end, const char *w)
{
    size_t n = strlen(w);
    if ((size_t)(end - *p) < n || strncmp(*p, w, n))
        return 0;
    const char *q = *p + n;
    if (q < end && (*q == '_' || (*q >= 'a' && *q <= 'z') || (*q >= 'A' && *q <= 'Z') || (*q >= '0' && *q <= '9')))
        return 0;
    *p = q;
    return 1;
}

int fe_leading_includes(const char *text, size_t len, fe_include_usable usable, void *ctx, sb_t *out,
                        char *guard_out, size_t guard_n)
{
    const char *p = text, *end = text + len, *guard = NULL;
    int in_comment = 0, heavy = 0, guarded = 0; /* guarded: 1 after #ifndef X, 2 after its #define X */
    size_t start = out->len, nguard = 0;
    while (p < end) {
        p = skip_comments(p, end, &in_comment);
        if (p < end && *p == '\n') {
            p++;
            continue;
        }
        if (p >= end || *p != '#')
            break;
        p = skip_blank(p + 1, end);
        char name[256] = "";
        if (guarded == 1) { /* the guard's #define, nothing else */
            const char *id;
            if (!word(&p, end, "define"))
                break;
            id = skip_blank(p, end);
            p = ident(id, end);
            if ((size_t)(p - id) != nguard || strncmp(id, guard, nguard))
                break;
            guarded = 2;
        } else if (word(&p, end, "pragma")) {
            p = skip_blank(p, end);
            if (!word(&p, end, "once"))
                break;
        } else if (!guarded && word(&p, end, "ifndef")) {
            /* a header's guard: the header is the main file, its macro its own */
            guard = skip_blank(p, end);
            p = ident(guard, end);
            if ((nguard = (size_t)(p - guard)) == 0)
                break;
            guarded = 1;
        } else if (word(&p, end, "include")) {
            p = skip_blank(p, end);
            const char *close = p < end && *p == '<' ? memchr(p, '>', (size_t)(end - p)) : NULL;
            const char *nl = memchr(p, '\n', (size_t)(end - p));
            size_t n = close ? (size_t)(close - p - 1) : 0;
            if (!close || (nl && close > nl) || !n || n >= sizeof name)
                break;
            memcpy(name, p + 1, n);
            name[n] = '\0';
            int use = strpbrk(name, "\\\"'") ? FE_INCLUDE_NO : usable(ctx, name);
            if (use == FE_INCLUDE_NO)
                break;
            if (use == FE_INCLUDE_EMPTY)
                name[0] = '\0'; /* an #include of nothing: left out */
            p = close + 1;
        } else {
            break;
        }
        /* nothing but a comment after it on its line (a '\\' continuing
         * it, or code, ends the run before it) */
        p = skip_comments(p, end, &in_comment);
        if (p < end && *p != '\n')
            break;
        if (name[0]) {
            sb_printf(out, "#include <%s>\n", name);
            heavy |= !fe_include_light(name);
        }
    }
    if (!heavy && out->len > start) {
        out->len = start;
        out->s[start] = '\0';
    }
    if (guard_n)
        snprintf(guard_out, guard_n, "%.*s", guarded == 2 && nguard < guard_n ? (int)nguard : 0, guard ? guard : "");
    if (guarded == 2 && nguard >= guard_n)
        heavy = 0;
    return heavy;
}

typedef struct {
    const pctx *pc;
    const struct CXUnsavedFile *un;
    unsigned nun;
} usable_ctx;

static int usable(void *ctx, const char *name)
{
    const usable_ctx *u = ctx;
    const pctx *pc = u->pc;
    for (unsigned i = 0; i < pc->nstubs; i++)
        if (!strcmp(pc->stubs[i], name)) {
            /* a header served empty (found nowhere) holds nothing to
             * precompile, and the #include lines after it may go on */
            sb_t t;
            sb_init(&t);
            fe_served_stub_text(name, &t);
            int in_comment = 0;
            const char *e = t.s ? skip_comments(t.s, t.s + t.len, &in_comment) : NULL;
            int empty = e && !in_comment && (e == t.s + t.len || (*e == '\n' && e + 1 == t.s + t.len));
            sb_free(&t);
            return empty ? FE_INCLUDE_EMPTY : FE_INCLUDE_NO;
        }
    const char *const *args = pc->opts ? (const char *const *)pc->opts->clang_args : NULL;
    unsigned nargs = pc->opts ? pc->opts->nclang_args : 0;
    if (name[0] == '/' || fe_found_in_folders(name, (const char *const *)pc->inc_dirs, pc->ninc_dirs, args, nargs))
        return FE_INCLUDE_NO;
    char served[1200];
    snprintf(served, sizeof served, "%s/%s", FE_HEADERS_DIR, name);
    for (unsigned i = 0; i < u->nun; i++)
        if (!strcmp(u->un[i].Filename, served))
            return FE_INCLUDE_YES;
    return fe_likely_missing(name) ? FE_INCLUDE_NO : FE_INCLUDE_YES;
}

/* 1 when an argument or a served header defines the macro (-D, or a
 * word after "define" in the header's text): a guard the prelude
 * defined would leave the whole file out, its #include lines too. */
static int guard_defined(const char *guard, const char *const *args, int nargs, const struct CXUnsavedFile *un,
                         unsigned nun)
{
    size_t g = strlen(guard);
    for (int i = 0; i < nargs; i++) {
        const char *d = !strcmp(args[i], "-D") && i + 1 < nargs ? args[i + 1] : !strncmp(args[i], "-D", 2) ? args[i] + 2 : NULL;
        if (d && !strncmp(d, guard, g) && (d[g] == '\0' || d[g] == '='))
            return 1;
    }
    for (unsigned i = 0; i < nun; i++)
        for (const char *t = un[i].Contents, *e = t + un[i].Length; t && (t = memmem(t, (size_t)(e - t), guard, g));
             t += g)
            if (ident(t + g, e) == t + g && (t == un[i].Contents || ident(t - 1, t) == t))
                return 1; /* named at all: perhaps defined */
    return 0;
}

/* 1 when the PCH's system macros (its .macros list) hold name. */
static int in_macros(const char *pch, const char *name)
{
    fe_pch_macro *m = NULL;
    unsigned n = fe_pch_macros(pch, &m);
    int found = !n; /* unreadable: as if it did */
    for (unsigned i = 0; i < n && !found; i++)
        found = !strcmp(m[i].name, name);
    fe_pch_macros_free(m, n);
    return found;
}

int fe_includes_pch_for(pctx *pc, CXIndex idx, const char *prelude, const char *const *args, int nargs,
                        struct CXUnsavedFile *un, unsigned nun, char *pch, size_t n)
{
    sb_t inc;
    sb_init(&inc);
    usable_ctx u = {pc, un, nun};
    char guard[256];
    int ok = fe_leading_includes(adv_model_text(pc->m), adv_model_text_len(pc->m), usable, &u, &inc, guard,
                                 sizeof guard) &&
             (!guard[0] || !guard_defined(guard, args, nargs, un, nun)) &&
             fe_includes_pch(pc->cx, idx, prelude, inc.s, args, nargs, un, nun, pch, n) &&
             (!guard[0] || !in_macros(pch, guard));
    sb_free(&inc);
    if (!ok)
        return 0;
    unsigned np = pc->toolkit.n + pc->rewritten.n;
    const char **paths = gm_xcalloc(np + 1, sizeof *paths);
    for (unsigned i = 0; i < pc->toolkit.n; i++)
        paths[i] = pc->toolkit.path[i];
    for (unsigned i = 0; i < pc->rewritten.n; i++)
        paths[pc->toolkit.n + i] = pc->rewritten.path[i];
    ok = !fe_includes_pch_meets(pch, (const char *const *)pc->stubs, pc->nstubs, paths, np);
    free(paths);
    return ok;
}
