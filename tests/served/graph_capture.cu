// Host code of the runtime and driver APIs that libraries keep beside their
// kernels: a stream captured into a graph and updated in place, a pool,
// virtual memory mapped with cuMem*, a kernel attribute through the driver.
#include <cuda.h>
#include <cuda_runtime.h>

__global__ void axpy(float a, const float *x, float *y, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        y[i] += a * x[i];
}

struct Captured {
    cudaGraph_t graph = nullptr;
    cudaGraphExec_t exec = nullptr;

    void run(cudaStream_t s, float a, const float *x, float *y, int n)
    {
        cudaStreamCaptureStatus status;
        cudaStreamIsCapturing(s, &status);
        if (status != cudaStreamCaptureStatusNone)
            return;
        cudaStreamBeginCapture(s, cudaStreamCaptureModeRelaxed);
        axpy<<<(n + 127) / 128, 128, 0, s>>>(a, x, y, n);
        cudaStreamEndCapture(s, &graph);
        cudaGraphExecUpdateResultInfo info;
        if (exec && cudaGraphExecUpdate(exec, graph, &info) == cudaSuccess &&
            info.result == cudaGraphExecUpdateSuccess)
            return;
        cudaGraphInstantiate(&exec, graph, nullptr, nullptr, 0);
        cudaGraphLaunch(exec, s);
    }
};

size_t reserve(size_t bytes, int device)
{
    CUmemAllocationProp prop = {};
    prop.type = CU_MEM_ALLOCATION_TYPE_PINNED;
    prop.location.type = CU_MEM_LOCATION_TYPE_DEVICE;
    prop.location.id = device;
    size_t granularity = 0;
    cuMemGetAllocationGranularity(&granularity, &prop, CU_MEM_ALLOC_GRANULARITY_MINIMUM);
    CUdeviceptr base;
    cuMemAddressReserve(&base, bytes, 0, 0, 0);
    CUmemGenericAllocationHandle handle;
    cuMemCreate(&handle, bytes, &prop, 0);
    cuMemMap(base, bytes, 0, handle, 0);
    CUmemAccessDesc access = {};
    access.location = prop.location;
    access.flags = CU_MEM_ACCESS_FLAGS_PROT_READWRITE;
    cuMemSetAccess(base, bytes, &access, 1);
    cudaMemPool_t pool;
    cudaDeviceGetDefaultMemPool(&pool, device);
    cuuint64_t threshold = UINT64_MAX;
    cudaMemPoolSetAttribute(pool, cudaMemPoolAttrReleaseThreshold, &threshold);
    CUfunction f = nullptr;
    cuFuncSetAttribute(f, CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES, 64 * 1024);
    return granularity;
}
