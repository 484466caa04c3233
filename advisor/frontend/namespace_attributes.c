#include "namespace_attributes.h"

#include "../../common/limits.h"
#include "../../common/text.h"

#include <ctype.h>

static char *skip_space(char *p)
{
    while (isspace((unsigned char)*p))
        p++;
    return p;
}

/* The end of the identifier at p (p itself when none starts there). */
static char *ident_end(char *p)
{
    if (isdigit((unsigned char)*p))
        return p;
    while (gm_ident_char(*p))
        p++;
    return p;
}

/* 1 when the word at p..e is a whole word of t (not inside a longer one). */
static int whole_word(const char *t, const char *p, const char *e)
{
    return e > p && (p == t || !gm_ident_char(p[-1])) && !gm_ident_char(*e);
}

/* After `__attribute__` at p: the end of its (( )) group, or p. */
static char *attribute_group_end(char *p)
{
    char *q = skip_space(p);
    if (*q != '(')
        return p;
    int depth = 0;
    for (; *q; q++) {
        depth += *q == '(' ? 1 : *q == ')' ? -1 : 0;
        if (!depth)
            return q + 1;
    }
    return p;
}

/* `namespace ATTR name {` at p (the keyword): blanks ATTR (a word, or
 * __attribute__((...)) as written); 1 when it did. */
static int blank_before_name(char *p)
{
    char *a = skip_space(p + 9), *ae = ident_end(a);
    if (ae == a || (ae - a == 9 && !strncmp(a, "namespace", 9)))
        return 0;
    if (ae - a == 13 && !strncmp(a, "__attribute__", 13))
        ae = attribute_group_end(ae);
    char *b = skip_space(ae), *be = ident_end(b);
    if (b == ae || be == b || *skip_space(be) != '{')
        return 0;
    for (char *q = a; q < ae; q++)
        if (*q != '\n')
            *q = ' ';
    return 1;
}

/* 1 when t uses the word m (mlen bytes) as `namespace m {`. */
static int used_as_namespace(char *t, const char *word, size_t mlen)
{
    char m[ADV_NAME_MAX];
    if (mlen >= sizeof m)
        return 0;
    memcpy(m, word, mlen);
    m[mlen] = '\0';
    for (char *p = t; (p = strstr(p, m)) != NULL; p += mlen) {
        if (!whole_word(t, p, p + mlen) || *skip_space(p + mlen) != '{')
            continue;
        char *q = p;
        while (q > t && isspace((unsigned char)q[-1]))
            q--;
        if (q - t >= 9 && !strncmp(q - 9, "namespace", 9) && whole_word(t, q - 9, q) && q < p)
            return 1;
    }
    return 0;
}

/* `#define M ATTR name` (an object-like macro of two words) at p (the
 * `define`): blanks ATTR when m is NULL and t uses M as a namespace's
 * name, or when M is m (mlen bytes); 1 when it did. */
static int blank_in_define(char *t, char *p, const char *m, size_t mlen)
{
    char *q = p + 6, *name, *ne, *a, *ae, *b, *be;
    while (*q == ' ' || *q == '\t')
        q++;
    name = q;
    ne = ident_end(name);
    if (ne == name || (*ne != ' ' && *ne != '\t'))
        return 0; /* no name, or a function-like macro */
    for (a = ne; *a == ' ' || *a == '\t'; a++)
        ;
    ae = ident_end(a);
    for (b = ae; *b == ' ' || *b == '\t'; b++)
        ;
    be = ident_end(b);
    for (q = be; *q == ' ' || *q == '\t' || *q == '\r'; q++)
        ;
    if (ae == a || b == ae || be == b || (*q && *q != '\n' && strncmp(q, "//", 2)))
        return 0;
    if (m ? (size_t)(ne - name) != mlen || strncmp(name, m, mlen) : !used_as_namespace(t, name, (size_t)(ne - name)))
        return 0;
    memset(a, ' ', (size_t)(ae - a));
    return 1;
}

/* Every `#define` of t (the word after a line's `#`), for blank_in_define. */
static unsigned blank_in_defines(char *t, const char *m, size_t mlen)
{
    unsigned n = 0;
    for (char *p = t; (p = strstr(p, "define")) != NULL; p += 6) {
        char *h = p;
        while (h > t && (h[-1] == ' ' || h[-1] == '\t'))
            h--;
        if (h == t || h[-1] != '#' || !whole_word(t, p, p + 6))
            continue;
        for (h--; h > t && (h[-1] == ' ' || h[-1] == '\t'); h--)
            ;
        if (h == t || h[-1] == '\n')
            n += (unsigned)blank_in_define(t, p, m, mlen);
    }
    return n;
}

unsigned fe_blank_namespace_attributes(char *text)
{
    unsigned n = 0, len = (unsigned)strlen(text);
    for (unsigned i = 0; i < len;) {
        unsigned e = gm_comment_or_literal_end(text, i, len); /* `// namespace` is no keyword */
        if (e != i) {
            i = e;
        } else if (gm_ident_char(text[i])) {
            char *w = text + i, *we = w;
            while (gm_ident_char(*we))
                we++;
            if (we - w == 9 && !strncmp(w, "namespace", 9) && (i == 0 || !gm_ident_char(text[i - 1])))
                n += (unsigned)blank_before_name(w);
            i = (unsigned)(we - text);
        } else {
            i++;
        }
    }
    return n + blank_in_defines(text, NULL, 0);
}

unsigned fe_blank_nodiscard(char *text)
{
    unsigned n = 0, len = (unsigned)strlen(text);
    for (unsigned i = 0; i < len;) {
        unsigned e = gm_comment_or_literal_end(text, i, len);
        if (e != i) {
            i = e;
            continue;
        }
        if (text[i] != '[' || text[i + 1] != '[') {
            i++;
            continue;
        }
        /* [[nodiscard]] or [[nodiscard("why")]], spaces allowed inside */
        char *p = skip_space(text + i + 2), *we = ident_end(p), *end = NULL;
        if (we - p == 9 && !strncmp(p, "nodiscard", 9)) {
            char *q = skip_space(we);
            if (*q == '(') {
                unsigned c = gm_comment_or_literal_end(text, (unsigned)(skip_space(q + 1) - text), len);
                q = skip_space(text + c);
                q = *q == ')' ? skip_space(q + 1) : NULL;
            }
            if (q && q[0] == ']' && q[1] == ']')
                end = q + 2;
        }
        if (!end) {
            i += 2;
            continue;
        }
        for (char *q = text + i; q < end; q++)
            if (*q != '\n')
                *q = ' ';
        n++;
        i = (unsigned)(end - text);
    }
    return n;
}

/* pc->rewritten's text of path, read from disk the first time (then
 * *fresh is 1); NULL when it cannot be read. */
static char **rewritten_text(pctx *pc, const char *path, int *fresh)
{
    fe_overrides *o = &pc->rewritten;
    *fresh = 0;
    for (unsigned i = 0; i < o->n; i++)
        if (!strcmp(o->path[i], path))
            return &o->text[i];
    size_t len = 0;
    char *text = gm_read_file(path, &len);
    if (!text || len > GM_MAX_FILE_BYTES || memchr(text, '\0', len)) {
        free(text);
        return NULL;
    }
    o->path = gm_xrealloc(o->path, (o->n + 1) * sizeof *o->path);
    o->text = gm_xrealloc(o->text, (o->n + 1) * sizeof *o->text);
    o->path[o->n] = gm_xstrdup(path);
    o->text[o->n] = text;
    *fresh = 1;
    return &o->text[o->n++];
}

/* Forgets pc->rewritten's last entry, read for nothing. */
static void forget_last(pctx *pc)
{
    fe_overrides *o = &pc->rewritten;
    o->n--;
    free(o->path[o->n]);
    free(o->text[o->n]);
}

/* The file of location l (expanded) in path, and its offset; 0 when none,
 * or the main file (blanked before the parse), or one of gmadvise's own
 * or the toolkit's headers served. */
static int header_at(pctx *pc, CXSourceLocation l, char *path, size_t n, unsigned *off)
{
    const adv_clang *cx = pc->cx;
    CXFile f = NULL;
    cx->clang_getExpansionLocation(l, &f, NULL, NULL, off);
    if (!f || cx->clang_File_isEqual(f, pc->cxfile))
        return 0;
    adv_cxstr(cx, cx->clang_getFileName(f), path, n);
    return path[0] && strncmp(path, FE_HEADERS_DIR "/", sizeof FE_HEADERS_DIR) &&
           !fe_overridden(&pc->toolkit, path);
}

/* clang_getInclusions' visitor: the included file rewritten where it
 * writes an attribute before a namespace's name. */
static void sweep_inclusion(CXFile f, CXSourceLocation *stack, unsigned depth, CXClientData data)
{
    pctx *pc = data;
    char path[4096];
    int fresh;
    (void)stack;
    (void)depth;
    if (pc->cx->clang_File_isEqual(f, pc->cxfile))
        return;
    adv_cxstr(pc->cx, pc->cx->clang_getFileName(f), path, sizeof path);
    if (!path[0] || !strncmp(path, FE_HEADERS_DIR "/", sizeof FE_HEADERS_DIR) || fe_overridden(&pc->toolkit, path))
        return;
    char **text = rewritten_text(pc, path, &fresh);
    if (text && !fe_blank_namespace_attributes(*text) && fresh)
        forget_last(pc);
}

unsigned fe_unrefuse_namespace_attributes(pctx *pc)
{
    const adv_clang *cx = pc->cx;
    unsigned nd = cx->clang_getNumDiagnostics(pc->tu), changed = 0;
    for (unsigned i = 0; i < nd; i++) {
        CXDiagnostic d = cx->clang_getDiagnostic(pc->tu, i);
        char msg[64], path[4096];
        unsigned off = 0;
        adv_cxstr(cx, cx->clang_getDiagnosticSpelling(d), msg, sizeof msg);
        CXSourceLocation l = cx->clang_getDiagnosticLocation(d);
        cx->clang_disposeDiagnostic(d);
        if (strcmp(msg, "expected identifier or '{'") || !header_at(pc, l, path, sizeof path, &off))
            continue;
        int fresh;
        char **text = rewritten_text(pc, path, &fresh);
        if (!text)
            continue;
        /* the attribute as written in this header */
        if (fe_blank_namespace_attributes(*text)) {
            changed++;
            continue;
        }
        if (fresh)
            forget_last(pc);
        /* a macro that spells both (rmm's RMM_NAMESPACE): its #define's */
        CXFile f = NULL;
        cx->clang_getExpansionLocation(l, &f, NULL, NULL, NULL);
        CXCursor use = cx->clang_getCursor(pc->tu, cx->clang_getLocationForOffset(pc->tu, f, off));
        if (cx->clang_getCursorKind(use) != CXCursor_MacroExpansion)
            continue;
        CXCursor def = cx->clang_getCursorReferenced(use);
        char name[ADV_NAME_MAX], dpath[4096];
        unsigned doff;
        adv_cxstr(cx, cx->clang_getCursorSpelling(def), name, sizeof name);
        if (cx->clang_Cursor_isNull(def) || !header_at(pc, cx->clang_getCursorLocation(def), dpath, sizeof dpath, &doff))
            continue;
        char **dtext = rewritten_text(pc, dpath, &fresh);
        if (dtext && blank_in_defines(*dtext, name, strlen(name)))
            changed++;
        else if (dtext && fresh)
            forget_last(pc);
    }
    if (changed && !pc->rewrote_all) {
        /* this libclang refuses the attribute: every header the parse
         * read that writes it is served without it now, not one parse per
         * header that clang's error limit let through (cuml's files over
         * raft and rmm took 8 parses with libclang 14 where 16 took 3) */
        pc->rewrote_all = 1;
        cx->clang_getInclusions(pc->tu, sweep_inclusion, pc);
    }
    return changed;
}
