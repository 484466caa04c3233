#define KERNEL(name) __global__ void name(A *p, int n)
struct A { float x; };
KERNEL(k) { int i = blockIdx.x * blockDim.x + threadIdx.x; if (i < n) p[i].x = 2; }
