/* context_probe MODE [HOLD_S]: how long this process's cuInit and a
 * primary context take on GPU 0, for scripts/device-context-probe, which
 * runs several at once.  MODE ctx: cuInit, then the context and a 1 MiB
 * allocation; hold-init: cuInit, then HOLD_S seconds asleep; hold-ctx:
 * the context, then HOLD_S asleep.  One line: each step's seconds and the
 * monotonic clock at the start and the end (to line processes up). */
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + t.tv_nsec * 1e-9;
}

int main(int argc, char **argv)
{
    const char *mode = argc > 1 ? argv[1] : "ctx";
    double hold = argc > 2 ? atof(argv[2]) : 0, t0 = now();
    void *l = dlopen("libcuda.so.1", RTLD_NOW);
    if (!l) {
        printf("no libcuda.so.1: %s\n", dlerror());
        return 1;
    }
    int (*init)(unsigned) = (int (*)(unsigned))dlsym(l, "cuInit");
    int (*get)(int *, int) = (int (*)(int *, int))dlsym(l, "cuDeviceGet");
    int (*retain)(void **, int) = (int (*)(void **, int))dlsym(l, "cuDevicePrimaryCtxRetain");
    int (*current)(void *) = (int (*)(void *))dlsym(l, "cuCtxSetCurrent");
    int (*alloc)(unsigned long long *, size_t) = (int (*)(unsigned long long *, size_t))dlsym(l, "cuMemAlloc_v2");
    if (!init || !get || !retain || !current || !alloc) {
        printf("libcuda.so.1 lacks a function\n");
        return 1;
    }
    double t1 = now();
    int rc = init(0);
    double t2 = now(), t3 = t2;
    if (rc == 0 && strcmp(mode, "hold-init") != 0) {
        int d;
        void *c;
        unsigned long long p;
        if ((rc = get(&d, 0)) == 0 && (rc = retain(&c, d)) == 0 && (rc = current(c)) == 0)
            rc = alloc(&p, 1 << 20);
        t3 = now();
    }
    printf("%-9s pid %d: dlopen %.3f cuInit %.3f context %.3f (rc %d)  clock %.3f-%.3f\n", mode, (int)getpid(),
           t1 - t0, t2 - t1, t3 - t2, rc, t0, t3);
    fflush(stdout);
    if (hold > 0)
        usleep((useconds_t)(hold * 1e6));
    return rc != 0;
}
