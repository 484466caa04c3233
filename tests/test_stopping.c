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

    /* before GM_STOP_EARLY_SAMPLES the rule never stops, whatever the rival */
    double few[3] = {9, 9, 9};
    me.rival_ms = 0.001;
    CHECK_EQ(jit_stop_rule(&me, few, 3, 100, &t), JIT_SAMPLE_MORE);
    return TEST_DONE();
}
