#include "frontend.h"

/* Whether a function a kernel passes `&p[i]` (or, in check, p + off) to
 * stores through that parameter: `*to = v`, `to[0] = v`, `*to += v`,
 * `++*to` in the function's own body, or the pointer passed whole to a
 * function that does (an atomic in a wrapper: gpuAtomicAdd(p, v) {
 * return atomicAdd(p, v); }), at most GM_MAX_CALL_DEPTH calls deep; and
 * whether it reads through it (*from, from[j] as a value).  A copy of the
 * pointer is not followed.  The callee may be header code (a
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

/* CUDA's own functions that reach memory through their argument number
 * `at`, by name: atomics read, modify and write the first; the cache-hinted
 * loads read it and stores write it; memcpy writes the first and reads the
 * second, memset writes the first (the two of C's that device code has: a
 * thread's block of bytes, as accesses of the pointer's elements from where
 * it points).  0 when `name` is none of them or does not reach memory
 * through that argument. */
static int builtin_access(const char *name, int at, int *writes, int *reads)
{
    static const char *const loads[] = {"__ldg", "__ldcg", "__ldca", "__ldcs", "__ldlu", "__ldcv"};
    static const char *const stores[] = {"__stcs", "__stcg", "__stwb", "__stwt"};
    int copy = !strcmp(name, "memcpy");
    if ((copy || !strcmp(name, "memset")) && at <= copy) {
        *writes |= at == 0;
        *reads |= at == 1;
        return 1;
    }
    if (at != 0)
        return 0;
    if (!strncmp(name, "atomic", 6)) {
        *writes = *reads = 1;
        return 1;
    }
    for (size_t i = 0; i < sizeof loads / sizeof *loads; i++)
        if (!strcmp(name, loads[i])) {
            *reads = 1;
            return 1;
        }
    for (size_t i = 0; i < sizeof stores / sizeof *stores; i++)
        if (!strcmp(name, stores[i])) {
            *writes = 1;
            return 1;
        }
    return 0;
}

static int access_at(pctx *pc, CXCursor call, int at, int *writes, int *reads, unsigned calls);

static void scan(pctx *pc, CXCursor c, CXCursor param, int *writes, int *reads, unsigned depth, unsigned calls)
{
    char tok[8];
    cvec kv = fe_kids(pc, c);
    enum CXCursorKind ck = fe_kind(pc, c);
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
        /* *from or from[j] as a value: read (the left side of a plain
         * assignment is written only) */
        if (through(pc, s, param) &&
            !(i == 0 && ck == CXCursor_BinaryOperator &&
              !strcmp(token_from(pc, pc->cx->clang_getCursorExtent(c), end_of(pc, s), tok, sizeof tok), "=")))
            *reads = 1;
        /* the pointer passed on, whole, to a function that reaches memory
         * through it (atomicAdd(slot, v) in a wrapper): as that one does */
        if (k == CXCursor_CallExpr && calls < GM_MAX_CALL_DEPTH) {
            int n = pc->cx->clang_Cursor_getNumArguments(s);
            for (int a = 0; a < n; a++)
                if (names(pc, pc->cx->clang_Cursor_getArgument(s, (unsigned)a), param))
                    access_at(pc, s, a, writes, reads, calls + 1);
        }
        free(sv.v);
        scan(pc, s, param, writes, reads, depth + 1, calls);
    }
    free(kv.v);
}

/* How the function `call` calls reaches memory through its argument
 * number `at`; 1 when that is known (one of CUDA's, or a definition). */
static int access_at(pctx *pc, CXCursor call, int at, int *writes, int *reads, unsigned calls)
{
    const adv_clang *cx = pc->cx;
    CXCursor fn = cx->clang_getCursorReferenced(call);
    if (cx->clang_Cursor_isNull(fn))
        return 0;
    char name[64];
    fe_spell(pc, fn, name, sizeof name);
    if (builtin_access(name, at, writes, reads))
        return 1;
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
    scan(pc, body, param, writes, reads, 0, calls);
    return 1;
}

int fe_callee_access(pctx *pc, CXCursor call, CXCursor arg, int *writes, int *reads)
{
    const adv_clang *cx = pc->cx;
    *writes = *reads = 0;
    int n = cx->clang_Cursor_getNumArguments(call), at = -1;
    for (int i = 0; i < n && at < 0; i++)
        if (cx->clang_equalCursors(fe_strip(pc, cx->clang_Cursor_getArgument(call, (unsigned)i)), fe_strip(pc, arg)))
            at = i;
    return at >= 0 && access_at(pc, call, at, writes, reads, 0);
}

int fe_callee_writes(pctx *pc, CXCursor call, CXCursor arg, int *also_read)
{
    int writes = 0;
    fe_callee_access(pc, call, arg, &writes, also_read);
    if (!writes)
        *also_read = 0;
    return writes;
}
