// The launch parameters of a ranking step, filled on the host.
#pragma once
namespace ranking {
struct StepParams {
    int   *best_ids = nullptr;
    float *best_scores = nullptr;
    int    step;
    int    beams;
    float  length_penalty;
    bool   early_stop = true;
};
}
