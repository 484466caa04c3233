struct K { float x; float y; __device__ K() : x(0), y(0) {} };
__global__ void k(K *p) { int i = threadIdx.x; K a = p[i]; p[i] = a; }
