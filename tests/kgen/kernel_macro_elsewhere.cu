// A kernel marked with a library's macro (TK_KERNEL, __global__ static in
// toolkit/kernel_decl.hpp through -I) that the file does not include: the
// header is found below the -I folder and included first, and the
// variants compile without the macro's static.
// gmadvise-test: args -I tests/kgen/inc

struct Particle {
    float x, y, z;
    float w;
};

TK_KERNEL void drift(Particle *p, float dt, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        p[i].x += dt * p[i].w;
        p[i].y += dt * p[i].w;
    }
}

void step(Particle *p, int n)
{
    drift<<<(n + 255) / 256, 256>>>(p, 0.01f, n);
}
