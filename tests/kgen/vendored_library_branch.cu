// A project that keeps a copy of a library for old toolkits in the #else
// the preprocessor skips (as FasterTransformer keeps 3rdparty/cub), then
// includes its own headers: a struct template, a `static const float`
// limit and a struct of parameters passed by value, each from a header of
// its own, over an array of candidates.  Every variant needs all three.
#if defined(CUDART_VERSION) && CUDART_VERSION >= 11000
#include <cub/cub.cuh>
#else
#include "inc/vendored/lib.cuh"
#endif
#include "inc/ranking_params.h"
#include "inc/ranking_reduce.cuh"

namespace ranking {

struct Candidate {
    float score;
    int   token;
    float prior;
};

template <typename T, int K>
__global__ void rank_rows(const Candidate *cands, StepParams params, int cols)
{
    const bool is_half = sizeof(T) == 2;
    const T    limit   = is_half ? HALF_MAX_VAL : FLT_MAX;
    TopPairs<T, K> top;
    top.clear();
    const Candidate &cand = cands[blockIdx.x * cols + threadIdx.x];
    T v = cand.score + cand.prior;
    top.offer(v < limit ? v : limit, cand.token);
    if (threadIdx.x == 0) {
        params.best_ids[blockIdx.x * params.beams + params.step]    = top.id[0];
        params.best_scores[blockIdx.x * params.beams + params.step] = top.val[0] / params.length_penalty;
    }
}

template <typename T>
void launch_rank(const Candidate *cands, StepParams params, int rows, int cols, cudaStream_t stream)
{
    rank_rows<T, 4><<<rows, 128, 0, stream>>>(cands, params, cols);
}

template void launch_rank<float>(const Candidate *, StepParams, int, int, cudaStream_t);

}  // namespace ranking
