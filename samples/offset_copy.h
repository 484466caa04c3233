/* The seeds' offsetCopy: thread i copies element i + offset.  A float
 * array has no layout to choose; gmadvise measures it against the memcpy
 * peak and classifies the access (stride 1, offset `offset`). */
// gmadvise: offset=1
__global__ void offsetCopy(float *odata, float *idata, int offset)
{
    int xid = blockIdx.x * blockDim.x + threadIdx.x + offset;
    odata[xid] = idata[xid];
}
