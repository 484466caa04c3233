// Device helpers of a project header, spliced into the file that includes
// it.  clamp_positive calls std::max, which NVRTC does not have.
#pragma once
#include <algorithm>

__device__ float scale_of(float v) { return 0.5f * v; }
__device__ float clamp_positive(float v) { return std::max(v, 0.f); }
