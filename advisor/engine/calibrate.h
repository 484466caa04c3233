/* Calibration: the problem size at which a kernel is measured.  Starting
 * small, the element count grows geometrically until one launch of the
 * declared variant takes GM_CALIBRATE_TARGET_MS or the count reaches the
 * memory plan (adv_plan_sizes): a streaming kernel stops at the plan, as
 * before; a kernel whose threads loop over the problem (all-pairs over n)
 * or over an iteration count stops where one launch takes the target
 * time, so no launch is blind.  A launch that still outlives the worker's
 * timeout is then a bug of the kernel, not of the size.
 *
 * The clock is the caller's (a launch timed on the GPU, or a fake one in
 * the tests), so the rule is tested without a GPU. */
#ifndef ADV_CALIBRATE_H
#define ADV_CALIBRATE_H

#include "../../common/status.h"

/* One launch over n elements: its time in *ms, or a gm_code with st. */
typedef int (*adv_launch_ms_fn)(void *ctx, long long n, double *ms, gm_status *st);

typedef enum {
    ADV_CAL_TARGET,  /* a launch reached the target time */
    ADV_CAL_PLAN     /* the memory plan's count came first */
} adv_cal_stop;

typedef struct {
    long long n;     /* the count to measure at */
    double ms;       /* one launch's time there */
    unsigned steps;  /* launches made */
    adv_cal_stop stop;
} adv_calibration;

/* Grows n from n_min (both multiples of grain, n_min <= n_max) by at most
 * GM_CALIBRATE_GROWTH a step, aiming at target_ms with the growth of the
 * time seen so far (t ~ n^a, 1 <= a <= 3).  Returns GM_OK or the launch's
 * error. */
int adv_calibrate(long long n_min, long long n_max, long long grain, double target_ms, adv_launch_ms_fn launch,
                  void *ctx, adv_calibration *out, gm_status *st);

#endif
