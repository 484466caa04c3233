#include "frontend.h"

#include <limits.h>

/* How far a model that is only costed (check: adv_parse_opts.cost_only)
 * reaches beyond the kernel's own subscripts of its pointer parameters.
 * A model that variants rewrite or launches run keeps to what it can
 * rewrite and launch: what is modelled here has no text a variant could
 * change, and views are no arguments of the launch. */

static int reaching(const kctx *kc)
{
    return kc->pc->opts && kc->pc->opts->cost_only;
}

static adv_expr *atom(adv_xkind k);

/* ---- members of by-value struct parameters ---------------------------- */

/* The kernel parameter `mem`'s object names, when mem is `p.m` with p a
 * parameter (of the kernel, or bound to one) passed by value; -1 if not. */
static int by_value_base(kctx *kc, CXCursor mem, char *member, size_t n)
{
    pctx *pc = kc->pc;
    const adv_clang *cx = pc->cx;
    mem = fe_strip(pc, mem);
    if (fe_kind(pc, mem) != CXCursor_MemberRefExpr)
        return -1;
    cvec cv = fe_kids(pc, mem);
    CXCursor base = cv.n == 1 ? fe_strip(pc, cv.v[0]) : cx->clang_getNullCursor();
    unsigned nk = cv.n;
    free(cv.v);
    if (nk != 1 || fe_kind(pc, base) != CXCursor_DeclRefExpr)
        return -1;
    CXCursor d = cx->clang_getCursorReferenced(base);
    if (fe_kind(pc, d) != CXCursor_ParmDecl)
        return -1;
    int p = fe_param_index(kc, d);
    if (p < 0 || (unsigned)p >= kc->k->nparams - kc->k->nviews)
        return -1;
    /* p.m, not p->m: the object itself is a record (or a reference to one,
     * in a function the kernel passes it to) */
    CXType t = cx->clang_getCanonicalType(cx->clang_getCursorType(d));
    if (t.kind == CXType_LValueReference)
        t = cx->clang_getCanonicalType(cx->clang_getPointeeType(t));
    if (t.kind != CXType_Record)
        return -1;
    fe_spell(pc, mem, member, n);
    return member[0] ? p : -1;
}

/* The view named `name` of the value `c` (its type the view's), found or
 * added; -1 when the model cannot hold such a value. */
static int view_of(kctx *kc, CXCursor c, const char *name)
{
    adv_kernel *k = kc->k;
    for (unsigned i = k->nparams - k->nviews; i < k->nparams; i++)
        if (!strcmp(k->params[i].name, name))
            return (int)i;
    adv_param v;
    kc->read_param(kc->pc, fe_strip(kc->pc, c), &v);
    if (v.kind != ADV_P_SCALAR_PTR && v.kind != ADV_P_STRUCT_PTR && v.kind != ADV_P_INT)
        return -1;
    snprintf(v.name, sizeof v.name, "%s", name);
    v.begin = v.end = UINT_MAX; /* no declaration of the kernel's: fe_param_index never finds it */
    v.pointee_off = 0;
    k->params = gm_xrealloc(k->params, (k->nparams + 1) * sizeof *k->params);
    k->params[k->nparams] = v;
    k->nviews++;
    return (int)k->nparams++;
}

int fe_view_param(kctx *kc, CXCursor mem)
{
    if (!reaching(kc))
        return -1;
    char member[ADV_NAME_MAX], name[ADV_NAME_MAX];
    int p = by_value_base(kc, mem, member, sizeof member);
    if (p < 0)
        return -1;
    snprintf(name, sizeof name, "%s.%s", kc->k->params[p].name, member);
    return view_of(kc, mem, name);
}

adv_expr *fe_view_elem(kctx *kc, CXCursor sub)
{
    pctx *pc = kc->pc;
    const adv_clang *cx = pc->cx;
    if (!reaching(kc) || fe_kind(pc, sub) != CXCursor_ArraySubscriptExpr)
        return NULL;
    cvec cv = fe_kids(pc, sub);
    CXCursor mem = cv.n == 2 ? fe_strip(pc, cv.v[0]) : cx->clang_getNullCursor();
    CXEvalResult r = cv.n == 2 ? cx->clang_Cursor_Evaluate(cv.v[1]) : NULL;
    free(cv.v);
    long long at = -1;
    if (r && cx->clang_EvalResult_getKind(r) == CXEval_Int)
        at = cx->clang_EvalResult_getAsLongLong(r);
    if (r)
        cx->clang_EvalResult_dispose(r);
    char member[ADV_NAME_MAX], name[ADV_NAME_MAX];
    int p = at >= 0 ? by_value_base(kc, mem, member, sizeof member) : -1;
    if (p < 0 || cx->clang_getCanonicalType(cx->clang_getCursorType(mem)).kind != CXType_ConstantArray)
        return NULL;
    /* out.dims[1] of a by-value out: an argument, the same for every thread */
    snprintf(name, sizeof name, "%s.%s[%lld]", kc->k->params[p].name, member, at);
    int v = view_of(kc, sub, name);
    if (v < 0 || kc->k->params[v].kind != ADV_P_INT)
        return NULL;
    adv_expr *e = atom(ADV_X_PARAM);
    e->param = v;
    return e;
}

/* ---- cooperative groups ------------------------------------------------ */

typedef enum { G_NONE, G_BLOCK, G_GRID, G_TILE } group_kind;

/* What group an object of cooperative_groups is (a tile's size in *tile). */
static group_kind group_of(kctx *kc, CXCursor obj, long long *tile)
{
    pctx *pc = kc->pc;
    const adv_clang *cx = pc->cx;
    CXType t = cx->clang_getCanonicalType(cx->clang_getCursorType(obj));
    if (t.kind == CXType_LValueReference)
        t = cx->clang_getCanonicalType(cx->clang_getPointeeType(t));
    char s[ADV_TYPE_MAX];
    adv_cxstr(cx, cx->clang_getTypeSpelling(t), s, sizeof s);
    if (!strstr(s, "cooperative_groups::"))
        return G_NONE;
    const char *tl = strstr(s, "thread_block_tile<");
    if (tl) {
        *tile = strtoll(tl + 18, NULL, 10);
        return *tile > 0 ? G_TILE : G_NONE;
    }
    if (strstr(s, "grid_group"))
        return G_GRID;
    if (strstr(s, "thread_block"))
        return G_BLOCK;
    return G_NONE;
}

static adv_expr *op(adv_xkind k, adv_expr *a, adv_expr *b, const char *why)
{
    adv_expr *e = adv_expr_new(k, a, b);
    snprintf(e->why, sizeof e->why, "%s", why);
    return e;
}

static adv_expr *atom(adv_xkind k)
{
    return adv_expr_new(k, NULL, NULL);
}

/* The method `call` calls and the object it is called on. */
static int method_call(kctx *kc, CXCursor call, char *name, size_t n, CXCursor *obj)
{
    pctx *pc = kc->pc;
    if (fe_kind(pc, call) != CXCursor_CallExpr)
        return 0;
    cvec cv = fe_kids(pc, call);
    CXCursor mem = cv.n >= 1 ? fe_strip(pc, cv.v[0]) : pc->cx->clang_getNullCursor();
    free(cv.v);
    if (fe_kind(pc, mem) != CXCursor_MemberRefExpr)
        return 0;
    cvec mk = fe_kids(pc, mem);
    int ok = mk.n == 1;
    if (ok)
        *obj = fe_strip(pc, mk.v[0]);
    free(mk.v);
    fe_spell(pc, mem, name, n);
    return ok;
}

adv_expr *fe_group_expr(kctx *kc, CXCursor call)
{
    char name[64];
    CXCursor obj;
    long long n = 0;
    if (!reaching(kc) || !method_call(kc, call, name, sizeof name, &obj))
        return NULL;
    group_kind g = group_of(kc, obj, &n);
    if (g == G_NONE)
        return NULL;
    /* a block's or a grid's linear rank is x-major: with blockDim.x a
     * multiple of 32 (the model's assumption for y and z), a warp's ranks
     * are its threadIdx.x's, offset alike */
    if (!strcmp(name, "thread_rank")) {
        if (g == G_BLOCK)
            return atom(ADV_X_TID);
        if (g == G_GRID)
            return op(ADV_X_ADD, op(ADV_X_MUL, atom(ADV_X_BID), atom(ADV_X_BDIM), "operator '*' in the index"),
                      atom(ADV_X_TID), "operator '+' in the index");
        /* a tile of a multiple of 32 threads: within a warp, its rank is
         * threadIdx.x less a warp-uniform offset (the same stride) */
        if (n % 32 == 0)
            return atom(ADV_X_TID);
        return op(ADV_X_MOD, atom(ADV_X_TID), adv_expr_const(n), "operator '%' in the index");
    }
    /* which tile of the block: the same across a warp when tiles are whole
     * warps (as threadIdx.y is), evaluated for the model's first warp and
     * launch (GM_LAUNCH_BLOCK threads) */
    if (g == G_TILE && n % 32 == 0 && (!strcmp(name, "meta_group_rank") || !strcmp(name, "meta_group_size"))) {
        adv_expr *e = atom(ADV_X_UNIFORM);
        e->value = name[11] == 'r' ? 0 : GM_LAUNCH_BLOCK / n > 0 ? GM_LAUNCH_BLOCK / n : 1;
        snprintf(e->why, sizeof e->why, "a tile's %s()", name);
        return e;
    }
    if (g == G_TILE && !strcmp(name, "meta_group_rank"))
        return op(ADV_X_DIV, atom(ADV_X_TID), adv_expr_const(n), "operator '/' in the index");
    if (g == G_TILE && !strcmp(name, "meta_group_size"))
        return op(ADV_X_DIV, atom(ADV_X_BDIM), adv_expr_const(n), "operator '/' in the index");
    if (!strcmp(name, "size") || !strcmp(name, "num_threads")) {
        if (g == G_TILE)
            return adv_expr_const(n);
        if (g == G_BLOCK)
            return atom(ADV_X_BDIM);
        return op(ADV_X_MUL, atom(ADV_X_BDIM), atom(ADV_X_GDIM), "operator '*' in the index");
    }
    return NULL;
}

adv_expr *fe_view_expr(kctx *kc, CXCursor mem)
{
    pctx *pc = kc->pc;
    if (!reaching(kc))
        return NULL;
    int p = fe_view_param(kc, mem);
    if (p >= 0 && kc->k->params[p].kind == ADV_P_INT) {
        adv_expr *e = atom(ADV_X_PARAM);
        e->param = p;
        return e;
    }
    /* block.group_index().x, block.thread_index().x: blockIdx and threadIdx */
    cvec cv = fe_kids(pc, mem);
    CXCursor call = cv.n == 1 ? fe_strip(pc, cv.v[0]) : pc->cx->clang_getNullCursor();
    free(cv.v);
    char name[64], field[8];
    CXCursor obj;
    long long n = 0;
    if (!method_call(kc, call, name, sizeof name, &obj) || group_of(kc, obj, &n) != G_BLOCK)
        return NULL;
    int gi = !strcmp(name, "group_index"), ti = !strcmp(name, "thread_index");
    if (!gi && !ti)
        return NULL;
    fe_spell(pc, mem, field, sizeof field);
    if (!strcmp(field, "x"))
        return atom(gi ? ADV_X_BID : ADV_X_TID);
    adv_expr *e = atom(ADV_X_UNIFORM);
    snprintf(e->why, sizeof e->why, "%s.%s", gi ? "blockIdx" : "threadIdx", field);
    kc->k->multi_dim = 1;
    return e;
}

/* ---- an element read from memory that a whole warp shares -------------- */

/* Whether e may differ between the threads of a warp: it names
 * threadIdx.x (after fe_read_launches' reshape, threadIdx.y too where a
 * launch makes it vary within a warp) or something the model cannot read. */
static int warp_varies(const adv_expr *e)
{
    if (!e)
        return 0;
    if (e->kind == ADV_X_TID || e->kind == ADV_X_OPAQUE)
        return 1;
    return warp_varies(e->a) || warp_varies(e->b) || warp_varies(e->c);
}

/* rows[row] * width + 4 * threadIdx.x with row the same across the warp:
 * the element read is one value for the warp, which moves the warp's window
 * and not its shape, as blockIdx does; the model takes it as 0 (aligned),
 * and the rest of the index decides the coalescing */
static adv_expr *settle_uniform(adv_expr *e)
{
    if (!e)
        return NULL;
    if (e->kind == ADV_X_OPAQUE && strstr(e->why, "indirect") && e->a && !warp_varies(e->a)) {
        adv_expr *u = atom(ADV_X_UNIFORM);
        u->value = 0;
        snprintf(u->why, sizeof u->why, "an element read from memory at an index the warp shares");
        adv_expr_free(e);
        return u;
    }
    e->a = settle_uniform(e->a);
    e->b = settle_uniform(e->b);
    e->c = settle_uniform(e->c);
    return e;
}

void fe_uniform_gathers(pctx *pc)
{
    if (!pc->opts || !pc->opts->cost_only)
        return;
    for (unsigned k = 0; k < adv_model_nkernels(pc->m); k++) {
        adv_kernel *kn = adv_model_kernel_mut(pc->m, k);
        for (unsigned a = 0; a < kn->naccesses; a++) {
            kn->acc[a].expr = settle_uniform(kn->acc[a].expr);
            kn->acc[a].expr_max = settle_uniform(kn->acc[a].expr_max);
        }
    }
}

/* ---- parameters, and those of the __device__ functions followed ------- */

const fbind *fe_binding(kctx *kc, CXCursor parm)
{
    for (unsigned i = kc->nbinds; i-- > 0;)
        if (kc->pc->cx->clang_equalCursors(kc->binds[i].parm, parm))
            return &kc->binds[i];
    return NULL;
}

/* The kernel parameter `decl` is, bound to, or -1 (a parameter of a
 * function check follows is bound to the caller's argument). */
int fe_param_index(kctx *kc, CXCursor decl)
{
    const fbind *bound = fe_binding(kc, decl); /* a parameter of a function check follows */
    if (bound)
        return bound->param;
    unsigned off = fe_decl_offset(kc->pc, decl);
    char name[ADV_NAME_MAX];
    fe_spell(kc->pc, decl, name, sizeof name);
    int hit = -1; /* parameters a macro spells share its range: then by name */
    for (unsigned i = 0; i < kc->k->nparams; i++)
        if (kc->k->params[i].begin <= off && off <= kc->k->params[i].end) {
            if (!strcmp(kc->k->params[i].name, name))
                return (int)i;
            if (hit < 0)
                hit = (int)i;
        }
    /* libclang 19 places a macro's parameters in its definition, their uses'
     * declarations where it expands: the kernel's own parameter, by name */
    const adv_clang *cx = kc->pc->cx;
    if (hit < 0 && cx->clang_equalCursors(cx->clang_getCursorSemanticParent(decl), kc->fn))
        for (unsigned i = 0; i < kc->k->nparams && hit < 0; i++)
            if (!strcmp(kc->k->params[i].name, name))
                hit = (int)i;
    return hit;
}

/* ---- declarations a macro's body writes ---------------------------------
 *
 * libclang places every token of a macro's body at the macro's use, so the
 * operators of `for (size_t i = blockIdx.x * blockDim.x + threadIdx.x; ...)`
 * written by CUDA_1D_KERNEL_LOOP(i, n) have no token of their own.  clang
 * prints the declaration with the macro expanded; that text is parsed here
 * into the model's expression (the atoms it knows, anything else opaque). */

typedef struct {
    kctx *kc;
    const char *s;
    size_t i, n;
    int bad;
} mparse;

static void skip_ws(mparse *m)
{
    while (m->i < m->n && isspace((unsigned char)m->s[m->i]))
        m->i++;
}

static int peek(mparse *m, const char *t)
{
    skip_ws(m);
    size_t l = strlen(t);
    return m->i + l <= m->n && !strncmp(m->s + m->i, t, l);
}

static size_t ident_len(const mparse *m, size_t at)
{
    size_t j = at;
    while (j < m->n && (isalnum((unsigned char)m->s[j]) || m->s[j] == '_'))
        j++;
    return j - at;
}

static adv_expr *m_expr(mparse *m, int prec);

static const char *const type_words[] = {"int", "unsigned", "signed", "long", "short", "char", "size_t",
                                          "int64_t", "uint64_t", "int32_t", "uint32_t", "ptrdiff_t",
                                          "const", "index_t", "long long"};

static int is_type_word(const char *w, size_t l)
{
    for (size_t i = 0; i < sizeof type_words / sizeof *type_words; i++)
        if (strlen(type_words[i]) == l && !strncmp(type_words[i], w, l))
            return 1;
    return 0;
}

/* A name: a built-in index (threadIdx.x), a parameter, or opaque. */
static adv_expr *m_name(mparse *m, const char *w, size_t l)
{
    static const struct { const char *name; adv_xkind k; } builtins[] = {
        {"threadIdx", ADV_X_TID}, {"blockIdx", ADV_X_BID}, {"blockDim", ADV_X_BDIM}, {"gridDim", ADV_X_GDIM}};
    char name[ADV_NAME_MAX];
    snprintf(name, sizeof name, "%.*s", (int)(l < sizeof name ? l : sizeof name - 1), w);
    char *dot = strchr(name, '.');
    for (size_t i = 0; dot && i < sizeof builtins / sizeof *builtins; i++)
        if ((size_t)(dot - name) == strlen(builtins[i].name) && !strncmp(name, builtins[i].name, (size_t)(dot - name))) {
            if (!strcmp(dot, ".x"))
                return atom(builtins[i].k);
            adv_expr *e = atom(ADV_X_UNIFORM);
            e->value = builtins[i].k == ADV_X_BDIM || builtins[i].k == ADV_X_GDIM;
            snprintf(e->why, sizeof e->why, "%s", name);
            m->kc->k->multi_dim |= builtins[i].k == ADV_X_TID || builtins[i].k == ADV_X_BID;
            return e;
        }
    for (unsigned p = 0; p < m->kc->k->nparams; p++)
        if (!strcmp(m->kc->k->params[p].name, name) &&
            (m->kc->k->params[p].kind == ADV_P_INT || m->kc->k->params[p].kind == ADV_P_FLOAT)) {
            adv_expr *e = atom(ADV_X_PARAM);
            e->param = (int)p;
            return e;
        }
    if (!strcmp(name, "warpSize"))
        return adv_expr_const(32);
    char why[64];
    snprintf(why, sizeof why, "'%.30s' in a macro's expansion", name);
    return adv_expr_opaque(why);
}

static adv_expr *m_unary(mparse *m)
{
    skip_ws(m);
    if (m->i >= m->n) {
        m->bad = 1;
        return adv_expr_opaque("a macro's expansion ends early");
    }
    char c = m->s[m->i];
    if (c == '-' && !peek(m, "--")) {
        m->i++;
        return op(ADV_X_NEG, m_unary(m), NULL, "operator '-' in the index");
    }
    if (c == '+' && !peek(m, "++")) {
        m->i++;
        return m_unary(m);
    }
    if (c == '(') {
        /* a cast to an integer type, or a parenthesis */
        size_t save = ++m->i, l;
        int cast = 1, words = 0;
        for (;;) {
            skip_ws(m);
            if ((l = ident_len(m, m->i)) > 0 && is_type_word(m->s + m->i, l)) {
                m->i += l, words++;
                continue;
            }
            break;
        }
        cast = words > 0 && peek(m, ")");
        if (cast) {
            m->i++;
            return m_unary(m);
        }
        m->i = save;
        adv_expr *e = m_expr(m, 0);
        if (!peek(m, ")"))
            m->bad = 1;
        else
            m->i++;
        return e;
    }
    if (isdigit((unsigned char)c)) {
        char *end;
        long long v = strtoll(m->s + m->i, &end, 0);
        m->i = (size_t)(end - m->s);
        while (m->i < m->n && strchr("uUlL", m->s[m->i]))
            m->i++;
        return adv_expr_const(v);
    }
    size_t l = ident_len(m, m->i);
    if (!l) {
        m->bad = 1;
        return adv_expr_opaque("a macro's expansion gmadvise cannot read");
    }
    if (l == 11 && !strncmp(m->s + m->i, "static_cast", 11)) {
        m->i += l;
        int depth = 0; /* <type> */
        for (; m->i < m->n; m->i++) {
            depth += m->s[m->i] == '<';
            depth -= m->s[m->i] == '>';
            if (depth == 0 && m->s[m->i] == '>')
                break;
        }
        m->i++;
        return m_unary(m);
    }
    /* a name with its members and scopes: threadIdx.x, p.n, ns::k */
    size_t b = m->i;
    m->i += l;
    while (m->i < m->n && (m->s[m->i] == '.' || (m->s[m->i] == ':' && m->i + 1 < m->n && m->s[m->i + 1] == ':'))) {
        size_t step = m->s[m->i] == '.' ? 1 : 2, k = ident_len(m, m->i + step);
        if (!k)
            break;
        m->i += step + k;
    }
    size_t end = m->i;
    if (peek(m, "(") || peek(m, "[")) { /* a call or a subscript: skipped, opaque */
        int depth = 0;
        for (; m->i < m->n; m->i++) {
            depth += m->s[m->i] == '(' || m->s[m->i] == '[';
            depth -= m->s[m->i] == ')' || m->s[m->i] == ']';
            if (!depth)
                break;
        }
        m->i++;
        return adv_expr_opaque("function call in the index");
    }
    return m_name(m, m->s + b, end - b);
}

static adv_expr *m_expr(mparse *m, int prec)
{
    static const struct { const char *op; int prec; adv_xkind k; } ops[] = {
        {"<<", 5, ADV_X_SHL}, {">>", 5, ADV_X_SHR}, {"*", 7, ADV_X_MUL}, {"/", 7, ADV_X_DIV},
        {"%", 7, ADV_X_MOD},  {"+", 6, ADV_X_ADD},  {"-", 6, ADV_X_SUB}, {"&", 3, ADV_X_AND},
        {"^", 2, ADV_X_XOR},  {"|", 1, ADV_X_OR}};
    adv_expr *lhs = m_unary(m);
    for (;;) {
        skip_ws(m);
        int found = -1;
        for (size_t i = 0; i < sizeof ops / sizeof *ops && found < 0; i++)
            if (peek(m, ops[i].op) && !peek(m, "&&") && !peek(m, "||") &&
                !(strlen(ops[i].op) == 1 && m->i + 1 < m->n && m->s[m->i + 1] == '='))
                found = (int)i;
        if (found < 0 || ops[found].prec <= prec)
            return lhs;
        m->i += strlen(ops[found].op);
        char why[32];
        snprintf(why, sizeof why, "operator '%s' in the index", ops[found].op);
        lhs = op(ops[found].k, lhs, m_expr(m, ops[found].prec), why);
    }
}

/* Whether any binary operator in c has operands whose ranges overlap:
 * the tokens of a macro's body, all placed at its use. */
static int collapsed(pctx *pc, CXCursor c, int depth)
{
    if (depth > 64)
        return 0;
    cvec cv = fe_kids(pc, c);
    int hit = 0;
    unsigned b0, e0, b1, e1;
    if ((fe_kind(pc, c) == CXCursor_BinaryOperator || fe_kind(pc, c) == CXCursor_CompoundAssignOperator) && cv.n == 2)
        hit = !fe_extent_in_main(pc, cv.v[0], &b0, &e0) || !fe_extent_in_main(pc, cv.v[1], &b1, &e1) ||
              e0 > b1;
    for (unsigned i = 0; i < cv.n && !hit; i++)
        hit = collapsed(pc, cv.v[i], depth + 1);
    free(cv.v);
    return hit;
}

adv_expr *fe_macro_init(kctx *kc, CXCursor var, CXCursor init)
{
    pctx *pc = kc->pc;
    const adv_clang *cx = pc->cx;
    if (!reaching(kc) || !collapsed(pc, init, 0))
        return NULL;
    CXPrintingPolicy pol = cx->clang_getCursorPrintingPolicy(var);
    char text[1024];
    adv_cxstr(cx, cx->clang_getCursorPrettyPrinted(var, pol), text, sizeof text);
    cx->clang_PrintingPolicy_dispose(pol);
    /* "size_t i = blockIdx.x * blockDim.x + threadIdx.x": after the first '=' */
    char *eq = strchr(text, '=');
    if (!eq)
        return NULL;
    mparse m = {kc, eq + 1, 0, strlen(eq + 1), 0};
    adv_expr *e = m_expr(&m, 0);
    skip_ws(&m);
    if (m.bad || m.i < m.n) {
        adv_expr_free(e);
        return NULL;
    }
    return e;
}

int fe_macro_extent(kctx *kc, CXCursor c, unsigned *b, unsigned *e)
{
    pctx *pc = kc->pc;
    if (!reaching(kc))
        return 0;
    CXSourceRange r = pc->cx->clang_getCursorExtent(c);
    unsigned x, y;
    if (!fe_loc_at(pc, pc->cx->clang_getRangeStart(r), 0, &x, NULL, NULL) ||
        !fe_loc_at(pc, pc->cx->clang_getRangeEnd(r), 0, &y, NULL, NULL))
        return 0;
    /* `for (index_type i = _i_n_d_e_x; ...)`: its type is an argument, placed
     * where the argument is written, its initializer the body's, placed at
     * the macro's name, before it */
    *b = x < y ? x : y;
    *e = x < y ? y : x;
    return 1;
}
