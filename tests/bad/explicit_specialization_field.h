// A field whose type is an explicit specialization of a class template: the
// model's structs do not hold it, its members are laid out as clang does.
template <int D> struct Coord { float c[D]; };
template <> struct Coord<3> { float x, y, z; };

struct Body {
    Coord<3> pos;
    Coord<2> uv;
    float mass;
};

__global__ void drift(Body *b, float dt)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    b[i].pos.x += dt * b[i].pos.y;
    b[i].uv.c[1] = b[i * 2].pos.z * b[i].mass;
}
