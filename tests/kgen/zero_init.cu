// Whole elements reset with an empty initializer list (lattice codes).
struct Cell {
    float rho, ux, uy;
    int flag;
};

__global__ void reset_cells(Cell *cells, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        cells[i] = {};
}

__global__ void reset_typed(Cell *cells, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        cells[i] = Cell{};
}
