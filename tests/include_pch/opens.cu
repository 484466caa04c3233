/* A file that opens with system headers, one found nowhere between them
 * (served empty), then its own code: the run of #include lines is
 * precompiled with the prelude. */
#include <vector> // the C++ library
#include <cstdio>
#include <missing_helper_of_this_test.h>
#include <string>

struct Cell {
    float x, y, z, w;
};

__global__ void scale(Cell *c, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        c[i].x *= 2.0f;
}

void host_side(std::vector<Cell> &v, const std::string &name)
{
    std::printf("%s %zu\n", name.c_str(), v.size());
}
