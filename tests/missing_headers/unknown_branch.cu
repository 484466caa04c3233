/* A header found nowhere in a branch the include walk cannot judge (a
 * macro of the project's) is served at the first parse with the others;
 * clang does not include it, so the file is parsed again without it and
 * that parse is checked as a discovered batch is (libclang runs twice). */
#include <gm_absent_always.h>
#ifdef GM_PROJECT_FEATURE
#include <gm_absent_feature.h>
#endif
#include <gm_absent_after.h>

__global__ void twice(float *a)
{
    a[threadIdx.x] *= 2.0f;
}
