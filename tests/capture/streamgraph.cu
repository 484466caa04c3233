// gmadvise capture and CUDA graphs: a kernel recorded into a graph by
// stream capture (the launch callback sees it while recording, when it does
// not run), the graph launched three times (its kernels are not seen one by
// one), then the same kernel launched directly: the capture takes that one
// and says why the others were not.
#include <cstdio>
#include <cuda_runtime.h>

__global__ void scale(float *a, float s, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        a[i] = a[i] * s + 1.0f;
}

#define CK(x)                                                                                     \
    do {                                                                                          \
        cudaError_t e_ = (x);                                                                     \
        if (e_ != cudaSuccess) {                                                                  \
            fprintf(stderr, "%s:%d: %s\n", __FILE__, __LINE__, cudaGetErrorString(e_));           \
            return 1;                                                                             \
        }                                                                                         \
    } while (0)

int main()
{
    const int n = 1 << 20;
    float *a;
    CK(cudaMalloc(&a, n * sizeof(float)));
    CK(cudaMemset(a, 0, n * sizeof(float)));
    cudaStream_t s;
    CK(cudaStreamCreate(&s));
    cudaGraph_t g;
    cudaGraphExec_t ge;
    CK(cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal));
    scale<<<n / 256, 256, 0, s>>>(a, 0.5f, n);
    CK(cudaStreamEndCapture(s, &g));
    CK(cudaGraphInstantiate(&ge, g, 0));
    for (int i = 0; i < 3; i++)
        CK(cudaGraphLaunch(ge, s));
    CK(cudaStreamSynchronize(s));
    scale<<<n / 256, 256, 0, s>>>(a, 2.0f, n);
    float h[4];
    CK(cudaMemcpy(h, a, sizeof h, cudaMemcpyDeviceToHost));
    printf("a[0] = %.6f\n", h[0]);
    return 0;
}
