#include "frontend.h"

/* ---- locals: reaching definitions ------------------------------------ */



static CXCursor pc_null(kctx *kc)
{
    return kc->pc->cx->clang_getNullCursor();
}

static void add_def(kctx *kc, unsigned var, unsigned at, CXCursor value, int is_mod, unsigned lb,
                    unsigned le)
{
    if (kc->ndefs == kc->cap) {
        kc->cap = kc->cap ? kc->cap * 2 : 16;
        kc->defs = gm_xrealloc(kc->defs, kc->cap * sizeof *kc->defs);
    }
    kc->defs[kc->ndefs++] = (vdef){var, at, value, is_mod, lb, le, pc_null(kc), NULL};
}

/* Variable identity of an lvalue `x`, or 0 if it is not a plain local. */
static unsigned local_var(pctx *pc, CXCursor c)
{
    c = fe_strip(pc, c);
    if (fe_kind(pc, c) != CXCursor_DeclRefExpr)
        return 0;
    CXCursor d = pc->cx->clang_getCursorReferenced(c);
    if (fe_kind(pc, d) != CXCursor_VarDecl)
        return 0;
    return fe_decl_offset(pc, d);
}

static void collect_defs(kctx *kc, CXCursor c);

void fe_collect_defs(kctx *kc, CXCursor c)
{
    if (kc->cdepth + 1 >= GM_MAX_AST_DEPTH) /* definitions deeper are not followed; the accesses' walk */
        return;                              /* says where it stops, once */
    kc->cdepth++;
    collect_defs(kc, c);
    kc->cdepth--;
}

static void collect_defs(kctx *kc, CXCursor c)
{
    pctx *pc = kc->pc;
    enum CXCursorKind k = fe_kind(pc, c);
    cvec cv = fe_kids(pc, c);
    unsigned b = 0, e = 0;
    int in_main = fe_extent_in_main(pc, c, &b, &e);
    if (k == CXCursor_VarDecl && !in_main) /* written in part by a macro, in check (reach.c) */
        in_main = fe_macro_extent(kc, c, &b, &e);
    if (k == CXCursor_VarDecl && cv.n > 0 && in_main) {
        CXCursor init = cv.v[cv.n - 1];
        if (pc->cx->clang_isExpression(fe_kind(pc, init))) {
            add_def(kc, fe_decl_offset(pc, c), e, init, 0, 0, 0);
            kc->defs[kc->ndefs - 1].pre = fe_macro_init(kc, c, init); /* a macro's body (reach.c) */
        }
    } else if ((k == CXCursor_BinaryOperator || k == CXCursor_CompoundAssignOperator) &&
               cv.n == 2 && in_main) {
        unsigned var = local_var(pc, cv.v[0]);
        const char *op = fe_binop(pc, cv.v[0]);
        if (var && k == CXCursor_BinaryOperator && !strcmp(op, "="))
            add_def(kc, var, e, cv.v[1], 0, 0, 0);
        else if (var && k == CXCursor_CompoundAssignOperator)
            add_def(kc, var, e, cv.v[1], 1, 0, 0);
    } else if (k == CXCursor_UnaryOperator && cv.n == 1 && in_main) {
        unsigned var = local_var(pc, cv.v[0]);
        const char *pre = fe_punct_at(pc, b);
        unsigned cb, ce;
        const char *post = fe_extent_in_main(pc, cv.v[0], &cb, &ce) ? fe_punct_at(pc, ce) : "";
        if (var && (!strcmp(pre, "++") || !strcmp(pre, "--") || !strcmp(post, "++") ||
                    !strcmp(post, "--")))
            add_def(kc, var, e, cv.v[0], 1, 0, 0);
    }
    /* A for-loop's increment (everything before its body other than the
     * init statement) advances all threads alike: remember the body so
     * that uses inside it can ignore the increment. */
    if (k == CXCursor_ForStmt && cv.n >= 2) {
        unsigned bb = 0, be = 0;
        fe_extent_in_main(pc, cv.v[cv.n - 1], &bb, &be);
        for (unsigned i = 0; i < cv.n; i++) {
            unsigned before = kc->ndefs;
            fe_collect_defs(kc, cv.v[i]);
            if (i > 0 && i + 1 < cv.n)
                for (unsigned d = before; d < kc->ndefs; d++)
                    if (kc->defs[d].is_mod) {
                        kc->defs[d].loop_b = bb, kc->defs[d].loop_e = be;
                        /* for (init; cond; inc): the condition is the child before the increment */
                        if (cv.n == 4)
                            kc->defs[d].cond = cv.v[1];
                    }
        }
    } else {
        for (unsigned i = 0; i < cv.n; i++)
            fe_collect_defs(kc, cv.v[i]);
    }
    free(cv.v);
}

/* ---- index expressions ----------------------------------------------- */

adv_expr *fe_expr_of(kctx *kc, CXCursor c, int depth);

static adv_expr *eval_const(pctx *pc, CXCursor c)
{
    CXEvalResult r = pc->cx->clang_Cursor_Evaluate(c);
    if (!r)
        return NULL;
    adv_expr *e = NULL;
    if (pc->cx->clang_EvalResult_getKind(r) == CXEval_Int)
        e = adv_expr_const(pc->cx->clang_EvalResult_getAsLongLong(r));
    pc->cx->clang_EvalResult_dispose(r);
    return e;
}

/* The last value `var < E` (E - 1) or `var <= E` (E) lets through, for
 * sizing buffers; NULL for any other condition. */
static adv_expr *loop_last(kctx *kc, CXCursor cond, unsigned var, int depth)
{
    pctx *pc = kc->pc;
    cvec cv = fe_kids(pc, fe_strip(pc, cond));
    adv_expr *e = NULL;
    if (fe_kind(pc, fe_strip(pc, cond)) == CXCursor_BinaryOperator && cv.n == 2 && local_var(pc, cv.v[0]) == var) {
        const char *op = fe_binop(pc, cv.v[0]);
        if (!strcmp(op, "<"))
            e = adv_expr_new(ADV_X_SUB, fe_expr_of(kc, cv.v[1], depth + 1), adv_expr_const(1));
        else if (!strcmp(op, "<="))
            e = fe_expr_of(kc, cv.v[1], depth + 1);
    }
    free(cv.v);
    return e;
}

static adv_expr *resolve_local(kctx *kc, CXCursor ref, unsigned var, int depth)
{
    pctx *pc = kc->pc;
    unsigned use = 0, ue;
    char name[ADV_NAME_MAX], why[160];
    fe_spell(pc, ref, name, sizeof name);
    if (!fe_extent_in_main(pc, ref, &use, &ue))
        return adv_expr_opaque("written in a macro");
    /* a name in a macro's body spans the macro's use (its declarations in
     * the body too): it is read after them, in check (reach.c) */
    if (pc->opts && pc->opts->cost_only && ue - use > strlen(name))
        use = ue;
    int best = -1;
    for (unsigned i = 0; i < kc->ndefs; i++)
        if (kc->defs[i].var == var && !kc->defs[i].is_mod && kc->defs[i].at <= use &&
            (best < 0 || kc->defs[i].at > kc->defs[best].at))
            best = (int)i;
    if (best < 0) {
        snprintf(why, sizeof why, "local '%.40s' has no visible definition", name);
        return adv_expr_opaque(why);
    }
    for (unsigned i = 0; i < kc->ndefs; i++) {
        const vdef *d = &kc->defs[i];
        if (d->var != var || !d->is_mod || d->at <= kc->defs[best].at || d->at > use)
            continue;
        if (d->loop_e && use >= d->loop_b && use <= d->loop_e) {
            if (kc->at_max && !pc->cx->clang_Cursor_isNull(d->cond)) {
                adv_expr *last = loop_last(kc, d->cond, var, depth);
                if (last)
                    return last;
            }
            continue; /* grid-stride increment of the enclosing loop */
        }
        snprintf(why, sizeof why, "local '%.40s' is updated before use", name);
        return adv_expr_opaque(why);
    }
    if (kc->defs[best].pre)
        return adv_expr_clone(kc->defs[best].pre);
    return fe_expr_of(kc, kc->defs[best].value, depth + 1);
}

static adv_expr *builtin_var(kctx *kc, CXCursor member)
{
    pctx *pc = kc->pc;
    char field[16], base[32];
    fe_spell(pc, member, field, sizeof field);
    cvec cv = fe_kids(pc, member);
    adv_expr *e = NULL;
    if (cv.n == 1) {
        CXCursor b = fe_strip(pc, cv.v[0]);
        if (fe_kind(pc, b) == CXCursor_DeclRefExpr) {
            fe_spell(pc, b, base, sizeof base);
            adv_xkind k = !strcmp(base, "threadIdx") ? ADV_X_TID
                          : !strcmp(base, "blockIdx") ? ADV_X_BID
                          : !strcmp(base, "blockDim") ? ADV_X_BDIM
                          : !strcmp(base, "gridDim")  ? ADV_X_GDIM
                                                      : ADV_X_OPAQUE;
            if (k != ADV_X_OPAQUE && !strcmp(field, "x")) {
                e = adv_expr_new(k, NULL, NULL);
            } else if (k != ADV_X_OPAQUE) { /* warp-uniform: the model takes the first row */
                e = adv_expr_new(ADV_X_UNIFORM, NULL, NULL);
                e->value = k == ADV_X_BDIM || k == ADV_X_GDIM;
                snprintf(e->why, sizeof e->why, "%s.%s", base, field);
                kc->k->multi_dim |= k == ADV_X_TID || k == ADV_X_BID;
            }
        }
    }
    free(cv.v);
    return e ? e : adv_expr_opaque("member of a struct in the index");
}

/* Operators the model can evaluate per thread; the classifier accepts
 * only + - * << as affine. */
static adv_xkind binop_kind(const char *op)
{
    static const struct {
        const char *op;
        adv_xkind k;
    } ops[] = {{"+", ADV_X_ADD}, {"-", ADV_X_SUB}, {"*", ADV_X_MUL}, {"<<", ADV_X_SHL},
               {">>", ADV_X_SHR}, {"/", ADV_X_DIV}, {"%", ADV_X_MOD}, {"&", ADV_X_AND},
               {"|", ADV_X_OR}, {"^", ADV_X_XOR}, {"==", ADV_X_EQ}, {"!=", ADV_X_NE},
               {"<", ADV_X_LT}, {">", ADV_X_GT}, {"<=", ADV_X_LE}, {">=", ADV_X_GE},
               {"&&", ADV_X_LAND}, {"||", ADV_X_LOR}};
    for (size_t i = 0; i < sizeof ops / sizeof ops[0]; i++)
        if (!strcmp(op, ops[i].op))
            return ops[i].k;
    return ADV_X_OPAQUE;
}

/* e as C values it: converted to the expression's integer type when that
 * is narrower than 64 bits (adv_expr ADV_X_CAST). */
static adv_expr *typed(pctx *pc, CXCursor c, adv_expr *e)
{
    CXType t = pc->cx->clang_getCanonicalType(pc->cx->clang_getCursorType(c));
    long long size = pc->cx->clang_Type_getSizeOf(t);
    int is_unsigned;
    switch (t.kind) {
    case CXType_Bool: case CXType_Char_U: case CXType_UChar: case CXType_UShort: case CXType_UInt:
        is_unsigned = 1;
        break;
    case CXType_Char_S: case CXType_SChar: case CXType_Short: case CXType_Int:
        is_unsigned = 0;
        break;
    default: return e; /* 64-bit integers wrap like the model's; other types are not indices */
    }
    if (e->kind == ADV_X_OPAQUE || size <= 0 || size >= 8)
        return e;
    adv_expr *cast = adv_expr_new(ADV_X_CAST, e, NULL);
    cast->bits = (unsigned char)(size * 8);
    cast->is_unsigned = (unsigned char)is_unsigned;
    snprintf(cast->why, sizeof cast->why, "conversion to a %u-bit integer", cast->bits);
    return cast;
}

static adv_expr *expr_of(kctx *kc, CXCursor c, int depth);

adv_expr *fe_origin_index(kctx *kc, const fe_origin *o, CXCursor last, int at_max)
{
    int saved = kc->at_max;
    kc->at_max = at_max;
    adv_expr *e = kc->pc->cx->clang_Cursor_isNull(last) ? NULL : fe_expr_of(kc, last, 0);
    for (unsigned i = o->n; i-- > 0;) {
        adv_expr *t = fe_expr_of(kc, o->term[i], 0);
        if (!e) {
            e = o->neg[i] ? adv_expr_new(ADV_X_NEG, t, NULL) : t;
            if (o->neg[i])
                snprintf(e->why, sizeof e->why, "operator '-' in the index");
            continue;
        }
        e = o->neg[i] ? adv_expr_new(ADV_X_SUB, e, t) : adv_expr_new(ADV_X_ADD, t, e);
        snprintf(e->why, sizeof e->why, "operator '%s' in the index", o->neg[i] ? "-" : "+");
    }
    kc->at_max = saved;
    return e ? e : adv_expr_const(0);
}

/* ---- an index read from memory, passed through a call ------------------ */

static const adv_expr *gather_leaf(const adv_expr *e)
{
    if (!e)
        return NULL;
    if (e->kind == ADV_X_OPAQUE && strstr(e->why, "indirect"))
        return e;
    const adv_expr *l = gather_leaf(e->a);
    if (!l)
        l = gather_leaf(e->b);
    return l ? l : gather_leaf(e->c);
}

static adv_expr *call_gather(kctx *kc, CXCursor call)
{
    pctx *pc = kc->pc;
    const adv_clang *cx = pc->cx;
    if (!pc->opts || !pc->opts->cost_only) /* in check */
        return NULL;
    /* trimIndex(idx[k], n), min(map[i], n - 1): what a function makes of an
     * element read from memory is as scattered as the element (sorted
     * indices stay sorted through a clamp); the leaf keeps the element's
     * own subscript, by which check tells a warp-uniform element, and no
     * parameter, so that no buffer's values are computed through the call */
    int n = cx->clang_Cursor_getNumArguments(call);
    adv_expr *r = NULL;
    for (int i = 0; i < n && !r; i++) {
        adv_expr *e = fe_expr_of(kc, cx->clang_Cursor_getArgument(call, (unsigned)i), 1);
        const adv_expr *leaf = gather_leaf(e);
        if (leaf) {
            char name[40];
            r = adv_expr_opaque("");
            snprintf(r->why, sizeof r->why, "indirect index through %s()", fe_spell(pc, call, name, sizeof name));
            r->param = -1;
            r->a = adv_expr_clone(leaf->a);
        }
        adv_expr_free(e);
    }
    return r;
}

/* P[E] inside an index: opaque to the model, but it names the parameter
 * the value is loaded from (param, -1 when not a parameter) and the index
 * E it is loaded at (a), for inferring what that buffer holds
 * (core/inputs_infer.h). */
static adv_expr *gathered(kctx *kc, const cvec *cv, int depth)
{
    adv_expr *e = adv_expr_opaque(ADV_GATHER_WHY);
    e->param = -1;
    if (cv->n != 2)
        return e;
    CXCursor b = fe_strip(kc->pc, cv->v[0]);
    int block_shared = 0;
    if (fe_kind(kc->pc, b) == CXCursor_DeclRefExpr) {
        CXCursor d = kc->pc->cx->clang_getCursorReferenced(b);
        if (fe_kind(kc->pc, d) == CXCursor_ParmDecl)
            e->param = fe_param_index(kc, d);
        /* a __shared__ or __constant__ array holds one value per address for
         * the whole warp (a thread's local array does not), so in check its
         * element keeps its subscript too: list[0], a block's base read back
         * by every thread, is warp-uniform, not a gather (core/check.c) */
        else if (fe_kind(kc->pc, d) == CXCursor_VarDecl && kc->pc->opts && kc->pc->opts->cost_only)
            block_shared = fe_has_attr(kc->pc, d, CXCursor_CUDASharedAttr) ||
                           fe_has_attr(kc->pc, d, CXCursor_CUDAConstantAttr);
    }
    if (e->param >= 0 || block_shared) {
        e->a = fe_expr_of(kc, cv->v[1], depth + 1);
        return e;
    }
    fe_origin o; /* idx[k] with idx = (const int *)in.ptr, in check (pointer_origin.c) */
    if (fe_pointer_origin(kc, cv->v[0], &o) >= 0) {
        e->param = o.param;
        e->a = fe_origin_index(kc, &o, cv->v[1], kc->at_max);
    }
    return e;
}

adv_expr *fe_expr_of(kctx *kc, CXCursor c, int depth)
{
    return typed(kc->pc, c, expr_of(kc, c, depth));
}

static adv_expr *expr_of(kctx *kc, CXCursor c, int depth)
{
    pctx *pc = kc->pc;
    if (depth > 64)
        return adv_expr_opaque("definitions nested too deeply");
    enum CXCursorKind k = fe_kind(pc, c);
    cvec cv = fe_kids(pc, c);
    adv_expr *e = NULL;
    switch (k) {
    case CXCursor_UnexposedExpr:
    case CXCursor_ParenExpr:
    case CXCursor_CStyleCastExpr:
    case CXCursor_CXXFunctionalCastExpr:
    case CXCursor_CXXStaticCastExpr:
        e = cv.n ? fe_expr_of(kc, cv.v[cv.n - 1], depth + 1) : eval_const(pc, c);
        break;
    case CXCursor_IntegerLiteral:
    case CXCursor_CharacterLiteral:
    case CXCursor_UnaryExpr: /* sizeof, alignof */
        e = eval_const(pc, c);
        break;
    case CXCursor_MemberRefExpr:
        e = builtin_var(kc, c);
        if (e->kind == ADV_X_OPAQUE) { /* p.n of a by-value p, in check (reach.c) */
            adv_expr *v = fe_view_expr(kc, c);
            if (v) {
                adv_expr_free(e);
                e = v;
            }
        }
        break;
    case CXCursor_DeclRefExpr: {
        CXCursor d = pc->cx->clang_getCursorReferenced(c);
        enum CXCursorKind dk = fe_kind(pc, d);
        const fbind *bound = dk == CXCursor_ParmDecl ? fe_binding(kc, d) : NULL;
        if (dk == CXCursor_ParmDecl && fe_param_index(kc, d) >= 0) {
            e = adv_expr_new(ADV_X_PARAM, NULL, NULL);
            e->param = fe_param_index(kc, d);
        } else if (bound) { /* the argument of the call check follows (reach.c) */
            e = fe_expr_of(kc, bound->arg, depth + 1);
        } else if (dk == CXCursor_VarDecl &&
                   pc->cx->clang_equalCursors(pc->cx->clang_getCursorLexicalParent(d),
                                              pc->cx->clang_getTranslationUnitCursor(pc->tu)) == 0) {
            e = resolve_local(kc, c, fe_decl_offset(pc, d), depth);
        } else {
            char name[16];
            e = eval_const(pc, c);
            if (!e && !strcmp(fe_spell(pc, c, name, sizeof name), "warpSize"))
                e = adv_expr_const(32);
        }
        break;
    }
    case CXCursor_UnaryOperator: {
        unsigned b, en;
        const char *op = fe_extent_in_main(pc, c, &b, &en) ? fe_punct_at(pc, b) : "";
        adv_xkind xk = !strcmp(op, "-") ? ADV_X_NEG
                       : !strcmp(op, "!") ? ADV_X_NOT
                       : !strcmp(op, "~") ? ADV_X_BNOT
                                          : ADV_X_OPAQUE;
        if (cv.n == 1 && !strcmp(op, "+"))
            e = fe_expr_of(kc, cv.v[0], depth + 1);
        else if (cv.n == 1 && xk != ADV_X_OPAQUE) {
            e = adv_expr_new(xk, fe_expr_of(kc, cv.v[0], depth + 1), NULL);
            snprintf(e->why, sizeof e->why, "operator '%s' in the index", op);
        } else
            e = adv_expr_opaque("unary operator in the index");
        break;
    }
    case CXCursor_BinaryOperator: {
        if (cv.n != 2)
            break;
        const char *op = fe_binop(pc, cv.v[0]);
        adv_xkind xk = binop_kind(op);
        char why[64];
        snprintf(why, sizeof why, "operator '%s' in the index", *op ? op : "?");
        if (xk == ADV_X_OPAQUE) {
            e = adv_expr_opaque(why);
            /* in check: an operator gmadvise cannot read (a macro's, whose
             * tokens all stand at its use: symidx(r0, regions[i])) keeps its
             * operands, so that an element read from memory below it still
             * makes the index a gather */
            if (pc->opts && pc->opts->cost_only) {
                e->a = fe_expr_of(kc, cv.v[0], depth + 1);
                e->b = fe_expr_of(kc, cv.v[1], depth + 1);
            }
        } else {
            e = adv_expr_new(xk, fe_expr_of(kc, cv.v[0], depth + 1), fe_expr_of(kc, cv.v[1], depth + 1));
            snprintf(e->why, sizeof e->why, "%s", why);
        }
        break;
    }
    case CXCursor_ConditionalOperator:
        if (cv.n == 3) {
            e = adv_expr_new(ADV_X_COND, fe_expr_of(kc, cv.v[0], depth + 1), fe_expr_of(kc, cv.v[1], depth + 1));
            e->c = fe_expr_of(kc, cv.v[2], depth + 1);
            snprintf(e->why, sizeof e->why, "conditional (?:) index");
        }
        break;
    case CXCursor_CallExpr:
        e = fe_group_expr(kc, c); /* tile.thread_rank(), in check (reach.c) */
        if (!e)
            e = call_gather(kc, c); /* clamp(idx[k], n), in check */
        if (!e)
            e = adv_expr_opaque("function call in the index");
        break;
    case CXCursor_ArraySubscriptExpr:
        e = fe_view_elem(kc, c); /* p.dims[1] of a by-value p, in check (reach.c) */
        if (!e)
            e = gathered(kc, &cv, depth);
        break;
    default: break;
    }
    free(cv.v);
    return e ? e : adv_expr_opaque("not an affine expression");
}
