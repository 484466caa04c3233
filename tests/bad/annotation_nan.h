struct A { float x; float y; };
// gmadvise: n=nan
// gmadvise: m=1e30
__global__ void k(A *p, int n, int m) { int i = threadIdx.x * m; if (i < n) p[i].x = 1; }
