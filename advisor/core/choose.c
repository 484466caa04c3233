#include "choose.h"

#include "rank.h"

int adv_scored_better(const adv_scored *a, const adv_scored *b)
{
    if (adv_faster_beyond_noise(a->score, a->spread, b->score, b->spread))
        return 1;
    if (adv_faster_beyond_noise(b->score, b->spread, a->score, a->spread))
        return 0;
    return adv_faster_beyond_noise(a->second, 0, b->second, 0);
}

static int allowed(const adv_scored *c, unsigned only)
{
    return c->ok && c->score > 0 && (!(only & ADV_ONLY_STANDARD) || adv_layout_spec_is_std(&c->spec)) &&
           (!(only & ADV_ONLY_ADOPTABLE) || c->adoptable);
}

adv_choice adv_choose(const adv_scored *c, unsigned n, adv_choose_for scope, unsigned char *tied)
{
    adv_choice ch = {-1, 0, 0};
    if (n == 0 || !c[0].ok || c[0].score <= 0)
        return ch;
    /* the lowest score (the first of equals, the declared before all) */
    int low = 0;
    for (unsigned i = 1; i < n; i++)
        if (allowed(&c[i], scope.only) && c[i].score < c[low].score)
            low = (int)i;
    /* among the scores within the noise of it, the best second */
    int pick = low;
    for (unsigned i = 0; i < n; i++)
        if (allowed(&c[i], scope.only) &&
            !adv_faster_beyond_noise(c[low].score, c[low].spread, c[i].score, c[i].spread) &&
            adv_faster_beyond_noise(c[i].second, 0, c[pick].second, 0))
            pick = (int)i;
    low = pick;
    ch.best = low;
    if (low != 0 && !adv_scored_better(&c[low], &c[0])) { /* the declared stays */
        ch.best = 0;
        ch.within_noise = 1;
    }
    for (unsigned i = 0; i < n; i++) {
        int t = (int)i != ch.best && allowed(&c[i], scope.only) &&
                adv_timings_tie(c[i].score, c[i].spread, c[ch.best].score, c[ch.best].spread);
        if (tied)
            tied[i] = (unsigned char)t;
        ch.ntied += (unsigned)t;
    }
    return ch;
}
