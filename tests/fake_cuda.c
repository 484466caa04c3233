/* A stand-in for libcuda.so.1 that exports every entry point gmadvise
 * binds (jit/cuda_api.h) and fails each call, except the event timer:
 * built once with cuEventElapsedTime only (a driver older than CUDA 12.8)
 * and once with cuEventElapsedTime_v2 too (FAKE_CUDA_V2), each reporting
 * which one ran.  For tests/test_cuda_api.c. */
#include "../jit/cuda_abi.h"

#define FAIL(...) { return CUDA_ERROR_NOT_INITIALIZED; }
CUresult cuInit(unsigned f) FAIL()
CUresult cuDriverGetVersion(int *v) FAIL()
CUresult cuDeviceGetCount(int *c) FAIL()
CUresult cuDeviceGet(CUdevice *d, int o) FAIL()
CUresult cuDeviceGetName(char *n, int l, CUdevice d) FAIL()
CUresult cuDeviceGetAttribute(int *v, CUdevice_attribute a, CUdevice d) FAIL()
CUresult cuDeviceTotalMem_v2(size_t *b, CUdevice d) FAIL()
CUresult cuDevicePrimaryCtxRetain(CUcontext *c, CUdevice d) FAIL()
CUresult cuDevicePrimaryCtxRelease_v2(CUdevice d) FAIL()
CUresult cuCtxSetCurrent(CUcontext c) FAIL()
CUresult cuCtxSynchronize(void) FAIL()
CUresult cuModuleLoadData(CUmodule *m, const void *i) FAIL()
CUresult cuModuleUnload(CUmodule m) FAIL()
CUresult cuModuleGetFunction(CUfunction *f, CUmodule m, const char *n) FAIL()
CUresult cuMemAlloc_v2(CUdeviceptr *p, size_t b) FAIL()
CUresult cuMemFree_v2(CUdeviceptr p) FAIL()
CUresult cuMemGetInfo_v2(size_t *f, size_t *t) FAIL()
CUresult cuMemcpyHtoD_v2(CUdeviceptr d, const void *s, size_t b) FAIL()
CUresult cuMemcpyDtoH_v2(void *d, CUdeviceptr s, size_t b) FAIL()
CUresult cuMemcpyDtoD_v2(CUdeviceptr d, CUdeviceptr s, size_t b) FAIL()
CUresult cuMemcpyDtoDAsync_v2(CUdeviceptr d, CUdeviceptr s, size_t b, CUstream st) FAIL()
CUresult cuMemsetD32_v2(CUdeviceptr p, unsigned v, size_t c) FAIL()
CUresult cuMemsetD32Async(CUdeviceptr p, unsigned v, size_t c, CUstream s) FAIL()
CUresult cuLaunchKernel(CUfunction f, unsigned gx, unsigned gy, unsigned gz, unsigned bx, unsigned by,
                        unsigned bz, unsigned sh, CUstream s, void **p, void **e) FAIL()
CUresult cuEventCreate(CUevent *e, unsigned f) FAIL()
CUresult cuEventRecord(CUevent e, CUstream s) FAIL()
CUresult cuEventSynchronize(CUevent e) FAIL()
CUresult cuEventDestroy_v2(CUevent e) FAIL()
CUresult cuGetErrorName(CUresult r, const char **n) FAIL()
CUresult cuGetErrorString(CUresult r, const char **t) FAIL()

CUresult cuEventElapsedTime(float *ms, CUevent a, CUevent b)
{
    *ms = 1; /* the original entry point */
    return CUDA_SUCCESS;
}
#ifdef FAKE_CUDA_V2
CUresult cuEventElapsedTime_v2(float *ms, CUevent a, CUevent b)
{
    *ms = 2;
    return CUDA_SUCCESS;
}
#endif
