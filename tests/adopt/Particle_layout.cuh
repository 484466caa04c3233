/* Particle_layout.cuh: struct Particle in the layout of your choice, written by gmadvise 0.1.0
 * from samples/particle.h.  Needs nothing from gmadvise at build or run time.
 *
 * Include it after the declaration of Particle.  In each kernel only the
 * parameter type changes; the body stays as it is:
 *     Particle *p                    ->  Particle_view p
 *     const Particle *p              ->  Particle_cview p
 *     const Particle *__restrict__ p ->  Particle_rview p  (read-only while the kernel runs)
 * p[i].f reads and writes a field (nested members and arrays too), Particle e = p[i]
 * and p[i] = e move a whole element, f(p[i]) calls f(const Particle &).
 * Host:
 *     Particle_storage st;
 *     Particle_alloc(&st, n);  Particle_pack(&st, host, n);
 *     kernel<<<grid, block>>>(st.view, ...);
 *     Particle_unpack(&st, host, n);  Particle_free(&st);
 * Layout (one line, before the #include; default soa, the model's pick
 * over every kernel of Particle that gmadvise read):
 *     #define Particle_LAYOUT GM_LAYOUT_AOS | GM_LAYOUT_AOS_ALIGN | GM_LAYOUT_SOA
 *                       | GM_LAYOUT_AOSOA | GM_LAYOUT_VECTOR | GM_LAYOUT_REORDERED
 */
#ifndef __CUDACC_RTC__ /* (NVRTC: gmadvise measures the device part) */
#pragma once
#include <cuda_runtime.h>
#include <stdlib.h>
#include <string.h>
#endif

#ifndef GM_LAYOUT_AOS
#define GM_LAYOUT_AOS 1
#define GM_LAYOUT_AOS_ALIGN 2
#define GM_LAYOUT_SOA 3
#define GM_LAYOUT_AOSOA 4
#define GM_LAYOUT_VECTOR 5
#define GM_LAYOUT_REORDERED 6
#endif
#ifndef GM_ADOPT_HD
#define GM_ADOPT_HD __host__ __device__ __forceinline__
#endif
#ifndef GM_ADOPT_LDNC
#define GM_ADOPT_LDNC
template <class T> GM_ADOPT_HD const T &gm_ld_nc(const T *p) { return *p; }
#define GM_ADOPT_LD(T, R, PTX, ASM_T)                                                     \
    GM_ADOPT_HD T gm_ld_nc(const T *p)                                                   \
    {                                                                                    \
        GM_ADOPT_LD_BODY(T, R, PTX, ASM_T)                                               \
    }
#ifdef __CUDA_ARCH__
#define GM_ADOPT_LD_BODY(T, R, PTX, ASM_T)                                                \
    R r;                                                                                 \
    asm("{ .reg .u64 g; cvta.to.global.u64 g, %1; ld.global.nc." PTX " %0, [g]; }"         \
        : "=" ASM_T(r) : "l"(p));                                                      \
    return (T)r;
#else
#define GM_ADOPT_LD_BODY(T, R, PTX, ASM_T) return *p;
#endif
GM_ADOPT_LD(float, float, "f32", "f")
GM_ADOPT_LD(double, double, "f64", "d")
GM_ADOPT_LD(int, int, "u32", "r")
GM_ADOPT_LD(unsigned, unsigned, "u32", "r")
GM_ADOPT_LD(long long, long long, "u64", "l")
GM_ADOPT_LD(unsigned long long, unsigned long long, "u64", "l")
GM_ADOPT_LD(short, short, "u16", "h")
GM_ADOPT_LD(unsigned short, unsigned short, "u16", "h")
GM_ADOPT_LD(signed char, short, "u8", "h")
GM_ADOPT_LD(unsigned char, unsigned short, "u8", "h")
/* an array field moves by its bytes (adv_emit_copy) */
GM_ADOPT_HD void gm_copy_bytes(void *d, const void *s, unsigned long long n)
{
    for (unsigned long long k = 0; k < n; ++k)
        ((char *)d)[k] = ((const char *)s)[k];
}
#endif
#ifndef Particle_LAYOUT
#define Particle_LAYOUT GM_LAYOUT_SOA
#endif


#if Particle_LAYOUT == GM_LAYOUT_AOS
struct Particle_rview {
    Particle const *p;
    template <class GM_I> GM_ADOPT_HD Particle const &operator[](GM_I gm_i) const { return p[gm_i]; }
};
struct Particle_cview {
    Particle const *p;
    template <class GM_I> GM_ADOPT_HD Particle const &operator[](GM_I gm_i) const { return p[gm_i]; }
};
struct Particle_view {
    Particle *p;
    template <class GM_I> GM_ADOPT_HD Particle &operator[](GM_I gm_i) const { return p[gm_i]; }
    GM_ADOPT_HD operator Particle_cview() const { return {p}; }
    GM_ADOPT_HD operator Particle_rview() const { return {p}; }
};

#elif Particle_LAYOUT == GM_LAYOUT_AOS_ALIGN
/* Particle padded to 32 bytes, so that one element moves in 16-byte accesses */
struct __align__(16) Particle_a16 : Particle {
    GM_ADOPT_HD Particle_a16 &operator=(const Particle &gm_o)
    {
        *static_cast<Particle *>(this) = gm_o;
        return *this;
    }
};
struct Particle_rview {
    Particle_a16 const *p;
    template <class GM_I> GM_ADOPT_HD Particle_a16 const &operator[](GM_I gm_i) const { return p[gm_i]; }
};
struct Particle_cview {
    Particle_a16 const *p;
    template <class GM_I> GM_ADOPT_HD Particle_a16 const &operator[](GM_I gm_i) const { return p[gm_i]; }
};
struct Particle_view {
    Particle_a16 *p;
    template <class GM_I> GM_ADOPT_HD Particle_a16 &operator[](GM_I gm_i) const { return p[gm_i]; }
    GM_ADOPT_HD operator Particle_cview() const { return {p}; }
    GM_ADOPT_HD operator Particle_rview() const { return {p}; }
};

#elif Particle_LAYOUT == GM_LAYOUT_SOA
struct Particle_rref {
    float x;
    float y;
    float z;
    float vx;
    float vy;
    float vz;
    float mass;
    int id;
    GM_ADOPT_HD operator Particle() const
    {
        Particle gm_v;
        gm_v.x = x;
        gm_v.y = y;
        gm_v.z = z;
        gm_v.vx = vx;
        gm_v.vy = vy;
        gm_v.vz = vz;
        gm_v.mass = mass;
        gm_v.id = id;
        return gm_v;
    }
};
struct Particle_rview {
    float const *x;
    float const *y;
    float const *z;
    float const *vx;
    float const *vy;
    float const *vz;
    float const *mass;
    int const *id;
    template <class GM_I> GM_ADOPT_HD Particle_rref operator[](GM_I gm_i) const
    {
        return {gm_ld_nc(&x[gm_i]), gm_ld_nc(&y[gm_i]), gm_ld_nc(&z[gm_i]), gm_ld_nc(&vx[gm_i]), gm_ld_nc(&vy[gm_i]), gm_ld_nc(&vz[gm_i]), gm_ld_nc(&mass[gm_i]), gm_ld_nc(&id[gm_i])};
    }
};
struct Particle_cref {
    float const &x;
    float const &y;
    float const &z;
    float const &vx;
    float const &vy;
    float const &vz;
    float const &mass;
    int const &id;
    GM_ADOPT_HD operator Particle() const
    {
        Particle gm_v;
        gm_v.x = x;
        gm_v.y = y;
        gm_v.z = z;
        gm_v.vx = vx;
        gm_v.vy = vy;
        gm_v.vz = vz;
        gm_v.mass = mass;
        gm_v.id = id;
        return gm_v;
    }
};
struct Particle_cview {
    float const *x;
    float const *y;
    float const *z;
    float const *vx;
    float const *vy;
    float const *vz;
    float const *mass;
    int const *id;
    template <class GM_I> GM_ADOPT_HD Particle_cref operator[](GM_I gm_i) const
    {
        return {x[gm_i], y[gm_i], z[gm_i], vx[gm_i], vy[gm_i], vz[gm_i], mass[gm_i], id[gm_i]};
    }
};
struct Particle_ref {
    float &x;
    float &y;
    float &z;
    float &vx;
    float &vy;
    float &vz;
    float &mass;
    int &id;
    GM_ADOPT_HD operator Particle() const
    {
        Particle gm_v;
        gm_v.x = x;
        gm_v.y = y;
        gm_v.z = z;
        gm_v.vx = vx;
        gm_v.vy = vy;
        gm_v.vz = vz;
        gm_v.mass = mass;
        gm_v.id = id;
        return gm_v;
    }
    GM_ADOPT_HD const Particle_ref &operator=(const Particle &gm_v) const
    {
        x = gm_v.x;
        y = gm_v.y;
        z = gm_v.z;
        vx = gm_v.vx;
        vy = gm_v.vy;
        vz = gm_v.vz;
        mass = gm_v.mass;
        id = gm_v.id;
        return *this;
    }
    GM_ADOPT_HD const Particle_ref &operator=(const Particle_ref &gm_o) const
    {
        return *this = static_cast<Particle>(gm_o);
    }
};
struct Particle_view {
    float *x;
    float *y;
    float *z;
    float *vx;
    float *vy;
    float *vz;
    float *mass;
    int *id;
    template <class GM_I> GM_ADOPT_HD Particle_ref operator[](GM_I gm_i) const
    {
        return {x[gm_i], y[gm_i], z[gm_i], vx[gm_i], vy[gm_i], vz[gm_i], mass[gm_i], id[gm_i]};
    }
    GM_ADOPT_HD operator Particle_cview() const { return {x, y, z, vx, vy, vz, mass, id}; }
    GM_ADOPT_HD operator Particle_rview() const { return {x, y, z, vx, vy, vz, mass, id}; }
};

#elif Particle_LAYOUT == GM_LAYOUT_AOSOA
/* 32 elements of Particle, one array per field */
struct Particle_aosoa {
    float x[32];
    float y[32];
    float z[32];
    float vx[32];
    float vy[32];
    float vz[32];
    float mass[32];
    int id[32];
};
struct Particle_rref {
    float x;
    float y;
    float z;
    float vx;
    float vy;
    float vz;
    float mass;
    int id;
    GM_ADOPT_HD operator Particle() const
    {
        Particle gm_v;
        gm_v.x = x;
        gm_v.y = y;
        gm_v.z = z;
        gm_v.vx = vx;
        gm_v.vy = vy;
        gm_v.vz = vz;
        gm_v.mass = mass;
        gm_v.id = id;
        return gm_v;
    }
};
struct Particle_rview {
    Particle_aosoa const *p;
    template <class GM_I> GM_ADOPT_HD Particle_rref operator[](GM_I gm_i) const
    {
        return {gm_ld_nc(&p[(gm_i) / 32].x[(gm_i) % 32]), gm_ld_nc(&p[(gm_i) / 32].y[(gm_i) % 32]), gm_ld_nc(&p[(gm_i) / 32].z[(gm_i) % 32]), gm_ld_nc(&p[(gm_i) / 32].vx[(gm_i) % 32]), gm_ld_nc(&p[(gm_i) / 32].vy[(gm_i) % 32]), gm_ld_nc(&p[(gm_i) / 32].vz[(gm_i) % 32]), gm_ld_nc(&p[(gm_i) / 32].mass[(gm_i) % 32]), gm_ld_nc(&p[(gm_i) / 32].id[(gm_i) % 32])};
    }
};
struct Particle_cref {
    float const &x;
    float const &y;
    float const &z;
    float const &vx;
    float const &vy;
    float const &vz;
    float const &mass;
    int const &id;
    GM_ADOPT_HD operator Particle() const
    {
        Particle gm_v;
        gm_v.x = x;
        gm_v.y = y;
        gm_v.z = z;
        gm_v.vx = vx;
        gm_v.vy = vy;
        gm_v.vz = vz;
        gm_v.mass = mass;
        gm_v.id = id;
        return gm_v;
    }
};
struct Particle_cview {
    Particle_aosoa const *p;
    template <class GM_I> GM_ADOPT_HD Particle_cref operator[](GM_I gm_i) const
    {
        return {p[(gm_i) / 32].x[(gm_i) % 32], p[(gm_i) / 32].y[(gm_i) % 32], p[(gm_i) / 32].z[(gm_i) % 32], p[(gm_i) / 32].vx[(gm_i) % 32], p[(gm_i) / 32].vy[(gm_i) % 32], p[(gm_i) / 32].vz[(gm_i) % 32], p[(gm_i) / 32].mass[(gm_i) % 32], p[(gm_i) / 32].id[(gm_i) % 32]};
    }
};
struct Particle_ref {
    float &x;
    float &y;
    float &z;
    float &vx;
    float &vy;
    float &vz;
    float &mass;
    int &id;
    GM_ADOPT_HD operator Particle() const
    {
        Particle gm_v;
        gm_v.x = x;
        gm_v.y = y;
        gm_v.z = z;
        gm_v.vx = vx;
        gm_v.vy = vy;
        gm_v.vz = vz;
        gm_v.mass = mass;
        gm_v.id = id;
        return gm_v;
    }
    GM_ADOPT_HD const Particle_ref &operator=(const Particle &gm_v) const
    {
        x = gm_v.x;
        y = gm_v.y;
        z = gm_v.z;
        vx = gm_v.vx;
        vy = gm_v.vy;
        vz = gm_v.vz;
        mass = gm_v.mass;
        id = gm_v.id;
        return *this;
    }
    GM_ADOPT_HD const Particle_ref &operator=(const Particle_ref &gm_o) const
    {
        return *this = static_cast<Particle>(gm_o);
    }
};
struct Particle_view {
    Particle_aosoa *p;
    template <class GM_I> GM_ADOPT_HD Particle_ref operator[](GM_I gm_i) const
    {
        return {p[(gm_i) / 32].x[(gm_i) % 32], p[(gm_i) / 32].y[(gm_i) % 32], p[(gm_i) / 32].z[(gm_i) % 32], p[(gm_i) / 32].vx[(gm_i) % 32], p[(gm_i) / 32].vy[(gm_i) % 32], p[(gm_i) / 32].vz[(gm_i) % 32], p[(gm_i) / 32].mass[(gm_i) % 32], p[(gm_i) / 32].id[(gm_i) % 32]};
    }
    GM_ADOPT_HD operator Particle_cview() const { return {p}; }
    GM_ADOPT_HD operator Particle_rview() const { return {p}; }
};

#elif Particle_LAYOUT == GM_LAYOUT_VECTOR
struct Particle_rref {
    float x;
    float y;
    float z;
    float vx;
    float vy;
    float vz;
    float mass;
    int id;
    GM_ADOPT_HD operator Particle() const
    {
        Particle gm_v;
        gm_v.x = x;
        gm_v.y = y;
        gm_v.z = z;
        gm_v.vx = vx;
        gm_v.vy = vy;
        gm_v.vz = vz;
        gm_v.mass = mass;
        gm_v.id = id;
        return gm_v;
    }
};
struct Particle_rview {
    float4 const *gm_g0;
    float2 const *gm_g1;
    float const *gm_g2;
    int const *gm_g3;
    template <class GM_I> GM_ADOPT_HD Particle_rref operator[](GM_I gm_i) const
    {
        return {gm_ld_nc(&gm_g0[gm_i].x), gm_ld_nc(&gm_g0[gm_i].y), gm_ld_nc(&gm_g0[gm_i].z), gm_ld_nc(&gm_g0[gm_i].w), gm_ld_nc(&gm_g1[gm_i].x), gm_ld_nc(&gm_g1[gm_i].y), gm_ld_nc(&gm_g2[gm_i]), gm_ld_nc(&gm_g3[gm_i])};
    }
};
struct Particle_cref {
    float const &x;
    float const &y;
    float const &z;
    float const &vx;
    float const &vy;
    float const &vz;
    float const &mass;
    int const &id;
    float4 const &gm_g0;
    float2 const &gm_g1;
    GM_ADOPT_HD operator Particle() const
    {
        Particle gm_v;
        float4 gm_t0 = gm_g0;
        float2 gm_t1 = gm_g1;
        gm_v.x = gm_t0.x;
        gm_v.y = gm_t0.y;
        gm_v.z = gm_t0.z;
        gm_v.vx = gm_t0.w;
        gm_v.vy = gm_t1.x;
        gm_v.vz = gm_t1.y;
        gm_v.mass = mass;
        gm_v.id = id;
        return gm_v;
    }
};
struct Particle_cview {
    float4 const *gm_g0;
    float2 const *gm_g1;
    float const *gm_g2;
    int const *gm_g3;
    template <class GM_I> GM_ADOPT_HD Particle_cref operator[](GM_I gm_i) const
    {
        return {gm_g0[gm_i].x, gm_g0[gm_i].y, gm_g0[gm_i].z, gm_g0[gm_i].w, gm_g1[gm_i].x, gm_g1[gm_i].y, gm_g2[gm_i], gm_g3[gm_i], gm_g0[gm_i], gm_g1[gm_i]};
    }
};
struct Particle_ref {
    float &x;
    float &y;
    float &z;
    float &vx;
    float &vy;
    float &vz;
    float &mass;
    int &id;
    float4 &gm_g0;
    float2 &gm_g1;
    GM_ADOPT_HD operator Particle() const
    {
        Particle gm_v;
        float4 gm_t0 = gm_g0;
        float2 gm_t1 = gm_g1;
        gm_v.x = gm_t0.x;
        gm_v.y = gm_t0.y;
        gm_v.z = gm_t0.z;
        gm_v.vx = gm_t0.w;
        gm_v.vy = gm_t1.x;
        gm_v.vz = gm_t1.y;
        gm_v.mass = mass;
        gm_v.id = id;
        return gm_v;
    }
    GM_ADOPT_HD const Particle_ref &operator=(const Particle &gm_v) const
    {
        gm_g0 = float4{gm_v.x, gm_v.y, gm_v.z, gm_v.vx};
        gm_g1 = float2{gm_v.vy, gm_v.vz};
        mass = gm_v.mass;
        id = gm_v.id;
        return *this;
    }
    GM_ADOPT_HD const Particle_ref &operator=(const Particle_ref &gm_o) const
    {
        return *this = static_cast<Particle>(gm_o);
    }
};
struct Particle_view {
    float4 *gm_g0;
    float2 *gm_g1;
    float *gm_g2;
    int *gm_g3;
    template <class GM_I> GM_ADOPT_HD Particle_ref operator[](GM_I gm_i) const
    {
        return {gm_g0[gm_i].x, gm_g0[gm_i].y, gm_g0[gm_i].z, gm_g0[gm_i].w, gm_g1[gm_i].x, gm_g1[gm_i].y, gm_g2[gm_i], gm_g3[gm_i], gm_g0[gm_i], gm_g1[gm_i]};
    }
    GM_ADOPT_HD operator Particle_cview() const { return {gm_g0, gm_g1, gm_g2, gm_g3}; }
    GM_ADOPT_HD operator Particle_rview() const { return {gm_g0, gm_g1, gm_g2, gm_g3}; }
};

#elif Particle_LAYOUT == GM_LAYOUT_REORDERED
#error "gmadvise: reordered does not apply to Particle: Particle has no padding that reordering its fields removes"
#else
#error "gmadvise: Particle_LAYOUT names no layout"
#endif

#ifndef __CUDACC_RTC__ /* ---- host side ---- */
#if Particle_LAYOUT == GM_LAYOUT_AOS
#define Particle_NSEGS 1
static inline size_t Particle_seg_bytes(unsigned gm_k, size_t gm_n)
{
    static const size_t gm_size[Particle_NSEGS] = {sizeof(Particle)};
    return gm_size[gm_k] * gm_n;
}
static inline Particle_view Particle_view_at(char *const *gm_seg)
{
    return {(Particle *)gm_seg[0]};
}
static inline void Particle_put(const Particle_view &gm_v, size_t gm_i, const Particle &gm_e)
{
    memcpy((void *)&gm_v[gm_i], &gm_e, sizeof gm_e);
}
static inline void Particle_get(const Particle_view &gm_v, size_t gm_i, Particle &gm_e)
{
    memcpy((void *)&gm_e, &gm_v[gm_i], sizeof gm_e);
}

#elif Particle_LAYOUT == GM_LAYOUT_AOS_ALIGN
#define Particle_NSEGS 1
static inline size_t Particle_seg_bytes(unsigned gm_k, size_t gm_n)
{
    static const size_t gm_size[Particle_NSEGS] = {sizeof(Particle_a16)};
    return gm_size[gm_k] * gm_n;
}
static inline Particle_view Particle_view_at(char *const *gm_seg)
{
    return {(Particle_a16 *)gm_seg[0]};
}
static inline void Particle_put(const Particle_view &gm_v, size_t gm_i, const Particle &gm_e)
{
    memcpy((void *)&gm_v[gm_i], &gm_e, sizeof gm_e);
}
static inline void Particle_get(const Particle_view &gm_v, size_t gm_i, Particle &gm_e)
{
    memcpy((void *)&gm_e, &gm_v[gm_i], sizeof gm_e);
}

#elif Particle_LAYOUT == GM_LAYOUT_SOA
#define Particle_NSEGS 8
static inline size_t Particle_seg_bytes(unsigned gm_k, size_t gm_n)
{
    static const size_t gm_size[Particle_NSEGS] = {sizeof(float), sizeof(float), sizeof(float), sizeof(float), sizeof(float), sizeof(float), sizeof(float), sizeof(int)};
    return gm_size[gm_k] * gm_n;
}
static inline Particle_view Particle_view_at(char *const *gm_seg)
{
    return {(float *)gm_seg[0], (float *)gm_seg[1], (float *)gm_seg[2], (float *)gm_seg[3], (float *)gm_seg[4], (float *)gm_seg[5], (float *)gm_seg[6], (int *)gm_seg[7]};
}
static inline void Particle_put(const Particle_view &gm_v, size_t gm_i, const Particle &gm_e)
{
    gm_v[gm_i] = gm_e;
}
static inline void Particle_get(const Particle_view &gm_v, size_t gm_i, Particle &gm_e)
{
    gm_e = gm_v[gm_i];
}

#elif Particle_LAYOUT == GM_LAYOUT_AOSOA
#define Particle_NSEGS 1
static inline size_t Particle_seg_bytes(unsigned gm_k, size_t gm_n)
{
    static const size_t gm_size[Particle_NSEGS] = {sizeof(Particle_aosoa)};
    return gm_size[gm_k] * ((gm_n + 31) / 32);
}
static inline Particle_view Particle_view_at(char *const *gm_seg)
{
    return {(Particle_aosoa *)gm_seg[0]};
}
static inline void Particle_put(const Particle_view &gm_v, size_t gm_i, const Particle &gm_e)
{
    gm_v[gm_i] = gm_e;
}
static inline void Particle_get(const Particle_view &gm_v, size_t gm_i, Particle &gm_e)
{
    gm_e = gm_v[gm_i];
}

#elif Particle_LAYOUT == GM_LAYOUT_VECTOR
#define Particle_NSEGS 4
static inline size_t Particle_seg_bytes(unsigned gm_k, size_t gm_n)
{
    static const size_t gm_size[Particle_NSEGS] = {sizeof(float4), sizeof(float2), sizeof(float), sizeof(int)};
    return gm_size[gm_k] * gm_n;
}
static inline Particle_view Particle_view_at(char *const *gm_seg)
{
    return {(float4 *)gm_seg[0], (float2 *)gm_seg[1], (float *)gm_seg[2], (int *)gm_seg[3]};
}
static inline void Particle_put(const Particle_view &gm_v, size_t gm_i, const Particle &gm_e)
{
    gm_v[gm_i] = gm_e;
}
static inline void Particle_get(const Particle_view &gm_v, size_t gm_i, Particle &gm_e)
{
    gm_e = gm_v[gm_i];
}

#elif Particle_LAYOUT == GM_LAYOUT_REORDERED
#else
#error "gmadvise: Particle_LAYOUT names no layout"
#endif

/* ---- host side: the same for every layout ---- */
struct Particle_storage {
    Particle_view view;              /* what kernels take */
    char *mem;                /* one cudaMalloc */
    size_t n, bytes, off[Particle_NSEGS];
};
/* Where each segment starts in one allocation: 256-byte aligned, and at
 * least 256 bytes apart, so that arrays never sit a power of two apart. */
static inline size_t Particle_place(size_t gm_n, size_t *gm_off)
{
    size_t gm_at = 0;
    for (unsigned gm_k = 0; gm_k < Particle_NSEGS; gm_k++) {
        gm_off[gm_k] = gm_at;
        gm_at = (gm_at + Particle_seg_bytes(gm_k, gm_n) + 255) / 256 * 256 + 256;
    }
    return gm_at;
}
static inline Particle_view Particle_view_in(char *gm_base, const size_t *gm_off)
{
    char *gm_seg[Particle_NSEGS];
    for (unsigned gm_k = 0; gm_k < Particle_NSEGS; gm_k++)
        gm_seg[gm_k] = gm_base + gm_off[gm_k];
    return Particle_view_at(gm_seg);
}
/* Device storage for n elements; st->view is what kernels take. */
static inline cudaError_t Particle_alloc(Particle_storage *gm_s, size_t gm_n)
{
    memset(gm_s, 0, sizeof *gm_s);
    gm_s->n = gm_n;
    gm_s->bytes = Particle_place(gm_n, gm_s->off);
    cudaError_t gm_e = cudaMalloc((void **)&gm_s->mem, gm_s->bytes);
    if (gm_e == cudaSuccess)
        gm_s->view = Particle_view_in(gm_s->mem, gm_s->off);
    return gm_e;
}
/* Each segment's bytes for n elements between the device and a host
 * stage laid out as the device storage: one cudaMemcpy per segment. */
static inline cudaError_t Particle_copy(const Particle_storage *gm_s, char *gm_stage, size_t gm_n, int gm_to_device)
{
    cudaError_t gm_e = cudaSuccess;
    for (unsigned gm_k = 0; gm_k < Particle_NSEGS && gm_e == cudaSuccess; gm_k++) {
        char *gm_d = gm_s->mem + gm_s->off[gm_k], *gm_h = gm_stage + gm_s->off[gm_k];
        size_t gm_b = Particle_seg_bytes(gm_k, gm_n);
        gm_e = gm_to_device ? cudaMemcpy(gm_d, gm_h, gm_b, cudaMemcpyHostToDevice)
                            : cudaMemcpy(gm_h, gm_d, gm_b, cudaMemcpyDeviceToHost);
    }
    return gm_e;
}
/* Elements [0, n) from an array of S on the host: reshuffled on the host,
 * then copied.  n at most the allocated count. */
static inline cudaError_t Particle_pack(const Particle_storage *gm_s, const Particle *gm_host, size_t gm_n)
{
    char *gm_stage = gm_n <= gm_s->n ? (char *)malloc(gm_s->bytes ? gm_s->bytes : 1) : NULL;
    if (!gm_stage)
        return gm_n <= gm_s->n ? cudaErrorMemoryAllocation : cudaErrorInvalidValue;
    Particle_view gm_v = Particle_view_in(gm_stage, gm_s->off);
    for (size_t gm_i = 0; gm_i < gm_n; gm_i++)
        Particle_put(gm_v, gm_i, gm_host[gm_i]);
    cudaError_t gm_e = Particle_copy(gm_s, gm_stage, gm_n, 1);
    free(gm_stage);
    return gm_e;
}
/* Elements [0, n) back into an array of S on the host. */
static inline cudaError_t Particle_unpack(const Particle_storage *gm_s, Particle *gm_host, size_t gm_n)
{
    char *gm_stage = gm_n <= gm_s->n ? (char *)malloc(gm_s->bytes ? gm_s->bytes : 1) : NULL;
    if (!gm_stage)
        return gm_n <= gm_s->n ? cudaErrorMemoryAllocation : cudaErrorInvalidValue;
    cudaError_t gm_e = Particle_copy(gm_s, gm_stage, gm_n, 0);
    Particle_view gm_v = Particle_view_in(gm_stage, gm_s->off);
    for (size_t gm_i = 0; gm_e == cudaSuccess && gm_i < gm_n; gm_i++)
        Particle_get(gm_v, gm_i, gm_host[gm_i]);
    free(gm_stage);
    return gm_e;
}
static inline void Particle_free(Particle_storage *gm_s)
{
    cudaFree(gm_s->mem);
    memset(gm_s, 0, sizeof *gm_s);
}
#endif /* host side */
