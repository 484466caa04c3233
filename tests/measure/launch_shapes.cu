// Kernels that the launch gmadvise makes at first cannot run as written:
// run by tests/test_measure_launch.sh with tests/fake_driver.c, which
// faults a kernel whose name begins with tile16_ unless its blocks are
// (16,16,1), as a GPU faults a tile kernel in a block of another shape.
#define TILE 16

// a tile loaded by rows of threadIdx.y: its block must be TILE x TILE
__global__ void tile16_transpose(float *out, const float *in, int width, int height)
{
    __shared__ float tile[TILE][TILE + 1];
    int x = blockIdx.x * TILE + threadIdx.x;
    int y = blockIdx.y * TILE + threadIdx.y;
    if (x < width && y < height)
        tile[threadIdx.y][threadIdx.x] = in[y * width + x];
    __syncthreads();
    x = blockIdx.y * TILE + threadIdx.x;
    y = blockIdx.x * TILE + threadIdx.y;
    if (x < height && y < width)
        out[y * height + x] = tile[threadIdx.x][threadIdx.y];
}

// one dimension, no tile: no 2-D shape is plausible, so it is given up
// after the two retries with larger buffers
__global__ void tile16_flat(float *out, const float *in, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        out[i] = in[i];
}

// a struct of pointers and sizes passed by value (nvdiffrast's Params)
struct Params {
    const float *in;
    float *out;
    int n;
    float scale;
};

__global__ void scale_params(const Params p)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < p.n)
        p.out[i] = p.in[i] * p.scale;
}

// pointers only offset and passed on (llm.c's out + i * 4)
__device__ void store4(float *d, const float *s)
{
    for (int k = 0; k < 4; k++)
        d[k] = 2.0f * s[k];
}

__global__ void offsets_only(float *out, const float *in, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        store4(out + i * 4, in + i * 4);
}

// a loop over an iteration count that outlives any sensible launch (on a
// GPU its copy stops itself at gmadvise's launch bound; the fake driver
// ends a kernel named overrun_ the same way): hung, said so, and the worker
// is not killed
__global__ void overrun_steps(float *out, const float *in, int n, int steps)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        float v = in[i];
        for (int s = 0; s < steps; s++)
            v = v * 0.5f + 1.0f;
        out[i] = v;
    }
}

// __launch_bounds__(128) (cuda-samples' BlackScholesGPU): a block of
// gmadvise's 256 threads is refused; launched in blocks of 128 (the fake
// driver refuses more for a kernel named bounded128_)
__global__ void __launch_bounds__(128) bounded128_scale(float *out, const float *in, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        out[i] = 2.0f * in[i];
}

// a row length nobody gives a value, whose assumed value takes the rows
// past the buffers (the fake driver faults a kernel named smallscalar_
// whose fourth parameter is over 64): measured in the last launch shape,
// with small integer scalars
__global__ void smallscalar_rows(float *out, const float *in, int n, int cols)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        float s = 0;
        for (int c = 0; c < cols; c++)
            s += in[(long long)i * cols + c];
        out[i] = s;
    }
}

// an explicit specialization (DeepSpeed's transform_0213<float>): its copy
// drops `template <>` and `<float>` so that extern "C" can name it
template <typename T>
__global__ void spec_copy(T *out, const T *in, int n);

template <>
__global__ void spec_copy<float>(float *out, const float *in, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        out[i] = in[i];
}

// parameters without a name (tag dispatch, llm.c's std::bool_constant<A>):
// named in the copy, each still given an argument
struct no_accumulate {};

__global__ void tag_copy(float *out, const float *in, int n, no_accumulate, int)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        out[i] = in[i];
}

// a shared array declared in a helper, not in the kernel (cuda-samples'
// SharedMemory<T>, every reduction kernel's): launched with dynamic shared
// memory from the first shape, not after a fault
template <class T> struct SharedBuffer {
    __device__ operator T *()
    {
        extern __shared__ int raw[];
        return (T *)raw;
    }
};

template <class T> __device__ T twice(T v) { return v + v; }

__global__ void dynshared_sum(float *out, const float *in, int n)
{
    float *tile = SharedBuffer<float>();
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    tile[threadIdx.x] = i < n ? twice(in[i]) : 0.0f;
    __syncthreads();
    if (i < n)
        out[i] = tile[threadIdx.x] + tile[(threadIdx.x + 1) % blockDim.x];
}

// a block size given as a template argument, no launch in the file
// (cuda-samples' reduce7<T, blockSize, nIsPow2>, whose warp masks assume
// blockSize threads): launched in blocks of that many threads from the first
template <typename T, unsigned int BLOCK_THREADS>
__global__ void block64_sum(T *out, const T *in, int n)
{
    int i = blockIdx.x * BLOCK_THREADS + threadIdx.x;
    if (i < n)
        out[i] = in[i] + in[i];
}
template __global__ void block64_sum<float, 64>(float *, const float *, int);

// 40 KiB of static shared memory beside an extern __shared__ array: the
// dynamic part gmadvise gives is what the 48 KiB of a block leave
__global__ void bigshared_stage(float *out, const float *in, int n)
{
    __shared__ float stage[10240];
    extern __shared__ float extra[];
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    stage[threadIdx.x] = i < n ? in[i] : 0.0f;
    extra[threadIdx.x] = stage[threadIdx.x];
    __syncthreads();
    if (i < n)
        out[i] = extra[threadIdx.x];
}
