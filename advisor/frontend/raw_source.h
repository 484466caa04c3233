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

#endif
