// Shared arrays as a kernel's launch must know them (test_kernel_facts):
// an extern __shared__ array is sized by the launch alone, wherever the
// code that declares it is; words in comments and strings are no code.

__device__ float *scratch_row()
{
    extern __shared__ float row[];
    return row;
}

__device__ float *scratch_via_offset(int k) { return scratch_row() + k; }

__device__ float *scratch_two_deep(int k) { return scratch_via_offset(2 * k); }

// never called by any kernel: its array is nobody's
__device__ double *unused_scratch()
{
    extern __shared__ double spare[];
    return spare;
}

template <class T> struct SharedSlab {
    __device__ operator T *()
    {
        extern __shared__ unsigned char slab_bytes[];
        return reinterpret_cast<T *>(slab_bytes);
    }
};

struct LateSlab {
    __device__ int *get();
};

__device__ int *LateSlab::get()
{
    extern __shared__ int late[];
    return late;
}

__global__ void direct_helper(float *out, const float *in, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    float *buf = scratch_row();
    buf[threadIdx.x] = i < n ? in[i] : 0.0f;
    __syncthreads();
    if (i < n)
        out[i] = buf[threadIdx.x] * 2.0f;
}

__global__ void two_calls_down(float *out, const float *in, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    float *buf = scratch_two_deep(1);
    buf[threadIdx.x] = i < n ? in[i] : 0.0f;
    __syncthreads();
    if (i < n)
        out[i] = buf[threadIdx.x];
}

__global__ void conversion_slab(int *out, const int *in, int n)
{
    int *buf = SharedSlab<int>();
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    buf[threadIdx.x] = i < n ? in[i] : 0;
    __syncthreads();
    if (i < n)
        out[i] = buf[threadIdx.x] + 1;
}

__global__ void member_defined_outside(int *out, int n)
{
    LateSlab s;
    int *buf = s.get();
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    buf[threadIdx.x] = i;
    __syncthreads();
    if (i < n)
        out[i] = buf[threadIdx.x];
}

// the words alone: no shared array, static or extern, and unused_scratch
// is named only here, never called
__global__ void words_only(float *out, const float *in, int n)
{
    // extern __shared__ would not help: each thread reads its own element
    // (unlike unused_scratch, which no kernel calls)
#ifdef __CUDA_ARCH__
    /* device code the host parse skips: still no __shared__ array */
#endif
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i == n)
        printf("extern __shared__ %s\n", "unused_scratch()");
    if (i < n)
        out[i] = in[i] + 1.0f;
}

__global__ void static_tile(float *out, const float *in, int n)
{
    __shared__ float tile[256];
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    tile[threadIdx.x] = i < n ? in[i] : 0.0f;
    __syncthreads();
    if (i < n)
        out[i] = tile[255 - threadIdx.x];
}

__global__ void own_extern(float *out, const float *in, int n)
{
    extern __shared__ float own[];
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    own[threadIdx.x] = i < n ? in[i] : 0.0f;
    __syncthreads();
    if (i < n)
        out[i] = own[threadIdx.x];
}

// device-only code: the host parse skips it, NVRTC compiles it
__device__ float *device_only_scratch()
{
#ifdef __CUDA_ARCH__
    extern __shared__ float device_row[];
    return device_row;
#else
    return nullptr;
#endif
}

__global__ void device_only(float *out, const float *in, int n)
{
#if defined(__CUDA_ARCH__)
    __shared__ float stage[128];
    stage[threadIdx.x % 128] = 0.0f;
#endif
    float *buf = device_only_scratch();
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        buf[threadIdx.x] = in[i];
        out[i] = buf[threadIdx.x];
    }
}
