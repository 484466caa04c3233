/* A stand-in for the CUDA driver (built as libcuda.so.1) and for CUPTI
 * (built as a second library from the same file with FAKE_CUPTI), so that
 * test_inject runs the capture injection library without a GPU: "device"
 * memory is host memory the test registers, the parameter layout comes
 * from a table the test sets, and cuFuncGetParamInfo refuses the handle
 * as the driver does for the runtime's kernels (CUDA_ERROR_INVALID_HANDLE),
 * so the library's fallback to cuKernelGetParamInfo is what runs. */
#include <cuda.h>
#include <cupti.h>
#include <stdlib.h>
#include <string.h>

#define EXPORT __attribute__((visibility("default")))

#ifdef FAKE_CUPTI
static CUpti_CallbackFunc callback;
static void *userdata;
static unsigned enabled[1024];

EXPORT CUptiResult cuptiSubscribe(CUpti_SubscriberHandle *h, CUpti_CallbackFunc cb, void *ud)
{
    callback = cb;
    userdata = ud;
    *h = (CUpti_SubscriberHandle)1;
    return CUPTI_SUCCESS;
}

EXPORT CUptiResult cuptiEnableCallback(uint32_t on, CUpti_SubscriberHandle h, CUpti_CallbackDomain d,
                                       CUpti_CallbackId id)
{
    if (d == CUPTI_CB_DOMAIN_DRIVER_API && id < 1024)
        enabled[id] = on;
    return CUPTI_SUCCESS;
}

EXPORT CUptiResult cuptiGetResultString(CUptiResult r, const char **s)
{
    *s = "fake";
    return CUPTI_SUCCESS;
}

/* The test's launch: both callbacks, the kernel's effect between them. */
EXPORT int fake_cupti_launch(CUpti_CallbackId id, const char *symbol, const void *params, void (*kernel)(void))
{
    if (!callback || id >= 1024 || !enabled[id])
        return -1;
    CUresult rc = CUDA_SUCCESS;
    CUpti_CallbackData cb;
    memset(&cb, 0, sizeof cb);
    cb.callbackSite = CUPTI_API_ENTER;
    cb.functionName = "cuLaunchKernel";
    cb.functionParams = params;
    cb.symbolName = symbol;
    cb.functionReturnValue = &rc;
    callback(userdata, CUPTI_CB_DOMAIN_DRIVER_API, id, &cb);
    if (kernel)
        kernel();
    cb.callbackSite = CUPTI_API_EXIT;
    callback(userdata, CUPTI_CB_DOMAIN_DRIVER_API, id, &cb);
    return 0;
}
#else
typedef struct {
    unsigned char *base;
    size_t bytes;
    int managed;
} alloc;
static alloc allocs[64];
static unsigned nallocs;
static size_t poff[64], psize[64];
static unsigned nparams;

EXPORT void *fake_alloc(size_t bytes, int managed)
{
    void *p = calloc(1, bytes);
    allocs[nallocs++] = (alloc){p, bytes, managed};
    return p;
}

EXPORT void fake_params(unsigned n, const size_t *off, const size_t *size)
{
    nparams = n;
    memcpy(poff, off, n * sizeof *off);
    memcpy(psize, size, n * sizeof *size);
}

static alloc *find(CUdeviceptr p)
{
    for (unsigned i = 0; i < nallocs; i++)
        if (p >= (CUdeviceptr)allocs[i].base && p < (CUdeviceptr)allocs[i].base + allocs[i].bytes)
            return &allocs[i];
    return NULL;
}

EXPORT CUresult cuCtxSynchronize(void) { return CUDA_SUCCESS; }
EXPORT CUresult cuCtxGetDevice(CUdevice *d) { *d = 0; return CUDA_SUCCESS; }
EXPORT CUresult cuDeviceGetName(char *name, int len, CUdevice d)
{
    strncpy(name, "Fake GPU", (size_t)len);
    return CUDA_SUCCESS;
}
EXPORT CUresult cuDeviceGetAttribute(int *v, CUdevice_attribute a, CUdevice d)
{
    *v = a == CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR ? 9 : 0;
    return CUDA_SUCCESS;
}
EXPORT CUresult cuPointerGetAttribute(void *data, CUpointer_attribute a, CUdeviceptr p)
{
    alloc *x = find(p);
    if (!x)
        return CUDA_ERROR_INVALID_VALUE;
    if (a == CU_POINTER_ATTRIBUTE_MEMORY_TYPE)
        *(unsigned *)data = CU_MEMORYTYPE_DEVICE;
    else if (a == CU_POINTER_ATTRIBUTE_IS_MANAGED)
        *(unsigned *)data = (unsigned)x->managed;
    else
        return CUDA_ERROR_NOT_SUPPORTED;
    return CUDA_SUCCESS;
}
EXPORT CUresult cuMemGetAddressRange_v2(CUdeviceptr *base, size_t *size, CUdeviceptr p)
{
    alloc *x = find(p);
    if (!x)
        return CUDA_ERROR_NOT_FOUND;
    *base = (CUdeviceptr)x->base;
    *size = x->bytes;
    return CUDA_SUCCESS;
}
EXPORT CUresult cuMemcpyDtoH_v2(void *dst, CUdeviceptr src, size_t n)
{
    alloc *x = find(src);
    if (!x || src + n > (CUdeviceptr)x->base + x->bytes)
        return CUDA_ERROR_INVALID_VALUE;
    memcpy(dst, (void *)src, n);
    return CUDA_SUCCESS;
}
EXPORT CUresult cuFuncGetParamInfo(CUfunction f, size_t i, size_t *off, size_t *size)
{
    return CUDA_ERROR_INVALID_HANDLE;
}
EXPORT CUresult cuKernelGetParamInfo(CUkernel k, size_t i, size_t *off, size_t *size)
{
    if (i >= nparams)
        return CUDA_ERROR_INVALID_VALUE;
    *off = poff[i];
    *size = psize[i];
    return CUDA_SUCCESS;
}
EXPORT CUresult cuStreamIsCapturing(CUstream s, CUstreamCaptureStatus *st)
{
    *st = s == (CUstream)0x5 ? CU_STREAM_CAPTURE_STATUS_ACTIVE : CU_STREAM_CAPTURE_STATUS_NONE;
    return CUDA_SUCCESS;
}
EXPORT CUresult cuGetErrorName(CUresult r, const char **s)
{
    *s = "CUDA_ERROR_FAKE";
    return CUDA_SUCCESS;
}
#endif
