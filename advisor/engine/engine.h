/* The advice engine: plan -> generate -> compile -> measure -> verify ->
 * rank, for a parsed and classified model, producing adv_results
 * (result.h).  Prints nothing but progress on stderr (unless quiet);
 * what a user reads is made by advisor/output from the results. */
#ifndef ADV_ENGINE_H
#define ADV_ENGINE_H

#include "../../common/status.h"
#include "../core/inputs_infer.h"
#include "../core/model.h"
#include "result.h"

typedef struct {
    int arch;                 /* sm_NN to compile for when there is no GPU (0: default) */
    int use_cache;            /* the compile cache (jit/cache.h) */
    int force_static;         /* never touch the GPU */
    int device;               /* GPU ordinal; -1: every GPU, one result each */
    double timeout_s;         /* a variant silent this long is killed */
    double spread_pct;        /* sample until the spread is under this */
    int quiet, times;         /* progress and step times on stderr */
    int sources;              /* keep each variant's standalone source (adv_variant's source) */
    int adopted;              /* also each layout through the adoption header (adopt.h) */
    unsigned search;          /* of each struct's layout space (search.h), the model's best this
                               * many are measured beside the declared layout, the standard
                               * layouts among them generated anyway; 0: every standard layout */
    adv_data_list data;       /* --data settings, before the file's `// gmadvise: data` ones */
    const struct adv_inputs *inputs; /* captured inputs (captured.h): the kernels they hold are
                                      * measured on them; NULL: none */
} adv_engine_opts;

/* The defaults of common/limits.h: device 0, the cache on. */
void adv_engine_opts_default(adv_engine_opts *o);

/* Runs the engine on m: one result per GPU measured (o->device < 0: every
 * GPU), or one static result without a GPU.  *out is an array of *nout
 * results, freed with adv_results_free; the results that exist are
 * complete even when the return is not GM_OK.  Returns GM_OK;
 * GM_EPARTIAL when a variant failed to compile, run or verify;
 * GM_EINPUT for a device that does not exist; GM_EGPU or GM_EENV when
 * measuring failed (that result is then the static one, and says why);
 * a compile failure of the whole program leaves that GPU without a
 * result.  The worst code wins. */
int adv_engine_run(const adv_model *m, const adv_engine_opts *o, adv_result **out, unsigned *nout,
                   gm_status *st);
void adv_results_free(adv_result *r, unsigned n);

/* Starts asking the driver for its GPUs now (unless o says --static), so
 * that adv_engine_run finds the answer ready: the caller parses
 * meanwhile. */
void adv_engine_prefetch(const adv_engine_opts *o);

#endif
