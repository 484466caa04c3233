#include "parse.h"

#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "clang_api.h"
#include "../core/model_impl.h"

extern const char adv_cuda_prelude[]; /* advisor/cuda_prelude.h, embedded */

#define PRELUDE_PATH "/gmadvise/cuda_prelude.h"
#define MAX_FILE_BYTES (16u << 20)

/* ---- cursor helpers --------------------------------------------------- */

typedef struct {
    CXCursor *v;
    unsigned n, cap;
} cvec;

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

typedef struct {
    const adv_clang *cx;
    CXTranslationUnit tu;
    adv_model *m;
    const char *file;
    CXFile cxfile;
    gm_status *st;
    /* tokens of the main file, for operator spellings */
    unsigned ntok;
    unsigned *tok_off;
    char (*tok_str)[4];
} pctx;

static cvec kids(pctx *pc, CXCursor c)
{
    cvec cv = {NULL, 0, 0};
    pc->cx->clang_visitChildren(c, collect_cb, &cv);
    return cv;
}

static enum CXCursorKind kind(pctx *pc, CXCursor c)
{
    return pc->cx->clang_getCursorKind(c);
}

static const char *spell(pctx *pc, CXCursor c, char *buf, size_t n)
{
    return adv_cxstr(pc->cx, pc->cx->clang_getCursorSpelling(c), buf, n);
}

/* Offset and position of a location in the main file; 0 if elsewhere.
 * With `exact`, a location inside a macro expansion also fails: its text
 * range is the macro's use, not the expression, so it cannot be rewritten. */
static int loc_at(pctx *pc, CXSourceLocation l, int exact, unsigned *off, unsigned *line,
                  unsigned *col)
{
    CXFile f, ef;
    unsigned ln, cl, of, eo;
    pc->cx->clang_getSpellingLocation(l, &f, NULL, NULL, &of);
    pc->cx->clang_getExpansionLocation(l, &ef, &ln, &cl, &eo);
    if (!ef || !pc->cx->clang_File_isEqual(ef, pc->cxfile))
        return 0;
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

static int extent_in_main(pctx *pc, CXCursor c, unsigned *b, unsigned *e)
{
    CXSourceRange r = pc->cx->clang_getCursorExtent(c);
    return loc_at(pc, pc->cx->clang_getRangeStart(r), 1, b, NULL, NULL) &&
           loc_at(pc, pc->cx->clang_getRangeEnd(r), 1, e, NULL, NULL) && *b <= *e;
}

/* The text range of a declaration, macros at its ends included. */
static int decl_extent(pctx *pc, CXCursor c, unsigned *b, unsigned *e)
{
    CXSourceRange r = pc->cx->clang_getCursorExtent(c);
    return loc_at(pc, pc->cx->clang_getRangeStart(r), 0, b, NULL, NULL) &&
           loc_at(pc, pc->cx->clang_getRangeEnd(r), 0, e, NULL, NULL) && *b <= *e;
}

static void cursor_pos(pctx *pc, CXCursor c, unsigned *line, unsigned *col)
{
    CXFile f;
    pc->cx->clang_getExpansionLocation(pc->cx->clang_getCursorLocation(c), &f, line, col, NULL);
}

static int cursor_in_main(pctx *pc, CXCursor c)
{
    return pc->cx->clang_Location_isFromMainFile(pc->cx->clang_getCursorLocation(c));
}

static int fail_at(pctx *pc, CXCursor c, const char *fmt, const char *name)
{
    unsigned line = 0, col = 0;
    cursor_pos(pc, c, &line, &col);
    char msg[512];
    snprintf(msg, sizeof msg, fmt, name);
    return gm_fail(pc->st, GM_EINPUT, "%s:%u:%u: error: %s", pc->file, line, col, msg);
}

static CXCursor strip(pctx *pc, CXCursor c)
{
    for (;;) {
        enum CXCursorKind k = kind(pc, c);
        if (k != CXCursor_UnexposedExpr && k != CXCursor_ParenExpr)
            return c;
        cvec cv = kids(pc, c);
        if (cv.n != 1) {
            free(cv.v);
            return c;
        }
        c = cv.v[0];
        free(cv.v);
    }
}

static unsigned decl_offset(pctx *pc, CXCursor decl)
{
    unsigned off = 0;
    CXFile f;
    pc->cx->clang_getSpellingLocation(pc->cx->clang_getCursorLocation(decl), &f, NULL, NULL, &off);
    return off;
}

/* ---- tokens ----------------------------------------------------------- */

static void tokenize_main(pctx *pc)
{
    const adv_clang *cx = pc->cx;
    CXSourceLocation b = cx->clang_getLocationForOffset(pc->tu, pc->cxfile, 0);
    CXSourceLocation e = cx->clang_getLocationForOffset(pc->tu, pc->cxfile, pc->m->text_len);
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
static const char *punct_at(pctx *pc, unsigned off)
{
    unsigned lo = 0, hi = pc->ntok;
    while (lo < hi) {
        unsigned mid = (lo + hi) / 2;
        if (pc->tok_off[mid] < off)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo < pc->ntok ? pc->tok_str[lo] : "";
}

/* Spelling of a binary operator: the token right after its left operand. */
static const char *binop(pctx *pc, CXCursor lhs)
{
    unsigned b, e;
    if (!extent_in_main(pc, lhs, &b, &e))
        return "";
    return punct_at(pc, e);
}

/* ---- locals: reaching definitions ------------------------------------ */

typedef struct {
    unsigned var;      /* offset of the VarDecl: identity of the variable */
    unsigned at;       /* the definition takes effect after this offset */
    CXCursor value;    /* the expression assigned */
    int is_mod;        /* compound assignment or ++/--: not a definition */
    unsigned loop_b, loop_e; /* for a for-loop increment: the loop body */
} vdef;

typedef struct {
    pctx *pc;
    adv_kernel *k;
    CXCursor fn;
    vdef *defs;
    unsigned ndefs, cap;
    CXCursor stack[512];
    unsigned depth;
} kctx;

static void add_def(kctx *kc, unsigned var, unsigned at, CXCursor value, int is_mod, unsigned lb,
                    unsigned le)
{
    if (kc->ndefs == kc->cap) {
        kc->cap = kc->cap ? kc->cap * 2 : 16;
        kc->defs = gm_xrealloc(kc->defs, kc->cap * sizeof *kc->defs);
    }
    kc->defs[kc->ndefs++] = (vdef){var, at, value, is_mod, lb, le};
}

/* Variable identity of an lvalue `x`, or 0 if it is not a plain local. */
static unsigned local_var(pctx *pc, CXCursor c)
{
    c = strip(pc, c);
    if (kind(pc, c) != CXCursor_DeclRefExpr)
        return 0;
    CXCursor d = pc->cx->clang_getCursorReferenced(c);
    if (kind(pc, d) != CXCursor_VarDecl)
        return 0;
    return decl_offset(pc, d);
}

static void collect_defs(kctx *kc, CXCursor c)
{
    pctx *pc = kc->pc;
    enum CXCursorKind k = kind(pc, c);
    cvec cv = kids(pc, c);
    unsigned b = 0, e = 0;
    int in_main = extent_in_main(pc, c, &b, &e);
    if (k == CXCursor_VarDecl && cv.n > 0 && in_main) {
        CXCursor init = cv.v[cv.n - 1];
        if (pc->cx->clang_isExpression(kind(pc, init)))
            add_def(kc, decl_offset(pc, c), e, init, 0, 0, 0);
    } else if ((k == CXCursor_BinaryOperator || k == CXCursor_CompoundAssignOperator) &&
               cv.n == 2 && in_main) {
        unsigned var = local_var(pc, cv.v[0]);
        const char *op = binop(pc, cv.v[0]);
        if (var && k == CXCursor_BinaryOperator && !strcmp(op, "="))
            add_def(kc, var, e, cv.v[1], 0, 0, 0);
        else if (var && k == CXCursor_CompoundAssignOperator)
            add_def(kc, var, e, cv.v[1], 1, 0, 0);
    } else if (k == CXCursor_UnaryOperator && cv.n == 1 && in_main) {
        unsigned var = local_var(pc, cv.v[0]);
        const char *pre = punct_at(pc, b);
        unsigned cb, ce;
        const char *post = extent_in_main(pc, cv.v[0], &cb, &ce) ? punct_at(pc, ce) : "";
        if (var && (!strcmp(pre, "++") || !strcmp(pre, "--") || !strcmp(post, "++") ||
                    !strcmp(post, "--")))
            add_def(kc, var, e, cv.v[0], 1, 0, 0);
    }
    /* A for-loop's increment (everything before its body other than the
     * init statement) advances all threads alike: remember the body so
     * that uses inside it can ignore the increment. */
    if (k == CXCursor_ForStmt && cv.n >= 2) {
        unsigned bb = 0, be = 0;
        extent_in_main(pc, cv.v[cv.n - 1], &bb, &be);
        for (unsigned i = 0; i < cv.n; i++) {
            unsigned before = kc->ndefs;
            collect_defs(kc, cv.v[i]);
            if (i > 0 && i + 1 < cv.n)
                for (unsigned d = before; d < kc->ndefs; d++)
                    if (kc->defs[d].is_mod)
                        kc->defs[d].loop_b = bb, kc->defs[d].loop_e = be;
        }
    } else {
        for (unsigned i = 0; i < cv.n; i++)
            collect_defs(kc, cv.v[i]);
    }
    free(cv.v);
}

/* ---- index expressions ----------------------------------------------- */

static adv_expr *expr_of(kctx *kc, CXCursor c, int depth);

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

static adv_expr *resolve_local(kctx *kc, CXCursor ref, unsigned var, int depth)
{
    pctx *pc = kc->pc;
    unsigned use = 0, ue;
    char name[ADV_NAME_MAX], why[160];
    spell(pc, ref, name, sizeof name);
    if (!extent_in_main(pc, ref, &use, &ue))
        return adv_expr_opaque("written in a macro");
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
        if (d->loop_e && use >= d->loop_b && use <= d->loop_e)
            continue; /* grid-stride increment of the enclosing loop */
        snprintf(why, sizeof why, "local '%.40s' is updated before use", name);
        return adv_expr_opaque(why);
    }
    return expr_of(kc, kc->defs[best].value, depth + 1);
}

static adv_expr *builtin_var(pctx *pc, CXCursor member)
{
    char field[16], base[32];
    spell(pc, member, field, sizeof field);
    cvec cv = kids(pc, member);
    adv_expr *e = NULL;
    if (cv.n == 1) {
        CXCursor b = strip(pc, cv.v[0]);
        if (kind(pc, b) == CXCursor_DeclRefExpr) {
            spell(pc, b, base, sizeof base);
            adv_xkind k = !strcmp(base, "threadIdx") ? ADV_X_TID
                          : !strcmp(base, "blockIdx") ? ADV_X_BID
                          : !strcmp(base, "blockDim") ? ADV_X_BDIM
                          : !strcmp(base, "gridDim")  ? ADV_X_GDIM
                                                      : ADV_X_OPAQUE;
            if (k != ADV_X_OPAQUE && !strcmp(field, "x"))
                e = adv_expr_new(k, NULL, NULL);
            else if (k != ADV_X_OPAQUE)
                e = adv_expr_opaque("uses a y or z thread/block index");
        }
    }
    free(cv.v);
    return e ? e : adv_expr_opaque("member of a struct in the index");
}

static int param_index(kctx *kc, CXCursor decl)
{
    unsigned off = decl_offset(kc->pc, decl);
    for (unsigned i = 0; i < kc->k->nparams; i++)
        if (kc->k->params[i].begin <= off && off <= kc->k->params[i].end)
            return (int)i;
    return -1;
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

static adv_expr *expr_of(kctx *kc, CXCursor c, int depth)
{
    pctx *pc = kc->pc;
    if (depth > 64)
        return adv_expr_opaque("definitions nested too deeply");
    enum CXCursorKind k = kind(pc, c);
    cvec cv = kids(pc, c);
    adv_expr *e = NULL;
    switch (k) {
    case CXCursor_UnexposedExpr:
    case CXCursor_ParenExpr:
    case CXCursor_CStyleCastExpr:
    case CXCursor_CXXFunctionalCastExpr:
    case CXCursor_CXXStaticCastExpr:
        e = cv.n ? expr_of(kc, cv.v[cv.n - 1], depth + 1) : eval_const(pc, c);
        break;
    case CXCursor_IntegerLiteral:
    case CXCursor_CharacterLiteral:
    case CXCursor_UnaryExpr: /* sizeof, alignof */
        e = eval_const(pc, c);
        break;
    case CXCursor_MemberRefExpr: e = builtin_var(pc, c); break;
    case CXCursor_DeclRefExpr: {
        CXCursor d = pc->cx->clang_getCursorReferenced(c);
        enum CXCursorKind dk = kind(pc, d);
        if (dk == CXCursor_ParmDecl && param_index(kc, d) >= 0) {
            e = adv_expr_new(ADV_X_PARAM, NULL, NULL);
            e->param = param_index(kc, d);
        } else if (dk == CXCursor_VarDecl &&
                   pc->cx->clang_equalCursors(pc->cx->clang_getCursorLexicalParent(d),
                                              pc->cx->clang_getTranslationUnitCursor(pc->tu)) == 0) {
            e = resolve_local(kc, c, decl_offset(pc, d), depth);
        } else {
            e = eval_const(pc, c);
        }
        break;
    }
    case CXCursor_UnaryOperator: {
        unsigned b, en;
        const char *op = extent_in_main(pc, c, &b, &en) ? punct_at(pc, b) : "";
        adv_xkind xk = !strcmp(op, "-") ? ADV_X_NEG
                       : !strcmp(op, "!") ? ADV_X_NOT
                       : !strcmp(op, "~") ? ADV_X_BNOT
                                          : ADV_X_OPAQUE;
        if (cv.n == 1 && !strcmp(op, "+"))
            e = expr_of(kc, cv.v[0], depth + 1);
        else if (cv.n == 1 && xk != ADV_X_OPAQUE) {
            e = adv_expr_new(xk, expr_of(kc, cv.v[0], depth + 1), NULL);
            snprintf(e->why, sizeof e->why, "operator '%s' in the index", op);
        } else
            e = adv_expr_opaque("unary operator in the index");
        break;
    }
    case CXCursor_BinaryOperator: {
        if (cv.n != 2)
            break;
        const char *op = binop(pc, cv.v[0]);
        adv_xkind xk = binop_kind(op);
        char why[64];
        snprintf(why, sizeof why, "operator '%s' in the index", *op ? op : "?");
        if (xk == ADV_X_OPAQUE) {
            e = adv_expr_opaque(why);
        } else {
            e = adv_expr_new(xk, expr_of(kc, cv.v[0], depth + 1), expr_of(kc, cv.v[1], depth + 1));
            snprintf(e->why, sizeof e->why, "%s", why);
        }
        break;
    }
    case CXCursor_ConditionalOperator:
        if (cv.n == 3) {
            e = adv_expr_new(ADV_X_COND, expr_of(kc, cv.v[0], depth + 1), expr_of(kc, cv.v[1], depth + 1));
            e->c = expr_of(kc, cv.v[2], depth + 1);
            snprintf(e->why, sizeof e->why, "conditional (?:) index");
        }
        break;
    case CXCursor_CallExpr: e = adv_expr_opaque("function call in the index"); break;
    case CXCursor_ArraySubscriptExpr: e = adv_expr_opaque("indirect (gathered) index"); break;
    default: break;
    }
    free(cv.v);
    return e ? e : adv_expr_opaque("not an affine expression");
}

/* ---- accesses --------------------------------------------------------- */

static void copy_text(const adv_model *m, unsigned b, unsigned e, char *out, size_t n)
{
    size_t j = 0;
    int space = 0;
    for (unsigned i = b; i < e && i < m->text_len && j + 1 < n; i++) {
        char ch = m->text[i];
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
    const char *t = pc->m->text;
    for (unsigned i = 0; i < pc->ntok; i++) {
        if (pc->tok_off[i] < b || pc->tok_off[i] >= e)
            continue;
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

static void push_access(adv_kernel *k, const adv_access *a)
{
    k->acc = gm_xrealloc(k->acc, (k->naccesses + 1) * sizeof *k->acc);
    k->acc[k->naccesses++] = *a;
}

static int mode_of(kctx *kc, CXCursor top, unsigned top_depth, int *also_read)
{
    pctx *pc = kc->pc;
    *also_read = 0;
    unsigned d = top_depth;
    while (d > 0 && kind(pc, kc->stack[d - 1]) == CXCursor_ParenExpr)
        d--;
    if (d == 0)
        return ADV_READ;
    CXCursor parent = kc->stack[d - 1];
    CXCursor child = d < top_depth ? kc->stack[d] : top;
    cvec cv = kids(pc, parent);
    int first = cv.n > 0 && pc->cx->clang_equalCursors(cv.v[0], child);
    enum CXCursorKind pk = kind(pc, parent);
    int mode = ADV_READ;
    char name[32];
    if (pk == CXCursor_BinaryOperator && first && !strcmp(binop(pc, cv.v[0]), "=")) {
        mode = ADV_WRITE;
    } else if (pk == CXCursor_CompoundAssignOperator && first) {
        mode = ADV_WRITE;
        *also_read = 1;
    } else if (pk == CXCursor_UnaryOperator) {
        unsigned b, e, cb, ce;
        const char *pre = extent_in_main(pc, parent, &b, &e) ? punct_at(pc, b) : "";
        const char *post = extent_in_main(pc, child, &cb, &ce) ? punct_at(pc, ce) : "";
        if (!strcmp(pre, "++") || !strcmp(pre, "--") || !strcmp(post, "++") ||
            !strcmp(post, "--")) {
            mode = ADV_WRITE;
            *also_read = 1;
        }
    } else if (pk == CXCursor_CallExpr && first && !strncmp(spell(pc, parent, name, sizeof name), "operator", 8)) {
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

/* c is P[E] with P a pointer parameter of the kernel. */
static void record_access(kctx *kc, CXCursor sub, CXCursor index, int param)
{
    pctx *pc = kc->pc;
    adv_kernel *k = kc->k;
    const adv_param *par = &k->params[param];
    adv_access a;
    memset(&a, 0, sizeof a);
    a.param = param;
    a.struct_idx = par->kind == ADV_P_STRUCT_PTR ? par->struct_idx : -1;
    a.field = -1;
    cursor_pos(pc, sub, &a.line, &a.col);
    /* libclang gives every token of an object-like macro's body the
     * position of the macro's use, so a subscript written in a macro has
     * collapsed ranges: only one whose index lies strictly inside it is
     * text that can be rewritten */
    int ranges = extent_in_main(pc, sub, &a.sub_begin, &a.sub_end) &&
                 extent_in_main(pc, index, &a.idx_begin, &a.idx_end) &&
                 a.sub_begin < a.idx_begin && a.idx_begin < a.idx_end && a.idx_end < a.sub_end;
    if (ranges) {
        copy_text(pc->m, a.idx_begin, a.idx_end, a.index, sizeof a.index);
        a.idx_pure = index_is_pure(pc, a.idx_begin, a.idx_end);
    } else {
        a.sub_begin = a.sub_end = a.idx_begin = a.idx_end = 0; /* nothing to rewrite */
        snprintf(a.index, sizeof a.index, "(macro)");
        if (!par->other_use_line)
            k->params[param].other_use_line = a.line;
    }
    a.expr = expr_of(kc, index, 0);

    /* The member chain above the subscript: P[E].f1.f2 ... */
    CXCursor top = sub;
    unsigned top_depth = kc->depth;
    unsigned d = kc->depth;
    char name[ADV_NAME_MAX];
    while (d > 0) {
        unsigned pd = d;
        while (pd > 0 && kind(pc, kc->stack[pd - 1]) == CXCursor_ParenExpr)
            pd--;
        if (pd == 0 || kind(pc, kc->stack[pd - 1]) != CXCursor_MemberRefExpr)
            break;
        CXCursor mem = kc->stack[pd - 1];
        spell(pc, mem, name, sizeof name);
        if (a.path[0] == '\0' && a.struct_idx >= 0) {
            a.field = field_index(&pc->m->structs[a.struct_idx], name);
            unsigned mb;
            if (a.field < 0 || !extent_in_main(pc, mem, &mb, &a.mem_end)) {
                a.field = -1; /* a method or a macro: not a plain field */
                if (!par->other_use_line)
                    k->params[param].other_use_line = a.line;
                break;
            }
        }
        size_t len = strlen(a.path);
        snprintf(a.path + len, sizeof a.path - len, "%s%s", len ? "." : "", name);
        top = mem;
        top_depth = pd - 1;
        d = pd - 1;
    }
    int also_read = 0;
    a.mode = mode_of(kc, top, top_depth, &also_read);
    if (also_read) {
        adv_access r = a;
        r.mode = ADV_READ;
        r.expr = adv_expr_clone(a.expr);
        push_access(k, &r);
    }
    push_access(k, &a);
}

static int pointer_param_of(kctx *kc, CXCursor base)
{
    pctx *pc = kc->pc;
    base = strip(pc, base);
    if (kind(pc, base) != CXCursor_DeclRefExpr)
        return -1;
    CXCursor d = pc->cx->clang_getCursorReferenced(base);
    if (kind(pc, d) != CXCursor_ParmDecl)
        return -1;
    int p = param_index(kc, d);
    if (p < 0)
        return -1;
    adv_pkind pk = kc->k->params[p].kind;
    return pk == ADV_P_STRUCT_PTR || pk == ADV_P_SCALAR_PTR ? p : -1;
}

static void walk_body(kctx *kc, CXCursor c)
{
    pctx *pc = kc->pc;
    enum CXCursorKind k = kind(pc, c);
    cvec cv = kids(pc, c);
    if (k == CXCursor_ArraySubscriptExpr && cv.n == 2) {
        int p = pointer_param_of(kc, cv.v[0]);
        if (p >= 0) {
            record_access(kc, c, cv.v[1], p);
            if (kc->depth < 511) {
                kc->stack[kc->depth++] = c;
                walk_body(kc, cv.v[1]);
                kc->depth--;
            }
            free(cv.v);
            return;
        }
    }
    if (k == CXCursor_DeclRefExpr) {
        CXCursor d = pc->cx->clang_getCursorReferenced(c);
        int p = kind(pc, d) == CXCursor_ParmDecl ? param_index(kc, d) : -1;
        if (p >= 0 && kc->k->params[p].kind == ADV_P_STRUCT_PTR && !kc->k->params[p].other_use_line) {
            unsigned line, col;
            cursor_pos(pc, c, &line, &col);
            kc->k->params[p].other_use_line = line;
        }
    }
    if (kc->depth < 511) {
        kc->stack[kc->depth++] = c;
        for (unsigned i = 0; i < cv.n; i++)
            walk_body(kc, cv.v[i]);
        kc->depth--;
    }
    free(cv.v);
}

/* ---- types and structs ------------------------------------------------ */

static adv_scalar scalar_of(pctx *pc, CXType t)
{
    t = pc->cx->clang_getCanonicalType(t);
    long long sz = pc->cx->clang_Type_getSizeOf(t);
    switch (t.kind) {
    case CXType_Float: return ADV_S_F32;
    case CXType_Double: return ADV_S_F64;
    case CXType_Bool: return ADV_S_BOOL;
    case CXType_Pointer: return ADV_S_PTR;
    case CXType_Char_S:
    case CXType_SChar:
    case CXType_Short:
    case CXType_Int:
    case CXType_Long:
    case CXType_LongLong:
    case CXType_Enum:
        return sz == 1 ? ADV_S_I8 : sz == 2 ? ADV_S_I16 : sz == 4 ? ADV_S_I32 : ADV_S_I64;
    case CXType_Char_U:
    case CXType_UChar:
    case CXType_UShort:
    case CXType_UInt:
    case CXType_ULong:
    case CXType_ULongLong:
        return sz == 1 ? ADV_S_U8 : sz == 2 ? ADV_S_U16 : sz == 4 ? ADV_S_U32 : ADV_S_U64;
    case CXType_Half:
    case CXType_Float16: return ADV_S_F16;
    default: return ADV_S_NONE;
    }
}

typedef struct {
    adv_leaf *v;
    unsigned n, cap;
} leafvec;

static void push_leaf(leafvec *lv, unsigned off, adv_scalar k)
{
    if (lv->n == lv->cap) {
        lv->cap = lv->cap ? lv->cap * 2 : 8;
        lv->v = gm_xrealloc(lv->v, lv->cap * sizeof *lv->v);
    }
    lv->v[lv->n++] = (adv_leaf){off, k};
}

static int check_record(pctx *pc, CXCursor decl);

/* Scalars inside a value of type t placed at byte `base`. */
static int leaves_of(pctx *pc, CXType t, unsigned base, leafvec *lv, CXCursor where, int depth)
{
    const adv_clang *cx = pc->cx;
    t = cx->clang_getCanonicalType(t);
    if (depth > 32)
        return fail_at(pc, where, "type nesting deeper than 32 levels%s", "");
    if (t.kind == CXType_ConstantArray) {
        CXType el = cx->clang_getArrayElementType(t);
        long long n = cx->clang_getArraySize(t), es = cx->clang_Type_getSizeOf(el);
        if (es <= 0)
            return fail_at(pc, where, "array of incomplete type in field '%s'", "");
        for (long long i = 0; i < n; i++)
            if (leaves_of(pc, el, base + (unsigned)(i * es), lv, where, depth + 1))
                return pc->st->code;
        return GM_OK;
    }
    if (t.kind == CXType_Record) {
        CXCursor d = cx->clang_getTypeDeclaration(t);
        if (check_record(pc, d))
            return pc->st->code;
        if (kind(pc, d) == CXCursor_StructDecl && lv->n == 0 && base == 0) {
            char name[ADV_NAME_MAX];
            if (!strcmp(spell(pc, d, name, sizeof name), "__half")) {
                push_leaf(lv, base, ADV_S_F16);
                return GM_OK;
            }
        }
        cvec cv = kids(pc, d);
        for (unsigned i = 0; i < cv.n && pc->st->code == GM_OK; i++) {
            if (kind(pc, cv.v[i]) != CXCursor_FieldDecl)
                continue;
            long long off = cx->clang_Cursor_getOffsetOfField(cv.v[i]);
            if (off < 0)
                fail_at(pc, cv.v[i], "cannot lay out field '%s'", "");
            else
                leaves_of(pc, cx->clang_getCursorType(cv.v[i]), base + (unsigned)(off / 8), lv,
                          cv.v[i], depth + 1);
        }
        free(cv.v);
        return pc->st->code;
    }
    adv_scalar s = scalar_of(pc, t);
    if (s == ADV_S_NONE) {
        char ty[ADV_TYPE_MAX];
        adv_cxstr(cx, cx->clang_getTypeSpelling(t), ty, sizeof ty);
        return fail_at(pc, where, "field of unsupported type '%s'", ty);
    }
    push_leaf(lv, base, s);
    return GM_OK;
}

/* Names from the header reach generated source and the model's fixed
 * buffers: each must be a plain ASCII identifier shorter than
 * ADV_NAME_MAX.  Anonymous entities (empty spelling) are judged elsewhere. */
static int name_ok(pctx *pc, CXCursor c, const char *what)
{
    char full[ADV_NAME_MAX * 64], msg[ADV_NAME_MAX + 160];
    spell(pc, c, full, sizeof full);
    size_t len = strlen(full);
    if (len == 0 || (len < ADV_NAME_MAX && adv_identifier_ok(full)))
        return 1;
    if (len >= ADV_NAME_MAX)
        snprintf(msg, sizeof msg, "%s name of %zu characters ('%.40s...') is longer than gmadvise's "
                 "limit of %d", what, len, full, ADV_NAME_MAX - 1);
    else
        snprintf(msg, sizeof msg, "%s name '%s' is not a plain ASCII identifier: gmadvise writes it "
                 "into generated CUDA source", what, full);
    fail_at(pc, c, "%s", msg);
    return 0;
}

/* Rejects records whose layout we would have to guess. */
static int check_record(pctx *pc, CXCursor d)
{
    char name[ADV_NAME_MAX];
    spell(pc, d, name, sizeof name);
    if (!name_ok(pc, d, "struct"))
        return pc->st->code;
    if (kind(pc, d) == CXCursor_UnionDecl)
        return fail_at(pc, d, "union '%s' is not supported: gmadvise lays out structs only", name);
    cvec cv = kids(pc, d);
    for (unsigned i = 0; i < cv.n; i++) {
        CXCursor f = cv.v[i];
        enum CXCursorKind fk = kind(pc, f);
        if ((fk == CXCursor_StructDecl || fk == CXCursor_UnionDecl) &&
            pc->cx->clang_Cursor_isAnonymous(f)) {
            fail_at(pc, f, "anonymous struct or union inside '%s' is not supported; name it", name);
            break;
        }
        if (fk == CXCursor_CXXBaseSpecifier) {
            fail_at(pc, f, "struct '%s' has a base class: not supported", name);
            break;
        }
        if (fk != CXCursor_FieldDecl)
            continue;
        char fname[ADV_NAME_MAX];
        spell(pc, f, fname, sizeof fname);
        if (!name_ok(pc, f, "field"))
            break;
        if (pc->cx->clang_Cursor_isBitField(f)) {
            fail_at(pc, f, "bit-field '%s' is not supported: its layout is up to the compiler", fname);
            break;
        }
        CXType ft = pc->cx->clang_getCanonicalType(pc->cx->clang_getCursorType(f));
        if (ft.kind == CXType_IncompleteArray) {
            fail_at(pc, f, "flexible array member '%s' is not supported: the element size is unknown",
                    fname);
            break;
        }
        if (ft.kind == CXType_ConstantArray && pc->cx->clang_getArraySize(ft) == 0) {
            fail_at(pc, f, "zero-length array '%s' is not supported: it is not standard C++ and "
                           "NVRTC rejects it", fname);
            break;
        }
    }
    free(cv.v);
    return pc->st->code;
}

static int has_attr(pctx *pc, CXCursor c, enum CXCursorKind attr)
{
    cvec cv = kids(pc, c);
    int found = 0;
    for (unsigned i = 0; i < cv.n; i++)
        found |= kind(pc, cv.v[i]) == attr;
    free(cv.v);
    return found;
}

static int add_struct(pctx *pc, CXCursor decl, const char *name)
{
    const adv_clang *cx = pc->cx;
    adv_model *m = pc->m;
    if (check_record(pc, decl))
        return pc->st->code;
    CXType t = cx->clang_getCursorType(decl);
    adv_struct s;
    memset(&s, 0, sizeof s);
    snprintf(s.name, sizeof s.name, "%s", name);
    long long size = cx->clang_Type_getSizeOf(t), align = cx->clang_Type_getAlignOf(t);
    if (size <= 0 || align <= 0)
        return fail_at(pc, decl, "cannot lay out struct '%s'", name);
    s.size = (unsigned)size;
    s.align = (unsigned)align;
    s.packed = has_attr(pc, decl, CXCursor_PackedAttr);
    s.declared_align = has_attr(pc, decl, CXCursor_AlignedAttr) ? s.align : 0;
    cursor_pos(pc, decl, &s.line, &s.col);
    cvec cv = kids(pc, decl);
    unsigned covered = 0;
    for (unsigned i = 0; i < cv.n && pc->st->code == GM_OK; i++) {
        if (kind(pc, cv.v[i]) != CXCursor_FieldDecl)
            continue;
        CXType ft = cx->clang_getCursorType(cv.v[i]);
        CXType ct = cx->clang_getCanonicalType(ft);
        adv_field f;
        memset(&f, 0, sizeof f);
        spell(pc, cv.v[i], f.name, sizeof f.name);
        adv_cxstr(cx, cx->clang_getTypeSpelling(ft), f.type, sizeof f.type);
        f.offset = (unsigned)(cx->clang_Cursor_getOffsetOfField(cv.v[i]) / 8);
        f.size = (unsigned)cx->clang_Type_getSizeOf(ft);
        f.align = (unsigned)cx->clang_Type_getAlignOf(ft);
        if (ct.kind == CXType_ConstantArray)
            f.array_len = (unsigned)cx->clang_getArraySize(ct);
        f.scalar = scalar_of(pc, ft);
        leafvec lv = {NULL, 0, 0};
        leaves_of(pc, ft, 0, &lv, cv.v[i], 0);
        f.leaves = lv.v;
        f.nleaves = lv.n;
        covered += f.size;
        s.fields = gm_xrealloc(s.fields, (s.nfields + 1) * sizeof *s.fields);
        s.fields[s.nfields++] = f;
    }
    free(cv.v);
    if (pc->st->code != GM_OK) {
        for (unsigned i = 0; i < s.nfields; i++)
            free(s.fields[i].leaves);
        free(s.fields);
        return pc->st->code;
    }
    s.padding = s.size > covered ? s.size - covered : 0;
    if (s.nfields == 0)
        sb_printf(&m->notes, "struct %s has no fields: nothing to lay out\n", name);
    m->structs = gm_xrealloc(m->structs, (m->nstructs + 1) * sizeof *m->structs);
    m->struct_decl_off = gm_xrealloc(m->struct_decl_off, (m->nstructs + 1) * sizeof(unsigned));
    m->structs[m->nstructs] = s;
    m->struct_decl_off[m->nstructs++] = decl_offset(pc, decl);
    return GM_OK;
}

static int struct_by_decl(pctx *pc, CXType t)
{
    CXType ct = pc->cx->clang_getCanonicalType(t);
    if (ct.kind != CXType_Record)
        return -1;
    unsigned off = decl_offset(pc, pc->cx->clang_getTypeDeclaration(ct));
    if (!cursor_in_main(pc, pc->cx->clang_getTypeDeclaration(ct)))
        return -1;
    for (unsigned i = 0; i < pc->m->nstructs; i++)
        if (pc->m->struct_decl_off[i] == off)
            return (int)i;
    return -1;
}

/* ---- kernels ---------------------------------------------------------- */

static void read_param(pctx *pc, CXCursor pd, adv_param *p)
{
    const adv_clang *cx = pc->cx;
    CXType t = cx->clang_getCursorType(pd);
    CXType ct = cx->clang_getCanonicalType(t);
    memset(p, 0, sizeof *p);
    p->struct_idx = -1;
    spell(pc, pd, p->name, sizeof p->name);
    adv_cxstr(cx, cx->clang_getTypeSpelling(t), p->type, sizeof p->type);
    if (!decl_extent(pc, pd, &p->begin, &p->end))
        p->begin = p->end = decl_offset(pc, pd);
    if (ct.kind == CXType_Pointer) {
        CXType pt = cx->clang_getPointeeType(ct);
        p->pointee_const = cx->clang_isConstQualifiedType(pt) != 0;
        p->is_restrict = cx->clang_isRestrictQualifiedType(ct) != 0;
        long long es = cx->clang_Type_getSizeOf(pt);
        p->elem_size = es > 0 ? (unsigned)es : 0;
        p->struct_idx = struct_by_decl(pc, pt);
        p->scalar = scalar_of(pc, pt);
        if (p->struct_idx >= 0)
            p->kind = ADV_P_STRUCT_PTR;
        else
            p->kind = es > 0 ? ADV_P_SCALAR_PTR : ADV_P_OTHER;
        return;
    }
    p->scalar = scalar_of(pc, ct);
    p->elem_size = (unsigned)cx->clang_Type_getSizeOf(ct);
    if (p->scalar == ADV_S_F32 || p->scalar == ADV_S_F64)
        p->kind = ADV_P_FLOAT;
    else if (p->scalar != ADV_S_NONE && p->scalar != ADV_S_PTR && p->scalar != ADV_S_F16)
        p->kind = ADV_P_INT;
    else
        p->kind = ADV_P_OTHER;
}

static int add_kernel(pctx *pc, CXCursor fn)
{
    const adv_clang *cx = pc->cx;
    adv_kernel k;
    memset(&k, 0, sizeof k);
    spell(pc, fn, k.name, sizeof k.name);
    if (!name_ok(pc, fn, "kernel"))
        return pc->st->code;
    cursor_pos(pc, fn, &k.line, &k.col);
    if (!loc_at(pc, cx->clang_getCursorLocation(fn), 1, &k.name_off, NULL, NULL) ||
        !decl_extent(pc, fn, &k.begin, &k.end))
        return fail_at(pc, fn, "kernel '%s' is written through a macro: not supported", k.name);
    int n = cx->clang_Cursor_getNumArguments(fn);
    k.nparams = n > 0 ? (unsigned)n : 0;
    k.params = gm_xcalloc(k.nparams, sizeof *k.params);
    for (unsigned i = 0; i < k.nparams; i++) {
        read_param(pc, cx->clang_Cursor_getArgument(fn, i), &k.params[i]);
        if (!name_ok(pc, cx->clang_Cursor_getArgument(fn, i), "parameter")) {
            free(k.params);
            return pc->st->code;
        }
    }
    k.synthesized = k.begin >= pc->m->orig_len;

    cvec cv = kids(pc, fn);
    CXCursor body = cv.n ? cv.v[cv.n - 1] : cx->clang_getNullCursor();
    free(cv.v);
    if (kind(pc, body) != CXCursor_CompoundStmt)
        return fail_at(pc, fn, "kernel '%s' has no body", k.name);
    unsigned be;
    extent_in_main(pc, body, &k.body_begin, &be);

    kctx kc;
    memset(&kc, 0, sizeof kc);
    kc.pc = pc;
    kc.k = &k;
    kc.fn = fn;
    collect_defs(&kc, body);
    walk_body(&kc, body);
    free(kc.defs);
    pc->m->kernels = gm_xrealloc(pc->m->kernels, (pc->m->nkernels + 1) * sizeof *pc->m->kernels);
    pc->m->kernels[pc->m->nkernels++] = k;
    return GM_OK;
}

/* ---- top level -------------------------------------------------------- */

static void add_decl(pctx *pc, CXCursor c, int is_macro)
{
    unsigned b, e;
    if (!decl_extent(pc, c, &b, &e))
        return;
    adv_model *m = pc->m;
    m->decls = gm_xrealloc(m->decls, (m->ndecls + 1) * sizeof *m->decls);
    m->decls[m->ndecls++] = (adv_decl){b, e, is_macro};
}

static int is_kernel_def(pctx *pc, CXCursor c)
{
    return kind(pc, c) == CXCursor_FunctionDecl && pc->cx->clang_isCursorDefinition(c) &&
           has_attr(pc, c, CXCursor_CUDAGlobalAttr);
}

static int visit_top(pctx *pc, CXCursor c)
{
    const adv_clang *cx = pc->cx;
    enum CXCursorKind k = kind(pc, c);
    char name[ADV_NAME_MAX];
    if (k == CXCursor_MacroDefinition) {
        add_decl(pc, c, 1);
        return GM_OK;
    }
    if (k == CXCursor_ClassTemplate || k == CXCursor_FunctionTemplate ||
        k == CXCursor_ClassTemplatePartialSpecialization)
        return fail_at(pc, c, "template '%s' is not supported: gmadvise needs concrete types",
                       spell(pc, c, name, sizeof name));
    if (k == CXCursor_UnionDecl)
        return fail_at(pc, c, "union '%s' is not supported: gmadvise lays out structs only",
                       spell(pc, c, name, sizeof name));
    if ((k == CXCursor_StructDecl || k == CXCursor_ClassDecl) && cx->clang_isCursorDefinition(c)) {
        add_decl(pc, c, 0);
        spell(pc, c, name, sizeof name);
        if (cx->clang_Cursor_isAnonymous(c) || !name[0] || strchr(name, '('))
            return GM_OK; /* unnamed: named by a typedef, handled there */
        return add_struct(pc, c, name);
    }
    if (k == CXCursor_TypedefDecl) {
        add_decl(pc, c, 0);
        CXType u = cx->clang_getTypedefDeclUnderlyingType(c);
        CXCursor d = cx->clang_getTypeDeclaration(cx->clang_getCanonicalType(u));
        if (kind(pc, d) == CXCursor_UnionDecl && cursor_in_main(pc, d))
            return fail_at(pc, c, "union '%s' is not supported: gmadvise lays out structs only",
                           spell(pc, c, name, sizeof name));
        if (kind(pc, d) == CXCursor_StructDecl && cursor_in_main(pc, d) && struct_by_decl(pc, u) < 0)
            return add_struct(pc, d, spell(pc, c, name, sizeof name));
        return GM_OK;
    }
    if (k == CXCursor_EnumDecl || k == CXCursor_VarDecl || k == CXCursor_TypeAliasDecl) {
        if (k != CXCursor_VarDecl || has_attr(pc, c, CXCursor_CUDAConstantAttr) ||
            has_attr(pc, c, CXCursor_CUDADeviceAttr) ||
            cx->clang_isConstQualifiedType(cx->clang_getCursorType(c)))
            add_decl(pc, c, 0);
        return GM_OK;
    }
    if (k == CXCursor_FunctionDecl && cx->clang_isCursorDefinition(c)) {
        if (is_kernel_def(pc, c))
            return add_kernel(pc, c);
        if (has_attr(pc, c, CXCursor_CUDADeviceAttr))
            add_decl(pc, c, 0);
    }
    return GM_OK;
}

static int report_diagnostics(pctx *pc)
{
    const adv_clang *cx = pc->cx;
    unsigned n = cx->clang_getNumDiagnostics(pc->tu);
    for (unsigned i = 0; i < n; i++) {
        CXDiagnostic d = cx->clang_getDiagnostic(pc->tu, i);
        enum CXDiagnosticSeverity sev = cx->clang_getDiagnosticSeverity(d);
        if (sev >= CXDiagnostic_Error) {
            CXFile f;
            unsigned line = 0, col = 0;
            cx->clang_getExpansionLocation(cx->clang_getDiagnosticLocation(d), &f, &line, &col, NULL);
            char msg[1024], fname[1024];
            adv_cxstr(cx, cx->clang_getDiagnosticSpelling(d), msg, sizeof msg);
            if (f)
                adv_cxstr(cx, cx->clang_getFileName(f), fname, sizeof fname);
            else
                snprintf(fname, sizeof fname, "%s", pc->file);
            if (!strcmp(fname, PRELUDE_PATH) || !f)
                snprintf(fname, sizeof fname, "%s", pc->file);
            gm_fail(pc->st, GM_EINPUT, "%s:%u:%u: error: %s", fname, line, col, msg);
            cx->clang_disposeDiagnostic(d);
            return GM_EINPUT;
        }
        cx->clang_disposeDiagnostic(d);
    }
    return GM_OK;
}

static int parse_text(pctx *pc, const adv_parse_opts *opts)
{
    const adv_clang *cx = pc->cx;
    static const char *const base_args[] = {
        "-x", "cuda", "--cuda-host-only", "-nocudainc", "-nocudalib", "-std=c++17",
        "-Wno-unknown-cuda-version", "-ferror-limit=1", "-include", PRELUDE_PATH};
    unsigned nb = sizeof base_args / sizeof *base_args;
    unsigned na = nb + (opts ? opts->nclang_args : 0);
    const char **args = gm_xcalloc(na, sizeof *args);
    memcpy(args, base_args, sizeof base_args);
    for (unsigned i = nb; i < na; i++)
        args[i] = opts->clang_args[i - nb];
    struct CXUnsavedFile un[2] = {
        {PRELUDE_PATH, adv_cuda_prelude, (unsigned long)strlen(adv_cuda_prelude)},
        {pc->file, pc->m->text, pc->m->text_len},
    };
    CXIndex idx = cx->clang_createIndex(0, 0);
    enum CXErrorCode ec = cx->clang_parseTranslationUnit2(
        idx, pc->file, args, (int)na, un, 2,
        CXTranslationUnit_DetailedPreprocessingRecord,
        &pc->tu);
    free(args);
    if (ec != CXError_Success || !pc->tu) {
        cx->clang_disposeIndex(idx);
        return gm_fail(pc->st, GM_EINPUT, "%s:1:1: error: libclang could not parse the file (code %d)",
                       pc->file, (int)ec);
    }
    pc->cxfile = cx->clang_getFile(pc->tu, pc->file);
    if (report_diagnostics(pc) == GM_OK) {
        tokenize_main(pc);
        cvec top = kids(pc, cx->clang_getTranslationUnitCursor(pc->tu));
        for (unsigned i = 0; i < top.n && pc->st->code == GM_OK; i++)
            if (cursor_in_main(pc, top.v[i]))
                visit_top(pc, top.v[i]);
        free(top.v);
        free(pc->tok_off);
        free(pc->tok_str);
        pc->tok_off = NULL;
        pc->tok_str = NULL;
    }
    cx->clang_disposeTranslationUnit(pc->tu);
    cx->clang_disposeIndex(idx);
    pc->tu = NULL;
    return pc->st->code;
}

/* `// gmadvise: name=value ...` comments give kernel parameter values. */
static void read_annotations(adv_model *m)
{
    const char *p = m->text;
    while ((p = strstr(p, "gmadvise:")) != NULL) {
        p += 9;
        const char *eol = strchr(p, '\n');
        if (!eol)
            eol = p + strlen(p);
        while (p < eol) {
            while (p < eol && isspace((unsigned char)*p))
                p++;
            const char *name = p;
            while (p < eol && (isalnum((unsigned char)*p) || *p == '_'))
                p++;
            size_t nlen = (size_t)(p - name);
            if (nlen == 0 || p >= eol || *p != '=')
                break;
            char *end;
            double v = strtod(p + 1, &end);
            if (end == p + 1 || end > eol)
                break;
            char *nm = gm_xmalloc(nlen + 1);
            memcpy(nm, name, nlen);
            nm[nlen] = '\0';
            m->ann = gm_xrealloc(m->ann, (m->nann + 1) * sizeof *m->ann);
            m->ann[m->nann++] = (adv_param_value){nm, v};
            p = end;
        }
    }
}

/* A header with structs and no kernel: a kernel that reads and writes
 * every field of each struct at index i stands in for the user's. */
static void synthesize_kernels(adv_model *m, sb_t *src)
{
    for (unsigned i = 0; i < m->nstructs; i++) {
        const adv_struct *s = &m->structs[i];
        if (!s->nfields)
            continue;
        sb_printf(src,
                  "\n__global__ void gm_touch_%s(const %s *__restrict__ in, %s *__restrict__ out, "
                  "int n)\n{\n    int i = blockIdx.x * blockDim.x + threadIdx.x;\n"
                  "    if (i < n) {\n",
                  s->name, s->name, s->name);
        for (unsigned f = 0; f < s->nfields; f++) {
            const adv_field *fd = &s->fields[f];
            if (fd->array_len && strchr(strchr(fd->type, '[') + 1, '['))
                sb_printf(src, "        for (int k = 0; k < %u; ++k)\n"
                               "            for (int l = 0; l < (int)(sizeof in[i].%s[0] / sizeof in[i].%s[0][0]); ++l)\n"
                               "                out[i].%s[k][l] = in[i].%s[k][l];\n",
                          fd->array_len, fd->name, fd->name, fd->name, fd->name);
            else if (fd->array_len)
                sb_printf(src, "        for (int k = 0; k < %u; ++k)\n            out[i].%s[k] = in[i].%s[k];\n",
                          fd->array_len, fd->name, fd->name);
            else
                sb_printf(src, "        out[i].%s = in[i].%s;\n", fd->name, fd->name);
        }
        sb_puts(src, "    }\n}\n");
        sb_printf(&m->notes,
                  "no __global__ kernel in %s: assumed every field of %s read and written at index i "
                  "(kernel gm_touch_%s)\n",
                  m->file, s->name, s->name);
    }
}

static void reset_model(adv_model *m)
{
    for (unsigned i = 0; i < m->nstructs; i++) {
        for (unsigned f = 0; f < m->structs[i].nfields; f++)
            free(m->structs[i].fields[f].leaves);
        free(m->structs[i].fields);
    }
    free(m->structs);
    free(m->struct_decl_off);
    free(m->decls);
    m->structs = NULL;
    m->struct_decl_off = NULL;
    m->decls = NULL;
    m->nstructs = m->ndecls = 0;
}

static int load_text(const char *file, const adv_parse_opts *opts, adv_model *m, gm_status *st)
{
    if (opts && opts->text) {
        m->text = gm_xmalloc(opts->text_len + 1);
        memcpy(m->text, opts->text, opts->text_len);
        m->text[opts->text_len] = '\0';
        m->text_len = opts->text_len;
        return GM_OK;
    }
    struct stat sb;
    if (stat(file, &sb) != 0)
        return gm_fail(st, GM_EINPUT, "%s:1:1: error: cannot open: %s", file, strerror(errno));
    if (S_ISDIR(sb.st_mode))
        return gm_fail(st, GM_EINPUT, "%s:1:1: error: is a directory, expected a header file", file);
    /* a FIFO or a device would block or never end */
    if (!S_ISREG(sb.st_mode))
        return gm_fail(st, GM_EINPUT, "%s:1:1: error: not a regular file (a pipe or a device?), expected a "
                                      "header file", file);
    if ((unsigned long long)sb.st_size > MAX_FILE_BYTES)
        return gm_fail(st, GM_EINPUT, "%s:1:1: error: file is %lld bytes; gmadvise reads at most %u",
                       file, (long long)sb.st_size, MAX_FILE_BYTES);
    size_t len = 0;
    m->text = gm_read_file(file, &len);
    if (!m->text)
        return gm_fail(st, GM_EINPUT, "%s:1:1: error: cannot read: %s", file, strerror(errno));
    if (memchr(m->text, '\0', len))
        return gm_fail(st, GM_EINPUT, "%s:1:1: error: binary file (contains NUL bytes)", file);
    m->text_len = (unsigned)len;
    return GM_OK;
}

int adv_parse_file(const char *file, const adv_parse_opts *opts, adv_model **out, gm_status *st)
{
    *out = NULL;
    adv_model *m = adv_model_new(file);
    if (load_text(file, opts, m, st) != GM_OK) {
        adv_model_destroy(m);
        return st->code;
    }
    m->orig_len = m->text_len;
    const adv_clang *cx = adv_clang_load(st);
    if (!cx) {
        adv_model_destroy(m);
        return st->code;
    }
    pctx pc;
    memset(&pc, 0, sizeof pc);
    pc.cx = cx;
    pc.m = m;
    pc.file = file;
    pc.st = st;
    read_annotations(m);
    if (parse_text(&pc, opts) == GM_OK && m->nkernels == 0 && m->nstructs > 0) {
        sb_t src;
        sb_init(&src);
        sb_putn(&src, m->text, m->text_len);
        synthesize_kernels(m, &src);
        if (src.len > m->text_len) {
            free(m->text);
            m->text_len = (unsigned)src.len;
            m->text = sb_take(&src);
            reset_model(m);
            parse_text(&pc, opts);
        }
        sb_free(&src);
    }
    if (st->code != GM_OK) {
        adv_model_destroy(m);
        return st->code;
    }
    *out = m;
    return GM_OK;
}
