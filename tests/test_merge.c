/* gmadvise merge (advisor/tools/merge.h): layouts read back into specs,
 * the searched layouts two current runs measure, the one chooser's
 * program scope over them, the adoption header's rows and static runs left
 * out.  Fixtures: tests/merge/body_split_*.json (synthetic medians on the
 * labels the search prints for samples/body_split.h) and
 * tests/merge/h200_body_split_run{1,2}.json: two current runs of
 * samples/body_split.h on an H200 (scripts/device-adopted-vs-variant,
 * 2026-11-26), each measuring the search's layouts. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "../advisor/core/layout_kind.h"
#include "../advisor/tools/merge.h"
#include "check.h"

#define SPLIT "split{x y z}{mass charge}{id age flags}"

static int add(merged *mg, const char *name)
{
    char path[4096];
    gm_status st;
    gm_status_init(&st);
    snprintf(path, sizeof path, "%s/tests/merge/%s.json", GM_SRC, name);
    return adv_merge_add_file(mg, path, &st);
}

static const mcell *cell_of(const merged *mg, const char *k, const char *layout, unsigned run)
{
    for (unsigned i = 0; i < mg->ncells; i++)
        if (!strcmp(mg->cells[i].kernel, k) && !strcmp(mg->cells[i].layout, layout) && mg->cells[i].run == run)
            return &mg->cells[i];
    return NULL;
}

int main(void)
{
    merged mg;
    memset(&mg, 0, sizeof mg);
    CHECK_EQ(add(&mg, "body_split_a"), GM_OK);
    CHECK_EQ(add(&mg, "body_split_b"), GM_OK);
    CHECK_EQ(add(&mg, "body_split_static"), GM_OK); /* listed on stderr, left out */
    CHECK_EQ(mg.nruns, 2);
    CHECK_EQ(mg.narchs, 1);
    adv_merge_index(&mg);

    /* run B's "split{z y x}{charge mass}{flags id age}" is run A's split: one spec, one label */
    const mcell *b = cell_of(&mg, "drift", SPLIT, 1);
    CHECK(b != NULL);
    CHECK(b && b->parsed && b->spec.kind == ADV_L_SPLIT && b->spec.ngroups == 3);
    CHECK(fabs(adv_merge_cell_ms(&mg, "drift", "Body", SPLIT, 1) - 0.52) < 1e-12);
    CHECK(!cell_of(&mg, "drift", "split{z y x}{charge mass}{flags id age}", 1));
    /* the variant through the adoption header (0.3 ms, read first) is not a measurement of the layout */
    CHECK(fabs(adv_merge_cell_ms(&mg, "drift", "Body", SPLIT, 0) - 0.5) < 1e-12);

    /* every layout some run measured, the searched ones too, the declared first */
    const char **ls;
    unsigned nl = adv_merge_layouts(&mg, "drift", "Body", &ls);
    CHECK_EQ(nl, 6);
    CHECK(!strcmp(ls[0], "aos"));
    free(ls);
    mtable t;
    adv_merge_table(&mg, "drift", "Body", &t);
    CHECK_EQ(t.nlayouts, 6);
    for (unsigned L = 0; L < t.nlayouts; L++)
        if (!strcmp(t.layout[L], SPLIT)) {
            CHECK(fabs(t.speedup[L * mg.nruns + 0] - 2.0) < 1e-9);
            CHECK(fabs(t.speedup[L * mg.nruns + 1] - 1 / 0.52) < 1e-9);
        } else if (!strcmp(t.layout[L], "split{x}{y}{z}{mass charge}{id}{age}{flags}")) {
            CHECK_EQ(t.speedup[L * mg.nruns + 0], 0); /* run A did not measure it */
            CHECK(t.speedup[L * mg.nruns + 1] > 4.9);
        }
    adv_merge_table_free(&t);

    /* the pick among them: the split both runs measured (geometric mean
     * over the two GPUs); the one only run B measured, faster there, is no
     * candidate (a layout must be measured wherever the declared one is) */
    double x;
    unsigned gpus;
    const char *best = adv_merge_best(&mg, "drift", "Body", "90", &x, &gpus);
    CHECK(best && !strcmp(best, SPLIT));
    CHECK(fabs(x - sqrt(2.0 / 0.52)) < 1e-9);
    CHECK_EQ(gpus, 2);
    /* energy: SoA, 1.98x, beats the split's 1.82x beyond the noise */
    best = adv_merge_best(&mg, "energy", "Body", "90", &x, &gpus);
    CHECK(best && !strcmp(best, "soa"));
    CHECK(fabs(x - sqrt(2.0 * 2.0 / 1.02)) < 1e-9);
    /* a kernel nobody measured: no pick */
    best = adv_merge_best(&mg, "nothing", "Body", "90", &x, &gpus);
    CHECK(best == NULL || !strcmp(best, "aos"));
    /* every pair's pick at once, as the printers get them */
    const char pairs[2][2][128] = {{"drift", "Body"}, {"energy", "Body"}};
    mpick *p = adv_merge_choose(&mg, pairs, 2);
    CHECK(p[0].layout && !strcmp(p[0].layout, SPLIT));
    CHECK(p[1].layout && !strcmp(p[1].layout, "soa"));
    free(p);
    adv_merge_free(&mg);

    /* within the noise the declared layout stays: run A alone, with energy's
     * SoA and split 0.5 % faster than the declared layout */
    memset(&mg, 0, sizeof mg);
    CHECK_EQ(add(&mg, "body_split_a"), GM_OK);
    for (unsigned i = 0; i < mg.ncells; i++)
        if (!strcmp(mg.cells[i].kernel, "energy") && strcmp(mg.cells[i].layout, "aos"))
            mg.cells[i].ms = mg.cells[i].ms < 1.5 ? 1.99 : mg.cells[i].ms;
    adv_merge_index(&mg);
    best = adv_merge_best(&mg, "energy", "Body", "90", &x, &gpus);
    CHECK(best && !strcmp(best, "aos"));
    CHECK(fabs(x - 1.0) < 1e-12);
    adv_merge_free(&mg);

    /* two current runs: the pick is among every layout both measured,
     * searched ones included, and is the one of the best geometric-mean
     * speedup (within the noise) */
    memset(&mg, 0, sizeof mg);
    CHECK_EQ(add(&mg, "h200_body_split_run1"), GM_OK);
    CHECK_EQ(add(&mg, "h200_body_split_run2"), GM_OK);
    CHECK_EQ(mg.nruns, 2);
    adv_merge_index(&mg);
    static const char *const kernels[] = {"drift", "energy"};
    for (unsigned ki = 0; ki < 2; ki++) {
        const char *k = kernels[ki];
        nl = adv_merge_layouts(&mg, k, "Body", &ls);
        unsigned searched = 0;
        double top = 0;
        for (unsigned L = 0; L < nl; L++) {
            const mcell *c = cell_of(&mg, k, ls[L], 0);
            searched += c && c->parsed && !adv_layout_spec_is_std(&c->spec);
            double a0 = adv_merge_cell_ms(&mg, k, "Body", "aos", 0), a1 = adv_merge_cell_ms(&mg, k, "Body", "aos", 1);
            double l0 = adv_merge_cell_ms(&mg, k, "Body", ls[L], 0), l1 = adv_merge_cell_ms(&mg, k, "Body", ls[L], 1);
            if (a0 > 0 && a1 > 0 && l0 > 0 && l1 > 0 && sqrt(a0 / l0 * (a1 / l1)) > top)
                top = sqrt(a0 / l0 * (a1 / l1));
        }
        CHECK(searched >= 3); /* the runs measured the search's layouts, not only the standard ones */
        best = adv_merge_best(&mg, k, "Body", "90", &x, &gpus);
        CHECK(best != NULL);
        CHECK_EQ(gpus, 2);
        if (best) {
            double g = sqrt(adv_merge_cell_ms(&mg, k, "Body", "aos", 0) / adv_merge_cell_ms(&mg, k, "Body", best, 0) *
                            (adv_merge_cell_ms(&mg, k, "Body", "aos", 1) / adv_merge_cell_ms(&mg, k, "Body", best, 1)));
            CHECK(fabs(x - g) < 1e-9);
            CHECK(x > 1 && x >= top * 0.99);
            const mcell *c = cell_of(&mg, k, best, 0);
            /* on these runs a split beats every standard layout */
            CHECK(c && c->parsed && c->spec.kind == ADV_L_SPLIT && !adv_layout_spec_is_std(&c->spec));
        }
        free(ls);
    }
    adv_merge_free(&mg);

    /* a file that is no report */
    memset(&mg, 0, sizeof mg);
    gm_status st;
    gm_status_init(&st);
    char path[4096];
    snprintf(path, sizeof path, "%s/tests/merge/../../README.md", GM_SRC);
    CHECK(adv_merge_add_file(&mg, path, &st) != GM_OK);
    adv_merge_free(&mg);
    return TEST_DONE();
}
