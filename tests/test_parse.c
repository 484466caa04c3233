/* Access extraction on every sample: fields, modes, strides and lines,
 * compared with tests/golden/accesses.txt (GM_UPDATE_GOLDEN=1 rewrites it). */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../advisor/parse.h"
#include "../common/strbuf.h"
#include "check.h"

static int by_name(const struct dirent **a, const struct dirent **b)
{
    return strcmp((*a)->d_name, (*b)->d_name);
}

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
    struct dirent **ents;
    int n = scandir(GM_SRC "/samples", &ents, NULL, by_name);
    CHECK(n > 0);
    sb_t b;
    sb_init(&b);
    for (int i = 0; i < n; i++) {
        const char *nm = ents[i]->d_name;
        size_t len = strlen(nm);
        if (len > 2 && !strcmp(nm + len - 2, ".h")) {
            char path[1024];
            snprintf(path, sizeof path, "%s/samples/%s", GM_SRC, nm);
            gm_status st;
            gm_status_init(&st);
            adv_model *m = NULL;
            CHECK_EQ(adv_parse_file(path, NULL, &m, &st), GM_OK);
            if (m) {
                adv_model_classify(m, 1 << 18);
                dump(nm, m, &b);
                adv_model_destroy(m);
            }
        }
        free(ents[i]);
    }
    free(ents);
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
