/* The index classifier against closed forms: the global index g, its
 * multiples and offsets, parameters, and the shapes that are not affine. */
#include "../advisor/core/index.h"
#include "check.h"
#include <string.h>

static adv_expr *c(long long v) { return adv_expr_const(v); }
static adv_expr *op(adv_xkind k, adv_expr *a, adv_expr *b) { return adv_expr_new(k, a, b); }
static adv_expr *atom(adv_xkind k) { return adv_expr_new(k, NULL, NULL); }
/* blockIdx.x * blockDim.x + threadIdx.x */
static adv_expr *gid(void)
{
    return op(ADV_X_ADD, op(ADV_X_MUL, atom(ADV_X_BID), atom(ADV_X_BDIM)), atom(ADV_X_TID));
}

static adv_affine classify(adv_expr *e, const adv_params *p)
{
    adv_affine r = adv_index_classify(e, p);
    adv_expr_free(e);
    return r;
}

/* adv_index_eval_threads gives each thread what adv_index_eval gives it. */
static void same_as_one_by_one(const adv_expr *e, long long g0, unsigned n, long long block)
{
    long long run[40], bad = -1;
    char why[96];
    CHECK_EQ(adv_index_eval_threads(e, g0, n, block, 1000, NULL, run, &bad, why, sizeof why), 0);
    for (unsigned l = 0; l < n; l++) {
        adv_thread t = {(g0 + (long long)l) % block, (g0 + (long long)l) / block, block, 1000};
        long long one;
        CHECK_EQ(adv_index_eval(e, &t, NULL, &one, why, sizeof why), 0);
        CHECK_EQ(run[l], one);
    }
}

static void check_runs(void)
{
    /* (g * 3) % 7 - threadIdx.x / 4, and (unsigned char)(g * 37) >> 1 */
    adv_expr *e = op(ADV_X_SUB, op(ADV_X_MOD, op(ADV_X_MUL, gid(), c(3)), c(7)), op(ADV_X_DIV, atom(ADV_X_TID), c(4)));
    same_as_one_by_one(e, 0, 32, 256);
    same_as_one_by_one(e, 250, 32, 256); /* across a block's end */
    same_as_one_by_one(e, 5, 40, 64);    /* longer than a run: thread by thread */
    adv_expr_free(e);
    adv_expr *narrow = op(ADV_X_CAST, op(ADV_X_MUL, gid(), c(37)), NULL);
    narrow->bits = 8;
    narrow->is_unsigned = 1;
    e = op(ADV_X_SHR, narrow, c(1));
    same_as_one_by_one(e, 96, 32, 256);
    adv_expr_free(e);
    /* g % 2 ? 100 / (g % 2) : 0: the division a thread does not take cannot fail it */
    e = op(ADV_X_COND, op(ADV_X_MOD, gid(), c(2)), op(ADV_X_DIV, c(100), op(ADV_X_MOD, gid(), c(2))));
    e->c = c(0);
    same_as_one_by_one(e, 0, 32, 256);
    adv_expr_free(e);
    /* 64 / (g - 37): thread 37 divides by zero; the run names it with the reason */
    e = op(ADV_X_DIV, c(64), op(ADV_X_SUB, gid(), c(37)));
    long long out[32], bad = -1;
    char why[96] = "";
    CHECK_EQ(adv_index_eval_threads(e, 32, 32, 256, 1000, NULL, out, &bad, why, sizeof why), -1);
    CHECK_EQ(bad, 37);
    CHECK(strstr(why, "division by zero") != NULL);
    adv_expr_free(e);
}

/* A divisor that only assumed parameters make 0 (c / (s * s) with c and s
 * both at the value nobody gave) is divided by 1, thread by thread and in
 * runs alike; the same values given fail as a division by zero. */
static void check_assumed_divisor(void)
{
    long long vals[2] = {1024, 1024};
    unsigned char known[2] = {1, 1}, assumed[2] = {1, 1};
    const char *names[2] = {"c", "s"};
    adv_params pv = {2, vals, known, names, assumed, NULL};
    adv_expr *pc = atom(ADV_X_PARAM), *ps1 = atom(ADV_X_PARAM), *ps2 = atom(ADV_X_PARAM), *ps3 = atom(ADV_X_PARAM);
    pc->param = 0;
    ps1->param = ps2->param = ps3->param = 1;
    /* g * s + g % (c / (s * s)) */
    adv_expr *e = op(ADV_X_ADD, op(ADV_X_MUL, gid(), ps1), op(ADV_X_MOD, gid(), op(ADV_X_DIV, pc, op(ADV_X_MUL, ps2, ps3))));
    long long out[32], bad = -1, one = -1;
    char why[96] = "";
    CHECK_EQ(adv_index_eval_threads(e, 0, 32, 256, 1000, &pv, out, &bad, why, sizeof why), 0);
    adv_thread t = {5, 0, 256, 1000};
    CHECK_EQ(adv_index_eval(e, &t, &pv, &one, why, sizeof why), 0);
    CHECK_EQ(one, 5 * 1024);
    for (unsigned l = 0; l < 32; l++)
        CHECK_EQ(out[l], (long long)l * 1024);
    assumed[0] = assumed[1] = 0; /* given: a real division by zero */
    CHECK_EQ(adv_index_eval_threads(e, 0, 32, 256, 1000, &pv, out, &bad, why, sizeof why), -1);
    CHECK(strstr(why, "division by zero") != NULL);
    CHECK_EQ(adv_index_eval(e, &t, &pv, &one, why, sizeof why), -1);
    adv_expr_free(e);
}

int main(void)
{
    check_assumed_divisor();
    for (long long s = 1; s <= 32; s++)
        for (long long off = 0; off <= 32; off += 8) {
            adv_affine r = classify(op(ADV_X_ADD, op(ADV_X_MUL, gid(), c(s)), c(off)), NULL);
            CHECK(r.affine);
            CHECK_EQ(r.stride, s);
            CHECK_EQ(r.offset, off);
        }
    /* threadIdx.x + blockDim.x * blockIdx.x, written the other way round */
    adv_affine r = classify(op(ADV_X_ADD, atom(ADV_X_TID), op(ADV_X_MUL, atom(ADV_X_BDIM), atom(ADV_X_BID))), NULL);
    CHECK(r.affine && r.stride == 1 && r.offset == 0);
    /* (g << 2) - 3 */
    r = classify(op(ADV_X_SUB, op(ADV_X_SHL, gid(), c(2)), c(3)), NULL);
    CHECK(r.affine && r.stride == 4 && r.offset == -3);
    /* g + offset, with offset = 11 given */
    long long vals[1] = {11};
    unsigned char known[1] = {1};
    const char *names[1] = {"offset"};
    adv_params pv = {1, vals, known, names, NULL, NULL};
    adv_expr *p = atom(ADV_X_PARAM);
    p->param = 0;
    r = classify(op(ADV_X_ADD, gid(), p), &pv);
    CHECK(r.affine && r.stride == 1 && r.offset == 11);
    /* an unknown parameter makes the index irregular, with the name in why */
    known[0] = 0;
    p = atom(ADV_X_PARAM);
    p->param = 0;
    r = classify(op(ADV_X_ADD, gid(), p), &pv);
    CHECK(!r.affine && strstr(r.why, "offset"));
    /* warp-uniform: blockIdx.x alone */
    r = classify(atom(ADV_X_BID), NULL);
    CHECK(r.affine && r.stride == 0);
    /* threadIdx.x * threadIdx.x is not affine */
    r = classify(op(ADV_X_MUL, atom(ADV_X_TID), atom(ADV_X_TID)), NULL);
    CHECK(!r.affine);
    /* 2*threadIdx.x + blockIdx.x*blockDim.x: stride 2 within each warp,
     * blocks overlapping (a per-warp verdict) */
    r = classify(op(ADV_X_ADD, op(ADV_X_MUL, c(2), atom(ADV_X_TID)), op(ADV_X_MUL, atom(ADV_X_BID), atom(ADV_X_BDIM))), NULL);
    CHECK(r.affine && r.stride == 2 && r.per_warp);
    /* a 2-D row: (blockIdx.y*blockDim.y + threadIdx.y) * 64 + g is stride 1, per warp */
    adv_expr *ty = atom(ADV_X_UNIFORM), *by = atom(ADV_X_UNIFORM), *bdy = atom(ADV_X_UNIFORM);
    bdy->value = 1;
    adv_expr *row = op(ADV_X_ADD, op(ADV_X_MUL, by, bdy), ty);
    r = classify(op(ADV_X_ADD, op(ADV_X_MUL, row, c(64)), gid()), NULL);
    CHECK(r.affine && r.stride == 1 && r.per_warp && r.offset == 0);
    /* a column: g * rows + row, rows assumed: stride "rows" */
    long long rv[1] = {1024};
    unsigned char rk[1] = {1}, ra[1] = {1};
    const char *rn[1] = {"rows"};
    adv_params rp = {1, rv, rk, rn, ra, NULL};
    adv_expr *rows = atom(ADV_X_PARAM);
    rows->param = 0;
    ty = atom(ADV_X_UNIFORM);
    r = classify(op(ADV_X_ADD, op(ADV_X_MUL, gid(), rows), ty), &rp);
    char st[32];
    CHECK(r.affine && r.stride == 1024 && r.sym_param == 0 && r.sym_coef == 1 && r.sym_base == 0);
    CHECK(!strcmp(adv_affine_stride_text(&r, &rp, st, sizeof st), "rows"));
    /* 2*rows+1 */
    rows = atom(ADV_X_PARAM);
    rows->param = 0;
    r = classify(op(ADV_X_MUL, gid(), op(ADV_X_ADD, op(ADV_X_MUL, c(2), rows), c(1))), &rp);
    CHECK(!strcmp(adv_affine_stride_text(&r, &rp, st, sizeof st), "2*rows+1"));
    /* a uniform value times threadIdx.x is not affine: its stride differs per block */
    r = classify(op(ADV_X_MUL, atom(ADV_X_UNIFORM), atom(ADV_X_TID)), NULL);
    CHECK(!r.affine);
    /* opaque leaves carry their reason */
    r = classify(op(ADV_X_ADD, gid(), adv_expr_opaque("conditional (?:) index")), NULL);
    CHECK(!r.affine && strstr(r.why, "conditional"));
    /* overflow is reported, not wrapped */
    r = classify(op(ADV_X_MUL, op(ADV_X_MUL, gid(), c(1ll << 40)), c(1ll << 40)), NULL);
    CHECK(!r.affine && strstr(r.why, "overflow"));
    check_runs();
    return TEST_DONE();
}
