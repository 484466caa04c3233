/* Layout corpus: every struct here is checked against nvcc's sizeof,
 * alignof and offsetof by test_layout_nvcc. */
struct c01 { float x; };
struct c02 { float x, y; };
struct c03 { float x, y, z; };
struct c04 { float x, y, z, w; };
struct c05 { char a; float b; };
struct c06 { char a; double b; char c; };
struct c07 { short a; char b; int c; short d; };
struct c08 { double a; int b; };
struct c09 { int8_t a, b, c; };
struct __align__(4) c10 { int8_t x, y, z; };
struct __align__(16) c11 { float x, y, z; };
struct __align__(8) c12 { float x; };
struct c13 { float3 p; float m; };
struct c14 { float4 p; int id; };
struct c15 { float2 a; float b; };
struct c16 { double2 a; char c; };
struct c17 { int2 a; int3 b; };
struct c18 { char c; float4 v; };
struct c19 { float v[3]; };
struct c20 { double m[2][3]; char tag; };
struct c21 { c03 pos; c03 vel; float mass; };
struct c22 { char a; c08 inner; };
struct c23 { uint8_t r, g, b, a; };
struct c24 { uint16_t a; uint64_t b; };
struct c25 { long long a; char b[5]; };
struct c26 { bool alive; float x; };
struct c27 { float *ptr; int n; };
struct __attribute__((packed)) c28 { char a; int b; short c; };
struct c29 { short4 s; char c; };
struct c30 { uchar3 rgb; float w; };
struct c31 { double3 d; float f; };
struct c32 { longlong2 a; int b; };
struct __align__(32) c33 { double x; };
struct c34 { unsigned int flags; c23 colour; float depth; };
struct c35 { char big[4096]; };
typedef struct { float u, v; short w; } c36;
struct alignas(16) c37 { int a; };
/* #pragma pack, alone and nested (issue 15): the parse must agree with nvcc */
#pragma pack(1)
struct c40 { char c; double d; short s; int i; char t; };
#pragma pack()
#pragma pack(push, 2)
struct c41 { char c; double d; };
#pragma pack(push, 1)
struct c42 { char c; int i; };
#pragma pack(pop)
struct c43 { char c; float f; };
#pragma pack(pop)
