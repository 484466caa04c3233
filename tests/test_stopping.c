/* When a timing stops sampling (jit/stopping.c), driven with synthetic
 * samples and a fake clock: nvbench's rule (spread, budget, max) as
 * before, and the early stop of a variant that cannot change the answer,
 * checked against the ranking's own rule (rank.c). */
#include <math.h>
#include <stdlib.h>

#include "../advisor/core/rank.h"
#include "../common/limits.h"
#include "../jit/stopping.h"
#include "check.h"

/* Deterministic noise: sample i of a timing around `mid` with a relative
 * jitter of +-jit (a fixed pseudo-random sequence). */
static double sample(double mid, double jit, int i)
{
    unsigned x = 2654435761u * (unsigned)(i + 1);
    x ^= x >> 15;
    double u = (double)(x % 10007) / 10006.0; /* 0..1 */
    return mid * (1 + jit * (2 * u - 1));
}

/* Feeds samples one at a time, the clock advancing `per` seconds each,
 * until the rule stops; returns why, with *n the samples taken. */
static jit_stop drive(const jit_method *me, double mid, double jit, double per, int *n, jit_timing *t)
{
    double *ms = calloc((size_t)me->max_samples + 1, sizeof *ms);
    jit_stop why = JIT_SAMPLE_MORE;
    for (*n = 0; *n < me->max_samples && why == JIT_SAMPLE_MORE;) {
        ms[*n] = sample(mid, jit, *n);
        (*n)++;
        why = jit_stop_rule(me, ms, *n, per * *n, t);
    }
    free(ms);
    return why;
}

/* The rule as it was before JIT_STOP_SETTLED: a timing without a rival
 * sampled until the spread, the budget or max_samples stop it. */
static void drive_full(const jit_method *me, double mid, double jit, int *n, jit_timing *t)
{
    double *ms = calloc((size_t)me->max_samples + 1, sizeof *ms);
    jit_stop why = JIT_SAMPLE_MORE;
    for (*n = 0; *n < me->max_samples && (why == JIT_SAMPLE_MORE || why == JIT_STOP_SETTLED);) {
        ms[*n] = sample(mid, jit, *n);
        (*n)++;
        why = jit_stop_rule(me, ms, *n, 0.001 * *n, t);
    }
    if (why == JIT_STOP_SETTLED) /* (at max_samples) */
        jit_timing_summarize(ms, *n, t);
    free(ms);
}

/* The ranking's verdict on a variant against the declared layout: -1
 * faster beyond the noise, 0 tied, 1 slower. */
static int verdict(const jit_timing *v, const jit_timing *decl)
{
    if (adv_faster_beyond_noise(v->median_ms, v->spread_pct, decl->median_ms, decl->spread_pct))
        return -1;
    return adv_timings_tie(v->median_ms, v->spread_pct, decl->median_ms, decl->spread_pct) ? 0 : 1;
}

/* A variant of median `mid` sampled with the declared layout as its rival
 * (measure.c), and the ranking's verdict on it. */
static int judged(double mid, double jit, int off, const jit_timing *decl, jit_timing *t)
{
    jit_method me;
    jit_method_default(&me);
    me.rival_ms = decl->median_ms;
    me.rival_spread_pct = decl->spread_pct;
    double *ms = calloc((size_t)me.max_samples + 1, sizeof *ms);
    jit_stop why = JIT_SAMPLE_MORE;
    for (int n = 0; n < me.max_samples && why == JIT_SAMPLE_MORE;) {
        ms[n] = sample(mid, jit, n + off);
        n++;
        why = jit_stop_rule(&me, ms, n, 0.001 * n, t);
    }
    free(ms);
    return verdict(t, decl);
}

/* How far (percentage points) a variant's difference from the declared
 * layout lies from the nearest edge of the ranking's noise band. */
static double from_edge(const jit_timing *v, const jit_timing *decl)
{
    double noise = v->spread_pct + decl->spread_pct;
    if (noise < GM_NOISE_FLOOR_PCT)
        noise = GM_NOISE_FLOOR_PCT;
    double d = fabs(decl->median_ms - v->median_ms) / fmax(decl->median_ms, v->median_ms) * 100.0;
    return fabs(d - noise);
}

int main(void)
{
    jit_method me;
    jit_method_default(&me);
    CHECK(me.rival_ms == 0);
    jit_timing t;
    int n;

    /* steady samples: the spread is reached at min_samples */
    CHECK_EQ(drive(&me, 1.0, 0.001, 0.001, &n, &t), JIT_STOP_SPREAD);
    CHECK_EQ(n, GM_DEFAULT_MIN_SAMPLES);
    CHECK(fabs(t.median_ms - 1.0) < 0.002 && t.spread_pct <= me.target_spread_pct);

    /* noisy samples, no rival: to max_samples, as before */
    CHECK_EQ(drive(&me, 1.0, 0.05, 0.001, &n, &t), JIT_STOP_MAX);
    CHECK_EQ(n, GM_DEFAULT_MAX_SAMPLES);
    CHECK_EQ(t.samples, GM_DEFAULT_MAX_SAMPLES);

    /* the budget (a fake clock of 1 s a sample) ends it at min_samples */
    CHECK_EQ(drive(&me, 1.0, 0.05, 1.0, &n, &t), JIT_STOP_BUDGET);
    CHECK_EQ(n, GM_DEFAULT_MIN_SAMPLES);

    /* a rival twice as fast: the noisy timing stops at GM_STOP_EARLY_SAMPLES,
     * before min_samples, and the ranking calls it slower beyond the noise
     * by the figures kept */
    me.rival_ms = 0.5;
    me.rival_spread_pct = 0.4;
    CHECK_EQ(drive(&me, 1.0, 0.05, 0.001, &n, &t), JIT_STOP_BEHIND);
    CHECK_EQ(n, GM_STOP_EARLY_SAMPLES);
    CHECK_EQ(t.samples, GM_STOP_EARLY_SAMPLES);
    /* one sample fewer: never, however far behind */
    {
        double four[4] = {9, 9, 9, 9};
        CHECK_EQ(jit_stop_rule(&me, four, GM_STOP_EARLY_SAMPLES - 1, 0, &t), JIT_SAMPLE_MORE);
    }
    /* a rival 10 % faster than a timing of 5 % jitter: not beyond doubt at
     * 5 samples (its fastest is within twice the noise), so sampled on to
     * min_samples at least */
    me.rival_ms = 0.9;
    drive(&me, 1.0, 0.05, 0.001, &n, &t);
    CHECK(n >= GM_DEFAULT_MIN_SAMPLES);
    me.rival_ms = 0.5;
    CHECK(adv_faster_beyond_noise(me.rival_ms, me.rival_spread_pct, t.median_ms, t.spread_pct));
    CHECK(t.spread_pct > me.target_spread_pct); /* its own spread, stated */

    /* the same timing sampled in full, without a rival: what an early stop
     * is checked against */
    jit_method full = me;
    full.rival_ms = 0;
    jit_timing tf;
    CHECK_EQ(drive(&full, 1.0, 0.05, 0.001, &n, &tf), JIT_STOP_MAX);

    /* a rival within the noise, or slower: a clear tie stops at
     * min_samples, the rest is sampled in full */
    for (double rival = 0.90; rival < 1.2; rival += 0.01) {
        me.rival_ms = rival;
        jit_stop why = drive(&me, 1.0, 0.05, 0.001, &n, &t);
        CHECK(why == JIT_STOP_MAX || why == JIT_STOP_BEHIND || why == JIT_STOP_TIED);
        if (why == JIT_STOP_BEHIND) /* never where the ranking could call them tied */
            CHECK(adv_faster_beyond_noise(rival, me.rival_spread_pct, t.median_ms, t.spread_pct));
        if (why == JIT_STOP_TIED) { /* tied by the figures kept, and by the full sampling's */
            CHECK(adv_timings_tie(rival, me.rival_spread_pct, t.median_ms, t.spread_pct));
            CHECK(adv_timings_tie(rival, me.rival_spread_pct, tf.median_ms, tf.spread_pct));
        }
        if (fabs(rival - 1.0) < 0.005) { /* the rival at the timing's own median */
            CHECK_EQ(why, JIT_STOP_TIED);
            CHECK_EQ(n, GM_DEFAULT_MIN_SAMPLES);
        }
        if (rival >= 1.06) /* near the edge of the noise: more samples decide */
            CHECK_EQ(why, JIT_STOP_MAX);
    }

    /* every rival, every jitter: an early stop always agrees with the
     * ranking, on the figures kept and on those of the full sampling */
    int early = 0;
    for (double jit = 0.001; jit < 0.3; jit *= 1.7) {
        full.rival_ms = 0;
        drive(&full, 1.0, jit, 0.001, &n, &tf);
        for (double rival = 0.2; rival < 1.5; rival += 0.01) {
            me.rival_ms = rival;
            jit_stop why = drive(&me, 1.0, jit, 0.001, &n, &t);
            if (why == JIT_STOP_BEHIND) { /* slower by the figures kept and by the full sampling's */
                CHECK(adv_faster_beyond_noise(rival, me.rival_spread_pct, t.median_ms, t.spread_pct));
                CHECK(adv_faster_beyond_noise(rival, me.rival_spread_pct, tf.median_ms, tf.spread_pct));
                early += n < GM_DEFAULT_MIN_SAMPLES;
            }
            if (why == JIT_STOP_TIED) {
                CHECK(adv_timings_tie(rival, me.rival_spread_pct, t.median_ms, t.spread_pct));
                CHECK(adv_timings_tie(rival, me.rival_spread_pct, tf.median_ms, tf.spread_pct));
            }
        }
    }

    CHECK(early > 100); /* (the stops before min_samples among them) */
    printf("stops before min_samples: %d, each one a loss by the full sampling's figures too\n", early);

    /* without a rival (the declared layout): a spread over the noise floor
     * is sampled to max_samples (above), one under it stops once its median
     * is settled.  The ranking's verdict on a variant against it may then
     * differ from full sampling's only near the edge of the noise band
     * (within GM_STOP_SETTLED_FLOOR of the floor), and less often than two
     * full samplings of the same timings (another stretch of the sequence)
     * differ from each other */
    jit_method_default(&me);
    int settled = 0, verdicts = 0, differ = 0, differ_full = 0;
    for (double jit = 0.004; jit < 0.03; jit *= 1.15) {
        jit_timing tc, tf2, tv, tvf;
        int nc, nf;
        jit_stop why = drive(&me, 1.0, jit, 0.001, &nc, &tc);
        drive_full(&me, 1.0, jit, &nf, &tf);
        CHECK(why == JIT_STOP_SPREAD || why == JIT_STOP_SETTLED || why == JIT_STOP_MAX);
        if (why == JIT_STOP_SETTLED) {
            settled++;
            CHECK(nc < nf && nc >= GM_DEFAULT_MIN_SAMPLES);
            CHECK(tc.spread_pct <= GM_NOISE_FLOOR_PCT && tc.samples == nc); /* its own spread, stated */
        } else {
            CHECK(nc == nf && tc.median_ms == tf.median_ms); /* as before */
        }
        if (why == JIT_STOP_MAX)
            CHECK(tc.spread_pct > GM_NOISE_FLOOR_PCT);
        {   /* the same timing sampled in full over another stretch */
            double *ms = calloc(GM_DEFAULT_MAX_SAMPLES, sizeof *ms);
            for (int i = 0; i < GM_DEFAULT_MAX_SAMPLES; i++)
                ms[i] = sample(1.0, jit, i + 1000);
            jit_timing_summarize(ms, GM_DEFAULT_MAX_SAMPLES, &tf2);
            free(ms);
        }
        for (double vjit = 0.002; vjit < 0.1; vjit *= 2.5)
            for (double mid = 0.95; mid < 1.05; mid += 0.0005) {
                int a = judged(mid, vjit, 7, &tc, &tv), b = judged(mid, vjit, 7, &tf, &tvf);
                verdicts++;
                if (a != b) {
                    differ++;
                    CHECK(why == JIT_STOP_SETTLED);
                    CHECK(from_edge(&tvf, &tf) < GM_STOP_SETTLED_FLOOR * GM_NOISE_FLOOR_PCT);
                }
                differ_full += judged(mid, vjit, 7, &tf2, &tv) != b;
            }
    }
    CHECK(settled >= 3);
    CHECK(differ < differ_full);
    printf("declared layouts settled before max_samples: %d; of %d verdicts on variants against them, %d differ "
           "from full sampling's (all within %.2f points of the noise edge); two full samplings differ in %d\n",
           settled, verdicts, differ, GM_STOP_SETTLED_FLOOR * GM_NOISE_FLOOR_PCT, differ_full);

    /* before GM_STOP_EARLY_SAMPLES the rule never stops, whatever the rival */
    double few[3] = {9, 9, 9};
    me.rival_ms = 0.001;
    CHECK_EQ(jit_stop_rule(&me, few, 3, 100, &t), JIT_SAMPLE_MORE);
    return TEST_DONE();
}
