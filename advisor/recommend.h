/* Per (kernel, struct): the variants tried, what became of each, and the
 * recommendation drawn from their measurements. */
#ifndef ADV_RECOMMEND_H
#define ADV_RECOMMEND_H

#include "layout.h"

typedef struct {
    unsigned kernel;
    int st;                /* -1: a kernel with no struct parameter, run as declared */
    adv_layout_kind kind;
    unsigned align;        /* element alignment (AoS kinds), else the struct's */
    int kid;               /* kgen variant id; -1 when not generated */
    char note[512];        /* why not generated, not compiled, not measured or wrong */
    int measured;
    double median_ms, spread_pct, gbps;
    int samples;
    int correct;           /* -1 unknown (not run), 0 wrong, 1 matches the declared layout */
    /* the static model's prediction (coalesce.h), per element */
    int predicted;         /* 0: the model could not compute it */
    double dram_bytes;     /* DRAM bytes read + written */
    double requests;       /* warp-wide load/store requests, per warp */
    double sectors_per_request;
    char ptx[64];          /* the compiler's global ld/st widths: "ld 4x9 st 4x3" */
} adv_variant;

typedef struct {
    unsigned kernel;
    int st;
    int best, declared;    /* indices into the variant array */
    double speedup;        /* declared median / best median */
    double peak_pct;       /* best's effective GB/s over the memcpy peak */
    double at_stake_ms;    /* declared - best */
    int within_noise;      /* best is the declared layout because others are within noise */
    unsigned ntied;        /* other correct variants within noise of the best */
    int predicted;         /* no measurement: ranked by the model (speedup: DRAM bytes ratio) */
} adv_rec;

/* Noise floor for calling two layouts different, in percent. */
#define ADV_NOISE_FLOOR_PCT 1.0

/* 1 when two measured variants are closer than their spreads together (and
 * never further than the noise floor): a tie, not a ranking. */
int adv_variant_tie(const adv_variant *a, const adv_variant *b);

/* Fills v's prediction from the static model (no GPU needed). */
void adv_predict(const adv_model *m, adv_variant *v);

/* The model's pick for struct st in kernel k among the layouts that apply,
 * and the declared layout's prediction.  Returns 0 when the declared
 * layout cannot be modelled. */
int adv_predict_best(const adv_model *m, unsigned k, int st, adv_variant *best, adv_variant *decl);

/* Builds one recommendation per (kernel, struct) that has a measured,
 * correct declared variant; sorted by time at stake, largest first.
 * Where nothing was measured, ranks the variants by the model instead:
 * fewest DRAM bytes, then fewest requests; within 1 % is a tie, which
 * keeps the declared layout.  The caller frees *out. */
unsigned adv_recommend(const adv_variant *v, unsigned nv, double peak_gbps, adv_rec **out);

#endif
