// Compile-time recursion ended by an explicit specialization, and a field
// whose type is one (template metaprogramming in device code).
template <int N> struct Factorial { static const int value = N * Factorial<N - 1>::value; };
template <> struct Factorial<0> { static const int value = 1; };

template <typename T> struct Slot { T a, b; };
template <> struct Slot<bool> { int a, b; };

struct Record {
    float w;
    Slot<bool> flags;
};

__global__ void weigh_records(Record *r, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        r[i].w *= Factorial<4>::value + r[i].flags.b;
}
