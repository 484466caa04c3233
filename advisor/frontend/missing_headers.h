/* Headers found nowhere, served empty all at once.
 *
 * clang stops reporting at the first #include it finds nowhere (a fatal
 * error) but still parses everything after it, so serving those headers
 * one parse at a time cost a whole parse per header: cuda-samples' files
 * miss helper_cuda.h, helper_functions.h, GL and Vulkan headers, up to
 * 30 parses of one file.  The first parse of a file is made with
 * CXTranslationUnit_KeepGoing (fatal errors reported as errors, the parse
 * otherwise the same): it names every missing header at once, they are all
 * served, and the file is parsed again as before.
 *
 * Invariant: the answer is the one of serving them one at a time.  That
 * order is the order in which the parse with every header served first
 * includes them, each at the #include that failed: parse.c checks it
 * (fe_stubs_included_as) and serves them one at a time when it differs. */
#ifndef ADV_MISSING_HEADERS_H
#define ADV_MISSING_HEADERS_H

#include "clang_api.h"

/* 1 when tu first includes the n files paths[i] in that order, the i-th
 * from the #include at at[i] ("FILE:LINE:COL", clang's presumed location
 * of the header's name, as its diagnostics give it), and includes no
 * other of them. */
int fe_stubs_included_as(const adv_clang *cx, CXTranslationUnit tu, const char *const *paths,
                         const char *const *at, unsigned n);

/* 1 when no file `name` (an #include found in none of the user's folders
 * and not one of gmadvise's served headers: the caller's) is in the
 * folders clang searches after them (the C and C++ libraries', the
 * compilers'): likely found
 * nowhere.  A guess that only saves time: the first parse of a file with
 * such an #include skips function bodies (half its time on cuda-samples'
 * nbody.cpp), as it is made again whatever it finds. */
int fe_likely_missing(const char *name);

#endif
