// C++20 in device code (designated initializers, consteval): the build
// passes -std=c++20, and so must NVRTC.
// gmadvise-test: args -std=c++20
struct P { float x, y; };

__device__ consteval int cube(int x) { return x * x * x; }

__global__ void init_points(P *p, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        P q{.x = 1.f, .y = 2.f};
        p[i].x = p[i].y * q.x + cube(2);
    }
}
