// A struct sealed with final (common in C++ physics codes): the aligned
// variant and the adopt header must not derive from it.
struct Body final {
    float x, y, z;
    float mass;
};

__global__ void drift(Body *bodies, float dt, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        bodies[i].x += bodies[i].mass * dt;
}
