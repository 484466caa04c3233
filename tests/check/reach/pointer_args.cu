// Accesses through a pointer a kernel passes to a function: CUDA's atomics,
// cache-hinted loads and stores, and __device__ helpers that reach memory
// through their pointer parameter, given p + off or &p[i].  Each is an
// access of p at that index, read or written as the function does.

__device__ float bump(float *slot, float v) // an atomic through a wrapper
{
    return atomicAdd(slot, v);
}

__device__ float bump_twice(float *slot, float v) // a wrapper of the wrapper
{
    return bump(slot, v);
}

__device__ void put(float *slot, float v)
{
    *slot = v;
}

__device__ float peek(const float *slot)
{
    return *slot;
}

__device__ void keep(const float *slot, const float **into) // stores the pointer, not through it
{
    *into = slot;
}

__global__ void atomic_spread(float *acc, const float *v, int n) // GM002: 4-byte atomics 16 bytes apart
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        atomicAdd(acc + 4 * i, v[i]);
        atomicAdd(acc + 4 * i + 1, v[i]);
    }
}

__global__ void atomic_packed(float *acc, const float *v, int n) // no finding
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        atomicAdd(acc + i, v[i]);
}

__global__ void wrapped_spread(float *acc, const float *v, int n) // GM002: through bump_twice, then bump
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        bump_twice(acc + 8 * i, v[i]);
}

__global__ void wrapped_packed(float *acc, const float *v, int n) // no finding
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        bump(&acc[i], v[i]);
}

__global__ void helper_store(float *out, int n) // GM002: put writes *slot, 12 bytes apart
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        put(out + 3 * i, 1.f);
}

__global__ void helper_load(const float *in, float *out, int n) // GM002: peek reads *slot, 32 bytes apart
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        out[i] = peek(in + 8 * i);
}

__global__ void cached_load(const float *in, float *out, int n) // GM002: __ldg of every fourth float
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        out[i] = __ldg(in + 4 * i) + __ldcs(in + 4 * i + 2);
}

__global__ void cached_store(float *out, int n) // no finding: __stcs of consecutive floats
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        __stcs(out + i, 0.f);
}

__global__ void pointer_kept(const float *in, const float **slots, int n) // no finding: keep does not touch *slot
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        keep(in + 16 * i, slots + i);
}
