struct NP { float x; float y; __device__ float get() const { return x + y; } };
__global__ void k(NP *p, float *o) { int i = threadIdx.x; o[i] = p[i].get(); }
