// A launch inside a type-dispatch macro of a host template (apex's
// DISPATCH_FLOAT_AND_HALF): the kernel's arguments are the macro's local
// aliases and a local constant, which a copy outside the function lacks.
#include <cstdint>

#define DISPATCH_FLOAT_AND_DOUBLE(IS_DOUBLE, LEVEL, ...) \
    if (IS_DOUBLE) {                                     \
        using scalar_t_##LEVEL = double;                 \
        __VA_ARGS__;                                     \
    } else {                                             \
        using scalar_t_##LEVEL = float;                  \
        __VA_ARGS__;                                     \
    }

template <int ILP, typename scalar_t, typename acc_t>
__global__ void row_scale(acc_t* __restrict__ out, const scalar_t* __restrict__ in, int64_t n)
{
    int64_t i = (int64_t)blockIdx.x * blockDim.x + threadIdx.x;
    for (int k = 0; k < ILP; k++)
        if (i * ILP + k < n)
            out[i * ILP + k] = (acc_t)in[i * ILP + k] * (acc_t)2;
}

template <typename Out>
void launch(Out* out, const void* in, int64_t n, bool is_double)
{
    DISPATCH_FLOAT_AND_DOUBLE(is_double, 0,
        const int ILP = 16 / sizeof(scalar_t_0);
        row_scale<ILP, scalar_t_0, Out><<<(n + 255) / 256, 256>>>(out, (const scalar_t_0*)in, n));
}

void run(float* out, const void* in, int64_t n, bool is_double) { launch<float>(out, in, n, is_double); }
