// A header with no kernel whose struct holds pointers (a mesh descriptor):
// the synthesized kernel copies them, const-correct in every layout.
struct MeshView {
    float *coords;
    const int *faces;
    float scale;
    int nfaces;
};
