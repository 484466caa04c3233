/* Calibration (engine/calibrate.h) on fake clocks: a streaming kernel
 * stops at the memory plan, an all-pairs kernel (time ~ n^2) and an
 * iteration kernel (time ~ n * iters) stop where a launch reaches the
 * target, never growing more than GM_CALIBRATE_GROWTH a step; a kernel
 * slow from the first size stops there; a failed launch is returned.
 * And what grows while it calibrates: the element count parameter, never
 * a scalar that bounds a loop inside the thread (tests/shaped/iterate.cu's
 * iters), whose cost the clock sees instead. */
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "../advisor/engine/calibrate.h"
#include "../advisor/frontend/load.h"
#include "../common/limits.h"
#include "check.h"

typedef struct {
    double overhead_ms, per_el, per_el2; /* t = overhead + per_el * n + per_el2 * n^2 */
    long long seen[64];
    unsigned nseen;
    long long fail_at;
} fake_clock;

static int fake_launch(void *ctx, long long n, double *ms, gm_status *st)
{
    fake_clock *c = ctx;
    if (c->nseen < 64)
        c->seen[c->nseen++] = n;
    if (c->fail_at && n >= c->fail_at)
        return gm_fail(st, GM_EGPU, "fake fault at %lld", n);
    *ms = c->overhead_ms + c->per_el * (double)n + c->per_el2 * (double)n * (double)n;
    return GM_OK;
}

static void geometric(const fake_clock *c)
{
    for (unsigned i = 1; i < c->nseen; i++) {
        CHECK(c->seen[i] > c->seen[i - 1]);
        CHECK(c->seen[i] <= c->seen[i - 1] * GM_CALIBRATE_GROWTH + GM_ELEM_GRAIN);
        CHECK_EQ(c->seen[i] % GM_ELEM_GRAIN, 0);
    }
}

int main(void)
{
    const double target = GM_CALIBRATE_TARGET_MS;
    const long long plan = 100ll << 20, grain = GM_ELEM_GRAIN;
    gm_status st;
    adv_calibration cal;

    /* streaming at 3 TB/s, 12 bytes an element: the plan comes first */
    fake_clock stream = {0.005, 12.0 / 3e9, 0, {0}, 0, 0};
    gm_status_init(&st);
    CHECK_EQ(adv_calibrate(grain, plan, grain, target, fake_launch, &stream, &cal, &st), GM_OK);
    CHECK_EQ(cal.stop, ADV_CAL_PLAN);
    CHECK_EQ(cal.n, plan);
    CHECK(cal.steps <= 12);
    geometric(&stream);

    /* all-pairs: 200 interactions a ns; 16 M would take 23 minutes */
    fake_clock pairs = {0.005, 0, 1.0 / 200e6, {0}, 0, 0};
    gm_status_init(&st);
    CHECK_EQ(adv_calibrate(grain, 16ll << 20, grain, target, fake_launch, &pairs, &cal, &st), GM_OK);
    CHECK_EQ(cal.stop, ADV_CAL_TARGET);
    CHECK(cal.ms >= target && cal.ms <= 5 * target);
    CHECK(cal.n < 1ll << 20);
    CHECK(cal.steps <= 10);
    geometric(&pairs);
    printf("all-pairs: n %lld after %u launches, %.2f ms\n", cal.n, cal.steps, cal.ms);

    /* an iteration count of 100000 per element: linear but costly */
    fake_clock iters = {0.005, 100000 / 5e9, 0, {0}, 0, 0};
    gm_status_init(&st);
    CHECK_EQ(adv_calibrate(grain, plan, grain, target, fake_launch, &iters, &cal, &st), GM_OK);
    CHECK_EQ(cal.stop, ADV_CAL_TARGET);
    CHECK(cal.ms >= target && cal.ms <= 2 * GM_CALIBRATE_GROWTH * target);
    geometric(&iters);

    /* slow from the first size: one launch, stopped there */
    fake_clock slow = {500, 0, 0, {0}, 0, 0};
    gm_status_init(&st);
    CHECK_EQ(adv_calibrate(grain, plan, grain, target, fake_launch, &slow, &cal, &st), GM_OK);
    CHECK_EQ(cal.steps, 1);
    CHECK_EQ(cal.n, grain);

    /* a fault on the way is the caller's to report */
    fake_clock faulty = {0.005, 12.0 / 3e9, 0, {0}, 0, 1 << 20};
    gm_status_init(&st);
    CHECK_EQ(adv_calibrate(grain, plan, grain, target, fake_launch, &faulty, &cal, &st), GM_EGPU);
    CHECK(strstr(st.msg, "fake fault") != NULL);

    /* the launch values a calibration step takes: n follows the count, iters stays */
    CHECK(chdir(GM_SRC) == 0);
    adv_model *m = NULL;
    gm_status_init(&st);
    CHECK_EQ(adv_model_load("tests/shaped/iterate.cu", NULL, &m, &st), GM_OK);
    if (m) {
        const adv_kernel *kn = adv_model_kernel(m, 0);
        CHECK_EQ(kn->nparams, 3);
        for (long long count = grain; count <= (64ll << 20); count *= 8) {
            double n = 0, bound = 0;
            CHECK(adv_model_param_value(m, 0, 1, count, &n) > 0);
            CHECK(adv_model_param_value(m, 0, 2, count, &bound) > 0);
            CHECK_EQ((long long)n, count);
            CHECK_EQ((long long)bound, GM_ASSUMED_PARAM);
        }
        adv_model_destroy(m);
    }
    return TEST_DONE();
}
