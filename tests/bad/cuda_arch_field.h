struct A { float x;
#ifdef __CUDA_ARCH__
 double dev_only;
#endif
 float y; };
__global__ void k(A *p) { p[threadIdx.x].y = 1; }
