#include "frontend.h"

/* The __device__ functions a kernel calls, followed by check (models that
 * are only costed: adv_parse_opts.cost_only), their parameters bound to
 * the arguments (reach.c holds the bindings).  Above index_expr.c: the
 * callee's locals are collected as the kernel's are. */

static int reaching(const kctx *kc)
{
    return kc->pc->opts && kc->pc->opts->cost_only;
}

/* The kernel parameter an argument names: p, or a pointer member p.m. */
static int argument_param(kctx *kc, CXCursor arg)
{
    pctx *pc = kc->pc;
    arg = fe_strip(pc, arg);
    for (int i = 0; i < 4 && fe_kind(pc, arg) == CXCursor_CallExpr &&
                    fe_kind(pc, pc->cx->clang_getCursorReferenced(arg)) == CXCursor_Constructor; i++) {
        cvec cv = fe_kids(pc, arg); /* a struct passed by value: its copy */
        CXCursor from = cv.n == 1 ? fe_strip(pc, cv.v[0]) : arg;
        free(cv.v);
        if (cv.n != 1)
            break;
        arg = from;
    }
    if (fe_kind(pc, arg) == CXCursor_DeclRefExpr) {
        CXCursor d = pc->cx->clang_getCursorReferenced(arg);
        return fe_kind(pc, d) == CXCursor_ParmDecl ? fe_param_index(kc, d) : -1;
    }
    int v = fe_view_param(kc, arg);
    return v >= 0 && kc->k->params[v].kind != ADV_P_INT ? v : -1;
}

void fe_follow_call(kctx *kc, CXCursor call, void (*walk)(kctx *kc, CXCursor c))
{
    pctx *pc = kc->pc;
    const adv_clang *cx = pc->cx;
    if (!reaching(kc) || kc->ncalls >= GM_MAX_CALL_DEPTH || kc->unevaluated)
        return;
    CXCursor def = cx->clang_getCursorDefinition(cx->clang_getCursorReferenced(call));
    if (cx->clang_Cursor_isNull(def) ||
        (fe_kind(pc, def) != CXCursor_FunctionDecl && fe_kind(pc, def) != CXCursor_FunctionTemplate))
        return;
    CXCursor pattern = cx->clang_getSpecializedCursorTemplate(def);
    int device = fe_has_attr(pc, def, CXCursor_CUDADeviceAttr) ||
                 (!cx->clang_Cursor_isNull(pattern) && fe_has_attr(pc, pattern, CXCursor_CUDADeviceAttr));
    if (!device || fe_has_attr(pc, def, CXCursor_CUDAGlobalAttr) ||
        cx->clang_Location_isInSystemHeader(cx->clang_getCursorLocation(def)))
        return;
    for (unsigned i = 0; i < kc->ncalls; i++)
        if (cx->clang_equalCursors(kc->calls[i], def))
            return; /* recursion */
    cvec kids = fe_kids(pc, def);
    CXCursor body = kids.n ? kids.v[kids.n - 1] : cx->clang_getNullCursor();
    unsigned nb = kc->nbinds, narg = (unsigned)(cx->clang_Cursor_getNumArguments(call) > 0
                                                    ? cx->clang_Cursor_getNumArguments(call) : 0);
    int any = 0;
    for (unsigned i = 0, a = 0; i < kids.n && a < narg; i++) {
        if (fe_kind(pc, kids.v[i]) != CXCursor_ParmDecl)
            continue;
        CXCursor arg = cx->clang_Cursor_getArgument(call, a++);
        fbind b = {kids.v[i], arg, argument_param(kc, arg)};
        any |= b.param >= 0;
        kc->binds = gm_xrealloc(kc->binds, (kc->nbinds + 1) * sizeof *kc->binds);
        kc->binds[kc->nbinds++] = b;
    }
    free(kids.v);
    if (!any || fe_kind(pc, body) != CXCursor_CompoundStmt) {
        kc->nbinds = nb;
        return;
    }
    /* the callee's uses, walked with a stack of their own */
    CXCursor *saved = gm_xmalloc((kc->depth + 1) * sizeof *saved);
    unsigned depth = kc->depth, before = kc->k->naccesses;
    memcpy(saved, kc->stack, depth * sizeof *saved);
    kc->depth = 0;
    kc->calls[kc->ncalls++] = def;
    fe_collect_defs(kc, body);
    walk(kc, body);
    kc->ncalls--;
    memcpy(kc->stack, saved, depth * sizeof *saved);
    kc->depth = depth;
    free(saved);
    kc->nbinds = nb;
    /* an access in another file (a header, spliced or not) is told at the
     * call, in the kernel's file */
    char df[1024], kf[1024];
    fe_cursor_file(pc, def, df, sizeof df);
    fe_cursor_file(pc, kc->fn, kf, sizeof kf);
    if (!fe_cursor_in_main(pc, def) || strcmp(df, kf)) {
        unsigned line, col;
        fe_cursor_pos(pc, call, &line, &col);
        for (unsigned a = before; a < kc->k->naccesses; a++)
            kc->k->acc[a].line = line, kc->k->acc[a].col = col;
    }
}

