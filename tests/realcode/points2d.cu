// A 32-byte point struct read by a 2D grid, and a struct with a pointer field.
#include <cuda_runtime.h>
#include <stdint.h>

struct Point {
    double x, y, z, w;
};

struct Mesh {
    float *coords;
    int n;
};

__global__ void norm_points(const Point *pts, double *out, int width)
{
    int col = blockIdx.x * blockDim.x + threadIdx.x;
    int row = blockIdx.y;
    int idx = row * width + col;
    out[idx] = pts[idx].x * pts[idx].x + pts[idx].y * pts[idx].y;
}

__global__ void scale_x(Point *pts, double s, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        pts[i].x *= s;
}

__global__ void mesh_sizes(const Mesh *meshes, float *first, int count)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < count)
        first[i] = meshes[i].n > 0 ? meshes[i].coords[0] : 0.0f;
}

__global__ void gather(const float *src, const int *map, float *dst, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        dst[i] = src[map[i]];
}
