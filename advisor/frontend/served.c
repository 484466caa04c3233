/* What gmadvise serves in place of the CUDA toolkit's headers, and why:
 * the one list.  libclang parses a .cu file without a CUDA installation,
 * so every toolkit header name must resolve to exactly one copy, whichever
 * include path reaches it first: a real vector_types.h reached through the
 * user's -I /usr/local/cuda/include (or quoted, from a real header beside
 * it) next to gmadvise's own would define char1 twice.
 *
 *   RUNTIME  advisor/frontend/include/NAME, declarations only: the types,
 *            builtins and calls a kernel and its host code use, of the
 *            runtime nvcc pre-includes; NVRTC has its own, so generated
 *            code never includes it.
 *   DEVICE   served the same way: a device library kernels use (half
 *            types, cooperative groups, cuRAND's kernel API); generated
 *            code includes the toolkit's own where the file does (NVRTC
 *            compiles it).
 *   HOST_API served the same way: a host API (the driver's cuda.h, cuFFT's
 *            plans, cuRAND's generators, cuBLAS's cublas_api.h written
 *            from the toolkit's by scripts/served-from-toolkit); generated
 *            code leaves it out, also where a library's stub includes it
 *            (NVRTC cannot compile the real one: cuda.h includes stdlib.h).
 *   PRELUDE  a real header whose declarations gmadvise's cuda_runtime.h
 *            (pre-included, as nvcc does) already holds, or those of the
 *            served header named in `as`: reached anywhere, it is served
 *            as `#include <AS>`.
 *   STDLIB   libcu++'s cuda/std/NAME: the C++ standard library's <NAME>
 *            (when the system has it), with cuda::std naming ::std, which
 *            holds the same templates for host-side parsing (variant,
 *            visit, tuple, pair, type traits, iterators); generated code
 *            includes the real cuda/std/NAME, which NVRTC compiles.
 *   DECLARED a CUDA library whose host API gmadvise declares, written from
 *            the toolkit's headers (scripts/served-from-toolkit): served
 *            as #include of the served headers in `as` (cuBLAS: its
 *            handles, status, enums and calls in cublas_api.h).
 *   LIBRARY  a CUDA library gmadvise does not parse (thrust's algorithms,
 *            CUB's device level and libcu++'s cuda:: extensions need a CUDA compiler;
 *            cuFFT's host plans, NCCL, ... are host APIs): served empty (CUB
 *            and thrust as gmadvise's one declaring header each), so that the
 *            code that needs it fails to compile and is skipped with a note,
 *            function by function, not the whole file.
 *
 * Folders that look like a toolkit's include folder (cuda_runtime_api.h
 * and driver_types.h in them), given with -I, -isystem, -idirafter or
 * -iquote, get each of their files named here served at its own path, the
 * same way (fe_served_overrides).  Generated code compiles against the
 * toolkit's own headers (NVRTC), never these. */
#include "frontend.h"

#include <dirent.h>
#include <sys/stat.h>

extern const char *const adv_cuda_headers_names[], *const adv_cuda_headers_texts[];
extern const unsigned adv_cuda_headers_count;

typedef enum { RUNTIME, DEVICE, HOST_API, PRELUDE, STDLIB, DECLARED, LIBRARY } serve_kind;

typedef struct {
    const char *name; /* as #include names it; a trailing '/' names a folder */
    serve_kind kind;
    const char *as;   /* PRELUDE: the served header that holds its declarations;
                       * DECLARED, LIBRARY: the served headers the real one includes (NULL: none) */
} served_header;

/* cuBLAS's headers: its host API, written from the toolkit's
 * (cublas_api.h), with the device-side types they include (code that
 * includes cublas_v2.h uses __half and __nv_bfloat16 through it). */
#define BLAS_API "cuda_fp16.h cuda_bf16.h cuComplex.h cublas_api.h"

static const served_header table[] = {
    /* the runtime, as nvcc pre-includes it: types, builtins, the runtime API */
    {"builtin_types.h", RUNTIME, NULL}, {"channel_descriptor.h", RUNTIME, NULL},
    {"cuda_runtime.h", RUNTIME, NULL}, {"cuda_runtime_api.h", RUNTIME, NULL},
    {"cuda_device_runtime_api.h", RUNTIME, NULL}, {"driver_types.h", RUNTIME, NULL},
    {"vector_types.h", RUNTIME, NULL}, {"vector_functions.h", RUNTIME, NULL},
    {"surface_types.h", RUNTIME, NULL}, {"texture_types.h", RUNTIME, NULL},
    {"host_defines.h", RUNTIME, NULL}, {"device_functions.h", RUNTIME, NULL},
    {"device_launch_parameters.h", RUNTIME, NULL}, {"device_atomic_functions.h", RUNTIME, NULL},
    {"math_functions.h", RUNTIME, NULL}, {"sm_20_atomic_functions.h", RUNTIME, NULL},
    {"sm_32_intrinsics.h", RUNTIME, NULL}, {"sm_60_atomic_functions.h", RUNTIME, NULL},
    {"cuda_texture_types.h", RUNTIME, NULL},
    /* the device-side libraries kernels use, declared */
    {"cuda_fp16.h", DEVICE, NULL}, {"cuda_bf16.h", DEVICE, NULL}, {"cuda_fp8.h", DEVICE, NULL},
    {"cuComplex.h", DEVICE, NULL}, {"math_constants.h", DEVICE, NULL}, {"curand_kernel.h", DEVICE, NULL},
    {"mma.h", DEVICE, NULL}, {"cooperative_groups.h", DEVICE, NULL}, {"cooperative_groups/reduce.h", DEVICE, NULL},
    {"cooperative_groups/scan.h", DEVICE, NULL}, {"cooperative_groups/memcpy_async.h", DEVICE, NULL},
    {"cuda/functional", DEVICE, NULL},
    /* host APIs, declared for the host code beside kernels */
    {"cuda.h", HOST_API, NULL}, {"curand.h", HOST_API, NULL}, {"cufft.h", HOST_API, NULL},
    {"cufftXt.h", HOST_API, NULL}, {"cublas_api.h", HOST_API, NULL},
    /* real headers the served ones stand for */
    {"vector_functions.hpp", PRELUDE, "cuda_runtime.h"}, {"device_types.h", PRELUDE, "cuda_runtime.h"},
    {"driver_functions.h", PRELUDE, "cuda_runtime.h"}, {"host_config.h", PRELUDE, "cuda_runtime.h"},
    {"common_functions.h", PRELUDE, "cuda_runtime.h"}, {"library_types.h", PRELUDE, "cuda_runtime.h"},
    {"cuda_stdint.h", PRELUDE, "cuda_runtime.h"}, {"cudart_platform.h", PRELUDE, "cuda_runtime.h"},
    {"device_double_functions.h", PRELUDE, "cuda_runtime.h"},
    {"device_atomic_functions.hpp", PRELUDE, "cuda_runtime.h"},
    {"sm_20_atomic_functions.hpp", PRELUDE, "cuda_runtime.h"}, {"sm_20_intrinsics.h", PRELUDE, "cuda_runtime.h"},
    {"sm_20_intrinsics.hpp", PRELUDE, "cuda_runtime.h"}, {"sm_30_intrinsics.h", PRELUDE, "cuda_runtime.h"},
    {"sm_30_intrinsics.hpp", PRELUDE, "cuda_runtime.h"}, {"sm_32_atomic_functions.h", PRELUDE, "cuda_runtime.h"},
    {"sm_32_atomic_functions.hpp", PRELUDE, "cuda_runtime.h"}, {"sm_32_intrinsics.hpp", PRELUDE, "cuda_runtime.h"},
    {"sm_35_atomic_functions.h", PRELUDE, "cuda_runtime.h"}, {"sm_35_intrinsics.h", PRELUDE, "cuda_runtime.h"},
    {"sm_60_atomic_functions.hpp", PRELUDE, "cuda_runtime.h"}, {"sm_61_intrinsics.h", PRELUDE, "cuda_runtime.h"},
    {"sm_61_intrinsics.hpp", PRELUDE, "cuda_runtime.h"}, {"surface_indirect_functions.h", PRELUDE, "cuda_runtime.h"},
    {"texture_indirect_functions.h", PRELUDE, "cuda_runtime.h"}, {"surface_functions.h", PRELUDE, "cuda_runtime.h"},
    {"texture_fetch_functions.h", PRELUDE, "cuda_runtime.h"}, {"cuda_surface_types.h", PRELUDE, "cuda_runtime.h"},
    {"crt/", PRELUDE, "cuda_runtime.h"}, /* the compiler's internal headers (crt/host_defines.h, ...) */
    {"cuda_fp16.hpp", PRELUDE, "cuda_fp16.h"}, {"cuda_bf16.hpp", PRELUDE, "cuda_bf16.h"},
    {"cuda_fp8.hpp", PRELUDE, "cuda_fp8.h"}, {"cuComplex.hpp", PRELUDE, "cuComplex.h"},
    {"curand_", PRELUDE, "curand_kernel.h"}, /* curand_kernel.h's parts: curand_philox4x32_x.h, ... */
    {"cooperative_groups/details/", PRELUDE, "cooperative_groups.h"},
    /* libraries served empty (thrust/ and cub/ as the one declaring header each) */
    {"cuda/std/", STDLIB, NULL}, /* before cuda/: the first prefix that matches decides */
    {"thrust/", LIBRARY, NULL}, {"cub/", LIBRARY, NULL}, {"cuda/", LIBRARY, NULL}, {"nv/", LIBRARY, NULL},
    {"nvtx3/", LIBRARY, NULL}, {"cccl/", LIBRARY, NULL},
    {"cublas.h", DECLARED, BLAS_API}, {"cublas_v2.h", DECLARED, BLAS_API}, {"cublasLt.h", DECLARED, BLAS_API},
    {"cublasXt.h", DECLARED, BLAS_API}, {"cufftw.h", LIBRARY, "cufft.h"},
    {"cusparse.h", LIBRARY, "cuComplex.h"}, {"cusparse_v2.h", LIBRARY, "cuComplex.h"}, {"cusolverDn.h", LIBRARY, "cuComplex.h"},
    {"cusolverSp.h", LIBRARY, "cuComplex.h"}, {"cusolverRf.h", LIBRARY, NULL}, {"cusolverMg.h", LIBRARY, NULL},
    {"cusolver_common.h", LIBRARY, "cuComplex.h"}, {"nvrtc.h", LIBRARY, NULL}, {"nvToolsExt.h", LIBRARY, NULL},
    {"nvToolsExtCuda.h", LIBRARY, NULL}, {"cuda_gl_interop.h", LIBRARY, NULL},
    {"cuda_egl_interop.h", LIBRARY, NULL}, {"cuda_d3d11_interop.h", LIBRARY, NULL},
    {"cuda_vdpau_interop.h", LIBRARY, NULL}, {"cudaGL.h", LIBRARY, "cuda.h"}, {"cudaEGL.h", LIBRARY, "cuda.h"},
    {"cuda_profiler_api.h", LIBRARY, NULL}, {"cudaProfiler.h", LIBRARY, "cuda.h"}, {"cuda_fp6.h", LIBRARY, "cuda_fp8.h"},
    {"cuda_fp4.h", LIBRARY, "cuda_fp8.h"}, {"cuda_pipeline.h", LIBRARY, NULL},
    {"cuda_pipeline_primitives.h", LIBRARY, NULL}, {"cuda_awbarrier.h", LIBRARY, NULL},
    {"cuda_awbarrier_primitives.h", LIBRARY, NULL}, {"nccl.h", LIBRARY, NULL}, {"nvjpeg.h", LIBRARY, NULL},
    {"cudnn.h", LIBRARY, NULL}, {"cutensor.h", LIBRARY, NULL}, {"npp.h", LIBRARY, NULL},
    {"nppi.h", LIBRARY, NULL}, {"npps.h", LIBRARY, NULL}, {"cuda_occupancy.h", LIBRARY, NULL},
    {"nvml.h", LIBRARY, NULL}, {"cudaTypedefs.h", LIBRARY, "cuda.h"}, {"cupti.h", LIBRARY, NULL},
    {"nvJitLink.h", LIBRARY, NULL}, {"cudalibxt.h", LIBRARY, NULL},
};

static const served_header *lookup(const char *name)
{
    for (size_t i = 0; i < sizeof table / sizeof *table; i++) {
        size_t n = strlen(table[i].name);
        int prefix = table[i].name[n - 1] == '/' || table[i].name[n - 1] == '_';
        if (prefix ? !strncmp(name, table[i].name, n) : !strcmp(name, table[i].name))
            return &table[i];
    }
    return NULL;
}

static int is_served_file(const char *name)
{
    for (unsigned i = 0; i < adv_cuda_headers_count; i++)
        if (!strcmp(name, adv_cuda_headers_names[i]))
            return 1;
    return 0;
}

void fe_served_stub_text(const char *name, sb_t *out)
{
    const served_header *h = lookup(name);
    if (!strncmp(name, "cub/", 4)) {
        sb_puts(out, "/* gmadvise: CUB, declared in one header */\n#include <cub/cub.cuh>\n");
        return;
    }
    if (!strncmp(name, "thrust/", 7)) {
        sb_puts(out, "/* gmadvise: thrust, declared in one header */\n#include <thrust/thrust.h>\n");
        return;
    }
    if (h && h->kind == STDLIB) {
        const char *std = name + strlen(h->name);
        /* a name of libcu++'s own (cuda/std/__cccl/...) has no standard header */
        if (*std && std[strspn(std, "abcdefghijklmnopqrstuvwxyz_")] == '\0')
            sb_printf(out, "/* gmadvise: libcu++'s <%s>, as the C++ library's <%s> */\n"
                           "#if __has_include(<%s>)\n#include <%s>\n#endif\n", name, std, std, std);
        sb_puts(out, "namespace cuda {\nnamespace std = ::std;\n}\n");
        return;
    }
    sb_puts(out, "/* gmadvise: a header served empty */\n");
    for (const char *p = h && (h->kind == LIBRARY || h->kind == DECLARED) ? h->as : NULL; p && *p;) {
        size_t n = strcspn(p, " ");
        sb_printf(out, "#include <%.*s>\n", (int)n, p);
        p += n + (p[n] == ' ');
    }
}

int fe_served_library(const char *name)
{
    if (is_served_file(name))
        return 0;
    const served_header *h = lookup(name);
    return h && (h->kind == LIBRARY || h->kind == STDLIB || h->kind == DECLARED);
}

int fe_served_generated(const char *name)
{
    if (!strncmp(name, "cub/", 4) || !strncmp(name, "thrust/", 7))
        return 1;
    const served_header *h = lookup(name);
    return h && (h->kind == DEVICE || h->kind == STDLIB);
}

int fe_served_declared(const char *name)
{
    const served_header *h = lookup(name);
    return h && (h->kind == STDLIB || h->kind == DECLARED || !strncmp(name, "cub/", 4) || !strncmp(name, "thrust/", 7));
}

/* A folder holding the toolkit's own headers. */
static int toolkit_folder(const char *dir)
{
    char p[1100];
    struct stat sb;
    snprintf(p, sizeof p, "%s/cuda_runtime_api.h", dir);
    if (stat(p, &sb) || !S_ISREG(sb.st_mode))
        return 0;
    snprintf(p, sizeof p, "%s/driver_types.h", dir);
    return !stat(p, &sb) && S_ISREG(sb.st_mode);
}

static void add_override(fe_overrides *o, const char *path, const char *text)
{
    for (unsigned i = 0; i < o->n; i++)
        if (!strcmp(o->path[i], path))
            return;
    o->path = gm_xrealloc(o->path, (o->n + 1) * sizeof *o->path);
    o->text = gm_xrealloc(o->text, (o->n + 1) * sizeof *o->text);
    o->path[o->n] = gm_xstrdup(path);
    o->text[o->n] = gm_xstrdup(text);
    o->n++;
}

static void override_name(fe_overrides *o, const char *dir, const char *name, int lib_stub)
{
    char path[1100], text[1200];
    struct stat sb;
    snprintf(path, sizeof path, "%s/%s", dir, name);
    if (stat(path, &sb) || !S_ISREG(sb.st_mode))
        return;
    const served_header *h = lookup(name);
    if (is_served_file(name))
        snprintf(text, sizeof text, "/* gmadvise: the toolkit's %s, served once */\n#include <%s>\n", name, name);
    else if (h && h->kind == PRELUDE)
        snprintf(text, sizeof text, "/* gmadvise: the toolkit's %s, held by its %s */\n#include <%s>\n", name,
                 h->as, h->as);
    else if (h && (h->kind == LIBRARY || h->kind == STDLIB || h->kind == DECLARED) && lib_stub) {
        sb_t t;
        sb_init(&t);
        fe_served_stub_text(name, &t);
        add_override(o, path, t.s);
        sb_free(&t);
        return;
    } else
        return;
    add_override(o, path, text);
}

/* Every file of the list in dir, when dir looks like the toolkit's
 * include folder, served at its own path. */
void fe_served_folder(const char *dir, fe_overrides *o)
{
    if (!toolkit_folder(dir))
        return;
    char mark[1100];
    snprintf(mark, sizeof mark, "%s/driver_types.h", dir);
    for (unsigned i = 0; i < o->n; i++)
        if (!strcmp(o->path[i], mark))
            return; /* this folder is done */
    for (size_t t = 0; t < sizeof table / sizeof *table; t++) {
        const char *name = table[t].name;
        size_t n = strlen(name);
        if (name[n - 1] != '/' && name[n - 1] != '_')
            override_name(o, dir, name, table[t].kind == LIBRARY || table[t].kind == STDLIB || table[t].kind == DECLARED);
    }
    /* the folders and families named by prefix: their files, one level down */
    static const char *const families[] = {"crt", "cooperative_groups/details", "cooperative_groups"};
    for (size_t f = 0; f < sizeof families / sizeof *families; f++) {
        char sub[1100];
        snprintf(sub, sizeof sub, "%s/%s", dir, families[f]);
        DIR *d = opendir(sub);
        for (struct dirent *e; d && (e = readdir(d));) {
            char name[600];
            snprintf(name, sizeof name, "%s/%s", families[f], e->d_name);
            if (e->d_name[0] != '.')
                override_name(o, dir, name, 0);
        }
        if (d)
            closedir(d);
    }
    DIR *d = opendir(dir);
    for (struct dirent *e; d && (e = readdir(d));)
        if (!strncmp(e->d_name, "curand_", 7))
            override_name(o, dir, e->d_name, 0);
    if (d)
        closedir(d);
}

void fe_served_overrides(const char *const *args, unsigned nargs, fe_overrides *o)
{
    /* the compiler's own folders, searched after the user's: a toolkit
     * installed there (/usr/local/include) is reached by every <...> */
    fe_served_folder("/usr/local/include", o);
    fe_served_folder("/usr/include", o);
    static const char *const flags[] = {"-I", "-isystem", "-idirafter", "-iquote"};
    for (unsigned i = 0; i < nargs; i++) {
        const char *dir = NULL;
        for (size_t f = 0; f < sizeof flags / sizeof *flags && !dir; f++) {
            size_t n = strlen(flags[f]);
            if (!strcmp(args[i], flags[f]) && i + 1 < nargs)
                dir = args[i + 1];
            else if (!strncmp(args[i], flags[f], n) && args[i][n])
                dir = args[i] + n;
        }
        if (dir)
            fe_served_folder(dir, o);
    }
}

int fe_overridden(const fe_overrides *o, const char *path)
{
    for (unsigned i = 0; i < o->n; i++)
        if (!strcmp(o->path[i], path))
            return 1;
    return 0;
}

void fe_overrides_free(fe_overrides *o)
{
    for (unsigned i = 0; i < o->n; i++) {
        free(o->path[i]);
        free(o->text[i]);
    }
    free(o->path);
    free(o->text);
    memset(o, 0, sizeof *o);
}
