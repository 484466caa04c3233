// The project's kernel marker, defined once for every source of the
// project; the kernels files below use it without including this header.
#pragma once

#ifdef __CUDACC__
#define SERIES_KERNEL __global__ static
#else
#define SERIES_KERNEL static
#endif

#define SERIES_BLOCK 128
