/* Inferred input shapes (core/inputs_infer.h) of the small kernels of
 * tests/shaped, compared with tests/shaped/golden.txt (GM_UPDATE_GOLDEN=1
 * rewrites it), and the data settings' parser. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../advisor/core/inputs_infer.h"
#include "../advisor/frontend/load.h"
#include "../common/limits.h"
#include "../common/strbuf.h"
#include "check.h"

static void settings(void)
{
    adv_data_setting s;
    char why[300], t[600];
    CHECK_EQ(adv_data_setting_parse("uniform", &s, why, sizeof why), 0);
    CHECK_EQ(s.kind, ADV_DATA_UNIFORM);
    CHECK_EQ(adv_data_setting_parse("local:256", &s, why, sizeof why), 0);
    CHECK_EQ(s.kind, ADV_DATA_LOCAL);
    CHECK_EQ(s.window, 256);
    CHECK(!strcmp(adv_data_setting_text(&s, t, sizeof t), "local:256"));
    CHECK_EQ(adv_data_setting_parse("local", &s, why, sizeof why), 0);
    CHECK_EQ(s.window, GM_DATA_LOCAL_WINDOW);
    CHECK_EQ(adv_data_setting_parse("nbr.npy", &s, why, sizeof why), 0);
    CHECK_EQ(s.kind, ADV_DATA_FILE);
    CHECK_EQ(adv_data_setting_parse("local:0", &s, why, sizeof why), -1);
    CHECK(strstr(why, "window") != NULL);
    CHECK_EQ(adv_data_setting_parse("local:12x", &s, why, sizeof why), -1);
    CHECK_EQ(adv_data_setting_parse("random", &s, why, sizeof why), -1);
    CHECK(strstr(why, "expected uniform") != NULL);
}

int main(int argc, char **argv)
{
    settings();
    CHECK(argc > 2);
    CHECK(chdir(GM_SRC) == 0);
    sb_t b;
    sb_init(&b);
    for (int i = 2; i < argc; i++) {
        gm_status st;
        gm_status_init(&st);
        adv_model *m = NULL;
        CHECK_EQ(adv_model_load(argv[i], NULL, &m, &st), GM_OK);
        if (!m)
            continue;
        char **names;
        adv_data_setting *set;
        gm_status ast;
        gm_status_init(&ast);
        int nset = adv_data_annotations(m, &names, &set, &ast);
        if (nset < 0)
            sb_printf(&b, "%s: %s\n", argv[i], ast.msg);
        for (unsigned k = 0; k < adv_model_nkernels(m); k++) {
            const adv_kernel *kn = adv_model_kernel(m, k);
            adv_input_shape *s = gm_xcalloc(kn->nparams + 1, sizeof *s);
            adv_infer_inputs(m, k, s);
            if (nset > 0)
                adv_inputs_apply(m, k, s, (const char *const *)names, set, (unsigned)nset);
            sb_printf(&b, "%s: kernel %s%s\n", argv[i], kn->label, adv_kernel_gathers(m, k) ? " (gathers)" : "");
            for (unsigned p = 0; p < kn->nparams; p++) {
                char t[700];
                if (kn->params[p].kind != ADV_P_STRUCT_PTR && kn->params[p].kind != ADV_P_SCALAR_PTR)
                    continue;
                sb_printf(&b, "  %s", adv_input_shape_text(m, k, p, &s[p], t, sizeof t));
                if (s[p].role == ADV_ROLE_INDEX)
                    sb_printf(&b, " [scale %lld, reach %lld, stride %lld]", s[p].scale, s[p].reach, s[p].stride);
                sb_puts(&b, "\n");
            }
            free(s);
        }
        for (int j = 0; j < nset; j++)
            free(names[j]);
        free(names);
        free(set);
        adv_model_destroy(m);
    }
    if (getenv("GM_UPDATE_GOLDEN")) {
        FILE *f = fopen(argv[1], "w");
        fputs(b.s, f);
        fclose(f);
    }
    char *golden = gm_read_file(argv[1], NULL);
    CHECK(golden != NULL);
    if (golden && strcmp(golden, b.s)) {
        fprintf(stderr, "shapes differ from %s; got:\n%s", argv[1], b.s);
        gm_failures++;
    }
    free(golden);
    sb_free(&b);
    return TEST_DONE();
}
