// scripts/adopt-pack-bench.cu: the cost of adopting a layout at run time.
// Times Particle_pack and Particle_unpack (Particle_layout.cuh, from
// `gmadvise adopt samples/particle.h --kernels`) for N particles in the
// layout it is compiled for, beside one cudaMemcpy of the same AoS bytes,
// median of 5 after a warm-up, and checks that unpack gives back what
// pack was given.  Built per layout by scripts/device-adopted-pack.
#include PARTICLE_ADOPTED
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <random>
#include <vector>

static const char *layout_name[] = {"", "aos", "aos_align", "soa", "aosoa", "vector"};

static double now_ms()
{
    return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

static double median(std::vector<double> v)
{
    std::sort(v.begin(), v.end());
    return v[v.size() / 2];
}

#define CHECK(call)                                                                      \
    do {                                                                                 \
        cudaError_t e_ = (call);                                                         \
        if (e_ != cudaSuccess) {                                                         \
            fprintf(stderr, "%s: %s\n", #call, cudaGetErrorString(e_));                 \
            return 1;                                                                    \
        }                                                                                \
    } while (0)

int main(int argc, char **argv)
{
    size_t n = argc > 1 ? strtoull(argv[1], NULL, 10) : (size_t)16 << 20;
    std::vector<Particle> host(n), back(n);
    std::mt19937 rng(1);
    std::uniform_real_distribution<float> u(0.5f, 1.5f);
    for (size_t i = 0; i < n; i++)
        host[i] = Particle{u(rng), u(rng), u(rng), u(rng), u(rng), u(rng), u(rng), (int)i};
    Particle_storage st;
    CHECK(Particle_alloc(&st, n));
    std::vector<double> pack, unpack, copy;
    for (int rep = 0; rep < 6; rep++) { // the first is a warm-up
        double t0 = now_ms();
        CHECK(Particle_pack(&st, host.data(), n));
        double t1 = now_ms();
        CHECK(Particle_unpack(&st, back.data(), n));
        double t2 = now_ms();
        CHECK(cudaMemcpy(st.mem, host.data(), n * sizeof(Particle), cudaMemcpyHostToDevice));
        double t3 = now_ms();
        if (rep) {
            pack.push_back(t1 - t0);
            unpack.push_back(t2 - t1);
            copy.push_back(t3 - t2);
        }
    }
    bool same = memcmp(host.data(), back.data(), n * sizeof(Particle)) == 0;
    printf("%-10s n=%zu pack %.1f ms, unpack %.1f ms, one cudaMemcpy of the AoS bytes %.1f ms, round trip %s\n",
           layout_name[Particle_LAYOUT], n, median(pack), median(unpack), median(copy), same ? "exact" : "WRONG");
    Particle_free(&st);
    return same ? 0 : 1;
}
