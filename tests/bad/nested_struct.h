struct In { float a, b; };
struct Out { In in; float c; };
__global__ void k(Out *p, int n) { int i = blockIdx.x * blockDim.x + threadIdx.x; if (i < n) p[i].in.a += p[i].c; }
