#include "runner.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "../common/limits.h"
#include "../common/strbuf.h"
#include "../common/timer.h"
#include "cuda_api.h"
#include "stopping.h"


struct jit_runner {
    const jit_cuda *cu;
    CUdevice dev;
    CUcontext ctx;
    CUmodule mod;
    CUmodule *more;   /* a binary compiled in parts: the other parts' modules */
    unsigned nmore;
    jit_device_info info;
    jit_method method;
    CUdeviceptr flush;
    size_t flush_bytes;
    CUevent ev0, ev1;
    unsigned flush_value;
    CUdeviceptr scratch;
    size_t scratch_bytes;
    unsigned block[3]; /* of the launches: jit_runner_set_block */
    unsigned grid[3];  /* jit_runner_set_grid; grid[0] == 0: from the threads */
    unsigned shared_bytes;
    const unsigned long long (*restore)[3]; /* jit_runner_set_restore */
    unsigned nrestore;
    CUmodule fn_mod;  /* the module of the function get_function found last */
    unsigned capped;  /* jit_runner_block_cap */
    unsigned shared_cut, shared_static; /* jit_runner_shared_cut */
    int overran;      /* jit_runner_overran */
    /* jit_runner_alloc's buffers (runner.h): those live (a freed one's
     * size), and those freed and kept, oldest first (kept_take) */
    struct runner_buf { CUdeviceptr p; size_t bytes; } *live, kept[GM_RUNNER_KEPT_BUFFERS + 1];
    unsigned nlive, cap_live, nkept;
    CUdeviceptr stage; /* jit_runner_upload_parts' device memory */
    size_t stage_bytes;
};

static void kept_release(jit_runner *r);

void jit_method_default(jit_method *m)
{
    m->target_spread_pct = GM_DEFAULT_SPREAD_PCT;
    m->min_samples = GM_DEFAULT_MIN_SAMPLES;
    m->max_samples = GM_DEFAULT_MAX_SAMPLES;
    m->budget_s = GM_DEFAULT_BUDGET_S;
    m->l2_multiple = GM_DEFAULT_L2_MULTIPLE;
    m->rival_ms = m->rival_spread_pct = 0;
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

int jit_driver_version(char *out, size_t n, gm_status *st)
{
    const jit_cuda *cu = jit_cuda_load(st);
    int v = 0;
    if (!cu || jit_cu_check(cu, cu->cuDriverGetVersion(&v), "cuDriverGetVersion", st) != GM_OK)
        return st->code ? st->code : GM_EENV;
    snprintf(out, n, "%d.%d", v / 1000, v % 1000 / 10);
    return GM_OK;
}

void jit_device_fingerprint(sb_t *k, const jit_device_info *dev)
{
    char drv[32] = "";
    gm_status st;
    gm_status_init(&st);
    jit_driver_version(drv, sizeof drv, &st);
    sb_printf(k, "%s|%d|%d|%d|%llu|%llu|driver %s", dev->name, dev->ordinal, dev->sm, dev->sms, dev->l2_bytes,
              dev->mem_bytes, drv);
}

int jit_device_query(int ordinal, jit_device_info *info, gm_status *st)
{
    memset(info, 0, sizeof *info);
    int count = jit_device_count(st);
    if (count < 0)
        return gm_status_recode(st, GM_EENV);
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
    jit_runner_set_block(r, NULL);
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

/* The loaded modules, unloaded. */
static void unload(jit_runner *r)
{
    if (r->mod)
        r->cu->cuModuleUnload(r->mod);
    r->mod = NULL;
    for (unsigned i = 0; i < r->nmore; i++)
        r->cu->cuModuleUnload(r->more[i]);
    free(r->more);
    r->more = NULL;
    r->nmore = 0;
}

void jit_runner_destroy(jit_runner *r)
{
    if (!r)
        return;
    if (r->cu && r->ctx) {
        unload(r);
        kept_release(r);
        for (unsigned i = 0; i < r->nlive; i++)
            r->cu->cuMemFree_v2(r->live[i].p);
        if (r->flush)
            r->cu->cuMemFree_v2(r->flush);
        if (r->scratch)
            r->cu->cuMemFree_v2(r->scratch);
        if (r->stage)
            r->cu->cuMemFree_v2(r->stage);
        if (r->ev0)
            r->cu->cuEventDestroy_v2(r->ev0);
        if (r->ev1)
            r->cu->cuEventDestroy_v2(r->ev1);
        r->cu->cuDevicePrimaryCtxRelease_v2(r->dev);
    }
    free(r->live);
    free(r);
}

int jit_runner_load(jit_runner *r, const jit_binary *bin, gm_status *st)
{
    unload(r);
    CU(r->cu->cuModuleLoadData(&r->mod, bin->cubin), "loading the compiled variants");
    if (bin->nmore)
        r->more = gm_xcalloc(bin->nmore, sizeof *r->more);
    for (unsigned i = 0; i < bin->nmore; i++) {
        CU(r->cu->cuModuleLoadData(&r->more[i], bin->more[i].cubin), "loading the compiled variants");
        r->nmore = i + 1;
    }
    return GM_OK;
}

/* Kernel `name` in whichever module has it (the first's error when none);
 * r->fn_mod is that module. */
static int get_function(jit_runner *r, CUfunction *fn, const char *name, gm_status *st)
{
    for (unsigned i = 0; i < r->nmore; i++)
        if (r->cu->cuModuleGetFunction(fn, r->more[i], name) == CUDA_SUCCESS) {
            r->fn_mod = r->more[i];
            return GM_OK;
        }
    CU(r->cu->cuModuleGetFunction(fn, r->mod, name), name);
    r->fn_mod = r->mod;
    return GM_OK;
}

/* ---- the launch bound (advisor/engine/loop_bound.h) ------------------------ */

/* Variable `name` of the module of the function found last; 0 when that
 * module has none (gmadvise's reference kernels, a probe's program) or the
 * driver cannot say. */
static CUdeviceptr bound_var(jit_runner *r, const char *name)
{
    CUdeviceptr p = 0;
    size_t bytes = 0;
    if (!r->cu->cuModuleGetGlobal_v2 || !r->fn_mod ||
        r->cu->cuModuleGetGlobal_v2(&p, &bytes, r->fn_mod, name) != CUDA_SUCCESS || bytes < 4)
        return 0;
    return p;
}

/* The launch's start, forgotten before a launch: its first bounded loop
 * records it anew.  Asynchronous, before the launch's events. */
static int bound_reset(jit_runner *r, gm_status *st)
{
    CUdeviceptr t0 = bound_var(r, "gm_bound_t0");
    if (t0)
        CU(r->cu->cuMemsetD32Async(t0, 0, 2, NULL), "resetting the launch bound");
    return GM_OK;
}

/* After a launch ended: GM_EGPU, and jit_runner_overran says so, when it
 * stopped itself at the bound. */
static int bound_check(jit_runner *r, const char *name, gm_status *st)
{
    CUdeviceptr over = bound_var(r, "gm_bound_over");
    unsigned v = 0;
    if (!over)
        return GM_OK;
    CU(r->cu->cuMemcpyDtoH_v2(&v, over, sizeof v), "reading the launch bound");
    if (!v)
        return GM_OK;
    CU(r->cu->cuMemsetD32_v2(over, 0, 1), "resetting the launch bound");
    r->overran = 1;
    return gm_fail(st, GM_EGPU, "%s: a launch ran past %d ms and stopped itself (every loop of the generated "
                   "kernel is bounded; the worker and its context go on)", name, GM_LAUNCH_BOUND_MS);
}

int jit_runner_overran(jit_runner *r)
{
    int o = r->overran;
    r->overran = 0;
    return o;
}

void jit_runner_set_block(jit_runner *r, const unsigned block[3])
{
    static const unsigned one_dim[3] = {GM_LAUNCH_BLOCK, 1, 1};
    memcpy(r->block, block ? block : one_dim, sizeof r->block);
}

void jit_runner_set_grid(jit_runner *r, const unsigned grid[3], unsigned shared_bytes)
{
    static const unsigned none[3] = {0, 0, 0};
    memcpy(r->grid, grid ? grid : none, sizeof r->grid);
    r->shared_bytes = grid ? shared_bytes : 0;
}

void jit_runner_set_shared(jit_runner *r, unsigned bytes)
{
    r->shared_bytes = bytes;
}

void jit_runner_set_restore(jit_runner *r, const unsigned long long (*copies)[3], unsigned n)
{
    r->restore = n ? copies : NULL;
    r->nrestore = copies ? n : 0;
}

/* The block of a launch of fn: r->block, or, where fn cannot run that
 * many threads a block (its __launch_bounds__, or the registers it
 * needs: the driver refuses the launch), a block of at most fn's maximum,
 * y then x halved (x kept a multiple of 32).  A captured launch's shape is
 * the application's and is not changed. */
static void fit_block(jit_runner *r, CUfunction fn, unsigned b[3])
{
    memcpy(b, r->block, sizeof r->block);
    int max = 0;
    r->capped = 0;
    if (r->grid[0] || !r->cu->cuFuncGetAttribute ||
        r->cu->cuFuncGetAttribute(&max, CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK, fn) != CUDA_SUCCESS || max <= 0)
        return;
    while ((long long)b[0] * b[1] * b[2] > max && (b[1] > 1 || b[2] > 1 || b[0] > 32)) {
        if (b[2] > 1)
            b[2] /= 2;
        else if (b[1] > 1)
            b[1] /= 2;
        else
            b[0] = b[0] / 2 / 32 * 32;
    }
    if (b[0] != r->block[0] || b[1] != r->block[1] || b[2] != r->block[2])
        r->capped = (unsigned)max;
}

int jit_runner_has_function(jit_runner *r, const char *name)
{
    CUfunction fn;
    gm_status st;
    gm_status_init(&st);
    return get_function(r, &fn, name, &st) == GM_OK;
}

unsigned jit_runner_block_cap(const jit_runner *r)
{
    return r->capped;
}

unsigned jit_runner_shared_cut(const jit_runner *r, unsigned *static_bytes)
{
    *static_bytes = r->shared_static;
    return r->shared_cut;
}

static int launch(jit_runner *r, CUfunction fn, long long n, void **args, gm_status *st)
{
    if (r->grid[0]) {
        CU(r->cu->cuLaunchKernel(fn, r->grid[0], r->grid[1], r->grid[2], r->block[0], r->block[1], r->block[2],
                                 r->shared_bytes, NULL, args, NULL),
           "cuLaunchKernel (the captured launch shape)");
        return GM_OK;
    }
    unsigned b[3];
    fit_block(r, fn, b);
    long long per = (long long)b[0] * b[1] * b[2], blocks = (n + per - 1) / per;
    if (blocks > 0x7fffffffll)
        return gm_fail(st, GM_EINPUT, "%lld elements need more blocks than a grid holds", n);
    /* gmadvise's dynamic shared memory and the kernel's static arrays
     * together within what a block gets without opting in: more is a
     * refused launch (invalid argument), not a kernel's fault */
    unsigned sh = r->shared_bytes;
    int fixed = 0;
    if (sh && r->cu->cuFuncGetAttribute &&
        r->cu->cuFuncGetAttribute(&fixed, CU_FUNC_ATTRIBUTE_SHARED_SIZE_BYTES, fn) == CUDA_SUCCESS && fixed > 0 &&
        sh + (unsigned)fixed > GM_LAUNCH_DYNAMIC_SHARED)
        sh = (unsigned)fixed < GM_LAUNCH_DYNAMIC_SHARED ? GM_LAUNCH_DYNAMIC_SHARED - (unsigned)fixed : 0;
    r->shared_cut = sh < r->shared_bytes ? sh : 0;
    r->shared_static = sh < r->shared_bytes ? (unsigned)fixed : 0;
    CU(r->cu->cuLaunchKernel(fn, (unsigned)blocks, 1, 1, b[0], b[1], b[2], sh, NULL, args, NULL),
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
        kept_release(r);
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
    if (get_function(r, &fn, name, st) != GM_OK || bound_reset(r, st) != GM_OK)
        return st->code;
    if (launch(r, fn, threads, args, st) != GM_OK)
        return st->code;
    CU(r->cu->cuCtxSynchronize(), name);
    return bound_check(r, name, st);
}

void jit_runner_set_rival(jit_runner *r, double ms, double spread_pct)
{
    r->method.rival_ms = ms;
    r->method.rival_spread_pct = spread_pct;
}

/* Times `fn` (a kernel) or, with fn == NULL, a device-to-device copy. */
static int time_it(jit_runner *r, CUfunction fn, long long n, void **args, CUdeviceptr dst,
                   CUdeviceptr src, size_t bytes, jit_timing *t, gm_status *st)
{
    const jit_method *me = &r->method;
    double *ms = gm_xcalloc((size_t)me->max_samples, sizeof *ms);
    int got = 0, rc = GM_OK, stop = 0;
    double t0 = gm_now_s(), launched = 0;
    for (int i = -2; i < me->max_samples && rc == GM_OK; i++) {
        /* inputs a launch consumes, restored before each (untimed, then flushed) */
        for (unsigned c = 0; c < r->nrestore && rc == GM_OK; c++)
            rc = jit_cu_check(r->cu, r->cu->cuMemcpyDtoDAsync_v2(r->restore[c][0], r->restore[c][1],
                                                                 r->restore[c][2], NULL),
                              "restoring the inputs", st);
        if (rc == GM_OK && fn)
            rc = bound_reset(r, st);
        /* a different value each time, so no write can be skipped */
        if (rc == GM_OK)
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
            rc = jit_cu_check(r->cu, r->cu->cuEventElapsedTime(&e, r->ev0, r->ev1), "cuEventElapsedTime", st);
        /* a launch that reached the bound stopped early: its time means nothing */
        if (rc == GM_OK && fn && e >= 0.5f * GM_LAUNCH_BOUND_MS)
            rc = bound_check(r, "a timed launch", st);
        if (rc == GM_OK)
            launched += e;
        if (rc != GM_OK || i < 0)
            continue; /* the first two are warm-up */
        ms[got++] = e;
        jit_stop why = jit_stop_rule(me, ms, got, gm_now_s() - t0, t);
        if (why != JIT_SAMPLE_MORE) {
            stop = why;
            break;
        }
    }
    if (rc == GM_OK && got > 0)
        jit_timing_summarize(ms, got, t);
    t->stop = stop;
    t->loop_s = gm_now_s() - t0;
    t->launched_ms = launched;
    free(ms);
    return rc;
}

/* The kept buffers given back to the driver. */
static void kept_release(jit_runner *r)
{
    for (unsigned i = 0; i < r->nkept; i++)
        r->cu->cuMemFree_v2(r->kept[i].p);
    r->nkept = 0;
}

/* The bytes a request of `bytes` is allocated as: whole pages (the
 * driver maps no less), so that requests of the same pages share kept
 * buffers. */
static size_t alloc_span(size_t bytes)
{
    size_t pages = (bytes + GM_RUNNER_PAGE_BYTES - 1) / GM_RUNNER_PAGE_BYTES;
    return (pages ? pages : 1) * GM_RUNNER_PAGE_BYTES;
}

/* The oldest kept buffer of `span` bytes, taken out of the kept ones
 * (their order kept); 0: none, and every kept buffer smaller than span
 * given back. */
static CUdeviceptr kept_take(jit_runner *r, size_t span)
{
    for (unsigned i = 0; i < r->nkept; i++)
        if (r->kept[i].bytes == span) {
            CUdeviceptr p = r->kept[i].p;
            memmove(r->kept + i, r->kept + i + 1, (r->nkept - i - 1) * sizeof *r->kept);
            r->nkept--;
            return p;
        }
    unsigned n = 0;
    for (unsigned i = 0; i < r->nkept; i++)
        if (r->kept[i].bytes < span)
            r->cu->cuMemFree_v2(r->kept[i].p);
        else
            r->kept[n++] = r->kept[i];
    r->nkept = n;
    return 0;
}

int jit_runner_alloc(jit_runner *r, size_t bytes, unsigned word, unsigned long long *ptr, int *oom,
                     gm_status *st)
{
    CUdeviceptr p = 0;
    *ptr = 0;
    bytes = (bytes + 3) / 4 * 4;
    size_t span = alloc_span(bytes);
    CUresult cr = (p = kept_take(r, span)) ? CUDA_SUCCESS : r->cu->cuMemAlloc_v2(&p, span);
    if (cr == CUDA_ERROR_OUT_OF_MEMORY && r->nkept) { /* what is kept goes before a request fails */
        kept_release(r);
        cr = r->cu->cuMemAlloc_v2(&p, span);
    }
    if (oom)
        *oom = cr == CUDA_ERROR_OUT_OF_MEMORY;
    if (cr == CUDA_ERROR_OUT_OF_MEMORY)
        return gm_fail(st, GM_EGPU, "out of GPU memory allocating %.0f MB", bytes / 1e6);
    CU(cr, "cuMemAlloc");
    if (r->nlive == r->cap_live) {
        r->cap_live = r->cap_live ? 2 * r->cap_live : 16;
        r->live = gm_xrealloc(r->live, r->cap_live * sizeof *r->live);
    }
    r->live[r->nlive++] = (struct runner_buf){p, span};
    *ptr = p;
    CU(r->cu->cuMemsetD32_v2(p, word, bytes / 4), "cuMemsetD32");
    return GM_OK;
}

void jit_runner_free(jit_runner *r, unsigned long long ptr)
{
    if (!ptr)
        return;
    for (unsigned i = 0; i < r->nlive; i++)
        if (r->live[i].p == ptr) {
            struct runner_buf b = r->live[i];
            memmove(r->live + i, r->live + i + 1, (r->nlive - i - 1) * sizeof *r->live);
            r->nlive--;
            if (GM_RUNNER_KEPT_BUFFERS == 0) {
                r->cu->cuMemFree_v2(ptr);
                return;
            }
            if (r->nkept == GM_RUNNER_KEPT_BUFFERS) { /* the oldest goes */
                r->cu->cuMemFree_v2(r->kept[0].p);
                memmove(r->kept, r->kept + 1, (GM_RUNNER_KEPT_BUFFERS - 1) * sizeof *r->kept);
                r->nkept--;
            }
            r->kept[r->nkept++] = b;
            return;
        }
    r->cu->cuMemFree_v2(ptr);
}

int jit_runner_upload(jit_runner *r, unsigned long long dst, const void *src, size_t bytes,
                      gm_status *st)
{
    CU(r->cu->cuMemcpyHtoD_v2(dst, src, bytes), "copying input to the GPU");
    return GM_OK;
}

int jit_runner_upload_parts(jit_runner *r, const void *src, size_t bytes, const unsigned long long (*parts)[3],
                            unsigned n, gm_status *st)
{
    for (unsigned i = 0; i < n; i++)
        if (parts[i][1] > bytes || parts[i][2] > bytes - parts[i][1])
            return gm_fail(st, GM_EINPUT, "copying input to the GPU: part %u past the %zu bytes given", i, bytes);
    if (bytes > r->stage_bytes) {
        if (r->stage)
            r->cu->cuMemFree_v2(r->stage);
        r->stage = 0;
        r->stage_bytes = 0;
        size_t span = alloc_span(bytes); /* whole pages: the next layout's few more bytes fit */
        CU(r->cu->cuMemAlloc_v2(&r->stage, span), "allocating the GPU's copy of the inputs");
        r->stage_bytes = span;
    }
    /* from pageable memory: the stream's earlier copies out of the
     * staging memory have ended before it is written again; device to
     * device, none waits (the driver's synchronisation rules) */
    CU(r->cu->cuMemcpyHtoD_v2(r->stage, src, bytes), "copying input to the GPU");
    for (unsigned i = 0; i < n; i++)
        CU(r->cu->cuMemcpyDtoD_v2(parts[i][0], r->stage + parts[i][1], parts[i][2]), "copying input on the GPU");
    return GM_OK;
}

int jit_runner_download(jit_runner *r, void *dst, unsigned long long src, size_t bytes, gm_status *st)
{
    CU(r->cu->cuMemcpyDtoH_v2(dst, src, bytes), "reading results");
    return GM_OK;
}

int jit_runner_replicate(jit_runner *r, unsigned long long ptr, size_t len, size_t total,
                         gm_status *st)
{
    for (size_t done = len; done < total; done *= 2) {
        size_t n = done < total - done ? done : total - done;
        CU(r->cu->cuMemcpyDtoD_v2(ptr + done, ptr, n), "replicating input on the GPU");
    }
    return GM_OK;
}

void jit_timing_parts_text(const jit_timing *t, char *out, size_t n)
{
    static const char *const phase[JIT_NPHASES] = {"set-up", "inputs", "launch", "read-back", "calibration",
                                                   "release"};
    static const char *const stop[] = {"", "spread", "budget", "max", "behind", "tied", "settled"};
    size_t l = 0;
    out[0] = '\0';
    for (int p = 0; p < JIT_NPHASES && l < n; p++) {
        snprintf(out + l, n - l, "%s%s %.3f s", p ? ", " : "; ", phase[p], t->phase_s[p]);
        l += strlen(out + l);
    }
    if (l < n && t->stop > 0 && t->stop < (int)(sizeof stop / sizeof *stop))
        snprintf(out + l, n - l, "; stopped: %s", stop[t->stop]);
}

const jit_device_info *jit_runner_device(const jit_runner *r)
{
    return &r->info;
}

const jit_method *jit_runner_method(const jit_runner *r)
{
    return &r->method;
}

int jit_runner_time(jit_runner *r, const char *name, long long threads, void **args, jit_timing *t,
                    gm_status *st)
{
    CUfunction fn;
    memset(t, 0, sizeof *t);
    if (get_function(r, &fn, name, st) != GM_OK)
        return st->code;
    return time_it(r, fn, threads, args, 0, 0, 0, t, st);
}

int jit_runner_time_memcpy(jit_runner *r, unsigned long long dst, unsigned long long src,
                           size_t bytes, jit_timing *t, gm_status *st)
{
    memset(t, 0, sizeof *t);
    return time_it(r, NULL, 0, NULL, dst, src, bytes, t, st);
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
    kept_release(r); /* the planned arrays fit as on a runner that kept none */
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
        *n = *n / 2 / GM_ELEM_GRAIN * GM_ELEM_GRAIN;
    }
}

int jit_run_reference(jit_runner *r, jit_reference *ref, gm_status *st)
{
    memset(ref, 0, sizeof *ref);
    double target = r->method.l2_multiple * (double)r->info.l2_bytes / 2; /* per array */
    if (target > r->info.mem_bytes / 8.0)
        target = r->info.mem_bytes / 8.0;
    long long n = (long long)(target / 4) / GM_ELEM_GRAIN * GM_ELEM_GRAIN; /* floats */
    CUdeviceptr a = 0, b = 0;
    int rc = alloc_pair(r, &n, &a, &b, st);
    size_t bytes = (size_t)(n + 64) * 4;
    ref->elems = n;
    ref->shrunk = n < (long long)(target / 4) / GM_ELEM_GRAIN * GM_ELEM_GRAIN;
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
