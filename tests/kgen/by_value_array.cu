// A struct copied by value whose array members are then indexed, shared
// memory declared extern (n-body and reduction styles).
struct Particle {
    float pos[3];
    float vel[3];
    float acc[3];
    float mass;
};

__global__ void integrate(Particle *p, float dt, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    Particle pi = p[i];
    for (int d = 0; d < 3; d++) {
        pi.vel[d] += pi.acc[d] * dt;
        pi.pos[d] += pi.vel[d] * dt;
    }
    pi.acc[0] = 0.f;
    p[i] = pi;
}

__global__ void kinetic(const Particle *p, float *block_sums, int n)
{
    extern __shared__ float partial[];
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    float e = 0.f;
    if (i < n)
        e = 0.5f * p[i].mass * (p[i].vel[0] * p[i].vel[0] + p[i].vel[1] * p[i].vel[1]);
    partial[threadIdx.x] = e;
    __syncthreads();
    if (threadIdx.x == 0) {
        float s = 0.f;
        for (unsigned k = 0; k < blockDim.x; k++)
            s += partial[k];
        block_sums[blockIdx.x] = s;
    }
}
