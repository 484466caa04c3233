#include "frontend.h"

/* ---- cursor helpers --------------------------------------------------- */


static enum CXChildVisitResult collect_cb(CXCursor c, CXCursor parent, CXClientData d)
{
    (void)parent;
    cvec *cv = d;
    if (cv->n == cv->cap) {
        cv->cap = cv->cap ? cv->cap * 2 : 8;
        cv->v = gm_xrealloc(cv->v, cv->cap * sizeof *cv->v);
    }
    cv->v[cv->n++] = c;
    return CXChildVisit_Continue;
}


cvec fe_kids(pctx *pc, CXCursor c)
{
    cvec cv = {NULL, 0, 0};
    pc->cx->clang_visitChildren(c, collect_cb, &cv);
    return cv;
}

/* 1 when c is what an instantiation defined, not what the file wrote: a
 * function or method whose template (or member of a class template) sits
 * where it does.  An explicit specialization has a place of its own.  The
 * template may be declared before its definition (ccminer's kernels,
 * declared at the top, launched, defined below): libclang 19 then gave
 * the file instances at the definition's place, not the template's, and
 * each was analysed twice (14 and 16 did not), so the definition's place
 * counts too. */
static int instantiated(pctx *pc, CXCursor c)
{
    const adv_clang *cx = pc->cx;
    CXCursor t = cx->clang_getSpecializedCursorTemplate(c);
    if (cx->clang_Cursor_isNull(t))
        return 0;
    CXSourceLocation at = cx->clang_getCursorLocation(c);
    if (cx->clang_equalLocations(at, cx->clang_getCursorLocation(t)))
        return 1;
    CXCursor def = cx->clang_getCursorDefinition(t);
    return !cx->clang_Cursor_isNull(def) && cx->clang_equalLocations(at, cx->clang_getCursorLocation(def));
}

cvec fe_top(pctx *pc)
{
    cvec cv = fe_kids(pc, pc->cx->clang_getTranslationUnitCursor(pc->tu));
    unsigned d = 0;
    for (unsigned i = 0; i < cv.n; i++)
        if (!instantiated(pc, cv.v[i]))
            cv.v[d++] = cv.v[i];
    cv.n = d;
    return cv;
}

unsigned fe_visit_top(pctx *pc, CXCursorVisitor v, CXClientData d)
{
    CXCursor tu = pc->cx->clang_getTranslationUnitCursor(pc->tu);
    cvec top = fe_top(pc);
    unsigned stop = 0;
    for (unsigned i = 0; i < top.n && !stop; i++) {
        enum CXChildVisitResult r = v(top.v[i], tu, d);
        stop = r == CXChildVisit_Break || (r == CXChildVisit_Recurse && pc->cx->clang_visitChildren(top.v[i], v, d));
    }
    free(top.v);
    return stop;
}

long long fe_enum_first(pctx *pc, CXCursor enum_decl)
{
    long long v = 0;
    cvec kids = fe_kids(pc, enum_decl);
    for (unsigned i = 0; i < kids.n; i++)
        if (fe_kind(pc, kids.v[i]) == CXCursor_EnumConstantDecl) {
            v = pc->cx->clang_getEnumConstantDeclValue(kids.v[i]);
            break;
        }
    free(kids.v);
    return v;
}

enum CXCursorKind fe_kind(pctx *pc, CXCursor c)
{
    return pc->cx->clang_getCursorKind(c);
}

const char *fe_spell(pctx *pc, CXCursor c, char *buf, size_t n)
{
    return adv_cxstr(pc->cx, pc->cx->clang_getCursorSpelling(c), buf, n);
}

/* Offset and position of a location in the main file; 0 if elsewhere.
 * With `exact`, a location inside a macro expansion also fails: its text
 * range is the macro's use, not the expression, so it cannot be rewritten. */
int fe_loc_at(pctx *pc, CXSourceLocation l, int exact, unsigned *off, unsigned *line,
                  unsigned *col)
{
    CXFile f, ef;
    unsigned ln = 0, cl = 0, of, eo;
    /* the file first, without the line and column: those make libclang read
     * the file a location is in, and most cursors a walk meets are in the
     * precompiled prelude's headers, which then need not be read at all */
    pc->cx->clang_getExpansionLocation(l, &ef, NULL, NULL, &eo);
    /* the prelude is never the main file: with both unsaved (explain's
     * lessons), libclang's isEqual cannot tell them apart */
    if (!ef || ef == pc->prelude || !pc->cx->clang_File_isEqual(ef, pc->cxfile))
        return 0;
    if (line || col)
        pc->cx->clang_getExpansionLocation(l, NULL, &ln, &cl, NULL);
    pc->cx->clang_getSpellingLocation(l, &f, NULL, NULL, &of);
    if (exact && (eo != of || !f))
        return 0;
    of = eo;
    if (off)
        *off = of;
    if (line)
        *line = ln;
    if (col)
        *col = cl;
    return 1;
}

int fe_extent_in_main(pctx *pc, CXCursor c, unsigned *b, unsigned *e)
{
    CXSourceRange r = pc->cx->clang_getCursorExtent(c);
    return fe_loc_at(pc, pc->cx->clang_getRangeStart(r), 1, b, NULL, NULL) &&
           fe_loc_at(pc, pc->cx->clang_getRangeEnd(r), 1, e, NULL, NULL) && *b <= *e;
}

/* The text range of a declaration, macros at its ends included. */
int fe_decl_extent(pctx *pc, CXCursor c, unsigned *b, unsigned *e)
{
    CXSourceRange r = pc->cx->clang_getCursorExtent(c);
    return fe_loc_at(pc, pc->cx->clang_getRangeStart(r), 0, b, NULL, NULL) &&
           fe_loc_at(pc, pc->cx->clang_getRangeEnd(r), 0, e, NULL, NULL) && *b <= *e;
}

/* Where the user reads it: the expansion of a macro, and the template a
 * kernel instance was copied from (its copy follows a #line). */
void fe_cursor_pos(pctx *pc, CXCursor c, unsigned *line, unsigned *col)
{
    CXString file;
    pc->cx->clang_getPresumedLocation(pc->cx->clang_getCursorLocation(c), &file, line, col);
    pc->cx->clang_disposeString(file);
}

const char *fe_cursor_file(pctx *pc, CXCursor c, char *buf, size_t n)
{
    CXString file;
    unsigned line, col;
    pc->cx->clang_getPresumedLocation(pc->cx->clang_getCursorLocation(c), &file, &line, &col);
    adv_cxstr(pc->cx, file, buf, n);
    if (!buf[0])
        snprintf(buf, n, "%s", pc->file);
    return buf;
}

int fe_cursor_in_main(pctx *pc, CXCursor c)
{
    /* where it is expanded: a declaration a macro writes belongs to the file
     * that uses the macro (clang_Location_isFromMainFile says no there) */
    return fe_loc_at(pc, pc->cx->clang_getCursorLocation(c), 0, NULL, NULL, NULL);
}

int fe_fail_at(pctx *pc, CXCursor c, const char *fmt, const char *name)
{
    unsigned line = 0, col = 0;
    fe_cursor_pos(pc, c, &line, &col);
    char msg[512], file[1024];
    snprintf(msg, sizeof msg, fmt, name);
    /* a spliced header's line is its own file's (its #line says so) */
    return gm_fail_at(pc->st, GM_EINPUT, fe_cursor_file(pc, c, file, sizeof file), line, col, "%s", msg);
}

CXCursor fe_strip(pctx *pc, CXCursor c)
{
    for (;;) {
        enum CXCursorKind k = fe_kind(pc, c);
        if (k != CXCursor_UnexposedExpr && k != CXCursor_ParenExpr)
            return c;
        cvec cv = fe_kids(pc, c);
        if (cv.n != 1) {
            free(cv.v);
            return c;
        }
        c = cv.v[0];
        free(cv.v);
    }
}

unsigned fe_decl_offset(pctx *pc, CXCursor decl)
{
    unsigned off = 0;
    CXFile f;
    pc->cx->clang_getSpellingLocation(pc->cx->clang_getCursorLocation(decl), &f, NULL, NULL, &off);
    return off;
}

/* ---- tokens ----------------------------------------------------------- */

void fe_tokenize_main(pctx *pc)
{
    const adv_clang *cx = pc->cx;
    CXSourceLocation b = cx->clang_getLocationForOffset(pc->tu, pc->cxfile, 0);
    CXSourceLocation e = cx->clang_getLocationForOffset(pc->tu, pc->cxfile, adv_model_text_len(pc->m));
    CXToken *toks = NULL;
    unsigned n = 0;
    cx->clang_tokenize(pc->tu, cx->clang_getRange(b, e), &toks, &n);
    pc->tok_off = gm_xcalloc(n, sizeof *pc->tok_off);
    pc->tok_str = gm_xcalloc(n, sizeof *pc->tok_str);
    for (unsigned i = 0; i < n; i++) {
        CXSourceLocation l = cx->clang_getRangeStart(cx->clang_getTokenExtent(pc->tu, toks[i]));
        CXFile f;
        cx->clang_getSpellingLocation(l, &f, NULL, NULL, &pc->tok_off[i]);
        if (cx->clang_getTokenKind(toks[i]) == CXToken_Punctuation)
            adv_cxstr(cx, cx->clang_getTokenSpelling(pc->tu, toks[i]), pc->tok_str[i], 4);
    }
    pc->ntok = n;
    if (toks)
        cx->clang_disposeTokens(pc->tu, toks, n);
}

/* The first punctuation token at or after byte `off`. */
unsigned fe_token_at(pctx *pc, unsigned off)
{
    unsigned lo = 0, hi = pc->ntok;
    while (lo < hi) { /* tokens are in file order */
        unsigned mid = lo + (hi - lo) / 2;
        if (pc->tok_off[mid] < off)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}

int fe_is_token(pctx *pc, unsigned off)
{
    unsigned i = fe_token_at(pc, off);
    return i < pc->ntok && pc->tok_off[i] == off;
}

const char *fe_punct_at(pctx *pc, unsigned off)
{
    unsigned i = fe_token_at(pc, off);
    return i < pc->ntok ? pc->tok_str[i] : "";
}

int fe_unary_is(pctx *pc, CXCursor c, const char *op)
{
    unsigned b, e;
    return fe_kind(pc, c) == CXCursor_UnaryOperator && fe_extent_in_main(pc, c, &b, &e) &&
           !strcmp(fe_punct_at(pc, b), op);
}

/* Spelling of a binary operator: the token right after its left operand. */
const char *fe_binop(pctx *pc, CXCursor lhs)
{
    unsigned b, e;
    if (!fe_extent_in_main(pc, lhs, &b, &e))
        return "";
    return fe_punct_at(pc, e);
}

unsigned fe_namespaces(pctx *pc, CXCursor c, int named_only, char *open, size_t n)
{
    char names[32][ADV_NAME_MAX];
    unsigned depth = 0;
    for (CXCursor p = pc->cx->clang_getCursorLexicalParent(c); depth < 32 && !pc->cx->clang_Cursor_isNull(p) &&
                                                               fe_kind(pc, p) != CXCursor_TranslationUnit;
         p = pc->cx->clang_getCursorLexicalParent(p))
        if (fe_kind(pc, p) == CXCursor_Namespace) {
            fe_spell(pc, p, names[depth], sizeof names[0]);
            depth += !named_only || names[depth][0];
        }
    size_t len = 0;
    open[0] = '\0';
    for (unsigned i = depth; i-- > 0 && len < n;)
        len += (size_t)snprintf(open + len, n - len, "namespace %s%s{ ", names[i], names[i][0] ? " " : "");
    return depth;
}
