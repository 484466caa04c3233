/* The GPU through the driver API, for any program of kernels: a context,
 * one loaded module, device buffers, launches, and timing by gmadvise's
 * method.  It knows nothing of structs or layouts: what a buffer holds and
 * what a launch means is the caller's (advisor/engine/measure.h).
 *
 * Method (see README "How gmadvise measures"): each timed launch is
 * warmed up, the L2 is flushed before every sample, CUDA events surround
 * each launch, and samples are taken until the spread is under the target
 * or the budget is spent; median and spread are reported.  Device
 * pointers are plain integers (CUdeviceptr) so that callers need no CUDA
 * header.  Every function that can fail returns a gm_code and fills `st`;
 * a failed driver call is GM_EGPU naming what was being done. */
#ifndef JIT_RUNNER_H
#define JIT_RUNNER_H

#include <stddef.h>

#include "../common/status.h"
#include "../common/strbuf.h"
#include "nvrtc.h"

typedef struct {
    char name[256];
    int ordinal;
    int sm;                     /* 90 for sm_90 */
    int sms;
    unsigned long long l2_bytes;
    unsigned long long mem_bytes;
} jit_device_info;

/* The parts of a measured job outside its sampling loop, in the order
 * --times names them (the caller's: measure.c fills jit_timing's
 * phase_s; the runner knows no job). */
typedef enum {
    JIT_PHASE_SETUP,     /* buffers allocated and zeroed, launch arguments built */
    JIT_PHASE_INPUTS,    /* random elements packed into the layout, copied up, replicated */
    JIT_PHASE_LAUNCH,    /* the correctness launch, to its end */
    JIT_PHASE_READBACK,  /* its outputs read back, unpacked and compared with the declared layout's */
    JIT_PHASE_CALIBRATE, /* the timed size found (engine/calibrate.h) */
    JIT_PHASE_RELEASE,   /* buffers given back */
    JIT_NPHASES
} jit_phase;

typedef struct {
    double median_ms, spread_pct, min_ms, max_ms;
    int samples;
    long long elems;  /* elements the timed launches covered */
    int shrunk;       /* 1: fewer than planned, the GPU ran out of memory */
    double loop_s;    /* host time of the sampling loop (warm-ups included), for --times */
    double launched_ms; /* the GPU's time of its launches by the events, warm-ups included */
    int stop;         /* the jit_stop (stopping.h) that ended the sampling loop; 0: none */
    double phase_s[JIT_NPHASES]; /* host seconds of each part of the job around the loop */
} jit_timing;

/* "; set-up 0.002 s, inputs ... , stopped: spread" for --times: each
 * phase of t and why its sampling stopped. */
void jit_timing_parts_text(const jit_timing *t, char *out, size_t n);

typedef struct {
    double target_spread_pct; /* stop when reached */
    int min_samples;
    int max_samples;
    double budget_s;          /* per variant */
    double l2_multiple;       /* data set size in L2s */
    /* the fastest so far of the variants the next timing competes with
     * (0: none) and its spread: a timing clearly slower stops early
     * (stopping.h); set with jit_runner_set_rival */
    double rival_ms, rival_spread_pct;
} jit_method;

/* The defaults of common/limits.h. */
void jit_method_default(jit_method *m);

typedef struct jit_runner jit_runner;

/* GM_EENV when there is no driver or no GPU (the caller then reports the
 * static result); *out owns a context on device `ordinal`. */
int jit_runner_create(int ordinal, const jit_method *method, jit_runner **out,
                      jit_device_info *info, gm_status *st);
void jit_runner_destroy(jit_runner *r);
/* GPUs the driver sees (-1 and GM_EENV without a driver), and one GPU's
 * properties without creating a context. */
int jit_device_count(gm_status *st);
/* The driver's CUDA version as "13.0"; GM_EENV when there is no driver. */
int jit_driver_version(char *out, size_t n, gm_status *st);
/* What a cached measurement of this GPU depends on, appended to *k (a
 * sb_t): its name, ordinal, sm, SMs, L2 and memory, and the driver's
 * version ("" without a driver).  Cache keys of the references and of
 * calibrated sizes are built on it. */
void jit_device_fingerprint(sb_t *k, const jit_device_info *dev);
int jit_device_query(int ordinal, jit_device_info *info, gm_status *st);

int jit_runner_load(jit_runner *r, const jit_binary *bin, gm_status *st);
/* The block shape (x, y, z threads) of the launches that follow, over as
 * many blocks in x as the threads need; NULL: GM_LAUNCH_BLOCK threads in x,
 * as a new runner has. */
void jit_runner_set_block(jit_runner *r, const unsigned block[3]);
/* The rival of the timings that follow (jit_method's rival_ms; 0: none). */
void jit_runner_set_rival(jit_runner *r, double ms, double spread_pct);
/* A fixed grid and dynamic shared memory for the launches that follow
 * (a captured launch's shape, with jit_runner_set_block for its block):
 * the thread counts launches are given are then ignored.  NULL: back to
 * as many blocks as the threads need, no dynamic shared memory. */
void jit_runner_set_grid(jit_runner *r, const unsigned grid[3], unsigned shared_bytes);
/* Dynamic shared memory for the launches that follow (0: none, as a new
 * runner has; jit_runner_set_grid sets it too). */
void jit_runner_set_shared(jit_runner *r, unsigned bytes);
/* Device-to-device copies {dst, src, bytes} made before every timed
 * launch, outside the timing and before the L2 flush: each launch then
 * starts from the same inputs, for kernels that consume theirs (a BFS
 * frontier cleared as it is expanded).  The caller keeps `copies` alive
 * until it sets NULL. */
void jit_runner_set_restore(jit_runner *r, const unsigned long long (*copies)[3], unsigned n);
const jit_device_info *jit_runner_device(const jit_runner *r);
const jit_method *jit_runner_method(const jit_runner *r);

/* For probes (gmadvise probe): zeroed device memory of at least `bytes`,
 * owned by the runner (valid until the next call or destroy), and one
 * synchronous launch of function `fn` over `threads` threads. */
int jit_runner_scratch(jit_runner *r, size_t bytes, unsigned long long *ptr, gm_status *st);
int jit_runner_launch_sync(jit_runner *r, const char *fn, long long threads, void **args,
                           gm_status *st);

/* Device buffers, each filled with the 32-bit `word`; the caller frees
 * them.  *oom (when oom is not NULL) says whether a failure was the GPU
 * running out of memory, which callers answer by asking for less.
 * A buffer is allocated in whole GM_RUNNER_PAGE_BYTES pages (the driver
 * maps no less: a launch past its end faults, or not, as in a buffer of
 * exactly its size) and kept when freed (up to GM_RUNNER_KEPT_BUFFERS)
 * for the next request of as many pages, oldest first: the variants of a
 * kernel ask for the same buffers in the same order, and each request
 * gets the buffer the same request had.  A request that none fits
 * gives back every kept buffer smaller than itself first: a large one
 * (a timed launch's) is then allocated among what a runner that keeps
 * none would hold, not among a calibration's smaller leftovers (with
 * those kept, timings sampled to the limit more often: README).  Kept
 * buffers go back before a request would run out of memory, before the
 * reference arrays and a probe's scratch, and with the runner. */
int jit_runner_alloc(jit_runner *r, size_t bytes, unsigned word, unsigned long long *ptr, int *oom,
                     gm_status *st);
void jit_runner_free(jit_runner *r, unsigned long long ptr);
int jit_runner_upload(jit_runner *r, unsigned long long dst, const void *src, size_t bytes,
                      gm_status *st);
int jit_runner_download(jit_runner *r, void *dst, unsigned long long src, size_t bytes,
                        gm_status *st);
/* The parts of one block of host memory src[0..bytes), each {device
 * address, offset in src, bytes}, copied to their places: src goes up in
 * one copy, to device memory the runner keeps for it, and is spread from
 * there on the device without waiting (a layout's segments: one upload,
 * one wait for the GPU, instead of one of each a segment). */
int jit_runner_upload_parts(jit_runner *r, const void *src, size_t bytes, const unsigned long long (*parts)[3],
                            unsigned n, gm_status *st);
/* Fills [ptr + len, ptr + total) with copies of [ptr, ptr + len), doubling
 * on the device: large inputs cost one small upload. */
int jit_runner_replicate(jit_runner *r, unsigned long long ptr, size_t len, size_t total,
                         gm_status *st);

/* The most threads a block the last launch's kernel can run, when it was
 * launched in a smaller block than set (jit_runner_set_block) because of
 * it; 0 when launched as set. */
unsigned jit_runner_block_cap(const jit_runner *r);
/* The dynamic shared memory the last launch had, when less than asked:
 * the kernel's static __shared__ arrays and it together stay within
 * GM_LAUNCH_DYNAMIC_SHARED bytes (more is a refused launch); 0 when it
 * had what was asked (none of it cut). */
unsigned jit_runner_shared_cut(const jit_runner *r, unsigned *static_bytes);

/* 1 when the loaded modules hold function `name`. */
int jit_runner_has_function(jit_runner *r, const char *name);

/* 1 once after a launch of this runner stopped itself at the bound of
 * advisor/engine/loop_bound.h (the launch's call then failed with
 * GM_EGPU, but the context is intact: no fault, no worker to replace);
 * reading it clears it. */
int jit_runner_overran(jit_runner *r);

/* Timings of one kernel over `threads` threads, or of a device-to-device
 * copy, by the method above. */
int jit_runner_time(jit_runner *r, const char *fn, long long threads, void **args, jit_timing *t,
                    gm_status *st);
int jit_runner_time_memcpy(jit_runner *r, unsigned long long dst, unsigned long long src,
                           size_t bytes, jit_timing *t, gm_status *st);

/* Reference kernels and the memcpy peak, each in GB/s (bytes read plus
 * written over time, medians). */
typedef struct {
    double memcpy_gbps, copy_gbps, offset1_gbps, stride2_gbps, vec4_gbps;
    jit_timing memcpy_t;
    long long elems;  /* floats per array */
    int shrunk;       /* the planned arrays did not fit in GPU memory */
} jit_reference;
int jit_run_reference(jit_runner *r, jit_reference *ref, gm_status *st);

#endif
