/* Measuring a parsed kernel's variants on the GPU (through jit/runner.h,
 * in jit/worker.h's isolated workers).
 *
 * Every pointer parameter gets the same random elements (never zeros:
 * floats in [0.5, 1.5), small integers) in its layout: the varied struct
 * in the variant's layout, everything else as declared.  A correctness
 * launch over n_check elements is read back and unpacked to the declared
 * layout; timed launches cover n_time elements (at least l2_multiple
 * times the L2), halved while the GPU is out of memory.  Each variant is
 * compared with its kernel's declared-layout variant, element by element
 * (floats within 1e-5 relative). */
#ifndef ADV_MEASURE_H
#define ADV_MEASURE_H

#include "../../common/status.h"
#include "../../jit/runner.h"
#include "../../jit/worker.h"
#include "../core/inputs_infer.h"
#include "../core/layout.h"
#include "../core/model.h"

typedef struct {
    long long n_check, n_time; /* elements covered by the launches */
    double bytes_per_elem;     /* effective bytes the kernel moves per element */
} adv_sizes;

/* 1 when kernel k cannot be measured, with why ("follows pointer field
 * coords, which ..."): a parameter gmadvise cannot give a value, a pointer
 * field its random elements cannot hold, or a pointer only ever offset
 * (a + off passed to a call gmadvise does not follow), whose buffer it
 * cannot size.
 * Its variants stay compiled, with the model's figures. */
int adv_kernel_unmeasurable(const adv_model *m, unsigned k, char *why, size_t n);

/* Elements the buffer of pointer parameter p of kernel k holds for a
 * launch of n threads: every access in bounds, over every row of the
 * block the file launches it with (threadIdx.y up to its blockDim.y - 1,
 * though the model takes it as 0), at least n. */
long long adv_buffer_elems(const adv_model *m, unsigned k, unsigned p, long long n);

/* Sizes for kernel k on r's GPU: both launches use the same element
 * count rule.  GM_EINPUT for a kernel with no pointer parameter. */
int adv_plan_sizes(const jit_runner *r, const adv_model *m, unsigned k, adv_sizes *sz,
                   gm_status *st);

/* One variant to measure: kernel `kernel` with struct `st` in layout
 * `spec` (st < 0: as declared; the caller's), compiled as function `fn`. */
typedef struct {
    unsigned kernel;
    int st;
    const adv_layout_spec *spec;
    const char *fn;
    int is_decl;            /* the outputs the kernel's other jobs must match */
    int adopted;            /* through the adoption header: the varied struct's pointers
                             * travel as one view (a struct of them, in layout order) */
} adv_job;

#define ADV_RAND_CACHE 16   /* random inputs kept per worker */
#define ADV_SHAPED_CACHE 8  /* index and offsets buffers kept per worker */
#define ADV_ELEMS_MEMO 16   /* buffer sizes kept per worker */
#define ADV_PACKED_CACHE 8  /* packed inputs kept per worker */

/* Outputs of one correctness launch: every pointer parameter's contents
 * after the launch, unpacked to the declared element layout. */
typedef struct {
    unsigned nparams;
    unsigned char **data;      /* NULL for non-pointer parameters */
    unsigned long long *elems; /* elements in data[p] */
} adv_outputs;

/* The state of measuring `jobs` of model m; it lives in the caller and,
 * after fork, in each worker's copy, where adv_measure_job fills the
 * caches.  The caller only initialises it: it allocates nothing there. */
typedef struct {
    const adv_model *m;
    const adv_job *jobs;
    unsigned njobs;
    adv_outputs decl;          /* outputs of the declared job of decl_kernel */
    int decl_kernel;
    struct {
        char name[ADV_TYPE_MAX]; /* the struct's qualified name */
        unsigned size;
        long long n;
        unsigned long long seed;
        unsigned char *aos;
    } rand[ADV_RAND_CACHE];    /* random inputs in the declared layout, made once per
                                * parameter and size: every variant starts from the same */
    unsigned nrand;
    struct {
        char name[ADV_TYPE_MAX]; /* as rand's */
        unsigned size;
        long long n;
        unsigned long long seed;
        adv_layout_spec spec;
        struct adv_layout *lay; /* spec over n elements */
        unsigned char *host;    /* rand's elements packed in it */
        size_t cap;             /* host's bytes */
    } packed[ADV_PACKED_CACHE]; /* a variant's correctness and timed launches start from the
                                 * same packed elements: packed once */
    unsigned npacked, packed_next;
    unsigned char *readback;    /* where a correctness launch's outputs land, packed */
    size_t readback_cap;
    struct {
        unsigned kernel, param;
        long long elems, range;
        unsigned char *data;
    } shaped[ADV_SHAPED_CACHE]; /* whole index and offsets buffers (engine/inputs.h) */
    unsigned nshaped;
    const adv_data_list *data;  /* the caller's data settings (may be NULL) */
    const struct adv_inputs *inputs; /* captured inputs (captured.h), NULL: none */
    int plan_kernel;            /* the kernel whose adv_plan_sizes plan_sizes holds (-1: none):
                                 * a kernel's jobs run one after another on one GPU */
    adv_sizes plan_sizes;
    char bin_hash[33];          /* the binary's (calibration_cache.h); "": calibrations are
                                 * neither read from nor kept in the cache folder */
    struct {
        unsigned kernel, param, block[3];
        long long n, elems;
    } elems[ADV_ELEMS_MEMO];    /* buffer sizes (adv_buffer_elems) of this worker's jobs: every
                                 * variant of a kernel sizes the same buffers twice, each
                                 * size evaluating the indices on 2,304 threads */
    unsigned nelems;
} adv_measure;

void adv_measure_init(adv_measure *ms, const adv_model *m, const adv_job *jobs, unsigned njobs);
/* What adv_measure_job kept in ms, freed (a worker that exits needs not). */
void adv_measure_free(adv_measure *ms);

/* A jit_job_fn: measures and verifies job `job`. */
void adv_measure_job(void *ms, jit_runner *r, unsigned job, const jit_job_result *done,
                     jit_job_result *out);

/* For measuring on captured inputs (captured.c): parameter p's element
 * seen as a struct (a scalar pointer's as a one-field struct; *fake and
 * *ff hold it, free ff->leaves after), whether two launches' outputs
 * are equal (why names the first difference), and freeing outputs. */
const adv_struct *adv_param_elem(const adv_model *m, unsigned k, unsigned p, adv_struct *fake, adv_field *ff);
int adv_outputs_match(const adv_model *m, unsigned k, const adv_outputs *a, const adv_outputs *b, char *why,
                      size_t why_len);
void adv_outputs_free(adv_outputs *o);
/* o made empty for nparams parameters (each data[p] NULL until filled). */
void adv_outputs_init(adv_outputs *o, unsigned nparams);

/* A buffer's kernel arguments, for measure.c's launches and captured.c's
 * alike: each pointer of layout lay (dev plus its offset; dev 0: null, as
 * in every layout) written to store[*ns] on, and an argument naming each,
 * or the first alone for a view (the adoption header's one argument: a
 * struct of the pointers, side by side in the store). */
void adv_pointer_args(const adv_layout *lay, unsigned long long dev, int view, unsigned char (*store)[8],
                      unsigned *ns, void **args, unsigned *na);

#endif
