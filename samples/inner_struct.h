/* innerStruct vs innerArray: an array of {x, y} structs is the AoS;
 * gmadvise's soa variant is the innerArray form (one array per field). */
struct innerStruct {
    float x;
    float y;
};

__global__ void testInnerStruct(innerStruct *data, innerStruct *result, const int n)
{
    unsigned int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        innerStruct tmp = data[i];
        tmp.x += 10.f;
        tmp.y += 20.f;
        result[i] = tmp;
    }
}
