/* libFuzzer target: arbitrary header text -> libclang (as an unsaved
 * in-memory file) -> model -> access classification -> check rules ->
 * generated CUDA source.  Everything the static path does with a user's
 * header, minus NVRTC.  Any crash, sanitizer report or leak is a bug; a
 * rejected header (GM_EINPUT with a located message) is the expected
 * answer to most inputs. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "../../advisor/core/check.h"
#include "../../advisor/frontend/load.h"
#include "../../advisor/engine/kgen.h"
#include "../../advisor/output/check_report.h"

static void exercise(const adv_model *m)
{
    adv_check_opts co = {50};
    adv_check *c = adv_check_create(&co);
    adv_check_model(c, m);
    sb_t out;
    sb_init(&out);
    adv_check_sarif(c, &out);
    sb_free(&out);
    adv_check_destroy(c);

    kgen_program *kg = kgen_create(m);
    for (unsigned k = 0; k < adv_model_nkernels(m); k++) {
        const adv_kernel *kn = adv_model_kernel(m, k);
        for (unsigned p = 0; p < kn->nparams; p++) {
            if (kn->params[p].kind != ADV_P_STRUCT_PTR)
                continue;
            const adv_struct *s = adv_model_struct(m, (unsigned)kn->params[p].struct_idx);
            for (int L = 0; L < ADV_L_NSTD; L++) {
                char why[256];
                adv_layout_spec sp = adv_layout_std((adv_layout_kind)L);
                adv_layout_shape *lay = adv_shape_make(s, &sp, why, sizeof why);
                if (lay)
                    kgen_add_variant(kg, k, kn->params[p].struct_idx, lay, why, sizeof why);
                adv_shape_free(lay);
            }
        }
    }
    free(kgen_program_source(kg, -1, 0, "fuzz.cu"));
    kgen_destroy(kg);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size > 1 << 16)
        return 0;
    adv_load_opts lo = {.parse = {NULL, 0, (const char *)data, (unsigned)size, NULL, 0, NULL}};
    adv_model *m = NULL;
    gm_status st;
    gm_status_init(&st);
    if (adv_model_load("fuzz.cuh", &lo, &m, &st) == GM_OK) {
        exercise(m);
    }
    adv_model_destroy(m);
    return 0;
}
