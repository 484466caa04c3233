// Operators on CUDA's vector types with no #include of their own: a build
// prepends this to its kernels (openmm's vectorOps.cu, passed here with
// -include), after cuda_runtime.h, as nvcc's pre-include.
inline __device__ float4 operator-(float4 a, float4 b)
{
    return make_float4(a.x - b.x, a.y - b.y, a.z - b.z, a.w - b.w);
}
inline __device__ float dot3(float4 a, float4 b) { return a.x * b.x + a.y * b.y + a.z * b.z; }
