/* The result of one advice run: everything the engine found, in one
 * model that every output reads (advisor/output) and none recomputes.
 *
 * One adv_result per GPU measured (or one for a static run).  It holds,
 * per kernel, the declared layout's modelled cost of each access; per
 * (kernel, struct), the variants tried with what became of each (a state,
 * never text to parse) and their figures; and the recommendations with
 * their tie verdicts.  The variants of one (kernel, struct) are adjacent,
 * the declared layout (aos) first.  Owned by whoever ran the engine; freed
 * with adv_result_free.  The model it points to must outlive it. */
#ifndef ADV_RESULT_H
#define ADV_RESULT_H

#include "../../common/status.h"
#include "../../jit/runner.h"
#include "../core/coalesce.h"
#include "../core/layout.h"
#include "../core/layout_kind.h"
#include "../core/model.h"
#include "../core/predict.h"
#include "../core/search.h"

/* What became of a variant, in the order the pipeline reaches: a state
 * from ADV_V_GENERATED on has code the model can rank, one from
 * ADV_V_COMPILED on was compiled too. */
typedef enum {
    ADV_V_NOT_APPLICABLE, /* the layout does not apply to the struct (note says why) */
    ADV_V_NOT_GENERATED,  /* the kernel cannot be rewritten for it (note says why) */
    ADV_V_COMPILE_FAILED, /* NVRTC rejected it (note: its first error and the line) */
    ADV_V_GENERATED,      /* generated, not compiled: NVRTC cannot target the arch (note) */
    ADV_V_COMPILED,       /* compiled, not measured: no GPU, or not reached (note) */
    ADV_V_NOT_PICKED,     /* compiled, not measured: the layout search ranks it below those the
                           * GPU measures (note) */
    ADV_V_MEASURED,       /* measured: see correct */
    ADV_V_RUN_FAILED,     /* the runner reported an error (note) */
    ADV_V_FAULTED,        /* the GPU faulted on it (note) */
    ADV_V_HUNG            /* killed after the time limit (note) */
} adv_vstate;

/* How a measured variant compares with its declared layout. */
typedef enum {
    ADV_VS_NONE,          /* not measured, or the declared layout was not */
    ADV_VS_IS_DECLARED,
    ADV_VS_TIE,           /* within the measured noise */
    ADV_VS_RATIO          /* vs_declared: declared median / this median */
} adv_vs;

typedef struct {
    unsigned kernel;
    int st;                   /* -1: a kernel with no struct parameter, run as declared */
    adv_layout_spec spec;     /* its layout: a standard one, or one the search proposed */
    int adopted;              /* the user's kernel as written, through S_layout.cuh (adopt.h)
                               * in this layout: shown, never recommended */
    unsigned align;           /* element alignment (AoS kinds), else the struct's */
    adv_vstate state;
    char note[512];           /* why not generated, not compiled, not measured or wrong */
    char fn[ADV_NAME_MAX + 32]; /* the generated kernel's name ("" when not generated) */
    char *code;               /* its types and kernel, as a user would adopt them (owned) */
    char *source;             /* a .cu file nvcc compiles alone (owned; NULL unless the
                               * engine was asked for sources) */
    adv_prediction model;     /* the static model's figures */
    char ptx[64];             /* the compiler's global ld/st widths: "ld 4x9 st 4x3" */
    /* ADV_V_MEASURED */
    double median_ms, spread_pct, gbps;
    int samples;
    long long elems;          /* elements the timed launches covered (the calibrated size) */
    char data[256];           /* what its index buffers held: "nbr=local:4096" ("": the
                               * default random elements) (core/inputs_infer.h) */
    int correct;              /* -1 unknown (not run), 0 wrong, 1 matches the declared layout */
    /* verdicts, from the ranking */
    adv_vs vs;
    double vs_declared;
    int is_best, tie_with_best;
} adv_variant;

/* 1 when the variant was generated and compiled. */
int adv_variant_compiled(const adv_variant *v);
/* The state's name in JSON: "measured", "not_picked", ... */
const char *adv_vstate_name(adv_vstate s);

typedef struct {
    unsigned kernel;
    int st;
    int best, declared;       /* indices into the variant array */
    double speedup;           /* declared median / best median */
    double peak_pct;          /* best's effective GB/s over the memcpy peak */
    double at_stake_ms;       /* measured: declared - best median; 0 when predicted */
    double at_stake_bytes;    /* predicted: the model's declared - best DRAM bytes per element; 0
                               * when measured */
    int within_noise;         /* best is the declared layout because others are within noise */
    unsigned ntied;           /* other correct variants within noise of the best */
    int predicted;            /* no measurement: ranked by the model (speedup: DRAM bytes ratio) */
    /* adopting the best without rewriting the kernel (best != declared):
     * each parameter that points to the struct and the view type that
     * replaces it (adopt.h's adv_adopt_view: "view", "cview", "rview") */
    struct adv_rec_view {
        unsigned param;
        const char *view;
    } *views;                 /* owned */
    unsigned nviews;
} adv_rec;

/* Whether, and why not, the variants were measured. */
typedef enum {
    ADV_RUN_MEASURED,
    ADV_RUN_STATIC,           /* --static */
    ADV_RUN_NO_GPU,           /* no driver or no GPU (skip_note says which) */
    ADV_RUN_GPU_FAILED        /* measuring failed before any variant (skip_note) */
} adv_run;

/* One kernel's part in a struct's program answer. */
typedef struct {
    unsigned kernel;
    double weight;
    double declared, chosen;  /* its value in the declared and the chosen layout */
    double best;              /* its own best layout's value, and which */
    adv_layout_spec best_spec;
    int own_faster;           /* its own best is another layout than the chosen and faster */
} adv_program_kernel;

/* The program answer for one struct: the layout that minimises the
 * weighted total over every kernel that takes it, each kernel's weight
 * from adv_model_weight.  Values are measured medians in ms, or, where
 * nothing was measured (predicted), the model's DRAM bytes per element. */
typedef struct {
    int st;
    adv_layout_spec spec;     /* the declared layout when nothing beats it beyond the noise floor */
    adv_layout_desc desc;     /* spec's order, groups, lanes, alignment and size, for the report */
    int predicted;
    int within_noise;         /* a layout was faster, by less than the noise floor */
    adv_layout_spec *tied;    /* layouts whose totals are within the noise floor of the chosen one's */
    unsigned ntied;
    double declared_total, chosen_total;
    unsigned scored;          /* layouts the model costed for every kernel (the search's) */
    unsigned left_out;        /* layouts of the space past GM_SEARCH_MAX: counted, not scored */
    unsigned generated;       /* layouts generated for every kernel: measured, or ranked by the model */
    unsigned measured;        /* layouts measured correct for every kernel */
    adv_program_kernel *k;
    unsigned nk;
} adv_program;

/* One data setting a gathering kernel was measured under (locality.h). */
typedef struct {
    long long window;         /* local:window; 0: uniform over the buffer's range */
    char data[256];           /* every shaped buffer's setting, as adv_variant's data */
    long long elems;          /* the size timed under it */
    double *ms, *spread;      /* [nv], per variant of the result; ms <= 0: not measured correct */
    int best;                 /* the pair's winner under it (a variant index), -1 none */
    unsigned *order, norder;  /* the pair's variants measured correct under it, fastest first */
} adv_locality_set;

/* A (kernel, struct) whose ranking depends on the locality of a gather
 * that no setting fixed, measured under several (locality.h). */
typedef struct {
    unsigned kernel;
    int st;
    char params[256];         /* the index buffers whose locality was open: "nbr" */
    adv_locality_set *set;    /* widest first: uniform, then narrowing windows */
    unsigned nset;
    int declared;             /* the declared layout's variant */
    struct adv_locality_cross {
        unsigned v;           /* a variant whose verdict against the declared layout changes: */
        unsigned wide, narrow; /* adjacent settings where it does (first from uniform) */
        int wide_faster;      /* at set[wide]: 1 faster beyond the noise, 0 not (narrow: the other) */
    } *cross;
    unsigned ncross;
    int flips;                /* the winner differs beyond the noise between two settings */
    unsigned wide, narrow;    /* flips: adjacent settings bracketing the first change seen from
                               * uniform: set[wide]'s winner holds there and wider, set[narrow]'s
                               * there and narrower (as far as measured) */
} adv_locality;

typedef struct {
    const adv_model *m;
    int arch;                 /* sm the variants were compiled for */
    adv_run run;
    char skip_note[4096];     /* why not measured, for the report */
    char budget_note[512];    /* kernels left uncompiled past GM_COMPILE_BUDGET; "": none */
    char inputs_note[2048];   /* which kernels were measured on captured inputs (captured.h); "": none */
    jit_device_info dev;      /* ADV_RUN_MEASURED */
    jit_reference ref;        /* ADV_RUN_MEASURED: memcpy peak and reference copies */
    adv_cost **access_cost;   /* [kernel][access]: the declared layout's modelled cost */
    adv_variant *v;
    unsigned nv;
    adv_rec *rec;             /* largest time at stake first */
    unsigned nrec;
    adv_program *prog;        /* one per struct some kernel takes */
    unsigned nprog;
    adv_search *search;       /* per struct of the model: its layout space, ranked by the model
                               * (n = 0 for a struct no kernel takes) */
    adv_locality *loc;        /* gathering kernels measured under several localities */
    unsigned nloc;
    char locality_note[512];  /* why measuring under another setting stopped ("": it did not) */
} adv_result;

/* Whether any variant of r was compiled (none: the model's result only). */
int adv_result_compiled(const adv_result *r);

void adv_result_free(adv_result *r);

/* Fills r->rec and each variant's verdicts from the measurements, and
 * r->prog; where nothing was measured, ranks by the model instead (fewest
 * DRAM bytes, then fewest requests; within the noise floor keeps the
 * declared layout). */
void adv_result_rank(adv_result *r);

#endif
