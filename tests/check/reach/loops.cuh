// Grid-stride loop macros as projects define them (Caffe, DeepSpeed, PyTorch).
#define CUDA_1D_KERNEL_LOOP(i, n) \
    for (size_t i = blockIdx.x * blockDim.x + threadIdx.x; i < (n); i += blockDim.x * gridDim.x)
#define CUDA_KERNEL_LOOP_TYPE(i, n, index_type)                                                   \
    int64_t _i_n_d_e_x = blockIdx.x * blockDim.x + threadIdx.x;                                    \
    for (index_type i = _i_n_d_e_x; _i_n_d_e_x < (n); _i_n_d_e_x += blockDim.x * gridDim.x, i = _i_n_d_e_x)
