/* Access extraction: fields, modes, strides, lines and the parser's notes
 * of every sample (test_parse GOLDEN), or of the files named after the
 * golden (test_parse GOLDEN FILE...: the real-code corpus of
 * tests/realcode), compared with the golden file (GM_UPDATE_GOLDEN=1
 * rewrites it). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../advisor/frontend/load.h"
#include "../common/strbuf.h"
#include "check.h"
#include "samples.h"

static void dump(const char *name, const adv_model *m, sb_t *b)
{
    if (*adv_model_notes(m))
        sb_printf(b, "%s: notes:\n%s", name, adv_model_notes(m));
    for (unsigned k = 0; k < adv_model_nkernels(m); k++) {
        const adv_kernel *kn = adv_model_kernel(m, k);
        sb_printf(b, "%s: kernel %s line %u\n", name, kn->label, kn->line);
        for (unsigned p = 0; p < kn->nparams; p++) /* what a launch cannot give, or gives as nothing */
            if (kn->params[p].kind == ADV_P_EMPTY || kn->params[p].kind == ADV_P_OTHER)
                sb_printf(b, "  param %s (%s): %s\n", kn->params[p].name, kn->params[p].type,
                          kn->params[p].kind == ADV_P_EMPTY ? "no data, launched as zero bytes" : "no value to launch with");
        for (unsigned a = 0; a < kn->naccesses; a++) {
            const adv_access *x = &kn->acc[a];
            sb_printf(b, "  %s[%s]%s%s %s line %u ", kn->params[x->param].name, x->index,
                      x->path[0] ? "." : "", x->path, x->mode == ADV_WRITE ? "write" : "read", x->line);
            char stride[64];
            if (x->cls.affine)
                sb_printf(b, "stride %s offset %lld%s\n",
                          adv_affine_stride_text(&x->cls, adv_model_params(m, k), stride, sizeof stride),
                          x->cls.offset, x->cls.per_warp ? " per warp" : "");
            else
                sb_printf(b, "irregular (%s)\n", x->cls.why);
        }
    }
}

int main(int argc, char **argv)
{
    unsigned n = 0;
    gm_sample *samples = argc > 2 ? gm_xcalloc((size_t)argc, sizeof *samples) : gm_samples(&n);
    /* paths relative to the source tree, as the notes quote them */
    CHECK(chdir(GM_SRC) == 0);
    for (unsigned i = 0; i < n; i++)
        snprintf(samples[i].path, sizeof samples[i].path, "samples/%s", samples[i].name);
    for (int i = 2; i < argc; i++, n++) {
        const char *slash = strrchr(argv[i], '/');
        snprintf(samples[n].path, sizeof samples[n].path, "%s", argv[i]);
        snprintf(samples[n].name, sizeof samples[n].name, "%s", slash ? slash + 1 : argv[i]);
    }
    CHECK(n > 0);
    sb_t b;
    sb_init(&b);
    for (unsigned i = 0; i < n; i++) {
        gm_status st;
        gm_status_init(&st);
        adv_model *m = NULL;
        CHECK_EQ(adv_model_load(samples[i].path, NULL, &m, &st), GM_OK);
        if (st.code != GM_OK)
            fprintf(stderr, "%s\n", st.msg);
        if (m) {
            dump(samples[i].name, m, &b);
            adv_model_destroy(m);
        }
    }
    free(samples);
    if (getenv("GM_UPDATE_GOLDEN")) {
        FILE *f = fopen(argv[1], "w");
        fputs(b.s ? b.s : "", f);
        fclose(f);
    }
    char *golden = gm_read_file(argv[1], NULL);
    CHECK(golden != NULL);
    if (golden && strcmp(golden, b.s ? b.s : "")) {
        fprintf(stderr, "accesses differ from %s; got:\n%s", argv[1], b.s ? b.s : "");
        gm_failures++;
    }
    free(golden);
    sb_free(&b);
    return TEST_DONE();
}
