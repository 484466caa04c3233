struct A { float x; 
__global__ void k(A *p) { p[0].x = 1 }
