// Kernel templates launched from the members of a class template's partial
// specialization (AMGX's style: one specialization per memory space,
// Coloring<Config<DEVICE, P> >, its members defined outside the class),
// with the specialization's member types as arguments: color_rows<IndexType>
// where IndexType is a typedef of the specialization.  Such a launch is no
// instance (the name means nothing outside the class); the kernels are
// analysed on assumed arguments, said in a note.  Only members of a
// primary class template were looked into before: the launch was copied
// as written and the file failed ("unknown type name 'IndexType'").
#include <cuda_runtime.h>

namespace graph
{
enum Space { HOST, DEVICE };
template <Space S, int Prec> struct Config { typedef int Ind; typedef float Val; };
template <class C> struct Csr {
    typedef typename C::Ind index_type;
    typedef typename C::Val value_type;
    index_type *offsets;
    index_type *columns;
    int rows;
};

template <typename IndexType>
__global__ void color_rows(const IndexType *offsets, IndexType *colors, int rows)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < rows && colors[i] == 0)
        colors[i] = offsets[i + 1] - offsets[i];
}

template <typename IndexType, typename ValueType>
__global__ void row_weights(const IndexType *offsets, const IndexType *columns, ValueType *weights, int rows)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= rows)
        return;
    ValueType w = 0;
    for (IndexType j = offsets[i]; j < offsets[i + 1]; j++)
        w += ValueType(columns[j] & 1);
    weights[i] = w;
}

template <class C> class Coloring;

template <int Prec> class Coloring<Config<DEVICE, Prec> >
{
  public:
    typedef Csr<Config<DEVICE, Prec> > Matrix_d;
    typedef typename Matrix_d::index_type IndexType;
    typedef typename Matrix_d::value_type ValueType;
    void color(Matrix_d &A, IndexType *colors);
    // a member defined in the specialization itself
    void weigh(Matrix_d &A, ValueType *w)
    {
        row_weights<IndexType, ValueType><<<(A.rows + 127) / 128, 128>>>(A.offsets, A.columns, w, A.rows);
    }
};

template <int Prec>
void Coloring<Config<DEVICE, Prec> >::color(Matrix_d &A, IndexType *colors)
{
    color_rows<IndexType><<<(A.rows + 255) / 256, 256>>>(A.offsets, colors, A.rows);
}
} // namespace graph
