struct alignas(8) V final { float x, y; int id; };
__global__ static void k(V *v) { int i = blockIdx.x * blockDim.x + threadIdx.x; v[i].x += v[i].y; v[i] = V{}; }
