R"==(
// Kernel source kept as a raw string literal: host code #includes it into
// a string (runtime_source_host.cpp), splices a generated step in place of
// the marker line and compiles it with NVRTC when it runs.  NVRTC has no C
// library, so the source declares its own fixed-width types.
typedef unsigned int uint32_t;
typedef unsigned long long int uint64_t;

template <typename T>
__forceinline__ __device__ void keep(const T &) {}

template <int LANES>
__forceinline__ __device__ uint32_t pass_along(volatile uint32_t *slot, uint32_t lane, uint32_t v, uint32_t from)
{
#if (__CUDA_ARCH__ < 300)
    slot[lane] = v;
    return slot[from & (LANES - 1)];
#else
    keep(slot);
    keep(lane);
    return __shfl_sync(0xffffffffu, v, from, LANES);
#endif
}
)==" R"==(
extern "C" __global__ void mix_rounds(uint64_t *state, const uint32_t *seed, int rounds, int n)
{
    __shared__ uint32_t slots[128];
    const int t = blockIdx.x * blockDim.x + threadIdx.x;
    if (t >= n)
        return;
    uint64_t a = state[t * 4];
    uint64_t b = state[t * 4 + 1];
    uint32_t r0 = seed[t];
    for (int i = 0; i < rounds; ++i) {
        r0 = pass_along<4>(slots, threadIdx.x & 3, r0 ^ (uint32_t)a, (threadIdx.x + 1) & 3);
        a += b ^ r0;
        GENERATED_STEP_HERE
    }
    state[t * 4] = a;
    state[t * 4 + 1] = b;
}
)=="
