/* Running variants on the GPU: allocation in each layout, random input
 * (never zeros), launch, correctness output and timing.
 *
 * Method (see README "How gmadvise measures"): data sets of at least 4x the
 * L2 (8x by default), each variant warmed up, the L2 flushed before every
 * sample, CUDA events around each launch, samples until the spread is under
 * the target or the per-variant budget is spent; median and spread
 * reported.  Inputs are the same random values in every layout, so outputs
 * can be compared element by element after unpacking. */
#ifndef JIT_RUNNER_H
#define JIT_RUNNER_H

#include "../advisor/layout.h"
#include "../advisor/model.h"
#include "../common/status.h"
#include "nvrtc.h"

typedef struct {
    char name[256];
    int ordinal;
    int sm;                     /* 90 for sm_90 */
    int sms;
    unsigned long long l2_bytes;
    unsigned long long mem_bytes;
} jit_device_info;

typedef struct {
    double median_ms, spread_pct, min_ms, max_ms;
    int samples;
    long long elems;  /* elements the timed launches covered */
    int shrunk;       /* 1: fewer than planned, the GPU ran out of memory */
} jit_timing;

typedef struct {
    double target_spread_pct; /* stop when reached (default 0.5) */
    int min_samples;          /* default 15 */
    int max_samples;          /* default 100 */
    double budget_s;          /* per variant (default 0.25) */
    double l2_multiple;       /* data set size in L2s (default 8) */
} jit_method;

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
int jit_device_query(int ordinal, jit_device_info *info, gm_status *st);

int jit_runner_load(jit_runner *r, const jit_binary *bin, gm_status *st);

/* Outputs of one correctness launch: every pointer parameter's contents
 * after the launch, unpacked to the declared element layout. */
typedef struct {
    unsigned nparams;
    unsigned char **data;      /* NULL for non-pointer parameters */
    unsigned long long *elems; /* elements in data[p] */
    unsigned *elem_size;
} jit_outputs;
void jit_outputs_free(jit_outputs *o);

typedef struct {
    long long n_check, n_time; /* elements covered by the launches */
    double bytes_per_elem;     /* effective bytes the kernel moves per element */
} jit_sizes;

/* Sizes for kernel k: both launches use the same element count rule. */
int jit_plan_sizes(const jit_runner *r, const adv_model *m, unsigned k, jit_sizes *sz,
                   gm_status *st);

/* Runs function `fn` of the loaded module: kernel k with the parameters of
 * struct `st` in layout `kind` (st < 0: as declared).  Fills `out` from a
 * launch over sz->n_check elements, then (t != NULL) times launches over
 * sz->n_time elements, halving that while the GPU is out of memory (down
 * to n_check; t->shrunk says so). */
int jit_run_variant(jit_runner *r, const adv_model *m, unsigned k, int st, adv_layout_kind kind,
                    const char *fn, const jit_sizes *sz, jit_outputs *out, jit_timing *t,
                    gm_status *status);

/* Compares two runs' outputs; returns 1 if equal (floats within 1e-5
 * relative), else 0 with `why` naming the first difference. */
int jit_outputs_equal(const adv_model *m, unsigned k, const jit_outputs *a, const jit_outputs *b,
                      char *why, size_t why_len);

/* For probes (gmadvise probe): zeroed device memory of at least `bytes`,
 * owned by the runner (valid until the next call or destroy), and one
 * synchronous launch of function `fn` over `threads` threads. */
int jit_runner_scratch(jit_runner *r, size_t bytes, unsigned long long *ptr, gm_status *st);
int jit_runner_launch_sync(jit_runner *r, const char *fn, long long threads, void **args,
                           gm_status *st);

/* For fixed experiments (gmadvise patterns): device buffers filled with a
 * non-zero 32-bit word, and timings of one kernel or of a device-to-device
 * copy by the same method as the variants. */
int jit_runner_alloc(jit_runner *r, size_t bytes, unsigned word, unsigned long long *ptr,
                     gm_status *st);
void jit_runner_free(jit_runner *r, unsigned long long ptr);
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
