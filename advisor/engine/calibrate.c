#include "calibrate.h"

#include <math.h>
#include <string.h>

#include "../../common/limits.h"

int adv_calibrate(long long n_min, long long n_max, long long grain, double target_ms, adv_launch_ms_fn launch,
                  void *ctx, adv_calibration *out, gm_status *st)
{
    memset(out, 0, sizeof *out);
    if (grain < 1)
        grain = 1;
    if (n_max < n_min)
        n_max = n_min;
    long long n = n_min, prev_n = 0;
    double prev_ms = 0;
    for (;;) {
        double ms = 0;
        int rc = launch(ctx, n, &ms, st);
        out->steps++;
        if (rc != GM_OK)
            return rc;
        out->n = n;
        out->ms = ms;
        if (ms >= target_ms) {
            out->stop = ADV_CAL_TARGET;
            return GM_OK;
        }
        if (n >= n_max) {
            out->stop = ADV_CAL_PLAN;
            return GM_OK;
        }
        /* the time's growth with n so far; launch overhead flattens it at
         * small sizes, so it is never taken below linear */
        double a = 1;
        if (prev_n > 0 && prev_ms > 0 && ms > prev_ms)
            a = log(ms / prev_ms) / log((double)n / (double)prev_n);
        a = a < 1 ? 1 : a > 3 ? 3 : a;
        double f = ms > 0 ? pow(target_ms / ms, 1 / a) : GM_CALIBRATE_GROWTH;
        f = f > GM_CALIBRATE_GROWTH ? GM_CALIBRATE_GROWTH : f < 1.25 ? 1.25 : f;
        prev_n = n;
        prev_ms = ms;
        double next = ceil((double)n * f / (double)grain) * (double)grain;
        n = next >= (double)n_max ? n_max : (long long)next;
    }
}
