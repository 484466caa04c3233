// Truth harness for the programs of tests/shaped: each layout of each
// kernel written by hand (AoS, SoA, AoSoA of 32, vector groups), run on the
// same data gmadvise makes (its generator's RNG and rules, engine/inputs.c:
// indices uniform or local:W, offsets 16 apart on average, floats in
// [0.5, 1.5)) at the size gmadvise calibrated, timed the same way: L2
// flushed before each launch, CUDA events, median of 30 (TRUTH_SAMPLES: fewer, for Nsight Compute).
//   truth PROGRAM N SETTING   (SETTING: uniform, local:W, or - for none)
// prints "layout median_ms" lines.
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#define CK(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) { \
    fprintf(stderr, "%s:%d: %s: %s\n", __FILE__, __LINE__, #x, cudaGetErrorString(e_)); exit(1); } } while (0)

// ---- data, as engine/inputs.c makes it -------------------------------------
struct Rng {
    unsigned long long s;
    explicit Rng(unsigned long long seed) : s(seed * 0x9E3779B97F4A7C15ull + 1) {}
    unsigned long long next() { s ^= s >> 12; s ^= s << 25; s ^= s >> 27; return s * 2685821657736338717ull; }
};

static std::vector<int> indices(long long elems, long long range, long long stride, const std::string &set,
                                unsigned long long seed)
{
    std::vector<int> v(elems);
    Rng r(seed);
    long long w = set.rfind("local:", 0) == 0 ? atoll(set.c_str() + 6) : 0;
    for (long long e = 0; e < elems; e++) {
        long long c = (e / stride) % range, x;
        if (w > 0) {
            x = c - w / 2 + (long long)(r.next() % (unsigned long long)w);
            x = x < 0 ? -x : x >= range ? 2 * (range - 1) - x : x;
            x = x < 0 ? 0 : x >= range ? range - 1 : x;
        } else {
            x = (long long)(r.next() % (unsigned long long)range);
        }
        v[e] = (int)x;
    }
    return v;
}

static std::vector<float> floats(long long n, unsigned long long seed)
{
    std::vector<float> v(n);
    Rng r(seed);
    for (long long i = 0; i < n; i++)
        v[i] = (float)(0.5 + (double)(r.next() >> 11) / 9007199254740992.0);
    return v;
}

template <class T> static T *up(const std::vector<T> &h)
{
    T *d;
    CK(cudaMalloc(&d, h.size() * sizeof(T) + 256));
    CK(cudaMemcpy(d, h.data(), h.size() * sizeof(T), cudaMemcpyHostToDevice));
    return d;
}

// ---- layouts of a struct of N floats, written out ---------------------------
// As gmadvise lays them out: the first A floats may be one array member
// (float c[3]: A = 3), which SoA and AoSoA keep whole (an array of float[3]
// beside the other fields' arrays); SoA's arrays are allocations of their
// own, as gmadvise's runner makes them.
enum { AOS, SOA, AOSOA, VEC };
static const char *lname[] = {"aos", "soa", "aosoa", "vector"};

__host__ __device__ inline int member(int f, int A) { return f < A ? 0 : f - A + 1; }
__host__ __device__ inline int width(int f, int A) { return f < A ? A : 1; }
__host__ __device__ inline int sub(int f, int A) { return f < A ? f : 0; }

// element i's field f: SoA's member array and offset in it, or one buffer's offset
__host__ __device__ inline long long place(int L, int N, int G, int A, long long i, int f, long long cap, int *arr)
{
    *arr = L == SOA ? member(f, A) : 0;
    if (L == AOS) return i * N + f;
    if (L == SOA) return i * width(f, A) + sub(f, A);
    if (L == AOSOA) {
        int m = member(f, A);
        return (i >> 5) * 32 * N + 32 * (m ? A + m - 1 : 0) + (i & 31) * width(f, A) + sub(f, A);
    }
    return (f / G) * cap * G + i * G + (f % G);  // VEC: group arrays of G-float vectors
}

template <int L, int N, int G, int A = 1> struct Acc {  // G: floats per vector group (VEC)
    float *b[8];    // SoA: one per member; else b[0]
    long long cap;  // elements (VEC's group stride)
    __device__ float *base(int arr) const  // a select, never a runtime index into the
    {                                      // parameter (that copies it to local memory)
        float *p = b[0];
        for (int k = 1; k < 8; k++)
            p = arr == k ? b[k] : p;
        return p;
    }
    __device__ float *at(long long i, int f) const
    {
        int arr;
        long long o = place(L, N, G, A, i, f, cap, &arr);
        return base(arr) + o;
    }
    __device__ float get(long long i, int f) const { return *at(i, f); }
    __device__ void set(long long i, int f, float v) const { *at(i, f) = v; }
    __device__ float4 hot4(long long i) const  // fields 0..3
    {
        if (L == VEC && G == 4) return reinterpret_cast<const float4 *>(b[0])[i];
        return make_float4(get(i, 0), get(i, 1), get(i, 2), get(i, 3));
    }
};

// The buffers of layout L (SoA: one per member), uploaded; their count in *nb.
static void pack_up(const std::vector<float> &aos, long long n, int N, int G, int A, int L, float *d[8], int *nb);
// ---- the kernels, as tests/shaped writes them --------------------------------
template <class A> __global__ void nbr_force(A p, const int *nbr, float *fx, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float xi = p.get(i, 0), yi = p.get(i, 1), zi = p.get(i, 2), f = 0.0f;
    for (int k = 0; k < 16; k++) {
        int j = nbr[k * n + i];
        float4 q = p.hot4(j);
        float dx = q.x - xi, dy = q.y - yi, dz = q.z - zi;
        float r2 = dx * dx + dy * dy + dz * dz + 0.01f;
        f += q.w * dx / r2;
    }
    fx[i] = f;
}

template <class A> __global__ void allpairs(A b, float *ax, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float a = 0.0f;
    for (int j = 0; j < n; j++) {
        float4 q = b.hot4(j);
        float dx = q.x - b.get(i, 0), dy = q.y - b.get(i, 1), dz = q.z - b.get(i, 2);
        float r2 = dx * dx + dy * dy + dz * dz + 1e-3f;
        a += q.w * dx * rsqrtf(r2 * r2 * r2);
    }
    ax[i] = a;
}

template <class A> __global__ void csr_pull(const int *row_ptr, const int *col, const float *val, A v, float *y, int n)
{
    int row = blockIdx.x * blockDim.x + threadIdx.x;
    if (row >= n) return;
    float sum = 0.0f;
    for (int e = row_ptr[row]; e < row_ptr[row + 1]; e++) {
        int c = col[e];
        sum += val[e] * v.get(c, 0) / v.get(c, 1);
    }
    y[row] = sum;
}

template <class A> __global__ void logistic(A c, int n, int iters)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float x = c.get(i, 1), r = c.get(i, 0);
    for (int it = 0; it < iters; it++) x = r * x * (1.0f - x);
    c.set(i, 1, x);
    c.set(i, 2, x * c.get(i, 2));
}

template <class A> __global__ void coulomb(A a, const int *nbr, float *e, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float s = 0.0f;
    for (int k = 0; k < 8; k++) {  // a[i] read inside the loop, as the source does
        int j = nbr[i * 8 + k];
        float4 q = a.hot4(j);
        float dx = q.x - a.get(i, 0), dy = q.y - a.get(i, 1), dz = q.z - a.get(i, 2);
        s += a.get(i, 3) * q.w * rsqrtf(dx * dx + dy * dy + dz * dz + 0.01f);
    }
    e[i] = s;
}

template <class A> __global__ void scale_channel(A px, unsigned n, int ch, float s)
{
    unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    px.set(i, ch, px.get(i, ch) * s);
    px.set(i, 3, px.get(i, 3) * s);
}

__global__ void group_points(int m, int nsample, const float *xyz, const int *idx, float *out)
{
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    if (t >= m * nsample) return;
    int id = idx[t];
    out[t * 3 + 0] = xyz[id * 3 + 0];
    out[t * 3 + 1] = xyz[id * 3 + 1];
    out[t * 3 + 2] = xyz[id * 3 + 2];
}

// ---- timing ----------------------------------------------------------------
static char *flush_buf;
static size_t flush_bytes;

template <class F> static double time_ms(F launch)
{
    cudaEvent_t a, b;
    CK(cudaEventCreate(&a));
    CK(cudaEventCreate(&b));
    launch();
    CK(cudaDeviceSynchronize());
    std::vector<double> ms;
    int samples = getenv("TRUTH_SAMPLES") ? atoi(getenv("TRUTH_SAMPLES")) : 30;
    for (int s = 0; s < (samples > 0 ? samples : 1); s++) {
        CK(cudaMemsetAsync(flush_buf, s & 0xff, flush_bytes));
        CK(cudaEventRecord(a));
        launch();
        CK(cudaEventRecord(b));
        CK(cudaEventSynchronize(b));
        float t;
        CK(cudaEventElapsedTime(&t, a, b));
        ms.push_back(t);
    }
    CK(cudaGetLastError());
    std::sort(ms.begin(), ms.end());
    size_t k = ms.size();
    return k % 2 ? ms[k / 2] : (ms[k / 2 - 1] + ms[k / 2]) / 2;
}

static unsigned blocks(long long n) { return (unsigned)((n + 255) / 256); }

template <int N, int G, int A = 1, class Run>
static void each_layout(const std::vector<float> &aos, long long n, Run run, int layouts = 4)
{
    long long cap = (n + 31) / 32 * 32;
    for (int L = 0; L < layouts; L++) {
        float *d[8] = {0};
        int nb = 0;
        pack_up(aos, n, N, G, A, L, d, &nb);
        double ms = 0;
        switch (L) {
        case AOS: ms = run(Acc<AOS, N, G, A>{{d[0], d[1], d[2], d[3], d[4], d[5], d[6], d[7]}, cap}); break;
        case SOA: ms = run(Acc<SOA, N, G, A>{{d[0], d[1], d[2], d[3], d[4], d[5], d[6], d[7]}, cap}); break;
        case AOSOA: ms = run(Acc<AOSOA, N, G, A>{{d[0], d[1], d[2], d[3], d[4], d[5], d[6], d[7]}, cap}); break;
        default: ms = run(Acc<VEC, N, G, A>{{d[0], d[1], d[2], d[3], d[4], d[5], d[6], d[7]}, cap}); break;
        }
        printf("%s %.4f\n", lname[L], ms);
        for (int b = 0; b < nb; b++)
            CK(cudaFree(d[b]));
    }
}

static void pack_up(const std::vector<float> &aos, long long n, int N, int G, int A, int L, float *d[8], int *nb)
{
    long long cap = (n + 31) / 32 * 32;
    *nb = L == SOA ? N - A + 1 : 1;
    for (int b = 0; b < *nb; b++) {
        long long len = L == SOA ? cap * width(b ? A + b - 1 : 0, A) : cap * N;
        std::vector<float> h(len);
        for (long long i = 0; i < n; i++)
            for (int f = 0; f < N; f++) {
                int arr;
                long long at = place(L, N, G, A, i, f, cap, &arr);
                if (arr == b) h[at] = aos[i * N + f];
            }
        d[b] = up(h);
    }
}

int main(int argc, char **argv)
{
    if (argc < 4) { fprintf(stderr, "usage: truth PROGRAM N SETTING [ITERS]\n"); return 2; }
    std::string prog = argv[1], set = argv[3];
    long long n = atoll(argv[2]);
    int dev;
    CK(cudaGetDevice(&dev));
    cudaDeviceProp pr;
    CK(cudaGetDeviceProperties(&pr, dev));
    flush_bytes = (size_t)pr.l2CacheSize * 2;
    CK(cudaMalloc(&flush_buf, flush_bytes));
    float *out;
    CK(cudaMalloc(&out, (size_t)(n * 3 + 256) * sizeof(float)));
    if (prog == "nbr_gather") {
        std::vector<int> nb = indices(16 * n, n, 1, set, 2);  // nbr is parameter 1: seed 2
        int *d_nbr = up(nb);
        each_layout<8, 4>(floats(n * 8, 1), n, [&](auto acc) {
            return time_ms([&] { nbr_force<<<blocks(n), 256>>>(acc, d_nbr, out, (int)n); });
        });
    } else if (prog == "row_major_nbr") {
        std::vector<int> nb = indices(8 * n, n, 8, set, 2);
        int *d_nbr = up(nb);
        each_layout<4, 4>(floats(n * 4, 1), n, [&](auto acc) {
            return time_ms([&] { coulomb<<<blocks(n), 256>>>(acc, d_nbr, out, (int)n); });
        });
    } else if (prog == "nbody_allpairs") {
        each_layout<8, 4>(floats(n * 8, 1), n, [&](auto acc) {
            return time_ms([&] { allpairs<<<blocks(n), 256>>>(acc, out, (int)n); });
        });
    } else if (prog == "csr_spmv") {
        long long nnz = (n + 1) * 16 + 16;
        std::vector<int> rp(n + 1);
        Rng r(1);  // row_ptr is parameter 0: seed 1
        for (long long i = 0; i <= n; i++) {
            long long v = i ? i * 16 + (long long)(r.next() % 16) : 0;
            rp[i] = (int)(v < nnz ? v : nnz);
        }
        int *d_rp = up(rp), *d_col = up(indices(nnz, n, 1, set, 2));
        float *d_val = up(floats(nnz, 3));
        each_layout<4, 2>(floats(n * 4, 4), n, [&](auto acc) {
            return time_ms([&] { csr_pull<<<blocks(n), 256>>>(d_rp, d_col, d_val, acc, out, (int)n); });
        });
    } else if (prog == "iterate") {
        int iters = argc > 4 ? atoi(argv[4]) : 1024;
        std::vector<float> c = floats(n * 4, 1);
        for (long long i = 0; i < n; i++) c[i * 4 + 0] = 3.5f + 0.1f * (c[i * 4 + 0] - 1.0f);  // r in the chaotic band
        for (long long i = 0; i < n; i++) c[i * 4 + 1] *= 0.5f;                                 // x in (0, 1)
        each_layout<4, 4>(c, n, [&](auto acc) {
            return time_ms([&] { logistic<<<blocks(n), 256>>>(acc, (int)n, iters); });
        });
    } else if (prog == "uint_enum") {
        // Pixel {float c[3]; float alpha;}: c one array member (A = 3); no vector layout (gmadvise
        // makes none for an array member); ch = 1 as the run passes it (--param ch=1)
        each_layout<4, 4, 3>(floats(n * 4, 1), n, [&](auto acc) {
            return time_ms([&] { scale_channel<<<blocks(n), 256>>>(acc, (unsigned)n, 1, 0.999f); });
        }, 3);
    } else if (prog == "ball_group") {
        // m * nsample threads; the xyz buffer of n points, indices of it uniform
        long long pts = n;
        int *d_idx = up(indices(n, (pts - 2) / 3, 1, set, 4));
        float *d_xyz = up(floats(pts * 3 + 96, 3));
        // m and nsample as gmadvise assumes an integer nobody gave (GM_ASSUMED_PARAM, 1024 each)
        double ms = time_ms([&] { group_points<<<blocks(n), 256>>>(1024, 1024, d_xyz, d_idx, out); });
        printf("declared %.4f\n", ms);
    } else {
        fprintf(stderr, "unknown program %s\n", prog.c_str());
        return 2;
    }
    return 0;
}
