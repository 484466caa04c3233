/* gmadvise's cufft.h: cuFFT's types (which kernels take) and host API,
 * declarations only. */
#pragma once
#include <cuda_runtime.h>
#include <cuComplex.h>
typedef float cufftReal;
typedef double cufftDoubleReal;
typedef cuComplex cufftComplex;
typedef cuDoubleComplex cufftDoubleComplex;
typedef int cufftHandle;
typedef enum cufftResult_t {
    CUFFT_SUCCESS = 0, CUFFT_INVALID_PLAN, CUFFT_ALLOC_FAILED, CUFFT_INVALID_TYPE, CUFFT_INVALID_VALUE,
    CUFFT_INTERNAL_ERROR, CUFFT_EXEC_FAILED, CUFFT_SETUP_FAILED, CUFFT_INVALID_SIZE, CUFFT_UNALIGNED_DATA
} cufftResult;
typedef enum cufftType_t {
    CUFFT_R2C = 0x2a, CUFFT_C2R = 0x2c, CUFFT_C2C = 0x29, CUFFT_D2Z = 0x6a, CUFFT_Z2D = 0x6c, CUFFT_Z2Z = 0x69
} cufftType;
#define CUFFT_FORWARD -1
#define CUFFT_INVERSE 1
cufftResult cufftPlan1d(cufftHandle *, int, cufftType, int);
cufftResult cufftPlan2d(cufftHandle *, int, int, cufftType);
cufftResult cufftPlan3d(cufftHandle *, int, int, int, cufftType);
cufftResult cufftPlanMany(cufftHandle *, int, int *, int *, int, int, int *, int, int, cufftType, int);
cufftResult cufftCreate(cufftHandle *);
cufftResult cufftMakePlan1d(cufftHandle, int, cufftType, int, size_t *);
cufftResult cufftMakePlan2d(cufftHandle, int, int, cufftType, size_t *);
cufftResult cufftMakePlanMany(cufftHandle, int, int *, int *, int, int, int *, int, int, cufftType, int, size_t *);
cufftResult cufftSetStream(cufftHandle, cudaStream_t);
cufftResult cufftExecC2C(cufftHandle, cufftComplex *, cufftComplex *, int);
cufftResult cufftExecR2C(cufftHandle, cufftReal *, cufftComplex *);
cufftResult cufftExecC2R(cufftHandle, cufftComplex *, cufftReal *);
cufftResult cufftExecZ2Z(cufftHandle, cufftDoubleComplex *, cufftDoubleComplex *, int);
cufftResult cufftExecD2Z(cufftHandle, cufftDoubleReal *, cufftDoubleComplex *);
cufftResult cufftExecZ2D(cufftHandle, cufftDoubleComplex *, cufftDoubleReal *);
cufftResult cufftDestroy(cufftHandle);
