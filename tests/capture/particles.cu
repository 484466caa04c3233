// A small molecular-dynamics-like application for gmadvise capture's tests:
// several kernels, one launched many times, a struct array, a neighbour
// (index) array, a launch through cudaLaunchKernelEx.  Built the way
// projects build (nvcc, static cudart).  Usage: particles [N] [K] [WINDOW]:
// N particles, K neighbours each, within +-WINDOW elements in memory.
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

struct Particle {
    float x, y, z;
    float vx, vy, vz;
    float mass;
    int id;
};

__global__ void integrate(Particle *p, float dt, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        p[i].x += p[i].vx * dt;
        p[i].y += p[i].vy * dt;
        p[i].z += p[i].vz * dt;
    }
}

__global__ void neighbour_force(const Particle *p, const int *nbr, int k, float *fx, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        float s = 0.0f;
        for (int j = 0; j < k; j++) {
            int q = nbr[i * k + j];
            float dx = p[q].x - p[i].x;
            float dy = p[q].y - p[i].y;
            float dz = p[q].z - p[i].z;
            s += p[q].mass * (dx + dy + dz);
        }
        fx[i] = s;
    }
}

__global__ void kinetic(const Particle *p, float *e, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        e[i] = 0.5f * p[i].mass * (p[i].vx * p[i].vx + p[i].vy * p[i].vy + p[i].vz * p[i].vz);
}

#define CK(x)                                                                                     \
    do {                                                                                          \
        cudaError_t e_ = (x);                                                                     \
        if (e_ != cudaSuccess) {                                                                  \
            fprintf(stderr, "%s:%d: %s\n", __FILE__, __LINE__, cudaGetErrorString(e_));           \
            return 1;                                                                             \
        }                                                                                         \
    } while (0)

static unsigned lcg(unsigned long long *s)
{
    *s = *s * 6364136223846793005ull + 1442695040888963407ull;
    return (unsigned)(*s >> 33);
}

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 1 << 20;
    int k = argc > 2 ? atoi(argv[2]) : 16;
    int window = argc > 3 ? atoi(argv[3]) : 4096;
    unsigned long long seed = 12345;
    Particle *h = (Particle *)malloc(sizeof(Particle) * n);
    int *hn = (int *)malloc(sizeof(int) * (size_t)n * k);
    for (int i = 0; i < n; i++) {
        h[i].x = (lcg(&seed) % 1000) / 100.0f;
        h[i].y = (lcg(&seed) % 1000) / 100.0f;
        h[i].z = (lcg(&seed) % 1000) / 100.0f;
        h[i].vx = (lcg(&seed) % 100) / 1000.0f;
        h[i].vy = (lcg(&seed) % 100) / 1000.0f;
        h[i].vz = (lcg(&seed) % 100) / 1000.0f;
        h[i].mass = 1.0f + (lcg(&seed) % 10) / 10.0f;
        h[i].id = i;
        for (int j = 0; j < k; j++) {
            long q = i + (long)(lcg(&seed) % (2u * window + 1)) - window;
            hn[(size_t)i * k + j] = (int)(q < 0 ? -q : q >= n ? 2L * n - 2 - q : q);
        }
    }
    Particle *p;
    int *nbr;
    float *fx, *e;
    CK(cudaMalloc(&p, sizeof(Particle) * n));
    CK(cudaMalloc(&nbr, sizeof(int) * (size_t)n * k));
    CK(cudaMalloc(&fx, sizeof(float) * n));
    CK(cudaMalloc(&e, sizeof(float) * n));
    CK(cudaMemcpy(p, h, sizeof(Particle) * n, cudaMemcpyHostToDevice));
    CK(cudaMemcpy(nbr, hn, sizeof(int) * (size_t)n * k, cudaMemcpyHostToDevice));
    int block = 256, grid = (n + block - 1) / block;
    double fsum = 0;
    float *hf = (float *)malloc(sizeof(float) * n);
    for (int step = 0; step < 10; step++) {
        neighbour_force<<<grid, block>>>(p, nbr, k, fx, n);
        integrate<<<grid, block>>>(p, 0.01f, n);
        CK(cudaGetLastError());
        CK(cudaMemcpy(hf, fx, sizeof(float) * n, cudaMemcpyDeviceToHost));
        for (int i = 0; i < n; i++)
            fsum += hf[i];
    }
    cudaLaunchConfig_t cfg = {};
    cfg.gridDim = dim3(grid);
    cfg.blockDim = dim3(block);
    CK(cudaLaunchKernelEx(&cfg, kinetic, (const Particle *)p, e, n));
    CK(cudaMemcpy(hf, e, sizeof(float) * n, cudaMemcpyDeviceToHost));
    double esum = 0;
    for (int i = 0; i < n; i++)
        esum += hf[i];
    CK(cudaMemcpy(h, p, sizeof(Particle) * n, cudaMemcpyDeviceToHost));
    double xsum = 0;
    for (int i = 0; i < n; i++)
        xsum += h[i].x + h[i].y + h[i].z;
    printf("particles %d, neighbours %d within %d\n", n, k, window);
    printf("force sum %.9e\nkinetic sum %.9e\nposition sum %.9e\n", fsum, esum, xsum);
    return 0;
}
