#include "recommend.h"

#include <stdlib.h>
#include <string.h>

#include "../common/strbuf.h"
#include "coalesce.h"

static int usable(const adv_variant *v)
{
    return v->measured && v->correct == 1 && v->median_ms > 0;
}

/* Two timings differ only if they are further apart than both spreads
 * together, and never by less than the noise floor. */
static int beyond_noise(const adv_variant *a, const adv_variant *b)
{
    double noise = a->spread_pct + b->spread_pct;
    if (noise < ADV_NOISE_FLOOR_PCT)
        noise = ADV_NOISE_FLOOR_PCT;
    return (b->median_ms - a->median_ms) / b->median_ms * 100.0 > noise;
}

int adv_variant_tie(const adv_variant *a, const adv_variant *b)
{
    return a->measured && b->measured && !beyond_noise(a, b) && !beyond_noise(b, a);
}

static int by_stake(const void *x, const void *y)
{
    const adv_rec *a = x, *b = y;
    return a->at_stake_ms > b->at_stake_ms ? -1 : a->at_stake_ms < b->at_stake_ms;
}

void adv_predict(const adv_model *m, adv_variant *v)
{
    const adv_kernel *kn = adv_model_kernel(m, v->kernel);
    adv_dram d;
    adv_kernel_dram(m, v->kernel, v->st, v->kind, &d);
    v->predicted = d.ok;
    if (!d.ok)
        return;
    unsigned long long req = 0, sec = 0;
    for (unsigned a = 0; a < kn->naccesses && v->predicted; a++) {
        if (adv_access_repeats(kn, a))
            continue;
        adv_cost c;
        adv_access_cost(m, v->kernel, a, v->st, v->kind, &c);
        v->predicted = c.ok;
        req += c.requests;
        sec += c.sectors;
    }
    v->dram_bytes = d.read_bytes + d.write_bytes;
    v->requests = (double)req / ADV_MODEL_WARPS;
    v->sectors_per_request = req ? (double)sec / (double)req : 0;
}

/* Model order: DRAM bytes first, then requests; 1 % either way is a tie. */
static int predicted_better(const adv_variant *a, const adv_variant *b)
{
    if (a->dram_bytes < b->dram_bytes * 0.99)
        return 1;
    if (a->dram_bytes > b->dram_bytes * 1.01)
        return 0;
    return a->requests < b->requests * 0.99;
}

static adv_rec predict_rec(const adv_variant *v, unsigned nv, unsigned i)
{
    adv_rec r = {.kernel = v[i].kernel, .st = v[i].st, .best = (int)i, .declared = (int)i, .speedup = 1.0, .predicted = 1};
    for (unsigned j = 0; j < nv; j++)
        if (v[j].kernel == v[i].kernel && v[j].st == v[i].st && v[j].predicted && v[j].kid >= 0 &&
            v[j].correct != 0 && predicted_better(&v[j], &v[r.best]))
            r.best = (int)j;
    r.speedup = v[r.best].dram_bytes > 0 ? v[i].dram_bytes / v[r.best].dram_bytes : 1.0;
    r.at_stake_ms = v[i].dram_bytes - v[r.best].dram_bytes; /* bytes: sorts the same way */
    return r;
}

int adv_predict_best(const adv_model *m, unsigned k, int st, adv_variant *best, adv_variant *decl)
{
    adv_variant v[ADV_L_COUNT];
    unsigned n = 0;
    for (int L = 0; L < ADV_L_COUNT; L++) {
        char why[128];
        adv_layout *lay = adv_layout_create(adv_model_struct(m, (unsigned)st), (adv_layout_kind)L, 1024,
                                            why, sizeof why);
        if (!lay)
            continue;
        adv_layout_destroy(lay);
        memset(&v[n], 0, sizeof v[n]);
        v[n].kernel = k;
        v[n].st = st;
        v[n].kind = (adv_layout_kind)L;
        v[n].correct = -1;
        adv_predict(m, &v[n]);
        n++;
    }
    if (n == 0 || v[0].kind != ADV_L_AOS || !v[0].predicted)
        return 0;
    adv_rec r = predict_rec(v, n, 0);
    *best = v[r.best];
    *decl = v[0];
    return 1;
}

unsigned adv_recommend(const adv_variant *v, unsigned nv, double peak_gbps, adv_rec **out)
{
    adv_rec *recs = gm_xcalloc(nv + 1, sizeof *recs);
    unsigned n = 0;
    for (unsigned i = 0; i < nv; i++) {
        if (v[i].kind != ADV_L_AOS || v[i].st < 0)
            continue;
        if (!usable(&v[i])) {
            if (!v[i].measured && v[i].predicted)
                recs[n++] = predict_rec(v, nv, i);
            continue;
        }
        adv_rec r = {.kernel = v[i].kernel, .st = v[i].st, .best = (int)i, .declared = (int)i, .speedup = 1.0};
        for (unsigned j = 0; j < nv; j++)
            if (j != i && v[j].kernel == v[i].kernel && v[j].st == v[i].st && usable(&v[j]) &&
                v[j].median_ms < v[r.best].median_ms)
                r.best = (int)j;
        if (r.best != r.declared && !beyond_noise(&v[r.best], &v[i])) {
            r.best = r.declared;
            r.within_noise = 1;
        }
        for (unsigned j = 0; j < nv; j++)
            r.ntied += (int)j != r.best && v[j].kernel == v[i].kernel && v[j].st == v[i].st &&
                       usable(&v[j]) && adv_variant_tie(&v[j], &v[r.best]);
        r.speedup = v[i].median_ms / v[r.best].median_ms;
        r.at_stake_ms = v[i].median_ms - v[r.best].median_ms;
        r.peak_pct = peak_gbps > 0 ? 100.0 * v[r.best].gbps / peak_gbps : 0;
        recs[n++] = r;
    }
    qsort(recs, n, sizeof *recs, by_stake);
    *out = recs;
    return n;
}
