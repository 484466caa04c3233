// Truth harness for the programs of tests/shaped: each layout of each
// kernel written by hand (AoS, SoA, AoSoA of 32, vector groups), run on the
// same data gmadvise makes (its generator's RNG and rules, engine/inputs.c:
// indices uniform or local:W, offsets 16 apart on average, floats in
// [0.5, 1.5)) at the size gmadvise calibrated, timed the same way: two
// warm-ups, L2 flushed before each launch, CUDA events, median and spread of
// 30 (TRUTH_SAMPLES: fewer, for Nsight Compute).  Each layout's output is
// checked against AoS's; tests/test_shaped_truth_code.sh checks that each
// kernel makes the loads and stores of gmadvise's variant of that layout.
//   truth PROGRAM N SETTING   (SETTING: uniform, local:W, or - for none)
// prints "layout median_ms spread_pct samples" lines.
#include <algorithm>
#include <cmath>
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
// beside the other fields' arrays).  Like gmadvise's runner, one allocation
// per layout holds its arrays (SoA's members, the vector groups) as segments
// placed as core/layout.c places them: room for the element count gmadvise
// allocates (n + 64, in 32s), a margin of 256 elements before each segment,
// each 256-aligned with a 256-byte gap after it.  Each layout is read as a
// programmer writes it by hand, in the index's own type: AoS p[j].x, SoA p_x[j], AoSoA p[j / 32].x[j % 32] (a
// block struct of 32-lane arrays), vector groups p_xyzm[j].x through a
// float4 or float2 array.  AOSOA_SHIFT is the same AoSoA indexed with
// j >> 5 and j & 31 (printed as "aosoa_shift": what the signed division
// costs; no layout of its own).
enum { AOS, SOA, AOSOA, VEC, AOSOA_SHIFT };
static const char *lname[] = {"aos", "soa", "aosoa", "vector", "aosoa_shift"};

__host__ __device__ inline int member(int f, int A) { return f < A ? 0 : f - A + 1; }
__host__ __device__ inline int width(int f, int A) { return f < A ? A : 1; }
__host__ __device__ inline int sub(int f, int A) { return f < A ? f : 0; }

// element i's field f: SoA's member array and offset in it, or one buffer's
// offset (host side: packing the data)
static long long place(int L, int N, int G, int A, long long i, int f, int *arr)
{
    *arr = L == SOA ? member(f, A) : L == VEC ? f / G : 0;
    if (L == AOS) return i * N + f;
    if (L == SOA) return i * width(f, A) + sub(f, A);
    if (L == AOSOA || L == AOSOA_SHIFT) {
        int m = member(f, A);
        return (i >> 5) * 32 * N + 32 * (m ? A + m - 1 : 0) + (i & 31) * width(f, A) + sub(f, A);
    }
    return i * G + (f % G);  // VEC: an array of G-float vectors per group
}

template <int G> struct Vec;  // a group of G floats, as gmadvise's vector layout types it
template <> struct Vec<4> { typedef float4 T; };
template <> struct Vec<2> { typedef float2 T; };
template <int N> struct Blk { float f[N][32]; };  // an AoSoA block: N fields of 32 lanes

template <int L, int N, int G, int A = 1> struct Acc {  // G: floats per vector group (VEC)
    float *b[8];  // the segments: SoA's members, the vector groups; else b[0]
    // field f (a constant where the kernel names a field) of element i
    template <class I> __device__ float *at(I i, int f) const
    {
        if (L == AOS) return b[0] + (long long)i * N + f;  // p[i].f of a struct of N floats
        if (L == SOA) {  // p_f[i]: the member array, chosen by a constant field
            int m = member(f, A);  // a constant: b[m] is a parameter, never a copy in local memory
            return m ? b[m] + i : b[0] + (long long)i * A + f;
        }
        if (L == AOSOA) {  // p[i / 32].f[i % 32]
            Blk<N> *p = reinterpret_cast<Blk<N> *>(b[0]);
            int m = member(f, A);
            if (m || A == 1) return &p[i / 32].f[m ? A + m - 1 : 0][i % 32];  // p[i / 32].x[i % 32]
            return &p[i / 32].f[0][0] + (i % 32) * A + f;  // p[i / 32].c[i % 32][f]
        }
        if (L == AOSOA_SHIFT) {
            Blk<N> *p = reinterpret_cast<Blk<N> *>(b[0]);
            int m = member(f, A);
            if (m || A == 1) return &p[i >> 5].f[m ? A + m - 1 : 0][i & 31];  // p[i / 32].x[i % 32]
            return &p[i >> 5].f[0][0] + (i & 31) * A + f;  // p[i / 32].c[i % 32][f]
        }
        return nullptr;
    }
    template <class I> __device__ float get(I i, int f) const
    {
        if (L == VEC) {  // p_group[i].x: the group's vector, one lane of it
            const typename Vec<G>::T *p = reinterpret_cast<const typename Vec<G>::T *>(b[f / G]);
            return lane(p[i], f % G);
        }
        return *at(i, f);
    }
    template <class I> __device__ void set(I i, int f, float v) const
    {
        if (L == VEC) {
            typename Vec<G>::T *p = reinterpret_cast<typename Vec<G>::T *>(b[f / G]);
            set_lane(p[i], f % G, v);
            return;
        }
        *at(i, f) = v;
    }
    // field k of the array member (f < A) with a runtime k, as c[ch]: the member's array is known
    template <class I> __device__ float *elem(I i, int k) const
    {
        if (L == AOS) return b[0] + (long long)i * N + k;
        if (L == SOA) return b[0] + (long long)i * A + k;
        Blk<N> *p = reinterpret_cast<Blk<N> *>(b[0]);
        if (L == AOSOA) return &p[i / 32].f[0][0] + (i % 32) * A + k;
        return &p[i >> 5].f[0][0] + (i & 31) * A + k;
    }
    static __device__ float lane(const float4 &v, int l) { return l == 0 ? v.x : l == 1 ? v.y : l == 2 ? v.z : v.w; }
    static __device__ float lane(const float2 &v, int l) { return l == 0 ? v.x : v.y; }
    static __device__ void set_lane(float4 &v, int l, float x) { if (l == 0) v.x = x; else if (l == 1) v.y = x; else if (l == 2) v.z = x; else v.w = x; }
    static __device__ void set_lane(float2 &v, int l, float x) { if (l == 0) v.x = x; else v.y = x; }
};

// Layout L's allocation, uploaded (the base, to free); its segments in d.
static char *pack_up(const std::vector<float> &aos, long long n, int N, int G, int A, int L, float *d[8]);
// ---- the kernels, as tests/shaped writes them --------------------------------
// Each reads its fields in the source's order and index types (the
// compiler's schedule follows them: a gather loop's loads are its cost).
template <class A> __global__ void nbr_force(A p, const int *nbr, float *fx, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float xi = p.get(i, 0), yi = p.get(i, 1), zi = p.get(i, 2);
    float f = 0.0f;
    for (int k = 0; k < 16; k++) {
        int j = nbr[k * n + i];
        float dx = p.get(j, 0) - xi, dy = p.get(j, 1) - yi, dz = p.get(j, 2) - zi;
        float r2 = dx * dx + dy * dy + dz * dz + 0.01f;
        f += p.get(j, 3) * dx / r2;
    }
    fx[i] = f;
}

template <class A> __global__ void allpairs(A b, float *ax, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float a = 0.0f;
    for (int j = 0; j < n; j++) {
        float dx = b.get(j, 0) - b.get(i, 0), dy = b.get(j, 1) - b.get(i, 1), dz = b.get(j, 2) - b.get(i, 2);
        float r2 = dx * dx + dy * dy + dz * dz + 1e-3f;
        a += b.get(j, 3) * dx * rsqrtf(r2 * r2 * r2);
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
        float dx = a.get(j, 0) - a.get(i, 0), dy = a.get(j, 1) - a.get(i, 1), dz = a.get(j, 2) - a.get(i, 2);
        s += a.get(i, 3) * a.get(j, 3) * rsqrtf(dx * dx + dy * dy + dz * dz + 0.01f);
    }
    e[i] = s;
}

template <class A> __global__ void scale_channel(A px, unsigned n, int ch, float s)
{
    unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    *px.elem(i, ch) = *px.elem(i, ch) * s;  // px[i].c[ch]: a runtime lane of the array member
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

struct Timing { double median, spread; int samples; };

// As gmadvise's runner times (jit/runner.c, jit/stopping.c): two warm-up
// launches, then each sample after a flush of twice the L2; the median, and
// the spread as half the width of the central 80 % over the median.
template <class F> static Timing time_ms(F launch)
{
    cudaEvent_t a, b;
    CK(cudaEventCreate(&a));
    CK(cudaEventCreate(&b));
    for (int w = 0; w < 2; w++) {
        launch();
        CK(cudaGetLastError());
    }
    CK(cudaDeviceSynchronize());
    std::vector<double> ms;
    int samples = getenv("TRUTH_SAMPLES") ? atoi(getenv("TRUTH_SAMPLES")) : 30;
    for (int s = 0; s < (samples > 0 ? samples : 1); s++) {
        CK(cudaMemsetAsync(flush_buf, (s + 1) & 0xff, flush_bytes));
        CK(cudaEventRecord(a));
        launch();
        CK(cudaGetLastError());
        CK(cudaEventRecord(b));
        CK(cudaEventSynchronize(b));
        float t;
        CK(cudaEventElapsedTime(&t, a, b));
        ms.push_back(t);
    }
    CK(cudaEventDestroy(a));
    CK(cudaEventDestroy(b));
    std::sort(ms.begin(), ms.end());
    int k = (int)ms.size();
    Timing t;
    t.samples = k;
    t.median = k % 2 ? ms[k / 2] : (ms[k / 2 - 1] + ms[k / 2]) / 2;
    double p10 = ms[(int)(0.1 * (k - 1))], p90 = ms[(int)std::ceil(0.9 * (k - 1))];
    t.spread = t.median > 0 ? 100.0 * (p90 - p10) / (2 * t.median) : 0;
    return t;
}

static void print_timing(const char *name, Timing t) { printf("%s %.4f %.2f %d\n", name, t.median, t.spread, t.samples); }

static unsigned blocks(long long n) { return (unsigned)((n + 255) / 256); }

// every layout of the struct, in the order aos, soa, aosoa, vector,
// aosoa_shift (tests/test_gather_ncu.sh reads the first two by position);
// no_vector: gmadvise makes no vector layout (an array member)
// out (n floats, when given): the kernel's result, which every layout must
// reproduce as the AoS one computed it (the same arithmetic in the same order)
template <int N, int G, int A = 1, class Run>
static void each_layout(const std::vector<float> &aos, long long n, Run run, bool no_vector = false,
                        const float *out = nullptr)
{
    std::vector<float> want, got(out ? n : 0);
    for (int L = AOS; L <= AOSOA_SHIFT; L++) {
        if (L == VEC && no_vector) continue;
        float *d[8] = {0};
        char *base = pack_up(aos, n, N, G, A, L, d);
        Timing t;
        switch (L) {
        case AOS: t = run(Acc<AOS, N, G, A>{{d[0], d[1], d[2], d[3], d[4], d[5], d[6], d[7]}}); break;
        case SOA: t = run(Acc<SOA, N, G, A>{{d[0], d[1], d[2], d[3], d[4], d[5], d[6], d[7]}}); break;
        case AOSOA: t = run(Acc<AOSOA, N, G, A>{{d[0], d[1], d[2], d[3], d[4], d[5], d[6], d[7]}}); break;
        case VEC: t = run(Acc<VEC, N, G, A>{{d[0], d[1], d[2], d[3], d[4], d[5], d[6], d[7]}}); break;
        default: t = run(Acc<AOSOA_SHIFT, N, G, A>{{d[0], d[1], d[2], d[3], d[4], d[5], d[6], d[7]}}); break;
        }
        print_timing(lname[L], t);
        CK(cudaFree(base));
        if (out) {
            CK(cudaMemcpy(got.data(), out, n * sizeof(float), cudaMemcpyDeviceToHost));
            if (want.empty()) want = got;
            for (long long i = 0; i < n; i++)
                if (!(std::fabs(got[i] - want[i]) <= 1e-4f * (std::fabs(want[i]) + 1.0f))) {  // NaN fails too
                    fprintf(stderr, "%s: element %lld is %g, AoS computed %g\n", lname[L], i, got[i], want[i]);
                    exit(3);
                }
        }
    }
}

static char *pack_up(const std::vector<float> &aos, long long n, int N, int G, int A, int L, float *d[8])
{
    long long elems = (n + 64 + 31) / 32 * 32;  // measure.c alloc_elems: n, 64 more, in 32s
    int nseg = L == SOA ? N - A + 1 : L == VEC ? N / G : 1;
    long long block = L == AOSOA || L == AOSOA_SHIFT ? 32 : 1, start[8], at = 0;
    for (int g = 0; g < nseg; g++) {  // core/layout.c place_segments (ADV_MARGIN 256)
        long long bstride = 4 * (L == SOA ? width(g ? A + g - 1 : 0, A) : L == VEC ? G : L == AOS ? N : 32 * N);
        long long bytes = ((elems + block - 1) / block + 256 / block) * bstride;
        start[g] = at + 256 / block * bstride;
        at = (at + bytes + 255) / 256 * 256 + 256;
    }
    std::vector<float> h(at / 4);
    for (long long i = 0; i < n; i++)
        for (int f = 0; f < N; f++) {
            int arr;
            long long o = place(L, N, G, A, i, f, &arr);
            h[start[arr] / 4 + o] = aos[i * N + f];
        }
    char *base = (char *)up(h);
    for (int g = 0; g < nseg; g++)
        d[g] = (float *)(base + start[g]);
    return base;
}

// ---- csr_pull's L1 sectors, counted on the host ------------------------------
// row_ptr as truth's csr_spmv makes it (parameter 0: seed 1): i * 16 + jitter below 16
static std::vector<int> csr_offsets(long long n, long long nnz)
{
    std::vector<int> rp(n + 1);
    Rng r(1);
    for (long long i = 0; i <= n; i++) {
        long long v = i ? i * 16 + (long long)(r.next() % 16) : 0;
        rp[i] = (int)(v < nnz ? v : nnz);
    }
    return rp;
}

// L1 sectors per 32 thread-level loads of csr_pull (row_ptr twice, then per
// entry col, val and the two fields of v[c]), AoS and SoA, on the harness's
// own data, as Nsight Compute counts them (distinct 32-byte sectors of each
// warp request's live lanes), three ways: "full" warps (every lane runs 16
// trips: what the gather model costs), "trips" (lane i live at trip t while
// t < its row's degree), and "unroll4" (nvcc -O3's loop, read from the PTX:
// a remainder loop of degree % 4 trips first, then 4 loads per iteration for
// degree / 4 iterations).  Segments start sector-aligned (pack_up).
static int csr_sectors(long long n, const std::string &set)
{
    long long nnz = (n + 1) * 16 + 16;
    std::vector<int> rp = csr_offsets(n, nnz), col = indices(nnz, n, 16, set, 2);
    const char *way[] = {"full", "trips", "unroll4"};
    for (int m = 0; m < 3; m++) {
        double sec[2] = {0, 0}, loads = 0;  // [0]: AoS, [1]: SoA
        std::vector<long long> a[4];  // col/val (same offsets), AoS field, SoA field, row_ptr
        auto count = [&](std::vector<long long> &x) {
            std::sort(x.begin(), x.end());
            long long d = x.empty() ? 0 : 1;
            for (size_t i = 1; i < x.size(); i++) d += x[i] / 32 != x[i - 1] / 32;
            return (double)d;
        };
        auto request = [&]() {  // one request of each of the loop's 4 loads
            if (a[0].empty()) return;
            double s = 2 * count(a[0]);
            sec[0] += s + 2 * count(a[1]);  // v[c].rank, v[c].out_deg: 16-byte elements
            sec[1] += s + 2 * count(a[2]);  // rank[c], out_deg[c]
            loads += 4.0 * a[0].size();
            for (auto &v : a) v.clear();
        };
        auto live = [&](long long e) {
            a[0].push_back(e * 4);
            a[1].push_back((long long)col[e] * 16);
            a[2].push_back((long long)col[e] * 4);
        };
        for (long long w0 = 0; w0 < n; w0 += 32) {
            long long hi = std::min(n, w0 + 32);
            for (int k = 0; k < 2; k++) {  // row_ptr[row], row_ptr[row + 1]
                for (long long i = w0; i < hi; i++) a[3].push_back((i + k) * 4);
                double s = count(a[3]);
                sec[0] += s, sec[1] += s, loads += (double)a[3].size();
                a[3].clear();
            }
            int most = 0;
            for (long long i = w0; i < hi; i++) most = std::max(most, rp[i + 1] - rp[i]);
            if (m == 0)
                for (int t = 0; t < 16; t++) { for (long long i = w0; i < hi; i++) live(rp[i] + t); request(); }
            else if (m == 1)
                for (int t = 0; t < most; t++) {
                    for (long long i = w0; i < hi; i++) if (rp[i] + t < rp[i + 1]) live(rp[i] + t);
                    request();
                }
            else {
                for (int t = 0; t < 3; t++) {
                    for (long long i = w0; i < hi; i++) if (t < (rp[i + 1] - rp[i]) % 4) live(rp[i] + t);
                    request();
                }
                for (int k = 0; k < most / 4; k++)
                    for (int u = 0; u < 4; u++) {
                        for (long long i = w0; i < hi; i++) {
                            int d = rp[i + 1] - rp[i];
                            if (k < d / 4) live(rp[i] + d % 4 + 4 * k + u);
                        }
                        request();
                    }
            }
        }
        printf("csr_pull %s %-7s L1 sectors per 32 thread loads: aos %.2f soa %.2f\n", set.c_str(), way[m],
               32 * sec[0] / loads, 32 * sec[1] / loads);
    }
    return 0;
}

int main(int argc, char **argv)
{
    if (argc < 4) { fprintf(stderr, "usage: truth PROGRAM N SETTING [ITERS]\n"); return 2; }
    std::string prog = argv[1], set = argv[3];
    long long n = atoll(argv[2]);
    if (prog == "csr_sectors")  // host only: no GPU needed
        return csr_sectors(n, set);
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
        }, false, out);
    } else if (prog == "row_major_nbr") {
        std::vector<int> nb = indices(8 * n, n, 8, set, 2);
        int *d_nbr = up(nb);
        each_layout<4, 4>(floats(n * 4, 1), n, [&](auto acc) {
            return time_ms([&] { coulomb<<<blocks(n), 256>>>(acc, d_nbr, out, (int)n); });
        }, false, out);
    } else if (prog == "nbody_allpairs") {
        each_layout<8, 4>(floats(n * 8, 1), n, [&](auto acc) {
            return time_ms([&] { allpairs<<<blocks(n), 256>>>(acc, out, (int)n); });
        }, false, out);
    } else if (prog == "csr_spmv") {
        long long nnz = (n + 1) * 16 + 16;
        std::vector<int> rp = csr_offsets(n, nnz);
        int *d_rp = up(rp), *d_col = up(indices(nnz, n, 16, set, 2));  // col: stride GM_DATA_DEGREE, centred at the row
        float *d_val = up(floats(nnz, 3));
        each_layout<4, 2>(floats(n * 4, 4), n, [&](auto acc) {
            return time_ms([&] { csr_pull<<<blocks(n), 256>>>(d_rp, d_col, d_val, acc, out, (int)n); });
        }, false, out);
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
        }, true);
    } else if (prog == "ball_group") {
        // m * nsample threads; the xyz buffer of n points, indices of it uniform
        long long pts = n;
        int *d_idx = up(indices(n, (pts - 2) / 3, 1, set, 4));
        float *d_xyz = up(floats(pts * 3 + 96, 3));
        // m and nsample as gmadvise assumes an integer nobody gave (GM_ASSUMED_PARAM, 1024 each)
        print_timing("declared", time_ms([&] { group_points<<<blocks(n), 256>>>(1024, 1024, d_xyz, d_idx, out); }));
    } else {
        fprintf(stderr, "unknown program %s\n", prog.c_str());
        return 2;
    }
    return 0;
}
