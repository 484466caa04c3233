#include "measure.h"

#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../common/limits.h"
#include "../../common/strbuf.h"
#include "../../common/timer.h"
#include "../core/inputs_infer.h"
#include "calibration_cache.h"
#include "loop_bound.h"
#include "calibrate.h"
#include "captured.h"
#include "inputs.h"

/* ---- sizes ------------------------------------------------------------ */

static int is_ptr(const adv_param *p)
{
    return p->kind == ADV_P_STRUCT_PTR || p->kind == ADV_P_SCALAR_PTR;
}

/* The highest element an access reaches over a launch of n threads, by
 * evaluating its index (loop variables at their last value) on the first
 * and last threads and on threads spread between; -1 when some thread's
 * index cannot be computed. */
static long long sampled_top(const adv_expr *e, const adv_params *pv, long long n, long long block)
{
    long long grid = (n + block - 1) / block, top = -1, edge = GM_CHECK_EDGE_THREADS;
    for (long long i = 0; i < 2 * edge + 256; i++) {
        long long g = i < edge ? i : i < 2 * edge ? n - 2 * edge + i : (i - 2 * edge) * (n / 256);
        if (g < 0 || g >= n)
            continue;
        adv_thread t = {g % block, g / block, block, grid};
        long long v;
        char why[96];
        if (adv_index_eval(e, &t, pv, &v, why, sizeof why) != 0)
            return -1;
        top = v > top ? v : top;
    }
    return top;
}

/* 1 when e reads the thread's y or z place in its block, which the model
 * takes as 0 (a block whose rows are whole warps: the frontend renumbers
 * the threads of one whose rows are not, and leaves none). */
static int reads_rows(const adv_expr *e)
{
    return e && ((e->kind == ADV_X_UNIFORM && (!strncmp(e->why, "threadIdx.", 10) || !strncmp(e->why, "blockDim.", 9))) ||
                 reads_rows(e->a) || reads_rows(e->b) || reads_rows(e->c));
}

/* e as a launch in blocks of b (the file's block shape) computes it per
 * thread of the flat thread index the sizing evaluates: threadIdx.x is
 * tid % b.x, threadIdx.y (tid / b.x) % b.y, threadIdx.z tid / (b.x b.y),
 * blockDim the block's.  The model takes y and z as the same across a
 * warp (0); buffers must hold every row of the block.  Owned by the
 * caller (adv_expr_free). */
static adv_expr *over_block(const adv_expr *e, const unsigned b[3])
{
    if (!e)
        return NULL;
    adv_expr *r = NULL;
    if (e->kind == ADV_X_TID)
        r = adv_expr_new(ADV_X_MOD, adv_expr_new(ADV_X_TID, NULL, NULL), adv_expr_const(b[0]));
    else if (e->kind == ADV_X_BDIM || (e->kind == ADV_X_UNIFORM && !strcmp(e->why, "blockDim.x")))
        r = adv_expr_const(b[0]);
    else if (e->kind == ADV_X_UNIFORM && !strcmp(e->why, "threadIdx.y"))
        r = adv_expr_new(ADV_X_MOD,
                         adv_expr_new(ADV_X_DIV, adv_expr_new(ADV_X_TID, NULL, NULL), adv_expr_const(b[0])),
                         adv_expr_const(b[1]));
    else if (e->kind == ADV_X_UNIFORM && !strcmp(e->why, "threadIdx.z"))
        r = adv_expr_new(ADV_X_DIV, adv_expr_new(ADV_X_TID, NULL, NULL), adv_expr_const((long long)b[0] * b[1]));
    else if (e->kind == ADV_X_UNIFORM && !strcmp(e->why, "blockDim.y"))
        r = adv_expr_const(b[1]);
    else if (e->kind == ADV_X_UNIFORM && !strcmp(e->why, "blockDim.z"))
        r = adv_expr_const(b[2]);
    if (r)
        return r;
    r = adv_expr_new(e->kind, NULL, NULL);
    *r = *e;
    r->a = over_block(e->a, b);
    r->b = over_block(e->b, b);
    r->c = over_block(e->c, b);
    return r;
}

/* Elements parameter p needs so that every access of kernel k over n
 * threads stays in bounds: an exact stride*g + offset by its formula, any
 * other (per-warp terms, loops inside a thread) by evaluation; an index
 * that cannot be evaluated is assumed to stay under 2n, which kernels
 * guard by their count parameter. */
static long long alloc_elems(const adv_model *m, unsigned k, unsigned p, long long n);

/* ---- launch shapes ------------------------------------------------------ */

/* How a kernel is launched: its block, its dynamic shared memory and how
 * many times over its buffers hold what the sizing computes.  Shape 0 is
 * the file's (its launch's block, or GM_LAUNCH_BLOCK threads in x); a
 * kernel that faults in it is run again in the next (launch_shape_at),
 * GM_LAUNCH_RETRIES at most. */
typedef struct {
    unsigned block[3];  /* 0: GM_LAUNCH_BLOCK threads in x */
    unsigned shared;    /* dynamic shared memory, bytes */
    unsigned slack;     /* buffers' elements times this */
    int small_scalars;  /* integer scalars without a given value: GM_LAUNCH_RETRY_SCALAR */
} launch_shape;

/* The shape of the job this worker runs: adv_measure_job sets it, every
 * sizing and launch of the job reads it (a worker runs one job at a
 * time; a fresh worker starts from shape 0). */
static launch_shape shape_now = {{0, 0, 0}, 0, 1, 0};

/* Shape `attempt` of kernel k, 0 past the last plausible one.  0: as the
 * file launches it (in blocks of its template argument for its block,
 * with dynamic shared memory when it reaches an extern __shared__ array:
 * adv_kernel's facts, from the frontend); 1: the same block with dynamic
 * shared memory (an array the frontend did not see) and GM_LAUNCH_RETRY_SLACK times the buffers (indices the model bounds
 * too low); then, for a kernel that declares __shared__ memory or indexes
 * with y or z, the square and flat tiles 2-D kernels are written for
 * (16x16, 32x8, 32x32: a tile loaded by threadIdx.y rows needs a block of
 * that shape, and a flat block of as many threads may not fault but
 * computes another thing), each also with the slack and shared memory;
 * then the file's block with the square of that slack (a segment's base
 * of 256 elements a thread, mergeSort's ranks), each buffer at most
 * GM_LAUNCH_RETRY_MAX_BYTES; last, that again with every integer scalar
 * nobody gave a value (a size, a row length) GM_LAUNCH_RETRY_SCALAR: a
 * size that is really a shared tile's (cuda-samples' scanExclusiveShared
 * scans `size` elements of a 2 * 256 tile) or a row stride that takes an
 * index past any buffer sized for n (Rodinia's Fan1, Size * i). */
static int launch_shape_at(const adv_model *m, unsigned k, unsigned attempt, launch_shape *s)
{
    static const unsigned tiles[][3] = {{16, 16, 1}, {32, 8, 1}, {32, 32, 1}};
    const adv_kernel *kn = adv_model_kernel(m, k);
    int ext = kn->dynamic_shared;
    memset(s, 0, sizeof *s);
    memcpy(s->block, kn->block, sizeof s->block);
    if (!kn->block[0] && kn->block_targ)
        s->block[0] = kn->block_targ, s->block[1] = s->block[2] = 1;
    s->shared = ext ? GM_LAUNCH_DYNAMIC_SHARED : 0;
    s->slack = 1;
    if (attempt == 0)
        return 1;
    if (!ext)
        s->shared = GM_LAUNCH_RETRY_SHARED;
    s->slack = GM_LAUNCH_RETRY_SLACK;
    if (attempt == 1)
        return 1;
    unsigned i = 1;
    if (kn->multi_dim || kn->declares_shared)
        for (unsigned t = 0; t < sizeof tiles / sizeof *tiles; t++) {
            if (!memcmp(tiles[t], kn->block, sizeof tiles[t]))
                continue; /* the file's own: shape 0 */
            if (++i == attempt) {
                memcpy(s->block, tiles[t], sizeof s->block);
                return 1;
            }
        }
    if ((attempt == i + 1 || attempt == i + 2) && attempt <= GM_LAUNCH_RETRIES) {
        s->slack = GM_LAUNCH_RETRY_SLACK * GM_LAUNCH_RETRY_SLACK;
        s->small_scalars = attempt == i + 2;
        return 1;
    }
    return 0;
}

/* "blocks of (16,16,1) threads, 16384 bytes of dynamic shared memory,
 * buffers 16 times over" */
static const char *launch_shape_text(const launch_shape *s, char *out, size_t n)
{
    if (s->block[0])
        snprintf(out, n, "blocks of (%u,%u,%u) threads", s->block[0], s->block[1], s->block[2]);
    else
        snprintf(out, n, "blocks of %d threads", GM_LAUNCH_BLOCK);
    size_t l = strlen(out);
    if (s->shared)
        snprintf(out + l, n - l, ", %u bytes of dynamic shared memory", s->shared);
    l = strlen(out);
    if (s->slack > 1)
        snprintf(out + l, n - l, ", buffers %u times over", s->slack);
    l = strlen(out);
    if (s->small_scalars)
        snprintf(out + l, n - l, ", integer scalars without a given value %d", GM_LAUNCH_RETRY_SCALAR);
    return out;
}

/* 1 when pointer parameter p of kernel k is only offset (P + e passed on
 * to a call) and never indexed: what it reaches is not modelled. */
static int offset_only(const adv_kernel *kn, unsigned p)
{
    const adv_param *par = &kn->params[p];
    if (!is_ptr(par) || !par->bare_line)
        return 0;
    for (unsigned a = 0; a < kn->naccesses; a++)
        if (kn->acc[a].param == (int)p)
            return 0;
    return 1;
}

/* Elements of an offset-only pointer: its offsets are formed from the
 * same sizes that index the kernel's other buffers (llm.c's out + idx * C
 * beside inp[idx * C + i]) or from the thread's index times a few
 * (out + tid * 8 stored 8 at a time), so it gets the bytes of the largest
 * of them, or n elements, GM_OFFSET_ONLY_SCALE times over. */
static long long offset_only_elems(const adv_model *m, unsigned k, unsigned p, long long n)
{
    const adv_kernel *kn = adv_model_kernel(m, k);
    double bytes = (double)n * (kn->params[p].elem_size ? kn->params[p].elem_size : 1);
    for (unsigned q = 0; q < kn->nparams; q++)
        if (q != p && is_ptr(&kn->params[q]) && !offset_only(kn, q)) {
            double b = (double)alloc_elems(m, k, q, n) * kn->params[q].elem_size;
            bytes = b > bytes ? b : bytes;
        }
    long long e = (long long)(bytes * GM_OFFSET_ONLY_SCALE / (kn->params[p].elem_size ? kn->params[p].elem_size : 1));
    return (e + 64 + 31) / 32 * 32;
}

/* The jobs' state while adv_measure_job runs (its buffer sizes are kept
 * there), else NULL. */
static adv_measure *job_ms;

/* Host seconds of each part of the job adv_measure_job runs (--times:
 * jit_timing's phase_s); a calibration's own set-up and launches count as
 * calibration. */
static double job_phase[JIT_NPHASES];
static int in_calibration;

/* Adds the time since t0 to phase p (none while calibrating); the time now. */
static double phase_end(jit_phase p, double t0)
{
    double now = gm_now_s();
    if (!in_calibration)
        job_phase[p] += now - t0;
    return now;
}

static long long alloc_elems_of(const adv_model *m, unsigned k, unsigned p, long long n);

/* alloc_elems_of, kept in job_ms for the launch shape in force. */
static long long alloc_elems(const adv_model *m, unsigned k, unsigned p, long long n)
{
    adv_measure *ms = job_ms && job_ms->m == m ? job_ms : NULL;
    const unsigned *bs = shape_now.block;
    for (unsigned i = 0; ms && i < ms->nelems; i++)
        if (ms->elems[i].kernel == k && ms->elems[i].param == p && ms->elems[i].n == n &&
            !memcmp(ms->elems[i].block, bs, sizeof ms->elems[i].block))
            return ms->elems[i].elems;
    long long e = alloc_elems_of(m, k, p, n);
    if (ms) {
        unsigned slot = ms->nelems < ADV_ELEMS_MEMO ? ms->nelems++ : (k * 7 + p + (unsigned)n) % ADV_ELEMS_MEMO;
        ms->elems[slot].kernel = k;
        ms->elems[slot].param = p;
        ms->elems[slot].n = n;
        memcpy(ms->elems[slot].block, bs, sizeof ms->elems[slot].block);
        ms->elems[slot].elems = e;
    }
    return e;
}

static long long alloc_elems_of(const adv_model *m, unsigned k, unsigned p, long long n)
{
    const adv_kernel *kn = adv_model_kernel(m, k);
    if (offset_only(kn, p))
        return offset_only_elems(m, k, p, n);
    /* the parameters as a launch of n threads passes them */
    long long *vals = gm_xcalloc(kn->nparams + 1, sizeof *vals);
    unsigned char *known = gm_xcalloc(kn->nparams + 1, 1);
    adv_params pv = adv_model_params_at(m, k, n, vals, known, NULL);
    adv_input_shape *shapes = gm_xcalloc(kn->nparams + 1, sizeof *shapes);
    adv_infer_inputs(m, k, shapes);
    long long need = n;
    /* the threads of a block as the launch makes them: the file's block
     * shape, whose y and z the indices read from the flat thread index */
    const unsigned *bs = shape_now.block[0] ? shape_now.block : kn->block;
    long long block = bs[0] ? (long long)bs[0] * bs[1] * bs[2] : GM_LAUNCH_BLOCK;
    for (unsigned a = 0; a < kn->naccesses; a++) {
        const adv_access *x = &kn->acc[a];
        if (x->param != (int)p)
            continue;
        /* an index loaded from an index buffer stays in range (engine/inputs.h);
         * one bounded by offsets stays under their span */
        adv_role by = adv_access_gathered_by(x, shapes);
        if (by == ADV_ROLE_INDEX)
            continue;
        if (by == ADV_ROLE_OFFSETS) {
            long long span = adv_inputs_offsets_span(n);
            need = span > need ? span : need;
            continue;
        }
        /* a block shape from the file: every row of it, as the launch makes them */
        const adv_expr *e = x->expr_max ? x->expr_max : x->expr;
        adv_expr *shaped = bs[0] && reads_rows(e) ? over_block(e, bs) : NULL;
        long long hi, top = sampled_top(shaped ? shaped : e, &pv, n, block);
        adv_expr_free(shaped);
        if (!x->cls.affine)
            hi = top >= 0 ? top + 1 : 2 * n;
        else if (x->cls.stride < 0)
            hi = x->cls.offset + 1;
        else if (__builtin_mul_overflow(x->cls.stride, n - 1, &hi) ||
                 __builtin_add_overflow(hi, x->cls.offset + 1, &hi))
            hi = LLONG_MAX / 2; /* no allocation is that large: measuring fails, saying so */
        if (top + 1 > hi)
            hi = top + 1;
        if (hi > need)
            need = hi;
    }
    free(vals);
    free(known);
    free(shapes);
    need += 64;
    return (need + 31) / 32 * 32;
}

long long adv_buffer_elems(const adv_model *m, unsigned k, unsigned p, long long n)
{
    return alloc_elems(m, k, p, n);
}

static unsigned access_bytes(const adv_model *m, const adv_kernel *k, const adv_access *x)
{
    const adv_param *p = &k->params[x->param];
    if (x->struct_idx < 0 || x->field < 0)
        return p->elem_size;
    return adv_model_struct(m, (unsigned)x->struct_idx)->fields[x->field].size;
}

/* Elements of the buffer a by-value struct's pointer member gets for a
 * launch of n threads: its indices are not modelled, so
 * GM_VALUE_BUFFER_SCALE per thread and never under GM_VALUE_BUFFER_MIN
 * bytes. */
static long long member_elems(const adv_member *mb, long long n)
{
    long long e = GM_VALUE_BUFFER_MIN / (mb->pointee ? mb->pointee : 1);
    if (n * GM_VALUE_BUFFER_SCALE > e)
        e = n * GM_VALUE_BUFFER_SCALE;
    return (e + 64 + 31) / 32 * 32;
}

int adv_kernel_unmeasurable(const adv_model *m, unsigned k, char *why, size_t n)
{
    const adv_kernel *kn = adv_model_kernel(m, k);
    if (kn->follows[0]) {
        snprintf(why, n, "kernel %s follows pointer field %s, which gmadvise's random elements cannot hold "
                 "(the model's figures stand)", kn->label, kn->follows);
        return 1;
    }
    for (unsigned p = 0; p < kn->nparams; p++) {
        const adv_param *par = &kn->params[p];
        if (par->kind == ADV_P_OTHER && !par->nmembers) {
            snprintf(why, n, "kernel %s: parameter '%s' (%s) cannot be given a value%s%s (the model's figures stand)",
                     kn->label, par->name, par->type, par->members_why[0] ? ": " : "", par->members_why);
            return 1;
        }
    }
    return 0;
}

int adv_plan_sizes(const jit_runner *r, const adv_model *m, unsigned k, adv_sizes *sz,
                   gm_status *st)
{
    const adv_kernel *kn = adv_model_kernel(m, k);
    const jit_device_info *dev = jit_runner_device(r);
    char why[512];
    if (adv_kernel_unmeasurable(m, k, why, sizeof why))
        return gm_fail(st, GM_EINPUT, "%s", why);
    const long long probe = 1 << 20;
    double foot = 0;
    long long max_stride = 1;
    for (unsigned p = 0; p < kn->nparams; p++) {
        if (is_ptr(&kn->params[p]))
            foot += (double)alloc_elems(m, k, p, probe) / probe * kn->params[p].elem_size;
        for (unsigned i = 0; i < kn->params[p].nmembers; i++)
            if (kn->params[p].members[i].kind == ADV_M_PTR)
                foot += (double)member_elems(&kn->params[p].members[i], probe) / probe *
                        kn->params[p].members[i].pointee;
    }
    for (unsigned a = 0; a < kn->naccesses; a++) {
        long long s = kn->acc[a].cls.stride;
        if (!kn->acc[a].cls.affine)
            continue;
        if (s > (1ll << 31) || s < -(1ll << 31))
            return gm_fail(st, GM_EINPUT, "kernel %s: access %s[%s] has stride %lld; too far apart to measure",
                           kn->name, kn->params[kn->acc[a].param].name, kn->acc[a].index, s);
        if (llabs(s) > max_stride)
            max_stride = llabs(s);
    }
    if (foot <= 0)
        return gm_fail(st, GM_EINPUT, "kernel %s has no pointer parameter to measure", kn->name);
    double target = jit_runner_method(r)->l2_multiple * (double)dev->l2_bytes;
    if (target < GM_MIN_DATA_BYTES)
        target = GM_MIN_DATA_BYTES;
    if (target > dev->mem_bytes / 4.0)
        target = dev->mem_bytes / 4.0;
    long long n = (long long)(target / foot);
    long long cap = ((1ll << 31) - 4096) / (max_stride + 1); /* user kernels often index with int */
    if (n > cap)
        n = cap;
    n = n / GM_ELEM_GRAIN * GM_ELEM_GRAIN;
    if (n < GM_ELEM_GRAIN)
        n = GM_ELEM_GRAIN;
    sz->n_time = n;
    sz->n_check = GM_CHECK_ELEMS < n ? GM_CHECK_ELEMS : n;
    /* effective bytes: each distinct access moves its bytes once per element */
    double bytes = 0;
    for (unsigned a = 0; a < kn->naccesses; a++) {
        if (!adv_access_repeats(kn, a))
            bytes += access_bytes(m, kn, &kn->acc[a]);
    }
    sz->bytes_per_elem = bytes;
    return GM_OK;
}

/* ---- inputs ------------------------------------------------------------ */

/* A scalar pointer's element seen as a one-field struct, so that every
 * parameter goes through the same layout code. */
static void scalar_struct(const adv_param *p, adv_struct *s, adv_field *f)
{
    memset(s, 0, sizeof *s);
    memset(f, 0, sizeof *f);
    snprintf(s->name, sizeof s->name, "%s", p->name);
    snprintf(s->qual, sizeof s->qual, "%s", p->name);
    s->size = p->elem_size;
    s->align = p->elem_size >= 16 ? 16 : p->elem_size >= 8 ? 8 : p->elem_size >= 4 ? 4 : 1;
    s->nfields = 1;
    s->fields = f;
    f->size = p->elem_size;
    f->align = s->align;
    f->scalar = p->scalar;
    if (p->scalar != ADV_S_NONE) {
        f->nleaves = 1;
        f->leaves = gm_xcalloc(1, sizeof *f->leaves);
        f->leaves[0].kind = p->scalar;
    } else {
        /* built-in vector types: their lanes are floats or ints of 4 bytes */
        unsigned w = p->elem_size % 4 == 0 ? 4 : 1;
        f->nleaves = p->elem_size / w;
        f->leaves = gm_xcalloc(f->nleaves, sizeof *f->leaves);
        for (unsigned i = 0; i < f->nleaves; i++)
            f->leaves[i] = (adv_leaf){i * w, w == 4 ? ADV_S_F32 : ADV_S_U8};
    }
}

static unsigned long long rng_next(unsigned long long *s)
{
    *s ^= *s >> 12;
    *s ^= *s << 25;
    *s ^= *s >> 27;
    return *s * 2685821657736338717ull;
}

/* Values that are never zero and keep arithmetic finite: floats in
 * [0.5, 1.5), small non-negative integers (safe as indices), bools 0/1. */
static void random_leaf(unsigned char *dst, adv_scalar k, unsigned long long *rng)
{
    unsigned long long r = rng_next(rng);
    double u = 0.5 + (double)(r >> 11) / 9007199254740992.0;
    switch (k) {
    case ADV_S_F32: { float f = (float)u; memcpy(dst, &f, 4); break; }
    case ADV_S_F64: memcpy(dst, &u, 8); break;
    case ADV_S_F16: { unsigned short h = (unsigned short)(0x3800 + (r & 0x7ff)); memcpy(dst, &h, 2); break; }
    case ADV_S_BOOL: dst[0] = (unsigned char)(r & 1); break;
    case ADV_S_PTR: memset(dst, 0, 8); break;
    default: {
        unsigned long long v = 1 + (r & 63);
        memcpy(dst, &v, adv_scalar_size(k));
        break;
    }
    }
}

static void random_fill(const adv_struct *s, unsigned char *aos, long long n, unsigned long long seed)
{
    unsigned long long rng = seed * 0x9E3779B97F4A7C15ull + 1;
    memset(aos, 0, (size_t)n * s->size);
    for (long long e = 0; e < n; e++)
        for (unsigned f = 0; f < s->nfields; f++)
            for (unsigned l = 0; l < s->fields[f].nleaves; l++)
                random_leaf(aos + e * s->size + s->fields[f].offset + s->fields[f].leaves[l].off,
                            s->fields[f].leaves[l].kind, &rng);
}

/* n random elements of s for parameter seed `seed`, from the cache when
 * an earlier variant asked for the same. */
static const unsigned char *random_elems(adv_measure *ms, const adv_struct *s, long long n,
                                         unsigned long long seed)
{
    for (unsigned i = 0; i < ms->nrand; i++)
        if (ms->rand[i].n == n && ms->rand[i].seed == seed && ms->rand[i].size == s->size &&
            !strcmp(ms->rand[i].name, s->qual))
            return ms->rand[i].aos;
    unsigned slot = ms->nrand < ADV_RAND_CACHE ? ms->nrand++ : (unsigned)(seed % ADV_RAND_CACHE);
    free(ms->rand[slot].aos);
    snprintf(ms->rand[slot].name, sizeof ms->rand[slot].name, "%s", s->qual);
    ms->rand[slot].size = s->size;
    ms->rand[slot].n = n;
    ms->rand[slot].seed = seed;
    ms->rand[slot].aos = gm_xmalloc((size_t)n * s->size);
    random_fill(s, ms->rand[slot].aos, n, seed);
    return ms->rand[slot].aos;
}

/* The n random elements of s for seed `seed` packed in layout sp (*lay:
 * sp over n elements), from the cache when the last variants packed the
 * same; NULL when sp does not apply to s (why says so). */
static const unsigned char *packed_elems(adv_measure *ms, const adv_struct *s, const adv_layout_spec *sp, long long n,
                                         unsigned long long seed, const adv_layout **lay, char *why, size_t why_len)
{
    for (unsigned i = 0; i < ms->npacked; i++)
        if (ms->packed[i].n == n && ms->packed[i].seed == seed && ms->packed[i].size == s->size &&
            !strcmp(ms->packed[i].name, s->qual) && adv_layout_spec_eq(&ms->packed[i].spec, sp)) {
            *lay = ms->packed[i].lay;
            return ms->packed[i].host;
        }
    adv_layout *small = adv_layout_make(s, sp, (unsigned long long)n, why, why_len);
    if (!small)
        return NULL;
    const unsigned char *aos = random_elems(ms, s, n, seed);
    unsigned slot = ms->npacked < ADV_PACKED_CACHE ? ms->npacked++ : ms->packed_next++ % ADV_PACKED_CACHE;
    adv_layout_destroy(ms->packed[slot].lay);
    size_t bytes = adv_layout_bytes(small);
    if (ms->packed[slot].cap < bytes) { /* its memory kept where large enough */
        free(ms->packed[slot].host);
        ms->packed[slot].host = gm_xmalloc(bytes);
        ms->packed[slot].cap = bytes;
    }
    memset(ms->packed[slot].host, 0, bytes);
    snprintf(ms->packed[slot].name, sizeof ms->packed[slot].name, "%s", s->qual);
    ms->packed[slot].size = s->size;
    ms->packed[slot].n = n;
    ms->packed[slot].seed = seed;
    ms->packed[slot].spec = *sp;
    ms->packed[slot].lay = small;
    adv_layout_pack(small, aos, ms->packed[slot].host, (unsigned long long)n);
    *lay = small;
    return ms->packed[slot].host;
}

/* ---- buffers ----------------------------------------------------------- */

typedef struct {
    const adv_struct *s;
    adv_struct fake;
    adv_field fake_field;
    adv_layout *lay;
    long long elems;      /* elements the kernel may touch */
    unsigned long long dev;
} pbuf;

typedef struct {
    unsigned nparams, kernel;
    unsigned nbufs;          /* pb[0..nparams) the parameters', then by-value structs' pointer members' */
    adv_input_shape *shapes; /* what each buffer holds (core/inputs_infer.h) */
    pbuf *pb;
    void **args;
    unsigned char (*store)[8];
    unsigned char **values;  /* per parameter: a by-value struct's bytes, or NULL */
} launch_set;

static void free_set(jit_runner *r, launch_set *ls)
{
    for (unsigned p = 0; ls->values && p < ls->nparams; p++)
        free(ls->values[p]);
    free(ls->values);
    for (unsigned p = 0; p < ls->nbufs; p++) {
        jit_runner_free(r, ls->pb[p].dev);
        adv_layout_destroy(ls->pb[p].lay);
        if (ls->pb[p].s == &ls->pb[p].fake)
            free(ls->pb[p].fake_field.leaves);
    }
    free(ls->pb);
    free(ls->shapes);
    free(ls->args);
    free(ls->store);
    memset(ls, 0, sizeof *ls);
}

/* A scalar parameter's launch value, as the kernel declares it. */
static void scalar_arg(const adv_model *m, unsigned k, unsigned p, long long n, unsigned char out[8])
{
    const adv_param *par = &adv_model_kernel(m, k)->params[p];
    double v = 0;
    int how = adv_model_param_value(m, k, p, n, &v);
    /* the last launch shape: a count or an assumed value (not one the user,
     * an annotation or every launch in the file gave) made small */
    if (shape_now.small_scalars && par->kind == ADV_P_INT && !par->is_enum && (how == 3 ||
        (how == 1 && adv_param_count_like(par->name) && !(par->sites && !par->site_varies) &&
         v == (double)n)))
        v = GM_LAUNCH_RETRY_SCALAR;
    if (par->kind == ADV_P_FLOAT && par->elem_size == 4) {
        float f = (float)v;
        memcpy(out, &f, 4);
    } else if (par->kind == ADV_P_FLOAT) {
        memcpy(out, &v, 8);
    } else {
        long long iv = (long long)v;
        memcpy(out, &iv, par->elem_size <= 8 ? par->elem_size : 8);
    }
}

/* b's layout (sp) for b->elems elements of b->s, and its device memory:
 * a layout that does not apply is an input error (`lay_where` what: why),
 * no memory left a GPU error naming `what` after `where` (*oom set). */
static int buffer_alloc(jit_runner *r, pbuf *b, const adv_layout_spec *sp, const char *lay_where, const char *where,
                        const char *what, int *oom, gm_status *stt)
{
    char why[256];
    b->lay = adv_layout_make(b->s, sp, (unsigned long long)b->elems, why, sizeof why);
    if (!b->lay)
        return gm_fail(stt, GM_EINPUT, "%s%s: %s", lay_where, what, why);
    unsigned long long bytes = adv_layout_bytes(b->lay);
    gm_status ast;
    gm_status_init(&ast);
    if (jit_runner_alloc(r, bytes, 0, &b->dev, oom, &ast) != GM_OK) {
        if (*oom)
            return gm_fail(stt, GM_EGPU, "%sout of GPU memory allocating %.0f MB for %s", where, bytes / 1e6, what);
        *stt = ast;
        return stt->code;
    }
    return GM_OK;
}

/* The bytes of by-value struct parameter par for a launch of n threads,
 * in ls->values: each pointer member its own buffer (ls->pb[*nb...]) of
 * member_elems random elements, as a pointer parameter's; each integer
 * GM_VALUE_MEMBER_INT (1 in an array or of one byte, an enum's first
 * enumerator), each float 0.5. */
static int value_arg(jit_runner *r, const adv_param *par, unsigned p, long long n, launch_set *ls, unsigned *nb,
                     int *oom, gm_status *stt)
{
    unsigned char *v = ls->values[p] = gm_xcalloc(par->elem_size + 8, 1);
    for (unsigned i = 0; i < par->nmembers; i++) {
        const adv_member *mb = &par->members[i];
        if (mb->off + mb->size > par->elem_size || mb->size > 8)
            continue; /* not a plain scalar's place: stays zero */
        if (mb->kind == ADV_M_FLOAT) {
            float f = 0.5f;
            double d = 0.5;
            unsigned short h = 0x3800;
            memcpy(v + mb->off, mb->size == 8 ? (void *)&d : mb->size == 4 ? (void *)&f : (void *)&h, mb->size);
            continue;
        }
        if (mb->kind == ADV_M_INT) {
            long long x = mb->is_enum ? mb->enum_first : mb->in_array || mb->size == 1 ? 1 : GM_VALUE_MEMBER_INT;
            memcpy(v + mb->off, &x, mb->size); /* little-endian: the low bytes */
            continue;
        }
        pbuf *b = &ls->pb[(*nb)++];
        adv_param elem;
        memset(&elem, 0, sizeof elem);
        snprintf(elem.name, sizeof elem.name, "%s", mb->name);
        elem.kind = ADV_P_SCALAR_PTR;
        elem.elem_size = mb->pointee;
        elem.scalar = mb->scalar; /* a pointer among them: null */
        scalar_struct(&elem, &b->fake, &b->fake_field);
        b->s = &b->fake;
        b->elems = member_elems(mb, n);
        adv_layout_spec decl = adv_layout_declared();
        char what[2 * ADV_NAME_MAX + 2];
        snprintf(what, sizeof what, "%s.%s", par->name, mb->name);
        int rc = buffer_alloc(r, b, &decl, "", "", what, oom, stt);
        if (rc != GM_OK)
            return rc;
        memcpy(v + mb->off, &b->dev, 8);
    }
    return GM_OK;
}

/* Allocates every pointer parameter for n threads in its layout (the
 * varied struct in its spec) and builds the launch arguments. */
static int setup_set(jit_runner *r, const adv_model *m, const adv_data_list *data, const adv_job *jb,
                     long long n, launch_set *ls, int *oom, gm_status *stt)
{
    *oom = 0;
    unsigned k = jb->kernel;
    int st = jb->st;
    const adv_kernel *kn = adv_model_kernel(m, k);
    unsigned nargs = 0;
    for (unsigned p = 0; p < kn->nparams; p++)
        nargs += kn->params[p].kind == ADV_P_STRUCT_PTR
                     ? adv_model_struct(m, (unsigned)kn->params[p].struct_idx)->nfields : 1;
    ls->nparams = kn->nparams;
    ls->nbufs = kn->nparams;
    for (unsigned p = 0; p < kn->nparams; p++)
        for (unsigned i = 0; i < kn->params[p].nmembers; i++)
            ls->nbufs += kn->params[p].members[i].kind == ADV_M_PTR;
    ls->kernel = k;
    ls->shapes = adv_inputs_for(m, k, data);
    ls->pb = gm_xcalloc(ls->nbufs, sizeof *ls->pb);
    ls->values = gm_xcalloc(kn->nparams, sizeof *ls->values);
    unsigned nb = kn->nparams; /* the next member's buffer */
    ls->args = gm_xcalloc(nargs + 1, sizeof *ls->args);
    ls->store = gm_xcalloc(nargs + 1, sizeof *ls->store);
    unsigned na = 0, ns = 0; /* arguments, and 8-byte slots of the store they point into */
    for (unsigned p = 0; p < kn->nparams; p++) {
        const adv_param *par = &kn->params[p];
        pbuf *b = &ls->pb[p];
        if (par->kind == ADV_P_OTHER && par->nmembers) {
            int rc = value_arg(r, par, p, n, ls, &nb, oom, stt);
            if (rc != GM_OK)
                return rc;
            ls->args[na++] = ls->values[p];
            continue;
        }
        if (par->kind == ADV_P_OTHER)
            return gm_fail(stt, GM_EINPUT, "kernel %s: parameter '%s' (%s) cannot be given a value",
                           kn->name, par->name, par->type);
        if (par->kind == ADV_P_EMPTY) { /* its one byte, zero: the slot as allocated */
            ls->args[na++] = ls->store[ns++];
            continue;
        }
        if (!is_ptr(par)) {
            scalar_arg(m, k, p, n, ls->store[ns]);
            ls->args[na++] = ls->store[ns++];
            continue;
        }
        int varied = adv_param_points_to(par, st);
        if (par->kind == ADV_P_STRUCT_PTR) {
            b->s = adv_model_struct(m, (unsigned)par->struct_idx);
        } else {
            scalar_struct(par, &b->fake, &b->fake_field);
            b->s = &b->fake;
        }
        b->elems = alloc_elems(m, k, p, n);
        if (shape_now.slack > 1) { /* a retry's larger buffers, bounded */
            long long cap = GM_LAUNCH_RETRY_MAX_BYTES / (par->elem_size ? par->elem_size : 1);
            long long big = b->elems * shape_now.slack;
            b->elems = big < cap ? big : cap > b->elems ? cap : b->elems;
        }
        adv_layout_spec decl = adv_layout_declared();
        char lay_where[ADV_NAME_MAX + 16], where[ADV_NAME_MAX + 16];
        snprintf(lay_where, sizeof lay_where, "kernel %s, ", kn->name);
        snprintf(where, sizeof where, "kernel %s: ", kn->name);
        int rc = buffer_alloc(r, b, varied ? jb->spec : &decl, lay_where, where, par->name, oom, stt);
        if (rc != GM_OK)
            return rc;
        adv_pointer_args(b->lay, b->dev, varied && jb->adopted, ls->store, &ns, ls->args, &na);
    }
    return GM_OK;
}

void adv_pointer_args(const adv_layout *lay, unsigned long long dev, int view, unsigned char (*store)[8],
                      unsigned *ns, void **args, unsigned *na)
{
    for (unsigned i = 0; i < adv_layout_npointers(lay); i++, ++*ns) {
        unsigned long long ptr = dev ? dev + adv_layout_pointer_offset(lay, i) : 0;
        memcpy(store[*ns], &ptr, sizeof ptr);
        if (!view || i == 0)
            args[(*na)++] = store[*ns];
    }
}

/* The whole of index or offsets buffer p, made by engine/inputs.h for
 * the sizes of this launch (cached: every variant gets the same). */
static int fill_shaped(adv_measure *ms, jit_runner *r, launch_set *ls, unsigned p, gm_status *st)
{
    const pbuf *b = &ls->pb[p];
    const adv_input_shape *s = &ls->shapes[p];
    long long tgt = s->target >= 0 && ls->pb[s->target].lay ? ls->pb[s->target].elems - 64 : b->elems;
    long long range = s->role == ADV_ROLE_OFFSETS ? tgt : (tgt - s->reach) / (s->scale > 0 ? s->scale : 1);
    unsigned char *data = NULL;
    for (unsigned i = 0; i < ms->nshaped && !data; i++)
        if (ms->shaped[i].kernel == ls->kernel && ms->shaped[i].param == p && ms->shaped[i].elems == b->elems &&
            ms->shaped[i].range == range)
            data = ms->shaped[i].data;
    if (!data) {
        unsigned slot = ms->nshaped < ADV_SHAPED_CACHE ? ms->nshaped++ : p % ADV_SHAPED_CACHE;
        free(ms->shaped[slot].data);
        ms->shaped[slot].data = NULL;
        data = gm_xmalloc((size_t)b->elems * b->s->size);
        char why[600];
        if (adv_inputs_generate(s, b->s->fields[0].scalar, b->elems, range, p + 1, data, why, sizeof why)) {
            free(data);
            ms->nshaped = slot;
            return gm_fail(st, GM_EINPUT, "%s: %s", adv_model_kernel(ms->m, ls->kernel)->params[p].name, why);
        }
        ms->shaped[slot].kernel = ls->kernel;
        ms->shaped[slot].param = p;
        ms->shaped[slot].elems = b->elems;
        ms->shaped[slot].range = range;
        ms->shaped[slot].data = data;
    }
    return jit_runner_upload(r, b->dev, data, (size_t)b->elems * b->s->size, st);
}

/* Fills every pointer parameter with the same random elements in the
 * variant's layout: the first `chunk` elements are packed on the host and
 * copied, the rest of each segment is filled by doubling on the device. */
static int fill_set(adv_measure *ms, jit_runner *r, launch_set *ls, long long chunk, gm_status *st)
{
    for (unsigned p = 0; p < ls->nbufs; p++) {
        pbuf *b = &ls->pb[p];
        if (!b->lay)
            continue;
        if (p < ls->nparams && ls->shapes && ls->shapes[p].role != ADV_ROLE_PLAIN && b->s == &b->fake) {
            int rc = fill_shaped(ms, r, ls, p, st);
            if (rc != GM_OK)
                return rc;
            continue;
        }
        unsigned blk = adv_layout_block(b->lay);
        long long c = chunk < b->elems ? chunk : b->elems;
        c = c / ADV_AOSOA_MAX_LANES * ADV_AOSOA_MAX_LANES; /* whole blocks of any AoSoA */
        char why[128];
        const adv_layout *small = NULL;
        const unsigned char *host = packed_elems(ms, b->s, adv_layout_spec_of(b->lay), c, p + 1, &small, why,
                                                 sizeof why);
        if (!host)
            return gm_fail(st, GM_EINPUT, "%s", why);
        /* each segment's first c elements from the packed ones, in one upload */
        unsigned nsegs = adv_layout_nsegs(b->lay);
        unsigned long long (*parts)[3] = gm_xcalloc(nsegs + 1, sizeof *parts);
        for (unsigned s = 0; s < nsegs; s++) {
            const adv_segment *big = adv_layout_seg(b->lay, s), *sm = adv_layout_seg(small, s);
            parts[s][0] = b->dev + big->start;
            parts[s][1] = sm->start;
            parts[s][2] = (unsigned long long)(c / blk) * big->bstride;
        }
        int rc = jit_runner_upload_parts(r, host, adv_layout_bytes(small), parts, nsegs, st);
        for (unsigned s = 0; s < nsegs && rc == GM_OK; s++) {
            const adv_segment *big = adv_layout_seg(b->lay, s);
            unsigned long long total = (unsigned long long)((b->elems + blk - 1) / blk) * big->bstride;
            rc = jit_runner_replicate(r, b->dev + big->start, parts[s][2], total, st);
        }
        free(parts);
        if (rc != GM_OK)
            return rc;
    }
    return GM_OK;
}

/* ---- outputs ----------------------------------------------------------- */

static void outputs_free(adv_outputs *o)
{
    for (unsigned p = 0; p < o->nparams; p++)
        free(o->data[p]);
    free(o->data);
    free(o->elems);
    memset(o, 0, sizeof *o);
}

void adv_outputs_init(adv_outputs *o, unsigned nparams)
{
    o->nparams = nparams;
    o->data = gm_xcalloc(nparams + 1, sizeof *o->data); /* + 1: never a block of 0 bytes */
    o->elems = gm_xcalloc(nparams + 1, sizeof *o->elems);
}

/* 1 when no launch of kernel kn changes pointer parameter p's elements
 * as the kernel is written: it points to const, and every use of it is
 * an access the model reads (none a store, none passed on or used
 * otherwise).  Its outputs would be its inputs again, the same random
 * elements in every variant: they are neither read back nor compared. */
static int read_only(const adv_kernel *kn, unsigned p)
{
    const adv_param *par = &kn->params[p];
    if (!par->pointee_const || par->bare_line || par->other_use_line)
        return 0;
    for (unsigned a = 0; a < kn->naccesses; a++)
        if (kn->acc[a].param == (int)p && kn->acc[a].mode == ADV_WRITE)
            return 0;
    return 1;
}

/* The outputs of the launch over ls that a comparison needs: every
 * pointer parameter's elements, unpacked, but a read-only one's. */
static int read_outputs(adv_measure *ms, jit_runner *r, launch_set *ls, adv_outputs *out, gm_status *st)
{
    const adv_kernel *kn = adv_model_kernel(ms->m, ls->kernel);
    adv_outputs_init(out, ls->nparams);
    for (unsigned p = 0; p < ls->nparams; p++) {
        pbuf *b = &ls->pb[p];
        if (!b->lay || read_only(kn, p))
            continue;
        unsigned long long bytes = adv_layout_bytes(b->lay);
        if (ms->readback_cap < bytes) {
            free(ms->readback);
            ms->readback = gm_xmalloc(bytes);
            ms->readback_cap = bytes;
        }
        unsigned char *host = ms->readback;
        if (jit_runner_download(r, host, b->dev, bytes, st) != GM_OK)
            return st->code;
        out->elems[p] = (unsigned long long)b->elems;
        out->data[p] = gm_xcalloc((size_t)b->elems, b->s->size);
        adv_layout_unpack(b->lay, host, out->data[p], (unsigned long long)b->elems);
    }
    return GM_OK;
}

static int leaf_equal(adv_scalar k, const unsigned char *a, const unsigned char *b)
{
    unsigned n = adv_scalar_size(k);
    if (!memcmp(a, b, n))
        return 1;
    double x, y;
    if (k == ADV_S_F32) {
        float fx, fy;
        memcpy(&fx, a, 4);
        memcpy(&fy, b, 4);
        x = fx, y = fy;
    } else if (k == ADV_S_F64) {
        memcpy(&x, a, 8);
        memcpy(&y, b, 8);
    } else {
        return 0;
    }
    double scale = fabs(x) > fabs(y) ? fabs(x) : fabs(y);
    return fabs(x - y) <= GM_VERIFY_REL_TOL * scale + 1e-30;
}

/* 1 if both runs' outputs are equal, else 0 with `why` naming the first
 * difference. */
static int outputs_equal(const adv_model *m, unsigned k, const adv_outputs *a, const adv_outputs *b,
                         char *why, size_t why_len)
{
    const adv_kernel *kn = adv_model_kernel(m, k);
    for (unsigned p = 0; p < a->nparams && p < b->nparams; p++) {
        if (!a->data[p] || !b->data[p])
            continue;
        const adv_param *par = &kn->params[p];
        adv_struct fake;
        adv_field ff;
        const adv_struct *s = par->kind == ADV_P_STRUCT_PTR ? adv_model_struct(m, (unsigned)par->struct_idx)
                                                            : (scalar_struct(par, &fake, &ff), &fake);
        unsigned long long n = a->elems[p] < b->elems[p] ? a->elems[p] : b->elems[p];
        /* bit for bit the same (padding is zero in both): no leaf to look at */
        int ok = 1, same = !memcmp(a->data[p], b->data[p], (size_t)n * s->size);
        if (same)
            n = 0;
        for (unsigned long long e = 0; e < n && ok; e++)
            for (unsigned f = 0; f < s->nfields && ok; f++)
                for (unsigned l = 0; l < s->fields[f].nleaves && ok; l++) {
                    size_t off = (size_t)e * s->size + s->fields[f].offset + s->fields[f].leaves[l].off;
                    if (!leaf_equal(s->fields[f].leaves[l].kind, a->data[p] + off, b->data[p] + off)) {
                        snprintf(why, why_len, "%s[%llu]%s%s differs", par->name, e,
                                 par->kind == ADV_P_STRUCT_PTR ? "." : "",
                                 par->kind == ADV_P_STRUCT_PTR ? s->fields[f].name : "");
                        ok = 0;
                    }
                }
        if (s == &fake)
            free(ff.leaves);
        if (!ok)
            return 0;
    }
    return 1;
}

/* ---- one variant ------------------------------------------------------- */

/* The timed launches: over sz->n_time elements, or half as many each time
 * the buffers do not fit next to what else holds GPU memory. */
static int time_variant(adv_measure *ms, jit_runner *r, const adv_job *jb, const adv_sizes *sz,
                        jit_timing *t, gm_status *stt)
{
    for (long long n = sz->n_time;; n = n / 2 / GM_ELEM_GRAIN * GM_ELEM_GRAIN) {
        launch_set ls;
        memset(&ls, 0, sizeof ls);
        int oom = 0;
        gm_status tries;
        gm_status_init(&tries);
        double t0 = gm_now_s();
        int rc = setup_set(r, ms->m, ms->data, jb, n, &ls, &oom, &tries);
        t0 = phase_end(JIT_PHASE_SETUP, t0);
        if (rc == GM_OK)
            rc = fill_set(ms, r, &ls, sz->n_check + 64, &tries);
        phase_end(JIT_PHASE_INPUTS, t0);
        if (rc == GM_OK)
            rc = jit_runner_time(r, jb->fn, n, ls.args, t, &tries);
        t0 = gm_now_s();
        free_set(r, &ls);
        phase_end(JIT_PHASE_RELEASE, t0);
        if (!(oom && n / 2 >= sz->n_check)) {
            t->elems = n;
            t->shrunk = n < sz->n_time;
            if (rc != GM_OK)
                *stt = tries;
            return rc;
        }
    }
}

/* Runs job jb: fills `out` from a launch over sz->n_check elements, then
 * (t != NULL) times it. */
static int run_variant_shaped(adv_measure *ms, jit_runner *r, const adv_job *jb, const adv_sizes *sz,
                              adv_outputs *out, jit_timing *t, gm_status *stt);

/* The launches of kernel k in the job's shape (launch_shape_at): shape 0
 * is the block shape of its launch in the file, when it has one, and
 * GM_LAUNCH_DYNAMIC_SHARED bytes of dynamic shared memory when it
 * declares an extern __shared__ array (whose size its launch gives, which
 * gmadvise does not read): the array then holds what any launch without
 * an opt-in could give it.  Undone with launch_as(r, m, -1). */
static void launch_as(jit_runner *r, const adv_model *m, int k)
{
    (void)m;
    jit_runner_set_block(r, k >= 0 && shape_now.block[0] ? shape_now.block : NULL);
    jit_runner_set_shared(r, k >= 0 ? shape_now.shared : 0);
}

/* One variant run and timed as its kernel is launched (launch_as). */
static int run_variant(adv_measure *ms, jit_runner *r, const adv_job *jb, const adv_sizes *sz,
                       adv_outputs *out, jit_timing *t, gm_status *stt)
{
    launch_as(r, ms->m, (int)jb->kernel);
    int rc = run_variant_shaped(ms, r, jb, sz, out, t, stt);
    launch_as(r, ms->m, -1);
    return rc;
}

static int run_variant_shaped(adv_measure *ms, jit_runner *r, const adv_job *jb, const adv_sizes *sz,
                              adv_outputs *out, jit_timing *t, gm_status *stt)
{
    memset(out, 0, sizeof *out);
    if (t)
        memset(t, 0, sizeof *t);
    launch_set ls;
    memset(&ls, 0, sizeof ls);
    int oom;
    double t0 = gm_now_s();
    int rc = setup_set(r, ms->m, ms->data, jb, sz->n_check, &ls, &oom, stt);
    t0 = phase_end(JIT_PHASE_SETUP, t0);
    if (rc == GM_OK)
        rc = fill_set(ms, r, &ls, sz->n_check + 64, stt);
    t0 = phase_end(JIT_PHASE_INPUTS, t0);
    if (rc == GM_OK)
        rc = jit_runner_launch_sync(r, jb->fn, sz->n_check, ls.args, stt);
    t0 = phase_end(JIT_PHASE_LAUNCH, t0);
    if (rc == GM_OK)
        rc = read_outputs(ms, r, &ls, out, stt);
    t0 = phase_end(JIT_PHASE_READBACK, t0);
    free_set(r, &ls);
    phase_end(JIT_PHASE_RELEASE, t0);
    if (rc != GM_OK || !t)
        return rc;
    return time_variant(ms, r, jb, sz, t, stt);
}

/* ---- jobs ------------------------------------------------------------- */

void adv_measure_init(adv_measure *ms, const adv_model *m, const adv_job *jobs, unsigned njobs)
{
    memset(ms, 0, sizeof *ms);
    ms->m = m;
    ms->jobs = jobs;
    ms->njobs = njobs;
    ms->decl_kernel = -1;
    ms->plan_kernel = -1;
}

void adv_measure_free(adv_measure *ms)
{
    outputs_free(&ms->decl);
    for (unsigned i = 0; i < ms->nrand; i++)
        free(ms->rand[i].aos);
    for (unsigned i = 0; i < ms->npacked; i++) {
        adv_layout_destroy(ms->packed[i].lay);
        free(ms->packed[i].host);
    }
    for (unsigned i = 0; i < ms->nshaped; i++)
        free(ms->shaped[i].data);
    free(ms->readback);
    adv_measure_init(ms, ms->m, ms->jobs, ms->njobs);
}

static int find_decl(const adv_measure *ms, unsigned kernel)
{
    for (unsigned j = 0; j < ms->njobs; j++)
        if (ms->jobs[j].kernel == kernel && ms->jobs[j].is_decl)
            return (int)j;
    return -1;
}

/* The declared outputs of `kernel`, recomputed when this worker did not
 * run the declared job itself.  0 when there are none to compare with. */
static int have_decl(adv_measure *ms, jit_runner *r, unsigned kernel, const jit_job_result *done,
                     const adv_sizes *sz)
{
    if (ms->decl_kernel == (int)kernel)
        return 1;
    outputs_free(&ms->decl);
    ms->decl_kernel = -1;
    int j = find_decl(ms, kernel);
    if (j < 0 || done[j].state != JIT_JOB_OK)
        return 0;
    gm_status st;
    gm_status_init(&st);
    if (run_variant(ms, r, &ms->jobs[j], sz, &ms->decl, NULL, &st) != GM_OK) {
        outputs_free(&ms->decl);
        return 0;
    }
    ms->decl_kernel = (int)kernel;
    return 1;
}

/* ---- calibration -------------------------------------------------------- */

typedef struct {
    adv_measure *ms;
    jit_runner *r;
    const adv_job *jb;
    long long chunk;
} cal_ctx;

/* One launch of the job over n elements, timed on the host after a first
 * launch (a launch's cost, not its module's loading): of the kernel's
 * bounded copy where the program has one (engine/loop_bound.h), so that a
 * size whose loops do not end stops itself instead of hanging the worker. */
static int cal_launch(void *ctx, long long n, double *ms, gm_status *st)
{
    cal_ctx *c = ctx;
    char bounded[ADV_NAME_MAX + 64 + sizeof ADV_LOOP_BOUND_SUFFIX]; /* variant names are at most ADV_NAME_MAX + 32 */
    snprintf(bounded, sizeof bounded, "%s" ADV_LOOP_BOUND_SUFFIX, c->jb->fn);
    const char *fn = jit_runner_has_function(c->r, bounded) ? bounded : c->jb->fn;
    launch_set ls;
    memset(&ls, 0, sizeof ls);
    int oom = 0, rc = setup_set(c->r, c->ms->m, c->ms->data, c->jb, n, &ls, &oom, st);
    if (rc == GM_OK)
        rc = fill_set(c->ms, c->r, &ls, c->chunk, st);
    for (int i = 0; i < 2 && rc == GM_OK; i++) {
        double t0 = gm_now_s();
        rc = jit_runner_launch_sync(c->r, fn, n, ls.args, st);
        *ms = (gm_now_s() - t0) * 1e3;
    }
    free_set(c->r, &ls);
    return rc;
}

/* The timed size of job `job`: the declared variant of its kernel is
 * calibrated (engine/calibrate.h) up to the memory plan sz->n_time; every
 * other variant is timed at the size its declared variant was, so all
 * are compared on the same problem. */
static int calibrate_sizes(adv_measure *ms, jit_runner *r, unsigned job, const jit_job_result *done,
                           adv_sizes *sz, gm_status *st)
{
    const adv_job *jb = &ms->jobs[job];
    int d = find_decl(ms, jb->kernel);
    long long n = 0;
    if (d >= 0 && (unsigned)d != job && done[d].state == JIT_JOB_OK && done[d].t.elems > 0) {
        n = done[d].t.elems;
    } else {
        char key[33] = "", shape[160], data[512];
        double age;
        if (ms->bin_hash[0])
            adv_calibration_key(jit_runner_device(r), ms->bin_hash, jb->fn, sz->n_time,
                                launch_shape_text(&shape_now, shape, sizeof shape),
                                adv_inputs_data_text(ms->m, jb->kernel, ms->data, data, sizeof data), key);
        if (key[0] && adv_calibration_cached(key, &n, &age) && n <= sz->n_time) {
            sz->n_time = n; /* calibrated before, on this GPU, for this code */
        } else {
            cal_ctx c = {ms, r, jb, sz->n_check + 64};
            adv_calibration cal;
            long long lo = GM_ELEM_GRAIN < sz->n_time ? GM_ELEM_GRAIN : sz->n_time;
            launch_as(r, ms->m, (int)jb->kernel);
            in_calibration = 1;
            int rc = adv_calibrate(lo, sz->n_time, GM_ELEM_GRAIN, GM_CALIBRATE_TARGET_MS, cal_launch, &c, &cal, st);
            in_calibration = 0;
            launch_as(r, ms->m, -1);
            if (rc != GM_OK)
                return rc;
            n = cal.n;
            if (key[0])
                adv_calibration_keep(key, n);
        }
    }
    sz->n_time = n;
    if (sz->n_check > n)
        sz->n_check = n;
    return GM_OK;
}

/* The rival of job jb's timing (jit/stopping.h): the fastest correct
 * variant of its kernel measured so far.  The declared layout, whose
 * figure every speed-up is relative to, has none: it is timed until its
 * median is settled (jit/stopping.h), not stopped against another. */
static void set_rival(const adv_measure *ms, jit_runner *r, const adv_job *jb, const jit_job_result *done)
{
    int best = -1;
    for (unsigned j = 0; j < ms->njobs && !jb->is_decl; j++)
        if (ms->jobs[j].kernel == jb->kernel && done[j].state == JIT_JOB_OK && done[j].correct != 0 &&
            done[j].t.median_ms > 0 && (best < 0 || done[j].t.median_ms < done[best].t.median_ms))
            best = (int)j;
    if (best >= 0)
        jit_runner_set_rival(r, done[best].t.median_ms, done[best].t.spread_pct);
}

/* What may make a launch of kernel k fault where the application's does
 * not: the launch shape gmadvise took, and what the kernel sizes by its
 * block (shared-memory tiles, y and z indices).  "" when nothing is known
 * to differ. */
static const char *launch_doubt(const adv_model *m, unsigned k, char *out, size_t n)
{
    const adv_kernel *kn = adv_model_kernel(m, k);
    int shared = kn->declares_shared;
    if (!shared && !kn->multi_dim) {
        out[0] = 0;
        return out;
    }
    char shape[96];
    if (kn->block[0])
        snprintf(shape, sizeof shape, "blocks of (%u,%u,%u) threads, as its launch at line %u", kn->block[0],
                 kn->block[1], kn->block[2], kn->block_line);
    else
        snprintf(shape, sizeof shape, "blocks of " GM_STR(GM_LAUNCH_BLOCK) " threads in one dimension (no launch "
                 "of it with constant sizes in the file)");
    snprintf(out, n, " (launched in %s; the kernel %s%s%s: a tile or grid shape the launch does not match "
             "faults it)", shape, shared ? "declares __shared__ memory" : "", shared && kn->multi_dim ? " and " : "",
             kn->multi_dim ? "indexes with y or z" : "");
    return out;
}

/* What a measured kernel's launch assumed that its application may not:
 * the dynamic shared memory of an extern __shared__ array, the values of a
 * by-value struct's members, the size of an offset-only pointer's buffer.
 * "" when nothing. */
static void launch_notes(const adv_model *m, unsigned k, unsigned attempt, char *out, size_t n)
{
    const adv_kernel *kn = adv_model_kernel(m, k);
    sb_t sb;
    sb_init(&sb);
    char shape[160];
    if (attempt)
        sb_printf(&sb, "launched in %s (launch shape %u: the %u before it faulted)",
                  launch_shape_text(&shape_now, shape, sizeof shape), attempt + 1, attempt);
    else if (kn->dynamic_shared)
        sb_printf(&sb, "launched with %d bytes of dynamic shared memory (its extern __shared__ array's size is "
                  "its launch's, which gmadvise does not read)", GM_LAUNCH_DYNAMIC_SHARED);
    if (!kn->block[0] && kn->block_targ && !attempt)
        sb_printf(&sb, "%slaunched in blocks of %u threads (its template argument %s)", sb.len ? "; " : "",
                  kn->block_targ, kn->block_tparam_name);
    for (unsigned p = 0; p < kn->nparams; p++) {
        const adv_param *par = &kn->params[p];
        unsigned ptrs = 0;
        for (unsigned i = 0; i < par->nmembers; i++)
            ptrs += par->members[i].kind == ADV_M_PTR;
        if (par->kind == ADV_P_OTHER && par->nmembers && ptrs)
            sb_printf(&sb, "%s'%s' passed by value: its %u pointer members each given a buffer of random "
                      "elements (at least %lld bytes), integer members %d, floats 0.5", sb.len ? "; " : "",
                      par->name, ptrs, (long long)GM_VALUE_BUFFER_MIN, GM_VALUE_MEMBER_INT);
        else if (par->kind == ADV_P_OTHER && par->nmembers)
            sb_printf(&sb, "%s'%s' passed by value: integer members %d, floats 0.5", sb.len ? "; " : "",
                      par->name, GM_VALUE_MEMBER_INT);
        else if (offset_only(kn, p))
            sb_printf(&sb, "%s%s only offset (line %u): its buffer holds %d times the largest indexed one's bytes or n "
                      "elements",
                      sb.len ? "; " : "", par->name, par->bare_line, GM_OFFSET_ONLY_SCALE);
    }
    snprintf(out, n, "%s", sb.len ? sb.s : "");
    sb_free(&sb);
}

/* A job whose launch stopped itself at the bound (advisor/engine/loop_bound.h):
 * hung, said as such, with no retry in another shape (the context is
 * intact: the worker goes on with the next job).  0 when the failure was
 * something else. */
static int overran(jit_runner *r, const char *when, const gm_status *st, jit_job_result *res)
{
    if (!jit_runner_overran(r))
        return 0;
    res->state = JIT_JOB_HUNG;
    res->retry = 0;
    snprintf(res->note, sizeof res->note, "hung%s: %s", when, st->msg);
    return 1;
}

/* The note of a job that failed in launch shape `attempt`; a fault asks
 * the worker to run the job again in the next shape while there is one
 * (the declared job's only: the other variants take the shape it was
 * measured in). */
static void fault_note(const adv_model *m, unsigned k, unsigned attempt, int may_retry, const char *when,
                       const gm_status *st, jit_job_result *res)
{
    int faulted = res->state == JIT_JOB_FAULTED;
    launch_shape next;
    res->retry = faulted && may_retry && launch_shape_at(m, k, attempt + 1, &next);
    char doubt[400], shape[160];
    if (!faulted)
        snprintf(res->note, sizeof res->note, "failed%s: %s", when, st->msg);
    else if (attempt == 0)
        /* a kernel written for a 2-D block or a shared tile may fault in
         * the launch gmadvise makes: said */
        snprintf(res->note, sizeof res->note, "faulted%s: %s%s", when, st->msg, launch_doubt(m, k, doubt, sizeof doubt));
    else
        snprintf(res->note, sizeof res->note, "faulted%s: %s (in every launch shape tried: the file's and %u more, "
                 "the last %s)", when, st->msg, attempt, launch_shape_text(&shape_now, shape, sizeof shape));
}

static void measure_job(adv_measure *ms, jit_runner *r, unsigned job, const jit_job_result *done,
                        jit_job_result *res);

void adv_measure_job(void *ctx, jit_runner *r, unsigned job, const jit_job_result *done,
                     jit_job_result *res)
{
    job_ms = ctx;
    memset(job_phase, 0, sizeof job_phase);
    in_calibration = 0;
    measure_job(ctx, r, job, done, res);
    memcpy(res->t.phase_s, job_phase, sizeof job_phase);
    job_ms = NULL;
}

static void measure_job(adv_measure *ms, jit_runner *r, unsigned job, const jit_job_result *done,
                        jit_job_result *res)
{
    jit_runner_overran(r); /* a bound reached before this job is not this job's */
    if (ms->inputs && adv_inputs_measure_job(ms, r, job, done, res))
        return; /* measured on the application's captured inputs */
    const adv_job *jb = &ms->jobs[job];
    /* the launch shape: the declared job's, or the next after this job's
     * own fault (the worker that faulted ran it again) */
    int d = find_decl(ms, jb->kernel);
    int may_retry = d < 0 || (unsigned)d == job;
    unsigned attempt = !may_retry && done[d].state != JIT_JOB_NOT_RUN ? done[d].attempt : 0;
    if (done[job].state == JIT_JOB_FAULTED && done[job].retry)
        attempt = done[job].attempt + 1;
    launch_shape_at(ms->m, jb->kernel, attempt, &shape_now);
    res->attempt = attempt;
    gm_status st;
    gm_status_init(&st);
    adv_sizes sz;
    int rc;
    if (ms->plan_kernel == (int)jb->kernel) {
        sz = ms->plan_sizes;
    } else if (adv_plan_sizes(r, ms->m, jb->kernel, &sz, &st) != GM_OK) {
        res->state = JIT_JOB_FAILED;
        snprintf(res->note, sizeof res->note, "not measured: %s", st.msg);
        return;
    } else {
        ms->plan_kernel = (int)jb->kernel;
        ms->plan_sizes = sz;
    }
    double t0 = gm_now_s();
    rc = calibrate_sizes(ms, r, job, done, &sz, &st);
    phase_end(JIT_PHASE_CALIBRATE, t0);
    if (rc != GM_OK) {
        if (overran(r, " while calibrating the size", &st, res))
            return;
        res->state = st.code == GM_EGPU ? JIT_JOB_FAULTED : JIT_JOB_FAILED;
        fault_note(ms->m, jb->kernel, attempt, may_retry, " while calibrating the size", &st, res);
        return;
    }
    adv_outputs out;
    set_rival(ms, r, jb, done);
    rc = run_variant(ms, r, jb, &sz, &out, &res->t, &st);
    jit_runner_set_rival(r, 0, 0);
    if (rc != GM_OK) {
        outputs_free(&out);
        if (overran(r, "", &st, res))
            return;
        /* a driver error may have lost the context: the worker restarts */
        res->state = st.code == GM_EGPU ? JIT_JOB_FAULTED : JIT_JOB_FAILED;
        fault_note(ms->m, jb->kernel, attempt, may_retry, "", &st, res);
        return;
    }
    res->state = JIT_JOB_OK;
    res->gbps = sz.bytes_per_elem * (double)res->t.elems / (res->t.median_ms * 1e-3) / 1e9;
    launch_notes(ms->m, jb->kernel, attempt, res->note, sizeof res->note);
    if (jit_runner_block_cap(r)) { /* the file's block, or gmadvise's, is more than the kernel can run */
        size_t l = strlen(res->note);
        snprintf(res->note + l, sizeof res->note - l, "%slaunched in blocks of at most %u threads (the most its "
                 "__launch_bounds__ or its registers allow)", l ? "; " : "", jit_runner_block_cap(r));
    }
    unsigned fixed, cut = jit_runner_shared_cut(r, &fixed);
    if (cut) {
        size_t l = strlen(res->note);
        snprintf(res->note + l, sizeof res->note - l, "%sits dynamic shared memory cut to %u bytes beside its %u bytes "
                 "of static __shared__ arrays", l ? "; " : "", cut, fixed);
    }
    if (res->t.shrunk)
        snprintf(res->note, sizeof res->note,
                 "timed on %lld elements instead of %lld: the GPU is short of memory", res->t.elems,
                 sz.n_time);
    if (jb->is_decl) {
        outputs_free(&ms->decl);
        ms->decl = out;
        ms->decl_kernel = (int)jb->kernel;
        res->correct = 1;
        return;
    }
    if (have_decl(ms, r, jb->kernel, done, &sz)) {
        char why[256];
        t0 = gm_now_s();
        res->correct = outputs_equal(ms->m, jb->kernel, &ms->decl, &out, why, sizeof why);
        phase_end(JIT_PHASE_READBACK, t0);
        if (!res->correct)
            snprintf(res->note, sizeof res->note, "output differs from the declared layout: %s", why);
    }
    outputs_free(&out);
}

/* ---- for captured inputs (captured.c) ----------------------------------- */

const adv_struct *adv_param_elem(const adv_model *m, unsigned k, unsigned p, adv_struct *fake, adv_field *ff)
{
    const adv_param *par = &adv_model_kernel(m, k)->params[p];
    memset(ff, 0, sizeof *ff);
    if (par->kind == ADV_P_STRUCT_PTR)
        return adv_model_struct(m, (unsigned)par->struct_idx);
    scalar_struct(par, fake, ff);
    return fake;
}

int adv_outputs_match(const adv_model *m, unsigned k, const adv_outputs *a, const adv_outputs *b, char *why,
                      size_t why_len)
{
    return outputs_equal(m, k, a, b, why, why_len);
}

void adv_outputs_free(adv_outputs *o)
{
    outputs_free(o);
}
