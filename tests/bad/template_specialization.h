template <class T> struct Shared;
template <> struct Shared<float> { __device__ float *get(); };
struct A { float x; };
__global__ void k(A *p) { p[threadIdx.x].x = 1; }
