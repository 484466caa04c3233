// Vector types as the molecular-dynamics and transformer codes use them:
// float4 positions loaded and stored whole, one lane of them written
// (openmm's posq[i].w), and a float buffer walked four floats a thread
// with scalar accesses (DeepSpeed's dropout).
__global__ void integrate(float4 *posq, const float4 *velm, float dt, int n)
{
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x) {
        float4 p = posq[i];
        float4 v = velm[i];
        p.x += v.x * dt;
        p.y += v.y * dt;
        p.z += v.z * dt;
        posq[i] = p;
    }
}

__global__ void set_charges(const float *charges, float4 *posq, const int *order, int n)
{
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
        posq[i].w = charges[order[i]];
}

__global__ void scale4(float *out, const float *in, float s, int n4)
{
    int j = blockIdx.x * blockDim.x + threadIdx.x;
    if (j < n4) {
        int i = j * 4;
        out[i] = in[i] * s;
        out[i + 1] = in[i + 1] * s;
        out[i + 2] = in[i + 2] * s;
        out[i + 3] = in[i + 3] * s;
    }
}
