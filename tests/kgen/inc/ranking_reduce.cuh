// A running top-K of (value, index) pairs and the limit for half inputs.
#pragma once
#include <cfloat>
#include <cuda_fp16.h>
namespace ranking {
static const float HALF_MAX_VAL = 65504.F;

template <typename T, int K>
struct TopPairs {
    int id[K];
    T   val[K];
    __device__ __forceinline__ void clear()
    {
        for (int k = 0; k < K; ++k) {
            id[k]  = -1;
            val[k] = -HALF_MAX_VAL;
        }
    }
    __device__ __forceinline__ void offer(T v, int i)
    {
        if (v > val[K - 1]) {
            val[K - 1] = v;
            id[K - 1]  = i;
        }
    }
};
}
