// A class template whose device members are declared inline in the class
// and defined outside it (a tensor library's style: the definitions in an
// -inl part), one of them a member template of the class template: the
// generated code carries the definitions with the class, each with both
// template heads (without them NVRTC says operator[] "was referenced but
// not defined").
template <typename T, int Rank>
class grid_ref {
public:
    __host__ __device__ grid_ref(T *data, int pitch);
    __host__ __device__ inline T &operator[](int i) const;
    template <typename U>
    __host__ __device__ inline bool same_shape(const grid_ref<U, Rank> &o) const;

public: /* same_shape reads another instance's data_ */
    T *data_;
    int pitch_;
};

template <typename T, int Rank>
__host__ __device__ grid_ref<T, Rank>::grid_ref(T *data, int pitch) : data_(data), pitch_(pitch)
{
}

template <typename T, int Rank>
__host__ __device__ T &grid_ref<T, Rank>::operator[](int i) const
{
    return data_[i * pitch_];
}

template <typename T, int Rank>
template <typename U>
__host__ __device__ bool grid_ref<T, Rank>::same_shape(const grid_ref<U, Rank> &o) const
{
    return Rank > 0 && sizeof(U) == sizeof(*o.data_);
}

struct cell {
    float density;
    float energy;
};

__global__ void gather_density(cell *c, float *out, int pitch, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    grid_ref<float, 1> g(out, pitch);
    if (i < n && g.same_shape(g))
        g[i] = c[i].density;
}
