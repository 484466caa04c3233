/* When two scores are different: the one rule every ranking uses (the
 * advice run, the program answer, the model's predictions, the search's
 * tier, merge).  A score is a cost, lower is better: a measured median
 * with its spread, or the model's bytes or requests with spread 0.  No
 * GPU, no I/O. */
#ifndef ADV_RANK_H
#define ADV_RANK_H

/* 1 when a (median a_ms, spread a_spread %) is faster than b by more than
 * both spreads together, and by more than the noise floor
 * (common/limits.h). */
int adv_faster_beyond_noise(double a_ms, double a_spread, double b_ms, double b_spread);

/* 1 when neither is faster beyond the noise: a tie, not a ranking. */
int adv_timings_tie(double a_ms, double a_spread, double b_ms, double b_spread);

#endif
