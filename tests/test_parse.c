/* Access extraction on every sample: fields, modes, strides and lines,
 * compared with tests/golden/accesses.txt (GM_UPDATE_GOLDEN=1 rewrites it). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../advisor/frontend/parse.h"
#include "../common/strbuf.h"
#include "check.h"
#include "samples.h"

static void dump(const char *name, const adv_model *m, sb_t *b)
{
    for (unsigned k = 0; k < adv_model_nkernels(m); k++) {
        const adv_kernel *kn = adv_model_kernel(m, k);
        sb_printf(b, "%s: kernel %s line %u\n", name, kn->name, kn->line);
        for (unsigned a = 0; a < kn->naccesses; a++) {
            const adv_access *x = &kn->acc[a];
            sb_printf(b, "  %s[%s]%s%s %s line %u ", kn->params[x->param].name, x->index,
                      x->path[0] ? "." : "", x->path, x->mode == ADV_WRITE ? "write" : "read", x->line);
            if (x->cls.affine)
                sb_printf(b, "stride %lld offset %lld\n", x->cls.stride, x->cls.offset);
            else
                sb_printf(b, "irregular (%s)\n", x->cls.why);
        }
    }
}

int main(int argc, char **argv)
{
    unsigned n = 0;
    gm_sample *samples = gm_samples(&n);
    CHECK(n > 0);
    sb_t b;
    sb_init(&b);
    for (unsigned i = 0; i < n; i++) {
        gm_status st;
        gm_status_init(&st);
        adv_model *m = NULL;
        CHECK_EQ(adv_parse_file(samples[i].path, NULL, &m, &st), GM_OK);
        if (m) {
            adv_model_classify(m, 1 << 18);
            dump(samples[i].name, m, &b);
            adv_model_destroy(m);
        }
    }
    free(samples);
    if (getenv("GM_UPDATE_GOLDEN")) {
        FILE *f = fopen(argv[1], "w");
        fputs(b.s, f);
        fclose(f);
    }
    char *golden = gm_read_file(argv[1], NULL);
    CHECK(golden != NULL);
    if (golden && strcmp(golden, b.s)) {
        fprintf(stderr, "accesses differ from %s; got:\n%s", argv[1], b.s);
        gm_failures++;
    }
    free(golden);
    sb_free(&b);
    return TEST_DONE();
}
