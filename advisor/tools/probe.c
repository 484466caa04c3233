#include "probe.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../common/strbuf.h"
#include "../../jit/runner.h"
#include "../core/search.h"
#include "../engine/builtin.h"

static prow *push(adv_probe_rows *rs, row_kind kind, const char *what)
{
    rs->r = gm_xrealloc(rs->r, (rs->n + 1) * sizeof *rs->r);
    prow *r = &rs->r[rs->n++];
    memset(r, 0, sizeof *r);
    r->kind = kind;
    snprintf(r->what, sizeof r->what, "%s", what);
    return r;
}

/* g % 2 == 0 ? 2 * g : g, with g = blockIdx.x * blockDim.x + threadIdx.x */
static adv_expr *even_odd_expr(void)
{
    adv_expr *g = adv_expr_new(ADV_X_ADD,
                               adv_expr_new(ADV_X_MUL, adv_expr_new(ADV_X_BID, NULL, NULL),
                                            adv_expr_new(ADV_X_BDIM, NULL, NULL)),
                               adv_expr_new(ADV_X_TID, NULL, NULL));
    adv_expr *c = adv_expr_new(ADV_X_EQ, adv_expr_new(ADV_X_MOD, adv_expr_clone(g), adv_expr_const(2)),
                               adv_expr_const(0));
    adv_expr *e = adv_expr_new(ADV_X_COND, c, adv_expr_new(ADV_X_MUL, adv_expr_const(2), adv_expr_clone(g)));
    e->c = g;
    return e;
}

void adv_probe_builtin(adv_probe_rows *rs)
{
    char w[200];
    for (int o = 0; o <= 32; o++) {
        snprintf(w, sizeof w, "offset copy, offset %d floats", o);
        prow *r = push(rs, ROW_OFFSET_COPY, w);
        r->p = adv_pattern_array(0, 4, 1, o, 4, 4);
        r->extra = o;
    }
    for (int s = 1; s <= 32; s++) {
        snprintf(w, sizeof w, "stride copy, stride %d floats", s);
        prow *r = push(rs, ROW_STRIDE_COPY, w);
        r->p = adv_pattern_array(0, 4, s, 0, 4, 4);
        r->extra = s;
    }
    push(rs, ROW_VEC4_COPY, "float4 copy")->p = adv_pattern_array(0, 16, 1, 0, 16, 16);
    static const unsigned sizes[] = {8, 12, 16, 24, 28, 32, 48, 64};
    for (size_t i = 0; i < sizeof sizes / sizeof *sizes; i++) {
        unsigned S = sizes[i], f = S - 4;
        snprintf(w, sizeof w, "float field at offset %u of a %u-byte struct", f, S);
        push(rs, ROW_LD, w)->p = adv_pattern_array(f, S, 1, 0, 4, 4);
    }
    push(rs, ROW_LD, "float2 load")->p = adv_pattern_array(0, 8, 1, 0, 8, 8);
    push(rs, ROW_LD, "float3 load (three 4-byte loads)")->p = adv_pattern_array(0, 12, 1, 0, 12, 4);
    push(rs, ROW_LD, "__align__(16) float3 load")->p = adv_pattern_array(0, 16, 1, 0, 16, 16);
    push(rs, ROW_LD, "float4 load, 8-byte-misaligned base as two float2")->p = adv_pattern_array(8, 16, 1, 0, 16, 8);
    push(rs, ROW_LD, "char load, base misaligned by 7 bytes")->p = adv_pattern_array(7, 1, 1, 0, 1, 1);
    push(rs, ROW_ST, "char store, base misaligned by 7 bytes")->p = adv_pattern_array(7, 1, 1, 0, 1, 1);
    push(rs, ROW_ST, "float store, stride 2")->p = adv_pattern_array(0, 4, 2, 0, 4, 4);
    rs->even_odd = even_odd_expr();
    prow *r = push(rs, ROW_LD, "even/odd index (seeds): g%2==0 ? 2g : g");
    r->p = adv_pattern_array(0, 4, 1, 0, 4, 4);
    r->p.index = rs->even_odd;
    r->even_odd = 1;
}

/* One row per piece of access a of kernel k with its struct in layout sp
 * (NULL: as declared). */
static void probe_access(adv_probe_rows *rs, const adv_model *m, unsigned k, unsigned a, const adv_layout_spec *sp)
{
    const adv_kernel *kn = adv_model_kernel(m, k);
    const adv_access *x = &kn->acc[a];
    long long hi = llabs(x->cls.stride) * PROBE_THREADS + llabs(x->cls.offset) + 1;
    char why[128], lb[512] = "aos";
    adv_layout *lay = NULL;
    if (sp) {
        const adv_struct *s = adv_model_struct(m, (unsigned)x->struct_idx);
        lay = adv_layout_make(s, sp, (unsigned long long)hi, why, sizeof why);
        if (!lay)
            return;
        adv_layout_spec_label(s, sp, lb, sizeof lb);
    }
    adv_pattern pt[64];
    unsigned n = adv_access_patterns(m, k, a, x->struct_idx, lay, NULL, pt, 64, why, sizeof why);
    for (unsigned i = 0; i < n; i++) {
        char w[700];
        snprintf(w, sizeof w, "%s: %s %s[%s]%s%s, %s%s", kn->label, x->mode == ADV_WRITE ? "write" : "read",
                 kn->params[x->param].name, x->index, x->path[0] && x->path[0] != '[' ? "." : "", x->path, lb,
                 n > 1 ? " (one piece)" : "");
        prow *r = push(rs, x->mode == ADV_WRITE ? ROW_ST : ROW_LD, w);
        r->p = pt[i];
        r->p.base &= (1ll << 40) - 1; /* the offset inside its allocation */
    }
    adv_layout_destroy(lay);
}

void adv_probe_model(adv_probe_rows *rs, const adv_model *m)
{
    /* per struct: the layout search's picks, which the GPU measures too */
    unsigned ns = adv_model_nstructs(m);
    adv_search *sr = gm_xcalloc(ns + 1, sizeof *sr);
    const adv_layout_spec *(*pick)[GM_SEARCH_MEASURE] = gm_xcalloc(ns + 1, sizeof *pick);
    unsigned *npick = gm_xcalloc(ns + 1, sizeof *npick);
    for (unsigned st = 0; st < ns; st++) {
        adv_search_run(m, (int)st, &sr[st]);
        npick[st] = adv_search_pick(&sr[st], GM_SEARCH_MEASURE, pick[st]);
    }
    for (unsigned k = 0; k < adv_model_nkernels(m); k++) {
        const adv_kernel *kn = adv_model_kernel(m, k);
        for (unsigned a = 0; a < kn->naccesses; a++) {
            const adv_access *x = &kn->acc[a];
            if (!x->cls.affine || adv_access_repeats(kn, a))
                continue;
            probe_access(rs, m, k, a, NULL);
            for (unsigned L = 1; L < adv_layout_nstd() && x->struct_idx >= 0; L++) { /* 0: the declared */
                adv_layout_spec sp = adv_layout_std_at(L);
                probe_access(rs, m, k, a, &sp);
            }
            for (unsigned i = 0; x->struct_idx >= 0 && i < npick[x->struct_idx]; i++)
                probe_access(rs, m, k, a, pick[x->struct_idx][i]);
        }
    }
    for (unsigned st = 0; st < ns; st++)
        adv_search_free(&sr[st]);
    free(sr);
    free(pick);
    free(npick);
}

static void model_row(prow *r)
{
    adv_cost c;
    adv_cost_of(&r->p, 0, ADV_MODEL_WARPS, PROBE_GRID, &c);
    if (r->kind != ROW_ST)
        r->ld = c;
    if (r->kind != ROW_LD)
        r->st = c;
}

/* Lowest and highest byte a pattern's threads touch, relative to base 0. */
static void extent(const adv_pattern *p, long long *lo, long long *hi)
{
    *lo = 0;
    *hi = 0;
    char why[128];
    for (long long g = 0; g < PROBE_THREADS; g++) {
        long long e;
        if (adv_pattern_elems(p, g, 1, PROBE_GRID, &e, why, sizeof why))
            continue;
        long long a;
        if (adv_pattern_addr(p, e, &a, why, sizeof why))
            continue;
        if (g == 0 || a < *lo)
            *lo = a;
        if (g == 0 || a + (long long)p->size > *hi)
            *hi = a + (long long)p->size;
    }
}

static int launch_row(jit_runner *run, const prow *r, gm_status *st)
{
    long long lo, hi;
    extent(&r->p, &lo, &hi);
    long long front = lo < 0 ? (-lo + 255) / 256 * 256 : 0;
    size_t bytes = (size_t)(front + hi + 512);
    unsigned long long dev;
    /* copies: in at dev, out a whole extent further on */
    if (jit_runner_scratch(run, r->kind >= ROW_OFFSET_COPY ? 2 * bytes : bytes + 16 * PROBE_THREADS, &dev, st))
        return st->code;
    long long n = PROBE_THREADS;
    if (r->kind >= ROW_OFFSET_COPY) {
        unsigned long long in = dev, out = dev + (bytes + 255) / 256 * 256;
        long long count = r->kind == ROW_OFFSET_COPY ? PROBE_THREADS + r->extra
                          : r->kind == ROW_STRIDE_COPY ? PROBE_THREADS * r->extra : PROBE_THREADS;
        int extra = (int)r->extra;
        void *args[4] = {&out, &in, &count, &extra};
        const char *fn = r->kind == ROW_OFFSET_COPY ? "gm_ref_offset_copy"
                         : r->kind == ROW_STRIDE_COPY ? "gm_ref_stride_copy" : "gm_ref_vec4_copy";
        return jit_runner_launch_sync(run, fn, PROBE_THREADS, args, st);
    }
    unsigned long long base = dev + (unsigned long long)front + (unsigned long long)r->p.base;
    unsigned long long sink = dev + (unsigned long long)bytes;
    long long stride = r->p.stride, offset = r->p.offset, block = r->p.block < 1 ? 1 : r->p.block;
    long long bstride = r->p.bstride, estride = r->p.estride;
    int instrs = (int)(r->p.size / r->p.width), mode = r->even_odd;
    unsigned char zero[16] = {0};
    void *args[10] = {&base, &n, &stride, &offset, &block, &bstride, &estride, &instrs, &mode,
                      r->kind == ROW_LD ? (void *)&sink : (void *)zero};
    char fn[32];
    snprintf(fn, sizeof fn, "gm_probe_%s_%u", r->kind == ROW_LD ? "ld" : "st", r->p.width);
    return jit_runner_launch_sync(run, fn, PROBE_THREADS, args, st);
}

void adv_probe_figures(adv_probe_rows *rs)
{
    for (unsigned i = 0; i < rs->n; i++)
        model_row(&rs->r[i]);
}

int adv_probe_run(adv_probe_rows *rs, int device, gm_status *st)
{
    jit_runner *run = NULL;
    jit_device_info dev;
    int rc = adv_builtin_runner(device, &run, &dev, st);
    for (unsigned i = 0; i < rs->n && rc == GM_OK; i++)
        rc = launch_row(run, &rs->r[i], st);
    jit_runner_destroy(run);
    return rc;
}

void adv_probe_free(adv_probe_rows *rs)
{
    adv_expr_free(rs->even_odd);
    free(rs->r);
    memset(rs, 0, sizeof *rs);
}
