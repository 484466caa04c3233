/* Measuring in a child process, so that a variant that faults or hangs
 * cannot take the others down.
 *
 * The calling process never touches the CUDA driver.  A forked worker
 * creates a context, runs the reference copies and then the jobs in order,
 * reporting each over a pipe.  When a job faults the worker's context is
 * lost: the worker exits, the job is reported by name, and a fresh worker
 * (fresh context) goes on with the next job.  A job that sends nothing for
 * `timeout_s` is killed the same way.  A worker whose jobs all ended
 * tears its context down after the caller has gone on.
 *
 * What a job does is the caller's: jit_job_fn runs in the worker, after
 * fork, on the worker's own copy of the caller's memory; whatever it keeps
 * there (outputs to compare later jobs with) lives only as long as that
 * worker, so a fresh worker must be able to recompute it.  Only the
 * jit_job_result travels back. */
#ifndef JIT_WORKER_H
#define JIT_WORKER_H

#include "../common/status.h"
#include "nvrtc.h"
#include "runner.h"

typedef enum {
    JIT_JOB_NOT_RUN,        /* the worker never reached it */
    JIT_JOB_OK,             /* measured (see correct) */
    JIT_JOB_FAILED,         /* an error the worker reported; note says which */
    JIT_JOB_FAULTED,        /* the worker died or lost its context on this job */
    JIT_JOB_HUNG            /* no word for timeout_s: killed */
} jit_job_state;

typedef struct {
    jit_job_state state;
    jit_timing t;
    double gbps;            /* effective: the bytes each element moves over time */
    int correct;            /* -1 not compared, 0 differs, 1 matches the job's reference */
    unsigned attempt;       /* the caller's: which try of the job this was (a launch shape) */
    int retry;              /* with JIT_JOB_FAULTED: run the job again in a fresh worker, which
                             * sees this result in done[] */
    char note[512];
} jit_job_result;

/* Runs job `job` on `r` in the worker and fills *out, which starts zeroed
 * with correct = -1: state JIT_JOB_OK, or JIT_JOB_FAULTED when the
 * context can no longer be trusted (the worker then exits), or
 * JIT_JOB_FAILED.  done[] holds the results known when this worker
 * started, and those of the jobs it ran since. */
typedef void (*jit_job_fn)(void *ctx, jit_runner *r, unsigned job, const jit_job_result *done,
                           jit_job_result *out);

typedef struct {
    unsigned njobs;
    const char *const *names; /* per job, for progress lines */
    jit_job_fn run;
    void *ctx;
} jit_jobs;

typedef struct {
    int device;             /* CUDA ordinal */
    jit_method method;
    double timeout_s;       /* per job, and for start-up plus the reference copies */
    int quiet;              /* no progress lines on stderr */
    int times;              /* progress lines say how long each step took */
    int use_cache;          /* the memcpy peak and reference copies of the last
                             * GM_REFERENCE_CACHE_S on this device and driver are reused */
} jit_worker_opts;

void jit_worker_opts_default(jit_worker_opts *o);

/* Runs the jobs with `bin` loaded on device o->device and returns once
 * the last job's result is read: the worker then releases its context
 * and exits on its own, still counted in its machine-wide slot until it
 * has (jit_worker_reap reaps it).  GM_OK, GM_EPARTIAL
 * when a job did not end JIT_JOB_OK or was not correct, GM_EENV when there
 * is no driver or no GPU (st says why: the caller reports the static
 * result), GM_EINPUT for a device that does not exist, GM_EGPU when
 * start-up or the reference copies fail.  `res` has one entry per job. */
int jit_worker_run(const jit_binary *bin, const jit_jobs *jobs, const jit_worker_opts *o,
                   jit_device_info *dev, jit_reference *ref, jit_job_result *res, gm_status *st);

/* Reaps the children this process no longer waits on (workers tearing
 * down after their jobs' end, holders let go) that have exited; with
 * `wait`, waits for all of them first. */
void jit_worker_reap(int wait);

/* The machine-wide retry lock of one jit_worker_run.  A job run again in
 * another launch shape (jit_job_result.retry) is likely to fault again,
 * and a fault is the driver's hardest moment, so such runs are made one
 * at a time on the machine: a flock on $TMPDIR/gmadvise-gpu-retry.lock
 * (else /tmp), shared by every gmadvise process.
 * Invariant: fd >= 0 exactly from the end of a worker whose last result
 * asked for a retry until that retry's result arrives, its worker ends
 * without one, or no worker follows: the lock is held while, and only
 * while, a retry is about to start or runs.  The run changes it only
 * through jit_retry_lock_step. */
typedef enum {
    JIT_RETRY_RESULT,     /* a job's result arrived; retry: it asks to run again */
    JIT_RETRY_NEXT,       /* a worker ended and another starts; retry: with a job run again */
    JIT_RETRY_STOP        /* no worker follows */
} jit_retry_event;

typedef struct {
    int fd;               /* the lock's, while held; -1 otherwise (also when it cannot be had:
                           * then nothing is serialized) */
} jit_retry_lock;

#define JIT_RETRY_LOCK_INIT {-1}

/* The lock after `ev`: taken at JIT_RETRY_NEXT with retry (waiting while
 * another process holds it; kept when held); released at JIT_RETRY_RESULT
 * without retry, JIT_RETRY_NEXT without retry and JIT_RETRY_STOP. */
void jit_retry_lock_step(jit_retry_lock *l, jit_retry_event ev, int retry);

/* jit_compile (nvrtc.h) in a child process.  NVRTC initialises CUDA
 * state of its own, after which forked workers could not create a
 * context; compiling in a child keeps the caller clean. */
int jit_worker_compile(const char *src, const char *name, int arch, int flags, jit_binary *out,
                       char **log, gm_status *st);

/* The n programs srcs[] compiled as jit_worker_compile does, up to `jobs`
 * children at a time (NVRTC on every core: a program of many variants is
 * compiled as parts, each a program of its own).  out[i] and sts[i] per
 * part (no log: a part that fails is compiled again to locate it).
 * GM_OK when all compiled; else a failure other than GM_EINPUT if any,
 * else GM_EINPUT. */
int jit_worker_compile_parts(unsigned n, const char *const *srcs, const char *name, int arch, int flags,
                             unsigned jobs, jit_binary *out, gm_status *sts);

/* The cores this process may run on (at most GM_COMPILE_MAX_JOBS). */
unsigned jit_worker_cores(void);

/* jit_nvrtc_arch_ok (nvrtc.h) in a child process, for the same reason. */
int jit_worker_arch_ok(int arch, gm_status *st);

/* The GPUs the driver sees (at most `max`), asked from a child process so
 * that the caller stays free to fork workers.  GM_EENV without a driver
 * or without a GPU (st says which). */
int jit_worker_devices(jit_device_info *out, int max, int *count, gm_status *st);
/* Forks jit_worker_devices' child now, so that the driver is asked (cuInit,
 * 0.15 s on an H100) while the caller parses; the next jit_worker_devices
 * reads its answer.  Best effort: a fork that fails is tried again then. */
void jit_worker_devices_start(void);
/* That child stays, holding a context on GPU 0 in one of the machine's
 * GM_GPU_WORKERS_MAX worker slots when one is free, until the first worker
 * has a context of its own (a new process's cuInit is then 0.1 s
 * shorter), a worker waits for a slot, or GM_GPU_HOLD_S have passed: its
 * pid while the caller has not let it go, else -1. */
int jit_worker_holder(void);

#endif
