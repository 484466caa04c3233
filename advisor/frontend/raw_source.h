/* A .cu file that is a C++ raw string literal of kernel source (or
 * several, which concatenate),
 *     R"delim( ...CUDA source... )delim"
 * which host code #includes into a string and compiles with NVRTC at run
 * time (xmrig-cuda's CryptonightR.cu, in CudaCryptonightR_gen.cpp).  Given
 * to gmadvise, its kernels are the subject: the literals' quotes are
 * blanked (lines and columns stay the file's) and the source is parsed as
 * NVRTC compiles it (__CUDACC_RTC__ defined: no C library, the source
 * declares its own fixed-width types; __CUDA_ARCH__ defined: device code
 * only), not in its includer's host code, where it is a string. */
#ifndef GM_RAW_SOURCE_H
#define GM_RAW_SOURCE_H

#include "../../common/strbuf.h"

#include <stddef.h>

/* 1 when text[0..len) is raw string literals (adjacent ones concatenate),
 * comments and blanks around them aside; then each R"delim( and )delim"
 * is blanked in place, and so is each line that is only a marker the
 * file's includer (beside it) replaces with code of its own, each said in
 * notes (path: the file's, for its includer and the notes). */
int fe_raw_source_unwrap(const char *path, char *text, size_t len, sb_t *notes);
/* 1 when the file at path is such a literal (read, not changed). */
int fe_raw_source_file(const char *path);
/* 1 when the parse's arguments (-D NAME, -DNAME[=V]) define __CUDACC_RTC__
 * but not __CUDA_ARCH__: a file the project compiles with NVRTC
 * (arrayfire's kernel .cuh, its build's -D__CUDACC_RTC__), which NVRTC
 * always compiles with __CUDA_ARCH__ defined; the parse then defines it
 * too (FE_RTC_ARCH_DEFINE), or reads the host branch of `#ifdef
 * __CUDA_ARCH__ ... #else` (std::min with no C++ library), which no
 * compile of the file takes. */
int fe_raw_source_args_lack_arch(const char *const *args, unsigned n);
/* The -D that gives a parse of NVRTC's source its __CUDA_ARCH__ (the
 * default architecture's, common/limits.h). */
extern const char FE_RTC_ARCH_DEFINE[];

#endif
