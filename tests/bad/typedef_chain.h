typedef float real;
typedef real real2;
struct A { real2 x; real y; };
__global__ void k(A *p, int n) { int i = blockIdx.x * blockDim.x + threadIdx.x; if (i < n) p[i].x += 1; }
