#define PX p[i].x
struct M{float x;double z;};
__global__ void k(M*p,int n){int i=threadIdx.x; if(i<n) p[i].z+=PX;}
