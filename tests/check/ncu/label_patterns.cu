// The access patterns of the hard labels of tests/check/labels-public.txt,
// tests/check/labels-heldout.txt and tests/check/labels-fresh.txt,
// each in a kernel of its own (written here, not copied), for Nsight
// Compute: scripts/ncu-label-patterns runs them and compares sectors per
// request with the ideal (the bytes a warp's request moves / 32).  A label
// "coalesced" must measure ideal, "uncoalesced" above it.
#include <cstdio>
#include <cuda_runtime.h>

#define CHECK(x) do { cudaError_t e = (x); if (e != cudaSuccess) { \
    fprintf(stderr, "%s:%d: %s\n", __FILE__, __LINE__, cudaGetErrorString(e)); return 1; } } while (0)

// matmul_backward_bias_kernel8/9: block (4, 8, z); x picks the row, y 16
// bytes of a 128-byte row segment: 4 rows of 128 contiguous bytes a warp
__global__ void rows4_vec16(const float4 *in, float4 *out, int oc4)
{
    int row = threadIdx.x + 4 * threadIdx.z + blockIdx.y * 4 * blockDim.z;
    int col = blockIdx.x * 8 + threadIdx.y;
    out[row * oc4 + col] = in[row * oc4 + col];
}

// Transpose_Kernel: a warp reads two 16-float row segments
__global__ void tile16_rows(const float *in, float *out, int width)
{
    int r = threadIdx.x / 16, c = threadIdx.x % 16;
    int i = blockIdx.y * 16 + r, j = blockIdx.x * 16 + c;
    for (int k = 0; k < 16; k += 16)
        out[(i + k) * width + j] = in[(i + k) * width + j];
}

// dropout_kernel: four floats a thread with scalar accesses at 4j + k
__global__ void scalar4(const float *in, float *out, int n4)
{
    int j = blockIdx.x * blockDim.x + threadIdx.x;
    if (j < n4) {
        int i = 4 * j;
        out[i] = in[i] * 2.f;
        out[i + 1] = in[i + 1] * 2.f;
        out[i + 2] = in[i + 2] * 2.f;
        out[i + 3] = in[i + 3] * 2.f;
    }
}

// AntialiasFwdMeshKernel, checkFrustum: three ints (floats) a thread
__global__ void stride3(const int *tri, int *out, int n)
{
    int idx = blockIdx.x * blockDim.x + threadIdx.x;
    if (idx < n)
        out[idx] = tri[idx * 3 + 0] + tri[idx * 3 + 1] + tri[idx * 3 + 2];
}

// softmax_forward_online_kernel1: one row of C floats per thread
__global__ void row_per_thread(const float *in, float *out, int rows, int C)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < rows) {
        const float *row = in + i * C;
        float s = 0.f;
        for (int j = 0; j < 4; j++)
            s += row[j];
        out[i] = s;
    }
}

// setCharges: one lane of a float4 written; integrate: float4 whole
__global__ void lane_w(float4 *posq, const float *q, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        posq[i].w = q[i];
}
__global__ void whole4(float4 *posq, const float4 *vel, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        float4 p = posq[i], v = vel[i];
        p.x += v.x; p.y += v.y; p.z += v.z;
        posq[i] = p;
    }
}

// held out -- index_mul_2d_float_dim64: block (16, 16), half a warp moves
// one 256-byte row as float4, the row picked through an index array
__global__ void halfwarp_rows(const float4 *in, const int *rowidx, float4 *out, int rows)
{
    int r = blockIdx.x * blockDim.y + threadIdx.y;
    if (r < rows)
        out[r * 16 + threadIdx.x] = in[rowidx[r] * 16 + threadIdx.x];
}

// held out -- index_mul_2d_grad_float_dim64: four 4-byte atomics a
// thread at 4 * threadIdx.x + k of a 64-float row
__global__ void atomic16(float *acc, const int *rowidx, int rows)
{
    int r = blockIdx.x * blockDim.y + threadIdx.y;
    if (r < rows) {
        float *p = acc + rowidx[r] * 64 + 4 * threadIdx.x;
        atomicAdd(p + 0, 1.f);
        atomicAdd(p + 1, 1.f);
        atomicAdd(p + 2, 1.f);
        atomicAdd(p + 3, 1.f);
    }
}

// held out -- leapFrogKernel, compute_centroids: float3 elements
__global__ void vec3_elems(const float3 *x, float3 *y, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        float3 v = x[i];
        y[i] = make_float3(v.x * 2.f, v.y, v.z);
    }
}

// held out -- reduceKernel, nbnxm x to xq: a float3 gathered through an index array
__global__ void gather3(const float3 *f, const int *cell, float3 *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        out[i] = f[cell[i]];
}

// held out -- accumulate_kernel, tonemap_kernel: block (16, 8), float4 at x + width * y
__global__ void rows2_vec4(const float4 *in, float4 *out, int width)
{
    int x = threadIdx.x + blockDim.x * blockIdx.x, y = threadIdx.y + blockDim.y * blockIdx.y;
    out[x + width * y] = in[x + width * y];
}

// labels-fresh.txt: finite-difference's derivative_y, block (4, 64): a
// warp is 8 rows of 4 floats, 16 bytes of each row's 32-byte sector
__global__ void pencil4_rows(const float *in, float *out, int width)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x, j = threadIdx.y, plane = blockIdx.y;
    out[(plane * blockDim.y + j) * width + i] = 2.f * in[(plane * blockDim.y + j) * width + i];
}

// darknet's reorg_kernel with stride 2: reads consecutive, writes 8 bytes apart
__global__ void spread2(const float *in, float *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        out[2 * i] = in[i];
}

// cudpp's hash_compact_down: where[] an inclusive scan of the flags, so
// the threads that write fill consecutive slots
__global__ void compact_down(const unsigned *keep, const unsigned *where, const unsigned *key, unsigned *out, int n)
{
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    if (t < n && keep[t])
        out[where[t] - 1] = key[t];
}

// DualSPHysics' KerCountFreeSurface: a block's picks gathered in shared
// memory, written after one base reserved with an atomic
__global__ void block_base(const unsigned *keep, unsigned *list, int n)
{
    extern __shared__ unsigned picks[];
    if (threadIdx.x == 0)
        picks[0] = 0;
    __syncthreads();
    unsigned t = blockIdx.x * blockDim.x + threadIdx.x;
    if (t < (unsigned)n && keep[t])
        picks[1 + atomicAdd(picks, 1u)] = t;
    __syncthreads();
    unsigned got = picks[0];
    __syncthreads();
    if (threadIdx.x == 0 && got)
        picks[0] = atomicAdd(list + n, got);
    __syncthreads();
    if (threadIdx.x < got)
        list[picks[0] + threadIdx.x] = picks[threadIdx.x + 1];
}

// xmrig's cryptonight_extra_gpu_prepare: each thread's state copied out whole
__global__ void state_copy(const unsigned *seed, unsigned *states, int n)
{
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    if (t >= n)
        return;
    unsigned mine[10];
    for (int k = 0; k < 10; k++)
        mine[k] = seed[k] ^ (unsigned)(t * (k + 1));
    memcpy(states + 10 * t, mine, sizeof mine);
}

int main()
{
    const int N = 1 << 22; // elements of each buffer (floats), 16 MiB
    float *a, *b;
    CHECK(cudaMalloc(&a, 4 * (size_t)N * sizeof(float)));
    CHECK(cudaMalloc(&b, 4 * (size_t)N * sizeof(float)));
    CHECK(cudaMemset(a, 1, 4 * (size_t)N * sizeof(float)));
    int oc4 = 1024; // 16 KiB rows of float4
    rows4_vec16<<<dim3(oc4 / 8, 64), dim3(4, 8, 4)>>>((const float4 *)a, (float4 *)b, oc4);
    tile16_rows<<<dim3(1024 / 16, 1024 / 16), 32>>>(a, b, 1024);
    scalar4<<<N / 4 / 256, 256>>>(a, b, N / 4);
    stride3<<<N / 4 / 256, 256>>>((const int *)a, (int *)b, N / 4);
    row_per_thread<<<(N / 768) / 256 + 1, 256>>>(a, b, N / 768, 768);
    lane_w<<<N / 4 / 256, 256>>>((float4 *)a, b, N / 4);
    whole4<<<N / 4 / 256, 256>>>((float4 *)a, (const float4 *)b, N / 4);
    // index arrays: a permutation of rows, and a scattered cell index
    const int rows = N / 64;
    int *perm = (int *)malloc(sizeof(int) * (size_t)N), *dperm;
    unsigned s = 12345;
    for (int i = 0; i < N; i++)
        perm[i] = i;
    for (int i = N - 1; i > 0; i--) {
        s = s * 1103515245u + 12345u;
        int j = (int)(s % (unsigned)(i + 1)), t = perm[i];
        perm[i] = perm[j];
        perm[j] = t;
    }
    for (int i = 0; i < N; i++)
        perm[i] %= rows;
    CHECK(cudaMalloc(&dperm, sizeof(int) * (size_t)N));
    CHECK(cudaMemcpy(dperm, perm, sizeof(int) * (size_t)N, cudaMemcpyHostToDevice));
    halfwarp_rows<<<rows / 16, dim3(16, 16)>>>((const float4 *)a, dperm, (float4 *)b, rows);
    atomic16<<<rows / 16, dim3(16, 16)>>>(b, dperm, rows);
    vec3_elems<<<N / 4 / 256, 256>>>((const float3 *)a, (float3 *)b, N / 4);
    gather3<<<rows / 256, 256>>>((const float3 *)a, dperm, (float3 *)b, rows);
    rows2_vec4<<<dim3(1024 / 16, 1024 / 8), dim3(16, 8)>>>((const float4 *)a, (float4 *)b, 1024);
    // labels-fresh.txt's: planes of 64 x 64 floats, block (4, 64)
    pencil4_rows<<<dim3(64 / 4, N / 4096), dim3(4, 64)>>>(a, b, 64);
    spread2<<<N / 2 / 256, 256>>>(a, b, N / 2);
    // half of the elements kept, at random; where[] their inclusive scan
    unsigned *keep = (unsigned *)malloc(sizeof(unsigned) * (size_t)N), *where = (unsigned *)perm, *dkeep, *dwhere;
    unsigned run = 0;
    for (int i = 0; i < N; i++) {
        s = s * 1103515245u + 12345u;
        keep[i] = s >> 31;
        run += keep[i];
        where[i] = run;
    }
    CHECK(cudaMalloc(&dkeep, sizeof(unsigned) * (size_t)N));
    CHECK(cudaMalloc(&dwhere, sizeof(unsigned) * (size_t)N));
    CHECK(cudaMemcpy(dkeep, keep, sizeof(unsigned) * (size_t)N, cudaMemcpyHostToDevice));
    CHECK(cudaMemcpy(dwhere, where, sizeof(unsigned) * (size_t)N, cudaMemcpyHostToDevice));
    compact_down<<<N / 256, 256>>>(dkeep, dwhere, (const unsigned *)a, (unsigned *)b, N);
    CHECK(cudaMemset(b, 0, 4 * (size_t)N * sizeof(float)));
    block_base<<<N / 256, 256, 257 * sizeof(unsigned)>>>(dkeep, (unsigned *)b, N);
    state_copy<<<N / 10 / 256, 256>>>((const unsigned *)a, (unsigned *)b, N / 10);
    CHECK(cudaGetLastError());
    CHECK(cudaDeviceSynchronize());
    free(perm);
    free(keep);
    puts("ok");
    return 0;
}
