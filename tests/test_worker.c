/* jit/worker on a fake driver (tests/fake_driver.c): the devices child
 * forked before the parse answers, then stays, holding a context in one
 * of the machine's worker slots, until the first worker has its own; then
 * it is let go, and the jobs ran in a worker of their own, in order, with
 * the reference copies first; once reaped both are gone and their slots
 * free; a holder no worker follows lets its slot go after GM_GPU_HOLD_S.
 * The run ends while its worker still tears its context down (a release
 * of 1.5 s on the fake driver): the worker still runs and holds its slot;
 * when it is gone the slot is free.  A worker that starts within
 * GM_GPU_HOLD_DEFER_S of the answer is the only process with a context.
 * The retry lock's transitions (jit_retry_lock_step), as another process
 * would find the lock: taken when the next worker starts with a retry,
 * kept (not taken twice) while that job faults again and asks for another,
 * released by its result, by its worker's end without one, and when no
 * worker follows. */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include "../common/limits.h"
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

/* 1 when another process holding machine lock `name` is what a second
 * open file of it meets (a flock is per open file: the same conflict). */
static int lock_held(const char *dir, const char *name)
{
    char path[512];
    snprintf(path, sizeof path, "%s/gmadvise-gpu-%s.lock", dir, name);
    int fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0666);
    if (fd < 0)
        return -1;
    int held = flock(fd, LOCK_EX | LOCK_NB) != 0 && errno == EWOULDBLOCK;
    close(fd); /* releases it when this took it */
    return held;
}

/* How many of the machine's slots another process holds. */
static int slots_held(const char *dir)
{
    int n = 0;
    for (int i = 0; i < GM_GPU_WORKERS_MAX; i++) {
        char name[32];
        snprintf(name, sizeof name, "slot%d", i);
        n += lock_held(dir, name) == 1;
    }
    return n;
}

/* The most processes that held the fake context at once (GM_FAKE_CTX_DIR). */
static int most_contexts(const char *ctxdir)
{
    char path[700];
    snprintf(path, sizeof path, "%s/most", ctxdir);
    FILE *f = fopen(path, "r");
    int most = -1;
    if (f && fscanf(f, "%d", &most) != 1)
        most = -1;
    if (f)
        fclose(f);
    return most;
}

static void retry_transitions(void)
{
    char dir[] = "/tmp/gm_test_worker_XXXXXX";
    CHECK(mkdtemp(dir) != NULL);
    const char *was = getenv("TMPDIR");
    char *saved = was ? strdup(was) : NULL;
    setenv("TMPDIR", dir, 1);
    jit_retry_lock l = JIT_RETRY_LOCK_INIT;
    jit_retry_lock_step(&l, JIT_RETRY_RESULT, 1); /* a first fault asks for a retry: its worker ends first */
    CHECK(l.fd < 0 && lock_held(dir, "retry") == 0);
    jit_retry_lock_step(&l, JIT_RETRY_NEXT, 1); /* the next worker starts with it */
    CHECK(l.fd >= 0 && lock_held(dir, "retry") == 1);
    int fd = l.fd;
    jit_retry_lock_step(&l, JIT_RETRY_RESULT, 1); /* faulted again, in another shape */
    jit_retry_lock_step(&l, JIT_RETRY_NEXT, 1);   /* kept: a second flock of it would wait on itself */
    CHECK(l.fd == fd && lock_held(dir, "retry") == 1);
    jit_retry_lock_step(&l, JIT_RETRY_RESULT, 0); /* measured: released while its worker goes on */
    CHECK(l.fd < 0 && lock_held(dir, "retry") == 0);
    jit_retry_lock_step(&l, JIT_RETRY_NEXT, 0);   /* a worker that starts with no retry */
    CHECK(l.fd < 0 && lock_held(dir, "retry") == 0);
    jit_retry_lock_step(&l, JIT_RETRY_NEXT, 1);
    jit_retry_lock_step(&l, JIT_RETRY_NEXT, 0);   /* the retry's worker was killed: no result */
    CHECK(l.fd < 0 && lock_held(dir, "retry") == 0);
    jit_retry_lock_step(&l, JIT_RETRY_NEXT, 1);
    jit_retry_lock_step(&l, JIT_RETRY_STOP, 1);   /* no worker follows */
    CHECK(l.fd < 0 && lock_held(dir, "retry") == 0);
    if (saved)
        setenv("TMPDIR", saved, 1);
    else
        unsetenv("TMPDIR");
    free(saved);
    char path[512];
    snprintf(path, sizeof path, "%s/gmadvise-gpu-retry.lock", dir);
    unlink(path);
    rmdir(dir);
}

int main(int argc, char **argv)
{
    if (fake_driver_env(argc, argv, "64"))
        return 2;
    setenv("GM_FAKE_MS", "0.05", 1);
    char dir[] = "/tmp/gm_test_worker_XXXXXX"; /* slots of this test's own */
    CHECK(mkdtemp(dir) != NULL);
    setenv("TMPDIR", dir, 1);
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
    CHECK_EQ(lock_held(dir, "slot0"), 1);  /* in a slot */
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
    jit_worker_reap(1);
    CHECK(holder > 0 && kill(holder, 0) == -1 && errno == ESRCH); /* gone and reaped */
    CHECK(kill(res[0].t.samples, 0) == -1 && errno == ESRCH);
    CHECK_EQ(slots_held(dir), 0);
    /* the run ends before its worker's teardown does */
    setenv("GM_FAKE_RELEASE_MS", "1500", 1);
    CHECK_EQ(jit_worker_run(&bin, &jobs, &o, &dev, &ref, res, &st), GM_OK);
    int worker = res[1].t.samples;
    CHECK(worker > 0 && running(worker)); /* still releasing its context */
    CHECK_EQ(slots_held(dir), 1);          /* in its slot */
    jit_worker_reap(1);
    CHECK(kill(worker, 0) == -1 && errno == ESRCH);
    CHECK_EQ(slots_held(dir), 0);
    unsetenv("GM_FAKE_RELEASE_MS");
    /* asked again (a second file): answered by a child that does not stay */
    CHECK_EQ(jit_worker_devices(devs, 4, &n, &st), GM_OK);
    CHECK_EQ(n, 1);
    CHECK_EQ(jit_worker_holder(), -1);
    /* a holder no worker follows (a long compile) holds its slot no longer than GM_GPU_HOLD_S */
    jit_worker_devices_start();
    CHECK_EQ(jit_worker_devices(devs, 4, &n, &st), GM_OK);
    holder = jit_worker_holder();
    usleep(200 * 1000);
    CHECK(holder > 0 && lock_held(dir, "slot0") == 1);
    usleep((useconds_t)(GM_GPU_HOLD_S * 1e6) + 300 * 1000);
    CHECK_EQ(lock_held(dir, "slot0"), 0);
    CHECK(holder > 0 && !running(holder));
    /* a worker that starts within GM_GPU_HOLD_DEFER_S of the answer (a warm
     * cache) creates the only context: the holder makes none beside it */
    char ctxdir[600];
    snprintf(ctxdir, sizeof ctxdir, "%s/ctx", dir);
    CHECK(mkdir(ctxdir, 0700) == 0);
    CHECK_EQ(jit_worker_run(&bin, &jobs, &o, &dev, &ref, res, &st), GM_OK); /* lets the last holder go */
    jit_worker_reap(1);
    CHECK_EQ(jit_worker_holder(), -1);
    setenv("GM_FAKE_CTX_DIR", ctxdir, 1);
    jit_worker_devices_start();
    CHECK_EQ(jit_worker_devices(devs, 4, &n, &st), GM_OK);
    holder = jit_worker_holder();
    CHECK(holder > 0);
    CHECK_EQ(jit_worker_run(&bin, &jobs, &o, &dev, &ref, res, &st), GM_OK);
    jit_worker_reap(1);
    CHECK(holder > 0 && kill(holder, 0) == -1 && errno == ESRCH);
    CHECK_EQ(most_contexts(ctxdir), 1);
    unsetenv("GM_FAKE_CTX_DIR");
    char left[700];
    snprintf(left, sizeof left, "%s/most", ctxdir);
    unlink(left);
    snprintf(left, sizeof left, "%s/lock", ctxdir);
    unlink(left);
    rmdir(ctxdir);
    unsetenv("TMPDIR");
    for (int i = 0; i < GM_GPU_WORKERS_MAX; i++) {
        char path[512];
        snprintf(path, sizeof path, "%s/gmadvise-gpu-slot%d.lock", dir, i);
        unlink(path);
    }
    rmdir(dir);
    retry_transitions();
    return TEST_DONE();
}
