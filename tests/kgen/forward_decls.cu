// Declarations before definitions, as nvdiffrast's cudaraster writes them:
// a class only declared (its definition is in a file this one does not
// include) that another class points to, and __device__ functions declared
// in a list first, called by one defined before them, defined last.  Every
// variant carries the declarations and the definitions.
namespace raster
{
class Impl; // defined where the host code is compiled

struct Owner {
    Impl *impl;
    int id;
};

__device__ __inline__ float shade(float v, float k);
__device__ __inline__ float lookup(float v);

__device__ __inline__ float shade(float v, float k)
{
    return lookup(v) * k;
}

__device__ __inline__ float lookup(float v)
{
    return v * v + 1.0f;
}
} // namespace raster

struct Fragment {
    float depth;
    float alpha;
};

__global__ void shade_fragments(Fragment *f, const raster::Owner *owner, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n && owner->impl == nullptr)
        f[i].alpha = raster::shade(f[i].depth, 0.5f);
}
