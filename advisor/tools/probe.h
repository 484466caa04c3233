/* The probes of gmadvise probe: one launch per modelled access pattern,
 * for Nsight Compute to count (scripts/ncu-validate).
 *
 * Rows are launched in order; row i is the i-th kernel launch of the
 * process, which is how the script joins ncu's per-launch counters with
 * the model's figures written to --out.  Built-in rows (--patterns) are
 * the seeds' experiments: offset and stride copies with the reference
 * kernels, fields of structs, vector widths, a byte-misaligned base and
 * the even/odd index.  File rows are every affine access of every kernel
 * in every layout that applies. */
#ifndef ADV_PROBE_H
#define ADV_PROBE_H

#include "../../common/status.h"
#include "../core/coalesce.h"
#include "../core/model.h"

#define PROBE_THREADS ((long long)ADV_MODEL_WARPS * ADV_WARP_SIZE)
#define PROBE_GRID (PROBE_THREADS / ADV_MODEL_BLOCK)

typedef enum { ROW_LD, ROW_ST, ROW_OFFSET_COPY, ROW_STRIDE_COPY, ROW_VEC4_COPY } row_kind;

typedef struct {
    char what[640];
    row_kind kind;
    adv_pattern p;      /* the load pattern (copies store the same shape) */
    int even_odd;       /* probe index mode 1 */
    long long extra;    /* copies: offset or stride */
    adv_cost ld, st;    /* the model's figures; requests 0 where none */
} prow;

typedef struct {
    prow *r;
    unsigned n;
    adv_expr *even_odd; /* owned */
} adv_probe_rows;

/* The seeds' experiments as rows. */
void adv_probe_builtin(adv_probe_rows *rs);
/* Every affine access of every kernel of m in every layout. */
void adv_probe_model(adv_probe_rows *rs, const adv_model *m);
/* Fills each row's model figures (ld, st). */
void adv_probe_figures(adv_probe_rows *rs);
/* Launches every row in order on GPU `device`. */
int adv_probe_run(adv_probe_rows *rs, int device, gm_status *st);
void adv_probe_free(adv_probe_rows *rs);

#endif
