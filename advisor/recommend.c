#include "recommend.h"

#include <stdlib.h>

#include "../common/strbuf.h"

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

static int by_stake(const void *x, const void *y)
{
    const adv_rec *a = x, *b = y;
    return a->at_stake_ms > b->at_stake_ms ? -1 : a->at_stake_ms < b->at_stake_ms;
}

unsigned adv_recommend(const adv_variant *v, unsigned nv, double peak_gbps, adv_rec **out)
{
    adv_rec *recs = gm_xcalloc(nv + 1, sizeof *recs);
    unsigned n = 0;
    for (unsigned i = 0; i < nv; i++) {
        if (v[i].kind != ADV_L_AOS || v[i].st < 0 || !usable(&v[i]))
            continue;
        adv_rec r = {v[i].kernel, v[i].st, (int)i, (int)i, 1.0, 0, 0, 0};
        for (unsigned j = 0; j < nv; j++)
            if (j != i && v[j].kernel == v[i].kernel && v[j].st == v[i].st && usable(&v[j]) &&
                v[j].median_ms < v[r.best].median_ms)
                r.best = (int)j;
        if (r.best != r.declared && !beyond_noise(&v[r.best], &v[i])) {
            r.best = r.declared;
            r.within_noise = 1;
        }
        r.speedup = v[i].median_ms / v[r.best].median_ms;
        r.at_stake_ms = v[i].median_ms - v[r.best].median_ms;
        r.peak_pct = peak_gbps > 0 ? 100.0 * v[r.best].gbps / peak_gbps : 0;
        recs[n++] = r;
    }
    qsort(recs, n, sizeof *recs, by_stake);
    *out = recs;
    return n;
}
