#include "rank.h"

#include "../../common/limits.h"

int adv_faster_beyond_noise(double a_ms, double a_spread, double b_ms, double b_spread)
{
    double noise = a_spread + b_spread;
    if (noise < GM_NOISE_FLOOR_PCT)
        noise = GM_NOISE_FLOOR_PCT;
    return (b_ms - a_ms) / b_ms * 100.0 > noise;
}

int adv_timings_tie(double a_ms, double a_spread, double b_ms, double b_spread)
{
    return !adv_faster_beyond_noise(a_ms, a_spread, b_ms, b_spread) &&
           !adv_faster_beyond_noise(b_ms, b_spread, a_ms, a_spread);
}
