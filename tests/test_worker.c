/* jit/worker on a fake driver (tests/fake_driver.c): the devices child
 * forked before the parse answers, then stays, holding a context, until
 * the first worker has its own; then it is gone (reaped), and the jobs ran
 * in a worker of their own, in order, with the reference copies first. */
#include <errno.h>
#include <stdio.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../jit/worker.h"
#include "check.h"
#include "fake_driver_env.h"

/* 1 while pid runs (a child that exited but is not reaped yet is a zombie:
 * 0). */
static int running(int pid)
{
    char path[64], line[256];
    snprintf(path, sizeof path, "/proc/%d/stat", pid);
    FILE *f = fopen(path, "r");
    if (!f)
        return 0;
    char *st = fgets(line, sizeof line, f) ? strrchr(line, ')') : NULL;
    fclose(f);
    return st && st[1] == ' ' && st[2] != 'Z' && st[2] != 'X';
}

static void job(void *ctx, jit_runner *r, unsigned i, const jit_job_result *done, jit_job_result *out)
{
    (void)ctx;
    (void)r;
    (void)done;
    out->state = JIT_JOB_OK;
    out->correct = 1;
    out->attempt = i + 1; /* which job ran, seen by the caller */
    out->t.samples = (int)getpid(); /* in which process */
}

int main(int argc, char **argv)
{
    if (fake_driver_env(argc, argv, "64"))
        return 2;
    setenv("GM_FAKE_MS", "0.05", 1);
    gm_status st;
    gm_status_init(&st);
    CHECK_EQ(jit_worker_holder(), -1);
    jit_worker_devices_start();
    jit_device_info devs[4];
    int n = 0;
    CHECK_EQ(jit_worker_devices(devs, 4, &n, &st), GM_OK);
    CHECK_EQ(n, 1);
    int holder = jit_worker_holder();
    CHECK(holder > 0);
    usleep(200 * 1000);
    CHECK(holder > 0 && running(holder)); /* it answered and stays */
    jit_binary bin = {.cubin = "fake cubin", .cubin_len = 10};
    const char *names[] = {"a", "b"};
    jit_jobs jobs = {2, names, job, NULL};
    jit_worker_opts o;
    jit_worker_opts_default(&o);
    o.quiet = 1;
    jit_device_info dev;
    jit_reference ref;
    jit_job_result res[2];
    CHECK_EQ(jit_worker_run(&bin, &jobs, &o, &dev, &ref, res, &st), GM_OK);
    CHECK(ref.memcpy_gbps > 0);
    CHECK_EQ(res[0].attempt, 1);
    CHECK_EQ(res[1].attempt, 2);
    CHECK(res[0].t.samples != holder && res[0].t.samples != (int)getpid());
    CHECK_EQ(jit_worker_holder(), -1);
    CHECK(holder > 0 && kill(holder, 0) == -1 && errno == ESRCH); /* gone and reaped */
    /* asked again (a second file): answered by a child that does not stay */
    CHECK_EQ(jit_worker_devices(devs, 4, &n, &st), GM_OK);
    CHECK_EQ(n, 1);
    CHECK_EQ(jit_worker_holder(), -1);
    return TEST_DONE();
}
