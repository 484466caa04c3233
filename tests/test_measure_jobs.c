/* engine/measure.c's jobs on the fake driver (tests/fake_driver.c), a
 * copy kernel's declared layout and its SoA, as a worker runs them:
 * - each variant's random inputs are packed once for its correctness and
 *   timed launches (one packed entry per pointer parameter, not two);
 * - the parameter that points to const and is only read is not read back
 *   (its outputs are its inputs in every variant), the written one is, and
 *   the variant still matches the declared layout;
 * - the SoA variant allocates no device buffer anew: it asks for the
 *   pages the declared one freed (jit/runner.h's kept buffers);
 * - --times' parts of a job: none negative, the inputs' and the set-up's
 *   there, and together with the sampling loop within the job's wall time.
 * Usage: test_measure_jobs FAKE_DRIVER.so */
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../advisor/engine/measure.h"
#include "../advisor/frontend/load.h"
#include "../common/timer.h"
#include "check.h"
#include "fake_driver_env.h"

static const char text[] =
    "struct Body { float x, y, z, w; int id; };\n"
    "__global__ void copy_bodies(const Body *__restrict__ in, Body *__restrict__ out, int n)\n"
    "{\n"
    "    int i = blockIdx.x * blockDim.x + threadIdx.x;\n"
    "    if (i < n)\n"
    "        out[i] = in[i];\n"
    "}\n";

int main(int argc, char **argv)
{
    if (fake_driver_env(argc, argv, "256"))
        return 2;
    char path[] = "/tmp/gm_measure_jobs_XXXXXX.cu";
    int fd = mkstemps(path, 3);
    CHECK(fd >= 0);
    if (fd < 0)
        return TEST_DONE();
    CHECK_EQ(write(fd, text, sizeof text - 1), (long)(sizeof text - 1));
    close(fd);
    gm_status st;
    gm_status_init(&st);
    adv_model *m = NULL;
    CHECK_EQ(adv_model_load(path, NULL, &m, &st), GM_OK);
    unlink(path);
    jit_method me;
    jit_method_default(&me);
    jit_runner *r = NULL;
    CHECK_EQ(jit_runner_create(0, &me, &r, NULL, &st), GM_OK);
    void *lib = dlopen(argv[1], RTLD_NOW | RTLD_NOLOAD);
    unsigned (*allocs)(void) = lib ? (unsigned (*)(void))dlsym(lib, "fake_allocs") : NULL;
    CHECK(m && r && allocs);
    if (!m || !r || !allocs) {
        fprintf(stderr, "%s\n", st.msg);
        return TEST_DONE();
    }
    CHECK_EQ(adv_model_nkernels(m), 1u);
    adv_layout_spec aos = adv_layout_declared(), soa = adv_layout_std(ADV_L_SOA);
    adv_job jobs[2] = {{0, 0, &aos, "copy_bodies_Body_aos", 1, 0}, {0, 0, &soa, "copy_bodies_Body_soa", 0, 0}};
    adv_measure ms;
    adv_measure_init(&ms, m, jobs, 2);
    jit_job_result done[2];
    memset(done, 0, sizeof done);
    unsigned before[2], after[2];
    double wall[2];
    for (unsigned j = 0; j < 2; j++) {
        before[j] = allocs();
        double t0 = gm_now_s();
        done[j].correct = -1;
        adv_measure_job(&ms, r, j, done, &done[j]);
        wall[j] = gm_now_s() - t0;
        after[j] = allocs();
        CHECK_EQ(done[j].state, JIT_JOB_OK);
        CHECK_EQ(done[j].correct, 1);
        /* in and out: one packed entry each in the job's layout (seeds 1
         * and 2), made for the correctness launch and used again for the
         * timed one */
        unsigned mine = 0, seeds = 0;
        for (unsigned i = 0; i < ms.npacked; i++)
            if (adv_layout_spec_eq(&ms.packed[i].spec, jobs[j].spec) && ms.packed[i].n >= 1 << 16) {
                mine++;
                seeds |= 1u << ms.packed[i].seed;
            }
        CHECK_EQ(mine, 2u);
        CHECK_EQ(seeds, 6u);
        const jit_timing *t = &done[j].t;
        double sum = t->loop_s;
        for (int p = 0; p < JIT_NPHASES; p++) {
            CHECK(t->phase_s[p] >= 0);
            sum += t->phase_s[p];
        }
        CHECK(t->phase_s[JIT_PHASE_INPUTS] > 0 && t->phase_s[JIT_PHASE_SETUP] > 0);
        CHECK(sum <= wall[j]);
        char parts[256];
        jit_timing_parts_text(t, parts, sizeof parts);
        CHECK(strstr(parts, "; set-up ") == parts && strstr(parts, ", inputs ") && strstr(parts, "; stopped: "));
        printf("%s: %.3f s%s\n", jobs[j].fn, wall[j], parts);
    }
    /* the declared outputs: out read back, in (const, only read) not */
    CHECK(ms.decl.nparams == 3 && ms.decl.data[0] == NULL && ms.decl.data[1] != NULL && ms.decl.data[2] == NULL);
    CHECK(after[0] > before[0]);
    CHECK_EQ(after[1], before[1]); /* the same pages again: none allocated */
    adv_measure_free(&ms);
    jit_runner_destroy(r);
    adv_model_destroy(m);
    return TEST_DONE();
}
