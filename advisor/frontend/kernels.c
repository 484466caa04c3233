#include "frontend.h"
#include <ctype.h>

/* ---- accesses --------------------------------------------------------- */

static void copy_text(const adv_model *m, unsigned b, unsigned e, char *out, size_t n)
{
    size_t j = 0;
    int space = 0;
    for (unsigned i = b; i < e && i < adv_model_text_len(m) && j + 1 < n; i++) {
        char ch = adv_model_text(m)[i];
        if (isspace((unsigned char)ch)) {
            space = 1;
            continue;
        }
        if (space && j)
            out[j++] = ' ';
        space = 0;
        if (j + 1 < n)
            out[j++] = ch;
    }
    out[j] = '\0';
}

/* An index may be evaluated twice by a rewritten access only if it has
 * no side effects: no assignment, increment or call. */
static int index_is_pure(pctx *pc, unsigned b, unsigned e)
{
    static const char *const impure[] = {"++", "--", "=", "+=", "-=", "*=", "/=", "%=",
                                         "<<=", ">>=", "&=", "|=", "^="};
    const char *t = adv_model_text(pc->m);
    for (unsigned i = fe_token_at(pc, b); i < pc->ntok && pc->tok_off[i] < e; i++) {
        for (size_t j = 0; j < sizeof impure / sizeof *impure; j++)
            if (!strcmp(pc->tok_str[i], impure[j]))
                return 0;
        if (!strcmp(pc->tok_str[i], "(") && pc->tok_off[i] > b) {
            unsigned p = pc->tok_off[i];
            while (p > b && isspace((unsigned char)t[p - 1]))
                p--;
            if (p > b && (isalnum((unsigned char)t[p - 1]) || t[p - 1] == '_'))
                return 0;
        }
    }
    return 1;
}

static int field_index(const adv_struct *s, const char *name)
{
    for (unsigned i = 0; i < s->nfields; i++)
        if (!strcmp(s->fields[i].name, name))
            return (int)i;
    return -1;
}

static CXCursor ancestor_below(kctx *kc, unsigned depth, unsigned *at);

/* When the stack's cursor at `at` (&x) is the first argument of a call to
 * one of CUDA's atomic functions (atomicAdd, atomicExch_block, ...), which
 * read, modify and write *x: 1; of one of its cache-hinted stores (__stcs,
 * __stcg, __stwb, __stwt), which write *x: 2; else 0. */
static int atomic_target(kctx *kc, unsigned at)
{
    pctx *pc = kc->pc;
    unsigned up;
    CXCursor call = ancestor_below(kc, at, &up);
    char name[64];
    if (!up || fe_kind(pc, call) != CXCursor_CallExpr || pc->cx->clang_Cursor_getNumArguments(call) < 1)
        return 0;
    fe_spell(pc, call, name, sizeof name);
    int store = !strcmp(name, "__stcs") || !strcmp(name, "__stcg") || !strcmp(name, "__stwb") || !strcmp(name, "__stwt");
    if (!store && strncmp(name, "atomic", 6))
        return 0;
    unsigned ab, ae, xb, xe;
    CXCursor arg = pc->cx->clang_Cursor_getArgument(call, 0);
    if (!fe_extent_in_main(pc, arg, &ab, &ae) || !fe_extent_in_main(pc, kc->stack[at], &xb, &xe) || xb < ab ||
        ae < xe)
        return 0;
    return store ? 2 : 1;
}

/* The stack's cursor at `at` (&x) is an argument of a call to a function
 * that stores through it (callee_writes.c). */
static int stored_through(kctx *kc, unsigned at, int *also_read)
{
    unsigned up;
    CXCursor call = ancestor_below(kc, at, &up);
    return up && fe_kind(kc->pc, call) == CXCursor_CallExpr &&
           fe_callee_writes(kc->pc, call, kc->stack[at], also_read);
}

static int mode_of(kctx *kc, CXCursor top, unsigned top_depth, int *also_read)
{
    pctx *pc = kc->pc;
    *also_read = 0;
    unsigned d = top_depth;
    while (d > 0 && fe_kind(pc, kc->stack[d - 1]) == CXCursor_ParenExpr)
        d--;
    if (d == 0)
        return ADV_READ;
    CXCursor parent = kc->stack[d - 1];
    CXCursor child = d < top_depth ? kc->stack[d] : top;
    cvec cv = fe_kids(pc, parent);
    int first = cv.n > 0 && pc->cx->clang_equalCursors(cv.v[0], child);
    enum CXCursorKind pk = fe_kind(pc, parent);
    int mode = ADV_READ, target;
    char name[32];
    if (pk == CXCursor_BinaryOperator && first && !strcmp(fe_binop(pc, cv.v[0]), "=")) {
        mode = ADV_WRITE;
    } else if (pk == CXCursor_CompoundAssignOperator && first) {
        mode = ADV_WRITE;
        *also_read = 1;
    } else if (pk == CXCursor_UnaryOperator && fe_unary_is(pc, parent, "&") && (target = atomic_target(kc, d - 1))) {
        mode = ADV_WRITE; /* atomicAdd(&p[i].f, v): read, modified and written; __stcs(&p[i].f, v) written */
        *also_read = target == 1;
    } else if (pk == CXCursor_UnaryOperator && fe_unary_is(pc, parent, "&") && stored_through(kc, d - 1, also_read)) {
        mode = ADV_WRITE; /* put(&p[i].f, v) with put storing *to = v */
    } else if (pk == CXCursor_UnaryOperator) {
        unsigned b, e, cb, ce;
        const char *pre = fe_extent_in_main(pc, parent, &b, &e) ? fe_punct_at(pc, b) : "";
        const char *post = fe_extent_in_main(pc, child, &cb, &ce) ? fe_punct_at(pc, ce) : "";
        if (!strcmp(pre, "++") || !strcmp(pre, "--") || !strcmp(post, "++") ||
            !strcmp(post, "--")) {
            mode = ADV_WRITE;
            *also_read = 1;
        }
    } else if (pk == CXCursor_CallExpr && !first && kc->through_call) {
        int w = 0, r = 0; /* atomicAdd(p + off, v), put(q, v): as the function reaches memory through it */
        fe_callee_access(pc, parent, child, &w, &r);
        mode = w ? ADV_WRITE : ADV_READ;
        *also_read = w && r;
    } else if (pk == CXCursor_CallExpr && first && !strncmp(fe_spell(pc, parent, name, sizeof name), "operator", 8)) {
        if (!strcmp(name, "operator="))
            mode = ADV_WRITE;
        else if (strlen(name) > 9 && name[strlen(name) - 1] == '=' && strcmp(name, "operator==") &&
                 strcmp(name, "operator!=") && strcmp(name, "operator<=") &&
                 strcmp(name, "operator>=")) {
            mode = ADV_WRITE;
            *also_read = 1;
        }
    }
    free(cv.v);
    return mode;
}

static void set_other_use(adv_param *par, unsigned line, const char *fmt, const char *a, const char *b)
{
    if (par->other_use_line)
        return;
    par->other_use_line = line;
    if (fmt)
        snprintf(par->other_use, sizeof par->other_use, fmt, a, b);
}

/* An access of the whole element of parameter `param`, at c's position;
 * its index from the expression `index` (loop variables at their start,
 * and at their last value for expr_max). */
static void access_init(kctx *kc, CXCursor c, CXCursor index, int param, adv_access *a)
{
    const adv_param *par = &kc->k->params[param];
    memset(a, 0, sizeof *a);
    a->param = param;
    a->struct_idx = par->kind == ADV_P_STRUCT_PTR ? par->struct_idx : -1;
    a->field = -1;
    fe_cursor_pos(kc->pc, c, &a->line, &a->col);
    a->expr = fe_expr_of(kc, index, 0);
    kc->at_max = 1;
    a->expr_max = fe_expr_of(kc, index, 0);
    kc->at_max = 0;
}

/* A copy of a that owns copies of its index expressions. */
static adv_access access_clone(const adv_access *a)
{
    adv_access c = *a;
    c.expr = adv_expr_clone(a->expr);
    c.expr_max = adv_expr_clone(a->expr_max);
    return c;
}

/* P[E] as an access of parameter `param`: its text ranges, index text and
 * expressions; no member or mode yet. */
static void subscript_access(kctx *kc, CXCursor sub, CXCursor index, int param, adv_access *a)
{
    pctx *pc = kc->pc;
    adv_kernel *k = kc->k;
    access_init(kc, sub, index, param, a);
    /* libclang gives every token of an object-like macro's body the
     * position of the macro's use, so a subscript written in a macro has
     * collapsed ranges: only one whose index lies strictly inside it is
     * text that can be rewritten */
    int ranges = fe_extent_in_main(pc, sub, &a->sub_begin, &a->sub_end) &&
                 fe_extent_in_main(pc, index, &a->idx_begin, &a->idx_end) &&
                 a->sub_begin < a->idx_begin && a->idx_begin < a->idx_end && a->idx_end < a->sub_end;
    if (ranges) {
        copy_text(pc->m, a->idx_begin, a->idx_end, a->index, sizeof a->index);
        a->idx_pure = index_is_pure(pc, a->idx_begin, a->idx_end);
    } else {
        a->sub_begin = a->sub_end = a->idx_begin = a->idx_end = 0; /* nothing to rewrite */
        snprintf(a->index, sizeof a->index, "(macro)");
        set_other_use(&k->params[param], a->line, NULL, NULL, NULL);
    }
}

static void push_to(adv_access **v, unsigned *n, const adv_access *a)
{
    *v = gm_xrealloc(*v, (*n + 1) * sizeof **v);
    (*v)[(*n)++] = *a;
}

/* The innermost of the stack's first `depth` cursors that is not a
 * parenthesis or an implicit conversion (a const method's object), at
 * *at - 1; a null cursor and *at 0 when none is. */
static CXCursor ancestor_below(kctx *kc, unsigned depth, unsigned *at)
{
    while (depth > 0 && (fe_kind(kc->pc, kc->stack[depth - 1]) == CXCursor_ParenExpr ||
                         fe_kind(kc->pc, kc->stack[depth - 1]) == CXCursor_UnexposedExpr))
        depth--;
    *at = depth;
    return depth ? kc->stack[depth - 1] : kc->pc->cx->clang_getNullCursor();
}

/* `base[idx]` above the chain's top, base the top: one element of an array
 * member.  Extends a's path ("cell[1]", "cell[]" for a subscript that is
 * not a constant) and its span (the bytes touched, as clang lays them out);
 * 0 when it is not that (the top is the index, or the base is not an array). */
static int subscript_step(kctx *kc, CXCursor sub, CXCursor top, adv_access *a, int *wide)
{
    pctx *pc = kc->pc;
    const adv_clang *cx = pc->cx;
    cvec cv = fe_kids(pc, sub);
    int ok = cv.n == 2;
    unsigned tb, te, ib, ie;
    if (ok && fe_extent_in_main(pc, top, &tb, &te) && fe_extent_in_main(pc, cv.v[1], &ib, &ie))
        ok = te <= ib; /* the top is the base, before the index */
    CXType bt = ok ? cx->clang_getCanonicalType(cx->clang_getCursorType(fe_strip(pc, cv.v[0]))) : (CXType){0};
    ok = ok && bt.kind == CXType_ConstantArray;
    if (ok) {
        CXType et = cx->clang_getCanonicalType(cx->clang_getCursorType(sub));
        long long es = cx->clang_Type_getSizeOf(et), ea = cx->clang_Type_getAlignOf(et), idx = 0;
        CXEvalResult r = cx->clang_Cursor_Evaluate(cv.v[1]);
        int known = r && cx->clang_EvalResult_getKind(r) == CXEval_Int;
        if (known)
            idx = cx->clang_EvalResult_getAsLongLong(r);
        if (r)
            cx->clang_EvalResult_dispose(r);
        if (idx < 0 || idx >= cx->clang_getArraySize(bt))
            idx = 0;
        ok = es > 0 && ea > 0;
        if (ok && !a->span_size && a->field >= 0) {
            const adv_field *f = &adv_model_struct(pc->m, (unsigned)a->struct_idx)->fields[a->field];
            a->span_off = f->offset;
            a->span_size = f->size;
            a->span_align = f->align;
        } else if (ok && !a->span_size) { /* a[i][1] of a float (*a)[4]: the element is the array */
            CXType whole = cx->clang_getCanonicalType(cx->clang_getCursorType(fe_strip(pc, cv.v[0])));
            a->span_off = 0;
            a->span_size = (unsigned)cx->clang_Type_getSizeOf(whole);
            a->span_align = (unsigned)cx->clang_Type_getAlignOf(whole);
        }
        /* a subscript that varies (a loop's k) takes the elements in turn:
         * the span stays the whole array from there on */
        *wide |= !known;
        if (ok && !*wide) {
            a->span_off += (unsigned)(idx * es);
            a->span_size = (unsigned)es;
            a->span_align = (unsigned)ea;
        }
        size_t len = strlen(a->path);
        if (ok && known)
            snprintf(a->path + len, sizeof a->path - len, "[%lld]", idx);
        else if (ok)
            snprintf(a->path + len, sizeof a->path - len, "[]");
    }
    free(cv.v);
    return ok;
}

/* .m after an element of an array member: the member's offset and size. */
static void member_step(kctx *kc, CXCursor mem, adv_access *a, int wide)
{
    if (wide)
        return;
    const adv_clang *cx = kc->pc->cx;
    CXCursor fd = cx->clang_getCursorReferenced(mem);
    long long off = fe_kind(kc->pc, fd) == CXCursor_FieldDecl ? cx->clang_Cursor_getOffsetOfField(fd) : -1;
    CXType t = cx->clang_getCanonicalType(cx->clang_getCursorType(mem));
    long long sz = cx->clang_Type_getSizeOf(t), al = cx->clang_Type_getAlignOf(t);
    if (off < 0 || sz <= 0 || al <= 0) {
        a->span_size = 0; /* the path alone, which then does not resolve: said */
        return;
    }
    a->span_off += (unsigned)(off / 8);
    a->span_size = (unsigned)sz;
    a->span_align = (unsigned)al;
}

/* Completes `a` with the member chain above `sub` on the stack (P[E].f1.f2,
 * b.f1.f2) and the mode, and records it (a compound write also as a
 * read); `read_only` drops writes (to a by-value copy). */
static void finish_access(kctx *kc, CXCursor sub, adv_access a, int read_only)
{
    pctx *pc = kc->pc;
    adv_kernel *k = kc->k;
    const adv_param *par = &k->params[a.param];
    CXCursor top = sub;
    unsigned top_depth = kc->depth;
    unsigned d = kc->depth;
    char name[ADV_NAME_MAX];
    int wide = 0; /* the path went through a variable subscript */
    while (d > 0) {
        unsigned pd;
        CXCursor mem = ancestor_below(kc, d, &pd);
        /* an element of an array member (p[i].cell[1]), or of an array the
         * parameter points to (a[i][1] of float a[][4]): the bytes of that
         * element, as a member of a struct is */
        if (pd > 0 && (a.field >= 0 || (a.struct_idx < 0 && (a.path[0] == '\0' || a.path[0] == '['))) &&
            fe_kind(pc, mem) == CXCursor_ArraySubscriptExpr &&
            subscript_step(kc, mem, top, &a, &wide)) {
            top = mem; /* p[i].cell[1]: an element of an array member, not the whole array */
            top_depth = pd - 1;
            d = pd - 1;
            continue;
        }
        if (pd == 0 || fe_kind(pc, mem) != CXCursor_MemberRefExpr)
            break;
        fe_spell(pc, mem, name, sizeof name);
        enum CXCursorKind rk = fe_kind(pc, pc->cx->clang_getCursorReferenced(mem));
        if (a.struct_idx < 0 && (rk == CXCursor_CXXMethod || rk == CXCursor_ConversionFunction))
            break; /* a __half's conversion to float: the whole element is read */
        if (!a.span_size && a.path[0] && !strchr(a.path, '.') && a.struct_idx >= 0 && a.field >= 0) {
            /* a member of a field whose record the model does not hold (an
             * explicit specialization, template <> struct V<3>, is not one
             * of its structs): its bytes as clang lays them out */
            const adv_field *f = &adv_model_struct(pc->m, (unsigned)a.struct_idx)->fields[a.field];
            if (!f->record && !f->vec_lanes && f->scalar == ADV_S_NONE && !f->array_rank) {
                a.span_off = f->offset;
                a.span_size = f->size;
                a.span_align = f->align;
            }
        }
        if (a.span_size) /* a member of an element of an array member, or of such a field */
            member_step(kc, mem, &a, wide);
        if (a.path[0] == '\0' && a.struct_idx >= 0) {
            a.field = field_index(adv_model_struct(pc->m, a.struct_idx), name);
            unsigned mb;
            if (a.field < 0 || !fe_extent_in_main(pc, mem, &mb, &a.mem_end)) {
                a.field = -1; /* a method or a macro: not a plain field */
                if (fe_kind(pc, pc->cx->clang_getCursorReferenced(mem)) == CXCursor_CXXMethod)
                    set_other_use(&k->params[a.param], a.line,
                                  "calls member function %s() on %s[i], which a variant cannot rewrite",
                                  name, par->name);
                else
                    set_other_use(&k->params[a.param], a.line, NULL, NULL, NULL);
                break;
            }
        }
        size_t len = strlen(a.path);
        snprintf(a.path + len, sizeof a.path - len, "%s%s", len ? "." : "", name);
        top = mem;
        top_depth = pd - 1;
        d = pd - 1;
    }
    /* p[i].ptr[k] or *p[i].ptr: memory the struct points to, which random
     * elements cannot point to */
    if (a.field >= 0 && a.struct_idx >= 0 && top_depth > 0 && !k->follows[0] &&
        adv_model_struct(pc->m, a.struct_idx)->fields[a.field].scalar == ADV_S_PTR) {
        unsigned up_at;
        CXCursor up = ancestor_below(kc, top_depth, &up_at);
        if (fe_kind(pc, up) == CXCursor_ArraySubscriptExpr || fe_kind(pc, up) == CXCursor_MemberRefExpr ||
            fe_unary_is(pc, up, "*"))
            snprintf(k->follows, sizeof k->follows, "%s", adv_model_struct(pc->m, a.struct_idx)->fields[a.field].name);
    }
    if (kc->unevaluated) { /* sizeof p[i].f: rewritten in every layout, never costed */
        push_to(&k->rw, &k->nrw, &a);
        return;
    }
    int also_read = 0;
    a.mode = mode_of(kc, top, top_depth, &also_read);
    if (also_read || (read_only && a.mode == ADV_WRITE)) {
        adv_access r = read_only && !also_read ? a : access_clone(&a); /* a is dropped, or kept too */
        r.mode = ADV_READ;
        push_to(&k->acc, &k->naccesses, &r);
        if (read_only)
            return;
    }
    push_to(&k->acc, &k->naccesses, &a);
}

/* The innermost ancestor on the stack that is not a parenthesis or an
 * implicit conversion; its depth in *at. */
static CXCursor parent_of(kctx *kc, unsigned *at)
{
    return ancestor_below(kc, kc->depth, at);
}

static void walk_callee(kctx *kc, CXCursor c, unsigned parm, const adv_access *proto, int by_value);

/* Whether the walk goes below c, into `below` (c itself, or the child
 * of c that is walked next).  Where it stops (GM_MAX_AST_DEPTH), a
 * parameter named in c's text may hide accesses there that no variant
 * rewrites: the kernel keeps that parameter's other use, so that no
 * variant renaming it is generated (it would not compile). */
static int deeper_ok(kctx *kc, CXCursor c, CXCursor below)
{
    if (fe_deeper_ok(kc, kc->depth, c))
        return 1;
    pctx *pc = kc->pc;
    unsigned b, e, line, col;
    if (!fe_extent_in_main(pc, below, &b, &e))
        b = 0, e = adv_model_text_len(pc->m); /* not in the file's text: any use counts */
    fe_cursor_pos(pc, c, &line, &col);
    for (unsigned p = 0; p < kc->k->nparams; p++) {
        adv_param *par = &kc->k->params[p];
        size_t n = strlen(par->name);
        if (par->kind != ADV_P_STRUCT_PTR || !n || par->other_use_line)
            continue;
        const char *text = adv_model_text(pc->m);
        for (const char *t = text + b, *end = text + e; t + n <= end; t++)
            if (!memcmp(t, par->name, n) && (t == text || !(isalnum((unsigned char)t[-1]) || t[-1] == '_')) &&
                !(isalnum((unsigned char)t[n]) || t[n] == '_')) {
                set_other_use(par, line, "is used in an expression nested deeper than gmadvise follows (%s "
                                         "levels), which a variant cannot rewrite", GM_STR(GM_MAX_AST_DEPTH), NULL);
                break;
            }
    }
    return 0;
}

/* p[i] passed whole to a __device__ function of the file that takes the
 * struct by value or by reference: the function's reads (and, through a
 * reference, writes) are the kernel's, at the caller's index.  The call's
 * text is rewritten in every layout (a proxy converts to the struct), but
 * costs nothing itself.  0 when the callee is not such a function. */
static int inline_call(kctx *kc, CXCursor call, CXCursor sub, adv_access *a)
{
    pctx *pc = kc->pc;
    const adv_clang *cx = pc->cx;
    CXCursor def = cx->clang_getCursorDefinition(cx->clang_getCursorReferenced(call));
    int nargs = cx->clang_Cursor_getNumArguments(call), arg = -1;
    for (int i = 0; i < nargs && arg < 0; i++)
        if (cx->clang_equalCursors(fe_strip(pc, cx->clang_Cursor_getArgument(call, (unsigned)i)), sub))
            arg = i;
    /* a free __device__ function (an operator= or a method is the struct's own) */
    if (cx->clang_Cursor_isNull(def) || arg < 0 || fe_kind(pc, def) != CXCursor_FunctionDecl ||
        !fe_cursor_in_main(pc, def) || !fe_has_attr(pc, def, CXCursor_CUDADeviceAttr) ||
        cx->clang_Cursor_getNumArguments(def) <= arg)
        return 0;
    CXCursor parm = cx->clang_Cursor_getArgument(def, (unsigned)arg);
    CXType t = cx->clang_getCanonicalType(cx->clang_getCursorType(parm));
    int by_ref = t.kind == CXType_LValueReference;
    CXType target = by_ref ? cx->clang_getPointeeType(t) : t;
    if (fe_struct_by_decl(pc, target) != a->struct_idx || a->struct_idx < 0)
        return 0;
    cvec kids = fe_kids(pc, def);
    CXCursor body = kids.n ? kids.v[kids.n - 1] : cx->clang_getNullCursor();
    free(kids.v);
    if (fe_kind(pc, body) != CXCursor_CompoundStmt)
        return 0;
    char fname[ADV_NAME_MAX];
    fe_spell(pc, def, fname, sizeof fname);
    adv_param *par = &kc->k->params[a->param];
    if (by_ref && !cx->clang_isConstQualifiedType(target))
        set_other_use(par, a->line, "passes %s[i] by reference to %s(), which a variant cannot rewrite",
                      par->name, fname);
    push_to(&kc->k->rw, &kc->k->nrw, a);
    /* the callee's uses, walked with a stack of their own */
    CXCursor saved[GM_MAX_AST_DEPTH];
    unsigned depth = kc->depth;
    memcpy(saved, kc->stack, depth * sizeof *saved);
    kc->depth = 0;
    walk_callee(kc, body, fe_decl_offset(pc, parm), a, !by_ref);
    memcpy(kc->stack, saved, depth * sizeof *saved);
    kc->depth = depth;
    return 1;
}

/* c is P[E] with P a pointer parameter of the kernel. */
static void record_access(kctx *kc, CXCursor sub, CXCursor index, int param)
{
    adv_access a;
    subscript_access(kc, sub, index, param, &a);
    unsigned at;
    CXCursor up = parent_of(kc, &at);
    if (!kc->unevaluated && a.struct_idx >= 0 && fe_kind(kc->pc, up) == CXCursor_CallExpr && inline_call(kc, up, sub, &a))
        return;
    finish_access(kc, sub, a, 0);
}

/* Uses of the callee's parameter `parm` inside c, as accesses of the
 * caller's element (no text to rewrite: sub_end 0). */
static void walk_callee(kctx *kc, CXCursor c, unsigned parm, const adv_access *proto, int by_value)
{
    pctx *pc = kc->pc;
    if (fe_kind(pc, c) == CXCursor_DeclRefExpr &&
        fe_decl_offset(pc, pc->cx->clang_getCursorReferenced(c)) == parm &&
        fe_kind(pc, pc->cx->clang_getCursorReferenced(c)) == CXCursor_ParmDecl) {
        adv_access x = access_clone(proto);
        x.sub_begin = x.sub_end = x.idx_begin = x.idx_end = x.mem_end = 0;
        x.idx_pure = 1;
        fe_cursor_pos(pc, c, &x.line, &x.col);
        finish_access(kc, c, x, by_value);
        return;
    }
    cvec cv = fe_kids(pc, c);
    if (cv.n && deeper_ok(kc, c, c)) {
        kc->stack[kc->depth++] = c;
        for (unsigned i = 0; i < cv.n; i++)
            walk_callee(kc, cv.v[i], parm, proto, by_value);
        kc->depth--;
    }
    free(cv.v);
}

static int pointer_param_of(kctx *kc, CXCursor base)
{
    return fe_pointer_param(kc, fe_strip(kc->pc, base));
}

static void walk_body(kctx *kc, CXCursor c);

/* `const float *row = p + i * C;` (or `&p[i * C]`), set once, then
 * row[j]: an access of p[i * C + j], which the model costs (the row
 * pointers of one-row-per-thread kernels); the text is not rewritten, so
 * the layouts that would split p are not applicable (said).  1 when c,
 * with children cv, is such an access. */
static int row_pointer_access(kctx *kc, CXCursor c, const cvec *cv)
{
    pctx *pc = kc->pc;
    const adv_clang *cx = pc->cx;
    CXCursor base = fe_strip(pc, cv->v[0]);
    if (fe_kind(pc, base) != CXCursor_DeclRefExpr)
        return 0;
    CXCursor var = cx->clang_getCursorReferenced(base);
    if (fe_kind(pc, var) != CXCursor_VarDecl ||
        cx->clang_getCanonicalType(cx->clang_getCursorType(var)).kind != CXType_Pointer)
        return 0;
    unsigned off = fe_decl_offset(pc, var), defs = 0;
    for (unsigned i = 0; i < kc->ndefs; i++)
        if (kc->defs[i].var == off)
            defs += kc->defs[i].is_mod ? 2 : 1;
    cvec kids = fe_kids(pc, var);
    CXCursor init = kids.n ? fe_strip(pc, kids.v[kids.n - 1]) : cx->clang_getNullCursor();
    free(kids.v);
    if (defs != 1 || cx->clang_Cursor_isNull(init))
        return 0;
    /* the offset E0: p + E0, E0 + p, or &p[E0] */
    cvec in = fe_kids(pc, init);
    int p = -1;
    CXCursor e0 = cx->clang_getNullCursor();
    if (fe_kind(pc, init) == CXCursor_BinaryOperator && in.n == 2 && !strcmp(fe_binop(pc, in.v[0]), "+")) {
        if ((p = pointer_param_of(kc, in.v[0])) >= 0)
            e0 = in.v[1];
        else if ((p = pointer_param_of(kc, in.v[1])) >= 0)
            e0 = in.v[0];
    } else if (fe_unary_is(pc, init, "&") && in.n == 1) {
        CXCursor sub = fe_strip(pc, in.v[0]);
        cvec sk = fe_kids(pc, sub);
        if (fe_kind(pc, sub) == CXCursor_ArraySubscriptExpr && sk.n == 2 && (p = pointer_param_of(kc, sk.v[0])) >= 0)
            e0 = sk.v[1];
        free(sk.v);
    }
    free(in.v);
    if (p < 0 || cx->clang_Cursor_isNull(e0))
        return 0;
    adv_access a;
    access_init(kc, c, cv->v[1], p, &a);
    adv_expr *x0 = fe_expr_of(kc, e0, 0);
    kc->at_max = 1;
    adv_expr *x0max = fe_expr_of(kc, e0, 0);
    kc->at_max = 0;
    a.expr = adv_expr_new(ADV_X_ADD, x0, a.expr);
    snprintf(a.expr->why, sizeof a.expr->why, "operator '+' in the index");
    a.expr_max = adv_expr_new(ADV_X_ADD, x0max, a.expr_max);
    snprintf(a.expr_max->why, sizeof a.expr_max->why, "operator '+' in the index");
    a.idx_pure = 1;
    char name[ADV_NAME_MAX], t0[120] = "", t1[120] = "";
    unsigned b, e;
    if (fe_extent_in_main(pc, e0, &b, &e))
        copy_text(pc->m, b, e, t0, sizeof t0);
    if (fe_extent_in_main(pc, cv->v[1], &b, &e))
        copy_text(pc->m, b, e, t1, sizeof t1);
    snprintf(a.index, sizeof a.index, "%s + %s", t0[0] ? t0 : "?", t1[0] ? t1 : "?");
    fe_spell(pc, base, name, sizeof name);
    set_other_use(&kc->k->params[p], a.line, "reads or writes %s through a pointer into it (%s), which a variant "
                  "cannot rewrite", kc->k->params[p].name, name);
    finish_access(kc, c, a, 0);
    return 1;
}

/* `S &b = p[i];` or `S *b = &p[i];` (const or not): recorded as an alias
 * of p[i], whose b.f or b->f are accesses; its declaration is deleted
 * where a layout rewrites p.  1 when c is one. */
static int bind_alias(kctx *kc, CXCursor c, const cvec *cv)
{
    pctx *pc = kc->pc;
    const adv_clang *cx = pc->cx;
    CXType t = cx->clang_getCanonicalType(cx->clang_getCursorType(c));
    if ((t.kind != CXType_LValueReference && t.kind != CXType_Pointer) || !cv->n)
        return 0;
    CXCursor init = fe_strip(pc, cv->v[cv->n - 1]);
    if (t.kind == CXType_Pointer) { /* &p[i] */
        cvec amp = fe_kids(pc, init);
        int ok = fe_unary_is(pc, init, "&") && amp.n == 1;
        CXCursor inner = ok ? fe_strip(pc, amp.v[0]) : init;
        free(amp.v);
        if (!ok)
            return 0;
        init = inner;
    }
    cvec sub = fe_kids(pc, init);
    int param = fe_kind(pc, init) == CXCursor_ArraySubscriptExpr && sub.n == 2 ? pointer_param_of(kc, sub.v[0]) : -1;
    if (param < 0 || kc->k->params[param].kind != ADV_P_STRUCT_PTR ||
        fe_struct_by_decl(pc, cx->clang_getPointeeType(t)) != kc->k->params[param].struct_idx) {
        free(sub.v);
        return 0;
    }
    falias al;
    al.var = fe_decl_offset(pc, c);
    subscript_access(kc, init, sub.v[1], param, &al.proto);
    /* the declaration statement, deleted whole: it must declare b alone */
    unsigned at, b = 0, e = 0;
    CXCursor stmt = parent_of(kc, &at);
    cvec decls = fe_kids(pc, stmt);
    if (fe_kind(pc, stmt) == CXCursor_DeclStmt && decls.n == 1 && fe_extent_in_main(pc, stmt, &b, &e)) {
        kc->k->drop = gm_xrealloc(kc->k->drop, (kc->k->ndrop + 1) * sizeof *kc->k->drop);
        kc->k->drop[kc->k->ndrop][0] = b;
        kc->k->drop[kc->k->ndrop++][1] = e;
    } else {
        char name[ADV_NAME_MAX];
        set_other_use(&kc->k->params[param], al.proto.line, "binds reference %s to %s[i] in a declaration "
                      "of several variables, which a variant cannot rewrite", fe_spell(pc, c, name, sizeof name),
                      kc->k->params[param].name);
    }
    free(decls.v);
    kc->aliases = gm_xrealloc(kc->aliases, (kc->naliases + 1) * sizeof *kc->aliases);
    kc->aliases[kc->naliases++] = al;
    if (deeper_ok(kc, init, sub.v[1])) { /* accesses inside the index */
        kc->stack[kc->depth++] = init;
        walk_body(kc, sub.v[1]);
        kc->depth--;
    }
    free(sub.v);
    return 1;
}

/* A use of alias b: b.f is an access of p[i].f, rewritten at b's text. */
static int use_alias(kctx *kc, CXCursor ref)
{
    pctx *pc = kc->pc;
    unsigned var = fe_decl_offset(pc, pc->cx->clang_getCursorReferenced(ref));
    for (unsigned i = 0; i < kc->naliases; i++) {
        if (kc->aliases[i].var != var)
            continue;
        adv_access x = access_clone(&kc->aliases[i].proto);
        fe_cursor_pos(pc, ref, &x.line, &x.col);
        if (!fe_extent_in_main(pc, ref, &x.sub_begin, &x.sub_end))
            x.sub_begin = x.sub_end = 0;
        unsigned at;
        if (fe_kind(pc, parent_of(kc, &at)) != CXCursor_MemberRefExpr) {
            char name[ADV_NAME_MAX];
            set_other_use(&kc->k->params[x.param], x.line, "uses %s, bound to an element, other than as "
                          "%s.field or ->field, which a variant cannot rewrite",
                          fe_spell(pc, ref, name, sizeof name), name);
        }
        finish_access(kc, ref, x, 0);
        return 1;
    }
    return 0;
}

/* `*(p + e)` and `(p + e)->f`, c being `p + e`: accesses of p[e] the model
 * costs; the variants that would rewrite p are not applicable (said). */
static void pointer_arithmetic(kctx *kc, CXCursor c, const cvec *cv)
{
    pctx *pc = kc->pc;
    if (cv->n != 2 || strcmp(fe_binop(pc, cv->v[0]), "+"))
        return;
    int p = pointer_param_of(kc, cv->v[0]), other = 1;
    if (p < 0 && (p = pointer_param_of(kc, cv->v[1])) >= 0)
        other = 0;
    unsigned at;
    CXCursor up = parent_of(kc, &at);
    int deref = fe_unary_is(pc, up, "*");
    if (p < 0 || !(deref || fe_kind(pc, up) == CXCursor_MemberRefExpr))
        return;
    adv_access a;
    access_init(kc, c, cv->v[other], p, &a);
    a.idx_pure = 1;
    unsigned b, e;
    if (fe_extent_in_main(pc, cv->v[other], &b, &e))
        copy_text(pc->m, b, e, a.index, sizeof a.index);
    char name[ADV_NAME_MAX];
    snprintf(name, sizeof name, "%s", kc->k->params[p].name);
    set_other_use(&kc->k->params[p], a.line, "uses pointer arithmetic on %s (%s + i), which a variant cannot "
                  "rewrite", name, name);
    /* the access stands where the dereference does: *(p + e) itself, or
     * (p + e) below its ->member */
    unsigned depth = kc->depth;
    kc->depth = deref ? at - 1 : at;
    finish_access(kc, deref ? up : (at < depth ? kc->stack[at] : c), a, 0);
    kc->depth = depth;
}

/* Text of the index an origin's offsets and a subscript's index make. */
static void origin_text(kctx *kc, const fe_origin *o, CXCursor last, char *out, size_t n)
{
    pctx *pc = kc->pc;
    size_t len = 0;
    out[0] = '\0';
    for (unsigned i = 0; i <= o->n; i++) {
        CXCursor t = i < o->n ? o->term[i] : last;
        if (pc->cx->clang_Cursor_isNull(t))
            break;
        char part[120] = "";
        unsigned b, e;
        if (fe_extent_in_main(pc, t, &b, &e))
            copy_text(pc->m, b, e, part, sizeof part);
        snprintf(out + len, n - len, "%s%s", len ? (i < o->n && o->neg[i] ? " - " : " + ") : "",
                 part[0] ? part : "?");
        len = strlen(out);
    }
    if (!out[0])
        snprintf(out, n, "0");
}

/* In check: an access through a pointer derived from a parameter
 * (pointer_origin.c), of o->param at o's offsets plus `last`'s value
 * (a subscript's index, or a null cursor), finished as the cursor `top`
 * at stack depth `depth`; `call`: top is an argument of a call, read or
 * written as the callee does. */
static void origin_access(kctx *kc, const fe_origin *o, CXCursor last, CXCursor top, unsigned depth, int call,
                          const char *via)
{
    pctx *pc = kc->pc;
    adv_access a;
    adv_kernel *k = kc->k;
    memset(&a, 0, sizeof a);
    a.param = o->param;
    a.struct_idx = k->params[o->param].kind == ADV_P_STRUCT_PTR ? k->params[o->param].struct_idx : -1;
    a.field = -1;
    fe_cursor_pos(pc, top, &a.line, &a.col);
    a.expr = fe_origin_index(kc, o, last, 0);
    a.expr_max = fe_origin_index(kc, o, last, 1);
    a.idx_pure = 1;
    origin_text(kc, o, last, a.index, sizeof a.index);
    set_other_use(&k->params[o->param], a.line, "reads or writes %s through a pointer derived from it (%s), "
                  "which a variant cannot rewrite", k->params[o->param].name, via);
    unsigned saved = kc->depth;
    kc->depth = depth;
    kc->through_call = call;
    finish_access(kc, top, a, 0);
    kc->through_call = 0;
    kc->depth = saved;
}

/* In check: q[j] with q a pointer derived from a parameter other than the
 * parameter itself or row_pointer_access's rows: (const T *)in.ptr, a
 * local set once to one, nested offsets.  1 when recorded. */
static int derived_subscript(kctx *kc, CXCursor c, const cvec *cv)
{
    fe_origin o;
    if (fe_pointer_origin(kc, cv->v[0], &o) < 0)
        return 0;
    char via[ADV_NAME_MAX];
    unsigned b, e;
    via[0] = '\0';
    if (fe_extent_in_main(kc->pc, cv->v[0], &b, &e))
        copy_text(kc->pc->m, b, e, via, sizeof via);
    origin_access(kc, &o, cv->v[1], c, kc->depth, 0, via[0] ? via : "a local pointer");
    return 1;
}

/* In check: c, a pointer derived from a parameter (p + a + b, a local q set
 * once to one, (T *)in.ptr), dereferenced (*c, c->f) or passed to a
 * function that reaches memory through it (atomicAdd(c, v), __ldg(c), a
 * __device__ helper storing *to): an access of the parameter at c's
 * offset.  What the subscript and pointer_arithmetic paths record (p[i],
 * &p[i], *(p + e) of a parameter p) is left to them. */
static void derived_pointer(kctx *kc, CXCursor c, const cvec *cv)
{
    pctx *pc = kc->pc;
    const adv_clang *cx = pc->cx;
    enum CXCursorKind k = fe_kind(pc, c);
    if (!kc->depth || cx->clang_getCanonicalType(cx->clang_getCursorType(c)).kind != CXType_Pointer)
        return;
    if (k != CXCursor_BinaryOperator && k != CXCursor_DeclRefExpr && k != CXCursor_CStyleCastExpr &&
        k != CXCursor_CXXStaticCastExpr && k != CXCursor_CXXReinterpretCastExpr && k != CXCursor_CXXConstCastExpr)
        return;
    if (k == CXCursor_DeclRefExpr && fe_kind(pc, cx->clang_getCursorReferenced(c)) != CXCursor_VarDecl)
        return; /* a parameter itself: *p is p[0], as before */
    unsigned at;
    CXCursor up = parent_of(kc, &at);
    enum CXCursorKind uk = fe_kind(pc, up);
    int deref = fe_unary_is(pc, up, "*"), member = uk == CXCursor_MemberRefExpr, call = 0;
    if (uk == CXCursor_CallExpr) {
        int w = 0, r = 0;
        unsigned nargs = (unsigned)(cx->clang_Cursor_getNumArguments(up) > 0 ? cx->clang_Cursor_getNumArguments(up) : 0);
        for (unsigned i = 0; i < nargs && !call; i++)
            call = cx->clang_equalCursors(fe_strip(pc, cx->clang_Cursor_getArgument(up, i)), c);
        call = call && fe_callee_access(pc, up, c, &w, &r) && (w || r);
    }
    if (!deref && !member && !call)
        return;
    /* *(p + e) and (p + e)->f of a parameter p: pointer_arithmetic's */
    if (k == CXCursor_BinaryOperator && !call && cv->n == 2 &&
        (pointer_param_of(kc, cv->v[0]) >= 0 || pointer_param_of(kc, cv->v[1]) >= 0))
        return;
    fe_origin o;
    if (fe_pointer_origin(kc, c, &o) < 0)
        return;
    char via[ADV_NAME_MAX];
    unsigned b, e;
    via[0] = '\0';
    if (fe_extent_in_main(pc, c, &b, &e))
        copy_text(pc->m, b, e, via, sizeof via);
    unsigned depth = kc->depth;
    CXCursor top = deref ? up : (at < depth ? kc->stack[at] : c);
    origin_access(kc, &o, cx->clang_getNullCursor(), top, deref ? at - 1 : at, call, via[0] ? via : "a pointer");
}

/* 1 when the pointer named at the top of the stack is offset (p + e,
 * p - e) other than to be dereferenced at once: where the result goes
 * (wmma::load_matrix_sync(f, a + off, ld)), gmadvise does not follow. */
static int offset_pointer(kctx *kc)
{
    unsigned at;
    CXCursor up = parent_of(kc, &at);
    if (!kc->depth || fe_kind(kc->pc, up) != CXCursor_BinaryOperator)
        return 0;
    cvec kids = fe_kids(kc->pc, up);
    const char *op = kids.n == 2 ? fe_binop(kc->pc, kids.v[0]) : "";
    free(kids.v);
    return !strcmp(op, "+") || !strcmp(op, "-");
}

static void walk_body(kctx *kc, CXCursor c)
{
    pctx *pc = kc->pc;
    /* past the access limit the kernel is skipped: walking the rest of a
     * generated body (68,000 accesses in 1 MiB) cost 14 s and 500 MB, all
     * thrown away */
    if (kc->k->naccesses > GM_MAX_ACCESSES)
        return;
    enum CXCursorKind k = fe_kind(pc, c);
    cvec cv = fe_kids(pc, c);
    if ((k == CXCursor_VarDecl && bind_alias(kc, c, &cv)) || (k == CXCursor_DeclRefExpr && use_alias(kc, c))) {
        free(cv.v);
        return;
    }
    if (k == CXCursor_UnaryExpr) /* sizeof, alignof, offsetof: unevaluated, no memory moves */
        kc->unevaluated++;
    if (k == CXCursor_BinaryOperator)
        pointer_arithmetic(kc, c, &cv);
    derived_pointer(kc, c, &cv); /* in check */
    if (k == CXCursor_ArraySubscriptExpr && cv.n == 2) {
        int p = pointer_param_of(kc, cv.v[0]);
        unsigned at;
        if (p >= 0 && kc->k->params[p].kind == ADV_P_STRUCT_PTR && kc->depth &&
            fe_unary_is(pc, parent_of(kc, &at), "&")) { /* q = &p[i], then q[j].f: a pointer into p */
            unsigned line, col;
            fe_cursor_pos(pc, c, &line, &col);
            set_other_use(&kc->k->params[p], line, "takes the address of an element of %s (&%s[i]) outside a "
                          "declaration, which a variant cannot rewrite", kc->k->params[p].name,
                          kc->k->params[p].name);
        }
        if (p >= 0) {
            record_access(kc, c, cv.v[1], p);
            if (deeper_ok(kc, c, cv.v[1])) {
                kc->stack[kc->depth++] = c;
                walk_body(kc, cv.v[1]);
                kc->depth--;
            }
            free(cv.v);
            return;
        }
    }
    if (k == CXCursor_ArraySubscriptExpr && cv.n == 2 && row_pointer_access(kc, c, &cv)) {
        if (kc->depth < 511) {
            kc->stack[kc->depth++] = c;
            walk_body(kc, cv.v[1]);
            kc->depth--;
        }
        free(cv.v);
        return;
    }
    if (k == CXCursor_ArraySubscriptExpr && cv.n == 2)
        derived_subscript(kc, c, &cv); /* in check; its base and index are walked below */
    if (k == CXCursor_DeclRefExpr) {
        CXCursor d = pc->cx->clang_getCursorReferenced(c);
        int p = fe_kind(pc, d) == CXCursor_ParmDecl ? fe_param_index(kc, d) : -1;
        unsigned line, col;
        fe_cursor_pos(pc, c, &line, &col);
        if (p >= 0 && kc->k->params[p].kind == ADV_P_STRUCT_PTR && !kc->k->params[p].other_use_line)
            kc->k->params[p].other_use_line = line;
        if (p >= 0 && !kc->k->params[p].bare_line && offset_pointer(kc) &&
            (kc->k->params[p].kind == ADV_P_STRUCT_PTR || kc->k->params[p].kind == ADV_P_SCALAR_PTR))
            kc->k->params[p].bare_line = line;
    }
    if (k == CXCursor_CallExpr) /* a __device__ function's body, in check (reach.c) */
        fe_follow_call(kc, c, walk_body);
    if (cv.n && deeper_ok(kc, c, c)) {
        kc->stack[kc->depth++] = c;
        for (unsigned i = 0; i < cv.n; i++)
            walk_body(kc, cv.v[i]);
        kc->depth--;
    }
    if (k == CXCursor_UnaryExpr)
        kc->unevaluated--;
    free(cv.v);
}

/* ---- kernels ---------------------------------------------------------- */

static enum CXVisitorResult any_field(CXCursor c, CXClientData data)
{
    (void)c;
    *(int *)data = 1;
    return CXVisit_Break;
}

/* Whether a record has a field of its own: a struct of one byte that has
 * none is a stateless function object.  (clang_Type_visitFields's result
 * cannot tell: libclang 14 returns 1 for a record without fields too.) */
static int has_field(const adv_clang *cx, CXType record)
{
    int found = 0;
    cx->clang_Type_visitFields(record, any_field, &found);
    return found;
}

/* Parameter i of k has no name: one that is no word of the kernel's text,
 * when the copy can write it after the type (the declaration ends in a
 * type's last token, not in a declarator's ] or )); else it stays unnamed
 * and the kernel's variants say so. */
static void name_unnamed(pctx *pc, const adv_kernel *k, unsigned i)
{
    adv_param *p = &k->params[i];
    const char *text = adv_model_text(pc->m);
    if (p->end <= p->begin || p->end > adv_model_text_len(pc->m) || p->end > k->end)
        return;
    char last = text[p->end - 1];
    if (!(isalnum((unsigned char)last) || last == '_' || last == '>' || last == '*' || last == '&'))
        return;
    char name[ADV_NAME_MAX];
    for (unsigned n = 0; n < 100; n++) {
        snprintf(name, sizeof name, n ? "gm_unnamed%u_%u" : "gm_unnamed%u", i + 1, n);
        size_t len = strlen(name);
        int used = 0;
        for (unsigned at = k->begin; !used && at + len <= k->end; at++)
            used = !strncmp(text + at, name, len);
        for (unsigned j = 0; !used && j < k->nparams; j++)
            used = !strcmp(k->params[j].name, name);
        if (!used) {
            snprintf(p->name, sizeof p->name, "%s", name);
            p->unnamed = 1;
            return;
        }
    }
}

static void read_param(pctx *pc, CXCursor pd, adv_param *p)
{
    const adv_clang *cx = pc->cx;
    CXType t = cx->clang_getCursorType(pd);
    CXType ct = cx->clang_getCanonicalType(t);
    memset(p, 0, sizeof *p);
    p->struct_idx = -1;
    fe_spell(pc, pd, p->name, sizeof p->name);
    adv_cxstr(cx, cx->clang_getTypeSpelling(t), p->type, sizeof p->type);
    if (!fe_decl_extent(pc, pd, &p->begin, &p->end))
        p->begin = p->end = fe_decl_offset(pc, pd);
    /* a parameter written as an array (float a[], P p[8]) is a pointer to
     * its element, as C adjusts it (libclang keeps the written type) */
    int array_form = ct.kind == CXType_IncompleteArray || ct.kind == CXType_ConstantArray ||
                     ct.kind == CXType_VariableArray || ct.kind == CXType_DependentSizedArray;
    if (ct.kind == CXType_Pointer || array_form) {
        CXType pt = array_form ? cx->clang_getArrayElementType(ct) : cx->clang_getPointeeType(ct);
        p->pointee_const = cx->clang_isConstQualifiedType(pt) != 0;
        p->is_restrict = cx->clang_isRestrictQualifiedType(ct) != 0;
        long long es = cx->clang_Type_getSizeOf(pt);
        p->elem_size = es > 0 ? (unsigned)es : 0;
        p->struct_idx = fe_struct_by_decl(pc, pt);
        p->scalar = fe_scalar_of(pc, pt);
        fe_vector_of(pc, pt, &p->vec_lanes, &p->vec_lane);
        CXType cpt = cx->clang_getCanonicalType(pt);
        if (p->struct_idx >= 0)
            p->kind = ADV_P_STRUCT_PTR;
        else if (cpt.kind == CXType_Record && fe_cursor_in_main(pc, cx->clang_getTypeDeclaration(cpt))) {
            p->kind = ADV_P_OTHER; /* the file's own type, not modelled (a class template's instance) */
            p->pointee_off = fe_decl_offset(pc, cx->clang_getTypeDeclaration(cpt));
        }
        else
            p->kind = es > 0 ? ADV_P_SCALAR_PTR : ADV_P_OTHER;
        return;
    }
    p->scalar = fe_scalar_of(pc, ct);
    p->elem_size = (unsigned)cx->clang_Type_getSizeOf(ct);
    if (p->scalar == ADV_S_F32 || p->scalar == ADV_S_F64)
        p->kind = ADV_P_FLOAT;
    else if (p->scalar != ADV_S_NONE && p->scalar != ADV_S_PTR && p->scalar != ADV_S_F16)
        p->kind = ADV_P_INT;
    else if (ct.kind == CXType_Record && p->elem_size == 1 && !has_field(cx, ct))
        p->kind = ADV_P_EMPTY;
    else
        p->kind = ADV_P_OTHER;
    if (p->kind == ADV_P_OTHER && ct.kind == CXType_Record)
        fe_value_members(pc, ct, p);
    if (p->kind == ADV_P_INT && ct.kind == CXType_Enum) {
        p->is_enum = 1;
        p->enum_first = fe_enum_first(pc, cx->clang_getTypeDeclaration(ct));
    }
}

/* Why the type declared at `off` is not laid out: the reason it could not
 * be modelled, else what such a type usually is. */
static const char *unmodelled_why(const pctx *pc, unsigned off)
{
    for (unsigned f = 0; off && f < pc->nfails; f++)
        if (pc->fails[f].begin <= off && off <= pc->fails[f].end) {
            return gm_status_text(&pc->fails[f].st);
        }
    return "a class template's instance, or a struct it cannot model";
}

int fe_add_kernel(pctx *pc, CXCursor fn)
{
    const adv_clang *cx = pc->cx;
    adv_kernel k;
    memset(&k, 0, sizeof k);
    fe_spell(pc, fn, k.name, sizeof k.name);
    if (!fe_name_ok(pc, fn, "kernel"))
        return pc->st->code;
    snprintf(k.label, sizeof k.label, "%s%s", pc->ns, k.name);
    for (unsigned i = 0; i < pc->ninst; i++)
        if (!strcmp(pc->inst_name[i], k.name))
            snprintf(k.label, sizeof k.label, "%s%s", pc->ns, pc->inst_label[i]);
    k.ns_depth = fe_namespaces(pc, fn, 1, k.ns_open, sizeof k.ns_open);
    fe_cursor_pos(pc, fn, &k.line, &k.col);
    char where[1024]; /* a kernel of a spliced #include names its own file (parse.c) */
    CXString pf;
    unsigned pl, pcol;
    cx->clang_getPresumedLocation(cx->clang_getCursorLocation(fn), &pf, &pl, &pcol);
    adv_cxstr(cx, pf, where, sizeof where);
    if (where[0] && strcmp(where, pc->file))
        k.file = adv_model_intern_file(pc->m, where);
    if (!fe_loc_at(pc, cx->clang_getCursorLocation(fn), 1, &k.name_off, NULL, NULL) ||
        !fe_decl_extent(pc, fn, &k.begin, &k.end))
    {
        sb_printf(adv_model_notes_buf(pc->m), "%s:%u:%u: kernel %s skipped: it is written through a macro, which a "
                                              "variant cannot rewrite\n", pc->file, k.line, k.col, k.name);
        return GM_OK;
    }
    int n = cx->clang_Cursor_getNumArguments(fn);
    k.nparams = n > 0 ? (unsigned)n : 0;
    k.params = gm_xcalloc(k.nparams, sizeof *k.params);
    for (unsigned i = 0; i < k.nparams; i++) {
        read_param(pc, cx->clang_Cursor_getArgument(fn, i), &k.params[i]);
        if (!k.params[i].name[0])
            name_unnamed(pc, &k, i);
        if (!fe_name_ok(pc, cx->clang_Cursor_getArgument(fn, i), "parameter")) {
            for (unsigned j = 0; j <= i; j++)
                free(k.params[j].members);
            free(k.params);
            return pc->st->code;
        }
        if (k.params[i].kind == ADV_P_OTHER && strchr(k.params[i].type, '*'))
            sb_printf(adv_model_notes_buf(pc->m), "%s:%u:%u: kernel %s: parameter %s points to %.*s, which gmadvise does "
                                                  "not lay out (%s): its accesses are not modelled\n",
                      pc->file, k.line, k.col, k.label, k.params[i].name,
                      (int)strcspn(k.params[i].type, " *"), k.params[i].type,
                      unmodelled_why(pc, k.params[i].pointee_off));
    }
    k.synthesized = k.begin >= adv_model_orig_len(pc->m);
    /* a kernel gmadvise wrote has no line in the user's file: it stands at
     * the struct it touches */
    for (unsigned i = 0; k.synthesized && i < k.nparams; i++)
        if (k.params[i].kind == ADV_P_STRUCT_PTR) {
            k.line = adv_model_struct(pc->m, (unsigned)k.params[i].struct_idx)->line;
            k.col = adv_model_struct(pc->m, (unsigned)k.params[i].struct_idx)->col;
            break;
        }

    cvec cv = fe_kids(pc, fn);
    CXCursor body = cv.n ? cv.v[cv.n - 1] : cx->clang_getNullCursor();
    free(cv.v);
    if (fe_kind(pc, body) != CXCursor_CompoundStmt)
        return fe_fail_at(pc, fn, "kernel '%s' has no body", k.name);
    unsigned be;
    if (fe_extent_in_main(pc, body, &k.body_begin, &be)) {
        /* before any walk of the body: a larger one is generated code whose
         * walks cost seconds and hundreds of MB past what is modelled */
        unsigned ntok = fe_token_at(pc, be) - fe_token_at(pc, k.body_begin);
        if (ntok > GM_MAX_KERNEL_TOKENS) {
            sb_printf(adv_model_notes_buf(pc->m), "%s:%u:%u: kernel %s skipped: its body is %u tokens, more than gmadvise "
                                                  "reads in one kernel (" GM_STR(GM_MAX_KERNEL_TOKENS) ")\n",
                      adv_kernel_file(pc->m, &k), k.line, k.col, k.label, ntok);
            pc->too_large++;
            adv_kernel_free(&k);
            return GM_OK;
        }
    }

    kctx kc;
    memset(&kc, 0, sizeof kc);
    kc.pc = pc;
    kc.k = &k;
    kc.fn = fn;
    kc.read_param = read_param;
    fe_collect_defs(&kc, body);
    walk_body(&kc, body);
    fe_kernel_facts(pc, fn, body, &k);
    for (unsigned i = 0; i < kc.ndefs; i++)
        adv_expr_free(kc.defs[i].pre);
    free(kc.defs);
    free(kc.binds);
    for (unsigned i = 0; i < kc.naliases; i++) {
        adv_expr_free(kc.aliases[i].proto.expr);
        adv_expr_free(kc.aliases[i].proto.expr_max);
    }
    free(kc.aliases);
    if (kc.too_deep)
        sb_printf(adv_model_notes_buf(pc->m), "%s:%u:%u: kernel %s: an expression at line %u is nested deeper than gmadvise "
                                              "follows (" GM_STR(GM_MAX_AST_DEPTH) " levels): the accesses inside it are not "
                                              "modelled\n", adv_kernel_file(pc->m, &k), k.line, k.col, k.label, kc.too_deep);
    if (k.follows[0])
        sb_printf(adv_model_notes_buf(pc->m), "%s:%u:%u: kernel %s follows pointer field %s: modelled, but not measured "
                                              "(gmadvise's random elements cannot hold a pointer)\n",
                  adv_kernel_file(pc->m, &k), k.line, k.col, k.label, k.follows);
    if (k.multi_dim)
        sb_printf(adv_model_notes_buf(pc->m), "%s:%u:%u: kernel %s indexes with a y or z thread or block index: modelled "
                                              "with blockDim.x a multiple of 32 (y and z the same across a warp), and "
                                              "launched in one row of blocks (blockIdx.y = z = 0) of 256 threads unless its "
                                              "launch in the file says otherwise\n",
                  adv_kernel_file(pc->m, &k), k.line, k.col, k.label);
    if (k.naccesses > GM_MAX_ACCESSES) { /* costs the kernel, not the file (time and memory) */
        sb_printf(adv_model_notes_buf(pc->m), "%s:%u:%u: kernel %s skipped: more than " GM_STR(GM_MAX_ACCESSES) " accesses, "
                                              "the most gmadvise models in one kernel\n",
                  adv_kernel_file(pc->m, &k), k.line, k.col, k.label);
        pc->too_large++;
        adv_kernel_free(&k);
        return GM_OK;
    }
    for (unsigned a = 0; k.synthesized && a < k.naccesses; a++) {
        k.acc[a].line = k.line;
        k.acc[a].col = k.col;
    }
    adv_model_add_kernel(pc->m, &k);
    fe_cvec_push(&pc->kern_cur, fn);
    return GM_OK;
}

/* ---- launches ----------------------------------------------------------- */

/* The constant sizes of a dim3 expression (dim3(32, 8), 256, or a dim3
 * variable so initialised) into b; 0 when they are not constants. */
static int dim3_of(pctx *pc, CXCursor e, unsigned b[3], int depth)
{
    const adv_clang *cx = pc->cx;
    e = fe_strip(pc, e);
    CXEvalResult r = depth < 8 ? cx->clang_Cursor_Evaluate(e) : NULL; /* a dim3 variable built from int variables: 5 deep */
    if (r) {
        int ok = cx->clang_EvalResult_getKind(r) == CXEval_Int;
        long long v = ok ? cx->clang_EvalResult_getAsLongLong(r) : 0;
        cx->clang_EvalResult_dispose(r);
        if (ok) {
            b[0] = v > 0 && v <= 1024 ? (unsigned)v : 0, b[1] = b[2] = 1;
            return b[0] != 0;
        }
    }
    cvec kids = fe_kids(pc, e);
    unsigned n = 0; /* dim3(32, 8) names its type first */
    for (unsigned i = 0; i < kids.n; i++)
        if (fe_kind(pc, kids.v[i]) != CXCursor_TypeRef)
            kids.v[n++] = kids.v[i];
    kids.n = n;
    int ok = 0;
    if (fe_kind(pc, e) == CXCursor_DeclRefExpr) {
        CXCursor d = cx->clang_getCursorReferenced(e);
        cvec init = fe_kids(pc, d);
        ok = fe_kind(pc, d) == CXCursor_VarDecl && init.n && dim3_of(pc, init.v[init.n - 1], b, depth + 1);
        free(init.v);
    } else if ((fe_kind(pc, e) == CXCursor_CallExpr || fe_kind(pc, e) == CXCursor_CXXFunctionalCastExpr) &&
               kids.n >= 1 && kids.n <= 3) {
        if (kids.n == 1) { /* a copy of another dim3, or an int */
            ok = dim3_of(pc, kids.v[0], b, depth + 1);
        } else {
            b[0] = b[1] = b[2] = 1;
            ok = 1;
            for (unsigned i = 0; i < kids.n && ok; i++) {
                unsigned one[3];
                ok = dim3_of(pc, kids.v[i], one, depth + 1) && one[1] == 1;
                b[i] = one[0];
            }
        }
    }
    free(kids.v);
    return ok && b[0] * b[1] * b[2] <= 1024;
}

/* 1 when c (below `parent`) writes or takes the address of the variable
 * at offset var: an assignment's left side, ++, --, or &. */
static int modifies(pctx *pc, CXCursor c, CXCursor parent, unsigned var, int depth)
{
    const adv_clang *cx = pc->cx;
    if (fe_kind(pc, c) == CXCursor_DeclRefExpr &&
        fe_decl_offset(pc, cx->clang_getCursorReferenced(c)) == var && !cx->clang_Cursor_isNull(parent)) {
        if (fe_kind(pc, parent) == CXCursor_UnaryOperator) /* ++, --, & (a postfix one starts with the name) */
            return !(fe_unary_is(pc, parent, "-") || fe_unary_is(pc, parent, "!") || fe_unary_is(pc, parent, "~") ||
                     fe_unary_is(pc, parent, "+") || fe_unary_is(pc, parent, "*"));
        if (fe_kind(pc, parent) == CXCursor_CompoundAssignOperator)
            return 1;
        if (fe_kind(pc, parent) == CXCursor_BinaryOperator) {
            cvec k = fe_kids(pc, parent);
            int lhs = k.n == 2 && cx->clang_equalCursors(fe_strip(pc, k.v[0]), c) && !strcmp(fe_binop(pc, k.v[0]), "=");
            free(k.v);
            return lhs;
        }
        return 0;
    }
    cvec kids = fe_kids(pc, c);
    int found = 0;
    for (unsigned i = 0; i < kids.n && !found && depth < 200; i++)
        found = modifies(pc, kids.v[i], fe_kind(pc, c) == CXCursor_UnexposedExpr ? parent : c, var, depth + 1);
    free(kids.v);
    return found;
}

/* The value of an integer argument: a constant expression, or a local
 * of the launching function set once to one (`int dim = 24;` and never
 * assigned, incremented or passed by address). */
static int argument_value(pctx *pc, CXCursor arg, long long *v)
{
    const adv_clang *cx = pc->cx;
    arg = fe_strip(pc, arg);
    CXEvalResult r = cx->clang_Cursor_Evaluate(arg);
    int ok = r && cx->clang_EvalResult_getKind(r) == CXEval_Int;
    *v = ok ? cx->clang_EvalResult_getAsLongLong(r) : 0;
    if (r)
        cx->clang_EvalResult_dispose(r);
    if (ok || fe_kind(pc, arg) != CXCursor_DeclRefExpr)
        return ok;
    CXCursor var = cx->clang_getCursorReferenced(arg);
    CXCursor fn = cx->clang_getCursorSemanticParent(var);
    if (fe_kind(pc, var) != CXCursor_VarDecl || cx->clang_Cursor_getStorageClass(var) == CX_SC_Static ||
        (fe_kind(pc, fn) != CXCursor_FunctionDecl && fe_kind(pc, fn) != CXCursor_CXXMethod))
        return 0;
    cvec kids = fe_kids(pc, var);
    CXCursor init = kids.n ? kids.v[kids.n - 1] : cx->clang_getNullCursor();
    free(kids.v);
    if (cx->clang_Cursor_isNull(init) || !(r = cx->clang_Cursor_Evaluate(fe_strip(pc, init))))
        return 0;
    ok = cx->clang_EvalResult_getKind(r) == CXEval_Int;
    *v = ok ? cx->clang_EvalResult_getAsLongLong(r) : 0;
    cx->clang_EvalResult_dispose(r);
    return ok && !modifies(pc, fn, cx->clang_getNullCursor(), fe_decl_offset(pc, var), 0);
}

/* The integer arguments of one launch of kn (kids: the call's children,
 * the callee and the configuration first): a parameter every launch
 * passes the same constant (a stride of 1) takes that value in the model. */
static void launch_args(pctx *pc, adv_kernel *kn, CXCursor call, const cvec *kids)
{
    unsigned nargs = kn->nparams - kn->nviews; /* views are no arguments */
    if (kids->n != nargs + 2)
        return; /* default arguments or a pack: not matched one to one */
    unsigned line;
    fe_cursor_pos(pc, call, &line, NULL);
    for (unsigned p = 0; p < nargs; p++) {
        adv_param *par = &kn->params[p];
        if (par->kind != ADV_P_INT || par->site_varies)
            continue;
        long long v;
        int ok = argument_value(pc, kids->v[p + 2], &v);
        if (!ok || (par->sites && v != par->site_value)) {
            par->site_varies = 1;
            continue;
        }
        if (!par->sites++)
            par->site_line = line;
        par->site_value = v;
    }
}

static void find_launches(pctx *pc, CXCursor c, int depth)
{
    const adv_clang *cx = pc->cx;
    cvec kids = fe_kids(pc, c);
    char name[ADV_NAME_MAX];
    if (fe_kind(pc, c) == CXCursor_CallExpr && kids.n >= 2 && fe_kind(pc, kids.v[1]) == CXCursor_CallExpr &&
        !strcmp(fe_spell(pc, kids.v[1], name, sizeof name), "__cudaPushCallConfiguration")) {
        cvec cfg = fe_kids(pc, kids.v[1]);
        CXCursor callee = cx->clang_getCursorReferenced(c);
        for (unsigned k = 0; k < pc->kern_cur.n && cfg.n >= 3; k++) {
            adv_kernel *kn = adv_model_kernel_mut(pc->m, k);
            unsigned b[3];
            if (!cx->clang_equalCursors(callee, pc->kern_cur.v[k]))
                continue;
            launch_args(pc, kn, c, &kids);
            if (kn->block[0] || !dim3_of(pc, cfg.v[2], b, 0))
                continue;
            memcpy(kn->block, b, sizeof b);
            fe_cursor_pos(pc, c, &kn->block_line, NULL);
        }
        free(cfg.v);
    }
    for (unsigned i = 0; i < kids.n && depth < 200; i++)
        find_launches(pc, kids.v[i], depth + 1);
    free(kids.v);
}

/* The index of a thread of a block (bx, by, bz) whose x extent is not a
 * multiple of a warp: threadIdx.y (and z) then vary within a warp, and the
 * model, which numbers a warp's threads in x, sees them so: threadIdx.x
 * becomes t % bx, threadIdx.y (t / bx) % by, threadIdx.z t / (bx * by),
 * and blockDim its constants, for t the thread's place in its block. */
static adv_expr *mod_by(adv_expr *a, long long v, adv_xkind k, const char *why)
{
    adv_expr *e = adv_expr_new(k, a, adv_expr_const(v));
    snprintf(e->why, sizeof e->why, "%s", why);
    return e;
}

static adv_expr *reshape(adv_expr *e, const unsigned b[3])
{
    if (!e)
        return NULL;
    char why[64];
    snprintf(why, sizeof why, "a thread's place in a block (%u, %u, %u)", b[0], b[1], b[2]);
    if (e->kind == ADV_X_TID) {
        return mod_by(e, b[0], ADV_X_MOD, why);
    } else if (e->kind == ADV_X_BDIM) {
        adv_expr_free(e);
        return adv_expr_const(b[0]);
    } else if (e->kind == ADV_X_UNIFORM) {
        adv_expr *r = NULL;
        if (!strcmp(e->why, "threadIdx.y"))
            r = mod_by(mod_by(adv_expr_new(ADV_X_TID, NULL, NULL), b[0], ADV_X_DIV, why), b[1], ADV_X_MOD, why);
        else if (!strcmp(e->why, "threadIdx.z"))
            r = mod_by(adv_expr_new(ADV_X_TID, NULL, NULL), (long long)b[0] * b[1], ADV_X_DIV, why);
        else if (!strcmp(e->why, "blockDim.y"))
            r = adv_expr_const(b[1]);
        else if (!strcmp(e->why, "blockDim.z"))
            r = adv_expr_const(b[2]);
        if (r) {
            adv_expr_free(e);
            return r;
        }
        return e;
    }
    e->a = reshape(e->a, b);
    e->b = reshape(e->b, b);
    e->c = reshape(e->c, b);
    return e;
}

static void reshape_kernel(adv_kernel *kn)
{
    for (unsigned a = 0; a < kn->naccesses; a++) {
        kn->acc[a].expr = reshape(kn->acc[a].expr, kn->block);
        kn->acc[a].expr_max = reshape(kn->acc[a].expr_max, kn->block);
    }
    for (unsigned a = 0; a < kn->nrw; a++) {
        kn->rw[a].expr = reshape(kn->rw[a].expr, kn->block);
        kn->rw[a].expr_max = reshape(kn->rw[a].expr_max, kn->block);
    }
}

void fe_read_launches(pctx *pc)
{
    cvec top = fe_top(pc);
    for (unsigned i = 0; i < top.n; i++)
        if (fe_cursor_in_main(pc, top.v[i]) && (fe_kind(pc, top.v[i]) == CXCursor_FunctionDecl ||
                                                fe_kind(pc, top.v[i]) == CXCursor_Namespace ||
                                                fe_kind(pc, top.v[i]) == CXCursor_ClassDecl ||
                                                fe_kind(pc, top.v[i]) == CXCursor_CXXMethod))
            find_launches(pc, top.v[i], 0);
    free(top.v);
    for (unsigned k = 0; k < adv_model_nkernels(pc->m); k++) {
        adv_kernel *kn = adv_model_kernel_mut(pc->m, k);
        for (unsigned p = 0; p < kn->nparams; p++)
            if (kn->params[p].sites && !kn->params[p].site_varies && !adv_param_count_like(kn->params[p].name))
                sb_printf(adv_model_notes_buf(pc->m), "%s:%u:%u: kernel %s: every launch in the file passes %s = %lld (%u, "
                                                      "the first at line %u): the model takes that value\n",
                          adv_kernel_file(pc->m, kn), kn->line, kn->col, kn->label, kn->params[p].name,
                          kn->params[p].site_value, kn->params[p].sites, kn->params[p].site_line);
        if (kn->multi_dim && kn->block[0] && kn->block[0] % 32 && kn->block[0] * kn->block[1] * kn->block[2] % 32 == 0) {
            reshape_kernel(kn);
            sb_printf(adv_model_notes_buf(pc->m), "%s:%u:%u: kernel %s is launched with blockDim (%u, %u, %u) at line %u: a warp's "
                                                  "threads differ in y, and the model numbers them so\n",
                      adv_kernel_file(pc->m, kn), kn->line, kn->col, kn->label, kn->block[0], kn->block[1],
                      kn->block[2], kn->block_line);
        } else if (kn->multi_dim && kn->block[0])
            sb_printf(adv_model_notes_buf(pc->m), "%s:%u:%u: kernel %s is launched with the block (%u, %u, %u) of its launch at "
                                                  "line %u, in one row of blocks (blockIdx.y = z = 0)\n",
                      adv_kernel_file(pc->m, kn), kn->line, kn->col, kn->label, kn->block[0], kn->block[1],
                      kn->block[2], kn->block_line);
    }
    fe_uniform_gathers(pc); /* in check, once each warp's threads are numbered as launched (reach.c) */
}
