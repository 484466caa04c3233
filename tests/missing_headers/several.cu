/* Three headers found nowhere, one of them #included by a header that is
 * found: all three are named by the file's first parse and served empty
 * at once, then the file is parsed again (libclang runs twice, where one
 * header at a time ran it four times). */
#include <stdio.h>
#include <gm_absent_first.h>
#include "found_here.h"
#include <gm_absent_last.h>

__global__ void scale(float *a, float s, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        a[i] = s * a[i] + offset_of_found_here;
}
