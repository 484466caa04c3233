// A simulation library's launch helper: the driver API reached through
// <cudaTypedefs.h> (the PFN_ typedefs a library loads cuGetProcAddress
// into) in a utility header, device memory held as CUdeviceptr, and a
// kernel over particles.  Generated code must leave the driver API out:
// NVRTC cannot compile the toolkit's cuda.h.
#include <cudaTypedefs.h>
#include <cuda_runtime_api.h>

struct Particle {
    float x, y, z;
    float mass;
};

static CUdeviceptr particles_on_device;

static bool driver_ready()
{
    CUdevice dev;
    CUcontext ctx = nullptr;
    return cuDeviceGet(&dev, 0) == CUDA_SUCCESS && cuCtxGetCurrent(&ctx) == CUDA_SUCCESS && ctx != nullptr;
}

__global__ void fall(Particle *p, float dt, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        p[i].z -= 9.81f * dt * p[i].mass;
}

void step(int n, float dt)
{
    if (!driver_ready())
        return;
    fall<<<(n + 255) / 256, 256>>>((Particle *)particles_on_device, dt, n);
}
