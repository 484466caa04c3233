/* Every variant kgen generates for every sample compiles with NVRTC for
 * sm_80 and sm_90, and each is named as kgen says.  Skipped (77) where
 * NVRTC cannot be loaded. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../advisor/frontend/load.h"
#include "../jit/nvrtc.h"
#include "../advisor/engine/kgen.h"
#include "check.h"
#include "samples.h"

static unsigned add_all(kgen_program *kg, const adv_model *m)
{
    unsigned count = 0;
    char why[512];
    for (unsigned k = 0; k < adv_model_nkernels(m); k++) {
        const adv_kernel *kn = adv_model_kernel(m, k);
        int st = -1;
        for (unsigned p = 0; p < kn->nparams && st < 0; p++)
            if (kn->params[p].kind == ADV_P_STRUCT_PTR)
                st = kn->params[p].struct_idx;
        if (st < 0) {
            count += kgen_add_variant(kg, k, -1, NULL, why, sizeof why) >= 0;
            continue;
        }
        for (int L = 0; L < ADV_L_NSTD; L++) {
            adv_layout_spec sp = adv_layout_std((adv_layout_kind)L);
            adv_layout_shape *l = adv_shape_make(adv_model_struct(m, (unsigned)st), &sp, why, sizeof why);
            if (!l)
                continue;
            int id = kgen_add_variant(kg, k, st, l, why, sizeof why);
            CHECK(id >= 0);
            if (id >= 0)
                CHECK(strstr(kgen_variant_code(kg, id), kgen_kernel_name(kg, id)) != NULL);
            count += id >= 0;
            adv_shape_free(l);
        }
        /* the kinds with no standard form: AoSoA with the first field hot */
        adv_layout_spec hot = adv_layout_std(ADV_L_AOSOA_HOT);
        hot.hot = 1;
        hot.lanes = 16;
        adv_layout_shape *l = adv_shape_make(adv_model_struct(m, (unsigned)st), &hot, why, sizeof why);
        if (l) {
            int id = kgen_add_variant(kg, k, st, l, why, sizeof why);
            CHECK(id >= 0);
            count += id >= 0;
            adv_shape_free(l);
        }
    }
    return count;
}

int main(void)
{
    gm_status st;
    gm_status_init(&st);
    char ver[32];
    if (jit_nvrtc_version(ver, sizeof ver, &st) != GM_OK) {
        fprintf(stderr, "%s: skipped\n", st.msg);
        return 77;
    }
    unsigned n = 0;
    gm_sample *samples = gm_samples(&n);
    CHECK(n > 0);
    unsigned total = 0;
    for (unsigned i = 0; i < n; i++) {
        adv_model *m = NULL;
        gm_status_init(&st);
        CHECK_EQ(adv_model_load(samples[i].path, NULL, &m, &st), GM_OK);
        if (!m)
            continue;
        kgen_program *kg = kgen_create(m);
        total += add_all(kg, m);
        char *src = kgen_program_source(kg, -1, 1, "test_kgen.cu");
        for (int arch = 80; arch <= 90; arch += 10) {
            jit_binary bin;
            char *log = NULL;
            gm_status_init(&st);
            int rc = jit_compile(src, samples[i].name, arch, 0, &bin, &log, &st);
            if (rc != GM_OK)
                fprintf(stderr, "%s sm_%d: %s\n%s\n", samples[i].name, arch, st.msg, log ? log : "");
            CHECK_EQ(rc, GM_OK);
            CHECK(rc != GM_OK || (bin.cubin_len > 0 && strstr(bin.ptx, ".entry")));
            jit_binary_free(&bin);
            free(log);
        }
        free(src);
        kgen_destroy(kg);
        adv_model_destroy(m);
    }
    free(samples);
    fprintf(stderr, "%u variants compiled for sm_80 and sm_90 (NVRTC %s)\n", total, ver);
    CHECK(total >= 30);
    return TEST_DONE();
}
