#include "index.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../common/limits.h"
#include "../../common/strbuf.h"

adv_expr *adv_expr_new(adv_xkind kind, adv_expr *a, adv_expr *b)
{
    adv_expr *e = gm_xcalloc(1, sizeof *e);
    e->kind = kind;
    e->a = a;
    e->b = b;
    return e;
}

adv_expr *adv_expr_const(long long v)
{
    adv_expr *e = adv_expr_new(ADV_X_CONST, NULL, NULL);
    e->value = v;
    return e;
}

adv_expr *adv_expr_opaque(const char *why)
{
    adv_expr *e = adv_expr_new(ADV_X_OPAQUE, NULL, NULL);
    snprintf(e->why, sizeof e->why, "%s", why);
    return e;
}

adv_expr *adv_expr_clone(const adv_expr *e)
{
    if (!e)
        return NULL;
    adv_expr *c = gm_xmalloc(sizeof *c);
    *c = *e;
    c->a = adv_expr_clone(e->a);
    c->b = adv_expr_clone(e->b);
    c->c = adv_expr_clone(e->c);
    return c;
}

int adv_expr_equal(const adv_expr *x, const adv_expr *y)
{
    if (!x || !y)
        return x == y;
    return x->kind == y->kind && x->value == y->value && x->param == y->param && x->bits == y->bits &&
           x->is_unsigned == y->is_unsigned && !strcmp(x->why, y->why) && adv_expr_equal(x->a, y->a) &&
           adv_expr_equal(x->b, y->b) && adv_expr_equal(x->c, y->c);
}

unsigned long long adv_expr_hash(const adv_expr *e)
{
    if (!e)
        return 0x9e3779b97f4a7c15ull;
    unsigned long long h = 1469598103934665603ull;
    const unsigned long long parts[] = {(unsigned long long)e->kind, (unsigned long long)e->value,
                                        (unsigned long long)e->param, e->bits, adv_expr_hash(e->a),
                                        adv_expr_hash(e->b), adv_expr_hash(e->c)};
    for (size_t i = 0; i < sizeof parts / sizeof *parts; i++)
        h = (h ^ parts[i]) * 1099511628211ull;
    return h;
}

void adv_expr_free(adv_expr *e)
{
    if (!e)
        return;
    adv_expr_free(e->a);
    adv_expr_free(e->b);
    adv_expr_free(e->c);
    free(e);
}

/* A polynomial in the atoms that can appear in a 1-D global index:
 * k + t*tid + b*bid + d*bdim + bd*bid*bdim + gd*gdim*bdim, plus u != 0 for
 * any other warp-uniform term (a y or z index, a product of uniform
 * terms).  Anything else is not an index we can reason about. */
typedef struct {
    int ok;
    long long k, t, b, d, bd, g, gd, u;
    char why[96];
} poly;

static poly bad(const char *why)
{
    poly p;
    memset(&p, 0, sizeof p);
    snprintf(p.why, sizeof p.why, "%s", why);
    return p;
}

static poly atom(long long k, long long t, long long b, long long d, long long g)
{
    poly p;
    memset(&p, 0, sizeof p);
    p.ok = 1;
    p.k = k, p.t = t, p.b = b, p.d = d, p.g = g;
    return p;
}

static int is_const(const poly *p)
{
    return !p->t && !p->b && !p->d && !p->bd && !p->g && !p->gd && !p->u;
}

/* Overflowing coefficients are reported as irregular, never wrapped. */
static int mul_ok(long long a, long long b, long long *out)
{
    return !__builtin_mul_overflow(a, b, out);
}

static int add_ok(long long a, long long b, long long *out)
{
    return !__builtin_add_overflow(a, b, out);
}

static poly scale(poly p, long long c)
{
    poly r = p;
    if (!mul_ok(p.k, c, &r.k) || !mul_ok(p.t, c, &r.t) || !mul_ok(p.b, c, &r.b) ||
        !mul_ok(p.d, c, &r.d) || !mul_ok(p.bd, c, &r.bd) || !mul_ok(p.g, c, &r.g) ||
        !mul_ok(p.gd, c, &r.gd))
        return bad("coefficient overflows 64 bits");
    r.u = c ? p.u : 0;
    return r;
}

static poly add(poly x, poly y)
{
    poly r = x;
    if (!add_ok(x.k, y.k, &r.k) || !add_ok(x.t, y.t, &r.t) || !add_ok(x.b, y.b, &r.b) ||
        !add_ok(x.d, y.d, &r.d) || !add_ok(x.bd, y.bd, &r.bd) || !add_ok(x.g, y.g, &r.g) ||
        !add_ok(x.gd, y.gd, &r.gd))
        return bad("coefficient overflows 64 bits");
    r.u = x.u || y.u;
    return r;
}

/* Product of two non-constant polynomials: only blockIdx.x*blockDim.x and
 * gridDim.x*blockDim.x (grid stride) are meaningful degree-2 terms. */
static poly mul_terms(poly x, poly y)
{
    if (is_const(&x))
        return scale(y, x.k);
    if (is_const(&y))
        return scale(x, y.k);
    int x_single_b = !x.k && !x.t && !x.d && !x.bd && !x.g && !x.gd && x.b;
    int x_single_g = !x.k && !x.t && !x.d && !x.bd && !x.b && !x.gd && x.g;
    int y_single_d = !y.k && !y.t && !y.b && !y.bd && !y.g && !y.gd && y.d;
    if ((x_single_b || x_single_g) && y_single_d) {
        poly r = atom(0, 0, 0, 0, 0);
        long long c;
        if (!mul_ok(x_single_b ? x.b : x.g, y.d, &c))
            return bad("coefficient overflows 64 bits");
        if (x_single_b)
            r.bd = c;
        else
            r.gd = c;
        return r;
    }
    int y_single_b = !y.k && !y.t && !y.d && !y.bd && !y.g && !y.gd && y.b;
    int y_single_g = !y.k && !y.t && !y.d && !y.bd && !y.b && !y.gd && y.g;
    int x_single_d = !x.k && !x.t && !x.b && !x.bd && !x.g && !x.gd && x.d;
    if ((y_single_b || y_single_g) && x_single_d)
        return mul_terms(y, x);
    if (!x.t && !y.t) { /* warp-uniform times warp-uniform */
        poly r = atom(0, 0, 0, 0, 0);
        r.u = 1;
        return r;
    }
    return bad("product of thread-dependent terms");
}

static poly eval(const adv_expr *e, const adv_params *pv, int depth)
{
    if (!e)
        return bad("missing operand");
    if (depth > 200)
        return bad("expression nested too deeply");
    switch (e->kind) {
    case ADV_X_CONST: return atom(e->value, 0, 0, 0, 0);
    case ADV_X_TID: return atom(0, 1, 0, 0, 0);
    case ADV_X_BID: return atom(0, 0, 1, 0, 0);
    case ADV_X_BDIM: return atom(0, 0, 0, 1, 0);
    case ADV_X_GDIM: return atom(0, 0, 0, 0, 1);
    case ADV_X_UNIFORM: {
        poly p = atom(0, 0, 0, 0, 0);
        p.u = 1;
        return p;
    }
    case ADV_X_PARAM:
        if (!pv || e->param < 0 || e->param >= pv->n || !pv->known[e->param]) {
            char why[96];
            snprintf(why, sizeof why, "depends on parameter '%s' with no value",
                     pv && pv->names && e->param >= 0 && e->param < pv->n ? pv->names[e->param] : "?");
            return bad(why);
        }
        return atom(pv->value[e->param], 0, 0, 0, 0);
    case ADV_X_NEG: {
        poly a = eval(e->a, pv, depth + 1);
        return a.ok ? scale(a, -1) : a;
    }
    case ADV_X_ADD:
    case ADV_X_SUB:
    case ADV_X_MUL:
    case ADV_X_SHL: {
        poly a = eval(e->a, pv, depth + 1);
        if (!a.ok)
            return a;
        poly b = eval(e->b, pv, depth + 1);
        if (!b.ok)
            return b;
        if (e->kind == ADV_X_ADD)
            return add(a, b);
        if (e->kind == ADV_X_SUB)
            return add(a, scale(b, -1));
        if (e->kind == ADV_X_MUL)
            return mul_terms(a, b);
        if (!is_const(&b) || b.k < 0 || b.k > 62)
            return bad("shift by a non-constant amount");
        return scale(a, 1ll << b.k);
    }
    case ADV_X_CAST: /* no wrap assumed here: adv_index_check_affine evaluates */
        return eval(e->a, pv, depth + 1);
    default: return bad(e->why[0] ? e->why : "not an affine expression");
    }
}

/* The verdict with the parameters as given. */
static adv_affine classify(const adv_expr *e, const adv_params *params)
{
    adv_affine r;
    memset(&r, 0, sizeof r);
    r.sym_param = -1;
    poly p = eval(e, params, 0);
    if (!p.ok) {
        snprintf(r.why, sizeof r.why, "%s", p.why);
        return r;
    }
    /* Within a warp (blockDim.x a multiple of 32) only threadIdx.x varies:
     * every other term moves the warp's window, not its shape. */
    r.affine = 1;
    r.stride = p.t;
    r.offset = p.k;
    /* stride*g + offset exactly, a constant, or threadIdx.x alone (the same
     * shape in every warp) */
    if (!p.b && !p.d && !p.g && !p.gd && !p.u && (p.bd == 0 || p.bd == p.t))
        return r;
    r.per_warp = 1;
    adv_thread t0 = {0, 0, GM_LAUNCH_BLOCK, 1};
    char why[96];
    long long v;
    if (adv_index_eval(e, &t0, params, &v, why, sizeof why) == 0)
        r.offset = v;
    return r;
}

static int uses_param(const adv_expr *e, int p)
{
    return e && ((e->kind == ADV_X_PARAM && e->param == p) || uses_param(e->a, p) || uses_param(e->b, p) ||
                 uses_param(e->c, p));
}

adv_affine adv_index_classify(const adv_expr *e, const adv_params *params)
{
    adv_affine r = classify(e, params);
    /* a stride that moves with an assumed parameter is reported as a
     * function of it: classify again with the value one higher */
    for (int p = 0; r.affine && params && params->assumed && p < params->n && r.sym_param < 0; p++) {
        if (!params->assumed[p] || !uses_param(e, p))
            continue;
        long long *vals = gm_xcalloc((size_t)params->n, sizeof *vals);
        memcpy(vals, params->value, (size_t)params->n * sizeof *vals);
        vals[p]++;
        adv_params moved = *params;
        moved.value = vals;
        adv_affine r2 = classify(e, &moved);
        free(vals);
        if (r2.affine && r2.stride != r.stride) {
            r.sym_param = p;
            r.sym_coef = r2.stride - r.stride;
            r.sym_base = r.stride - r.sym_coef * params->value[p];
        }
    }
    return r;
}

const char *adv_affine_stride_text(const adv_affine *a, const adv_params *params, char *out, size_t n)
{
    if (a->sym_param < 0 || !params || !params->names || a->sym_param >= params->n) {
        snprintf(out, n, "%lld", a->stride);
        return out;
    }
    const char *name = params->names[a->sym_param];
    char coef[32] = "", base[32] = "";
    if (a->sym_coef != 1)
        snprintf(coef, sizeof coef, "%lld*", a->sym_coef);
    if (a->sym_base)
        snprintf(base, sizeof base, "%+lld", a->sym_base);
    snprintf(out, n, "%s%s%s", coef, name, base);
    return out;
}

static int eval_fail(char *why, size_t n, const char *msg)
{
    snprintf(why, n, "%s", msg);
    return -1;
}

/* Whether e reads a parameter whose value the model assumed (nobody gave
 * it).  A divisor that such values make 0 (reorg's c / (stride*stride),
 * both at GM_ASSUMED_PARAM) is one no run of the kernel divides by, so
 * the model divides by 1, the least a run could, and lets the rest of the
 * index decide, where it would otherwise give the access up.  Looked at
 * only when a divisor is 0. */
static int uses_assumed(const adv_expr *e, const adv_params *pv)
{
    if (!e || !pv || !pv->assumed)
        return 0;
    if (e->kind == ADV_X_PARAM)
        return e->param >= 0 && e->param < pv->n && pv->assumed[e->param];
    return uses_assumed(e->a, pv) || uses_assumed(e->b, pv) || uses_assumed(e->c, pv);
}

static long long divisor(const adv_expr *e, long long b, const adv_params *pv)
{
    return !b && (e->kind == ADV_X_DIV || e->kind == ADV_X_MOD) && uses_assumed(e->b, pv) ? 1 : b;
}

static int eval_binary(adv_xkind k, long long a, long long b, long long *out, char *why, size_t n)
{
    switch (k) {
    case ADV_X_ADD: *out = (long long)((unsigned long long)a + (unsigned long long)b); return 0;
    case ADV_X_SUB: *out = (long long)((unsigned long long)a - (unsigned long long)b); return 0;
    case ADV_X_MUL: *out = (long long)((unsigned long long)a * (unsigned long long)b); return 0;
    case ADV_X_DIV:
    case ADV_X_MOD:
        if (b == 0 || (a == LLONG_MIN && b == -1))
            return eval_fail(why, n, "division by zero in the index");
        *out = k == ADV_X_DIV ? a / b : a % b;
        return 0;
    case ADV_X_AND: *out = a & b; return 0;
    case ADV_X_OR: *out = a | b; return 0;
    case ADV_X_XOR: *out = a ^ b; return 0;
    case ADV_X_EQ: *out = a == b; return 0;
    case ADV_X_NE: *out = a != b; return 0;
    case ADV_X_LT: *out = a < b; return 0;
    case ADV_X_GT: *out = a > b; return 0;
    case ADV_X_LE: *out = a <= b; return 0;
    case ADV_X_GE: *out = a >= b; return 0;
    case ADV_X_LAND: *out = a && b; return 0;
    case ADV_X_LOR: *out = a || b; return 0;
    default: return eval_fail(why, n, "unknown operator");
    }
}

/* C's conversion of a to an integer of `bits` bits. */
static long long convert(long long a, unsigned bits, int is_unsigned)
{
    if (bits == 0 || bits >= 64)
        return a;
    unsigned long long mask = (1ull << bits) - 1, v = (unsigned long long)a & mask;
    if (!is_unsigned && (v >> (bits - 1)))
        v |= ~mask; /* sign-extend */
    return (long long)v;
}

static int eval_at(const adv_expr *e, const adv_thread *t, const adv_params *pv, long long *out,
                   char *why, size_t n, int depth);

/* a << b or a >> b where C says so: the amount within a's width. */
static int shift(const adv_expr *e, long long a, long long b, long long *out, char *why, size_t n)
{
    unsigned width = e->a && e->a->kind == ADV_X_CAST ? e->a->bits : 64;
    if (b < 0 || (unsigned long long)b >= width) {
        snprintf(why, n, "shift of a %u-bit value by %lld: undefined in C", width, b);
        return -1;
    }
    if (e->kind == ADV_X_SHR) {
        *out = a >> b;
        return 0;
    }
    if (width == 64 && b > 62)
        return eval_fail(why, n, "shift amount out of range");
    *out = (long long)((unsigned long long)a << b);
    return 0;
}

/* One thread's shift e. */
static int eval_shift(const adv_expr *e, const adv_thread *t, const adv_params *pv, long long *out,
                      char *why, size_t n, int depth)
{
    long long a, b;
    if (eval_at(e->a, t, pv, &a, why, n, depth + 1) || eval_at(e->b, t, pv, &b, why, n, depth + 1))
        return -1;
    return shift(e, a, b, out, why, n);
}

static int eval_at(const adv_expr *e, const adv_thread *t, const adv_params *pv, long long *out,
                   char *why, size_t n, int depth)
{
    if (!e)
        return eval_fail(why, n, "missing operand");
    if (depth > 200)
        return eval_fail(why, n, "expression nested too deeply");
    long long a, b;
    switch (e->kind) {
    case ADV_X_CONST: *out = e->value; return 0;
    case ADV_X_TID: *out = t->tid; return 0;
    case ADV_X_BID: *out = t->bid; return 0;
    case ADV_X_BDIM: *out = t->bdim; return 0;
    case ADV_X_GDIM: *out = t->gdim; return 0;
    case ADV_X_UNIFORM: *out = e->value; return 0;
    case ADV_X_PARAM:
        if (!pv || e->param < 0 || e->param >= pv->n || !pv->known[e->param]) {
            snprintf(why, n, "depends on parameter '%s' with no value",
                     pv && pv->names && e->param >= 0 && e->param < pv->n ? pv->names[e->param] : "?");
            return -1;
        }
        *out = pv->value[e->param];
        return 0;
    case ADV_X_NEG:
    case ADV_X_NOT:
    case ADV_X_BNOT:
        if (eval_at(e->a, t, pv, &a, why, n, depth + 1))
            return -1;
        *out = e->kind == ADV_X_NEG ? (long long)(0ull - (unsigned long long)a)
               : e->kind == ADV_X_NOT ? !a : ~a;
        return 0;
    case ADV_X_COND:
        if (eval_at(e->a, t, pv, &a, why, n, depth + 1))
            return -1;
        return eval_at(a ? e->b : e->c, t, pv, out, why, n, depth + 1);
    case ADV_X_CAST:
        if (eval_at(e->a, t, pv, &a, why, n, depth + 1))
            return -1;
        *out = convert(a, e->bits, e->is_unsigned);
        return 0;
    case ADV_X_SHL:
    case ADV_X_SHR: return eval_shift(e, t, pv, out, why, n, depth);
    case ADV_X_OPAQUE: {
        long long at;
        if (pv && pv->gather && e->param >= 0 && e->a && !strcmp(e->why, ADV_GATHER_WHY) &&
            eval_at(e->a, t, pv, &at, why, n, depth + 1) == 0 && pv->gather->value(pv->gather->ctx, e->param, at, out) == 0)
            return 0;
        return eval_fail(why, n, e->why[0] ? e->why : "not computable");
    }
    default:
        if (eval_at(e->a, t, pv, &a, why, n, depth + 1) || eval_at(e->b, t, pv, &b, why, n, depth + 1))
            return -1;
        return eval_binary(e->kind, a, divisor(e, b, pv), out, why, n);
    }
}

int adv_index_eval(const adv_expr *e, const adv_thread *t, const adv_params *params,
                   long long *out, char *why, size_t why_len)
{
    return eval_at(e, t, params, out, why, why_len, 0);
}

/* ---- many threads at once ---------------------------------------------------
 * The model evaluates an index for thousands of threads; walking the tree
 * once for a run of consecutive threads, each node computing every lane,
 * is what keeps a large file's check fast.  Lanes outside `live` (the
 * branch of a ?: a lane does not take) compute garbage and never fail.
 * Any failing lane fails the run: adv_index_eval_threads then evaluates
 * thread by thread for the reason, so both paths give the same answer. */

typedef struct {
    unsigned n;
    long long tid[ADV_INDEX_LANES], bid[ADV_INDEX_LANES], bdim, gdim;
    const adv_params *pv;
} lanes;

typedef unsigned long long lane_mask;

static int lanes_at(const adv_expr *e, const lanes *r, lane_mask live, long long *out, int depth);

static void lanes_fill(const lanes *r, long long v, long long *out)
{
    for (unsigned l = 0; l < r->n; l++)
        out[l] = v;
}

static int lanes_cond(const adv_expr *e, const lanes *r, lane_mask live, long long *out, int depth)
{
    long long c[ADV_INDEX_LANES], alt[ADV_INDEX_LANES];
    lanes_fill(r, 0, out); /* a lane neither branch computes still holds a value */
    lanes_fill(r, 0, alt);
    if (lanes_at(e->a, r, live, c, depth + 1))
        return -1;
    lane_mask yes = 0;
    for (unsigned l = 0; l < r->n; l++)
        yes |= (lane_mask)(c[l] != 0) << l;
    if (((live & yes) && lanes_at(e->b, r, live & yes, out, depth + 1)) ||
        ((live & ~yes) && lanes_at(e->c, r, live & ~yes, alt, depth + 1)))
        return -1;
    for (unsigned l = 0; l < r->n; l++)
        if (!(yes >> l & 1))
            out[l] = alt[l];
    return 0;
}

/* a op b lane by lane, by the one thread's rules (the reason is not kept:
 * a failing run is evaluated again thread by thread).  + - * stay inline:
 * a call per lane for them cost a large file's check 5 %. */
static int lanes_binary(const adv_expr *e, const lanes *r, lane_mask live, long long *a,
                        const long long *b)
{
    char why[96];
    for (unsigned l = 0; l < r->n; l++) {
        if (!(live >> l & 1))
            continue;
        unsigned long long x = (unsigned long long)a[l], y = (unsigned long long)b[l];
        switch (e->kind) {
        case ADV_X_ADD: a[l] = (long long)(x + y); break;
        case ADV_X_SUB: a[l] = (long long)(x - y); break;
        case ADV_X_MUL: a[l] = (long long)(x * y); break;
        case ADV_X_SHL:
        case ADV_X_SHR:
            if (shift(e, a[l], b[l], &a[l], why, sizeof why))
                return -1;
            break;
        default:
            if (eval_binary(e->kind, a[l], divisor(e, b[l], r->pv), &a[l], why, sizeof why))
                return -1;
        }
    }
    return 0;
}

static int lanes_at(const adv_expr *e, const lanes *r, lane_mask live, long long *out, int depth)
{
    if (!e || depth > 200)
        return -1;
    long long b[ADV_INDEX_LANES];
    switch (e->kind) {
    case ADV_X_CONST:
    case ADV_X_UNIFORM: lanes_fill(r, e->value, out); return 0;
    case ADV_X_TID: memcpy(out, r->tid, r->n * sizeof *out); return 0;
    case ADV_X_BID: memcpy(out, r->bid, r->n * sizeof *out); return 0;
    case ADV_X_BDIM: lanes_fill(r, r->bdim, out); return 0;
    case ADV_X_GDIM: lanes_fill(r, r->gdim, out); return 0;
    case ADV_X_PARAM:
        if (!r->pv || e->param < 0 || e->param >= r->pv->n || !r->pv->known[e->param])
            return -1;
        lanes_fill(r, r->pv->value[e->param], out);
        return 0;
    case ADV_X_NEG:
    case ADV_X_NOT:
    case ADV_X_BNOT:
    case ADV_X_CAST:
        if (lanes_at(e->a, r, live, out, depth + 1))
            return -1;
        for (unsigned l = 0; l < r->n; l++)
            out[l] = e->kind == ADV_X_NEG ? (long long)(0ull - (unsigned long long)out[l])
                     : e->kind == ADV_X_NOT ? !out[l]
                     : e->kind == ADV_X_BNOT ? ~out[l]
                     : convert(out[l], e->bits, e->is_unsigned);
        return 0;
    case ADV_X_COND: return lanes_cond(e, r, live, out, depth);
    case ADV_X_OPAQUE: return -1;
    default:
        if (lanes_at(e->a, r, live, out, depth + 1) || lanes_at(e->b, r, live, b, depth + 1))
            return -1;
        return lanes_binary(e, r, live, out, b);
    }
}

int adv_index_eval_threads(const adv_expr *e, long long g0, unsigned n, long long block, long long grid,
                           const adv_params *params, long long *out, long long *bad, char *why,
                           size_t why_len)
{
    lanes r = {.n = n, .bdim = block, .gdim = grid, .pv = params};
    for (unsigned l = 0; l < n && l < ADV_INDEX_LANES; l++) {
        r.tid[l] = (g0 + l) % block;
        r.bid[l] = (g0 + l) / block;
    }
    if (n <= ADV_INDEX_LANES && lanes_at(e, &r, n == 64 ? ~0ull : (1ull << n) - 1, out, 0) == 0)
        return 0;
    for (unsigned l = 0; l < n; l++) {
        adv_thread t = {(g0 + l) % block, (g0 + l) / block, block, grid};
        if (eval_at(e, &t, params, &out[l], why, why_len, 0)) {
            *bad = g0 + l;
            return -1;
        }
    }
    return 0;
}

void adv_index_check_affine(const adv_expr *e, const adv_params *params, long long count,
                            unsigned block, unsigned edge, adv_affine *cls)
{
    if (!cls->affine || count <= 0)
        return;
    /* the verdict is per warp: lane l of a warp is stride*l past lane 0
     * (a whole warp may move, e.g. threadIdx.x alone); warp 0 starts at
     * offset */
    long long grid = (count + block - 1) / block, warps = (count + 31) / 32, per_end = edge / 32;
    for (long long i = 0; i < 2 * per_end; i++) {
        long long w = i < per_end ? i : warps - 2 * per_end + i;
        if (w < 0 || w >= warps || (i >= per_end && w < per_end))
            continue;
        long long v[32], bad, base, want;
        unsigned n = count - w * 32 < 32 ? (unsigned)(count - w * 32) : 32;
        char why[96];
        /* threads before the first that fails are still checked first: the
         * earliest thread's problem is the one reported */
        int failed = adv_index_eval_threads(e, w * 32, n, block, grid, params, v, &bad, why, sizeof why);
        unsigned done = failed ? (unsigned)(bad - w * 32) : n;
        base = w == 0 ? cls->offset : done ? v[0] : 0;
        for (unsigned l = 0; l < done; l++) {
            long long g = w * 32 + l;
            int exact = !__builtin_mul_overflow(cls->stride, (long long)l, &want) &&
                        !__builtin_add_overflow(want, base, &want);
            if (!exact || v[l] != want) {
                snprintf(cls->why, sizeof cls->why,
                         "wraps: thread %lld gets %lld, not %lld (the index overflows its C type)", g, v[l],
                         exact ? want : 0);
                cls->affine = 0;
                return;
            }
        }
        if (failed) {
            snprintf(cls->why, sizeof cls->why, "%s (thread %lld)", why, bad);
            cls->affine = 0;
            return;
        }
    }
}
