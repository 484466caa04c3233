#include "frontend.h"

/* Whether a function a kernel passes `&p[i]` to stores through that
 * parameter: `*to = v`, `to[0] = v`, `*to += v`, `++*to` in the function's
 * own body (a copy of the pointer, or a further call, is not followed: the
 * access stays a read, as before).  The callee may be header code (a
 * project's store wrapper, reached through -I), so operators are read from
 * libclang's tokens of whatever file holds them, not from the main file's
 * text.  Without a definition (a declaration only) nothing is known: 0. */

/* The spelling of the first token of `ext` at or after byte `from` of its
 * file; "" when none. */
static const char *token_from(pctx *pc, CXSourceRange ext, unsigned from, char *out, size_t n)
{
    const adv_clang *cx = pc->cx;
    CXToken *toks = NULL;
    unsigned nt = 0;
    out[0] = '\0';
    cx->clang_tokenize(pc->tu, ext, &toks, &nt);
    for (unsigned i = 0; i < nt; i++) {
        unsigned off;
        cx->clang_getSpellingLocation(cx->clang_getRangeStart(cx->clang_getTokenExtent(pc->tu, toks[i])), NULL,
                                      NULL, NULL, &off);
        if (off >= from) {
            adv_cxstr(cx, cx->clang_getTokenSpelling(pc->tu, toks[i]), out, n);
            break;
        }
    }
    if (toks)
        cx->clang_disposeTokens(pc->tu, toks, nt);
    return out;
}

static unsigned end_of(pctx *pc, CXCursor c)
{
    unsigned off = 0;
    pc->cx->clang_getSpellingLocation(pc->cx->clang_getRangeEnd(pc->cx->clang_getCursorExtent(c)), NULL, NULL, NULL,
                                      &off);
    return off;
}

static unsigned begin_of(pctx *pc, CXCursor c)
{
    unsigned off = 0;
    pc->cx->clang_getSpellingLocation(pc->cx->clang_getRangeStart(pc->cx->clang_getCursorExtent(c)), NULL, NULL,
                                      NULL, &off);
    return off;
}

static int names(pctx *pc, CXCursor e, CXCursor param)
{
    e = fe_strip(pc, e);
    return fe_kind(pc, e) == CXCursor_DeclRefExpr &&
           pc->cx->clang_equalCursors(pc->cx->clang_getCursorReferenced(e), param);
}

/* lhs is `*param` or `param[j]` */
static int through(pctx *pc, CXCursor lhs, CXCursor param)
{
    char tok[8];
    lhs = fe_strip(pc, lhs);
    enum CXCursorKind k = fe_kind(pc, lhs);
    if (k != CXCursor_UnaryOperator && k != CXCursor_ArraySubscriptExpr)
        return 0;
    cvec kv = fe_kids(pc, lhs);
    int hit = kv.n >= 1 && names(pc, kv.v[0], param);
    free(kv.v);
    if (hit && k == CXCursor_UnaryOperator)
        hit = !strcmp(token_from(pc, pc->cx->clang_getCursorExtent(lhs), begin_of(pc, lhs), tok, sizeof tok), "*");
    return hit;
}

static void scan(pctx *pc, CXCursor c, CXCursor param, int *writes, int *reads, unsigned depth)
{
    char tok[8];
    cvec kv = fe_kids(pc, c);
    for (unsigned i = 0; i < kv.n && depth < GM_MAX_AST_DEPTH; i++) {
        CXCursor s = kv.v[i];
        enum CXCursorKind k = fe_kind(pc, s);
        cvec sv = (k == CXCursor_BinaryOperator || k == CXCursor_CompoundAssignOperator ||
                   k == CXCursor_UnaryOperator) ? fe_kids(pc, s) : (cvec){0};
        if (k == CXCursor_BinaryOperator && sv.n == 2 && through(pc, sv.v[0], param) &&
            !strcmp(token_from(pc, pc->cx->clang_getCursorExtent(s), end_of(pc, sv.v[0]), tok, sizeof tok), "="))
            *writes = 1;
        else if (k == CXCursor_CompoundAssignOperator && sv.n == 2 && through(pc, sv.v[0], param))
            *writes = *reads = 1;
        else if (k == CXCursor_UnaryOperator && sv.n == 1 && through(pc, sv.v[0], param)) {
            /* ++*to, (*to)--: the operator before or after the operand */
            const char *pre = token_from(pc, pc->cx->clang_getCursorExtent(s), begin_of(pc, s), tok, sizeof tok);
            int inc = !strcmp(pre, "++") || !strcmp(pre, "--");
            if (!inc) {
                pre = token_from(pc, pc->cx->clang_getCursorExtent(s), end_of(pc, sv.v[0]), tok, sizeof tok);
                inc = !strcmp(pre, "++") || !strcmp(pre, "--");
            }
            if (inc)
                *writes = *reads = 1;
        }
        free(sv.v);
        scan(pc, s, param, writes, reads, depth + 1);
    }
    free(kv.v);
}

int fe_callee_writes(pctx *pc, CXCursor call, CXCursor arg, int *also_read)
{
    const adv_clang *cx = pc->cx;
    *also_read = 0;
    int n = cx->clang_Cursor_getNumArguments(call), at = -1;
    for (int i = 0; i < n && at < 0; i++)
        if (cx->clang_equalCursors(fe_strip(pc, cx->clang_Cursor_getArgument(call, (unsigned)i)), fe_strip(pc, arg)))
            at = i;
    if (at < 0)
        return 0;
    CXCursor fn = cx->clang_getCursorReferenced(call);
    if (cx->clang_Cursor_isNull(fn))
        return 0;
    CXCursor def = cx->clang_getCursorDefinition(fn);
    if (cx->clang_Cursor_isNull(def)) { /* an instance: its template's definition */
        CXCursor t = cx->clang_getSpecializedCursorTemplate(fn);
        def = cx->clang_Cursor_isNull(t) ? t : cx->clang_getCursorDefinition(t);
    }
    if (cx->clang_Cursor_isNull(def))
        return 0;
    enum CXCursorKind dk = fe_kind(pc, def);
    if (dk != CXCursor_FunctionDecl && dk != CXCursor_FunctionTemplate)
        return 0;
    /* the parameter, in order among the definition's ParmDecls; the body */
    cvec kv = fe_kids(pc, def);
    CXCursor param = cx->clang_getNullCursor(), body = cx->clang_getNullCursor();
    int seen = 0;
    for (unsigned i = 0; i < kv.n; i++) {
        if (fe_kind(pc, kv.v[i]) == CXCursor_ParmDecl && seen++ == at)
            param = kv.v[i];
        if (fe_kind(pc, kv.v[i]) == CXCursor_CompoundStmt)
            body = kv.v[i];
    }
    free(kv.v);
    if (cx->clang_Cursor_isNull(param) || cx->clang_Cursor_isNull(body))
        return 0;
    int writes = 0, reads = 0;
    scan(pc, body, param, &writes, &reads, 0);
    *also_read = reads;
    return writes;
}
