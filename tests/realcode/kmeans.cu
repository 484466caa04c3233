// Rodinia style: features stored point-major, read feature-major by a
// thread per point; a macro block size and a host wrapper.
#include <stdio.h>
#include <stdlib.h>
#include <math.h>
#include <float.h>

#define BLOCK_SIZE 256
#define FLT_BIG FLT_MAX

__global__ void invert_mapping(float *input, float *output, int npoints, int nfeatures)
{
    int point_id = threadIdx.x + blockDim.x * blockIdx.x;
    int i;
    if (point_id < npoints) {
        for (i = 0; i < nfeatures; i++)
            output[point_id + npoints * i] = input[point_id * nfeatures + i];
    }
}

__global__ void kmeansPoint(float *features, int nfeatures, int npoints, int nclusters,
                            int *membership, float *clusters)
{
    unsigned int block_id = gridDim.x * blockIdx.y + blockIdx.x;
    unsigned int point_id = block_id * blockDim.x * blockDim.y + threadIdx.x;
    int index = -1;
    if (point_id < npoints) {
        float min_dist = FLT_BIG;
        for (int i = 0; i < nclusters; i++) {
            float dist = 0;
            for (int l = 0; l < nfeatures; l++) {
                float d = features[l * npoints + point_id] - clusters[i * nfeatures + l];
                dist += d * d;
            }
            if (dist < min_dist) {
                min_dist = dist;
                index = i;
            }
        }
        membership[point_id] = index;
    }
}

void kmeans_gpu(float *d_feat, float *d_feat_swap, int npoints, int nfeatures)
{
    int num_blocks = (npoints + BLOCK_SIZE - 1) / BLOCK_SIZE;
    invert_mapping<<<num_blocks, BLOCK_SIZE>>>(d_feat, d_feat_swap, npoints, nfeatures);
    cudaDeviceSynchronize();
}
