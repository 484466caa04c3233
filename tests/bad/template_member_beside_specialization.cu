template <int N> struct Vec { float e[N]; };
template <> struct Vec<0> { };
struct S { Vec<3> p; Vec<2> q; int id; };
__global__ void k(S *s, float *o) { int i = blockIdx.x * blockDim.x + threadIdx.x; o[i] = s[i].p.e[2] + s[i].q.e[1]; }
