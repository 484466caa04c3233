/* Served all at once, these headers would be met in another order than
 * one at a time: with gm_absent_b.h served, the #if takes its branch and
 * gm_absent_a.h is first met on line 8, not on line 11.  The first parse
 * (every missing header at once) cannot tell; the parse with them served
 * sees it, and the headers are served one at a time from the start: the
 * notes name gm_absent_b.h at line 10 first, then gm_absent_a.h at line 8. */
#if __has_include(<gm_absent_b.h>)
#include <gm_absent_a.h>
#endif
#include <gm_absent_b.h>
#include <gm_absent_a.h>

__global__ void twice(float *a)
{
    a[threadIdx.x] *= 2.0f;
}
