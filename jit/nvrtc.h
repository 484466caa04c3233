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

/* Precompiled headers (NVRTC 12.8 and later): the programs of one file
 * that gmadvise compiles to find what does not compile all begin with the
 * same prologue and #includes (most of a compile: the CUB and libcu++
 * headers, 1-2 s each time); compiled once as a PCH, each program then
 * reads it instead.  A PCH is valid only in the process that made it and
 * in the children it forks (NVRTC's PCH heap), so the caller is a process
 * of its own (jit/batch.h).
 *
 * jit_pch_prefix_len: the bytes of src up to the end of its last #include
 * before its first #line (the user's text), outside any #if; 0 when none.
 * jit_pch_create: that prefix of src precompiled into the file `path`, for
 * jit_compile(src, arch, flags) alike; GM_EENV for an NVRTC without PCH,
 * GM_EINPUT when the prefix does not compile alone.
 * jit_compile_pch: jit_compile, the first prefix_len bytes of src read
 * from the PCH file `pch` (src must begin with the bytes it was made of);
 * NVRTC's messages, and their lines and file names, are those of src
 * compiled without it (its own first bytes excepted: they are reached
 * through a header; they compiled alone). */
size_t jit_pch_prefix_len(const char *src);
int jit_pch_create(const char *src, size_t prefix_len, int arch, int flags, const char *path, gm_status *st);
int jit_compile_pch(const char *src, size_t prefix_len, const char *pch, const char *name, int arch, int flags,
                    jit_binary *out, char **log, gm_status *st);

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
