#include "patterns.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../common/limits.h"
#include "../../common/log.h"
#include "../../common/strbuf.h"
#include "../../jit/runner.h"
#include "../core/coalesce.h"
#include "../engine/builtin.h"

pat_row *adv_patterns_row(pat_table *t, const char *group, const char *name, int param)
{
    t->r = gm_xrealloc(t->r, (t->n + 1) * sizeof *t->r);
    pat_row *r = &t->r[t->n++];
    memset(r, 0, sizeof *r);
    snprintf(r->group, sizeof r->group, "%s", group);
    snprintf(r->name, sizeof r->name, "%s", name);
    r->param = param;
    return r;
}

/* ---- the model of each experiment --------------------------------------- */

/* Element thread g moves in one access, or -1 where it is idle. */
typedef long long (*idx_fn)(long long g, long long p);

static long long idx_plus(long long g, long long p) { return g + p; }
static long long idx_times(long long g, long long p) { return g * p; }
static long long idx_divergent(long long g, long long p) { return g % 8 ? g : -1; }
static long long idx_noncontig(long long g, long long p) { return g > 3 ? g + 1 : g; }
static long long idx_nonseq(long long g, long long p)
{
    return g % 16 == 3 ? g + 1 : g % 16 == 4 ? g - 1 : g;
}

typedef struct {
    idx_fn idx;
    long long p;
    unsigned elem;   /* bytes between elements */
    unsigned off;    /* of the bytes moved, within the element */
    unsigned size;   /* bytes moved per thread */
} pat_access;

/* DRAM bytes one access moves per thread: the distinct sectors a window of
 * warps touches, over the threads in it. */
static double sector_bytes_per_thread(const pat_access *a)
{
    enum { WINDOW = ADV_MODEL_WARPS * ADV_WARP_SIZE };
    long long *sec = gm_xmalloc(sizeof *sec * WINDOW * 2);
    unsigned n = 0;
    for (long long g = 0; g < WINDOW; g++) {
        long long e = a->idx(g, a->p);
        if (e < 0)
            continue;
        long long lo = e * a->elem + a->off, hi = lo + a->size - 1;
        for (long long s = lo / ADV_SECTOR_BYTES; s <= hi / ADV_SECTOR_BYTES; s++)
            sec[n++] = s;
    }
    size_t distinct = adv_count_distinct(sec, n);
    free(sec);
    return (double)distinct * ADV_SECTOR_BYTES / WINDOW;
}

/* ---- running the experiments ------------------------------------------- */

typedef struct {
    jit_runner *r;
    unsigned long long in, out; /* each `bytes` long, 256-aligned */
    long long n;                /* floats per array in the float experiments */
    pat_table *t;
    gm_status *st;
} pat_run;

static void fill_row(pat_run *pr, pat_row *row, const jit_timing *t, double eff_bytes,
                     const pat_access *acc, unsigned nacc, long long threads)
{
    double act = 0;
    for (unsigned i = 0; i < nacc; i++)
        act += sector_bytes_per_thread(&acc[i]) * (double)threads;
    row->ms = t->median_ms;
    row->spread = t->spread_pct;
    row->samples = t->samples;
    row->eff_gbps = eff_bytes / (t->median_ms * 1e-3) / 1e9;
    row->act_gbps = act / (t->median_ms * 1e-3) / 1e9;
    row->pct = pr->t->memcpy_gbps > 0 ? 100 * row->eff_gbps / pr->t->memcpy_gbps : 0;
}

/* One float per thread read at idx and written at idx: out[i] = in[i]. */
static int float_copy(pat_run *pr, const char *group, const char *name, int param, const char *fn,
                      long long threads, long long count, int extra, idx_fn idx, long long p,
                      double active)
{
    void *args[4] = {&pr->out, &pr->in, &count, &extra};
    jit_timing t;
    if (jit_runner_time(pr->r, fn, threads, args, &t, pr->st) != GM_OK)
        return pr->st->code;
    pat_access acc[2] = {{idx, p, 4, 0, 4}, {idx, p, 4, 0, 4}};
    fill_row(pr, adv_patterns_row(pr->t, group, name, param), &t, 8.0 * (double)threads * active, acc, 2,
             threads);
    return GM_OK;
}

static int offsets_and_strides(pat_run *pr)
{
    char name[48];
    for (int o = 0; o <= 32; o++) {
        snprintf(name, sizeof name, "offset %d", o);
        if (float_copy(pr, "offset", name, o, "gm_ref_offset_copy", pr->n, pr->n + o, o, idx_plus, o, 1))
            return pr->st->code;
    }
    for (int s = 1; s <= 32; s++) {
        snprintf(name, sizeof name, "stride %d", s);
        if (float_copy(pr, "stride", name, s, "gm_ref_stride_copy", pr->n / s, pr->n, s, idx_times, s, 1))
            return pr->st->code;
    }
    return GM_OK;
}

static int hypack(pat_run *pr)
{
    long long n = pr->n;
    if (float_copy(pr, "hypack", "1 coalesced", 0, "gm_ref_offset_copy", n, n, 0, idx_plus, 0, 1) ||
        float_copy(pr, "hypack", "2 coalesced (divergent warp)", 0, "gm_pat_divergent", n, n, 0,
                   idx_divergent, 0, 7.0 / 8) ||
        float_copy(pr, "hypack", "3 non-sequential", 0, "gm_pat_nonseq", n, n, 0, idx_nonseq, 0, 1) ||
        float_copy(pr, "hypack", "4 misaligned start", 0, "gm_ref_offset_copy", n, n + 1, 1, idx_plus, 1, 1) ||
        float_copy(pr, "hypack", "5 non-contiguous", 0, "gm_pat_noncontig", n, n, 0, idx_noncontig, 0, 1))
        return pr->st->code;
    /* 6: a float3's .x read, a float written */
    void *args[3] = {&pr->out, &pr->in, &n};
    jit_timing t;
    if (jit_runner_time(pr->r, "gm_pat_float3_x", n, args, &t, pr->st) != GM_OK)
        return pr->st->code;
    pat_access x3[2] = {{idx_plus, 0, 12, 0, 4}, {idx_plus, 0, 4, 0, 4}};
    fill_row(pr, adv_patterns_row(pr->t, "hypack", "6 float3 .x", 0), &t, 8.0 * n, x3, 2, n);
    if (jit_runner_time_memcpy(pr->r, pr->out, pr->in, (size_t)n * 4, &t, pr->st) != GM_OK)
        return pr->st->code;
    pat_access cp[2] = {{idx_plus, 0, 4, 0, 4}, {idx_plus, 0, 4, 0, 4}};
    fill_row(pr, adv_patterns_row(pr->t, "hypack", "7 cudaMemcpy D2D", 0), &t, 8.0 * n, cp, 2, n);
    return GM_OK;
}

/* A kernel over n elements of `elem` bytes that asks for `asked` bytes and
 * moves its whole element in and out. */
static int element_copy(pat_run *pr, const char *group, const char *name, const char *fn,
                        unsigned elem, double asked)
{
    long long n = pr->n;
    void *args[3] = {&pr->out, &pr->in, &n};
    jit_timing t;
    if (jit_runner_time(pr->r, fn, n, args, &t, pr->st) != GM_OK)
        return pr->st->code;
    pat_access acc[2] = {{idx_plus, 0, elem, 0, elem}, {idx_plus, 0, elem, 0, elem}};
    fill_row(pr, adv_patterns_row(pr->t, group, name, 0), &t, asked * n, acc, 2, n);
    return GM_OK;
}

static int structs_and_vectors(pat_run *pr)
{
    long long n = pr->n;
    if (element_copy(pr, "inner", "innerStruct (AoS of x and y)", "gm_pat_inner_struct", 8, 16))
        return pr->st->code;
    /* innerArray: x and y in two arrays each side, 256-aligned */
    unsigned long long half = ((unsigned long long)n * 4 + 255) / 256 * 256;
    unsigned long long ox = pr->out, oy = pr->out + half, ix = pr->in, iy = pr->in + half;
    void *args[5] = {&ox, &oy, &ix, &iy, &n};
    jit_timing t;
    if (jit_runner_time(pr->r, "gm_pat_inner_array", n, args, &t, pr->st) != GM_OK)
        return pr->st->code;
    pat_access arr[4] = {{idx_plus, 0, 4, 0, 4}, {idx_plus, 0, 4, 0, 4}, {idx_plus, 0, 4, 0, 4},
                         {idx_plus, 0, 4, 0, 4}};
    fill_row(pr, adv_patterns_row(pr->t, "inner", "innerArray (x[] and y[])", 0), &t, 16.0 * n, arr, 4, n);
    if (element_copy(pr, "float3", "float3 copy", "gm_pat_float3_copy", 12, 24) ||
        element_copy(pr, "float3", "__align__(16) float3 copy", "gm_pat_float3a_copy", 16, 24))
        return pr->st->code;
    long long n4 = n;
    void *a4[3] = {&pr->out, &pr->in, &n4};
    if (jit_runner_time(pr->r, "gm_ref_vec4_copy", n, a4, &t, pr->st) != GM_OK)
        return pr->st->code;
    pat_access v4[2] = {{idx_plus, 0, 16, 0, 16}, {idx_plus, 0, 16, 0, 16}};
    fill_row(pr, adv_patterns_row(pr->t, "float3", "float4 copy", 0), &t, 32.0 * n, v4, 2, n);
    return GM_OK;
}

int adv_patterns_run(int device, pat_table *t, int quiet, gm_status *st)
{
    jit_runner *r = NULL;
    jit_device_info dev;
    if (adv_builtin_runner(device, &r, &dev, st) != GM_OK)
        return st->code;
    snprintf(t->device, sizeof t->device, "%s (sm_%d)", dev.name, dev.sm);
    jit_method m;
    jit_method_default(&m);
    /* each float array 4x the L2 at least; the float4 arrays 4x that */
    long long n = (long long)(m.l2_multiple * (double)dev.l2_bytes / 2 / 4) / GM_ELEM_GRAIN * GM_ELEM_GRAIN;
    size_t bytes = (size_t)n * 16 + 4096;
    pat_run pr = {r, 0, 0, n, t, st};
    int rc = jit_runner_alloc(r, bytes, 0x3f800000u, &pr.in, NULL, st); /* 1.0f: never zeros */
    if (rc == GM_OK)
        rc = jit_runner_alloc(r, bytes, 0x40000000u, &pr.out, NULL, st);
    jit_timing mt;
    if (rc == GM_OK)
        rc = jit_runner_time_memcpy(r, pr.out, pr.in, (size_t)n * 16, &mt, st);
    if (rc == GM_OK) {
        t->memcpy_gbps = 2.0 * n * 16 / (mt.median_ms * 1e-3) / 1e9;
        if (!quiet)
            gm_log(GM_LOG_PROGRESS, "%s, %lld floats per array, memcpy %.0f GB/s", t->device, n,
                   t->memcpy_gbps);
        rc = offsets_and_strides(&pr);
    }
    if (rc == GM_OK)
        rc = hypack(&pr);
    if (rc == GM_OK)
        rc = structs_and_vectors(&pr);
    jit_runner_free(r, pr.in);
    jit_runner_free(r, pr.out);
    jit_runner_destroy(r);
    return rc;
}

