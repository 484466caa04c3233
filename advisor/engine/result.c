#include "result.h"

#include <stdlib.h>
#include <string.h>

#include "../../common/limits.h"
#include "../../common/strbuf.h"
#include "../core/choose.h"
#include "../core/rank.h"
#include "adopt.h"

int adv_variant_compiled(const adv_variant *v)
{
    return v->state >= ADV_V_COMPILED;
}

const char *adv_vstate_name(adv_vstate s)
{
    static const char *const names[] = {"not_applicable", "not_generated", "compile_failed", "generated", "compiled",
                                        "not_picked", "measured", "run_failed", "faulted", "hung"};
    return s < sizeof names / sizeof *names ? names[s] : "?";
}

static void free_programs(adv_result *r)
{
    for (unsigned i = 0; i < r->nprog; i++) {
        free(r->prog[i].k);
        free(r->prog[i].tied);
        adv_layout_desc_free(&r->prog[i].desc);
    }
    free(r->prog);
    r->prog = NULL;
    r->nprog = 0;
}

int adv_result_compiled(const adv_result *r)
{
    for (unsigned i = 0; i < r->nv; i++)
        if (adv_variant_compiled(&r->v[i]))
            return 1;
    return 0;
}

static void free_recs(adv_result *r)
{
    for (unsigned i = 0; i < r->nrec; i++)
        free(r->rec[i].views);
    free(r->rec);
    r->rec = NULL;
    r->nrec = 0;
}

void adv_result_free(adv_result *r)
{
    if (!r)
        return;
    for (unsigned i = 0; i < r->nv; i++) {
        free(r->v[i].code);
        free(r->v[i].source);
    }
    free_programs(r);
    for (unsigned i = 0; r->search && i < adv_model_nstructs(r->m); i++)
        adv_search_free(&r->search[i]);
    free(r->search);
    if (r->access_cost)
        for (unsigned k = 0; k < adv_model_nkernels(r->m); k++)
            free(r->access_cost[k]);
    free(r->access_cost);
    for (unsigned i = 0; i < r->nloc; i++) {
        for (unsigned j = 0; j < r->loc[i].nset; j++) {
            free(r->loc[i].set[j].ms);
            free(r->loc[i].set[j].spread);
            free(r->loc[i].set[j].order);
        }
        free(r->loc[i].set);
        free(r->loc[i].cross);
    }
    free(r->loc);
    free(r->v);
    free_recs(r);
    memset(r, 0, sizeof *r);
}

/* ---- ranking ----------------------------------------------------------- */

static int usable(const adv_variant *v)
{
    return v->state == ADV_V_MEASURED && v->correct == 1 && v->median_ms > 0;
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

/* The declared layout's own variant (not through the adoption header). */
static int is_declared(const adv_variant *v)
{
    return adv_layout_as_declared(v->spec.kind) && !v->adopted;
}

static int by_stake(const void *x, const void *y)
{
    const adv_rec *a = x, *b = y;
    if (a->predicted != b->predicted) /* the measured first: ms and bytes do not compare */
        return a->predicted ? 1 : -1;
    double sa = a->predicted ? a->at_stake_bytes : a->at_stake_ms;
    double sb = b->predicted ? b->at_stake_bytes : b->at_stake_ms;
    return sa > sb ? -1 : sa < sb;
}

/* Without a measurement of the declared layout: the model's pick. */
/* Kernel scope through the one chooser (choose.h): the pair's variants
 * that `ok` accepts, the declared (variant i) first, each scored by
 * `score`; returns the chosen variant's index and fills *ch. */
static int choose_among(const adv_variant *v, unsigned nv, unsigned i, int (*ok)(const adv_variant *),
                        adv_scored (*score)(const adv_variant *), adv_choice *ch)
{
    adv_scored *c = gm_xcalloc(nv + 1, sizeof *c);
    unsigned *at = gm_xcalloc(nv + 1, sizeof *at), n = 1;
    c[0] = score(&v[i]);
    at[0] = i;
    for (unsigned j = 0; j < nv; j++)
        if (j != i && same_pair(&v[j], &v[i]) && ok(&v[j])) {
            c[n] = score(&v[j]);
            at[n++] = j;
        }
    *ch = adv_choose(c, n, (adv_choose_for){ADV_SCOPE_KERNEL, 0}, NULL);
    int best = ch->best >= 0 ? (int)at[ch->best] : (int)i;
    free(at);
    free(c);
    return best;
}

static int modelled(const adv_variant *v)
{
    return v->model.ok && v->state >= ADV_V_GENERATED && v->correct != 0;
}

static adv_scored model_score(const adv_variant *v)
{
    return (adv_scored){v->spec, v->model.ok, v->model.dram_bytes, 0, v->model.requests, 0};
}

static adv_scored measured_score(const adv_variant *v)
{
    return (adv_scored){v->spec, usable(v), v->median_ms, v->spread_pct, 0, 0};
}

static adv_rec predict_rec(const adv_variant *v, unsigned nv, unsigned i)
{
    adv_rec r = {.kernel = v[i].kernel, .st = v[i].st, .best = (int)i, .declared = (int)i, .speedup = 1.0, .predicted = 1};
    adv_choice ch;
    r.best = choose_among(v, nv, i, modelled, model_score, &ch);
    r.speedup = v[r.best].model.dram_bytes > 0 ? v[i].model.dram_bytes / v[r.best].model.dram_bytes : 1.0;
    r.at_stake_bytes = v[i].model.dram_bytes - v[r.best].model.dram_bytes;
    return r;
}

static adv_rec measured_rec(const adv_variant *v, unsigned nv, unsigned i, double peak_gbps)
{
    adv_rec r = {.kernel = v[i].kernel, .st = v[i].st, .best = (int)i, .declared = (int)i, .speedup = 1.0};
    adv_choice ch;
    r.best = choose_among(v, nv, i, usable, measured_score, &ch);
    r.within_noise = ch.within_noise;
    r.ntied = (int)ch.ntied;
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
            if (r->v[j].kernel == v->kernel && r->v[j].st == v->st && is_declared(&r->v[j]) &&
                r->v[j].state == ADV_V_MEASURED)
                decl = &r->v[j];
        for (unsigned j = 0; j < r->nrec; j++)
            if (r->rec[j].kernel == v->kernel && r->rec[j].st == v->st) {
                best = &r->v[r->rec[j].best];
                v->is_best = r->rec[j].best == (int)i;
            }
        if (v->state != ADV_V_MEASURED)
            continue;
        if (is_declared(v))
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

/* Variant (kernel k, struct st, layout sp) of gmadvise's own, or NULL. */
static const adv_variant *find(const adv_result *r, unsigned k, int st, const adv_layout_spec *sp)
{
    for (unsigned i = 0; i < r->nv; i++)
        if (r->v[i].kernel == k && r->v[i].st == st && !r->v[i].adopted && adv_layout_spec_eq(&r->v[i].spec, sp))
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

/* Every layout some variant of struct st has, each once, the declared
 * one first (the variants of a pair start with it). */
static unsigned layouts_of(const adv_result *r, int st, adv_layout_spec **out)
{
    unsigned n = 0;
    *out = gm_xcalloc(r->nv + 1, sizeof **out);
    for (unsigned i = 0; i < r->nv; i++) {
        if (r->v[i].st != st || r->v[i].adopted)
            continue;
        unsigned j = 0;
        while (j < n && !adv_layout_spec_eq(&(*out)[j], &r->v[i].spec))
            j++;
        if (j == n)
            (*out)[n++] = r->v[i].spec;
    }
    return n;
}

/* The weighted total of layout sp over p's kernels; 0 unless every kernel
 * has a value in it.  *requests: the weighted total of the model's
 * requests, the second key when predicted (as the per-kernel advice's). */
static double total_of(const adv_result *r, adv_program *p, const adv_layout_spec *sp, int *scored, double *requests)
{
    double total = 0;
    int ok = p->nk > 0;
    *scored = ok;
    *requests = 0;
    for (unsigned i = 0; i < p->nk; i++) {
        const adv_variant *v = find(r, p->k[i].kernel, p->st, sp);
        double x = value(v, p->predicted);
        *scored &= v && v->model.ok;
        ok &= x > 0;
        total += p->k[i].weight * x;
        *requests += v && p->predicted ? p->k[i].weight * v->model.requests : 0;
    }
    return ok ? total : 0;
}

/* Kernel i's own best among the n layouts sp (the declared first): the
 * one chooser's kernel scope, as the per-kernel advice scores them (the
 * measured median and its spread, or the model's bytes then requests). */
static void own_best(const adv_result *r, adv_program *p, unsigned i, const adv_layout_spec *sp, unsigned n)
{
    adv_scored *c = gm_xcalloc(n + 1, sizeof *c);
    for (unsigned L = 0; L < n; L++) {
        const adv_variant *v = find(r, p->k[i].kernel, p->st, &sp[L]);
        double x = value(v, p->predicted);
        c[L] = (adv_scored){sp[L], x > 0, x, v && !p->predicted ? v->spread_pct : 0,
                            v && p->predicted ? v->model.requests : 0, 0};
    }
    adv_choice ch = adv_choose(c, n, (adv_choose_for){ADV_SCOPE_KERNEL, 0}, NULL);
    int best = ch.best;
    for (unsigned L = 1; L < n && ch.best < 0; L++) /* the declared has no value: the lowest */
        if (c[L].ok && (best < 0 || c[L].score < c[best].score))
            best = (int)L;
    if (best >= 0) {
        p->k[i].best = c[best].score;
        p->k[i].best_spec = sp[best];
    }
    free(c);
}

static void program_of(const adv_result *r, int st, adv_program *p)
{
    memset(p, 0, sizeof *p);
    p->st = st;
    p->predicted = r->run != ADV_RUN_MEASURED;
    adv_layout_spec aos = adv_layout_declared();
    for (unsigned k = 0; k < adv_model_nkernels(r->m); k++)
        if (find(r, k, st, &aos)) {
            p->k = gm_xrealloc(p->k, (p->nk + 1) * sizeof *p->k);
            p->k[p->nk++] = (adv_program_kernel){.kernel = k, .weight = adv_model_weight(r->m, k)};
        }
    adv_layout_spec *sp;
    unsigned n = layouts_of(r, st, &sp);
    double *total = gm_xcalloc(n + 1, sizeof *total);
    adv_scored *c = gm_xcalloc(n + 1, sizeof *c);
    unsigned char *tied = gm_xcalloc(n + 1, 1);
    for (unsigned L = 0; L < n; L++) { /* sp[0] is the declared AoS */
        int scored;
        double requests;
        total[L] = total_of(r, p, &sp[L], &scored, &requests);
        p->generated += total[L] > 0;
        p->measured += total[L] > 0 && !p->predicted;
        c[L] = (adv_scored){sp[L], total[L] > 0, total[L], 0, requests, 0};
    }
    p->scored = r->search && st >= 0 ? r->search[st].scored : 0;
    p->left_out = r->search && st >= 0 ? r->search[st].left_out : 0;
    /* program scope: the declared layout stays unless another beats it beyond the noise */
    adv_choice ch = adv_choose(c, n, (adv_choose_for){ADV_SCOPE_PROGRAM, 0}, tied);
    unsigned best = ch.best > 0 ? (unsigned)ch.best : 0;
    p->within_noise = ch.within_noise;
    p->spec = sp[best];
    p->declared_total = total[0];
    p->chosen_total = total[best];
    p->tied = gm_xcalloc(n + 1, sizeof *p->tied);
    for (unsigned L = 0; L < n; L++)
        if (tied[L])
            p->tied[p->ntied++] = sp[L];
    free(tied);
    free(c);
    for (unsigned i = 0; i < p->nk; i++) {
        own_best(r, p, i, sp, n);
        p->k[i].declared = value(find(r, p->k[i].kernel, st, &aos), p->predicted);
        p->k[i].chosen = value(find(r, p->k[i].kernel, st, &p->spec), p->predicted);
        p->k[i].own_faster = p->k[i].best > 0 && !adv_layout_spec_eq(&p->k[i].best_spec, &p->spec) &&
                             p->k[i].best < p->k[i].chosen;
    }
    adv_layout_describe(adv_model_struct(r->m, (unsigned)st), &p->spec, &p->desc);
    free(total);
    free(sp);
}

/* The parameters that point to the recommendation's struct and the
 * adoption header's view each becomes. */
static void adoption_views(const adv_result *r, adv_rec *rc)
{
    const adv_kernel *k = adv_model_kernel(r->m, rc->kernel);
    rc->views = gm_xcalloc(k->nparams + 1, sizeof *rc->views);
    for (unsigned p = 0; p < k->nparams; p++)
        if (adv_param_points_to(&k->params[p], rc->st))
            rc->views[rc->nviews++] = (struct adv_rec_view){p, adv_adopt_view(&k->params[p])};
}

static void programs(adv_result *r)
{
    free_programs(r);
    r->prog = gm_xcalloc(adv_model_nstructs(r->m) + 1, sizeof *r->prog);
    r->nprog = 0;
    for (unsigned s = 0; s < adv_model_nstructs(r->m); s++) {
        program_of(r, (int)s, &r->prog[r->nprog]);
        if (r->prog[r->nprog].nk)
            r->nprog++;
        else {
            free(r->prog[r->nprog].k);
            free(r->prog[r->nprog].tied);
            adv_layout_desc_free(&r->prog[r->nprog].desc);
        }
    }
}

void adv_result_rank(adv_result *r)
{
    const adv_variant *v = r->v;
    free_recs(r);
    r->rec = gm_xcalloc(r->nv + 1, sizeof *r->rec);
    r->nrec = 0;
    double peak = r->run == ADV_RUN_MEASURED ? r->ref.memcpy_gbps : 0;
    for (unsigned i = 0; i < r->nv; i++) {
        if (!is_declared(&v[i]) || v[i].st < 0)
            continue;
        if (usable(&v[i]))
            r->rec[r->nrec++] = measured_rec(v, r->nv, i, peak);
        else if (v[i].state != ADV_V_MEASURED && v[i].model.ok)
            r->rec[r->nrec++] = predict_rec(v, r->nv, i);
    }
    qsort(r->rec, r->nrec, sizeof *r->rec, by_stake);
    for (unsigned i = 0; i < r->nrec; i++)
        if (r->rec[i].best != r->rec[i].declared)
            adoption_views(r, &r->rec[i]);
    verdicts(r);
    programs(r);
}
