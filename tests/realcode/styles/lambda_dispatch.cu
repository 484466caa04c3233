// A kernel template instantiated through a generic lambda whose auto
// parameters carry the template arguments (gromacs' dispatchTemplatedFunction
// style): the use names run-time parameters, no instance of its own.
#include <utility>
enum class Scale { None, Single, Multiple };

template<typename Fn, typename... Args>
void dispatch(Fn&& fn, Args&&... args) { fn(std::integral_constant<bool, true>{}, std::integral_constant<Scale, Scale::Single>{}); }

template<bool updateVelocities, Scale scale>
__global__ void settle(int n, const float3* __restrict__ x, float3* __restrict__ v, float* __restrict__ out)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float3 p = x[i];
    if constexpr (updateVelocities) { v[i] = p; }
    if constexpr (scale != Scale::None) { out[i * 3] = p.x; }
}

void launch(int n, const float3* x, float3* v, float* out, bool upd, Scale s)
{
    dispatch([&](auto updateVelocities_, auto scale_) {
        settle<updateVelocities_, scale_><<<(n + 127) / 128, 128>>>(n, x, v, out);
    }, upd, s);
}
