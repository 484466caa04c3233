#define DECL(N) struct N { float x; float y; };
DECL(M)
__global__ void k(M *p) { p[threadIdx.x].x = 1; }
