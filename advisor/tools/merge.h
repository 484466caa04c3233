/* gmadvise merge, computed: combines advice runs (gmadvise --json, one report or the array that
 * --device all prints) from several hosts into one report per GPU
 * architecture: for each kernel and struct, every layout's speedup over the
 * declared layout on every GPU, and per architecture the layout with the
 * best geometric-mean speedup over its GPUs.  A team deploying on several
 * architectures sees where one layout serves all and where they disagree.
 * Runs without a GPU (static reports) are listed and left out. */
#ifndef ADV_MERGE_H
#define ADV_MERGE_H

#include "../../common/status.h"
#include "../core/layout.h"

#define MERGE_MAX_RUNS 64

typedef struct {
    char source[300];   /* file[#index] */
    char device[256];
    char sm[16];
} mrun;

/* A struct as the first run that reports it declares it: its fields'
 * names, which is all a layout's label needs to be read back as a spec. */
typedef struct {
    adv_struct s;       /* name, nfields, fields[].name only */
} mstruct;

typedef struct {
    char kernel[128], st[128];
    char *layout;       /* the layout's label: the spec's own (adv_layout_spec_label of `spec`)
                         * when it was read back, else as the run printed it; owned */
    adv_layout_spec spec;
    int parsed;         /* spec read from the label against the struct's fields (a run whose
                         * struct has other fields than the first run's, or none in its
                         * report, keeps its label as written) */
    unsigned run;
    double ms;          /* median; 0: not measured or not correct */
} mcell;

typedef struct {
    mrun runs[MERGE_MAX_RUNS];
    unsigned nruns;
    mcell *cells;       /* in the order read */
    unsigned *order;    /* cell indices sorted by (run, kernel, struct, layout): adv_merge_index */
    unsigned ncells;
    char archs[MERGE_MAX_RUNS][16];
    unsigned narchs;
    mstruct *structs;
    unsigned nstructs;
} merged;

/* Adds the runs of one file (a report, or the array --device all
 * prints); a static run is listed on stderr and left out, and so is each
 * variant measured through the adoption header (--adopted: shown, never
 * recommended).  Each layout is read back into its spec against the
 * report's struct, so that two runs that print one layout in two ways
 * (older labels, groups in another order) count as one.  GM_EINPUT for a
 * file that is not gmadvise --json output. */
int adv_merge_add_file(merged *mg, const char *path, gm_status *st);

/* Sorts the cells for look-ups, once every file is added; frees with adv_merge_free. */
void adv_merge_index(merged *mg);
void adv_merge_free(merged *mg);

/* Median of (kernel, struct, layout) in run `run`; 0: not measured or not
 * correct.  O(log cells), after adv_merge_index. */
double adv_merge_cell_ms(const merged *mg, const char *k, const char *s, const char *layout, unsigned run);

/* Every layout some run measured for (kernel k, struct s): standard and
 * searched, each once, the declared "aos" first, then in the order read.
 * *out (freed by the caller) points into mg's cells. */
unsigned adv_merge_layouts(const merged *mg, const char *k, const char *s, const char ***out);

/* One (kernel, struct) as the text report shows it: each layout some run
 * measured correct (the declared first) and its speedup over the
 * declared layout in each run (0: not measured there). */
typedef struct {
    const char **layout; /* into mg's cells */
    unsigned nlayouts;
    double *speedup;     /* [layout * nruns + run] */
} mtable;

void adv_merge_table(const merged *mg, const char *k, const char *s, mtable *t);
void adv_merge_table_free(mtable *t);

/* The layout with the best geometric-mean speedup over the declared one
 * across architecture sm's runs (*nruns of them), among every layout the
 * runs measured (adv_merge_layouts), or NULL: the one chooser's program
 * scope (advisor/core/choose.h), its cost the geometric mean's inverse, so
 * that the declared layout stays unless another beats it beyond the
 * noise, as in the advice run. */
const char *adv_merge_best(const merged *mg, const char *k, const char *s, const char *sm,
                           double *speedup, unsigned *nruns);

/* One architecture's pick for one (kernel, struct): adv_merge_best's
 * answer; layout NULL when not measured there. */
typedef struct {
    const char *layout;
    double speedup;
    unsigned gpus;
} mpick;

/* Every architecture's pick for each pair: out[p * mg->narchs + a]
 * (freed by the caller), computed once for the printers. */
mpick *adv_merge_choose(const merged *mg, const char (*pairs)[2][128], unsigned npairs);

#endif
