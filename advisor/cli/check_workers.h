/* gmadvise check's files, each checked in a worker process of its own.
 *
 * A crash, a hang or running out of memory while checking one file costs
 * that file alone: it is recorded as an error of the file ("gmadvise
 * crashed (SIGSEGV) while checking it"), reported as any file that cannot
 * be checked, and every other file is still checked.  Up to `jobs`
 * workers run at a time; their results (findings, notes, errors, and what
 * each wrote on stderr) are merged in the files' order, so that the output
 * of -j N is the output of -j 1. */
#ifndef CLI_CHECK_WORKERS_H
#define CLI_CHECK_WORKERS_H

#include "../core/check.h"

typedef struct {
    unsigned jobs;             /* workers at a time (>= 1) */
    unsigned timeout_s;        /* a worker running longer is stopped */
    unsigned long memory_mib;  /* a worker's address space; 0: no limit */
    int progress;              /* "files done / total" on stderr (a terminal) */
} cli_workers_opts;

/* Checks file i into `part` (a fresh check with the run's options), in
 * the worker; what it prints on stderr is passed on in the files' order.
 * Returns 0, or 1 when the file was left out (another file's check covers
 * it), which then does not count as checked. */
typedef int (*cli_check_file_fn)(void *ctx, unsigned i, adv_check *part);

/* Checks files 0..n-1 through fn, each in a worker, and appends their
 * results to c in that order.  Never fails: a worker that could not be
 * started or did not finish is the error of its file. */
void cli_check_workers(adv_check *c, const adv_check_opts *o, unsigned n, const char *const *names,
                       const cli_workers_opts *wo, cli_check_file_fn fn, void *ctx);

/* The workers -j takes by default: the processors this process may use. */
unsigned cli_workers_default(void);

#endif
