/* A working stand-in for libcuda.so.1, for tests/test_runner.c: device
 * memory is host memory (a CUdeviceptr is the host address), a kernel
 * launch does nothing but advance a virtual clock that the events read,
 * so that the runner's timing loop, its warm-up, its L2 flush and its
 * stopping rule run as on a GPU, on timings the test chooses.
 *   GM_FAKE_MS      milliseconds a launch or a copy takes (default 1)
 *   GM_FAKE_JITTER  relative jitter of each, +-, deterministic (default 0.001)
 *   GM_FAKE_MEM_MB  device memory (default 64): an allocation beyond it is
 *                   CUDA_ERROR_OUT_OF_MEMORY
 * A kernel named gm_fault fails its launch with CUDA_ERROR_ILLEGAL_ADDRESS,
 * and so does one whose name begins with tile16_ unless its blocks are
 * (16,16,1);
 * a kernel whose name holds overrun_ ends as one that reached gmadvise's
 * launch bound does (advisor/engine/loop_bound.h): it sets the module's
 * gm_bound_over, which cuModuleGetGlobal_v2 gives, and the launch succeeds;
 * a kernel whose name begins with bounded128_ runs at most 128 threads a
 * block (cuFuncGetAttribute says so, and a larger block is refused with
 * CUDA_ERROR_INVALID_VALUE, as __launch_bounds__(128) makes a GPU do);
 * a kernel whose name begins with smallscalar_ faults unless its fourth
 * parameter, an int, is at most 64 (a row length that takes its indices
 * past the buffers);
 * a kernel whose name begins with bigshared_ has 40 KiB of static shared
 * memory (cuFuncGetAttribute says so), and a launch whose dynamic shared
 * memory takes the block past 48 KiB is refused (CUDA_ERROR_INVALID_VALUE);
 * a kernel whose name begins with block64_ faults unless its blocks are 64
 * threads (warp masks written for a template's block size);
 * a kernel whose name begins with dynshared_ faults unless its launch gives it
 * dynamic shared memory (an extern __shared__ array reached through a helper);
 * a function named missing is not in the module.  fake_launches() counts
 * launches and copies timed between events, fake_allocs() the device
 * buffers allocated and fake_in_use() the bytes held now.
 *   GM_FAKE_CTX_DIR  a folder where each process holding the primary
 *                    context has a file ctx.PID, and `most` says how many
 *                    live processes held one at once (machine-wide counts,
 *                    as the GPU's own monitor sees contexts)
 *   GM_FAKE_RELEASE_MS  the context's last release takes this long (a
 *                    teardown; default 0), the context held meanwhile */
#include <dirent.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <time.h>
#include <unistd.h>

#include "../jit/cuda_abi.h"

#define ILLEGAL_ADDRESS 700
#define NOT_FOUND 500
#define BIG_SHARED 40960 /* a bigshared_ kernel's static shared memory */
#define MAX_ALLOCS 256

static struct { void *p; size_t n; } allocs[MAX_ALLOCS];
static size_t in_use;
static double clock_ms;
static unsigned launches;
static char functions[1024][128]; /* each name once: a worker of many jobs looks each up often */
static unsigned nfunctions;

unsigned fake_launches(void) { return launches; }
static unsigned nallocs;
unsigned fake_allocs(void) { return nallocs; }
size_t fake_in_use(void) { return in_use; }

/* the launch bound's variables, one pair for every module */
static unsigned long long bound_t0;
static unsigned bound_over;

static double env(const char *name, double dflt)
{
    const char *v = getenv(name);
    return v && *v ? atof(v) : dflt;
}

/* one launch or copy: the clock advances by its time */
static void run(double scale)
{
    unsigned x = 2654435761u * ++launches;
    x ^= x >> 15;
    double u = (double)(x % 10007) / 10006.0 * 2 - 1; /* -1..1 */
    clock_ms += scale * env("GM_FAKE_MS", 1.0) * (1 + env("GM_FAKE_JITTER", 0.001) * u);
}

CUresult cuInit(unsigned f) { (void)f; return CUDA_SUCCESS; }
CUresult cuDriverGetVersion(int *v) { *v = 13000; return CUDA_SUCCESS; }
CUresult cuDeviceGetCount(int *c) { *c = 1; return CUDA_SUCCESS; }
CUresult cuDeviceGet(CUdevice *d, int o) { *d = o; return o == 0 ? CUDA_SUCCESS : CUDA_ERROR_INVALID_VALUE; }
CUresult cuDeviceGetName(char *n, int l, CUdevice d)
{
    (void)d;
    strncpy(n, "gmadvise fake GPU", (size_t)l - 1);
    n[l - 1] = '\0';
    return CUDA_SUCCESS;
}
CUresult cuDeviceGetAttribute(int *v, CUdevice_attribute a, CUdevice d)
{
    (void)d;
    switch (a) {
    case CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT: *v = 132; break;
    case CU_DEVICE_ATTRIBUTE_L2_CACHE_SIZE: *v = 1 << 20; break;
    case CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR: *v = 9; break;
    case CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR: *v = 0; break;
    default: return CUDA_ERROR_INVALID_VALUE;
    }
    return CUDA_SUCCESS;
}
CUresult cuDeviceTotalMem_v2(size_t *b, CUdevice d)
{
    (void)d;
    *b = (size_t)(env("GM_FAKE_MEM_MB", 64) * (1 << 20));
    return CUDA_SUCCESS;
}
/* A process that holds a context: alive and not yet a zombie. */
static int ctx_live(const char *name)
{
    int pid = atoi(name + 4);
    char path[64], st[256];
    snprintf(path, sizeof path, "/proc/%d/stat", pid);
    FILE *f = pid > 0 && kill(pid, 0) == 0 ? fopen(path, "r") : NULL;
    if (!f)
        return 0;
    size_t n = fread(st, 1, sizeof st - 1, f);
    fclose(f);
    st[n] = '\0';
    const char *e = strrchr(st, ')'); /* "pid (comm) STATE ..." */
    return e && e[1] == ' ' && e[2] != 'Z';
}

/* GM_FAKE_CTX_DIR's bookkeeping: this process's file made (held) or
 * removed, and `most` raised to the live holders now, under a lock. */
static void ctx_note(int held)
{
    const char *dir = getenv("GM_FAKE_CTX_DIR");
    if (!dir || !*dir)
        return;
    char path[512];
    snprintf(path, sizeof path, "%s/lock", dir);
    int lk = open(path, O_RDWR | O_CREAT, 0666);
    if (lk < 0 || flock(lk, LOCK_EX) != 0) { /* not counted: the test sees no `most` */
        if (lk >= 0)
            close(lk);
        return;
    }
    snprintf(path, sizeof path, "%s/ctx.%d", dir, (int)getpid());
    if (!held) {
        unlink(path);
        close(lk);
        return;
    }
    FILE *f = fopen(path, "w");
    if (f)
        fclose(f);
    int live = 0, most = 0;
    DIR *d = opendir(dir);
    for (struct dirent *e; d && (e = readdir(d));)
        live += !strncmp(e->d_name, "ctx.", 4) && ctx_live(e->d_name);
    if (d)
        closedir(d);
    snprintf(path, sizeof path, "%s/most", dir);
    if ((f = fopen(path, "r"))) {
        if (fscanf(f, "%d", &most) != 1)
            most = 0;
        fclose(f);
    }
    if (live > most && (f = fopen(path, "w"))) {
        fprintf(f, "%d\n", live);
        fclose(f);
    }
    close(lk);
}

static int ctx_refs;
CUresult cuDevicePrimaryCtxRetain(CUcontext *c, CUdevice d)
{
    (void)d;
    *c = (CUcontext)1;
    if (ctx_refs++ == 0)
        ctx_note(1);
    return CUDA_SUCCESS;
}
CUresult cuDevicePrimaryCtxRelease_v2(CUdevice d)
{
    (void)d;
    if (ctx_refs > 0 && --ctx_refs == 0) {
        double ms = env("GM_FAKE_RELEASE_MS", 0);
        if (ms > 0) {
            long long ns = (long long)(ms * 1e6);
            struct timespec ts = {(time_t)(ns / 1000000000LL), (long)(ns % 1000000000LL)};
            while (nanosleep(&ts, &ts) != 0)
                ;
        }
        ctx_note(0);
    }
    return CUDA_SUCCESS;
}
CUresult cuCtxSetCurrent(CUcontext c) { (void)c; return CUDA_SUCCESS; }
CUresult cuCtxSynchronize(void) { return CUDA_SUCCESS; }
CUresult cuModuleLoadData(CUmodule *m, const void *i) { (void)i; *m = (CUmodule)1; return CUDA_SUCCESS; }
CUresult cuModuleUnload(CUmodule m) { (void)m; return CUDA_SUCCESS; }
CUresult cuModuleGetFunction(CUfunction *f, CUmodule m, const char *n)
{
    (void)m;
    if (!strcmp(n, "missing"))
        return NOT_FOUND;
    for (unsigned i = 0; i < nfunctions; i++)
        if (!strncmp(functions[i], n, sizeof functions[0] - 1)) {
            *f = (CUfunction)functions[i];
            return CUDA_SUCCESS;
        }
    if (nfunctions == 1024)
        return NOT_FOUND;
    strncpy(functions[nfunctions], n, sizeof functions[0] - 1);
    *f = (CUfunction)functions[nfunctions++];
    return CUDA_SUCCESS;
}
CUresult cuModuleGetGlobal_v2(CUdeviceptr *p, size_t *b, CUmodule m, const char *n)
{
    (void)m;
    if (!strcmp(n, "gm_bound_t0")) {
        *p = (CUdeviceptr)&bound_t0;
        *b = sizeof bound_t0;
    } else if (!strcmp(n, "gm_bound_over")) {
        *p = (CUdeviceptr)&bound_over;
        *b = sizeof bound_over;
    } else
        return NOT_FOUND;
    return CUDA_SUCCESS;
}
CUresult cuFuncGetAttribute(int *v, int a, CUfunction f)
{
    if (a == CU_FUNC_ATTRIBUTE_SHARED_SIZE_BYTES) {
        *v = strncmp((const char *)f, "bigshared_", 10) ? 0 : BIG_SHARED;
        return CUDA_SUCCESS;
    }
    if (a != CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK)
        return CUDA_ERROR_INVALID_VALUE;
    *v = strncmp((const char *)f, "bounded128_", 11) ? 1024 : 128;
    return CUDA_SUCCESS;
}
CUresult cuMemAlloc_v2(CUdeviceptr *p, size_t b)
{
    size_t total;
    cuDeviceTotalMem_v2(&total, 0);
    if (in_use + b > total)
        return CUDA_ERROR_OUT_OF_MEMORY;
    for (int i = 0; i < MAX_ALLOCS; i++)
        if (!allocs[i].p) {
            allocs[i].p = malloc(b ? b : 1);
            allocs[i].n = b;
            in_use += b;
            nallocs++;
            *p = (CUdeviceptr)allocs[i].p;
            return CUDA_SUCCESS;
        }
    return CUDA_ERROR_OUT_OF_MEMORY;
}
CUresult cuMemFree_v2(CUdeviceptr p)
{
    for (int i = 0; i < MAX_ALLOCS; i++)
        if (allocs[i].p && (CUdeviceptr)allocs[i].p == p) {
            free(allocs[i].p);
            in_use -= allocs[i].n;
            allocs[i].p = NULL;
            return CUDA_SUCCESS;
        }
    return CUDA_ERROR_INVALID_VALUE;
}
CUresult cuMemGetInfo_v2(size_t *f, size_t *t)
{
    cuDeviceTotalMem_v2(t, 0);
    *f = *t - in_use;
    return CUDA_SUCCESS;
}
CUresult cuMemcpyHtoD_v2(CUdeviceptr d, const void *s, size_t b) { memcpy((void *)d, s, b); return CUDA_SUCCESS; }
CUresult cuMemcpyDtoH_v2(void *d, CUdeviceptr s, size_t b) { memcpy(d, (void *)s, b); return CUDA_SUCCESS; }
CUresult cuMemcpyDtoD_v2(CUdeviceptr d, CUdeviceptr s, size_t b) { memmove((void *)d, (void *)s, b); return CUDA_SUCCESS; }
CUresult cuMemcpyDtoDAsync_v2(CUdeviceptr d, CUdeviceptr s, size_t b, CUstream st)
{
    (void)st;
    memmove((void *)d, (void *)s, b);
    run(1);
    return CUDA_SUCCESS;
}
CUresult cuMemsetD32_v2(CUdeviceptr p, unsigned v, size_t c)
{
    unsigned *w = (unsigned *)p;
    for (size_t i = 0; i < c; i++)
        w[i] = v;
    return CUDA_SUCCESS;
}
CUresult cuMemsetD32Async(CUdeviceptr p, unsigned v, size_t c, CUstream s) { (void)s; return cuMemsetD32_v2(p, v, c); }
CUresult cuLaunchKernel(CUfunction f, unsigned gx, unsigned gy, unsigned gz, unsigned bx, unsigned by,
                        unsigned bz, unsigned sh, CUstream s, void **p, void **e)
{
    (void)gx, (void)gy, (void)gz, (void)sh, (void)s, (void)e;
    if (!strcmp((const char *)f, "gm_fault"))
        return ILLEGAL_ADDRESS;
    if (!strncmp((const char *)f, "smallscalar_", 12) && (!p || !p[3] || *(const int *)p[3] > 64))
        return ILLEGAL_ADDRESS;
    if (!strncmp((const char *)f, "bigshared_", 10) && sh + BIG_SHARED > 49152)
        return CUDA_ERROR_INVALID_VALUE;
    if (!strncmp((const char *)f, "block64_", 8) && bx * by * bz != 64)
        return ILLEGAL_ADDRESS;
    if (!strncmp((const char *)f, "dynshared_", 10) && sh == 0)
        return ILLEGAL_ADDRESS;
    if (!strncmp((const char *)f, "bounded128_", 11) && bx * by * bz > 128)
        return CUDA_ERROR_INVALID_VALUE;
    if (strstr((const char *)f, "overrun_")) {
        bound_over = 1;
        run(1);
        return CUDA_SUCCESS;
    }
    /* a 16x16 tile's kernel, as a GPU faults it in any other block */
    if (!strncmp((const char *)f, "tile16_", 7) && (bx != 16 || by != 16 || bz != 1))
        return ILLEGAL_ADDRESS;
    run(1);
    return CUDA_SUCCESS;
}
CUresult cuEventCreate(CUevent *e, unsigned f)
{
    (void)f;
    *e = (CUevent)calloc(1, sizeof(double));
    return CUDA_SUCCESS;
}
CUresult cuEventRecord(CUevent e, CUstream s) { (void)s; *(double *)e = clock_ms; return CUDA_SUCCESS; }
CUresult cuEventSynchronize(CUevent e) { (void)e; return CUDA_SUCCESS; }
CUresult cuEventElapsedTime(float *ms, CUevent a, CUevent b)
{
    *ms = (float)(*(double *)b - *(double *)a);
    return CUDA_SUCCESS;
}
CUresult cuEventDestroy_v2(CUevent e) { free(e); return CUDA_SUCCESS; }
CUresult cuGetErrorName(CUresult r, const char **n)
{
    *n = r == ILLEGAL_ADDRESS ? "CUDA_ERROR_ILLEGAL_ADDRESS" : r == CUDA_ERROR_OUT_OF_MEMORY ? "CUDA_ERROR_OUT_OF_MEMORY"
         : r == NOT_FOUND ? "CUDA_ERROR_NOT_FOUND" : "CUDA_ERROR_UNKNOWN";
    return CUDA_SUCCESS;
}
CUresult cuGetErrorString(CUresult r, const char **t)
{
    *t = r == ILLEGAL_ADDRESS ? "an illegal memory access was encountered" : "fake driver error";
    return CUDA_SUCCESS;
}
