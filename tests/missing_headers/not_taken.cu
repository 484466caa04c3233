/* Headers found nowhere in branches no build here takes (another
 * platform's, #if 0) are not served: the one in the branch taken is, at
 * the first parse, which is the file's parse (libclang runs once). */
#if defined(_WIN32) || defined(_WIN64)
#include <gm_absent_windows.h>
#elif defined(__APPLE__)
#include <gm_absent_apple.h>
#else
#include <gm_absent_linux.h>
#endif
#ifndef __APPLE__
#include <gm_absent_not_apple.h>
#endif
#if 0
#include <gm_absent_never.h>
#endif

__global__ void twice(float *a)
{
    a[threadIdx.x] *= 2.0f;
}
