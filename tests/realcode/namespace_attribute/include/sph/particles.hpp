// The attribute macro written between `namespace` and the name.
#pragma once

#include "export.hpp"

namespace SPH_EXPORT sph {

struct Particle {
    float x, y, z;
    float mass;
    float density;
};

__device__ inline float poly6(float r2, float h2)
{
    float d = h2 - r2;
    return d > 0.0f ? d * d * d : 0.0f;
}

}  // namespace SPH_EXPORT sph
