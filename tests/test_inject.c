/* The capture injection library (capture/inject.c) run without a GPU,
 * against tests/capture/fake_driver.c's driver and CUPTI: the N-th launch
 * of the wanted kernels is captured, arguments decoded by the layout
 * cuKernelGetParamInfo gives (cuFuncGetParamInfo refusing the handle), the
 * allocations copied before and after, launches into a graph under capture
 * skipped, and --max-bytes stopping a capture with the reason.
 * usage: test_inject LIBGMCAPTURE LIBFAKECUPTI all|cap */
#include <cuda.h>
#include <cupti.h>
#include <dlfcn.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../advisor/engine/captured.h"
#include "check.h"

void *fake_alloc(size_t bytes, int managed);
void fake_params(unsigned n, const size_t *off, const size_t *size);

typedef struct {
    float x, y, z, vx, vy, vz, mass;
    int id;
} particle;

static particle *P;
static float *E;
static const int N = 100;

static void integrate_kernel(void)
{
    for (int i = 0; i < N; i++)
        P[i].x += 1.0f;
}

static void kinetic_kernel(void)
{
    for (int i = 0; i < N - 3; i++)
        E[i] = P[3 + i].mass * 2.0f;
}

typedef int (*launch_fn)(CUpti_CallbackId, const char *, const void *, void (*)(void));

static unsigned char *read_buf(const adv_inputs *in, const adv_capture *c, unsigned b, int after)
{
    unsigned char *d = NULL;
    size_t n;
    gm_status st;
    gm_status_init(&st);
    if (adv_capture_read(in, c, b, after, &d, &n, &st) != GM_OK)
        fprintf(stderr, "%s\n", st.msg), gm_failures++;
    return d;
}

int main(int argc, char **argv)
{
    if (argc != 4)
        return 2;
    int cap = !strcmp(argv[3], "cap");
    char dir[] = "/tmp/gm_inject_XXXXXX";
    if (!mkdtemp(dir))
        return 1;
    setenv("GMADVISE_CAPTURE_DIR", dir, 1);
    setenv("GMADVISE_CUPTI", argv[2], 1);
    setenv("GMADVISE_CAPTURE_KERNELS", "integrate;kinetic(Particle const*, float*, int)", 1);
    setenv("GMADVISE_CAPTURE_LAUNCH", "2", 1);
    setenv("GMADVISE_CAPTURE_MAX_BYTES", cap ? "5000" : "0", 1);
    void *lib = dlopen(argv[1], RTLD_NOW);
    if (!lib) {
        fprintf(stderr, "%s\n", dlerror());
        return 1;
    }
    int (*init)(void) = (int (*)(void))dlsym(lib, "InitializeInjection");
    CHECK(init != NULL);
    CHECK(dlsym(lib, "gm_cap_decode") == NULL); /* nothing else is exported */
    CHECK_EQ(init ? init() : 0, 1);
    void *cupti = dlopen(argv[2], RTLD_NOW | RTLD_NOLOAD);
    launch_fn launch = cupti ? (launch_fn)dlsym(cupti, "fake_cupti_launch") : NULL;
    CHECK(launch != NULL);
    if (!launch)
        return TEST_DONE();

    P = fake_alloc(sizeof(particle) * N, 0);
    E = fake_alloc(sizeof(float) * N, 1);
    for (int i = 0; i < N; i++)
        P[i] = (particle){(float)i, 1, 2, 3, 4, 5, 1.0f + i, i};
    particle *before = malloc(sizeof(particle) * N);
    memcpy(before, P, sizeof(particle) * N);

    /* integrate(Particle *p, float dt, int n) by cuLaunchKernel */
    static const size_t ioff[] = {0, 8, 12}, isz[] = {8, 4, 4};
    float dt = 0.5f;
    int n = N;
    void *iargs[] = {&P, &dt, &n};
    cuLaunchKernel_params ip = {(CUfunction)0x1234, 1, 1, 1, 128, 1, 1, 0, (CUstream)0, iargs, NULL};
    const char *isym = "_Z9integrateP8Particlefi";
    fake_params(3, ioff, isz);
    CHECK_EQ(launch(CUPTI_DRIVER_TRACE_CBID_cuLaunchKernel, isym, &ip, integrate_kernel), 0);
    cuLaunchKernel_params graph_ip = ip;
    graph_ip.hStream = (CUstream)0x5; /* under stream capture: recorded into a graph, not run */
    CHECK_EQ(launch(CUPTI_DRIVER_TRACE_CBID_cuLaunchKernel, isym, &graph_ip, NULL), 0);
    memcpy(before, P, sizeof(particle) * N);
    CHECK_EQ(launch(CUPTI_DRIVER_TRACE_CBID_cuLaunchKernel_ptsz, isym, &ip, integrate_kernel), 0);
    CHECK_EQ(launch(CUPTI_DRIVER_TRACE_CBID_cuLaunchKernel, isym, &ip, integrate_kernel), 0);

    /* kinetic(const Particle *p, float *e, int n) by cuLaunchKernelEx, p three elements in */
    static const size_t koff[] = {0, 8, 16}, ksz[] = {8, 8, 4};
    particle *p3 = P + 3;
    int n3 = N - 3;
    void *kargs[] = {&p3, &E, &n3};
    CUlaunchConfig cfg;
    memset(&cfg, 0, sizeof cfg);
    cfg.gridDimX = 2, cfg.gridDimY = 3, cfg.gridDimZ = 1, cfg.blockDimX = 64, cfg.blockDimY = 2, cfg.blockDimZ = 1;
    cfg.sharedMemBytes = 128;
    cuLaunchKernelEx_params kp = {&cfg, (CUfunction)0x5678, kargs, NULL};
    const char *ksym = "_Z7kineticPK8ParticlePfi";
    fake_params(3, koff, ksz);
    for (int i = 0; i < 2; i++)
        CHECK_EQ(launch(CUPTI_DRIVER_TRACE_CBID_cuLaunchKernelEx, ksym, &kp, kinetic_kernel), 0);
    /* a kernel not asked for */
    for (int i = 0; i < 3; i++)
        CHECK_EQ(launch(CUPTI_DRIVER_TRACE_CBID_cuLaunchKernel, "_Z5otherPf", &ip, NULL), 0);

    adv_inputs *in = NULL;
    gm_status st;
    gm_status_init(&st);
    CHECK_EQ(adv_inputs_load(dir, &in, &st), GM_OK);
    if (!in) {
        fprintf(stderr, "%s\n", st.msg);
        return TEST_DONE();
    }
    CHECK(!strcmp(in->device, "Fake GPU"));
    CHECK(strstr(in->notes, "being captured into a graph") != NULL);
    if (cap) {
        CHECK_EQ(in->cap_hit, 1);
        CHECK(in->ncaps >= 1 && !in->caps[0].complete);
        CHECK(in->ncaps >= 1 && strstr(in->caps[0].why, "--max-bytes 5000 reached") != NULL);
        CHECK(strstr(in->notes, "--max-bytes") != NULL);
        adv_kernel k;
        memset(&k, 0, sizeof k);
        strcpy(k.name, "integrate");
        k.nparams = 3;
        CHECK(adv_inputs_find(in, &k) == NULL); /* an incomplete capture is not measured on */
    } else {
        CHECK_EQ(in->ncaps, 2);
        CHECK_EQ(in->cap_hit, 0);
        const adv_capture *c = &in->caps[0];
        CHECK(!strcmp(c->kernel, "integrate") && c->launch == 2 && c->complete);
        CHECK(!strcmp(c->demangled, "integrate(Particle*, float, int)"));
        CHECK(c->grid[0] == 1 && c->block[0] == 128);
        CHECK_EQ(c->nparams, 3);
        CHECK_EQ(c->nbufs, 1);
        float gdt;
        int gn;
        memcpy(&gdt, c->params[1].bytes, 4);
        memcpy(&gn, c->params[2].bytes, 4);
        CHECK(gdt == 0.5f && gn == N);
        CHECK_EQ(c->params[0].buffer, 0);
        CHECK_EQ(c->params[0].buf_offset, 0);
        CHECK(!strcmp(c->bufs[0].memory, "device") && !strcmp(c->bufs[0].elem, "Particle"));
        unsigned char *b = read_buf(in, c, 0, 0), *a = read_buf(in, c, 0, 1);
        CHECK(b && !memcmp(b, before, sizeof(particle) * N));
        particle *pa = (particle *)a;
        CHECK(a && pa[10].x == before[10].x + 1.0f && pa[10].y == before[10].y);
        free(b);
        free(a);
        const adv_capture *k = &in->caps[1];
        CHECK(!strcmp(k->kernel, "kinetic") && k->launch == 2 && k->complete);
        CHECK(k->grid[1] == 3 && k->block[1] == 2 && k->shared_bytes == 128);
        CHECK_EQ(k->nbufs, 2);
        CHECK_EQ(k->params[0].buf_offset, 3 * sizeof(particle));
        CHECK_EQ(k->params[1].buffer, 1);
        CHECK(!strcmp(k->bufs[1].memory, "managed") && !strcmp(k->bufs[1].dtype, "<f4"));
        float *ea = (float *)read_buf(in, k, 1, 1);
        CHECK(ea && ea[0] == P[3].mass * 2.0f);
        free(ea);
    }
    adv_inputs_free(in);
    free(before);
    /* the files are left for a person to look at when a check failed */
    if (!gm_failures && !getenv("GM_KEEP")) {
        char cmd[128];
        snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
        CHECK_EQ(system(cmd), 0);
    } else {
        fprintf(stderr, "capture left in %s\n", dir);
    }
    return TEST_DONE();
}
