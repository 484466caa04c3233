/* The system headers a file starts with, precompiled with the prelude.
 *
 * Beyond the prelude's PCH (prelude_pch.h), a parse costs what the file
 * includes, and most of that is the C++ library: on cuda-samples a file
 * including <iostream> took 0.25 s of CPU to parse against 0.016 s for
 * the same kernel alone (libclang 16, 2026-11-26), and Samples/ has a few
 * dozen sets of such #include lines among its 389 files.  When a file
 * opens with #include <...> lines only (blank lines, comments and
 * `#pragma once` between them), those lines are the same tokens whether
 * they come first in the file or in a PCH's main file after the prelude:
 * the PCH of prelude + those lines is built once per set (and arguments,
 * libclang, served headers: prelude_pch.h's key) and the file parsed over
 * it; its own #include lines then find each header done (include
 * guards), as they find the prelude's <cmath>.
 *
 * Invariant: the model is the one of the parse without it.  So only
 * #include <NAME> lines qualify, NAME a system header or one of
 * gmadvise's served ones (the caller's test: not in a user's folder, no
 * stub), in the file's order, up to the first line that is anything else
 * (a header's own guard, #ifndef X and #define X, first, may come before:
 * no system header asks for the file's guard macro; a header served
 * empty may come between, as it holds nothing);
 * a PCH with an error is not built (its errors would not be reported
 * again); the caller leaves it out for a parse whose stubs or served
 * overrides the PCH's headers would have met (fe_includes_pch_meets). */
#ifndef ADV_INCLUDE_PCH_H
#define ADV_INCLUDE_PCH_H

#include <stddef.h>

#include "../../common/strbuf.h"
#include "frontend.h"

/* Whether `name` of an #include <name> line may go into the PCH: NO ends
 * the run there; EMPTY: a header of no tokens (a stub served empty: the
 * line includes nothing, left out, and the run goes on). */
enum { FE_INCLUDE_NO, FE_INCLUDE_YES, FE_INCLUDE_EMPTY };
typedef int (*fe_include_usable)(void *ctx, const char *name);

/* The #include <...> lines text[0, len) starts with, each usable, in out
 * ("#include <NAME>\n" each); returns 1 when the set is worth a PCH of
 * its own (one of them is a C++ library header beyond the C ones, which
 * the prelude holds or which cost little), else 0 (out then empty).  The
 * guard's macro when the run starts with one in guard (size guard_n),
 * else "": the caller makes sure nothing before the file defines it. */
int fe_leading_includes(const char *text, size_t len, fe_include_usable usable, void *ctx, sb_t *out,
                        char *guard, size_t guard_n);

/* 1 when a C++ library header of that name costs a parse little (the C
 * library's wrappers, <cstdio> ...). */
int fe_include_light(const char *name);

/* The PCH of the prelude and the #include lines pc's file starts with
 * (fe_leading_includes: served headers among un[0, nun), system headers
 * in no folder of the parse's), in pch, built now when the cache has none;
 * 0 when the file starts with none worth it, or when the PCH met a header
 * this parse serves otherwise (a stub, a served override): the caller
 * then takes the prelude's.  args: the prelude PCH's arguments. */
int fe_includes_pch_for(pctx *pc, CXIndex idx, const char *prelude, const char *const *args, int nargs,
                        struct CXUnsavedFile *un, unsigned nun, char *pch, size_t n);

#endif
