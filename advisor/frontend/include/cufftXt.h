/* gmadvise's cufftXt.h: cuFFT's multi-GPU extension, declarations only. */
#pragma once
#include <cufft.h>
typedef enum cufftXtSubFormat_t { CUFFT_XT_FORMAT_INPUT = 0, CUFFT_XT_FORMAT_OUTPUT = 1,
                                  CUFFT_XT_FORMAT_INPLACE = 2, CUFFT_XT_FORMAT_INPLACE_SHUFFLED = 3 } cufftXtSubFormat;
typedef enum cufftXtCopyType_t { CUFFT_COPY_HOST_TO_DEVICE = 0, CUFFT_COPY_DEVICE_TO_HOST = 1,
                                 CUFFT_COPY_DEVICE_TO_DEVICE = 2 } cufftXtCopyType;
typedef struct cudaXtDesc_t {
    int version;
    int nGPUs;
    int GPUs[64];
    void *data[64];
    size_t size[64];
    void *cudaXtState;
} cudaXtDesc;
typedef struct cudaLibXtDesc_t {
    int version;
    cudaXtDesc *descriptor;
    int library;
    int subFormat;
    void *libDescriptor;
} cudaLibXtDesc;
cufftResult cufftXtSetGPUs(cufftHandle, int, int *);
cufftResult cufftXtMalloc(cufftHandle, cudaLibXtDesc **, cufftXtSubFormat);
cufftResult cufftXtMemcpy(cufftHandle, void *, void *, cufftXtCopyType);
cufftResult cufftXtFree(cudaLibXtDesc *);
cufftResult cufftXtExecDescriptorC2C(cufftHandle, cudaLibXtDesc *, cudaLibXtDesc *, int);
