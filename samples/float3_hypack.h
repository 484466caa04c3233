/* The hyPACK sixth pattern: consecutive threads read the first component
 * of consecutive 12-byte elements (non-coalesced float3 access). */
struct Vec3 {
    float x, y, z;
};

__global__ void nonCoalescedFloat3(const Vec3 *src, float *dest, long size)
{
    int idx = blockIdx.x * blockDim.x + threadIdx.x;
    if (idx < size)
        dest[idx] = src[idx].x;
}
