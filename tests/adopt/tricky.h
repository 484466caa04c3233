/* Structs that test the adoption header's types: packed, a pointer field
 * (its const view is "float *const", not "const float *"), bool, __half,
 * an enum, an array of a namespaced struct, a 64-bit integer, and a const
 * field (no assignment: stored whole, never field by field); Rec, padding
 * that the reordered layout removes. */
#include <cuda_fp16.h>
namespace phys { struct V2 { float a, b; }; }
enum Kind { A, B };
struct __attribute__((packed)) Packed { char c; int i; double d; };
struct Mixed { bool on; __half h; Kind k; phys::V2 v[2]; float *ptr; unsigned long long big; };
struct WithConst { const int id; float x; };
__global__ void kp(Packed *p, int n) { int i = blockIdx.x * blockDim.x + threadIdx.x; if (i < n) p[i].i += 1; }
__global__ void km(Mixed *m, int n) { int i = blockIdx.x * blockDim.x + threadIdx.x; if (i < n) { m[i].big += m[i].on; m[i].v[1].a = 2.f; } }
__global__ void kc(WithConst *w, int n) { int i = blockIdx.x * blockDim.x + threadIdx.x; if (i < n) w[i].x *= 2; }
/* padding reordering removes: 32 bytes declared, 16 with the fields in decreasing alignment */
struct Rec { char tag; double value; short kind; int count; char flag; };
__global__ void bump(Rec *r, int n) { int i = blockIdx.x * blockDim.x + threadIdx.x; if (i < n) { r[i].value += r[i].count; Rec e = r[i]; e.kind = 1; r[i] = e; } }
