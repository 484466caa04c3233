#include "frontend.h"

/* Where a pointer a kernel computes points, in models that are only costed
 * (check: adv_parse_opts.cost_only): the kernel parameter it is derived
 * from and its offset in that parameter's elements.  A variant could not
 * rewrite these accesses (their text is the pointer's, not a subscript of
 * the parameter), so the advice's models keep to what they can rewrite. */

static int reaching(const kctx *kc)
{
    return kc->pc->opts && kc->pc->opts->cost_only;
}

static CXType canon(pctx *pc, CXCursor c)
{
    return pc->cx->clang_getCanonicalType(pc->cx->clang_getCursorType(c));
}

static long long pointee_size(pctx *pc, CXType t)
{
    if (t.kind != CXType_Pointer)
        return -1;
    return pc->cx->clang_Type_getSizeOf(pc->cx->clang_getCanonicalType(pc->cx->clang_getPointeeType(t)));
}

static int add_term(fe_origin *o, CXCursor e, int neg)
{
    if (o->n >= GM_MAX_ORIGIN_TERMS)
        return 0;
    o->term[o->n] = e;
    o->neg[o->n++] = (unsigned char)neg;
    return 1;
}


int fe_pointer_param(kctx *kc, CXCursor c)
{
    pctx *pc = kc->pc;
    if (fe_kind(pc, c) == CXCursor_MemberRefExpr) {
        int v = fe_view_param(kc, c);
        return v >= 0 && kc->k->params[v].kind != ADV_P_INT ? v : -1;
    }
    if (fe_kind(pc, c) != CXCursor_DeclRefExpr)
        return -1;
    CXCursor d = pc->cx->clang_getCursorReferenced(c);
    if (fe_kind(pc, d) != CXCursor_ParmDecl)
        return -1;
    int p = fe_param_index(kc, d);
    if (p < 0)
        return -1;
    adv_pkind pk = kc->k->params[p].kind;
    return pk == ADV_P_STRUCT_PTR || pk == ADV_P_SCALAR_PTR ? p : -1;
}

static int origin(kctx *kc, CXCursor c, fe_origin *o, int depth)
{
    pctx *pc = kc->pc;
    const adv_clang *cx = pc->cx;
    if (depth > GM_MAX_ORIGIN_DEPTH)
        return -1;
    c = fe_strip(pc, c);
    enum CXCursorKind k = fe_kind(pc, c);
    int p = fe_pointer_param(kc, c);
    if (p >= 0)
        return p;
    cvec cv = fe_kids(pc, c);
    CXCursor last = cv.n ? cv.v[cv.n - 1] : cx->clang_getNullCursor();
    int r = -1;
    if (k == CXCursor_CStyleCastExpr || k == CXCursor_CXXStaticCastExpr || k == CXCursor_CXXReinterpretCastExpr ||
        k == CXCursor_CXXConstCastExpr) {
        /* (const T *)in.ptr: the same elements, another qualifier or name;
         * a cast to wider elements (float4 *) counts its index in them, not
         * in the parameter's: not followed */
        long long to = pointee_size(pc, canon(pc, c)), from = cv.n ? pointee_size(pc, canon(pc, last)) : -1;
        if (to > 0 && to == from)
            r = origin(kc, last, o, depth + 1);
    } else if (k == CXCursor_BinaryOperator && cv.n == 2) {
        const char *op = fe_binop(pc, cv.v[0]);
        int lp = canon(pc, cv.v[0]).kind == CXType_Pointer, rp = canon(pc, cv.v[1]).kind == CXType_Pointer;
        if (!strcmp(op, "+") && lp != rp) {
            if ((r = origin(kc, lp ? cv.v[0] : cv.v[1], o, depth + 1)) >= 0 && !add_term(o, lp ? cv.v[1] : cv.v[0], 0))
                r = -1;
        } else if (!strcmp(op, "-") && lp && !rp) {
            if ((r = origin(kc, cv.v[0], o, depth + 1)) >= 0 && !add_term(o, cv.v[1], 1))
                r = -1;
        }
    } else if (k == CXCursor_UnaryOperator && cv.n == 1 && fe_unary_is(pc, c, "&")) {
        CXCursor sub = fe_strip(pc, cv.v[0]); /* &p[e] */
        cvec sk = fe_kids(pc, sub);
        if (fe_kind(pc, sub) == CXCursor_ArraySubscriptExpr && sk.n == 2 &&
            canon(pc, sk.v[0]).kind == CXType_Pointer && (r = origin(kc, sk.v[0], o, depth + 1)) >= 0 &&
            !add_term(o, sk.v[1], 0))
            r = -1;
        free(sk.v);
    } else if (k == CXCursor_DeclRefExpr) {
        /* a local pointer set once, where it is declared (q = p + base) */
        CXCursor var = cx->clang_getCursorReferenced(c);
        if (fe_kind(pc, var) == CXCursor_VarDecl && canon(pc, var).kind == CXType_Pointer) {
            unsigned off = fe_decl_offset(pc, var), defs = 0;
            for (unsigned i = 0; i < kc->ndefs; i++)
                if (kc->defs[i].var == off)
                    defs += kc->defs[i].is_mod ? 2 : 1;
            cvec vk = fe_kids(pc, var);
            CXCursor init = vk.n ? vk.v[vk.n - 1] : cx->clang_getNullCursor();
            free(vk.v);
            if (defs == 1 && !cx->clang_Cursor_isNull(init) && cx->clang_isExpression(fe_kind(pc, init)))
                r = origin(kc, init, o, depth + 1);
        }
    }
    free(cv.v);
    return r;
}

int fe_pointer_origin(kctx *kc, CXCursor c, fe_origin *o)
{
    o->n = 0;
    if (!reaching(kc))
        return -1;
    o->param = origin(kc, c, o, 0);
    return o->param;
}
