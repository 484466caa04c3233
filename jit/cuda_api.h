/* The CUDA driver API, loaded at run time: the same binary runs where
 * there is no GPU (and reports the static result) and where there is one.
 * GMADVISE_LIBCUDA overrides the library path.  Versioned entry points are
 * named explicitly so that dlsym finds the ABI these headers describe. */
#ifndef JIT_CUDA_API_H
#define JIT_CUDA_API_H

#include "cuda_abi.h"

#include "../common/status.h"

#define JIT_CUDA_FUNCS(X)                                                                   \
    X(cuInit) X(cuDriverGetVersion) X(cuDeviceGetCount) X(cuDeviceGet) X(cuDeviceGetName)   \
    X(cuDeviceGetAttribute) X(cuDeviceTotalMem_v2) X(cuDevicePrimaryCtxRetain)              \
    X(cuDevicePrimaryCtxRelease_v2) X(cuCtxSetCurrent) X(cuCtxSynchronize)                  \
    X(cuModuleLoadData) X(cuModuleUnload) X(cuModuleGetFunction) X(cuMemAlloc_v2)           \
    X(cuMemFree_v2) X(cuMemGetInfo_v2) X(cuMemcpyHtoD_v2) X(cuMemcpyDtoH_v2)                \
    X(cuMemcpyDtoD_v2) X(cuMemcpyDtoDAsync_v2) X(cuMemsetD32_v2) X(cuMemsetD32Async)         \
    X(cuLaunchKernel) X(cuEventCreate) X(cuEventRecord) X(cuEventSynchronize)               \
    X(cuEventDestroy_v2) X(cuGetErrorName) X(cuGetErrorString)

typedef struct jit_cuda {
    void *lib;
#define JIT_CUDA_MEMBER(f) __typeof__(&f) f;
    JIT_CUDA_FUNCS(JIT_CUDA_MEMBER)
#undef JIT_CUDA_MEMBER
    jit_event_elapsed_fn cuEventElapsedTime; /* the _v2 entry point where the driver has it */
    /* optional (NULL where a stand-in driver lacks it): the launch bound's
     * variables (advisor/engine/loop_bound.h) are then not read */
    __typeof__(&cuModuleGetGlobal_v2) cuModuleGetGlobal_v2;
    /* optional too: without it a block is launched as asked */
    __typeof__(&cuFuncGetAttribute) cuFuncGetAttribute;
} jit_cuda;

/* Loads the driver once per process.  GM_EENV when it is absent. */
const jit_cuda *jit_cuda_load(gm_status *st);

/* Turns a failed driver call into a status naming `what`. */
int jit_cu_check(const jit_cuda *cu, CUresult r, const char *what, gm_status *st);

#endif
