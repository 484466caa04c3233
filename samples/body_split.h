/* A body with a hot 3-vector and cold bookkeeping: drift updates the
 * position whole, in place, every step; energy reads mass and charge
 * once in a while.  In AoS drift drags the cold bytes through every
 * sector it moves; in SoA it makes three streams where one would do.  A
 * hot/cold split keeps {x y z} together and the rest apart, and the
 * layout search (gmadvise's "program" section) finds and measures it. */
struct Body {
    float x, y, z;      /* position: drift reads and writes it whole */
    float mass, charge; /* read by energy */
    int id;             /* read by nobody here */
    float age, flags;   /* bookkeeping, cold */
};

// gmadvise: weight drift=4
__global__ void drift(Body *b, float dx, float dy, float dz, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        b[i].x += dx;
        b[i].y += dy;
        b[i].z += dz;
    }
}

__global__ void energy(const Body *__restrict__ b, float *__restrict__ e, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        e[i] = b[i].mass * b[i].charge;
}
