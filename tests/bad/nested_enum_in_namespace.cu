namespace geo { struct Cell { enum class Kind : short { A, B }; using real = double; real v[3]; Kind kind; }; }
__global__ void k(geo::Cell *c, double *o) { int i = blockIdx.x * blockDim.x + threadIdx.x; o[i] = c[i].v[0] + (c[i].kind == geo::Cell::Kind::B); }
