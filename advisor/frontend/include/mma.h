/* gmadvise's mma.h: the warp matrix API (nvcuda::wmma), declarations only,
 * enough for kernels using it to parse; their variants compile against the
 * toolkit's own mma.h.  A fragment's elements are x[0 .. num_elements). */
#pragma once
#include <cuda_fp16.h>
#include <cuda_bf16.h>
namespace nvcuda {
namespace wmma {
struct matrix_a {};
struct matrix_b {};
struct accumulator {};
struct row_major {};
struct col_major {};
enum layout_t { mem_row_major, mem_col_major };
namespace precision {
struct tf32 {};
}
namespace experimental {
namespace precision {
struct u4 {};
struct s4 {};
struct b1 {};
}
enum bmmaBitOp { bmmaBitOpXOR = 1, bmmaBitOpAND = 2 };
enum bmmaAccumulateOp { bmmaAccumulateOpPOPC = 1 };
}
/* what a fragment of T holds: sub-byte and tf32 precisions in wider words */
template <class T> struct gm_element { typedef T type; };
template <> struct gm_element<precision::tf32> { typedef float type; };
template <> struct gm_element<experimental::precision::u4> { typedef int type; };
template <> struct gm_element<experimental::precision::s4> { typedef int type; };
template <> struct gm_element<experimental::precision::b1> { typedef int type; };
template <class Use, int M, int N, int K, class T, class Layout = void>
class fragment {
public:
    typedef typename gm_element<T>::type element_type;
    typedef element_type storage_element_type;
    static const int num_elements = 8;
    element_type x[num_elements];
};
template <class Use, int M, int N, int K, class T, class L>
__device__ void fill_fragment(fragment<Use, M, N, K, T, L> &f,
                              const typename fragment<Use, M, N, K, T, L>::element_type &v);
template <class Use, int M, int N, int K, class T, class L, class P>
__device__ void load_matrix_sync(fragment<Use, M, N, K, T, L> &f, const P *p, unsigned ldm);
template <int M, int N, int K, class T, class P>
__device__ void load_matrix_sync(fragment<accumulator, M, N, K, T> &f, const P *p, unsigned ldm, layout_t l);
template <int M, int N, int K, class T, class P>
__device__ void store_matrix_sync(P *p, const fragment<accumulator, M, N, K, T> &f, unsigned ldm, layout_t l);
template <int M, int N, int K, class TA, class LA, class TB, class LB, class TC, class TD>
__device__ void mma_sync(fragment<accumulator, M, N, K, TD> &d, const fragment<matrix_a, M, N, K, TA, LA> &a,
                         const fragment<matrix_b, M, N, K, TB, LB> &b, const fragment<accumulator, M, N, K, TC> &c,
                         bool satf = false);
template <int M, int N, int K, class LA, class LB>
__device__ void bmma_sync(fragment<accumulator, M, N, K, int> &d,
                          const fragment<matrix_a, M, N, K, experimental::precision::b1, LA> &a,
                          const fragment<matrix_b, M, N, K, experimental::precision::b1, LB> &b,
                          const fragment<accumulator, M, N, K, int> &c,
                          experimental::bmmaBitOp = experimental::bmmaBitOpXOR,
                          experimental::bmmaAccumulateOp = experimental::bmmaAccumulateOpPOPC);
__device__ float __float_to_tf32(float);
}
}
