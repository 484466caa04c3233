/* Every #include found: the first parse is the file's parse (libclang runs
 * once), its function bodies parsed. */
#include <stdio.h>
#include <vector>

__global__ void shift(float *a, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        a[i] += 1.0f;
}
