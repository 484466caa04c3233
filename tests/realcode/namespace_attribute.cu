// A project's own headers, included quoted, that open namespaces with an
// export attribute between `namespace` and the name, written out or
// through a macro that spells both (raft's, cuml's and rmm's styles); the
// file's kernels sit in such a block too.  Clang before 16 refused the
// attribute there; the blocks are also copied into generated code.
#include "namespace_attribute/include/sph/grid.hpp"
#include "namespace_attribute/include/sph/particles.hpp"

namespace SPH_EXPORT sph {

__global__ void bin_count(const Particle *p, Cell *cells, int n, float inv_cell)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        atomicAdd(&cells[(int)(p[i].x * inv_cell)].count, 1);
}

__global__ void reset_density(Particle *p, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        p[i].density = 0.0f;
}

}  // namespace SPH_EXPORT sph

namespace SPH_NAMESPACE {

__global__ void weigh(const Particle *p, float *w, int n, float h2)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        w[i] = p[i].mass * poly6(p[i].x * p[i].x, h2);
}

}  // namespace SPH_NAMESPACE

void bin(sph::Particle *p, sph::Cell *cells, float *w, int n)
{
    sph::bin_count<<<(n + 255) / 256, 256>>>(p, cells, n, 8.0f);
    sph::reset_density<<<(n + 255) / 256, 256>>>(p, n);
    sph::weigh<<<(n + 255) / 256, 256>>>(p, w, n, 0.01f);
}
