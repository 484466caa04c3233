/* The prelude every parse pre-includes, precompiled once and kept in the
 * cache folder (jit_cache_dir), so that a parse costs the user's file and
 * not the CUDA and C++ headers behind it.  Invariant: a parse with the PCH
 * gives the model a parse without it gives (same declarations, macros and
 * locations); when there is no PCH the caller pre-includes the header.
 * GMADVISE_NO_PCH set: never used (the comparison in tests/). */
#ifndef ADV_PRELUDE_PCH_H
#define ADV_PRELUDE_PCH_H

#include <stddef.h>

#include "../../common/strbuf.h"
#include "clang_api.h"

/* Path of the PCH of `prelude` parsed with args and the served headers un
 * (built now when the cache has none) in out; 0 when there is none. */
int fe_prelude_pch(const adv_clang *cx, CXIndex idx, const char *prelude, const char *const *args, int nargs,
                   struct CXUnsavedFile *un, unsigned nun, char *out, size_t n);

/* The same for the prelude followed by `includes` (#include lines: a
 * file's leading system headers, include_pch.h), under its own name;
 * built now unless async is on (then 0 until a run without builds it).
 * At most GM_INCLUDES_PCH_MAX are kept, the least recently used removed
 * (a set that did not build counts, as a marker that stops every parse
 * trying again).  A list of the files it read is written beside it. */
int fe_includes_pch(const adv_clang *cx, CXIndex idx, const char *prelude, const char *includes,
                    const char *const *args, int nargs, struct CXUnsavedFile *un, unsigned nun, char *out, size_t n);

/* 1 when the includes PCH at `pch` read a file whose path ends in
 * "/NAME", NAME one of the names (headers a parse serves as stubs, which
 * would shadow it), or a file that asks __has_include and names one of
 * them (served, the answer could differ: missing_headers.h's rule), or
 * one of the paths (headers a parse serves in place of the file on disk),
 * or when its list cannot be read: a parse with those would not read
 * what the PCH holds. */
int fe_includes_pch_meets(const char *pch, const char *const *names, unsigned nnames, const char *const *paths,
                          unsigned npaths);

/* on: a PCH that is not in the cache yet is built by a child process
 * while the parse goes on without it (fe_prelude_pch answers 0), for the
 * runs after this one; the process waits for the child at exit.  For a
 * run that has more to do than the parse (the GPU's): on an H200
 * (2026-11-26) building the PCH and parsing over it took 0.44 s of a
 * cold run, a parse without it about 0.15. */
void fe_prelude_pch_async(int on);

/* 1 when libclang refused the PCH at `pch` in parsing tu (a system header
 * changed since it was built): the caller removes it and parses again
 * without it. */
int fe_prelude_pch_refused(const adv_clang *cx, CXTranslationUnit tu, const char *pch);

/* The macros of the system's headers in the PCH at `pch` (FLT_MAX, M_PI),
 * written beside it when it is built: a parse that reads the PCH visits
 * its own declarations and macros only (clang_createIndex's
 * excludeDeclarationsFromPCH: enumerating the PCH's ten thousand cursors
 * took about a third of a small file's parse), so the macros the file
 * may use from the prelude's headers come from here.  Each is what
 * fe_macro_define makes of it.  Invariant: the list is complete for the
 * PCH it sits beside (written before the PCH is renamed into place; a
 * PCH without its list is built again). */
/* The longest #define line copied into generated code. */
#define FE_MACRO_LINE_MAX 1200

typedef struct {
    char *name, *line, *body; /* line "" for a function-like macro */
} fe_pch_macro;

/* The list; 0 and *out NULL when it cannot be read.  Free with
 * fe_pch_macros_free. */
unsigned fe_pch_macros(const char *pch, fe_pch_macro **out);
void fe_pch_macros_free(fe_pch_macro *v, unsigned n);

/* "#define NAME tokens" of macro definition def in line and its body's
 * tokens in body (each followed by a space); 1, and nothing after the
 * '(', for a function-like macro. */
int fe_macro_define(const adv_clang *cx, CXTranslationUnit tu, CXCursor def, sb_t *line, sb_t *body);

#endif
