// Member typedefs and a nested enum class as field types (templated
// numerics libraries); libclang 16 and 19 spell them unqualified.
struct Particle {
    typedef float real;
    using index_t = int;
    enum class Kind : int { Gas, Dust };
    real w;
    real v;
    Kind kind;
    index_t id;
};

__global__ void weigh(Particle *p, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n && p[i].kind == Particle::Kind::Gas)
        p[i].w *= p[i].v + p[i].id;
}

namespace sim {
struct Vec { float x, y; };
struct Tracer { Vec pos; Vec vel; };
}

__global__ void advect(sim::Tracer *t, float dt, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        t[i].pos.x += t[i].vel.x * dt;
}
