/* The capture injection library: loaded into an unmodified CUDA
 * application by the driver (CUDA_INJECTION64_PATH, which calls
 * InitializeInjection), it subscribes to CUPTI's driver-API callbacks for
 * kernel launches and, for the N-th launch of each wanted kernel, records
 * the launch, every argument by the kernel's parameter layout, and every
 * allocation an argument points into, copied before the launch and after
 * it (the reference output), into a capture directory (manifest.json and
 * one .npy per buffer).  `gmadvise capture` sets it up through
 * environment variables:
 *   GMADVISE_CAPTURE_DIR        where to write (required)
 *   GMADVISE_CAPTURE_KERNELS    names separated by ";" (default: every kernel)
 *   GMADVISE_CAPTURE_LAUNCH     which launch of each, from 1 (default 1)
 *   GMADVISE_CAPTURE_MAX_BYTES  bytes of buffers at most (0: no cap)
 *   GMADVISE_CUPTI              libcupti to load (default: libcupti.so.13, ...)
 * It never writes to the application's stdout or stderr (its output must
 * stay byte-identical): what it has to say goes to the manifest's notes
 * and DIR/capture.log, which gmadvise capture prints afterwards.
 * CUPTI and the driver are loaded with dlopen/dlsym, so the library needs
 * neither at link time and finds libcupti where the machine has it. */
#define _GNU_SOURCE
#include <cuda.h>
#include <cupti.h>

#include <dlfcn.h>
#include <errno.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "../common/npy.h"
#include "args.h"

/* libstdc++'s demangler (linked in) */
char *__cxa_demangle(const char *mangled, char *out, size_t *len, int *status);

/* ---- the driver and CUPTI, by dlsym ------------------------------------ */

static struct {
    CUresult (*CtxSynchronize)(void);
    CUresult (*CtxGetDevice)(CUdevice *);
    CUresult (*DeviceGetName)(char *, int, CUdevice);
    CUresult (*DeviceGetAttribute)(int *, CUdevice_attribute, CUdevice);
    CUresult (*PointerGetAttribute)(void *, CUpointer_attribute, CUdeviceptr);
    CUresult (*MemGetAddressRange)(CUdeviceptr *, size_t *, CUdeviceptr);
    CUresult (*MemcpyDtoH)(void *, CUdeviceptr, size_t);
    CUresult (*FuncGetParamInfo)(CUfunction, size_t, size_t *, size_t *);
    CUresult (*KernelGetParamInfo)(CUkernel, size_t, size_t *, size_t *);
    CUresult (*StreamIsCapturing)(CUstream, CUstreamCaptureStatus *);
    CUresult (*GetErrorName)(CUresult, const char **);
} cu;

static struct {
    CUptiResult (*Subscribe)(CUpti_SubscriberHandle *, CUpti_CallbackFunc, void *);
    CUptiResult (*EnableCallback)(uint32_t, CUpti_SubscriberHandle, CUpti_CallbackDomain, CUpti_CallbackId);
    CUptiResult (*GetResultString)(CUptiResult, const char **);
} cupti;

/* ---- state ---------------------------------------------------------------- */

#define MAX_KERNELS 4096
#define MAX_BUFS 64

typedef struct {
    char *mangled;
    unsigned long long launches;
} seen_kernel;

typedef struct {
    CUdeviceptr base;
    size_t bytes;
    const char *memory;
    char before[96], after[96];
    char descr[16], elem[128];
    int copied_before, copied_after;
} cap_buf;

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static char dir[4096];
static const char *filter;
static unsigned long long want_launch = 1, max_bytes, used_bytes;
static seen_kernel seen[MAX_KERNELS];
static unsigned nseen;
static char *done_json;        /* the finished captures, comma-separated JSON objects */
static size_t done_len;
static char *notes_json;       /* notes, comma-separated JSON strings */
static size_t notes_len;
static unsigned ncaptures, cap_hit;
static char device_name[256];
static int device_sm;
static FILE *log_file;

/* the capture in flight between a launch's enter and exit callbacks */
static struct {
    int active;
    char json_head[16384];     /* kernel, launch, params: written at enter */
    size_t head_len;
    cap_buf bufs[MAX_BUFS];
    unsigned nbufs;
    char why[512];             /* why incomplete, "" when complete */
} cur;

static void append(char **s, size_t *len, const char *text)
{
    size_t n = strlen(text);
    char *p = realloc(*s, *len + n + 2);
    if (!p)
        return;
    *s = p;
    if (*len)
        p[(*len)++] = ',';
    memcpy(p + *len, text, n + 1);
    *len += n;
}

static void note(const char *fmt, ...)
{
    char msg[1024], js[2200];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    if (log_file) {
        fprintf(log_file, "%s\n", msg);
        fflush(log_file);
    }
    gm_cap_json_str(msg, js, sizeof js);
    append(&notes_json, &notes_len, js);
}

static const char *cu_err(CUresult r)
{
    const char *s = NULL;
    if (cu.GetErrorName && cu.GetErrorName(r, &s) == CUDA_SUCCESS && s)
        return s;
    return "CUDA error";
}

/* manifest.json, replaced whole (written beside, then renamed) after every
 * change, so that an application that dies leaves a readable one. */
static void write_manifest(int finished)
{
    char path[4200], tmp[4300];
    snprintf(path, sizeof path, "%s/manifest.json", dir);
    snprintf(tmp, sizeof tmp, "%s/.manifest.json.tmp", dir);
    FILE *f = fopen(tmp, "w");
    if (!f)
        return;
    char dev[600];
    gm_cap_json_str(device_name, dev, sizeof dev);
    fprintf(f, "{\n  \"gmadvise_capture\": 1,\n  \"device\": %s,\n  \"sm\": %d,\n", dev, device_sm);
    fprintf(f, "  \"finished\": %s,\n  \"max_bytes\": %llu,\n  \"bytes\": %llu,\n  \"cap_hit\": %s,\n",
            finished ? "true" : "false", max_bytes, used_bytes, cap_hit ? "true" : "false");
    fprintf(f, "  \"launches\": [");
    for (unsigned i = 0; i < nseen; i++) {
        char js[1200];
        gm_cap_json_str(seen[i].mangled, js, sizeof js);
        fprintf(f, "%s{\"mangled\": %s, \"count\": %llu}", i ? ", " : "", js, seen[i].launches);
    }
    fprintf(f, "],\n  \"notes\": [%s],\n  \"captures\": [%s]\n}\n", notes_json ? notes_json : "",
            done_json ? done_json : "");
    if (fclose(f) == 0)
        rename(tmp, path);
}

/* ---- one launch ---------------------------------------------------------- */

typedef struct {
    const char *api;
    CUfunction f;
    unsigned grid[3], block[3], smem;
    CUstream stream;
    void **params, **extra;
    int ptsz;
} launch_info;

static int decode_launch(CUpti_CallbackId cbid, const void *fp, launch_info *li)
{
    memset(li, 0, sizeof *li);
    switch (cbid) {
    case CUPTI_DRIVER_TRACE_CBID_cuLaunchKernel:
    case CUPTI_DRIVER_TRACE_CBID_cuLaunchKernel_ptsz: {
        const cuLaunchKernel_params *p = fp;
        *li = (launch_info){"cuLaunchKernel", p->f, {p->gridDimX, p->gridDimY, p->gridDimZ},
                            {p->blockDimX, p->blockDimY, p->blockDimZ}, p->sharedMemBytes, p->hStream,
                            p->kernelParams, p->extra, cbid == CUPTI_DRIVER_TRACE_CBID_cuLaunchKernel_ptsz};
        return 0;
    }
    case CUPTI_DRIVER_TRACE_CBID_cuLaunchCooperativeKernel:
    case CUPTI_DRIVER_TRACE_CBID_cuLaunchCooperativeKernel_ptsz: {
        const cuLaunchCooperativeKernel_params *p = fp;
        *li = (launch_info){"cuLaunchCooperativeKernel", p->f, {p->gridDimX, p->gridDimY, p->gridDimZ},
                            {p->blockDimX, p->blockDimY, p->blockDimZ}, p->sharedMemBytes, p->hStream,
                            p->kernelParams, NULL,
                            cbid == CUPTI_DRIVER_TRACE_CBID_cuLaunchCooperativeKernel_ptsz};
        return 0;
    }
    case CUPTI_DRIVER_TRACE_CBID_cuLaunchKernelEx:
    case CUPTI_DRIVER_TRACE_CBID_cuLaunchKernelEx_ptsz: {
        const cuLaunchKernelEx_params *p = fp;
        const CUlaunchConfig *c = p->config;
        if (!c)
            return -1;
        *li = (launch_info){"cuLaunchKernelEx", p->f, {c->gridDimX, c->gridDimY, c->gridDimZ},
                            {c->blockDimX, c->blockDimY, c->blockDimZ}, c->sharedMemBytes, c->hStream,
                            p->kernelParams, p->extra, cbid == CUPTI_DRIVER_TRACE_CBID_cuLaunchKernelEx_ptsz};
        return 0;
    }
    default:
        return -1;
    }
}

/* The parameter layout: from the function (a module's CUfunction), else
 * from the handle as a CUkernel (the runtime launches library kernels,
 * whose handles cuFuncGetParamInfo refuses), else from the demangled
 * signature's types (built-in types and pointers only). */
static int param_layout(CUfunction f, const char *demangled, gm_cap_param *p, unsigned *n, const char **how,
                        char *why, size_t why_len)
{
    CUresult last = CUDA_SUCCESS;
    for (int pass = 0; pass < 2; pass++) {
        unsigned i = 0;
        for (; i < GM_CAP_MAX_PARAMS; i++) {
            size_t off = 0, size = 0;
            CUresult r = CUDA_ERROR_NOT_SUPPORTED;
            if (pass == 0 && cu.FuncGetParamInfo)
                r = cu.FuncGetParamInfo(f, i, &off, &size);
            else if (pass == 1 && cu.KernelGetParamInfo)
                r = cu.KernelGetParamInfo((CUkernel)f, i, &off, &size);
            if (r != CUDA_SUCCESS) {
                last = r;
                break;
            }
            p[i].offset = off;
            p[i].size = size;
        }
        /* past the last parameter the driver answers CUDA_ERROR_INVALID_VALUE */
        if (last == CUDA_ERROR_INVALID_VALUE || i == GM_CAP_MAX_PARAMS) {
            *n = i;
            *how = pass == 0 ? "cuFuncGetParamInfo" : "cuKernelGetParamInfo";
            return 0;
        }
    }
    char types[GM_CAP_MAX_PARAMS][128];
    int nt = demangled ? gm_cap_param_types(demangled, types, GM_CAP_MAX_PARAMS) : -1;
    if (nt < 0) {
        snprintf(why, why_len, "no parameter layout: the driver answered %s and the name has no signature",
                 cu_err(last));
        return -1;
    }
    size_t off = 0;
    for (int i = 0; i < nt; i++) {
        size_t sz = gm_cap_scalar_size(types[i]);
        if (!sz) {
            snprintf(why, why_len, "no parameter layout: the driver answered %s and parameter %d (%s) has no "
                     "size gmadvise knows", cu_err(last), i, types[i]);
            return -1;
        }
        off = (off + sz - 1) / sz * sz;
        p[i].offset = off;
        p[i].size = sz;
        off += sz;
    }
    *n = (unsigned)nt;
    *how = "the demangled signature";
    return 0;
}

static const char *memory_kind(CUdeviceptr ptr)
{
    unsigned type = 0;
    if (cu.PointerGetAttribute(&type, CU_POINTER_ATTRIBUTE_MEMORY_TYPE, ptr) != CUDA_SUCCESS)
        return NULL;
    unsigned managed = 0;
    if (cu.PointerGetAttribute(&managed, CU_POINTER_ATTRIBUTE_IS_MANAGED, ptr) == CUDA_SUCCESS && managed)
        return "managed";
    return type == CU_MEMORYTYPE_DEVICE ? "device" : type == CU_MEMORYTYPE_HOST ? "host" : "other";
}

/* Copies buffer b to DIR/<name>; 0, or -1 with cur.why set. */
static int copy_buf(cap_buf *b, const char *name)
{
    void *host = malloc(b->bytes ? b->bytes : 1);
    if (!host) {
        snprintf(cur.why, sizeof cur.why, "out of host memory for %zu bytes", b->bytes);
        return -1;
    }
    CUresult r = cu.MemcpyDtoH(host, b->base, b->bytes);
    if (r != CUDA_SUCCESS) {
        free(host);
        snprintf(cur.why, sizeof cur.why, "copying %zu bytes at 0x%llx failed: %s", b->bytes,
                 (unsigned long long)b->base, cu_err(r));
        return -1;
    }
    char path[4300];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    int rc = gm_npy_write(path, b->descr, host, b->bytes);
    free(host);
    if (rc) {
        snprintf(cur.why, sizeof cur.why, "writing %s: %s", path, strerror(errno));
        return -1;
    }
    return 0;
}

static void hex(const unsigned char *p, size_t n, char *out)
{
    static const char digits[] = "0123456789abcdef";
    for (size_t i = 0; i < n; i++) {
        out[2 * i] = digits[p[i] >> 4];
        out[2 * i + 1] = digits[p[i] & 15];
    }
    out[2 * n] = 0;
}

#define HEAD(...)                                                                                            \
    do {                                                                                                     \
        if (cur.head_len < sizeof cur.json_head)                                                             \
            cur.head_len += (size_t)snprintf(cur.json_head + cur.head_len, sizeof cur.json_head - cur.head_len, \
                                             __VA_ARGS__);                                                   \
    } while (0)

/* At the launch's entry: everything but the outputs. */
static void capture_enter(const CUpti_CallbackData *cb, const launch_info *li, const char *mangled,
                          const char *demangled, unsigned long long index)
{
    memset(&cur, 0, sizeof cur);
    cur.active = 1;
    unsigned id = ncaptures;
    char jm[1200], jd[2400], ja[64];
    gm_cap_json_str(mangled, jm, sizeof jm);
    gm_cap_json_str(demangled ? demangled : mangled, jd, sizeof jd);
    char base[256] = "", qual[256] = "";
    gm_cap_base_name(demangled ? demangled : mangled, base, sizeof base, qual, sizeof qual);
    char jb[600];
    gm_cap_json_str(base, jb, sizeof jb);
    gm_cap_json_str(li->api, ja, sizeof ja);
    HEAD("\n    {\"id\": %u, \"kernel\": %s, \"mangled\": %s, \"demangled\": %s, \"source\": null,\n"
         "     \"api\": %s, \"launch\": %llu, \"grid\": [%u, %u, %u], \"block\": [%u, %u, %u], "
         "\"shared_bytes\": %u, \"stream\": \"0x%llx\", \"per_thread_stream\": %s",
         id, jb, jm, jd, ja, index, li->grid[0], li->grid[1], li->grid[2], li->block[0], li->block[1], li->block[2],
         li->smem, (unsigned long long)(size_t)li->stream, li->ptsz ? "true" : "false");

    gm_cap_param p[GM_CAP_MAX_PARAMS];
    unsigned np = 0;
    const char *how = "";
    if (param_layout(li->f, demangled, p, &np, &how, cur.why, sizeof cur.why) != 0) {
        HEAD(", \"params\": []");
        return;
    }
    size_t span = gm_cap_span(p, np);
    unsigned char *args = calloc(1, span + 8);
    if (!args || gm_cap_decode(p, np, li->params, li->extra, args, span + 8, cur.why, sizeof cur.why) != 0) {
        free(args);
        HEAD(", \"params\": []");
        return;
    }
    char types[GM_CAP_MAX_PARAMS][128];
    int nt = demangled ? gm_cap_param_types(demangled, types, GM_CAP_MAX_PARAMS) : -1;
    /* the application's earlier work must be done before its buffers are read */
    CUresult r = cu.CtxSynchronize();
    if (r != CUDA_SUCCESS)
        snprintf(cur.why, sizeof cur.why, "synchronizing before the launch failed: %s", cu_err(r));
    HEAD(", \"param_layout_from\": \"%s\",\n     \"params\": [", how);
    for (unsigned i = 0; i < np; i++) {
        char *h = malloc(2 * p[i].size + 1);
        if (!h)
            break;
        hex(args + p[i].offset, p[i].size, h);
        char jt[300];
        gm_cap_json_str(nt == (int)np ? types[i] : "", jt, sizeof jt);
        HEAD("%s\n       {\"index\": %u, \"offset\": %zu, \"size\": %zu, \"type\": %s, \"bytes\": \"%s\"", i ? "," : "",
             i, p[i].offset, p[i].size, jt, h);
        free(h);
        /* a value that points into device memory, at any 8-byte word of the argument */
        int first = 1;
        for (size_t w = 0; w + 8 <= p[i].size && !cur.why[0]; w += 8) {
            unsigned long long v;
            memcpy(&v, args + p[i].offset + w, 8);
            if (!v)
                continue;
            const char *kind = memory_kind((CUdeviceptr)v);
            if (!kind)
                continue;
            CUdeviceptr base_ptr = 0;
            size_t bytes = 0;
            if (cu.MemGetAddressRange(&base_ptr, &bytes, (CUdeviceptr)v) != CUDA_SUCCESS)
                continue;
            unsigned b = 0;
            while (b < cur.nbufs && cur.bufs[b].base != base_ptr)
                b++;
            if (b == cur.nbufs) {
                if (cur.nbufs == MAX_BUFS) {
                    snprintf(cur.why, sizeof cur.why, "more than %d buffers", MAX_BUFS);
                    break;
                }
                cap_buf *nb = &cur.bufs[cur.nbufs++];
                nb->base = base_ptr;
                nb->bytes = bytes;
                nb->memory = kind;
                snprintf(nb->descr, sizeof nb->descr, "|u1");
                if (nt == (int)np && w == 0)
                    gm_cap_pointee(types[i], nb->descr, sizeof nb->descr, nb->elem, sizeof nb->elem);
                snprintf(nb->before, sizeof nb->before, "c%u_b%u_before.npy", id, b);
                snprintf(nb->after, sizeof nb->after, "c%u_b%u_after.npy", id, b);
                /* before and after: twice the bytes */
                if (!gm_cap_budget_take(&used_bytes, max_bytes, 2ull * bytes)) {
                    cap_hit = 1;
                    snprintf(cur.why, sizeof cur.why, "--max-bytes %llu reached: buffer of %zu bytes (x2, before "
                             "and after) not copied", max_bytes, bytes);
                    break;
                }
                if (copy_buf(nb, nb->before) == 0)
                    nb->copied_before = 1;
            }
            HEAD("%s{\"word\": %zu, \"buffer\": %u, \"offset\": %llu}", first ? ", \"points_to\": [" : ", ", w, b,
                 (unsigned long long)(v - base_ptr));
            first = 0;
        }
        if (!first)
            HEAD("]");
        HEAD("}");
    }
    HEAD("]");
    free(args);
}

/* At the launch's exit: the outputs, then the capture is written. */
static void capture_exit(const CUpti_CallbackData *cb)
{
    CUresult launched = *(const CUresult *)cb->functionReturnValue;
    if (launched != CUDA_SUCCESS && !cur.why[0])
        snprintf(cur.why, sizeof cur.why, "the launch itself failed: %s", cu_err(launched));
    CUresult r = cu.CtxSynchronize();
    if (r != CUDA_SUCCESS && !cur.why[0])
        snprintf(cur.why, sizeof cur.why, "the kernel failed: %s", cu_err(r));
    for (unsigned b = 0; b < cur.nbufs && !cur.why[0]; b++)
        if (cur.bufs[b].copied_before && copy_buf(&cur.bufs[b], cur.bufs[b].after) == 0)
            cur.bufs[b].copied_after = 1;
    HEAD(",\n     \"buffers\": [");
    for (unsigned b = 0; b < cur.nbufs; b++) {
        cap_buf *x = &cur.bufs[b];
        char je[300];
        gm_cap_json_str(x->elem, je, sizeof je);
        HEAD("%s\n       {\"id\": %u, \"address\": \"0x%llx\", \"bytes\": %zu, \"memory\": \"%s\", \"dtype\": \"%s\", "
             "\"element_type\": %s, \"before\": %s%s%s, \"after\": %s%s%s}",
             b ? "," : "", b, (unsigned long long)x->base, x->bytes, x->memory, x->descr, je,
             x->copied_before ? "\"" : "", x->copied_before ? x->before : "null", x->copied_before ? "\"" : "",
             x->copied_after ? "\"" : "", x->copied_after ? x->after : "null", x->copied_after ? "\"" : "");
    }
    char jw[1100];
    gm_cap_json_str(cur.why, jw, sizeof jw);
    HEAD("],\n     \"complete\": %s, \"why_incomplete\": %s}", cur.why[0] ? "false" : "true",
         cur.why[0] ? jw : "null");
    if (cur.head_len >= sizeof cur.json_head) {
        note("capture %u: its manifest entry exceeded %zu bytes and was dropped", ncaptures, sizeof cur.json_head);
    } else {
        append(&done_json, &done_len, cur.json_head);
    }
    if (cur.why[0])
        note("capture %u is incomplete: %s", ncaptures, cur.why);
    ncaptures++;
    cur.active = 0;
    write_manifest(0);
}

static seen_kernel *count_launch(const char *mangled)
{
    for (unsigned i = 0; i < nseen; i++)
        if (!strcmp(seen[i].mangled, mangled))
            return &seen[i];
    if (nseen == MAX_KERNELS)
        return NULL;
    seen[nseen].mangled = strdup(mangled);
    seen[nseen].launches = 0;
    return seen[nseen].mangled ? &seen[nseen++] : NULL;
}

static void CUPTIAPI on_launch(void *user, CUpti_CallbackDomain domain, CUpti_CallbackId cbid, const void *data)
{
    const CUpti_CallbackData *cb = data;
    if (domain != CUPTI_CB_DOMAIN_DRIVER_API)
        return;
    pthread_mutex_lock(&lock);
    if (cbid == CUPTI_DRIVER_TRACE_CBID_cuGraphLaunch || cbid == CUPTI_DRIVER_TRACE_CBID_cuGraphLaunch_ptsz) {
        static int said;
        if (cb->callbackSite == CUPTI_API_ENTER && !said++) {
            note("the application launches CUDA graphs: kernels inside a graph are not seen one by one and are "
                 "not captured (their launches outside graphs are)");
            write_manifest(0);
        }
        pthread_mutex_unlock(&lock);
        return;
    }
    if (cb->callbackSite == CUPTI_API_EXIT) {
        if (cur.active)
            capture_exit(cb);
        pthread_mutex_unlock(&lock);
        return;
    }
    launch_info li;
    const char *mangled = cb->symbolName ? cb->symbolName : "";
    if (decode_launch(cbid, cb->functionParams, &li) != 0 || !*mangled) {
        pthread_mutex_unlock(&lock);
        return;
    }
    int st = 0;
    char *demangled = __cxa_demangle(mangled, NULL, NULL, &st);
    if (!gm_cap_wanted(filter, mangled, demangled)) {
        free(demangled);
        pthread_mutex_unlock(&lock);
        return;
    }
    seen_kernel *k = count_launch(mangled);
    if (!k || ++k->launches != want_launch) {
        free(demangled);
        pthread_mutex_unlock(&lock);
        return;
    }
    CUstreamCaptureStatus cs = CU_STREAM_CAPTURE_STATUS_NONE;
    if (cu.StreamIsCapturing && cu.StreamIsCapturing(li.stream, &cs) == CUDA_SUCCESS &&
        cs != CU_STREAM_CAPTURE_STATUS_NONE) {
        note("launch %llu of %s is being captured into a graph: it is not run now, so it cannot be captured "
             "(the next launch outside a graph is)", k->launches, demangled ? demangled : mangled);
        k->launches--;
        free(demangled);
        write_manifest(0);
        pthread_mutex_unlock(&lock);
        return;
    }
    if (!device_name[0]) {
        CUdevice d;
        if (cu.CtxGetDevice(&d) == CUDA_SUCCESS) {
            cu.DeviceGetName(device_name, sizeof device_name, d);
            int ma = 0, mi = 0;
            cu.DeviceGetAttribute(&ma, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR, d);
            cu.DeviceGetAttribute(&mi, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR, d);
            device_sm = ma * 10 + mi;
        }
    }
    capture_enter(cb, &li, mangled, demangled, k->launches);
    free(demangled);
    write_manifest(0);
    pthread_mutex_unlock(&lock);
}

static void at_exit(void)
{
    pthread_mutex_lock(&lock);
    if (cur.active)
        note("the application ended inside a captured launch: that capture has no outputs");
    if (!ncaptures)
        note("no launch was captured (%u kernels seen%s)", nseen,
             filter && *filter ? ", none of them the wanted launch of a wanted kernel" : "");
    write_manifest(1);
    if (log_file)
        fclose(log_file);
    log_file = NULL;
    pthread_mutex_unlock(&lock);
}

#define SYM(table, field, lib, name)                                                                         \
    (*(void **)&table.field = dlsym(lib, name))

__attribute__((visibility("default"))) int InitializeInjection(void)
{
    const char *d = getenv("GMADVISE_CAPTURE_DIR");
    if (!d || !*d || strlen(d) >= sizeof dir)
        return 0;
    snprintf(dir, sizeof dir, "%s", d);
    mkdir(dir, 0777);
    char lp[4200];
    snprintf(lp, sizeof lp, "%s/capture.log", dir);
    log_file = fopen(lp, "w");
    filter = getenv("GMADVISE_CAPTURE_KERNELS");
    const char *s = getenv("GMADVISE_CAPTURE_LAUNCH");
    if (s && *s)
        want_launch = strtoull(s, NULL, 10);
    if (!want_launch)
        want_launch = 1;
    s = getenv("GMADVISE_CAPTURE_MAX_BYTES");
    if (s && *s)
        max_bytes = strtoull(s, NULL, 10);
    atexit(at_exit);

    void *cuda = dlopen("libcuda.so.1", RTLD_NOW | RTLD_NOLOAD);
    if (!cuda)
        cuda = dlopen("libcuda.so.1", RTLD_NOW);
    if (!cuda) {
        note("cannot load the CUDA driver: %s", dlerror());
        write_manifest(0);
        return 0;
    }
    SYM(cu, CtxSynchronize, cuda, "cuCtxSynchronize");
    SYM(cu, CtxGetDevice, cuda, "cuCtxGetDevice");
    SYM(cu, DeviceGetName, cuda, "cuDeviceGetName");
    SYM(cu, DeviceGetAttribute, cuda, "cuDeviceGetAttribute");
    SYM(cu, PointerGetAttribute, cuda, "cuPointerGetAttribute");
    SYM(cu, MemGetAddressRange, cuda, "cuMemGetAddressRange_v2");
    SYM(cu, MemcpyDtoH, cuda, "cuMemcpyDtoH_v2");
    SYM(cu, FuncGetParamInfo, cuda, "cuFuncGetParamInfo");
    SYM(cu, KernelGetParamInfo, cuda, "cuKernelGetParamInfo");
    SYM(cu, StreamIsCapturing, cuda, "cuStreamIsCapturing");
    SYM(cu, GetErrorName, cuda, "cuGetErrorName");
    if (!cu.CtxSynchronize || !cu.CtxGetDevice || !cu.DeviceGetName || !cu.DeviceGetAttribute ||
        !cu.PointerGetAttribute || !cu.MemGetAddressRange || !cu.MemcpyDtoH) {
        note("the CUDA driver lacks a function capture needs");
        write_manifest(0);
        return 0;
    }

    const char *env = getenv("GMADVISE_CUPTI");
    const char *tries[] = {env, "libcupti.so.13", "libcupti.so.12", "libcupti.so",
                           "/usr/local/cuda/lib64/libcupti.so.13", "/usr/local/cuda/extras/CUPTI/lib64/libcupti.so.13",
                           "/usr/local/cuda/lib64/libcupti.so.12", "/usr/local/cuda/extras/CUPTI/lib64/libcupti.so.12",
                           "/usr/local/cuda/lib64/libcupti.so", "/usr/local/cuda/extras/CUPTI/lib64/libcupti.so"};
    void *lib = NULL;
    char errs[1024] = "";
    for (size_t i = 0; i < sizeof tries / sizeof *tries && !lib; i++) {
        if (!tries[i] || !*tries[i])
            continue;
        lib = dlopen(tries[i], RTLD_NOW | RTLD_GLOBAL);
        if (!lib && strlen(errs) < 600)
            snprintf(errs + strlen(errs), sizeof errs - strlen(errs), "%s%s", errs[0] ? "; " : "", dlerror());
    }
    if (!lib) {
        note("cannot load CUPTI (set GMADVISE_CUPTI to libcupti.so's path): %s", errs);
        write_manifest(0);
        return 0;
    }
    SYM(cupti, Subscribe, lib, "cuptiSubscribe");
    SYM(cupti, EnableCallback, lib, "cuptiEnableCallback");
    SYM(cupti, GetResultString, lib, "cuptiGetResultString");
    if (!cupti.Subscribe || !cupti.EnableCallback) {
        note("CUPTI lacks cuptiSubscribe or cuptiEnableCallback");
        write_manifest(0);
        return 0;
    }
    CUpti_SubscriberHandle sub;
    CUptiResult cr = cupti.Subscribe(&sub, on_launch, NULL);
    if (cr != CUPTI_SUCCESS) {
        const char *msg = "?";
        if (cupti.GetResultString)
            cupti.GetResultString(cr, &msg);
        note("cuptiSubscribe failed: %s (another tool, a profiler, may hold CUPTI)", msg);
        write_manifest(0);
        return 0;
    }
    static const CUpti_CallbackId ids[] = {
        CUPTI_DRIVER_TRACE_CBID_cuLaunchKernel, CUPTI_DRIVER_TRACE_CBID_cuLaunchKernel_ptsz,
        CUPTI_DRIVER_TRACE_CBID_cuLaunchKernelEx, CUPTI_DRIVER_TRACE_CBID_cuLaunchKernelEx_ptsz,
        CUPTI_DRIVER_TRACE_CBID_cuLaunchCooperativeKernel, CUPTI_DRIVER_TRACE_CBID_cuLaunchCooperativeKernel_ptsz,
        CUPTI_DRIVER_TRACE_CBID_cuGraphLaunch, CUPTI_DRIVER_TRACE_CBID_cuGraphLaunch_ptsz};
    for (size_t i = 0; i < sizeof ids / sizeof *ids; i++)
        if (cupti.EnableCallback(1, sub, CUPTI_CB_DOMAIN_DRIVER_API, ids[i]) != CUPTI_SUCCESS)
            note("cuptiEnableCallback failed for callback %u", (unsigned)ids[i]);
    write_manifest(0);
    return 1;
}
