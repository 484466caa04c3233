/* Probe kernels: one warp-wide load or store pattern each, so that Nsight
 * Compute's l1tex sector and request counters can be set beside the
 * coalescing model's figures (gmadvise probe, scripts/ncu-validate).
 * Thread g uses element e = stride*g + offset (mode 0) or the seeds'
 * even/odd index g%2 == 0 ? 2g : g (mode 1); element e's datum is at
 *     base + floor(e / block) * bstride + (e mod block) * estride
 * and the thread moves `instrs` consecutive T's from there.  The data is
 * zero, so the store to `sink` after a load never runs: the load is the
 * only global access a load probe makes. */
#define GM_PROBE_ADDR                                                                  \
    long long g = (long long)blockIdx.x * blockDim.x + threadIdx.x;                    \
    if (g >= n)                                                                        \
        return;                                                                        \
    long long e = mode == 1 ? (g % 2 == 0 ? 2 * g : g) : stride * g + offset;          \
    long long blk = e >= 0 ? e / block : -((-e + block - 1) / block);                  \
    char *p = base + blk * bstride + (e - blk * block) * estride;

#define GM_PROBE(NAME, T, NONZERO)                                                     \
    extern "C" __global__ void gm_probe_ld_##NAME(                                     \
        char *base, long long n, long long stride, long long offset, long long block,  \
        long long bstride, long long estride, int instrs, int mode, T *sink)           \
    {                                                                                  \
        GM_PROBE_ADDR                                                                  \
        for (int i = 0; i < instrs; i++) {                                             \
            T v = *(const T *)(p + i * (long long)sizeof(T));                          \
            if (NONZERO(v))                                                            \
                sink[g] = v;                                                           \
        }                                                                              \
    }                                                                                  \
    extern "C" __global__ void gm_probe_st_##NAME(                                     \
        char *base, long long n, long long stride, long long offset, long long block,  \
        long long bstride, long long estride, int instrs, int mode, T value)           \
    {                                                                                  \
        GM_PROBE_ADDR                                                                  \
        for (int i = 0; i < instrs; i++)                                               \
            *(T *)(p + i * (long long)sizeof(T)) = value;                              \
    }

#define GM_NZ(v) ((v) != 0)
#define GM_NZ2(v) ((v).x != 0 || (v).y != 0)
#define GM_NZ4(v) ((v).x != 0 || (v).y != 0 || (v).z != 0 || (v).w != 0)
GM_PROBE(1, unsigned char, GM_NZ)
GM_PROBE(2, unsigned short, GM_NZ)
GM_PROBE(4, unsigned int, GM_NZ)
GM_PROBE(8, uint2, GM_NZ2)
GM_PROBE(16, uint4, GM_NZ4)
