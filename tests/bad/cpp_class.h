class C { public: float x; float get() const { return x; } virtual ~C(); };
__global__ void k(C *p, int n) { int i = blockIdx.x * blockDim.x + threadIdx.x; if (i < n) p[i].x += 1; }
