/* Measuring in a child process, so that a variant that faults or hangs
 * cannot take the others down.
 *
 * The calling process never touches the CUDA driver.  A forked worker
 * creates a context, runs the reference copies and then the jobs in order,
 * reporting each over a pipe.  When a job faults the worker's context is
 * lost: the worker exits, the job is reported by name, and a fresh worker
 * (fresh context) goes on with the next job.  A job that sends nothing for
 * `timeout_s` is killed the same way.  Outputs are compared inside the
 * worker: each job is checked against the declared-layout job of its
 * kernel, which a fresh worker recomputes when it needs it. */
#ifndef JIT_WORKER_H
#define JIT_WORKER_H

#include "../advisor/layout.h"
#include "../advisor/model.h"
#include "../common/status.h"
#include "nvrtc.h"
#include "runner.h"

typedef struct {
    unsigned kernel;
    int st;                 /* struct whose layout varies; -1: as declared */
    adv_layout_kind kind;
    const char *fn;         /* the compiled kernel's name */
    int is_decl;            /* the outputs the kernel's other jobs must match */
} jit_job;

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
    int correct;            /* -1 not compared, 0 differs, 1 matches the declared job */
    char note[512];
} jit_job_result;

typedef struct {
    int device;             /* CUDA ordinal */
    jit_method method;
    double timeout_s;       /* per job, and for start-up plus the reference copies */
    int quiet;              /* no progress lines on stderr */
    int times;              /* progress lines say how long each step took */
} jit_worker_opts;

void jit_worker_opts_default(jit_worker_opts *o);

/* Runs the jobs of `bin` on device o->device.  GM_OK, GM_EPARTIAL when a
 * job did not end JIT_JOB_OK, GM_EENV when there is no driver or no GPU
 * (st says why: the caller reports the static result), GM_EINPUT for a
 * device that does not exist, GM_EGPU when start-up or the reference
 * copies fail.  `res` has one entry per job. */
int jit_worker_run(const adv_model *m, const jit_binary *bin, const jit_job *jobs, unsigned njobs,
                   const jit_worker_opts *o, jit_device_info *dev, jit_reference *ref,
                   jit_job_result *res, gm_status *st);

/* jit_compile (nvrtc.h) in a child process.  NVRTC initialises CUDA
 * state of its own, after which forked workers could not create a
 * context; compiling in a child keeps the caller clean. */
int jit_worker_compile(const char *src, const char *name, int arch, int use_cache, jit_binary *out,
                       char **log, gm_status *st);

/* The GPUs the driver sees (at most `max`), asked from a child process so
 * that the caller stays free to fork workers.  GM_EENV without a driver
 * or without a GPU (st says which). */
int jit_worker_devices(jit_device_info *out, int max, int *count, gm_status *st);

#endif
