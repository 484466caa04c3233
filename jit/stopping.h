/* When to stop sampling one timing (runner.c), as a pure function of the
 * samples so far and the time spent, so that a test can drive it with
 * synthetic samples and a fake clock.
 *
 * nvbench's rule: at least min_samples, then until the spread (half the
 * width of the central 80 %, relative to the median) is under the target,
 * the per-timing budget is spent, or max_samples are taken.  On top of it,
 * a timing with a rival (the fastest median so far among the variants it
 * competes with, and that median's spread) stops as soon as it cannot
 * change the answer: when even the low end of its central 80 % (p10) is
 * slower than the rival beyond GM_STOP_BEHIND_NOISES times the noise the
 * ranking allows (rank.c's adv_faster_beyond_noise: the sum of both
 * spreads, at least GM_NOISE_FLOOR_PCT), checked from GM_STOP_EARLY_SAMPLES
 * samples on (before min_samples: where even the fastest of a few samples
 * is that far behind, ten more of about 2 ms each cannot bring it level;
 * a variant far slower than the best costs 5 + 2 launches, not 15 + 2);
 * and one that is tied with the
 * rival with room to spare (the tie holds with both medians moved by
 * GM_STOP_TIE_SIGMAS of their standard errors) stops too: the ranking
 * calls them tied either way.  The declared layout, which every
 * speed-up is relative to, has no rival (measure.c); a timing without one
 * stops once it is settled: its spread under GM_NOISE_FLOOR_PCT (the least
 * noise the ranking allows any two timings) and GM_STOP_TIE_SIGMAS
 * standard errors of its median under GM_STOP_SETTLED_FLOOR of that floor
 * (a spread of 0.76 % settles at 21 samples, not 100): more samples would
 * move its median by less than the ranking can tell.  Invariant: a timing stopped so is slower than the
 * rival beyond the noise by the figures it reports (the median is at least
 * p10), and those figures state their own spread. */
#ifndef JIT_STOPPING_H
#define JIT_STOPPING_H

#include "runner.h"

typedef enum {
    JIT_SAMPLE_MORE,  /* go on */
    JIT_STOP_SPREAD,  /* the spread reached the target */
    JIT_STOP_BUDGET,  /* the time budget is spent */
    JIT_STOP_MAX,     /* max_samples taken */
    JIT_STOP_BEHIND,  /* slower than the rival beyond the noise: more samples cannot change the answer */
    JIT_STOP_TIED,    /* tied with the rival by a margin more samples would not close */
    JIT_STOP_SETTLED  /* no rival, and its median known within less than the ranking's noise floor */
} jit_stop;

/* The median, spread and range of ms[0..n) (sorted in place) into t. */
void jit_timing_summarize(double *ms, int n, jit_timing *t);

/* Whether to stop after n samples (ms[0..n), in the order taken, not
 * changed) and elapsed_s seconds; t holds their summary when the answer
 * is not JIT_SAMPLE_MORE. */
jit_stop jit_stop_rule(const jit_method *me, const double *ms, int n, double elapsed_s, jit_timing *t);

#endif
