/* A realistic particle system: 32-byte particles, an integrator that
 * touches position and velocity, and a reduction input that reads only
 * velocity and mass.  Which layout wins depends on the kernel. */
struct Particle {
    float x, y, z;    /* position */
    float vx, vy, vz; /* velocity */
    float mass;
    int id;
};

// gmadvise: dt=0.001
__global__ void integrate(Particle *p, float dt, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        p[i].x += p[i].vx * dt;
        p[i].y += p[i].vy * dt;
        p[i].z += p[i].vz * dt;
    }
}

__global__ void kinetic_energy(const Particle *__restrict__ p, float *__restrict__ e, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        float v2 = p[i].vx * p[i].vx + p[i].vy * p[i].vy + p[i].vz * p[i].vz;
        e[i] = 0.5f * p[i].mass * v2;
    }
}

__global__ void copy_particles(const Particle *__restrict__ in, Particle *__restrict__ out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        out[i] = in[i];
}
