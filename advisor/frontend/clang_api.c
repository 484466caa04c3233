#include "clang_api.h"

#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static adv_clang g_cx;
static int g_loaded;

static const char *const candidates[] = {
    "libclang.so", "libclang.so.1",
    "/usr/lib/llvm-20/lib/libclang.so.1", "/usr/lib/llvm-19/lib/libclang.so.1",
    "/usr/lib/llvm-18/lib/libclang.so.1", "/usr/lib/llvm-17/lib/libclang.so.1",
    "/usr/lib/llvm-16/lib/libclang.so.1", "/usr/lib/llvm-15/lib/libclang.so.1",
    "/usr/lib/llvm-14/lib/libclang.so.1", "libclang-14.so.1",
};

static int bind_symbols(adv_clang *cx, gm_status *st)
{
#define ADV_CLANG_BIND(f)                                                                          \
    *(void **)&cx->f = dlsym(cx->lib, #f);                                                         \
    if (!cx->f)                                                                                    \
        return gm_fail(st, GM_EENV, "%s: libclang lacks %s (need libclang >= 14)", cx->path, #f);
    ADV_CLANG_FUNCS(ADV_CLANG_BIND)
#undef ADV_CLANG_BIND
    /* One answer whatever the version: up to LLVM 16 clang_getSpellingLocation
     * returned the file location (a token of a macro's body at the macro's
     * use), which the frontend is written for; later versions return where
     * the token is spelled (the #define), so a subscript written with a
     * macro (kernel[RADIUS - j]) lost its text range and its operators
     * (libclang 19 found 4 % fewer affine accesses on public code).
     * clang_getFileLocation is that file location in every version. */
    *(void **)&cx->clang_getSpellingLocation = dlsym(cx->lib, "clang_getFileLocation");
    if (!cx->clang_getSpellingLocation)
        return gm_fail(st, GM_EENV, "%s: libclang lacks %s (need libclang >= 14)", cx->path, "clang_getFileLocation");
    return GM_OK;
}

const adv_clang *adv_clang_load(gm_status *st)
{
    if (g_loaded)
        return &g_cx;
    const char *env = getenv("GMADVISE_LIBCLANG");
    if (env && *env) {
        g_cx.lib = dlopen(env, RTLD_NOW | RTLD_LOCAL);
        if (!g_cx.lib) {
            gm_fail(st, GM_EENV, "GMADVISE_LIBCLANG=%s: cannot load: %s", env, dlerror());
            return NULL;
        }
        snprintf(g_cx.path, sizeof g_cx.path, "%s", env);
    } else {
        for (size_t i = 0; i < sizeof candidates / sizeof *candidates && !g_cx.lib; i++) {
            g_cx.lib = dlopen(candidates[i], RTLD_NOW | RTLD_LOCAL);
            if (g_cx.lib)
                snprintf(g_cx.path, sizeof g_cx.path, "%s", candidates[i]);
        }
        if (!g_cx.lib) {
            gm_fail(st, GM_EENV,
                    "libclang not found (tried libclang.so, libclang.so.1 and "
                    "/usr/lib/llvm-{14..20}/lib); install libclang or set GMADVISE_LIBCLANG");
            return NULL;
        }
    }
    if (bind_symbols(&g_cx, st) != GM_OK) {
        dlclose(g_cx.lib);
        memset(&g_cx, 0, sizeof g_cx);
        return NULL;
    }
    g_loaded = 1;
    return &g_cx;
}

const char *adv_cxstr(const adv_clang *cx, CXString s, char *out, size_t n)
{
    const char *c = cx->clang_getCString(s);
    snprintf(out, n, "%s", c ? c : "");
    cx->clang_disposeString(s);
    return out;
}
