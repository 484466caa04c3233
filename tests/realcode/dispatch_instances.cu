// Kernel templates whose instances only clang can name: the text of the
// file never spells their arguments where gmadvise reads them.
//  - A type-dispatch macro (the style of PyTorch extensions) declares a
//    local alias in each case and launches with it; the element type, a
//    constant computed from it and a template template argument (the
//    epilogue) come from the switch and from the host template's own
//    argument, which a plain function names.
//  - A functor dispatch (the style of cupy's random generators) calls
//    `f.template operator()<State>()` on a launcher object whose member
//    template launches the kernel with State.
// Both are instantiated by clang; gmadvise analyses those instances, not
// ones on assumed arguments (float has no member `key`).
#include <cuda_runtime.h>

enum class Dtype { F32, F64 };

#define DISPATCH_REAL(KIND, ...)                 \
    switch (KIND) {                              \
    case Dtype::F32: {                           \
        using elem_t = float;                    \
        __VA_ARGS__;                             \
        break;                                   \
    }                                            \
    case Dtype::F64: {                           \
        using elem_t = double;                   \
        __VA_ARGS__;                             \
        break;                                   \
    }                                            \
    }

template <typename T> struct Keep {
    __device__ T operator()(T v) const { return v; }
};

template <typename T> struct Halve {
    __device__ T operator()(T v) const { return v / 2; }
};

template <int PER_THREAD, typename T, template <typename> class Post>
__global__ void scale_chunks(T *out, const T *in, T factor, int n)
{
    int first = (blockIdx.x * blockDim.x + threadIdx.x) * PER_THREAD;
    Post<T> post;
    for (int j = 0; j < PER_THREAD; j++)
        if (first + j < n)
            out[first + j] = post(in[first + j] * factor);
}

template <template <typename> class Post>
void scale_any(Dtype kind, void *out, const void *in, double factor, int n)
{
    DISPATCH_REAL(kind, const int per = sizeof(float4) / sizeof(elem_t);
                  scale_chunks<per, elem_t, Post><<<(n / per + 255) / 256, 256>>>(
                      static_cast<elem_t *>(out), static_cast<const elem_t *>(in), (elem_t)factor, n));
}

void scale_halved(Dtype kind, void *out, const void *in, double factor, int n)
{
    scale_any<Halve>(kind, out, in, factor, n);
}

struct XorShiftState {
    unsigned long long key;
    unsigned int lanes[2];
};

struct CounterState {
    unsigned long long key;
    unsigned long long counter;
};

template <typename State>
__global__ void seed_states(State *states, unsigned long long seed, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        states[i].key = seed ^ (unsigned long long)i;
}

template <typename F>
void with_generator(int which, F f)
{
    switch (which) {
    case 0: return f.template operator()<XorShiftState>();
    default: return f.template operator()<CounterState>();
    }
}

struct seed_launcher {
    void *states;
    int n;
    template <typename State>
    void operator()()
    {
        seed_states<State><<<(n + 255) / 256, 256>>>(static_cast<State *>(states), 42ull, n);
    }
};

void seed_generator(int which, void *states, int n)
{
    seed_launcher launch{states, n};
    with_generator(which, launch);
}
