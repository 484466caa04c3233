struct E { };
__global__ void k(E *p, int n) { }
