/* The locality sweep (engine/locality.h) on fake clocks: a gathering
 * kernel whose locality nothing fixes is measured uniform and at
 * GM_LOCALITY_NARROW, bracketed where the winner changes, and left alone
 * when --data or the model's setting (a capture, adv_model_set_data)
 * fixes it.  Times follow the shape a hand-written harness measured on an
 * H100 (docs/shaped-truth-h100.txt): SoA loses 2.8x with uniform
 * neighbours and wins within 256 elements. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../advisor/engine/locality.h"
#include "../advisor/output/locality_report.h"
#include "../advisor/frontend/load.h"
#include "../common/json.h"
#include "../common/limits.h"
#include "../common/strbuf.h"
#include "check.h"

#define RANGE (1ll << 22)

typedef struct {
    const adv_result *r;
    double cross;      /* log2 window below which SoA wins */
    int calls;
    long long windows[16];
} fake_gpu;

/* aos, soa, vector: times in ms at window w (RANGE: uniform) */
static double fake_ms(adv_layout_kind kind, double log2w, double cross)
{
    double t = (log2w - 8) / (22 - 8); /* 0 at 256, 1 at uniform */
    t = t < 0 ? 0 : t > 1 ? 1 : t;
    switch (kind) {
    case ADV_L_AOS: return 0.41 + t * (1.86 - 0.41);
    case ADV_L_SOA: return cross < -50 ? 10.0 : log2w < cross ? 0.17 : 0.20 + t * 5.0;
    default: return 0.185 + t * (1.42 - 0.185);
    }
}

static int fake_measure(void *ctx, unsigned k, const adv_data_list *data, double *ms, double *spread,
                        long long *elems, gm_status *st)
{
    (void)st;
    fake_gpu *g = ctx;
    CHECK(data && data->n >= 1);
    CHECK(!strcmp(data->names[0], "nbr"));
    CHECK_EQ(data->settings[0].kind, ADV_DATA_LOCAL);
    long long w = data->settings[0].window;
    if (g->calls < 16)
        g->windows[g->calls] = w;
    g->calls++;
    for (unsigned i = 0; i < g->r->nv; i++)
        if (g->r->v[i].kernel == k) {
            ms[i] = fake_ms(g->r->v[i].spec.kind, log2((double)w), g->cross);
            spread[i] = 0.3;
        }
    *elems = RANGE;
    return GM_OK;
}

/* A result of nbr_force's aos, soa and vector, measured uniform. */
static void make_result(adv_result *r, const adv_model *m, double cross)
{
    static const adv_layout_kind kinds[] = {ADV_L_AOS, ADV_L_SOA, ADV_L_VECTOR};
    memset(r, 0, sizeof *r);
    r->m = m;
    r->run = ADV_RUN_MEASURED;
    r->nv = 3;
    r->v = calloc(3, sizeof *r->v);
    for (unsigned i = 0; i < 3; i++) {
        adv_variant *v = &r->v[i];
        v->kernel = 0;
        v->st = 0;
        v->spec = adv_layout_std(kinds[i]);
        v->state = ADV_V_MEASURED;
        v->correct = 1;
        v->median_ms = fake_ms(kinds[i], 22, cross);
        v->spread_pct = 0.3;
        v->elems = RANGE;
        snprintf(v->data, sizeof v->data, "nbr=uniform");
    }
}

int main(void)
{
    CHECK(chdir(GM_SRC) == 0);
    gm_status st;
    gm_status_init(&st);
    adv_model *m = NULL;
    CHECK_EQ(adv_model_load("tests/shaped/nbr_gather.cu", NULL, &m, &st), GM_OK);
    if (!m)
        return TEST_DONE();
    char open[256];
    CHECK_EQ(adv_locality_open(m, 0, NULL, open, sizeof open), 1);
    CHECK(!strcmp(open, "nbr"));

    /* nothing fixes nbr: uniform, 256, then two bisections of the bracket */
    adv_result r;
    make_result(&r, m, 13); /* SoA wins below 8192 */
    fake_gpu g = {&r, 13, 0, {0}};
    CHECK_EQ(adv_locality_sweep(&r, NULL, NULL, fake_measure, &g, &st), GM_OK);
    CHECK_EQ(r.nloc, 1);
    const adv_locality *l = &r.loc[0];
    CHECK_EQ(g.calls, 1 + GM_LOCALITY_BISECT);
    CHECK_EQ(g.windows[0], GM_LOCALITY_NARROW);
    CHECK_EQ(g.windows[1], 1ll << 15); /* halfway between 2^8 and 2^22 in log scale */
    CHECK_EQ(g.windows[2], 1ll << 12); /* SoA still lost at 2^15: the narrow half */
    CHECK_EQ(l->nset, 2 + GM_LOCALITY_BISECT);
    CHECK_EQ(l->set[0].window, 0);
    CHECK_EQ(l->set[0].best, 2); /* vector, uniform */
    CHECK_EQ(l->set[l->nset - 1].window, GM_LOCALITY_NARROW);
    CHECK_EQ(l->set[l->nset - 1].best, 1); /* soa within 256 */
    for (unsigned i = 1; i < l->nset; i++)
        CHECK(l->set[i].window < l->set[i - 1].window || l->set[i - 1].window == 0);
    CHECK(l->flips);
    CHECK_EQ(l->set[l->wide].window, 1ll << 15);
    CHECK_EQ(l->set[l->narrow].window, 1ll << 12);
    CHECK(l->set[l->wide].window > (1ll << 13) && l->set[l->narrow].window < (1ll << 13));
    CHECK(!strcmp(l->set[l->narrow].data, "nbr=local:4096"));
    CHECK_EQ(l->set[0].norder, 3);
    CHECK_EQ(l->set[0].order[0], 2);
    CHECK_EQ(l->set[0].order[2], 1); /* soa last with uniform neighbours */

    /* SoA turns from slower than the declared layout to faster */
    CHECK_EQ(l->ncross, 1);
    CHECK_EQ(l->cross[0].v, 1);
    CHECK_EQ(l->cross[0].wide_faster, 0);
    CHECK_EQ(l->declared, 0);

    /* the report says it: each setting's ranking, the flip, the turn; JSON too */
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    adv_locality_text(&r, 0, 0, f, 80);
    fclose(f);
    CHECK(strstr(text, "measured under 4 settings") != NULL);
    CHECK(strstr(text, "nbr=uniform (4194304): vector 1.42 (1.31x), aos 1.86, soa 5.2 (0.36x)") != NULL);
    CHECK(strstr(text, "the winner changes between local:32768 (vector) and local:4096 (soa)") != NULL);
    CHECK(strstr(text, "soa: slower than the declared layout at local:32768, faster at local:4096") != NULL);
    free(text);
    sb_t js;
    sb_init(&js);
    adv_json j;
    adv_json_init(&j, &js);
    adv_json_begin_obj(&j, NULL);
    adv_locality_json(&r, &j);
    adv_json_end_obj(&j);
    CHECK(strstr(js.s, "\"flip\": {\n        \"wide\": \"local:32768\",\n        \"narrow\": \"local:4096\",\n"
                       "        \"wide_best\": \"vector\",\n        \"narrow_best\": \"soa\"") != NULL);
    CHECK(strstr(js.s, "\"setting\": \"local:256\"") != NULL);
    char err[200];
    adv_jval *doc = adv_json_parse(js.s, err, sizeof err);
    CHECK(doc != NULL);
    if (!doc)
        fprintf(stderr, "locality JSON: %s\n", err);
    const adv_jval *locs = doc ? adv_json_member(doc, "localities") : NULL;
    CHECK(locs && locs->nkids == 1);
    const adv_jval *sets = locs && locs->nkids ? adv_json_member(&locs->kids[0], "settings") : NULL;
    CHECK(sets && sets->nkids == 4);
    adv_json_free(doc);
    sb_free(&js);
    adv_result_free(&r);

    /* the same winner everywhere, SoA turning: the turn is bisected */
    make_result(&r, m, -1);
    fake_gpu same = {&r, -1, 0, {0}};
    CHECK_EQ(adv_locality_sweep(&r, NULL, NULL, fake_measure, &same, &st), GM_OK);
    CHECK_EQ(same.calls, 1 + GM_LOCALITY_BISECT);
    CHECK_EQ(r.nloc, 1);
    CHECK(!r.loc[0].flips);
    CHECK_EQ(r.loc[0].ncross, 1);
    /* SoA 2.7 ms against AoS 1.1 at 2^15, 1.6 against 0.8 at 2^12, 0.2 against 0.4 at 256 */
    CHECK_EQ(r.loc[0].set[r.loc[0].cross[0].wide].window, 1ll << 12);
    CHECK_EQ(r.loc[0].set[r.loc[0].cross[0].narrow].window, GM_LOCALITY_NARROW);
    adv_result_free(&r);

    /* nothing changes: two settings, no flip, no turn, no bisection */
    make_result(&r, m, -100);
    fake_gpu still = {&r, -100, 0, {0}};
    CHECK_EQ(adv_locality_sweep(&r, NULL, NULL, fake_measure, &still, &st), GM_OK);
    CHECK_EQ(still.calls, 1);
    CHECK_EQ(r.loc[0].nset, 2);
    CHECK(!r.loc[0].flips);
    CHECK_EQ(r.loc[0].ncross, 0);
    adv_result_free(&r);

    /* --data fixes it: measured once, as the user said */
    adv_data_setting s = {ADV_DATA_LOCAL, 4096, ""};
    const char *names[] = {"nbr"};
    adv_data_list dl = {1, names, &s};
    CHECK_EQ(adv_locality_open(m, 0, &dl, open, sizeof open), 0);
    make_result(&r, m, 12);
    fake_gpu none = {&r, 12, 0, {0}};
    CHECK_EQ(adv_locality_sweep(&r, &dl, NULL, fake_measure, &none, &st), GM_OK);
    CHECK_EQ(none.calls, 0);
    CHECK_EQ(r.nloc, 0);
    adv_result_free(&r);

    /* a kernel the caller skips (measured on captured inputs) */
    make_result(&r, m, 12);
    unsigned char skip[1] = {1};
    CHECK_EQ(adv_locality_sweep(&r, NULL, skip, fake_measure, &none, &st), GM_OK);
    CHECK_EQ(none.calls, 0);
    adv_result_free(&r);

    /* the model's own setting (--data through adv_model_set_data, or a
     * capture's measured locality) fixes it too */
    adv_model_set_data(m, &dl);
    CHECK_EQ(adv_locality_open(m, 0, NULL, open, sizeof open), 0);
    adv_model_destroy(m);
    return TEST_DONE();
}
