/* Reference kernels measured beside every variant (after the seeds'
 * offsetCopy and strideCopy).  Each thread handles one element; the host
 * sizes the arrays so that offset and stride stay in bounds. */
extern "C" __global__ void gm_ref_offset_copy(float *__restrict__ out,
                                              const float *__restrict__ in,
                                              long long n, int offset)
{
    long long i = (long long)blockIdx.x * blockDim.x + threadIdx.x + offset;
    if (i < n)
        out[i] = in[i];
}

extern "C" __global__ void gm_ref_stride_copy(float *__restrict__ out,
                                              const float *__restrict__ in,
                                              long long n, int stride)
{
    long long i = ((long long)blockIdx.x * blockDim.x + threadIdx.x) * stride;
    if (i < n)
        out[i] = in[i];
}

/* 16 bytes per thread: what the widest loads and stores reach. */
extern "C" __global__ void gm_ref_vec4_copy(float4 *__restrict__ out,
                                            const float4 *__restrict__ in,
                                            long long n4)
{
    long long i = (long long)blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n4)
        out[i] = in[i];
}
