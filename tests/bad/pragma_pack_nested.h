#pragma pack(push, 2)
struct Q { char c; double d; };
#pragma pack(push, 1)
struct R { char c; int i; };
#pragma pack(pop)
#pragma pack(pop)
__global__ void k(Q *q, R *r) { int i = blockIdx.x * blockDim.x + threadIdx.x; q[i].d += r[i].i; }
