/* The layout search: the space of particle.h's Particle and how the model
 * ranks it, the weights, and which candidates go to the GPU. */
#include <stdlib.h>
#include <string.h>

#include "../advisor/core/predict.h"
#include "../advisor/core/search.h"
#include "../advisor/frontend/load.h"
#include "../common/timer.h"
#include "check.h"

static adv_model *load(const char *file)
{
    adv_model *m = NULL;
    gm_status st;
    gm_status_init(&st);
    if (adv_model_load(file, NULL, &m, &st) != GM_OK) {
        fprintf(stderr, "parse %s: %s\n", file, st.msg);
        exit(1);
    }
    return m;
}

/* The index of the candidate labelled `want`, or -1. */
static int find_label(const adv_struct *s, const adv_search *sr, const char *want)
{
    char lb[512];
    for (unsigned i = 0; i < sr->n; i++) {
        adv_layout_spec_label(s, &sr->c[i].spec, lb, sizeof lb);
        if (!strcmp(lb, want))
            return (int)i;
    }
    return -1;
}

/* Particle: 8 fields in four classes ({x y z} written by integrate,
 * {vx vy vz} read by two kernels, mass, id), every partition of them. */
static void space(const adv_model *m)
{
    const adv_struct *s = adv_model_struct(m, 0);
    adv_layout_spec *sp;
    unsigned left;
    unsigned n = adv_search_space(m, 0, &sp, &left);
    CHECK(n >= 100);
    CHECK_EQ(left, 0);
    CHECK(sp[0].kind == ADV_L_AOS);
    for (unsigned i = 0; i < n; i++) {
        CHECK(adv_layout_applies_spec(s, &sp[i]));
        for (unsigned j = i + 1; j < n; j++)
            CHECK(!adv_layout_spec_eq(&sp[i], &sp[j]));
        if (sp[i].kind == ADV_L_SPLIT) /* x, y and z share a class: together, or each alone */
            CHECK(sp[i].group[0] == sp[i].group[1] ? sp[i].group[1] == sp[i].group[2]
                                                   : sp[i].group[1] != sp[i].group[2]);
    }
    free(sp);
}

static void ranking(adv_model *m)
{
    const adv_struct *s = adv_model_struct(m, 0);
    adv_search sr;
    double t0 = gm_now_s();
    adv_search_run(m, 0, &sr);
    fprintf(stderr, "search: %u candidates of Particle scored in %.3f s\n", sr.scored, gm_now_s() - t0);
    CHECK_EQ(sr.scored, sr.n);
    for (unsigned i = 1; i < sr.n; i++)
        CHECK(sr.c[i - 1].bytes <= sr.c[i].bytes);
    /* declared: integrate 64 + kinetic_energy 36 + copy 64 bytes per element */
    int aos = find_label(s, &sr, "aos");
    CHECK(aos >= 0 && sr.c[aos].bytes == 164);
    int split = find_label(s, &sr, "split{x y z}{vx vy vz}{mass}{id}");
    CHECK(split >= 0 && sr.c[split].bytes == 120);
    CHECK(sr.c[0].bytes == 120); /* nothing beats moving only the bytes used */
    CHECK(find_label(s, &sr, "aosoa4") > find_label(s, &sr, "aosoa64")); /* more sectors a request */
    CHECK(find_label(s, &sr, "reordered(hot: vx vy vz mass)") >= 0);
    /* besides the declared layout the GPU measures the ties the model cannot
     * break: AoSoA lanes, splits, SoA */
    const adv_layout_spec *pick[GM_SEARCH_MEASURE];
    unsigned np = adv_search_pick(&sr, GM_SEARCH_MEASURE, pick);
    CHECK_EQ(np, GM_SEARCH_MEASURE);
    int lanes = 0, splits = 0;
    for (unsigned i = 0; i < np; i++) {
        CHECK(pick[i]->kind != ADV_L_AOS);
        lanes += pick[i]->kind == ADV_L_AOSOA;
        splits += pick[i]->kind == ADV_L_SPLIT;
    }
    CHECK(lanes >= 2 && splits >= 2);
    /* a weight multiplies its kernel's bytes */
    static const adv_param_value w = {"integrate", 10};
    adv_model_set_weights(m, &w, 1);
    adv_search wsr;
    adv_search_run(m, 0, &wsr);
    aos = find_label(s, &wsr, "aos");
    CHECK(aos >= 0 && wsr.c[aos].bytes == 10 * 64 + 36 + 64);
    adv_model_set_weights(m, NULL, 0);
    adv_search_free(&wsr);
    adv_search_free(&sr);
}

/* A struct with one hot 3-vector and cold fields: the split that keeps
 * them apart is among the candidates the GPU measures. */
static void body(const adv_model *m)
{
    const adv_struct *s = adv_model_struct(m, 0);
    adv_search sr;
    adv_search_run(m, 0, &sr);
    const adv_layout_spec *pick[GM_SEARCH_MEASURE];
    unsigned np = adv_search_pick(&sr, GM_SEARCH_MEASURE, pick);
    int want = find_label(s, &sr, "split{x y z}{mass charge}{id age flags}"), found = 0;
    CHECK(want >= 0);
    for (unsigned i = 0; i < np && want >= 0; i++)
        found |= adv_layout_spec_eq(pick[i], &sr.c[want].spec);
    CHECK(found);
    adv_search_free(&sr);
}

/* The search costs layouts that place an access alike once (cost_memo.h):
 * every candidate's score is what the model gives it outside the search,
 * kernel by kernel, with no memo. */
static void memo(const adv_model *m)
{
    adv_search sr;
    adv_search_run(m, 0, &sr);
    CHECK(sr.n > 10);
    unsigned compared = 0;
    for (unsigned i = 0; i < sr.n; i++) {
        const adv_candidate *c = &sr.c[i];
        double bytes = 0, requests = 0;
        int ok = 1;
        for (unsigned k = 0; k < adv_model_nkernels(m) && ok; k++) {
            if (!adv_kernel_takes(adv_model_kernel(m, k), 0))
                continue;
            adv_prediction p;
            adv_predict(m, k, 0, &c->spec, &p);
            ok = p.ok;
            bytes += adv_model_weight(m, k) * p.dram_bytes;
            requests += adv_model_weight(m, k) * p.requests;
        }
        CHECK_EQ(ok, c->ok);
        if (ok && c->ok) {
            CHECK(bytes == c->bytes);
            CHECK(requests == c->requests);
            compared++;
        }
    }
    CHECK(compared == sr.scored);
    adv_search_free(&sr);
}

int main(void)
{
    adv_model *m = load(GM_SRC "/samples/particle.h");
    space(m);
    ranking(m);
    memo(m);
    adv_model_destroy(m);
    m = load(GM_SRC "/samples/body_split.h");
    body(m);
    memo(m);
    adv_model_destroy(m);
    return TEST_DONE();
}
