/* Wall-clock seconds from a monotonic clock, for budgets and --times. */
#ifndef GM_TIMER_H
#define GM_TIMER_H

#include <time.h>

static inline double gm_now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

#endif
