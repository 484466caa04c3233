typedef struct { float px, py, pz; int tag; } Body;
__global__ void k(Body *b, float dt) { int i = blockIdx.x * blockDim.x + threadIdx.x; b[i].px += dt * b[i].py; }
