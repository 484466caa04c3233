#include "stopping.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "../common/limits.h"
#include "../common/strbuf.h"

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

static double p10_of(const double *sorted, int n)
{
    return sorted[(int)(0.1 * (n - 1))];
}

void jit_timing_summarize(double *ms, int n, jit_timing *t)
{
    qsort(ms, (size_t)n, sizeof *ms, cmp_double);
    t->samples = n;
    t->min_ms = ms[0];
    t->max_ms = ms[n - 1];
    t->median_ms = n % 2 ? ms[n / 2] : (ms[n / 2 - 1] + ms[n / 2]) / 2;
    /* half the width of the central 80 %, relative to the median */
    double p10 = p10_of(ms, n), p90 = ms[(int)ceil(0.9 * (n - 1))];
    t->spread_pct = t->median_ms > 0 ? 100.0 * (p90 - p10) / (2 * t->median_ms) : 0;
}

/* Even at its p10, the timing is slower than the rival beyond
 * GM_STOP_BEHIND_NOISES times the noise the ranking allows between the two. */
static int behind(const jit_method *me, double p10, const jit_timing *t)
{
    if (me->rival_ms <= 0 || p10 <= 0)
        return 0;
    double noise = me->rival_spread_pct + t->spread_pct;
    if (noise < GM_NOISE_FLOOR_PCT)
        noise = GM_NOISE_FLOOR_PCT;
    return (p10 - me->rival_ms) / p10 * 100.0 > GM_STOP_BEHIND_NOISES * noise;
}

/* Tied with the rival beyond doubt: the ranking calls the two tied (rank.c
 * adv_timings_tie: neither faster beyond the sum of their spreads, at
 * least GM_NOISE_FLOOR_PCT) even after the median moves by
 * GM_STOP_TIE_SIGMAS standard errors of both medians (each about its
 * spread over the square root of the samples: the spread, unlike the
 * median's error, does not shrink with more samples). */
static int tied(const jit_method *me, const jit_timing *t, int n)
{
    if (me->rival_ms <= 0 || t->median_ms <= 0)
        return 0;
    double noise = me->rival_spread_pct + t->spread_pct;
    if (noise < GM_NOISE_FLOOR_PCT)
        noise = GM_NOISE_FLOOR_PCT;
    double margin = GM_STOP_TIE_SIGMAS * (t->spread_pct + me->rival_spread_pct) / sqrt((double)n);
    double slower = (t->median_ms - me->rival_ms) / t->median_ms * 100.0;
    double faster = (me->rival_ms - t->median_ms) / me->rival_ms * 100.0;
    return slower + margin <= noise && faster + margin <= noise;
}

/* Without a rival: the spread under the ranking's noise floor, and the
 * median within GM_STOP_SETTLED_FLOOR of that floor by GM_STOP_TIE_SIGMAS
 * standard errors (more samples could move it less than any verdict
 * needs). */
static int settled(const jit_method *me, const jit_timing *t, int n)
{
    if (me->rival_ms > 0 || t->spread_pct > GM_NOISE_FLOOR_PCT)
        return 0;
    return GM_STOP_TIE_SIGMAS * t->spread_pct / sqrt((double)n) <= GM_STOP_SETTLED_FLOOR * GM_NOISE_FLOOR_PCT;
}

jit_stop jit_stop_rule(const jit_method *me, const double *ms, int n, double elapsed_s, jit_timing *t)
{
    int early = n < me->min_samples && n < me->max_samples;
    /* before min_samples only the bound against the rival may stop it,
     * from GM_STOP_EARLY_SAMPLES on (where p10 is the fastest sample) */
    if (n <= 0 || (early && (me->rival_ms <= 0 || n < GM_STOP_EARLY_SAMPLES)))
        return JIT_SAMPLE_MORE;
    double *tmp = gm_xmalloc((size_t)n * sizeof *tmp);
    memcpy(tmp, ms, (size_t)n * sizeof *tmp);
    jit_timing_summarize(tmp, n, t);
    double p10 = p10_of(tmp, n);
    free(tmp);
    if (early)
        return behind(me, p10, t) ? JIT_STOP_BEHIND : JIT_SAMPLE_MORE;
    if (t->spread_pct <= me->target_spread_pct)
        return JIT_STOP_SPREAD;
    if (elapsed_s > me->budget_s)
        return JIT_STOP_BUDGET;
    if (behind(me, p10, t))
        return JIT_STOP_BEHIND;
    if (tied(me, t, n))
        return JIT_STOP_TIED;
    if (settled(me, t, n))
        return JIT_STOP_SETTLED;
    return n >= me->max_samples ? JIT_STOP_MAX : JIT_SAMPLE_MORE;
}
