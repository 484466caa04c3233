#include "result.h"

#include <stdlib.h>
#include <string.h>

#include "../../common/strbuf.h"
#include "../core/rank.h"

int adv_variant_compiled(const adv_variant *v)
{
    return v->state >= ADV_V_COMPILED;
}

int adv_result_compiled(const adv_result *r)
{
    for (unsigned i = 0; i < r->nv; i++)
        if (adv_variant_compiled(&r->v[i]))
            return 1;
    return 0;
}

void adv_result_free(adv_result *r)
{
    if (!r)
        return;
    for (unsigned i = 0; i < r->nv; i++) {
        free(r->v[i].code);
        free(r->v[i].source);
    }
    if (r->access_cost)
        for (unsigned k = 0; k < adv_model_nkernels(r->m); k++)
            free(r->access_cost[k]);
    free(r->access_cost);
    free(r->v);
    free(r->rec);
    memset(r, 0, sizeof *r);
}

/* ---- ranking ----------------------------------------------------------- */

static int usable(const adv_variant *v)
{
    return v->state == ADV_V_MEASURED && v->correct == 1 && v->median_ms > 0;
}

static int faster(const adv_variant *a, const adv_variant *b)
{
    return adv_faster_beyond_noise(a->median_ms, a->spread_pct, b->median_ms, b->spread_pct);
}

static int tie(const adv_variant *a, const adv_variant *b)
{
    return a->state == ADV_V_MEASURED && b->state == ADV_V_MEASURED &&
           adv_timings_tie(a->median_ms, a->spread_pct, b->median_ms, b->spread_pct);
}

/* Candidates for one recommendation: the same kernel and struct, and
 * gmadvise's own variants only (those through the adoption header are
 * shown beside them, never recommended). */
static int same_pair(const adv_variant *a, const adv_variant *b)
{
    return a->kernel == b->kernel && a->st == b->st && a->adopted == b->adopted;
}

static int by_stake(const void *x, const void *y)
{
    const adv_rec *a = x, *b = y;
    return a->at_stake_ms > b->at_stake_ms ? -1 : a->at_stake_ms < b->at_stake_ms;
}

/* Without a measurement of the declared layout: the model's pick. */
static adv_rec predict_rec(const adv_variant *v, unsigned nv, unsigned i)
{
    adv_rec r = {.kernel = v[i].kernel, .st = v[i].st, .best = (int)i, .declared = (int)i, .speedup = 1.0, .predicted = 1};
    for (unsigned j = 0; j < nv; j++)
        if (same_pair(&v[j], &v[i]) && v[j].model.ok && v[j].state >= ADV_V_GENERATED &&
            v[j].correct != 0 && adv_predicted_better(&v[j].model, &v[r.best].model))
            r.best = (int)j;
    r.speedup = v[r.best].model.dram_bytes > 0 ? v[i].model.dram_bytes / v[r.best].model.dram_bytes : 1.0;
    r.at_stake_ms = v[i].model.dram_bytes - v[r.best].model.dram_bytes; /* bytes: sorts the same way */
    return r;
}

static adv_rec measured_rec(const adv_variant *v, unsigned nv, unsigned i, double peak_gbps)
{
    adv_rec r = {.kernel = v[i].kernel, .st = v[i].st, .best = (int)i, .declared = (int)i, .speedup = 1.0};
    for (unsigned j = 0; j < nv; j++)
        if (j != i && same_pair(&v[j], &v[i]) && usable(&v[j]) && v[j].median_ms < v[r.best].median_ms)
            r.best = (int)j;
    if (r.best != r.declared && !faster(&v[r.best], &v[i])) {
        r.best = r.declared;
        r.within_noise = 1;
    }
    for (unsigned j = 0; j < nv; j++)
        r.ntied += (int)j != r.best && same_pair(&v[j], &v[i]) && usable(&v[j]) && tie(&v[j], &v[r.best]);
    r.speedup = v[i].median_ms / v[r.best].median_ms;
    r.at_stake_ms = v[i].median_ms - v[r.best].median_ms;
    r.peak_pct = peak_gbps > 0 ? 100.0 * v[r.best].gbps / peak_gbps : 0;
    return r;
}

/* Each variant against its declared layout and the pick. */
static void verdicts(adv_result *r)
{
    for (unsigned i = 0; i < r->nv; i++) {
        adv_variant *v = &r->v[i];
        const adv_variant *decl = NULL, *best = NULL;
        for (unsigned j = 0; j < r->nv; j++)
            if (r->v[j].kernel == v->kernel && r->v[j].st == v->st && r->v[j].kind == ADV_L_AOS &&
                !r->v[j].adopted && r->v[j].state == ADV_V_MEASURED)
                decl = &r->v[j];
        for (unsigned j = 0; j < r->nrec; j++)
            if (r->rec[j].kernel == v->kernel && r->rec[j].st == v->st) {
                best = &r->v[r->rec[j].best];
                v->is_best = r->rec[j].best == (int)i;
            }
        if (v->state != ADV_V_MEASURED)
            continue;
        if (v->kind == ADV_L_AOS && !v->adopted)
            v->vs = ADV_VS_IS_DECLARED;
        else if (decl && tie(v, decl))
            v->vs = ADV_VS_TIE;
        else if (decl) {
            v->vs = ADV_VS_RATIO;
            v->vs_declared = decl->median_ms / v->median_ms;
        }
        v->tie_with_best = !v->is_best && best && v->correct == 1 && tie(v, best);
    }
}

void adv_result_rank(adv_result *r)
{
    const adv_variant *v = r->v;
    free(r->rec);
    r->rec = gm_xcalloc(r->nv + 1, sizeof *r->rec);
    r->nrec = 0;
    double peak = r->run == ADV_RUN_MEASURED ? r->ref.memcpy_gbps : 0;
    for (unsigned i = 0; i < r->nv; i++) {
        if (v[i].kind != ADV_L_AOS || v[i].st < 0 || v[i].adopted)
            continue;
        if (usable(&v[i]))
            r->rec[r->nrec++] = measured_rec(v, r->nv, i, peak);
        else if (v[i].state != ADV_V_MEASURED && v[i].model.ok)
            r->rec[r->nrec++] = predict_rec(v, r->nv, i);
    }
    qsort(r->rec, r->nrec, sizeof *r->rec, by_stake);
    verdicts(r);
}
