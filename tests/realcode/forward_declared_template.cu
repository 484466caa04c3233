// A miner's style: kernel templates declared at the top of the file, their
// launches in a host class next, their definitions at the end.  Every
// instance is analysed once, whatever the libclang (19 gave each instance
// launched a second time, without its arguments, at the definition).
#include <cstdint>

template <int ROUNDS> __global__ void hash_rounds(uint32_t *state, int first, int last);
template <int ROUNDS> __global__ void finish_rounds(uint32_t *state, const uint32_t *salt, int first, int last);

class Sweep {
public:
    void run(uint32_t *state, const uint32_t *salt, int n, bool light)
    {
        for (int pos = 0; pos < n; pos += 4096) {
            int last = pos + 4096 < n ? pos + 4096 : n;
            if (light)
                hash_rounds<8><<<64, 64>>>(state, pos, last);
            else
                hash_rounds<20><<<64, 64>>>(state, pos, last);
            finish_rounds<8><<<64, 64>>>(state, salt, pos, last);
        }
    }
};

template <int ROUNDS> __global__ void hash_rounds(uint32_t *state, int first, int last)
{
    int i = first + blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= last)
        return;
    uint32_t x = state[i];
    for (int r = 0; r < ROUNDS; r++)
        x = (x << 7 | x >> 25) ^ (x + 0x9e3779b9u);
    state[i] = x;
}

template <int ROUNDS> __global__ void finish_rounds(uint32_t *state, const uint32_t *salt, int first, int last)
{
    int i = first + blockIdx.x * blockDim.x + threadIdx.x;
    if (i < last)
        state[i] ^= salt[i % ROUNDS];
}
