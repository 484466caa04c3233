// A kernel file over a library reached through -I whose headers open their
// namespaces with an export attribute (include/sph): clang 14 refused both
// spellings where 16 and 19 accept them, and every declaration in the
// blocks was lost with it.
// gmadvise-test: args -I tests/realcode/namespace_attribute/include
#include <sph/grid.hpp>
#include <sph/particles.hpp>

__global__ void cell_density(sph::Particle *p, const sph::Cell *cells, int ncells, float h2)
{
    int c = blockIdx.x * blockDim.x + threadIdx.x;
    if (c >= ncells)
        return;
    const sph::Cell cell = cells[c];
    for (int i = cell.first; i < cell.first + cell.count; i++) {
        float rho = 0.0f;
        for (int j = cell.first; j < cell.first + cell.count; j++) {
            float dx = p[i].x - p[j].x, dy = p[i].y - p[j].y, dz = p[i].z - p[j].z;
            rho += p[j].mass * sph::poly6(dx * dx + dy * dy + dz * dz, h2);
        }
        p[i].density = rho;
    }
}

__global__ void scale_mass(sph::Particle *p, int n, float s)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        p[i].mass *= s;
}

void step(sph::Particle *p, const sph::Cell *cells, int ncells, int n)
{
    cell_density<<<(ncells + 127) / 128, 128>>>(p, cells, ncells, 0.01f);
    scale_mass<<<(n + 255) / 256, 256>>>(p, n, 1.0f);
}
