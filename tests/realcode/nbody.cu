// An n-body step over an array of structs: device helpers taking an element
// by const reference, reference and pointer aliases, a grid-stride loop and
// <cmath>.
#include <cmath>
#include <cstdint>
#include <cuda_runtime.h>
#include <vector>

struct Body {
    float3 pos;
    float3 vel;
    float mass;
    uint32_t id;
};

__device__ __forceinline__ float kinetic(const Body &b)
{
    return 0.5f * b.mass * (b.vel.x * b.vel.x + b.vel.y * b.vel.y + b.vel.z * b.vel.z);
}

__global__ void energy(const Body *__restrict__ bodies, float *__restrict__ e, int n)
{
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
        e[i] = kinetic(bodies[i]);
}

__global__ void drift(Body *bodies, float dt, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    Body &b = bodies[i];
    b.pos.x += b.vel.x * dt;
    b.pos.y += b.vel.y * dt;
    b.pos.z += b.vel.z * dt;
}

__global__ void kick(Body *bodies, const float3 *acc, float dt, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    Body *b = &bodies[i];
    b->vel.x += acc[i].x * dt;
    b->vel.y += acc[i].y * dt;
    b->vel.z += acc[i].z * dt;
}

__global__ void speed(const Body *bodies, float *s, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        s[i] = sqrtf(bodies[i].vel.x * bodies[i].vel.x + bodies[i].vel.y * bodies[i].vel.y +
                     bodies[i].vel.z * bodies[i].vel.z);
}

class Simulation {
  public:
    explicit Simulation(int n) : host_(n) {}
    void step(Body *d, float dt)
    {
        int n = (int)host_.size();
        drift<<<(n + 255) / 256, 256>>>(d, dt, n);
    }

  private:
    std::vector<Body> host_;
};

int main()
{
    Simulation sim(1 << 20);
    Body *d = nullptr;
    cudaMalloc(&d, sizeof(Body) << 20);
    sim.step(d, 0.01f);
    cudaDeviceSynchronize();
    cudaFree(d);
    return 0;
}
