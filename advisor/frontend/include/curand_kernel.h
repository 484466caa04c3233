/* gmadvise's curand_kernel.h: device-side random numbers, declarations only. */
#pragma once
#include <cuda_runtime.h>
struct curandStateXORWOW { unsigned int d, v[5]; int boxmuller_flag, boxmuller_flag_double;
                           float boxmuller_extra; double boxmuller_extra_double; };
typedef struct curandStateXORWOW curandState_t;
typedef struct curandStateXORWOW curandState;
struct curandStatePhilox4_32_10 { uint4 ctr, output; uint2 key; unsigned int STATE;
                                  int boxmuller_flag, boxmuller_flag_double;
                                  float boxmuller_extra; double boxmuller_extra_double; };
typedef struct curandStatePhilox4_32_10 curandStatePhilox4_32_10_t;
struct curandStateMRG32k3a { unsigned int s1[3], s2[3]; int boxmuller_flag, boxmuller_flag_double;
                             float boxmuller_extra; double boxmuller_extra_double; };
typedef struct curandStateMRG32k3a curandStateMRG32k3a_t;
template <class S> __device__ void curand_init(unsigned long long, unsigned long long, unsigned long long, S *);
/* quasi-random generators: direction vectors, then an offset */
typedef unsigned int curandDirectionVectors32_t[32];
typedef unsigned long long curandDirectionVectors64_t[64];
struct curandStateSobol32 { unsigned int i, x, c; unsigned int direction_vectors[32]; };
typedef struct curandStateSobol32 curandStateSobol32_t;
struct curandStateScrambledSobol32 { unsigned int i, x, c; unsigned int direction_vectors[32]; };
typedef struct curandStateScrambledSobol32 curandStateScrambledSobol32_t;
struct curandStateSobol64 { unsigned long long i, x, c; unsigned long long direction_vectors[64]; };
typedef struct curandStateSobol64 curandStateSobol64_t;
__device__ void curand_init(curandDirectionVectors32_t, unsigned int, curandStateSobol32_t *);
__device__ void curand_init(curandDirectionVectors32_t, unsigned int, unsigned int, curandStateScrambledSobol32_t *);
__device__ void curand_init(curandDirectionVectors64_t, unsigned long long, curandStateSobol64_t *);
template <class S> __device__ unsigned int curand(S *);
template <class S> __device__ float curand_uniform(S *);
template <class S> __device__ double curand_uniform_double(S *);
template <class S> __device__ float curand_normal(S *);
template <class S> __device__ double curand_normal_double(S *);
template <class S> __device__ float2 curand_normal2(S *);
template <class S> __device__ float4 curand_uniform4(S *);
template <class S> __device__ unsigned int curand_poisson(S *, double);
