/* libFuzzer target: the index-expression classifier.  The input bytes are
 * decoded into an expression tree (a byte picks the node, the following
 * bytes its operands or constant).  Beyond "no crash, no UB", it checks
 * the contract of the verdict the model uses (the classifier, then
 * adv_index_check_affine on the launch, as adv_model_classify does),
 * which is what coalescing depends on: when it says an index is affine
 * with stride s, the lanes of any warp evaluate to v(lane) = v(0) + s*lane
 * (stride 0: one address for the whole warp). */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "../../advisor/core/index.h"

typedef struct {
    const uint8_t *d;
    size_t n, at;
} reader;

static int next(reader *r)
{
    return r->at < r->n ? r->d[r->at++] : -1;
}

static adv_expr *decode(reader *r, int depth)
{
    int b = next(r);
    if (b < 0 || depth > 12)
        return adv_expr_const(1);
    adv_xkind k = (adv_xkind)(b % (ADV_X_OPAQUE + 1));
    switch (k) {
    case ADV_X_CONST: {
        int v = next(r);
        return adv_expr_const(v < 0 ? 0 : (long long)(int8_t)v);
    }
    case ADV_X_TID: case ADV_X_BID: case ADV_X_BDIM: case ADV_X_GDIM:
        return adv_expr_new(k, NULL, NULL);
    case ADV_X_PARAM: {
        adv_expr *e = adv_expr_new(k, NULL, NULL);
        int p = next(r);
        e->param = p < 0 ? 0 : p % 4;
        return e;
    }
    case ADV_X_OPAQUE:
        return adv_expr_opaque("fuzz");
    case ADV_X_CAST: {
        adv_expr *e = adv_expr_new(k, decode(r, depth + 1), NULL);
        int w = next(r);
        e->bits = (unsigned char)(8 << ((w < 0 ? 2 : w) % 3));
        e->is_unsigned = (unsigned char)(w >= 0 && (w & 4));
        return e;
    }
    default: {
        adv_expr *a = decode(r, depth + 1);
        adv_expr *bb = k == ADV_X_NEG || k == ADV_X_NOT || k == ADV_X_BNOT ? NULL : decode(r, depth + 1);
        adv_expr *e = adv_expr_new(k, a, bb);
        if (k == ADV_X_COND)
            e->c = decode(r, depth + 1);
        return e;
    }
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    reader r = {data, size, 0};
    adv_expr *e = decode(&r, 0);
    long long vals[4] = {3, 0, -7, 1 << 20};
    unsigned char known[4] = {1, 1, 1, 0};
    const char *names[4] = {"a", "b", "c", "d"};
    adv_params ps = {4, vals, known, names};
    adv_affine cls = adv_index_classify(e, &ps);
    adv_index_check_affine(e, &ps, 4 * 64, 64, 1024, &cls); /* the two launches below */
    adv_index_check_affine(e, &ps, 2 * 256, 256, 1024, &cls);
    adv_expr *copy = adv_expr_clone(e);
    static const adv_thread warps[3] = {{0, 0, 64, 4}, {32, 3, 64, 4}, {0, 1, 256, 2}};
    for (int w = 0; w < 3 && cls.affine; w++) {
        long long v0 = 0, v;
        char why[128];
        for (long long lane = 0; lane < 32; lane++) {
            adv_thread th = warps[w];
            th.tid += lane;
            if (adv_index_eval(copy, &th, &ps, &v, why, sizeof why) != 0)
                break;
            if (lane == 0)
                v0 = v;
            else if ((unsigned long long)v0 + (unsigned long long)cls.stride * (unsigned long long)lane !=
                     (unsigned long long)v) {
                fprintf(stderr, "classified stride %lld, but in warp %d lane %lld evaluates to %lld "
                        "and lane 0 to %lld\n", cls.stride, w, lane, v, v0);
                abort();
            }
        }
    }
    adv_expr_free(copy);
    adv_expr_free(e);
    return 0;
}
