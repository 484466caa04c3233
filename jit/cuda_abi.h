/* The slice of the CUDA driver API and of NVRTC that gmadvise calls,
 * declared here rather than taken from cuda.h and nvrtc.h: both libraries
 * are loaded at run time (cuda_api.c, nvrtc.c), so gmadvise builds where
 * no CUDA toolkit is installed (a CI runner that only needs `check`).
 *
 * These are ABI facts, stable across CUDA 11..13: enum values, handle
 * types and the signatures of the entry points named here (the `_v2`
 * names are the ones the driver exports for the 64-bit ABI).  Nothing may
 * be added without the value or signature the driver documents. */
#ifndef JIT_CUDA_ABI_H
#define JIT_CUDA_ABI_H

#include <stddef.h>

/* ---- driver ---- */
typedef int CUresult;
enum {
    CUDA_SUCCESS = 0,
    CUDA_ERROR_INVALID_VALUE = 1,
    CUDA_ERROR_OUT_OF_MEMORY = 2,
    CUDA_ERROR_NOT_INITIALIZED = 3,
    CUDA_ERROR_UNKNOWN = 999,
};
typedef int CUdevice;
typedef unsigned long long CUdeviceptr;
typedef struct CUctx_st *CUcontext;
typedef struct CUmod_st *CUmodule;
typedef struct CUfunc_st *CUfunction;
typedef struct CUstream_st *CUstream;
typedef struct CUevent_st *CUevent;
typedef int CUdevice_attribute;
enum {
    CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT = 16,
    CU_DEVICE_ATTRIBUTE_L2_CACHE_SIZE = 38,
    CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR = 75,
    CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR = 76,
};
enum { CU_EVENT_DEFAULT = 0 };

CUresult cuInit(unsigned flags);
CUresult cuDriverGetVersion(int *version);
CUresult cuDeviceGetCount(int *count);
CUresult cuDeviceGet(CUdevice *dev, int ordinal);
CUresult cuDeviceGetName(char *name, int len, CUdevice dev);
CUresult cuDeviceGetAttribute(int *value, CUdevice_attribute attr, CUdevice dev);
CUresult cuDeviceTotalMem_v2(size_t *bytes, CUdevice dev);
CUresult cuDevicePrimaryCtxRetain(CUcontext *ctx, CUdevice dev);
CUresult cuDevicePrimaryCtxRelease_v2(CUdevice dev);
CUresult cuCtxSetCurrent(CUcontext ctx);
CUresult cuCtxSynchronize(void);
CUresult cuModuleLoadData(CUmodule *mod, const void *image);
CUresult cuModuleUnload(CUmodule mod);
CUresult cuModuleGetFunction(CUfunction *fn, CUmodule mod, const char *name);
CUresult cuModuleGetGlobal_v2(CUdeviceptr *ptr, size_t *bytes, CUmodule mod, const char *name);
enum { CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK = 0, CU_FUNC_ATTRIBUTE_SHARED_SIZE_BYTES = 1 };
CUresult cuFuncGetAttribute(int *value, int attr, CUfunction fn);
CUresult cuMemAlloc_v2(CUdeviceptr *p, size_t bytes);
CUresult cuMemFree_v2(CUdeviceptr p);
CUresult cuMemGetInfo_v2(size_t *free_bytes, size_t *total_bytes);
CUresult cuMemcpyHtoD_v2(CUdeviceptr dst, const void *src, size_t bytes);
CUresult cuMemcpyDtoH_v2(void *dst, CUdeviceptr src, size_t bytes);
CUresult cuMemcpyDtoD_v2(CUdeviceptr dst, CUdeviceptr src, size_t bytes);
CUresult cuMemcpyDtoDAsync_v2(CUdeviceptr dst, CUdeviceptr src, size_t bytes, CUstream s);
CUresult cuMemsetD32_v2(CUdeviceptr p, unsigned value, size_t count);
CUresult cuMemsetD32Async(CUdeviceptr p, unsigned value, size_t count, CUstream s);
CUresult cuLaunchKernel(CUfunction fn, unsigned gx, unsigned gy, unsigned gz, unsigned bx, unsigned by,
                        unsigned bz, unsigned shared_bytes, CUstream s, void **params, void **extra);
CUresult cuEventCreate(CUevent *ev, unsigned flags);
CUresult cuEventRecord(CUevent ev, CUstream s);
CUresult cuEventSynchronize(CUevent ev);
/* cuEventElapsedTime_v2 (drivers of CUDA >= 12.8) and cuEventElapsedTime
 * (every driver) share this signature; cuda_api.c takes the first found. */
typedef CUresult (*jit_event_elapsed_fn)(float *ms, CUevent start, CUevent end);
CUresult cuEventDestroy_v2(CUevent ev);
CUresult cuGetErrorName(CUresult r, const char **name);
CUresult cuGetErrorString(CUresult r, const char **text);

/* ---- NVRTC ---- */
typedef int nvrtcResult;
enum { NVRTC_SUCCESS = 0 };
typedef struct _nvrtcProgram *nvrtcProgram;

nvrtcResult nvrtcVersion(int *major, int *minor);
nvrtcResult nvrtcCreateProgram(nvrtcProgram *prog, const char *src, const char *name, int nheaders,
                               const char *const *headers, const char *const *include_names);
nvrtcResult nvrtcCompileProgram(nvrtcProgram prog, int nopts, const char *const *opts);
nvrtcResult nvrtcGetProgramLogSize(nvrtcProgram prog, size_t *size);
nvrtcResult nvrtcGetProgramLog(nvrtcProgram prog, char *log);
nvrtcResult nvrtcGetCUBINSize(nvrtcProgram prog, size_t *size);
nvrtcResult nvrtcGetCUBIN(nvrtcProgram prog, char *cubin);
nvrtcResult nvrtcGetPTXSize(nvrtcProgram prog, size_t *size);
nvrtcResult nvrtcGetPTX(nvrtcProgram prog, char *ptx);
nvrtcResult nvrtcDestroyProgram(nvrtcProgram *prog);
const char *nvrtcGetErrorString(nvrtcResult r);
nvrtcResult nvrtcGetNumSupportedArchs(int *n);
nvrtcResult nvrtcGetSupportedArchs(int *archs);

#endif
