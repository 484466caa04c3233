// Host-side round trip through Particle_layout.cuh in the layout the
// compiler is given (-DParticle_LAYOUT=...): whole elements in and out,
// fields read and written through the proxy, no GPU needed.
// tests/test_adopt.sh builds it against `gmadvise adopt --kernels` output.
#include PARTICLE_ADOPTED
#include <stdio.h>

int main(void)
{
    enum { N = 1000 };
    static Particle a[N], b[N];
    size_t off[Particle_NSEGS];
    size_t bytes = Particle_place(N, off);
    char *stage = (char *)calloc(bytes, 1);
    Particle_view v = Particle_view_in(stage, off);
    for (int i = 0; i < N; i++)
        a[i] = Particle{1.f * i, 2.f * i, 3.f * i, 4.f * i, 5.f * i, 6.f * i, 7.f * i, i};
    for (int i = 0; i < N; i++)
        v[i] = a[i];
    v[3].mass += 0.5f;           // a field through the proxy
    float vx = v[999].vx;
    Particle_cview cv = v;       // a view converts to a const view
    for (int i = 0; i < N; i++)
        b[i] = cv[i];
    a[3].mass += 0.5f;
    int bad = memcmp(a, b, sizeof a) != 0 || vx != 4.f * 999;
    // every element lives at its own place: no two fields share bytes
    for (int i = 0; i < N; i++)
        v[i] = Particle{};
    v[500].id = 77;
    for (int i = 0; i < N; i++)
        bad |= (i == 500) != (cv[i].id == 77);
    printf("%s\n", bad ? "round trip FAILED" : "round trip ok");
    free(stage);
    return bad;
}
