/* gmadvise adopt (advisor/engine/adopt.h) over the whole layout space:
 * for every layout the search can propose for the structs of
 * samples/particle.h, samples/body_split.h and tests/adopt/ (splits,
 * AoSoA of every lane count, hot fields first), and for AoSoA with hot
 * fields first, which the search does not propose, its label names it
 * back and the adoption header holds it (its branch, no #error), as
 * adv_adopt_applies says.  tests/test_adopt.sh compiles the headers of the
 * layouts a run measures with nvcc. */
#include <stdlib.h>
#include <string.h>

#include "../advisor/core/layout_kind.h"
#include "../advisor/core/search.h"
#include "../advisor/engine/adopt.h"
#include "../advisor/frontend/load.h"
#include "check.h"

static adv_model *load(const char *rel)
{
    char path[4096];
    adv_model *m = NULL;
    gm_status st;
    gm_status_init(&st);
    snprintf(path, sizeof path, "%s/%s", GM_SRC, rel);
    if (adv_model_load(path, NULL, &m, &st) != GM_OK) {
        fprintf(stderr, "parse %s: %s\n", path, st.msg);
        exit(1);
    }
    return m;
}

static unsigned nheaders, nkinds[ADV_L_COUNT];

/* The header for layout sp of struct st: written, with sp's branch and no
 * #error in it. */
static void holds(const adv_model *m, unsigned st, const adv_layout_spec *sp)
{
    const adv_struct *s = adv_model_struct(m, st);
    char label[512], why[256], branch[700];
    adv_layout_spec_label(s, sp, label, sizeof label);
    adv_layout_spec back;
    CHECK(adv_layout_spec_parse(s, label, &back, why, sizeof why) && adv_layout_spec_eq(&back, sp));
    sb_t h;
    sb_init(&h);
    gm_status sto;
    gm_status_init(&sto);
    CHECK_EQ(adv_adopt_header(m, st, sp, &h, &sto), GM_OK);
    if (adv_layout_spec_is_std(sp))
        snprintf(branch, sizeof branch, "%s_LAYOUT == %s\n", s->name, adv_adopt_macro(sp));
    else
        snprintf(branch, sizeof branch, "%s_LAYOUT == GM_LAYOUT_SEARCHED /* %s */\n", s->name, label);
    const char *b = h.s ? strstr(h.s, branch) : NULL;
    int ok = adv_adopt_applies(s, sp, why, sizeof why);
    CHECK(b != NULL);
    if (b) {
        b += strlen(branch);
        /* the device part: its types and views, or gmadvise's reason */
        CHECK_EQ(!strncmp(b, "#error", 6), !ok);
        if (!ok != !strncmp(b, "#error", 6))
            fprintf(stderr, "%s as %s: %.80s\n", s->name, label, b);
    }
    nheaders++;
    nkinds[sp->kind] += ok;
    sb_free(&h);
}

static void every_layout(const char *rel)
{
    adv_model *m = load(rel);
    for (unsigned st = 0; st < adv_model_nstructs(m); st++) {
        int taken = 0;
        for (unsigned k = 0; k < adv_model_nkernels(m); k++)
            taken |= adv_kernel_takes(adv_model_kernel(m, k), (int)st);
        if (!taken)
            continue;
        adv_layout_spec *sp;
        unsigned left, n = adv_search_space(m, (int)st, &sp, &left);
        CHECK(n > 0);
        for (unsigned i = 0; i < n; i++)
            holds(m, st, &sp[i]);
        free(sp);
        const adv_struct *s = adv_model_struct(m, st);
        adv_layout_spec hot = adv_layout_std(ADV_L_AOSOA_HOT); /* the fields but the last hot */
        hot.lanes = 16;
        hot.hot = s->nfields >= 64 ? ~0ull >> 1 : (1ull << (s->nfields - 1)) - 1;
        if (s->nfields >= 2)
            holds(m, st, &hot);
    }
    adv_model_destroy(m);
}

int main(void)
{
    every_layout("samples/particle.h");
    every_layout("samples/body_split.h");
    every_layout("tests/adopt/nested.h");
    every_layout("tests/adopt/tricky.h");
    fprintf(stderr, "adopt: %u headers; written per kind:", nheaders);
    for (int k = 0; k < ADV_L_COUNT; k++)
        fprintf(stderr, " %s %u", adv_layout_name((adv_layout_kind)k), nkinds[k]);
    fprintf(stderr, "\n");
    /* the space reached every kind the search proposes, and AoSoA-hot */
    CHECK(nkinds[ADV_L_SPLIT] > 50 && nkinds[ADV_L_AOSOA] >= 5 && nkinds[ADV_L_REORDER] >= 2 &&
          nkinds[ADV_L_AOSOA_HOT] >= 3);
    return TEST_DONE();
}
