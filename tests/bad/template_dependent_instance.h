template <class T> __global__ void k(T *p) { p[threadIdx.x] = T(0); }
template <class T> void run(T *p) { k<T><<<1, 32>>>(p); }
