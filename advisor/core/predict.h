/* The static model's prediction for a kernel when one struct is in a
 * given layout, and its ranking of layouts.  No GPU, no I/O. */
#ifndef ADV_PREDICT_H
#define ADV_PREDICT_H

#include "layout.h"
#include "model.h"

typedef struct {
    int ok;                     /* 0: the model could not compute it */
    double dram_bytes;          /* DRAM bytes read + written, per element */
    double requests;            /* warp-wide load/store requests, per warp */
    double sectors_per_request;
    char why[160];              /* !ok: why not (every "-" of a report says why) */
} adv_prediction;

/* Kernel k with struct st in layout `sp` (st < 0: as declared). */
void adv_predict(const adv_model *m, unsigned k, int st, const adv_layout_spec *sp, adv_prediction *out);

/* The model's pick for struct st in kernel k among the standard layouts
 * that apply (choose.h's kernel scope: fewer DRAM bytes, then fewer
 * requests, beyond the noise; *best_kind the declared one when none is better),
 * with its prediction and the declared layout's.  Returns 0 when the declared layout cannot
 * be modelled. */
int adv_predict_best(const adv_model *m, unsigned k, int st, adv_layout_kind *best_kind,
                     adv_prediction *best, adv_prediction *decl);

#endif
