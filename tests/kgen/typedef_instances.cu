// Two typedefs of one template instance, as llm.c's common.h writes them
// (f128 and x128 both Packed128<float>); the kernel names only the second,
// so only that typedef travels into its variants.
template <class T>
struct alignas(16) Pack4 {
    static constexpr int size = 16 / sizeof(T);
    T v[size];
};

typedef Pack4<float> pack_first;
typedef float real;
typedef Pack4<real> pack_f;

struct Cell {
    float mass;
    float heat;
};

__global__ void warm_cells(Cell *c, const float *src, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n / pack_f::size) {
        pack_f p = *reinterpret_cast<const pack_f *>(src + i * pack_f::size);
        c[i].heat += p.v[0] * c[i].mass;
    }
}

void run_warm(Cell *c, const float *src, int n)
{
    warm_cells<<<(n / 4 + 255) / 256, 256>>>(c, src, n);
}
