// A hand-written truth harness for gmadvise capture: the neighbour-list and
// CSR-graph kernels of particles.cu and graph.cu written by hand, run on
// the buffers a capture holds, timed the
// way gmadvise times (warm-up, L2 flushed before every sample, CUDA
// events, median of many), in the five standard layouts gmadvise generates
// (AoS, __align__(16) AoS, SoA, AoSoA of 32, vector groups).  Independent of gmadvise's generated code: its
// winner and speedups check gmadvise's ranking on the same data.
// usage: truth nbr|graph CAPTURE_DIR   (the capture of one kernel: c0_b*.npy)
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>
#include <cuda_runtime.h>

#define CK(x)                                                                                   \
    do {                                                                                        \
        cudaError_t e_ = (x);                                                                   \
        if (e_ != cudaSuccess) {                                                                \
            fprintf(stderr, "%s:%d: %s\n", __FILE__, __LINE__, cudaGetErrorString(e_));         \
            exit(1);                                                                            \
        }                                                                                       \
    } while (0)

static std::vector<unsigned char> npy(const char *dir, const char *name)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    FILE *f = fopen(path, "rb");
    if (!f) {
        fprintf(stderr, "cannot open %s\n", path);
        exit(1);
    }
    unsigned char h[10];
    if (fread(h, 1, 10, f) != 10 || h[6] != 1) {
        fprintf(stderr, "%s: not an .npy 1.0 file\n", path);
        exit(1);
    }
    long hl = h[8] | h[9] << 8;
    fseek(f, 0, SEEK_END);
    long n = ftell(f) - 10 - hl;
    fseek(f, 10 + hl, SEEK_SET);
    std::vector<unsigned char> v(n);
    if (fread(v.data(), 1, n, f) != (size_t)n)
        exit(1);
    fclose(f);
    return v;
}

template <class T> static T *up(const void *src, size_t bytes)
{
    T *d;
    CK(cudaMalloc(&d, bytes));
    CK(cudaMemcpy(d, src, bytes, cudaMemcpyHostToDevice));
    return d;
}

static unsigned char *flush_buf;
static const size_t flush_bytes = 256u << 20;

template <class F> static double median_ms(F launch)
{
    cudaEvent_t a, b;
    CK(cudaEventCreate(&a));
    CK(cudaEventCreate(&b));
    for (int i = 0; i < 3; i++)
        launch();
    std::vector<float> t;
    for (int i = 0; i < 41; i++) {
        CK(cudaMemset(flush_buf, i, flush_bytes));
        CK(cudaEventRecord(a));
        launch();
        CK(cudaEventRecord(b));
        CK(cudaEventSynchronize(b));
        float ms;
        CK(cudaEventElapsedTime(&ms, a, b));
        t.push_back(ms);
    }
    CK(cudaGetLastError());
    std::sort(t.begin(), t.end());
    return t[t.size() / 2];
}

static int close_enough(const float *a, const float *b, size_t n, size_t *bad)
{
    for (size_t i = 0; i < n; i++) {
        float s = fmaxf(fabsf(a[i]), fabsf(b[i]));
        if (fabsf(a[i] - b[i]) > 1e-5f * s + 1e-30f) {
            *bad = i;
            return 0;
        }
    }
    return 1;
}

/* ---- neighbour list: struct Particle { float x, y, z, vx, vy, vz, mass; int id; } */
struct P { float x, y, z, vx, vy, vz, mass; int id; };
struct P32 { float x[32], y[32], z[32], vx[32], vy[32], vz[32], mass[32]; int id[32]; };
struct __align__(16) PA { float x, y, z, vx, vy, vz, mass; int id; };

__global__ void nbr_aos(const P *p, const int *nbr, int k, float *fx, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        float s = 0.0f;
        for (int j = 0; j < k; j++) {
            int q = nbr[i * k + j];
            s += p[q].mass * ((p[q].x - p[i].x) + (p[q].y - p[i].y) + (p[q].z - p[i].z));
        }
        fx[i] = s;
    }
}
__global__ void nbr_soa(const float *x, const float *y, const float *z, const float *mass, const int *nbr, int k,
                        float *fx, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        float s = 0.0f;
        for (int j = 0; j < k; j++) {
            int q = nbr[i * k + j];
            s += mass[q] * ((x[q] - x[i]) + (y[q] - y[i]) + (z[q] - z[i]));
        }
        fx[i] = s;
    }
}
__global__ void nbr_aosoa(const P32 *p, const int *nbr, int k, float *fx, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        float s = 0.0f;
        const P32 &a = p[i / 32];
        int li = i % 32;
        for (int j = 0; j < k; j++) {
            int q = nbr[i * k + j];
            const P32 &b = p[q / 32];
            int lq = q % 32;
            s += b.mass[lq] * ((b.x[lq] - a.x[li]) + (b.y[lq] - a.y[li]) + (b.z[lq] - a.z[li]));
        }
        fx[i] = s;
    }
}

__global__ void nbr_aos_align(const PA *p, const int *nbr, int k, float *fx, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        float s = 0.0f;
        for (int j = 0; j < k; j++) {
            int q = nbr[i * k + j];
            s += p[q].mass * ((p[q].x - p[i].x) + (p[q].y - p[i].y) + (p[q].z - p[i].z));
        }
        fx[i] = s;
    }
}
/* vector: consecutive same-typed fields as CUDA vectors, one array each:
 * float4 {x, y, z, vx}, float2 {vy, vz}, float mass, int id */
__global__ void nbr_vector(const float4 *xyzv, const float *mass, const int *nbr, int k, float *fx, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        float s = 0.0f;
        float4 a = xyzv[i];
        for (int j = 0; j < k; j++) {
            int q = nbr[i * k + j];
            float4 b = xyzv[q];
            s += mass[q] * ((b.x - a.x) + (b.y - a.y) + (b.z - a.z));
        }
        fx[i] = s;
    }
}

/* ---- CSR graph: struct Vertex { float rank, out_w; int degree, label; } */
struct V { float rank, out_w; int degree, label; };
struct V32 { float rank[32], out_w[32]; int degree[32], label[32]; };
struct __align__(16) VA { float rank, out_w; int degree, label; };

__global__ void pr_aos(const int *rowptr, const int *col, const V *v, float *next, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        float s = 0.0f;
        for (int j = rowptr[i]; j < rowptr[i + 1]; j++) {
            int u = col[j];
            s += v[u].rank * v[u].out_w;
        }
        next[i] = 0.15f + 0.85f * s;
    }
}
__global__ void pr_soa(const int *rowptr, const int *col, const float *rank, const float *out_w, float *next, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        float s = 0.0f;
        for (int j = rowptr[i]; j < rowptr[i + 1]; j++) {
            int u = col[j];
            s += rank[u] * out_w[u];
        }
        next[i] = 0.15f + 0.85f * s;
    }
}
__global__ void pr_aosoa(const int *rowptr, const int *col, const V32 *v, float *next, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        float s = 0.0f;
        for (int j = rowptr[i]; j < rowptr[i + 1]; j++) {
            int u = col[j];
            s += v[u / 32].rank[u % 32] * v[u / 32].out_w[u % 32];
        }
        next[i] = 0.15f + 0.85f * s;
    }
}

__global__ void pr_aos_align(const int *rowptr, const int *col, const VA *v, float *next, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        float s = 0.0f;
        for (int j = rowptr[i]; j < rowptr[i + 1]; j++) {
            int u = col[j];
            s += v[u].rank * v[u].out_w;
        }
        next[i] = 0.15f + 0.85f * s;
    }
}
/* vector: float2 {rank, out_w}, int2 {degree, label} */
__global__ void pr_vector(const int *rowptr, const int *col, const float2 *ro, float *next, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        float s = 0.0f;
        for (int j = rowptr[i]; j < rowptr[i + 1]; j++) {
            float2 r = ro[col[j]];
            s += r.x * r.y;
        }
        next[i] = 0.15f + 0.85f * s;
    }
}

static void report(const char *what, const double *t, int ok)
{
    static const char *names[5] = {"aos", "aos_align", "soa", "aosoa", "vector"};
    int w = 0;
    for (int i = 1; i < 5; i++)
        w = t[i] < t[w] ? i : w;
    printf("truth %s:", what);
    for (int i = 0; i < 5; i++)
        printf(" %s %.4f ms (%.3fx)%s", names[i], t[i], t[0] / t[i], i < 4 ? "," : ";");
    printf(" winner %s %.3fx; outputs %s\n", names[w], t[0] / t[w], ok ? "match" : "DIFFER");
}

int main(int argc, char **argv)
{
    if (argc != 3) {
        fprintf(stderr, "usage: truth nbr|graph CAPTURE_DIR\n");
        return 2;
    }
    const char *dir = argv[2];
    CK(cudaMalloc(&flush_buf, flush_bytes));
    const int block = 256;
    int ok = 1;
    size_t bad = 0;
    if (!strcmp(argv[1], "nbr")) {
        std::vector<unsigned char> pb = npy(dir, "c0_b0_before.npy"), nb = npy(dir, "c0_b1_before.npy"),
                                   fa = npy(dir, "c0_b2_after.npy");
        int n = (int)(pb.size() / sizeof(P)), k = (int)(nb.size() / 4 / n), grid = (n + block - 1) / block;
        const P *hp = (const P *)pb.data();
        std::vector<float> x(n), y(n), z(n), m(n);
        std::vector<P32> blocks((n + 31) / 32);
        std::vector<PA> al(n);
        std::vector<float4> xyzv(n);
        for (int i = 0; i < n; i++) {
            x[i] = hp[i].x, y[i] = hp[i].y, z[i] = hp[i].z, m[i] = hp[i].mass;
            al[i] = PA{hp[i].x, hp[i].y, hp[i].z, hp[i].vx, hp[i].vy, hp[i].vz, hp[i].mass, hp[i].id};
            xyzv[i] = make_float4(hp[i].x, hp[i].y, hp[i].z, hp[i].vx);
            P32 &b = blocks[i / 32];
            int l = i % 32;
            b.x[l] = hp[i].x, b.y[l] = hp[i].y, b.z[l] = hp[i].z, b.vx[l] = hp[i].vx, b.vy[l] = hp[i].vy;
            b.vz[l] = hp[i].vz, b.mass[l] = hp[i].mass, b.id[l] = hp[i].id;
        }
        P *dp = up<P>(hp, pb.size());
        int *dn = up<int>(nb.data(), nb.size());
        float *dx = up<float>(x.data(), 4 * n), *dy = up<float>(y.data(), 4 * n), *dz = up<float>(z.data(), 4 * n),
              *dm = up<float>(m.data(), 4 * n);
        P32 *db = up<P32>(blocks.data(), blocks.size() * sizeof(P32));
        PA *da = up<PA>(al.data(), sizeof(PA) * n);
        float4 *dv = up<float4>(xyzv.data(), sizeof(float4) * n);
        float *out;
        CK(cudaMalloc(&out, 4 * n));
        std::vector<float> o(n);
        nbr_aos_align<<<grid, block>>>(da, dn, k, out, n);
        CK(cudaMemcpy(o.data(), out, 4 * n, cudaMemcpyDeviceToHost));
        ok &= close_enough(o.data(), (const float *)fa.data(), n, &bad);
        nbr_vector<<<grid, block>>>(dv, dm, dn, k, out, n);
        CK(cudaMemcpy(o.data(), out, 4 * n, cudaMemcpyDeviceToHost));
        ok &= close_enough(o.data(), (const float *)fa.data(), n, &bad);
        nbr_aos<<<grid, block>>>(dp, dn, k, out, n);
        CK(cudaMemcpy(o.data(), out, 4 * n, cudaMemcpyDeviceToHost));
        ok &= close_enough(o.data(), (const float *)fa.data(), n, &bad);
        nbr_soa<<<grid, block>>>(dx, dy, dz, dm, dn, k, out, n);
        CK(cudaMemcpy(o.data(), out, 4 * n, cudaMemcpyDeviceToHost));
        ok &= close_enough(o.data(), (const float *)fa.data(), n, &bad);
        nbr_aosoa<<<grid, block>>>(db, dn, k, out, n);
        CK(cudaMemcpy(o.data(), out, 4 * n, cudaMemcpyDeviceToHost));
        ok &= close_enough(o.data(), (const float *)fa.data(), n, &bad);
        double t[5];
        t[0] = median_ms([&] { nbr_aos<<<grid, block>>>(dp, dn, k, out, n); });
        t[1] = median_ms([&] { nbr_aos_align<<<grid, block>>>(da, dn, k, out, n); });
        t[2] = median_ms([&] { nbr_soa<<<grid, block>>>(dx, dy, dz, dm, dn, k, out, n); });
        t[3] = median_ms([&] { nbr_aosoa<<<grid, block>>>(db, dn, k, out, n); });
        t[4] = median_ms([&] { nbr_vector<<<grid, block>>>(dv, dm, dn, k, out, n); });
        char what[64];
        snprintf(what, sizeof what, "neighbour_force n=%d k=%d", n, k);
        report(what, t, ok);
    } else {
        std::vector<unsigned char> rb = npy(dir, "c0_b0_before.npy"), cb = npy(dir, "c0_b1_before.npy"),
                                   vb = npy(dir, "c0_b2_before.npy"), na = npy(dir, "c0_b3_after.npy");
        int n = (int)(rb.size() / 4) - 1, grid = (n + block - 1) / block;
        const V *hv = (const V *)vb.data();
        std::vector<float> r(n), w(n);
        std::vector<V32> blocks((n + 31) / 32);
        std::vector<VA> al(n);
        std::vector<float2> ro(n);
        for (int i = 0; i < n; i++) {
            r[i] = hv[i].rank, w[i] = hv[i].out_w;
            al[i] = VA{hv[i].rank, hv[i].out_w, hv[i].degree, hv[i].label};
            ro[i] = make_float2(hv[i].rank, hv[i].out_w);
            V32 &b = blocks[i / 32];
            int l = i % 32;
            b.rank[l] = hv[i].rank, b.out_w[l] = hv[i].out_w, b.degree[l] = hv[i].degree, b.label[l] = hv[i].label;
        }
        int *drow = up<int>(rb.data(), rb.size()), *dcol = up<int>(cb.data(), cb.size());
        V *dv = up<V>(hv, vb.size());
        float *dr = up<float>(r.data(), 4 * n), *dw = up<float>(w.data(), 4 * n);
        V32 *db = up<V32>(blocks.data(), blocks.size() * sizeof(V32));
        VA *da = up<VA>(al.data(), sizeof(VA) * n);
        float2 *dro = up<float2>(ro.data(), sizeof(float2) * n);
        float *out;
        CK(cudaMalloc(&out, 4 * n));
        std::vector<float> o(n);
        pr_aos_align<<<grid, block>>>(drow, dcol, da, out, n);
        CK(cudaMemcpy(o.data(), out, 4 * n, cudaMemcpyDeviceToHost));
        ok &= close_enough(o.data(), (const float *)na.data(), n, &bad);
        pr_vector<<<grid, block>>>(drow, dcol, dro, out, n);
        CK(cudaMemcpy(o.data(), out, 4 * n, cudaMemcpyDeviceToHost));
        ok &= close_enough(o.data(), (const float *)na.data(), n, &bad);
        pr_aos<<<grid, block>>>(drow, dcol, dv, out, n);
        CK(cudaMemcpy(o.data(), out, 4 * n, cudaMemcpyDeviceToHost));
        ok &= close_enough(o.data(), (const float *)na.data(), n, &bad);
        pr_soa<<<grid, block>>>(drow, dcol, dr, dw, out, n);
        CK(cudaMemcpy(o.data(), out, 4 * n, cudaMemcpyDeviceToHost));
        ok &= close_enough(o.data(), (const float *)na.data(), n, &bad);
        pr_aosoa<<<grid, block>>>(drow, dcol, db, out, n);
        CK(cudaMemcpy(o.data(), out, 4 * n, cudaMemcpyDeviceToHost));
        ok &= close_enough(o.data(), (const float *)na.data(), n, &bad);
        double t[5];
        t[0] = median_ms([&] { pr_aos<<<grid, block>>>(drow, dcol, dv, out, n); });
        t[1] = median_ms([&] { pr_aos_align<<<grid, block>>>(drow, dcol, da, out, n); });
        t[2] = median_ms([&] { pr_soa<<<grid, block>>>(drow, dcol, dr, dw, out, n); });
        t[3] = median_ms([&] { pr_aosoa<<<grid, block>>>(drow, dcol, db, out, n); });
        t[4] = median_ms([&] { pr_vector<<<grid, block>>>(drow, dcol, dro, out, n); });
        char what[64];
        snprintf(what, sizeof what, "pull_rank n=%d edges=%zu", n, cb.size() / 4);
        report(what, t, ok);
    }
    if (!ok)
        fprintf(stderr, "truth: a layout's output differs from the captured output at element %zu\n", bad);
    return ok ? 0 : 1;
}
