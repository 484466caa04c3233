/* NVRTC, loaded at run time (GMADVISE_NVRTC overrides the path), with an
 * on-disk cache of compiled programs (cache.h).  One call compiles one
 * program for one architecture and returns its CUBIN and PTX. */
#ifndef JIT_NVRTC_H
#define JIT_NVRTC_H

#include <stddef.h>

#include "../common/status.h"

typedef struct {
    char *cubin;
    size_t cubin_len;
} jit_module;

typedef struct {
    char *cubin;
    size_t cubin_len;
    char *ptx;        /* NUL-terminated; a program compiled in parts: their PTX one after another */
    jit_module *more; /* the other parts' CUBINs (jit_runner_load loads each as a module) */
    unsigned nmore;
} jit_binary;

/* NVRTC's version as "13.0"; GM_EENV when NVRTC cannot be loaded. */
int jit_nvrtc_version(char *out, size_t n, gm_status *st);

/* jit_compile's flags */
#define JIT_USE_CACHE 1 /* read and fill the compile cache (jit/cache.h) */
#define JIT_PTX_ONLY 2  /* PTX for compute_<arch> and no CUBIN (cubin_len 0): what the
                         * static report reads (its widths), without ptxas, which is
                         * most of a large kernel's compile */
#define JIT_FAST_PTX 4  /* with JIT_PTX_ONLY: NVRTC's minimal optimisation (--Ofast-compile=min),
                         * a seventh of the time on a kernel of 300 accesses; the widths
                         * stay those of full optimisation on every sample, but loop
                         * unrolling and merged loads may differ, so instruction counts
                         * can (tests/test_ptx_fast.sh) */

/* Compiles `src` (named `name` in messages) for sm_<arch>, as C++17, or
 * C++20 where its first line is "// nvrtc -std=c++20".  On a compile
 * error the status is GM_EINPUT and `log` (if given) receives NVRTC's log;
 * the caller frees log and the binary (jit_binary_free). */
int jit_compile(const char *src, const char *name, int arch, int flags, jit_binary *out, char **log,
                gm_status *st);
void jit_binary_free(jit_binary *b);

/* 1 and *out when the compile cache holds what jit_compile(src, arch,
 * flags) would give and NVRTC's facts (version, include folder) are known
 * without loading it: kept in the cache by an earlier load of the same
 * library.  0 otherwise (then jit_compile, in a child, decides). */
int jit_compile_cached(const char *src, int arch, int flags, jit_binary *out);

/* GM_OK when NVRTC compiles for sm_<arch>; GM_EINPUT naming the ones it
 * does otherwise; GM_EENV when NVRTC cannot be loaded. */
int jit_nvrtc_arch_ok(int arch, gm_status *st);
/* jit_nvrtc_arch_ok answered from the facts an earlier load kept, without
 * loading NVRTC; -1 when they are not known. */
int jit_nvrtc_arch_known(int arch, gm_status *st);

#endif
