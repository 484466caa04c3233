// A kernel template launched from a member template of a plain struct, the
// launcher a dispatcher calls with the state type (cupy's random
// generators): the launch there names the member's own T; the instance is
// the one clang makes, init_state<counter_state>.
#include <cstdint>
#include <utility>

struct counter_state {
    unsigned long long v;
    __device__ counter_state(int id, intptr_t base) : v(base + id) {}
};

template<typename T>
__global__ void init_state(intptr_t base, unsigned long long* out, long n)
{
    int id = threadIdx.x + blockIdx.x * blockDim.x;
    T s(id, base);
    if (id < n)
        out[id] = s.v;
}

struct launcher {
    long n;
    template<typename T, typename... Args>
    void operator()(Args&&... args)
    {
        init_state<T><<<(n + 255) / 256, 256>>>(std::forward<Args>(args)...);
    }
};

template<typename F, typename... Args>
void dispatch(F& f, Args&&... args) { f.template operator()<counter_state>(std::forward<Args>(args)...); }

void init(long n, intptr_t base, unsigned long long* out)
{
    launcher l{n};
    dispatch(l, base, out, n);
}
