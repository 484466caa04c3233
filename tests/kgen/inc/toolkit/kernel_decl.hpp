// A library's kernel marker: file-local kernels, one spelling for device and host passes.
#pragma once

#if defined(__CUDACC__)
#define TK_KERNEL __global__ static
#else
#define TK_KERNEL static
#endif
