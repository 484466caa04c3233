// An empty member that shares its bytes: NVRTC lays it out otherwise.
// gmadvise-test: error share bytes \(\[\[no_unique_address\]\]
struct Tag {};
struct Tagged {
    [[no_unique_address]] Tag tag;
    float x;
    float y;
};

__global__ void shift(Tagged *t, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        t[i].x = t[i].y;
}
