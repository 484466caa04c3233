// The pair type of an old toolkit, kept by the project for builds
// before CUDA 11 (the file below includes it only there).
#ifndef LEGACY_PAIR_H
#define LEGACY_PAIR_H

struct legacy_pair {
    float key;
    int value;
};

__device__ inline float legacy_key(const legacy_pair &p)
{
    return p.key;
}

#endif
