#include "runner.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "../common/strbuf.h"
#include "../common/timer.h"
#include "cuda_api.h"

#define BLOCK_THREADS 256
#define N_CHECK (1ll << 16)
#define RAND_CACHE 16

struct jit_runner {
    const jit_cuda *cu;
    CUdevice dev;
    CUcontext ctx;
    CUmodule mod;
    jit_device_info info;
    jit_method method;
    CUdeviceptr flush;
    size_t flush_bytes;
    CUevent ev0, ev1;
    unsigned flush_value;
    CUdeviceptr scratch;
    size_t scratch_bytes;
    /* random inputs in the declared layout, made once per parameter and
     * size: every variant of a kernel starts from the same values */
    struct {
        char name[ADV_NAME_MAX];
        unsigned size;
        long long n;
        unsigned long long seed;
        unsigned char *aos;
    } rand[RAND_CACHE];
    unsigned nrand;
};

void jit_method_default(jit_method *m)
{
    m->target_spread_pct = 0.5;
    m->min_samples = 15;
    m->max_samples = 100;
    m->budget_s = 0.25;
    m->l2_multiple = 8;
}

#define CU(call, what)                                                                       \
    do {                                                                                     \
        if (jit_cu_check(r->cu, (call), (what), st) != GM_OK)                                \
            return st->code;                                                                 \
    } while (0)

int jit_device_count(gm_status *st)
{
    const jit_cuda *cu = jit_cuda_load(st);
    if (!cu)
        return -1;
    int n = 0;
    if (jit_cu_check(cu, cu->cuInit(0), "cuInit", st) != GM_OK ||
        jit_cu_check(cu, cu->cuDeviceGetCount(&n), "cuDeviceGetCount", st) != GM_OK)
        return -1;
    return n;
}

int jit_device_query(int ordinal, jit_device_info *info, gm_status *st)
{
    memset(info, 0, sizeof *info);
    int count = jit_device_count(st);
    if (count < 0)
        return st->code = GM_EENV;
    if (count == 0)
        return gm_fail(st, GM_EENV, "the CUDA driver sees no GPU");
    if (ordinal < 0 || ordinal >= count)
        return gm_fail(st, GM_EINPUT, "--device %d: this machine has %d GPU(s)", ordinal, count);
    const jit_cuda *cu = jit_cuda_load(st);
    CUdevice dev;
    int major = 0, minor = 0, l2 = 0, sms = 0;
    size_t mem = 0;
    if (jit_cu_check(cu, cu->cuDeviceGet(&dev, ordinal), "cuDeviceGet", st) ||
        jit_cu_check(cu, cu->cuDeviceGetName(info->name, sizeof info->name, dev), "cuDeviceGetName", st) ||
        jit_cu_check(cu, cu->cuDeviceGetAttribute(&major, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR, dev),
                     "cuDeviceGetAttribute", st) ||
        jit_cu_check(cu, cu->cuDeviceGetAttribute(&minor, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR, dev),
                     "cuDeviceGetAttribute", st) ||
        jit_cu_check(cu, cu->cuDeviceGetAttribute(&l2, CU_DEVICE_ATTRIBUTE_L2_CACHE_SIZE, dev),
                     "cuDeviceGetAttribute", st) ||
        jit_cu_check(cu, cu->cuDeviceGetAttribute(&sms, CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT, dev),
                     "cuDeviceGetAttribute", st) ||
        jit_cu_check(cu, cu->cuDeviceTotalMem_v2(&mem, dev), "cuDeviceTotalMem", st))
        return st->code;
    info->ordinal = ordinal;
    info->sm = major * 10 + minor;
    info->sms = sms;
    info->l2_bytes = (unsigned long long)l2;
    info->mem_bytes = mem;
    return GM_OK;
}

int jit_runner_create(int ordinal, const jit_method *method, jit_runner **out,
                      jit_device_info *info, gm_status *st)
{
    *out = NULL;
    jit_device_info di;
    if (jit_device_query(ordinal, &di, st) != GM_OK)
        return st->code;
    jit_runner *r = gm_xcalloc(1, sizeof *r);
    r->cu = jit_cuda_load(st);
    r->method = *method;
    r->info = di;
    *out = r;
    CU(r->cu->cuDeviceGet(&r->dev, ordinal), "cuDeviceGet");
    CU(r->cu->cuDevicePrimaryCtxRetain(&r->ctx, r->dev), "cuDevicePrimaryCtxRetain");
    CU(r->cu->cuCtxSetCurrent(r->ctx), "cuCtxSetCurrent");
    /* writing twice the L2's size evicts what the last sample left there */
    r->flush_bytes = (size_t)r->info.l2_bytes * 2 + 4096;
    CU(r->cu->cuMemAlloc_v2(&r->flush, r->flush_bytes), "allocating the L2 flush buffer");
    CU(r->cu->cuEventCreate(&r->ev0, CU_EVENT_DEFAULT), "cuEventCreate");
    CU(r->cu->cuEventCreate(&r->ev1, CU_EVENT_DEFAULT), "cuEventCreate");
    if (info)
        *info = r->info;
    return GM_OK;
}

void jit_runner_destroy(jit_runner *r)
{
    if (!r)
        return;
    if (r->cu && r->ctx) {
        if (r->mod)
            r->cu->cuModuleUnload(r->mod);
        if (r->flush)
            r->cu->cuMemFree_v2(r->flush);
        if (r->scratch)
            r->cu->cuMemFree_v2(r->scratch);
        if (r->ev0)
            r->cu->cuEventDestroy_v2(r->ev0);
        if (r->ev1)
            r->cu->cuEventDestroy_v2(r->ev1);
        for (unsigned i = 0; i < r->nrand; i++)
            free(r->rand[i].aos);
        r->cu->cuDevicePrimaryCtxRelease_v2(r->dev);
    }
    free(r);
}

int jit_runner_load(jit_runner *r, const jit_binary *bin, gm_status *st)
{
    if (r->mod)
        r->cu->cuModuleUnload(r->mod);
    r->mod = NULL;
    CU(r->cu->cuModuleLoadData(&r->mod, bin->cubin), "loading the compiled variants");
    return GM_OK;
}

/* ---- sizes ---------------------------------------------------------- */

static int is_ptr(const adv_param *p)
{
    return p->kind == ADV_P_STRUCT_PTR || p->kind == ADV_P_SCALAR_PTR;
}

/* Elements parameter p needs so that every affine access of the kernel
 * over n threads stays in bounds; irregular indices are assumed to stay
 * under 2n, which kernels guard by their count parameter. */
static long long alloc_elems(const adv_kernel *k, unsigned p, long long n)
{
    long long need = n;
    for (unsigned a = 0; a < k->naccesses; a++) {
        const adv_access *x = &k->acc[a];
        if (x->param != (int)p)
            continue;
        long long hi;
        if (!x->cls.affine)
            hi = 2 * n;
        else if (x->cls.stride >= 0)
            hi = x->cls.stride * (n - 1) + x->cls.offset + 1;
        else
            hi = x->cls.offset + 1;
        if (hi > need)
            need = hi;
    }
    need += 64;
    return (need + 31) / 32 * 32;
}

static unsigned access_bytes(const adv_model *m, const adv_kernel *k, const adv_access *x)
{
    const adv_param *p = &k->params[x->param];
    if (x->struct_idx < 0 || x->field < 0)
        return p->elem_size;
    return adv_model_struct(m, (unsigned)x->struct_idx)->fields[x->field].size;
}

int jit_plan_sizes(const jit_runner *r, const adv_model *m, unsigned k, jit_sizes *sz,
                   gm_status *st)
{
    const adv_kernel *kn = adv_model_kernel(m, k);
    const long long probe = 1 << 20;
    double foot = 0;
    long long max_stride = 1;
    for (unsigned p = 0; p < kn->nparams; p++)
        if (is_ptr(&kn->params[p]))
            foot += (double)alloc_elems(kn, p, probe) / probe * kn->params[p].elem_size;
    for (unsigned a = 0; a < kn->naccesses; a++)
        if (kn->acc[a].cls.affine && llabs(kn->acc[a].cls.stride) > max_stride)
            max_stride = llabs(kn->acc[a].cls.stride);
    if (foot <= 0)
        return gm_fail(st, GM_EINPUT, "kernel %s has no pointer parameter to measure", kn->name);
    double target = r->method.l2_multiple * (double)r->info.l2_bytes;
    if (target < 64.0 * (1 << 20))
        target = 64.0 * (1 << 20);
    if (target > r->info.mem_bytes / 4.0)
        target = r->info.mem_bytes / 4.0;
    long long n = (long long)(target / foot);
    long long cap = ((1ll << 31) - 4096) / (max_stride + 1); /* user kernels often index with int */
    if (n > cap)
        n = cap;
    n = n / 8192 * 8192;
    if (n < 8192)
        n = 8192;
    sz->n_time = n;
    sz->n_check = N_CHECK < n ? N_CHECK : n;
    /* effective bytes: each distinct access moves its bytes once per element */
    double bytes = 0;
    for (unsigned a = 0; a < kn->naccesses; a++) {
        if (!adv_access_repeats(kn, a))
            bytes += access_bytes(m, kn, &kn->acc[a]);
    }
    sz->bytes_per_elem = bytes;
    return GM_OK;
}

/* ---- buffers ---------------------------------------------------------- */

/* A scalar pointer's element seen as a one-field struct, so that every
 * parameter goes through the same layout code. */
static void scalar_struct(const adv_param *p, adv_struct *s, adv_field *f)
{
    memset(s, 0, sizeof *s);
    memset(f, 0, sizeof *f);
    snprintf(s->name, sizeof s->name, "%s", p->name);
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

typedef struct {
    const adv_struct *s;
    adv_struct fake;
    adv_field fake_field;
    adv_layout *lay;
    long long elems;      /* elements the kernel may touch */
    CUdeviceptr dev;
    CUdeviceptr ptrs[64]; /* what the kernel receives */
    unsigned nptrs;
} pbuf;

typedef struct {
    unsigned nparams;
    pbuf *pb;
    void **args;
    unsigned char (*store)[8];
} launch_set;

static void free_set(jit_runner *r, launch_set *ls)
{
    for (unsigned p = 0; p < ls->nparams; p++) {
        if (ls->pb[p].dev)
            r->cu->cuMemFree_v2(ls->pb[p].dev);
        adv_layout_destroy(ls->pb[p].lay);
        if (ls->pb[p].s == &ls->pb[p].fake)
            free(ls->pb[p].fake_field.leaves);
    }
    free(ls->pb);
    free(ls->args);
    free(ls->store);
    memset(ls, 0, sizeof *ls);
}

/* The pointers a kernel parameter expands to, in kgen's order. */
static void kernel_pointers(pbuf *b, adv_layout_kind kind)
{
    const adv_layout *l = b->lay;
    b->nptrs = 0;
    if (kind == ADV_L_SOA) {
        for (unsigned f = 0; f < b->s->nfields && f < 64; f++)
            b->ptrs[b->nptrs++] = b->dev + adv_layout_addr(l, f, 0);
    } else if (kind == ADV_L_VECTOR) {
        for (unsigned g = 0; g < adv_layout_ngroups(l) && g < 64; g++)
            b->ptrs[b->nptrs++] = b->dev + adv_layout_addr(l, adv_layout_group(l, g)->first, 0);
    } else {
        b->ptrs[b->nptrs++] = b->dev + adv_layout_seg(l, 0)->start;
    }
}

/* Fills every pointer parameter with the same random elements in the
 * variant's layout: the first `chunk` elements are packed on the host and
 * copied, the rest of each segment is filled by doubling on the device. */
static int setup_set(jit_runner *r, const adv_model *m, unsigned k, int st, adv_layout_kind kind,
                     long long n, launch_set *ls, int *oom, gm_status *stt)
{
    *oom = 0;
    const adv_kernel *kn = adv_model_kernel(m, k);
    ls->nparams = kn->nparams;
    ls->pb = gm_xcalloc(kn->nparams, sizeof *ls->pb);
    ls->args = gm_xcalloc(kn->nparams * 64 + 1, sizeof *ls->args);
    ls->store = gm_xcalloc(kn->nparams * 64 + 1, sizeof *ls->store);
    unsigned na = 0;
    char why[256];
    for (unsigned p = 0; p < kn->nparams; p++) {
        const adv_param *par = &kn->params[p];
        pbuf *b = &ls->pb[p];
        if (par->kind == ADV_P_OTHER)
            return gm_fail(stt, GM_EINPUT, "kernel %s: parameter '%s' (%s) cannot be given a value",
                           kn->name, par->name, par->type);
        if (!is_ptr(par)) {
            double v = 0;
            adv_model_param_value(m, k, p, n, &v);
            if (par->kind == ADV_P_FLOAT && par->elem_size == 4) {
                float f = (float)v;
                memcpy(ls->store[na], &f, 4);
            } else if (par->kind == ADV_P_FLOAT) {
                memcpy(ls->store[na], &v, 8);
            } else {
                long long iv = (long long)v;
                memcpy(ls->store[na], &iv, par->elem_size <= 8 ? par->elem_size : 8);
            }
            ls->args[na] = ls->store[na];
            na++;
            continue;
        }
        int varied = par->kind == ADV_P_STRUCT_PTR && par->struct_idx == st;
        if (par->kind == ADV_P_STRUCT_PTR) {
            b->s = adv_model_struct(m, (unsigned)par->struct_idx);
        } else {
            scalar_struct(par, &b->fake, &b->fake_field);
            b->s = &b->fake;
        }
        b->elems = alloc_elems(kn, p, n);
        adv_layout_kind lk = varied ? kind : ADV_L_AOS;
        b->lay = adv_layout_create(b->s, lk, (unsigned long long)b->elems, why, sizeof why);
        if (!b->lay)
            return gm_fail(stt, GM_EINPUT, "kernel %s, %s: %s", kn->name, par->name, why);
        unsigned long long bytes = adv_layout_bytes(b->lay);
        CUresult cr = r->cu->cuMemAlloc_v2(&b->dev, bytes);
        if (cr == CUDA_ERROR_OUT_OF_MEMORY && (*oom = 1))
            return gm_fail(stt, GM_EGPU, "kernel %s: out of GPU memory allocating %.0f MB for %s",
                           kn->name, bytes / 1e6, par->name);
        if (jit_cu_check(r->cu, cr, "cuMemAlloc", stt) != GM_OK)
            return stt->code;
        if (jit_cu_check(r->cu, r->cu->cuMemsetD32_v2(b->dev, 0, bytes / 4), "cuMemsetD32", stt))
            return stt->code;
        kernel_pointers(b, lk);
        for (unsigned i = 0; i < b->nptrs; i++) {
            memcpy(ls->store[na], &b->ptrs[i], sizeof(CUdeviceptr));
            ls->args[na] = ls->store[na];
            na++;
        }
    }
    return GM_OK;
}

/* n random elements of s for parameter seed `seed`, from the cache when
 * an earlier variant asked for the same. */
static const unsigned char *random_elems(jit_runner *r, const adv_struct *s, long long n,
                                         unsigned long long seed)
{
    for (unsigned i = 0; i < r->nrand; i++)
        if (r->rand[i].n == n && r->rand[i].seed == seed && r->rand[i].size == s->size &&
            !strcmp(r->rand[i].name, s->name))
            return r->rand[i].aos;
    unsigned slot = r->nrand < RAND_CACHE ? r->nrand++ : (unsigned)(seed % RAND_CACHE);
    free(r->rand[slot].aos);
    snprintf(r->rand[slot].name, sizeof r->rand[slot].name, "%s", s->name);
    r->rand[slot].size = s->size;
    r->rand[slot].n = n;
    r->rand[slot].seed = seed;
    r->rand[slot].aos = gm_xmalloc((size_t)n * s->size);
    random_fill(s, r->rand[slot].aos, n, seed);
    return r->rand[slot].aos;
}

static int fill_set(jit_runner *r, const adv_model *m, unsigned k, launch_set *ls, long long chunk,
                    gm_status *st)
{
    const adv_kernel *kn = adv_model_kernel(m, k);
    for (unsigned p = 0; p < kn->nparams; p++) {
        pbuf *b = &ls->pb[p];
        if (!b->lay)
            continue;
        long long c = chunk < b->elems ? chunk : b->elems;
        c = c / 32 * 32;
        const unsigned char *aos = random_elems(r, b->s, c, p + 1);
        char why[128];
        adv_layout *small = adv_layout_create(b->s, adv_layout_kind_of(b->lay), (unsigned long long)c,
                                              why, sizeof why);
        unsigned char *host = gm_xcalloc(adv_layout_bytes(small), 1);
        adv_layout_pack(small, aos, host, (unsigned long long)c);
        int rc = GM_OK;
        unsigned blk = adv_layout_block(b->lay);
        for (unsigned s = 0; s < adv_layout_nsegs(b->lay) && rc == GM_OK; s++) {
            const adv_segment *big = adv_layout_seg(b->lay, s), *sm = adv_layout_seg(small, s);
            unsigned long long len = (unsigned long long)(c / blk) * big->bstride;
            unsigned long long total = (unsigned long long)((b->elems + blk - 1) / blk) * big->bstride;
            rc = jit_cu_check(r->cu, r->cu->cuMemcpyHtoD_v2(b->dev + big->start, host + sm->start, len),
                              "copying input to the GPU", st);
            for (unsigned long long done = len; rc == GM_OK && done < total; done *= 2) {
                unsigned long long n = done < total - done ? done : total - done;
                rc = jit_cu_check(r->cu,
                                  r->cu->cuMemcpyDtoD_v2(b->dev + big->start + done, b->dev + big->start, n),
                                  "replicating input on the GPU", st);
            }
        }
        free(host);
        adv_layout_destroy(small);
        if (rc != GM_OK)
            return rc;
    }
    return GM_OK;
}

static int launch(jit_runner *r, CUfunction fn, long long n, void **args, gm_status *st)
{
    long long blocks = (n + BLOCK_THREADS - 1) / BLOCK_THREADS;
    if (blocks > 0x7fffffffll)
        return gm_fail(st, GM_EINPUT, "%lld elements need more blocks than a grid holds", n);
    CU(r->cu->cuLaunchKernel(fn, (unsigned)blocks, 1, 1, BLOCK_THREADS, 1, 1, 0, NULL, args, NULL),
       "cuLaunchKernel");
    return GM_OK;
}

int jit_runner_scratch(jit_runner *r, size_t bytes, unsigned long long *ptr, gm_status *st)
{
    bytes = (bytes + 3) / 4 * 4;
    if (bytes > r->scratch_bytes) {
        if (r->scratch)
            r->cu->cuMemFree_v2(r->scratch);
        r->scratch = 0;
        r->scratch_bytes = 0;
        CU(r->cu->cuMemAlloc_v2(&r->scratch, bytes), "cuMemAlloc (probe scratch)");
        r->scratch_bytes = bytes;
    }
    CU(r->cu->cuMemsetD32_v2(r->scratch, 0, r->scratch_bytes / 4), "cuMemsetD32 (probe scratch)");
    *ptr = r->scratch;
    return GM_OK;
}

int jit_runner_launch_sync(jit_runner *r, const char *name, long long threads, void **args,
                           gm_status *st)
{
    CUfunction fn;
    CU(r->cu->cuModuleGetFunction(&fn, r->mod, name), name);
    if (launch(r, fn, threads, args, st) != GM_OK)
        return st->code;
    CU(r->cu->cuCtxSynchronize(), name);
    return GM_OK;
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

static void summarize(double *ms, int n, jit_timing *t)
{
    qsort(ms, (size_t)n, sizeof *ms, cmp_double);
    t->samples = n;
    t->min_ms = ms[0];
    t->max_ms = ms[n - 1];
    t->median_ms = n % 2 ? ms[n / 2] : (ms[n / 2 - 1] + ms[n / 2]) / 2;
    /* half the width of the central 80 %, relative to the median */
    double p10 = ms[(int)(0.1 * (n - 1))], p90 = ms[(int)ceil(0.9 * (n - 1))];
    t->spread_pct = t->median_ms > 0 ? 100.0 * (p90 - p10) / (2 * t->median_ms) : 0;
}

/* Times `fn` (a kernel) or, with fn == NULL, a device-to-device copy. */
static int time_it(jit_runner *r, CUfunction fn, long long n, void **args, CUdeviceptr dst,
                   CUdeviceptr src, size_t bytes, jit_timing *t, gm_status *st)
{
    const jit_method *me = &r->method;
    double *ms = gm_xcalloc((size_t)me->max_samples, sizeof *ms);
    int got = 0, rc = GM_OK;
    double t0 = gm_now_s();
    for (int i = -2; i < me->max_samples && rc == GM_OK; i++) {
        /* a different value each time, so no write can be skipped */
        rc = jit_cu_check(r->cu, r->cu->cuMemsetD32Async(r->flush, ++r->flush_value, r->flush_bytes / 4, NULL),
                          "flushing the L2", st);
        if (rc == GM_OK)
            rc = jit_cu_check(r->cu, r->cu->cuEventRecord(r->ev0, NULL), "cuEventRecord", st);
        if (rc == GM_OK)
            rc = fn ? launch(r, fn, n, args, st)
                    : jit_cu_check(r->cu, r->cu->cuMemcpyDtoDAsync_v2(dst, src, bytes, NULL), "cuMemcpyDtoD", st);
        if (rc == GM_OK)
            rc = jit_cu_check(r->cu, r->cu->cuEventRecord(r->ev1, NULL), "cuEventRecord", st);
        if (rc == GM_OK)
            rc = jit_cu_check(r->cu, r->cu->cuEventSynchronize(r->ev1), "running the kernel", st);
        float e = 0;
        if (rc == GM_OK)
            rc = jit_cu_check(r->cu, r->cu->cuEventElapsedTime_v2(&e, r->ev0, r->ev1), "cuEventElapsedTime", st);
        if (rc != GM_OK || i < 0)
            continue; /* the first two are warm-up */
        ms[got++] = e;
        if (got >= me->min_samples) {
            double *tmp = gm_xmalloc((size_t)got * sizeof *tmp);
            memcpy(tmp, ms, (size_t)got * sizeof *tmp);
            summarize(tmp, got, t);
            free(tmp);
            if (t->spread_pct <= me->target_spread_pct || gm_now_s() - t0 > me->budget_s)
                break;
        }
    }
    if (rc == GM_OK && got > 0)
        summarize(ms, got, t);
    free(ms);
    return rc;
}

int jit_runner_alloc(jit_runner *r, size_t bytes, unsigned word, unsigned long long *ptr,
                     gm_status *st)
{
    CUdeviceptr p = 0;
    *ptr = 0;
    bytes = (bytes + 3) / 4 * 4;
    CUresult cr = r->cu->cuMemAlloc_v2(&p, bytes);
    if (cr == CUDA_ERROR_OUT_OF_MEMORY)
        return gm_fail(st, GM_EGPU, "out of GPU memory allocating %.0f MB", bytes / 1e6);
    CU(cr, "cuMemAlloc");
    *ptr = p;
    CU(r->cu->cuMemsetD32_v2(p, word, bytes / 4), "cuMemsetD32");
    return GM_OK;
}

void jit_runner_free(jit_runner *r, unsigned long long ptr)
{
    if (ptr)
        r->cu->cuMemFree_v2(ptr);
}

int jit_runner_time(jit_runner *r, const char *name, long long threads, void **args, jit_timing *t,
                    gm_status *st)
{
    CUfunction fn;
    memset(t, 0, sizeof *t);
    CU(r->cu->cuModuleGetFunction(&fn, r->mod, name), name);
    return time_it(r, fn, threads, args, 0, 0, 0, t, st);
}

int jit_runner_time_memcpy(jit_runner *r, unsigned long long dst, unsigned long long src,
                           size_t bytes, jit_timing *t, gm_status *st)
{
    memset(t, 0, sizeof *t);
    return time_it(r, NULL, 0, NULL, dst, src, bytes, t, st);
}

void jit_outputs_free(jit_outputs *o)
{
    for (unsigned p = 0; p < o->nparams; p++)
        free(o->data[p]);
    free(o->data);
    free(o->elems);
    free(o->elem_size);
    memset(o, 0, sizeof *o);
}

static int read_outputs(jit_runner *r, launch_set *ls, jit_outputs *out, gm_status *st)
{
    out->nparams = ls->nparams;
    out->data = gm_xcalloc(ls->nparams, sizeof *out->data);
    out->elems = gm_xcalloc(ls->nparams, sizeof *out->elems);
    out->elem_size = gm_xcalloc(ls->nparams, sizeof *out->elem_size);
    for (unsigned p = 0; p < ls->nparams; p++) {
        pbuf *b = &ls->pb[p];
        if (!b->lay)
            continue;
        unsigned long long bytes = adv_layout_bytes(b->lay);
        unsigned char *host = gm_xmalloc(bytes);
        if (jit_cu_check(r->cu, r->cu->cuMemcpyDtoH_v2(host, b->dev, bytes), "reading results", st)) {
            free(host);
            return st->code;
        }
        out->elems[p] = (unsigned long long)b->elems;
        out->elem_size[p] = b->s->size;
        out->data[p] = gm_xcalloc((size_t)b->elems, b->s->size);
        adv_layout_unpack(b->lay, host, out->data[p], (unsigned long long)b->elems);
        free(host);
    }
    return GM_OK;
}

/* The timed launches: over sz->n_time elements, or half as many each time
 * the buffers do not fit next to what else holds GPU memory. */
static int time_variant(jit_runner *r, const adv_model *m, unsigned k, int st, adv_layout_kind kind,
                        CUfunction fn, const jit_sizes *sz, jit_timing *t, gm_status *stt)
{
    for (long long n = sz->n_time;; n = n / 2 / 8192 * 8192) {
        launch_set ls;
        memset(&ls, 0, sizeof ls);
        int oom = 0;
        gm_status tries;
        gm_status_init(&tries);
        int rc = setup_set(r, m, k, st, kind, n, &ls, &oom, &tries);
        if (rc == GM_OK)
            rc = fill_set(r, m, k, &ls, sz->n_check + 64, &tries);
        if (rc == GM_OK)
            rc = time_it(r, fn, n, ls.args, 0, 0, 0, t, &tries);
        free_set(r, &ls);
        if (!(oom && n / 2 >= sz->n_check)) {
            t->elems = n;
            t->shrunk = n < sz->n_time;
            if (rc != GM_OK)
                *stt = tries;
            return rc;
        }
    }
}

int jit_run_variant(jit_runner *r, const adv_model *m, unsigned k, int st, adv_layout_kind kind,
                    const char *fn_name, const jit_sizes *sz, jit_outputs *out, jit_timing *t,
                    gm_status *stt)
{
    CUfunction fn;
    memset(out, 0, sizeof *out);
    if (t)
        memset(t, 0, sizeof *t);
    if (jit_cu_check(r->cu, r->cu->cuModuleGetFunction(&fn, r->mod, fn_name), fn_name, stt))
        return stt->code;
    launch_set ls;
    memset(&ls, 0, sizeof ls);
    int oom;
    int rc = setup_set(r, m, k, st, kind, sz->n_check, &ls, &oom, stt);
    if (rc == GM_OK)
        rc = fill_set(r, m, k, &ls, sz->n_check + 64, stt);
    if (rc == GM_OK)
        rc = launch(r, fn, sz->n_check, ls.args, stt);
    if (rc == GM_OK)
        rc = jit_cu_check(r->cu, r->cu->cuCtxSynchronize(), fn_name, stt);
    if (rc == GM_OK)
        rc = read_outputs(r, &ls, out, stt);
    free_set(r, &ls);
    if (rc != GM_OK || !t)
        return rc;
    return time_variant(r, m, k, st, kind, fn, sz, t, stt);
}

/* ---- comparison ------------------------------------------------------- */

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
    return fabs(x - y) <= 1e-5 * scale + 1e-30;
}

int jit_outputs_equal(const adv_model *m, unsigned k, const jit_outputs *a, const jit_outputs *b,
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
        int ok = 1;
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

/* ---- reference kernels ---------------------------------------------- */

static int ref_kernel(jit_runner *r, const char *name, CUdeviceptr out, CUdeviceptr in, long long n,
                      long long threads, int extra, double bytes, double *gbps, gm_status *st)
{
    void *args[4] = {&out, &in, &n, &extra};
    jit_timing t;
    if (jit_runner_time(r, name, threads, args, &t, st) != GM_OK)
        return st->code;
    *gbps = bytes / (t.median_ms * 1e-3) / 1e9;
    return GM_OK;
}

/* Two arrays of n + 64 floats; n halves while they do not fit, down to a
 * size that still exceeds the L2. */
static int alloc_pair(jit_runner *r, long long *n, CUdeviceptr *a, CUdeviceptr *b, gm_status *st)
{
    for (;;) {
        size_t bytes = (size_t)(*n + 64) * 4;
        CUresult ca = r->cu->cuMemAlloc_v2(a, bytes);
        CUresult cb = ca == CUDA_SUCCESS ? r->cu->cuMemAlloc_v2(b, bytes) : ca;
        if (cb == CUDA_SUCCESS)
            return GM_OK;
        if (ca == CUDA_SUCCESS)
            r->cu->cuMemFree_v2(*a);
        *a = 0;
        if (cb != CUDA_ERROR_OUT_OF_MEMORY || (unsigned long long)*n * 4 < 2 * r->info.l2_bytes)
            return jit_cu_check(r->cu, cb, "allocating the reference arrays", st);
        *n = *n / 2 / 8192 * 8192;
    }
}

int jit_run_reference(jit_runner *r, jit_reference *ref, gm_status *st)
{
    memset(ref, 0, sizeof *ref);
    double target = r->method.l2_multiple * (double)r->info.l2_bytes / 2; /* per array */
    if (target > r->info.mem_bytes / 8.0)
        target = r->info.mem_bytes / 8.0;
    long long n = (long long)(target / 4) / 8192 * 8192; /* floats */
    CUdeviceptr a = 0, b = 0;
    int rc = alloc_pair(r, &n, &a, &b, st);
    size_t bytes = (size_t)(n + 64) * 4;
    ref->elems = n;
    ref->shrunk = n < (long long)(target / 4) / 8192 * 8192;
    if (rc == GM_OK) /* 1.0f: non-zero data */
        rc = jit_cu_check(r->cu, r->cu->cuMemsetD32_v2(a, 0x3f800000u, bytes / 4), "cuMemsetD32", st);
    if (rc == GM_OK)
        rc = jit_runner_time_memcpy(r, b, a, (size_t)n * 4, &ref->memcpy_t, st);
    if (rc == GM_OK)
        ref->memcpy_gbps = 2.0 * n * 4 / (ref->memcpy_t.median_ms * 1e-3) / 1e9;
    if (rc == GM_OK)
        rc = ref_kernel(r, "gm_ref_offset_copy", b, a, n, n, 0, 2.0 * n * 4, &ref->copy_gbps, st);
    if (rc == GM_OK)
        rc = ref_kernel(r, "gm_ref_offset_copy", b, a, n, n - 1, 1, 2.0 * (n - 1) * 4, &ref->offset1_gbps, st);
    if (rc == GM_OK)
        rc = ref_kernel(r, "gm_ref_stride_copy", b, a, n, n / 2, 2, 2.0 * (n / 2) * 4, &ref->stride2_gbps, st);
    if (rc == GM_OK)
        rc = ref_kernel(r, "gm_ref_vec4_copy", b, a, n / 4, n / 4, 0, 2.0 * n * 4, &ref->vec4_gbps, st);
    if (a)
        r->cu->cuMemFree_v2(a);
    if (b)
        r->cu->cuMemFree_v2(b);
    return rc;
}
