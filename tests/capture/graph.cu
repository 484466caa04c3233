// A CSR graph application for gmadvise capture's tests: a pull-style
// rank update gathering a struct of each neighbour through a column index
// array, launched once per iteration, over managed memory for the ranks
// out.  Usage: graph [VERTICES] [SEED]: random destinations (no locality).
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

struct Vertex {
    float rank;
    float out_w;   // 1 / out-degree
    int degree;
    int label;
};

__global__ void pull_rank(const int *rowptr, const int *col, const Vertex *v, float *next, int n)
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

__global__ void commit(Vertex *v, const float *next, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        v[i].rank = next[i];
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
    int n = argc > 1 ? atoi(argv[1]) : 1 << 21;
    unsigned long long seed = argc > 2 ? strtoull(argv[2], 0, 10) : 7;
    int *hr = (int *)malloc(sizeof(int) * (n + 1));
    hr[0] = 0;
    for (int i = 0; i < n; i++)
        hr[i + 1] = hr[i] + 4 + (int)(lcg(&seed) % 13);
    int m = hr[n];
    int *hc = (int *)malloc(sizeof(int) * m);
    int *outdeg = (int *)calloc(n, sizeof(int));
    for (int j = 0; j < m; j++) {
        hc[j] = (int)(lcg(&seed) % (unsigned)n);
        outdeg[hc[j]]++;
    }
    Vertex *hv = (Vertex *)malloc(sizeof(Vertex) * n);
    for (int i = 0; i < n; i++)
        hv[i] = Vertex{1.0f, outdeg[i] ? 1.0f / outdeg[i] : 0.0f, outdeg[i], i % 7};
    int *rowptr, *col;
    Vertex *v;
    float *next;
    CK(cudaMalloc(&rowptr, sizeof(int) * (n + 1)));
    CK(cudaMalloc(&col, sizeof(int) * m));
    CK(cudaMalloc(&v, sizeof(Vertex) * n));
    CK(cudaMallocManaged(&next, sizeof(float) * n));
    CK(cudaMemcpy(rowptr, hr, sizeof(int) * (n + 1), cudaMemcpyHostToDevice));
    CK(cudaMemcpy(col, hc, sizeof(int) * m, cudaMemcpyHostToDevice));
    CK(cudaMemcpy(v, hv, sizeof(Vertex) * n, cudaMemcpyHostToDevice));
    int block = 256, grid = (n + block - 1) / block;
    for (int it = 0; it < 8; it++) {
        pull_rank<<<grid, block>>>(rowptr, col, v, next, n);
        commit<<<grid, block>>>(v, next, n);
        CK(cudaGetLastError());
    }
    CK(cudaDeviceSynchronize());
    double sum = 0, mx = 0;
    for (int i = 0; i < n; i++) {
        sum += next[i];
        mx = next[i] > mx ? next[i] : mx;
    }
    printf("vertices %d, edges %d\nrank sum %.9e\nrank max %.9e\n", n, m, sum, mx);
    return 0;
}
