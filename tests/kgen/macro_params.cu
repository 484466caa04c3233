// A parameter list spelled by a macro, shared by several kernels.
struct Atom {
    float x, y, z;
    float charge;
};

#define FIELD_KERNEL_ARGS Atom *atoms, const float *__restrict__ potential, int n

__global__ void apply_potential(FIELD_KERNEL_ARGS)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        atoms[i].charge *= potential[i];
}
