#include "cuda_api.h"

#include <dlfcn.h>
#include <stdlib.h>
#include <string.h>

static jit_cuda g_cu;
static int g_loaded;

/* Forgets a half-bound driver; NULL with st saying what it lacks. */
static const jit_cuda *lacks(const char *path, const char *what, gm_status *st)
{
    gm_fail(st, GM_EENV, "%s: the CUDA driver lacks %s (driver too old?)", path, what);
    dlclose(g_cu.lib);
    memset(&g_cu, 0, sizeof g_cu);
    return NULL;
}

const jit_cuda *jit_cuda_load(gm_status *st)
{
    if (g_loaded)
        return &g_cu;
    const char *path = getenv("GMADVISE_LIBCUDA");
    if (!path || !*path)
        path = "libcuda.so.1";
    g_cu.lib = dlopen(path, RTLD_NOW | RTLD_LOCAL);
    if (!g_cu.lib) {
        gm_fail(st, GM_EENV, "no CUDA driver (%s)", dlerror());
        return NULL;
    }
#define JIT_CUDA_BIND(f)                                                                    \
    *(void **)&g_cu.f = dlsym(g_cu.lib, #f);                                                \
    if (!g_cu.f)                                                                            \
        return lacks(path, #f, st);
    JIT_CUDA_FUNCS(JIT_CUDA_BIND)
#undef JIT_CUDA_BIND
    /* drivers older than CUDA 12.8 have only the original entry point */
    *(void **)&g_cu.cuEventElapsedTime = dlsym(g_cu.lib, "cuEventElapsedTime_v2");
    if (!g_cu.cuEventElapsedTime)
        *(void **)&g_cu.cuEventElapsedTime = dlsym(g_cu.lib, "cuEventElapsedTime");
    if (!g_cu.cuEventElapsedTime)
        return lacks(path, "cuEventElapsedTime", st);
    *(void **)&g_cu.cuModuleGetGlobal_v2 = dlsym(g_cu.lib, "cuModuleGetGlobal_v2");
    *(void **)&g_cu.cuFuncGetAttribute = dlsym(g_cu.lib, "cuFuncGetAttribute");
    g_loaded = 1;
    return &g_cu;
}

int jit_cu_check(const jit_cuda *cu, CUresult r, const char *what, gm_status *st)
{
    if (r == CUDA_SUCCESS)
        return GM_OK;
    const char *name = NULL, *text = NULL;
    cu->cuGetErrorName(r, &name);
    cu->cuGetErrorString(r, &text);
    return gm_fail(st, GM_EGPU, "%s: %s (%s)", what, name ? name : "?", text ? text : "?");
}
