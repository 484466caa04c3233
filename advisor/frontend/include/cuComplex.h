/* gmadvise's cuComplex.h: complex types and arithmetic, declarations only. */
#pragma once
#include <cuda_runtime.h>
typedef float2 cuFloatComplex;
typedef double2 cuDoubleComplex;
typedef cuFloatComplex cuComplex;
__host__ __device__ float cuCrealf(cuFloatComplex);
__host__ __device__ float cuCimagf(cuFloatComplex);
__host__ __device__ cuFloatComplex make_cuFloatComplex(float, float);
__host__ __device__ cuFloatComplex make_cuComplex(float, float);
__host__ __device__ cuFloatComplex cuConjf(cuFloatComplex);
__host__ __device__ cuFloatComplex cuCaddf(cuFloatComplex, cuFloatComplex);
__host__ __device__ cuFloatComplex cuCsubf(cuFloatComplex, cuFloatComplex);
__host__ __device__ cuFloatComplex cuCmulf(cuFloatComplex, cuFloatComplex);
__host__ __device__ cuFloatComplex cuCdivf(cuFloatComplex, cuFloatComplex);
__host__ __device__ float cuCabsf(cuFloatComplex);
__host__ __device__ double cuCreal(cuDoubleComplex);
__host__ __device__ double cuCimag(cuDoubleComplex);
__host__ __device__ cuDoubleComplex make_cuDoubleComplex(double, double);
__host__ __device__ cuDoubleComplex cuConj(cuDoubleComplex);
__host__ __device__ cuDoubleComplex cuCadd(cuDoubleComplex, cuDoubleComplex);
__host__ __device__ cuDoubleComplex cuCsub(cuDoubleComplex, cuDoubleComplex);
__host__ __device__ cuDoubleComplex cuCmul(cuDoubleComplex, cuDoubleComplex);
__host__ __device__ cuDoubleComplex cuCdiv(cuDoubleComplex, cuDoubleComplex);
__host__ __device__ double cuCabs(cuDoubleComplex);
__host__ __device__ cuDoubleComplex cuComplexFloatToDouble(cuFloatComplex);
__host__ __device__ cuFloatComplex cuComplexDoubleToFloat(cuDoubleComplex);
__host__ __device__ cuComplex cuCfmaf(cuComplex, cuComplex, cuComplex);
__host__ __device__ cuDoubleComplex cuCfma(cuDoubleComplex, cuDoubleComplex, cuDoubleComplex);
