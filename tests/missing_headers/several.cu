/* Three headers found nowhere, one of them #included by a header that is
 * found: the include walk names all three, and the file's first parse
 * serves them empty at once and is its parse (libclang runs once; naming
 * them by a parse first ran it twice, one header at a time four times). */
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
