/* The seeds' strideCopy: thread i copies element i * stride. */
// gmadvise: stride=2
__global__ void strideCopy(float *odata, float *idata, int stride)
{
    int xid = (blockIdx.x * blockDim.x + threadIdx.x) * stride;
    odata[xid] = idata[xid];
}
