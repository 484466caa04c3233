/* The seeds' __align__ structs: 3 bytes padded to 4, 12 bytes padded to
 * 16.  gmadvise checks whether the padding pays against SoA and vectors. */
struct __align__(4) int8_3_4_t {
    int8_t x;
    int8_t y;
    int8_t z;
};

struct __align__(16) float3_16_t {
    float x;
    float y;
    float z;
};

__global__ void scale_int8_3(const int8_3_4_t *__restrict__ in, int8_3_4_t *__restrict__ out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        out[i].x = in[i].x * 2;
        out[i].y = in[i].y * 2;
        out[i].z = in[i].z * 2;
    }
}

__global__ void scale_float3_16(const float3_16_t *__restrict__ in, float3_16_t *__restrict__ out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        out[i].x = in[i].x * 2.0f;
        out[i].y = in[i].y * 2.0f;
        out[i].z = in[i].z * 2.0f;
    }
}
