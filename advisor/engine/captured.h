/* Captured inputs (gmadvise capture, capture/inject.c): a capture
 * directory's manifest.json and .npy buffers, read for `gmadvise FILE
 * --inputs DIR`, and the measuring of a kernel's variants on them.
 *
 * The capture's buffers are the application's allocations in their
 * declared layout (AoS); each pointer parameter's data starts at the
 * pointer's offset in its allocation and is packed into the variant's
 * layout by the layout code every other path uses (adv_layout_pack), then
 * launched with the captured grid, block and scalars.  The declared
 * variant's outputs are compared with the application's own (the buffers
 * copied after its launch): a difference means the kernel gmadvise rebuilt
 * is not the one that ran.  Every other variant is compared with the
 * declared one, as on generated data. */
#ifndef ADV_CAPTURED_H
#define ADV_CAPTURED_H

#include <stddef.h>

#include "../../common/status.h"
#include "../core/inputs_infer.h"
#include "../core/model.h"
#include "measure.h"

typedef struct {
    unsigned index;
    size_t offset, size;        /* in the driver's parameter layout */
    unsigned char *bytes;       /* the argument as launched (size bytes) */
    char type[128];             /* from the demangled signature, "" when not known */
    int buffer;                 /* the captured buffer its value points into, -1: none */
    unsigned long long buf_offset; /* the pointer's offset in that buffer */
} adv_cap_param;

typedef struct {
    unsigned long long bytes;
    char memory[16];            /* "device", "managed", "host" */
    char dtype[16], elem[128];  /* NumPy dtype of the file; the pointee type named by the signature */
    char *before, *after;       /* file paths, NULL when not copied */
} adv_cap_buffer;

typedef struct {
    unsigned id;
    char kernel[256];           /* the name without parameters: "integrate", "reduce<float, 256>" */
    char *mangled, *demangled;
    unsigned long long launch;  /* which launch of the kernel, from 1 */
    unsigned grid[3], block[3], shared_bytes;
    unsigned nparams;
    adv_cap_param *params;
    unsigned nbufs;
    adv_cap_buffer *bufs;
    int complete;
    char why[512];              /* why not complete */
} adv_capture;

typedef struct adv_inputs {
    char *dir;
    char device[256];
    unsigned ncaps;
    adv_capture *caps;
    int cap_hit;                /* the capture stopped at --max-bytes */
    char *notes;                /* the capture's notes, one a line */
} adv_inputs;

/* Reads DIR/manifest.json (the buffers are read when used).  GM_EINPUT
 * naming the file and what is wrong. */
int adv_inputs_load(const char *dir, adv_inputs **out, gm_status *st);
void adv_inputs_free(adv_inputs *in);

/* The complete capture of kernel kn (by its name or label, and by
 * parameter count), or NULL. */
const adv_capture *adv_inputs_find(const adv_inputs *in, const adv_kernel *kn);

/* Buffer b of capture c, before (after = 0) or after the launch: *data
 * (caller frees) of *bytes.  GM_EINPUT naming the file when it is missing,
 * not an .npy file, or not the size the manifest says. */
int adv_capture_read(const adv_inputs *in, const adv_capture *c, unsigned b, int after, unsigned char **data,
                     size_t *bytes, gm_status *st);

/* The elements of kernel kn's pointer parameter p that capture c holds:
 * the bytes from the pointer to the end of its allocation, in whole
 * elements of elem_size; 0 when p has no captured buffer. */
unsigned long long adv_capture_elems(const adv_capture *c, unsigned p, unsigned elem_size);

/* One line naming what came from captured inputs, for reports:
 * "DIR: integrate (launch 1, <<<(4096,1,1),(256,1,1)>>>), ..." for the
 * kernels of m that have a capture, and the kernels captured that m does
 * not define. */
void adv_inputs_describe(const adv_inputs *in, const adv_model *m, char *out, size_t n);

/* The scalar arguments the captures of m's kernels were launched with, as
 * parameter values for the model (adv_model_set_overrides): k=16 where a
 * neighbour list has 16 entries per element, n=1048576.  A name that two
 * captured kernels give different values is left out and named in
 * `note` ("" when none).  *out (caller frees, names too) holds the count
 * returned. */
unsigned adv_inputs_param_values(const adv_inputs *in, const adv_model *m, adv_param_value **out, char *note,
                                 size_t note_len);

/* The locality of the indices kernel kn's parameter p (an index buffer:
 * shape s, adv_infer_inputs) held in capture c, as the data setting the
 * static gather model takes (inputs_infer.h): for up to
 * GM_CAPTURE_LOCALITY_SAMPLES elements evenly spaced through the buffer,
 * the distance of each index from the element of its loading thread (as
 * local:W places them); identity when every one is 0, local:W with W the
 * power of two above twice their 95th percentile, uniform when W would
 * cover the indexed buffer.  -1 with `why` when p holds no captured
 * integer indices or its file cannot be read. */
int adv_capture_locality(const adv_inputs *in, const adv_capture *c, const adv_kernel *kn, unsigned p,
                         const adv_input_shape *s, adv_data_setting *out, char *why, size_t why_len);

/* The hook of adv_measure_job (measure.h): 1 when job `job`'s kernel has
 * a capture in ms->inputs, which it is then measured and verified on (res
 * filled, its note saying so); 0 when it has none (measured on generated
 * data as usual). */
int adv_inputs_measure_job(adv_measure *ms, jit_runner *r, unsigned job, const jit_job_result *done,
                           jit_job_result *res);

#endif
