/* The seeds' experiments for `gmadvise patterns`, besides the reference
 * copies (offset, stride, float4).  The hyPACK six patterns each move one
 * float per thread; their index arithmetic is mirrored on the host by
 * advisor/tools/patterns.c to count the sectors the hardware must move. */

/* 2: coalesced, but every eighth thread idles (a divergent warp) */
extern "C" __global__ void gm_pat_divergent(float *__restrict__ out, const float *__restrict__ in,
                                            long long n)
{
    long long i = (long long)blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n && i % 8 != 0)
        out[i] = in[i];
}

/* 3: non-sequential: threads 3 and 4 of every 16 swap their elements */
extern "C" __global__ void gm_pat_nonseq(float *__restrict__ out, const float *__restrict__ in,
                                         long long n)
{
    long long i = (long long)blockIdx.x * blockDim.x + threadIdx.x;
    long long r = i % 16;
    long long j = r == 3 ? i + 1 : r == 4 ? i - 1 : i;
    if (i < n)
        out[j] = in[j];
}

/* 5: non-contiguous: from thread 4 on, every thread skips one element */
extern "C" __global__ void gm_pat_noncontig(float *__restrict__ out, const float *__restrict__ in,
                                            long long n)
{
    long long i = (long long)blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        out[i > 3 ? i + 1 : i] = in[i > 3 ? i + 1 : i];
}

/* 6: one component of a float3 array */
extern "C" __global__ void gm_pat_float3_x(float *__restrict__ out, const float3 *__restrict__ in,
                                           long long n)
{
    long long i = (long long)blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        out[i] = in[i].x;
}

/* innerStruct vs innerArray (the coalescing-table seed): x += 10, y += 20 */
struct gm_inner_struct {
    float x, y;
};

extern "C" __global__ void gm_pat_inner_struct(gm_inner_struct *__restrict__ out,
                                               const gm_inner_struct *__restrict__ in, long long n)
{
    long long i = (long long)blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        gm_inner_struct t = in[i];
        t.x += 10.f;
        t.y += 20.f;
        out[i] = t;
    }
}

extern "C" __global__ void gm_pat_inner_array(float *__restrict__ ox, float *__restrict__ oy,
                                              const float *__restrict__ ix,
                                              const float *__restrict__ iy, long long n)
{
    long long i = (long long)blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        ox[i] = ix[i] + 10.f;
        oy[i] = iy[i] + 20.f;
    }
}

/* float3 as declared (12 bytes, three 4-byte loads), padded to 16 bytes by
 * __align__(16) (one 16-byte load), and float4 (gm_ref_vec4_copy) */
struct __align__(16) gm_float3_a16 {
    float x, y, z;
};

extern "C" __global__ void gm_pat_float3_copy(float3 *__restrict__ out, const float3 *__restrict__ in,
                                              long long n)
{
    long long i = (long long)blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        out[i] = in[i];
}

extern "C" __global__ void gm_pat_float3a_copy(gm_float3_a16 *__restrict__ out,
                                               const gm_float3_a16 *__restrict__ in, long long n)
{
    long long i = (long long)blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        out[i] = in[i];
}
