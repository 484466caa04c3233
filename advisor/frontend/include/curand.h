/* gmadvise's curand.h: the host generator API, declarations only. */
#pragma once
#include <cuda_runtime.h>
typedef enum curandStatus { CURAND_STATUS_SUCCESS = 0 } curandStatus_t;
typedef enum curandRngType { CURAND_RNG_PSEUDO_DEFAULT = 100, CURAND_RNG_PSEUDO_XORWOW = 101,
                             CURAND_RNG_PSEUDO_PHILOX4_32_10 = 161 } curandRngType_t;
typedef struct curandGenerator_st *curandGenerator_t;
extern "C" {
curandStatus_t curandCreateGenerator(curandGenerator_t *, curandRngType_t);
curandStatus_t curandDestroyGenerator(curandGenerator_t);
curandStatus_t curandSetPseudoRandomGeneratorSeed(curandGenerator_t, unsigned long long);
curandStatus_t curandGenerateUniform(curandGenerator_t, float *, size_t);
curandStatus_t curandGenerateUniformDouble(curandGenerator_t, double *, size_t);
curandStatus_t curandGenerateNormal(curandGenerator_t, float *, size_t, float, float);
}
