/* A batch of programs compiled only to learn whether each compiles, and
 * NVRTC's log when it does not: what gmadvise compiles to find the
 * variants and declarations that break a file's program (a few dozen
 * programs of one file, which all begin with the same prologue and
 * #includes).
 *
 * Two things make a batch cheaper than as many jit_worker_compile calls:
 * - a program asked again (the same text and name) is answered from the
 *   first answer, not compiled again (two instances of a kernel template
 *   often need the same declarations);
 * - the programs' shared first bytes (jit_pch_prefix_len: CUB, libcu++,
 *   the user's toolkit headers) are precompiled once, by a process of the
 *   batch's own that keeps NVRTC loaded, and each program is compiled in a
 *   child it forks, reading the PCH: 0.1 s instead of 1.2 s on xgboost's
 *   gpu_predictor.cu.  Where NVRTC cannot (no PCH before 12.8, a prefix
 *   that does not compile alone, GMADVISE_COMPILE_PCH=0), each program is
 *   compiled as jit_worker_compile does;
 * - where those first bytes stop NVRTC (a header it cannot open), every
 *   program stops there with the same messages: the first bytes alone
 *   answer for them, compiled once under each program name asked.
 * The answers are those of jit_worker_compile: the same status and log.
 * A batch keeps no binary (callers that need one compile it themselves). */
#ifndef JIT_BATCH_H
#define JIT_BATCH_H

#include <stddef.h>

#include "../common/status.h"

typedef struct jit_batch jit_batch;

/* What a batch did, for --times. */
typedef struct {
    unsigned asked;     /* programs asked about */
    unsigned again;     /* ... answered from an identical one asked before */
    unsigned nvrtc;     /* NVRTC compiles (the PCH's own not counted) */
    unsigned with_pch;  /* ... of them reading the precompiled prefix */
    unsigned by_prefix; /* answered by their first bytes alone, where NVRTC stops */
    size_t prefix_len;  /* bytes precompiled; 0: no PCH */
} jit_batch_stats;

/* A batch for programs compiled for sm_<arch> with jit_compile's flags
 * (JIT_USE_CACHE is ignored: nothing is kept), whose first bytes are
 * those of `example` (what is precompiled).  Never fails: without a
 * process of its own it compiles as jit_worker_compile. */
jit_batch *jit_batch_start(const char *example, int arch, int flags);

/* GM_OK when src compiles; GM_EINPUT with NVRTC's log in *log (the caller
 * frees it; NULL when there is none); another code in *st when NVRTC
 * could not be run. */
int jit_batch_compile(jit_batch *b, const char *src, const char *name, char **log, gm_status *st);

jit_batch_stats jit_batch_stats_of(const jit_batch *b);
/* Ends the batch's process and frees it (NULL: nothing). */
void jit_batch_stop(jit_batch *b);

#endif
