#include "result.h"

#include <stdlib.h>
#include <string.h>

#include "../../common/limits.h"
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
    for (unsigned i = 0; i < r->nprog; i++)
        free(r->prog[i].k);
    free(r->prog);
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

/* ---- the program answer ----------------------------------------------- */

/* Variant (kernel k, struct st, layout L) of gmadvise's own, or NULL. */
static const adv_variant *find(const adv_result *r, unsigned k, int st, adv_layout_kind L)
{
    for (unsigned i = 0; i < r->nv; i++)
        if (r->v[i].kernel == k && r->v[i].st == st && r->v[i].kind == L && !r->v[i].adopted)
            return &r->v[i];
    return NULL;
}

/* Its value: the measured median, or (predicted) the model's bytes; 0
 * when it has none. */
static double value(const adv_variant *v, int predicted)
{
    if (!v)
        return 0;
    if (predicted)
        return v->model.ok && v->state >= ADV_V_GENERATED ? v->model.dram_bytes : 0;
    return usable(v) ? v->median_ms : 0;
}

static void program_of(const adv_result *r, int st, adv_program *p)
{
    memset(p, 0, sizeof *p);
    p->st = st;
    p->predicted = r->run != ADV_RUN_MEASURED;
    for (unsigned k = 0; k < adv_model_nkernels(r->m); k++)
        if (find(r, k, st, ADV_L_AOS)) {
            p->k = gm_xrealloc(p->k, (p->nk + 1) * sizeof *p->k);
            p->k[p->nk++] = (adv_program_kernel){.kernel = k, .weight = adv_model_weight(r->m, k)};
        }
    double total[ADV_L_COUNT] = {0};
    int ok[ADV_L_COUNT];
    for (int L = 0; L < ADV_L_COUNT; L++) {
        int scored = 1;
        ok[L] = p->nk > 0;
        for (unsigned i = 0; i < p->nk; i++) {
            const adv_variant *v = find(r, p->k[i].kernel, st, (adv_layout_kind)L);
            double x = value(v, p->predicted);
            scored &= v && v->model.ok;
            ok[L] &= x > 0;
            total[L] += p->k[i].weight * x;
            if (x > 0 && (p->k[i].best <= 0 || x < p->k[i].best)) {
                p->k[i].best = x;
                p->k[i].best_kind = (adv_layout_kind)L;
            }
        }
        p->scored += scored && p->nk;
        p->measured += ok[L] && !p->predicted;
    }
    p->kind = ADV_L_AOS;
    for (int L = 1; L < ADV_L_COUNT; L++)
        if (ok[L] && (!ok[p->kind] || total[L] < total[p->kind]))
            p->kind = (adv_layout_kind)L;
    /* the declared layout stays unless another beats it beyond the noise floor */
    if (ok[ADV_L_AOS] && p->kind != ADV_L_AOS &&
        total[p->kind] > total[ADV_L_AOS] * (1 - GM_NOISE_FLOOR_PCT / 100.0)) {
        p->kind = ADV_L_AOS;
        p->within_noise = 1;
    }
    p->declared_total = total[ADV_L_AOS];
    p->chosen_total = ok[p->kind] ? total[p->kind] : 0;
    for (int L = 0; L < ADV_L_COUNT; L++)
        if (ok[L] && L != (int)p->kind && total[L] <= p->chosen_total * (1 + GM_NOISE_FLOOR_PCT / 100.0))
            p->tied |= 1u << L;
    for (unsigned i = 0; i < p->nk; i++) {
        p->k[i].declared = value(find(r, p->k[i].kernel, st, ADV_L_AOS), p->predicted);
        p->k[i].chosen = value(find(r, p->k[i].kernel, st, p->kind), p->predicted);
    }
}

static void programs(adv_result *r)
{
    for (unsigned i = 0; i < r->nprog; i++)
        free(r->prog[i].k);
    free(r->prog);
    r->prog = gm_xcalloc(adv_model_nstructs(r->m) + 1, sizeof *r->prog);
    r->nprog = 0;
    for (unsigned s = 0; s < adv_model_nstructs(r->m); s++) {
        program_of(r, (int)s, &r->prog[r->nprog]);
        if (r->prog[r->nprog].nk)
            r->nprog++;
        else
            free(r->prog[r->nprog].k);
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
    programs(r);
}
