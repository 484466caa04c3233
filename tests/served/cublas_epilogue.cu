// A GEMM's bias epilogue beside the cuBLAS code that runs the GEMM, as
// inference libraries keep them in one file: a cuBLASLt handle at file
// scope, a status-name helper over every cublasStatus_t, and the matmul
// descriptor set up on the host.
#include <cublasLt.h>
#include <cublas_v2.h>
#include <cuda_bf16.h>
#include <cstdio>

static cublasLtHandle_t lt_handle;

static const char *status_name(cublasStatus_t s)
{
    switch (s) {
    case CUBLAS_STATUS_SUCCESS: return "success";
    case CUBLAS_STATUS_NOT_INITIALIZED: return "not initialized";
    case CUBLAS_STATUS_ALLOC_FAILED: return "alloc failed";
    case CUBLAS_STATUS_INVALID_VALUE: return "invalid value";
    case CUBLAS_STATUS_ARCH_MISMATCH: return "arch mismatch";
    case CUBLAS_STATUS_EXECUTION_FAILED: return "execution failed";
    case CUBLAS_STATUS_NOT_SUPPORTED: return "not supported";
    default: return "other";
    }
}

static bool describe_gemm(cublasLtMatmulDesc_t *desc, int bias_rows)
{
    cublasOperation_t no_trans = CUBLAS_OP_N;
    cublasStatus_t s = cublasLtMatmulDescCreate(desc, CUBLAS_COMPUTE_32F, CUDA_R_32F);
    if (s == CUBLAS_STATUS_SUCCESS)
        s = cublasLtMatmulDescSetAttribute(*desc, CUBLASLT_MATMUL_DESC_TRANSA, &no_trans, sizeof no_trans);
    if (s != CUBLAS_STATUS_SUCCESS)
        std::fprintf(stderr, "gemm of %d rows: %s\n", bias_rows, status_name(s));
    return s == CUBLAS_STATUS_SUCCESS && lt_handle != nullptr;
}

__global__ void add_bias_bf16(__nv_bfloat16 *out, const __nv_bfloat16 *bias, int rows, int cols)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < rows * cols)
        out[i] = __float2bfloat16(__bfloat162float(out[i]) + __bfloat162float(bias[i % cols]));
}
