/* The prelude every parse pre-includes, precompiled once and kept in the
 * cache folder (jit_cache_dir), so that a parse costs the user's file and
 * not the CUDA and C++ headers behind it.  Invariant: a parse with the PCH
 * gives the model a parse without it gives (same declarations, macros and
 * locations); when there is no PCH the caller pre-includes the header.
 * GMADVISE_NO_PCH set: never used (the comparison in tests/). */
#ifndef ADV_PRELUDE_PCH_H
#define ADV_PRELUDE_PCH_H

#include <stddef.h>

#include "clang_api.h"

/* Path of the PCH of `prelude` parsed with args and the served headers un
 * (built now when the cache has none) in out; 0 when there is none. */
int fe_prelude_pch(const adv_clang *cx, CXIndex idx, const char *prelude, const char *const *args, int nargs,
                   struct CXUnsavedFile *un, unsigned nun, char *out, size_t n);

/* 1 when libclang refused the PCH at `pch` in parsing tu (a system header
 * changed since it was built): the caller removes it and parses again
 * without it. */
int fe_prelude_pch_refused(const adv_clang *cx, CXTranslationUnit tu, const char *pch);

#endif
