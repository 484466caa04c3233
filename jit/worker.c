#define _GNU_SOURCE /* sched_getaffinity */
#include "worker.h"

#include <errno.h>
#include <fcntl.h>
#include <sched.h>
#include <sys/file.h>
#include <sys/socket.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "cache.h"
#include "cuda_api.h"

#include "../common/hash.h"
#include "../common/limits.h"
#include "../common/log.h"
#include "../common/strbuf.h"
#include "../common/timeline.h"
#include "../common/timer.h"

void jit_worker_opts_default(jit_worker_opts *o)
{
    memset(o, 0, sizeof *o);
    jit_method_default(&o->method);
    o->timeout_s = GM_DEFAULT_TIMEOUT_S;
}

/* ---- the pipe between worker and caller --------------------------------- */

typedef enum { MSG_READY, MSG_REF, MSG_START, MSG_DONE, MSG_FATAL, MSG_END } msg_type;

typedef struct {
    msg_type type;
    unsigned job;
    int count;
    jit_job_result res;
    jit_device_info dev;
    jit_reference ref;
    gm_status st;
} msg;

static void write_all(int fd, const void *buf, size_t n)
{
    const char *p = buf;
    while (n) {
        ssize_t w = write(fd, p, n);
        if (w < 0 && errno == EINTR)
            continue;
        if (w <= 0)
            _exit(1); /* the caller is gone */
        p += w;
        n -= (size_t)w;
    }
}

/* 1: all n bytes; 0: the writer closed the pipe first; -1: nothing for
 * timeout_s seconds. */
static int read_all(int fd, void *buf, size_t n, double timeout_s)
{
    char *p = buf;
    size_t got = 0;
    while (got < n) {
        struct pollfd pf = {fd, POLLIN, 0};
        int pr = poll(&pf, 1, (int)(timeout_s * 1000));
        if (pr < 0 && errno == EINTR)
            continue;
        if (pr == 0)
            return -1;
        ssize_t r = read(fd, p + got, n - got);
        if (r < 0 && errno == EINTR)
            continue;
        if (r <= 0)
            return 0;
        got += (size_t)r;
    }
    return 1;
}

static void send_msg(int fd, const msg *m)
{
    write_all(fd, m, sizeof *m);
}

static int recv_msg(int fd, msg *m, double timeout_s)
{
    return read_all(fd, m, sizeof *m, timeout_s);
}

/* The devices child that jit_worker_devices_start forked stays, holding a
 * context on GPU 0 in a worker slot that was free, until the first worker
 * has its own, the caller exits or GM_GPU_HOLD_S have passed: it waits
 * for the end of a socket whose other end only the caller keeps.  It makes
 * that context only GM_GPU_HOLD_DEFER_S after its answer, and none when
 * the caller sends a byte on it first (holder_worker_starts: a
 * worker is about to create its own, which two contexts made at once
 * slow down); it then stays without one, its driver initialised.  While
 * another process holds a context, a new process's cuInit takes 0.01 s
 * instead of 0.10 (H200, driver 580, persistence mode on, 2026-11-26); a
 * context of its own still takes 0.11.  -1: none. */
static int holder_wr = -1;
static pid_t holder_pid = -1;

/* fork() with a pipe from child to parent: in the child returns 0 and *fd
 * is the write end; in the parent the child's pid and the read end; -1
 * with st set when either fails.  Buffered output is flushed first so the
 * child does not repeat it. */
static pid_t fork_with_pipe(int *fd, gm_status *st)
{
    int p[2];
    if (pipe(p) != 0)
        return gm_fail(st, GM_EENV, "pipe: %s", strerror(errno)), -1;
    fflush(stdout);
    fflush(stderr);
    pid_t pid = fork();
    if (pid < 0) {
        close(p[0]);
        close(p[1]);
        return gm_fail(st, GM_EENV, "fork: %s", strerror(errno)), -1;
    }
    close(pid == 0 ? p[0] : p[1]);
    *fd = pid == 0 ? p[1] : p[0];
    if (pid == 0 && holder_wr >= 0) { /* only the caller may keep the holder */
        close(holder_wr);
        holder_wr = -1;
    }
    return pid;
}

/* Tells the holder that a worker starts now (see holder_wr). */
static void holder_worker_starts(void)
{
    if (holder_wr >= 0) {
        char b = 'w';
        if (send(holder_wr, &b, 1, MSG_NOSIGNAL | MSG_DONTWAIT) < 0) { /* a holder gone: nothing to tell */
        }
    }
}

int jit_worker_holder(void)
{
    return holder_wr >= 0 ? (int)holder_pid : -1;
}

/* Children that hold or release a context after the caller stopped
 * needing them: a worker tearing its context down after the jobs' end, a
 * holder let go.  Nobody waits for them on the run's way (a context's
 * teardown took about as long as its creation); jit_worker_reap reaps
 * them.  Each holds its slot's lock (its own copy of the open file) until
 * it exits, and none keeps the caller's stdout or stderr (quiet_stdio). */
static pid_t *detached;
static unsigned ndetached, detached_cap;

static void detach(pid_t pid)
{
    if (ndetached == detached_cap) {
        detached_cap = detached_cap ? 2 * detached_cap : 8;
        detached = gm_xrealloc(detached, detached_cap * sizeof *detached);
    }
    detached[ndetached++] = pid;
}

void jit_worker_reap(int wait)
{
    unsigned kept = 0;
    for (unsigned i = 0; i < ndetached; i++) {
        pid_t r;
        while ((r = waitpid(detached[i], NULL, wait ? 0 : WNOHANG)) < 0 && errno == EINTR)
            ;
        if (r == 0)
            detached[kept++] = detached[i]; /* still running */
    }
    ndetached = kept;
}

/* A child that outlives the caller's need of it writes nothing more, and
 * keeps no pipe the caller's stdout or stderr may be (`gmadvise x | less`
 * would wait for its teardown): both point at /dev/null.  With
 * GMADVISE_TIMELINE stderr stays, for the timeline's last lines. */
static void quiet_stdio(void)
{
    fflush(stdout);
    fflush(stderr);
    int nul = open("/dev/null", O_WRONLY | O_CLOEXEC);
    if (nul < 0)
        return;
    dup2(nul, STDOUT_FILENO);
    if (!gm_timeline_on())
        dup2(nul, STDERR_FILENO);
    close(nul);
}

/* Lets the holder go (its socket's end); with `wait` reaps it, else leaves
 * it to jit_worker_reap. */
static void holder_release(int wait)
{
    if (holder_wr >= 0)
        close(holder_wr);
    holder_wr = -1;
    if (holder_pid > 0) {
        if (waitpid(holder_pid, NULL, wait ? 0 : WNOHANG) == 0)
            detach(holder_pid);
        holder_pid = -1;
    }
}

/* ---- machine-wide locks: teardowns, retries, workers --------------------- */

/* Every gmadvise process on a machine shares these flocks ($TMPDIR, else
 * /tmp).  On an H200 (2026-11-26, scripts/device-public-measured, six files
 * at a time) the GPU was lost three times (every later cuInit:
 * CUDA_ERROR_NO_DEVICE; the whole GPU stalled about 130 s before it), each
 * time while cuda-samples' reduction_kernel.cu ran: each of its 218 kernels
 * faulted once (their extern __shared__ array is a helper's, fixed in
 * engine/measure.c) while other processes cycled through faulting launch
 * shapes, and workers were killed.  Faults and teardowns are the driver's
 * hardest moments, and which of them lost the GPU is not shown; so they
 * are made one at a time on the machine, and the contexts bounded:
 *  - teardown: a faulted worker releases its context under it before it
 *    exits, and a silent worker is killed and reaped under it;
 *  - retry: a job run again in another launch shape (likely to fault
 *    again) holds it from its worker's start until its result
 *    (jit_retry_lock, worker.h: its invariant and its one step function);
 *  - slots: GM_GPU_WORKERS_MAX processes with a context at a time,
 *    whatever the number of gmadvise processes (make -j, a script's
 *    parallel files): a worker's parent waits for a slot before it forks,
 *    so the wait costs no worker its --timeout; the holder (below) holds
 *    its context only in a slot that was free.  Invariant: a process
 *    holds a context only while a slot's lock is held for it (the
 *    monitor of device-public-measured saw 6 contexts at once with 4
 *    slots when holders, then outside them, waited beside workers).
 * A lock that cannot be had is -1: then nothing is serialized. */
static int lock_open(const char *name)
{
    const char *dir = getenv("TMPDIR");
    char path[512];
    snprintf(path, sizeof path, "%s/gmadvise-gpu-%s.lock", dir && *dir ? dir : "/tmp", name);
    return open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0666);
}

static int machine_lock(const char *name)
{
    int fd = lock_open(name);
    if (fd < 0)
        return -1;
    while (flock(fd, LOCK_EX) != 0)
        if (errno != EINTR) {
            close(fd);
            return -1;
        }
    return fd;
}

static void machine_unlock(int fd)
{
    if (fd >= 0) {
        flock(fd, LOCK_UN); /* a forked worker shares the lock: released for both */
        close(fd);
    }
}

/* The first free one of the GM_GPU_WORKERS_MAX slots, without waiting:
 * its fd; -1 when all are held; -2 when no slot's lock can be opened
 * (then nothing is counted). */
static int slot_try(void)
{
    int opened = 0;
    for (int i = 0; i < GM_GPU_WORKERS_MAX; i++) {
        char name[32];
        snprintf(name, sizeof name, "slot%d", i);
        int fd = lock_open(name);
        if (fd < 0)
            continue;
        opened = 1;
        if (flock(fd, LOCK_EX | LOCK_NB) == 0)
            return fd;
        close(fd);
    }
    return opened ? -1 : -2;
}

/* A slot for a worker: the first that is free, asked again every
 * GM_GPU_SLOT_POLL_MS (not a wait on one slot, which could outlast
 * another's freeing); this process's own holder is let go while none is,
 * since it holds one of them. */
static int worker_slot(void)
{
    for (;;) {
        int fd = slot_try();
        if (fd != -1)
            return fd < 0 ? -1 : fd;
        holder_release(0);
        struct timespec ts = {0, GM_GPU_SLOT_POLL_MS * 1000000L};
        nanosleep(&ts, NULL);
    }
}

void jit_retry_lock_step(jit_retry_lock *l, jit_retry_event ev, int retry)
{
    /* held after ev: the invariant of worker.h */
    int hold = ev == JIT_RETRY_NEXT ? retry : ev == JIT_RETRY_RESULT ? retry && l->fd >= 0 : 0;
    if (hold && l->fd < 0)
        l->fd = machine_lock("retry");
    else if (!hold && l->fd >= 0) {
        machine_unlock(l->fd);
        l->fd = -1;
    }
}

static int teardown_lock(void)
{
    return machine_lock("teardown");
}

static void teardown_unlock(int fd)
{
    machine_unlock(fd);
}

/* ---- the worker ------------------------------------------------------- */

typedef struct {
    const jit_jobs *jobs;
    jit_job_result *res;    /* the worker's copy: it knows which jobs failed */
    jit_runner *r;
} worker;

static void run_job(worker *w, unsigned i, jit_job_result *res)
{
    memset(res, 0, sizeof *res);
    res->correct = -1;
    w->jobs->run(w->jobs->ctx, w->r, i, w->res, res);
}

/* ---- the reference copies, kept for a while ---------------------------- */

/* The memcpy peak and the reference copies depend on the GPU, its driver
 * and the method's data size, not on the file: a result measured less
 * than GM_REFERENCE_CACHE_S ago on the same device and driver is reused
 * from the cache folder (jit/cache.h), with the time it was measured. */
typedef struct {
    double measured_at; /* CLOCK_REALTIME seconds */
    jit_reference ref;
} cached_ref;

static void reference_key(const jit_device_info *dev, const jit_method *m, char key[33])
{
    sb_t k;
    sb_init(&k);
    sb_printf(&k, "reference %s ", GMADVISE_VERSION);
    jit_device_fingerprint(&k, dev);
    sb_printf(&k, "|%g|%zu", m->l2_multiple, sizeof(jit_reference));
    gm_hash h;
    gm_hash_init(&h);
    gm_hash_update(&h, k.s, k.len);
    gm_hash_hex(&h, key);
    sb_free(&k);
}

/* 1 and *ref when a fresh one is cached (*age: seconds since measured). */
static int cached_reference(const char *key, jit_reference *ref, double *age)
{
    cached_ref c;
    if (!jit_cache_get_fresh(key, &c, sizeof c, GM_REFERENCE_CACHE_S, age) || !(c.ref.memcpy_gbps > 0))
        return 0;
    *ref = c.ref;
    return 1;
}

static void worker_main(int fd, worker *w, const jit_binary *bin, unsigned from, int need_ref,
                        const jit_worker_opts *o)
{
    msg mg;
    memset(&mg, 0, sizeof mg);
    gm_status_init(&mg.st);
    double t0 = gm_now_s(), t1 = t0;
    gm_timeline("worker", "forked, from job %u", from);
    if (gm_timeline_on()) { /* the driver's start apart from the context's (jit_runner_create does both) */
        gm_status ds;
        gm_status_init(&ds);
        jit_device_count(&ds);
        gm_timeline("worker", "the driver initialised (cuInit)");
    }
    if (jit_runner_create(o->device, &o->method, &w->r, &mg.dev, &mg.st) != GM_OK ||
        ((t1 = gm_now_s()), gm_timeline("worker", "context created"), jit_runner_load(w->r, bin, &mg.st)) != GM_OK) {
        mg.type = MSG_FATAL;
        send_msg(fd, &mg);
        _exit(0);
    }
    mg.type = MSG_READY;
    send_msg(fd, &mg);
    gm_timeline("worker", "modules loaded");
    if (o->times) {
        gm_log(GM_LOG_PROGRESS, "%.3f s to create a context on GPU %d", t1 - t0, o->device);
        gm_log(GM_LOG_PROGRESS, "%.3f s to load the variants' modules", gm_now_s() - t1);
    }
    char key[33];
    double age = 0;
    if (need_ref && o->use_cache)
        reference_key(&mg.dev, &o->method, key);
    if (need_ref && o->use_cache && cached_reference(key, &mg.ref, &age)) {
        if (!o->quiet)
            gm_log(GM_LOG_PROGRESS, "the memcpy peak and reference copies measured %.0f s ago (cached)", age);
        mg.type = MSG_REF;
        send_msg(fd, &mg);
    } else if (need_ref) {
        if (!o->quiet)
            gm_log(GM_LOG_PROGRESS, "measuring the memcpy peak and reference copies");
        t0 = gm_now_s();
        mg.type = jit_run_reference(w->r, &mg.ref, &mg.st) == GM_OK ? MSG_REF : MSG_FATAL;
        send_msg(fd, &mg);
        if (mg.type == MSG_FATAL)
            _exit(0);
        if (o->use_cache && !mg.ref.shrunk) { /* a shrunk one says more of that moment than of the GPU */
            cached_ref c = {jit_cache_now(), mg.ref};
            jit_cache_put(key, (const char *)&c, sizeof c);
        }
        if (o->times)
            gm_log(GM_LOG_PROGRESS, "%.3f s for the reference copies", gm_now_s() - t0);
    }
    for (unsigned i = from; i < w->jobs->njobs; i++) {
        if (!o->quiet)
            gm_log(GM_LOG_PROGRESS, "measuring %s", w->jobs->names[i]);
        mg.type = MSG_START;
        mg.job = i;
        send_msg(fd, &mg);
        t0 = gm_now_s();
        run_job(w, i, &mg.res);
        char parts[256];
        jit_timing_parts_text(&mg.res.t, parts, sizeof parts);
        if (o->times)
            gm_log(GM_LOG_PROGRESS, "%.3f s for %s (%d samples; sampling %.3f s, launches %.3f s%s)", gm_now_s() - t0,
                   w->jobs->names[i], mg.res.t.samples, mg.res.t.loop_s, mg.res.t.launched_ms / 1e3, parts);
        w->res[i] = mg.res;
        mg.type = MSG_DONE;
        send_msg(fd, &mg);
        if (mg.res.state == JIT_JOB_FAULTED) { /* the context is not to be trusted any more */
            int lk = teardown_lock();
            jit_runner_destroy(w->r); /* released here, not by the exit: under the lock */
            teardown_unlock(lk);
            _exit(0);
        }
    }
    /* the caller goes on once it has read this: the context's teardown is
     * this process's alone, inside its slot (the slot's lock is released
     * by its exit, after the context) */
    mg.type = MSG_END;
    send_msg(fd, &mg);
    close(fd);
    gm_timeline("worker", "the jobs' end sent");
    quiet_stdio();
    jit_runner_destroy(w->r);
    gm_timeline("worker", "context released; exits");
    _exit(0);
}

/* ---- the caller's side ------------------------------------------------ */

static pid_t spawn(int *rd, worker *w, const jit_binary *bin, unsigned from, int need_ref,
                   const jit_worker_opts *o, gm_status *st)
{
    int fd;
    pid_t pid = fork_with_pipe(&fd, st);
    if (pid == 0)
        worker_main(fd, w, bin, from, need_ref, o);
    *rd = fd;
    return pid;
}

/* How the worker ended, for a note. */
static void describe_exit(pid_t pid, int killed, char *out, size_t n)
{
    int status = 0;
    while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
        ;
    if (killed)
        snprintf(out, n, "killed after the time limit");
    else if (WIFSIGNALED(status))
        snprintf(out, n, "the worker process died of signal %d (%s)", WTERMSIG(status),
                 strsignal(WTERMSIG(status)));
    else
        snprintf(out, n, "the worker process exited with status %d", WEXITSTATUS(status));
}

/* ---- compiling ------------------------------------------------------- */

/* What a compiling child sends first; cubin, PTX and log follow. */
typedef struct {
    gm_status st;
    size_t cubin_len, ptx_len, log_len;
} compiled;

/* n bytes from the pipe into a new NUL-terminated buffer. */
static int recv_blob(int fd, char **out, size_t n)
{
    *out = gm_xmalloc(n + 1);
    (*out)[n] = '\0';
    return read_all(fd, *out, n, 600) == 1 ? 0 : -1;
}

/* Forks a child that compiles src and sends the result (compiled, then
 * cubin, PTX and log) down the pipe *fd; the child's pid, or -1 with st
 * set. */
static pid_t compile_start(const char *src, const char *name, int arch, int flags, int *fd, gm_status *st)
{
    pid_t pid = fork_with_pipe(fd, st);
    if (pid != 0)
        return pid;
    compiled c;
    memset(&c, 0, sizeof c);
    gm_status_init(&c.st);
    jit_binary b;
    memset(&b, 0, sizeof b);
    char *lg = NULL;
    jit_compile(src, name, arch, flags, &b, &lg, &c.st);
    c.cubin_len = b.cubin_len;
    c.ptx_len = b.ptx ? strlen(b.ptx) : 0;
    c.log_len = lg ? strlen(lg) : 0;
    write_all(*fd, &c, sizeof c);
    write_all(*fd, b.cubin, c.cubin_len);
    write_all(*fd, b.ptx, c.ptx_len);
    write_all(*fd, lg, c.log_len);
    _exit(0);
}

/* The result of compile_start's child, which is then reaped. */
static int compile_finish(pid_t pid, int fd, const char *name, jit_binary *out, char **log, gm_status *st)
{
    compiled c;
    char *lg = NULL;
    int ok = read_all(fd, &c, sizeof c, 600) == 1;
    if (ok) {
        ok = recv_blob(fd, &out->cubin, c.cubin_len) == 0 && recv_blob(fd, &out->ptx, c.ptx_len) == 0 &&
             recv_blob(fd, &lg, c.log_len) == 0;
        out->cubin_len = c.cubin_len;
    }
    close(fd);
    char how[160];
    describe_exit(pid, 0, how, sizeof how);
    if (!ok) {
        jit_binary_free(out);
        free(lg);
        return gm_fail(st, GM_EENV, "compiling %s: %s", name, how);
    }
    if (log && c.log_len)
        *log = lg;
    else
        free(lg);
    if (c.st.code != GM_OK) {
        jit_binary_free(out);
        gm_status_set(st, &c.st);
    }
    return c.st.code;
}

int jit_worker_compile(const char *src, const char *name, int arch, int flags, jit_binary *out,
                       char **log, gm_status *st)
{
    memset(out, 0, sizeof *out);
    if (log)
        *log = NULL;
    if (jit_compile_cached(src, arch, flags, out))
        return GM_OK;
    int fd;
    pid_t pid = compile_start(src, name, arch, flags, &fd, st);
    if (pid < 0)
        return st->code;
    return compile_finish(pid, fd, name, out, log, st);
}

unsigned jit_worker_cores(void)
{
    cpu_set_t set;
    long n = sched_getaffinity(0, sizeof set, &set) == 0 ? CPU_COUNT(&set) : sysconf(_SC_NPROCESSORS_ONLN);
    return n < 1 ? 1 : n > GM_COMPILE_MAX_JOBS ? GM_COMPILE_MAX_JOBS : (unsigned)n;
}

int jit_worker_compile_parts(unsigned n, const char *const *srcs, const char *name, int arch, int flags,
                             unsigned jobs, jit_binary *out, gm_status *sts)
{
    pid_t *pid = gm_xcalloc(n + 1, sizeof *pid);
    int *fd = gm_xcalloc(n + 1, sizeof *fd);
    unsigned next = 0, running = 0, done = 0;
    int rc = GM_OK;
    for (unsigned i = 0; i < n; i++) {
        memset(&out[i], 0, sizeof out[i]);
        gm_status_init(&sts[i]);
        fd[i] = -1;
    }
    if (jobs < 1)
        jobs = 1;
    while (done < n) {
        while (next < n && running < jobs) { /* keep `jobs` children compiling */
            if (jit_compile_cached(srcs[next], arch, flags, &out[next])) { /* no child needed */
                pid[next] = -1;
                done++;
                next++;
                continue;
            }
            pid[next] = compile_start(srcs[next], name, arch, flags, &fd[next], &sts[next]);
            if (pid[next] < 0)
                done++;
            else
                running++;
            next++;
        }
        if (!running)
            continue;
        /* whichever child has its result ready first (each writes all of it
         * at the end, so reading it does not wait on the compile) */
        struct pollfd *pf = gm_xcalloc(n + 1, sizeof *pf);
        unsigned *of = gm_xcalloc(n + 1, sizeof *of), np = 0;
        for (unsigned i = 0; i < next; i++)
            if (fd[i] >= 0) {
                pf[np] = (struct pollfd){fd[i], POLLIN, 0};
                of[np++] = i;
            }
        int pr = poll(pf, np, 600 * 1000);
        for (unsigned j = 0; j < np && pr > 0; j++)
            if (pf[j].revents) {
                unsigned i = of[j];
                compile_finish(pid[i], fd[i], name, &out[i], NULL, &sts[i]);
                fd[i] = -1;
                running--;
                done++;
            }
        if (pr == 0) /* no child said a word for ten minutes: finish each in turn (its own timeout) */
            for (unsigned j = 0; j < np; j++) {
                unsigned i = of[j];
                compile_finish(pid[i], fd[i], name, &out[i], NULL, &sts[i]);
                fd[i] = -1;
                running--;
                done++;
            }
        free(pf);
        free(of);
    }
    for (unsigned i = 0; i < n; i++) /* a failure other than the input's wins */
        if (sts[i].code != GM_OK && (rc == GM_OK || rc == GM_EINPUT))
            rc = sts[i].code;
    free(pid);
    free(fd);
    return rc;
}

int jit_worker_run(const jit_binary *bin, const jit_jobs *jobs, const jit_worker_opts *o,
                   jit_device_info *dev, jit_reference *ref, jit_job_result *res, gm_status *st)
{
    unsigned njobs = jobs->njobs;
    for (unsigned i = 0; i < njobs; i++) {
        memset(&res[i], 0, sizeof res[i]);
        res[i].correct = -1;
    }
    worker w = {jobs, res, NULL};
    unsigned next = 0;
    int need_ref = 1;
    jit_retry_lock retry_lk = JIT_RETRY_LOCK_INIT;
    while (next < njobs || need_ref) {
        int rd;
        jit_worker_reap(0);
        int slot = worker_slot();
        holder_worker_starts();
        pid_t pid = spawn(&rd, &w, bin, next, need_ref, o, st);
        gm_timeline("caller", "worker %d forked", (int)pid);
        if (pid < 0) {
            machine_unlock(slot);
            jit_retry_lock_step(&retry_lk, JIT_RETRY_STOP, 0);
            return st->code;
        }
        int ready = 0, cur = -1, ended = 0, killed = 0, retrying = 0, got;
        unsigned start = next;
        msg mg;
        while ((got = recv_msg(rd, &mg, o->timeout_s)) == 1) {
            if (mg.type == MSG_FATAL) {
                gm_status_set(st, &mg.st);
                break;
            }
            if (mg.type == MSG_READY) {
                ready = 1;
                *dev = mg.dev;
                gm_timeline("caller", "worker %d ready", (int)pid);
                holder_release(0); /* the worker has its context */
            } else if (mg.type == MSG_REF) {
                *ref = mg.ref;
                need_ref = 0;
            } else if (mg.type == MSG_START) {
                cur = (int)mg.job;
            } else if (mg.type == MSG_DONE && mg.job < njobs) {
                res[mg.job] = mg.res;
                /* a faulted job that asks to run again (its caller bounds how
                 * often) is the next worker's first */
                retrying = mg.res.state == JIT_JOB_FAULTED && mg.res.retry;
                next = retrying ? mg.job : mg.job + 1;
                cur = -1;
                jit_retry_lock_step(&retry_lk, JIT_RETRY_RESULT, retrying);
            } else if (mg.type == MSG_END) {
                ended = 1;
                next = njobs;
                break; /* its teardown is not waited for */
            }
        }
        if (ended) {
            gm_timeline("caller", "the jobs' end read from worker %d", (int)pid);
            close(rd);
            close(slot); /* not unlocked: the worker's copy holds the slot until it has exited */
            detach(pid);
            break;
        }
        int lk = -1;
        if (got < 0) {
            lk = teardown_lock();
            kill(pid, SIGKILL);
            killed = 1;
        }
        close(rd);
        char how[160];
        describe_exit(pid, killed, how, sizeof how); /* reaped: its context is gone */
        teardown_unlock(lk);
        machine_unlock(slot);
        /* no worker follows one that failed, ended the run or never
         * reached the jobs; else the next one's first job may be a retry */
        int further = got != 1 && !ended && ready && !need_ref;
        jit_retry_lock_step(&retry_lk, further ? JIT_RETRY_NEXT : JIT_RETRY_STOP, retrying);
        if (got == 1 && next == 0) /* MSG_FATAL before any variant ran */
            return st->code == GM_OK ? gm_fail(st, GM_EGPU, "the GPU worker failed") : (int)st->code;
        if (got == 1) { /* a fresh worker could not start: the rest is not run */
            for (unsigned i = next; i < njobs; i++)
                snprintf(res[i].note, sizeof res[i].note, "not run: %s", st->msg);
            gm_status_clear(st);
            break;
        }
        if (ended)
            break;
        if (!ready || need_ref)
            return gm_fail(st, GM_EGPU, "measuring on GPU %d: %s before the first variant", o->device,
                           killed ? "no answer from the GPU" : how);
        if (cur >= 0) {
            jit_job_result *r = &res[cur];
            r->state = killed ? JIT_JOB_HUNG : JIT_JOB_FAULTED;
            snprintf(r->note, sizeof r->note, "%s: %s", killed ? "hung" : "faulted",
                     killed ? "no result within the time limit (--timeout); the worker was killed"
                            : how);
            if (killed) { /* when: a kill mid-kernel is what a lost GPU is checked against */
                char when[16] = "";
                time_t now = time(NULL);
                struct tm tm;
                if (gmtime_r(&now, &tm))
                    strftime(when, sizeof when, "%H:%M:%S", &tm);
                snprintf(r->note + strlen(r->note), sizeof r->note - strlen(r->note), " after %.0f s (%s UTC)",
                         o->timeout_s, when);
            }
            next = (unsigned)cur + 1;
        } else if (next == start && !retrying) { /* died between jobs: never loop on it */
            snprintf(res[next].note, sizeof res[next].note, "faulted: %s", how);
            res[next].state = JIT_JOB_FAULTED;
            next++;
        }
    }
    jit_retry_lock_step(&retry_lk, JIT_RETRY_STOP, 0);
    holder_release(0);
    for (unsigned i = 0; i < njobs; i++)
        if (res[i].state != JIT_JOB_OK || res[i].correct == 0)
            return GM_EPARTIAL;
    return GM_OK;
}

/* Ends a one-question child after its answer was read (`got` as read_all
 * returns it): killed when it said nothing in time; `code` and how it
 * ended when the answer did not arrive whole. */
static int end_child(pid_t pid, int fd, int got, gm_code code, const char *what, gm_status *st)
{
    close(fd);
    if (got < 0)
        kill(pid, SIGKILL);
    char how[160];
    describe_exit(pid, got < 0, how, sizeof how);
    return got == 1 ? GM_OK : gm_fail(st, code, "%s: %s", what, how);
}

int jit_worker_arch_ok(int arch, gm_status *st)
{
    int known = jit_nvrtc_arch_known(arch, st); /* no child, no NVRTC loaded */
    if (known >= 0)
        return known;
    int fd;
    pid_t pid = fork_with_pipe(&fd, st);
    if (pid < 0)
        return st->code;
    if (pid == 0) {
        gm_status cs;
        gm_status_init(&cs);
        jit_nvrtc_arch_ok(arch, &cs);
        write_all(fd, &cs, sizeof cs);
        _exit(0);
    }
    gm_status cs;
    int got = read_all(fd, &cs, sizeof cs, 60);
    if (end_child(pid, fd, got, GM_EENV, "asking NVRTC for its architectures", st) != GM_OK)
        return st->code;
    if (cs.code != GM_OK)
        gm_status_set(st, &cs);
    return cs.code;
}

/* The holder's next word from the caller on socket `hold` before `until`
 * (gm_now_s): 1 a byte (a worker starts), 0 the socket's end (let go), -1
 * none in time. */
static int caller_word(int hold, double until)
{
    for (;;) {
        double left = until - gm_now_s();
        if (left <= 0)
            return -1;
        struct pollfd pf = {hold, POLLIN, 0};
        int pr = poll(&pf, 1, (int)(left * 1000) + 1);
        if (pr < 0 && errno == EINTR)
            continue;
        if (pr <= 0)
            return -1;
        char b;
        ssize_t r = read(hold, &b, 1);
        if (r < 0 && errno == EINTR)
            continue;
        return r == 1 ? 1 : 0;
    }
}

/* The child that asks the driver: one message per GPU (at most max), then
 * one with count == -1.  With hold >= 0 it then holds a context on GPU 0
 * until hold, a pipe's read end, ends (see holder_wr). */
static void devices_child(int fd, int max, int hold)
{
    msg mg;
    memset(&mg, 0, sizeof mg);
    gm_status_init(&mg.st);
    int n = jit_device_count(&mg.st);
    for (int i = 0; i < n && i < max; i++) {
        mg.count = i;
        if (jit_device_query(i, &mg.dev, &mg.st) != GM_OK)
            break;
        send_msg(fd, &mg);
    }
    mg.count = -1;
    if (n == 0)
        gm_fail(&mg.st, GM_EENV, "the CUDA driver sees no GPU");
    send_msg(fd, &mg);
    close(fd);
    gm_timeline("driver's child", "answered: %d GPU(s)", n);
    if (hold >= 0)
        quiet_stdio(); /* it may outlive the caller's exit */
    if (hold < 0 || n <= 0 || mg.st.code != GM_OK)
        _exit(0);
    /* until the caller's word or GM_GPU_HOLD_DEFER_S */
    double until = gm_now_s() + GM_GPU_HOLD_S;
    int word = caller_word(hold, gm_now_s() + GM_GPU_HOLD_DEFER_S);
    if (word == 1) { /* a worker starts: stay, without a context, until let go */
        gm_timeline("driver's child", "a worker starts: no context of its own");
        while (caller_word(hold, until) == 1)
            ;
    }
    if (word >= 0)
        _exit(0);
    /* a context counts against the machine's worker slots like a worker's:
     * held only with a slot that was free (the exit lets it go, after the
     * context) */
    int slot = slot_try();
    const jit_cuda *cu = slot != -1 ? jit_cuda_load(&mg.st) : NULL;
    CUdevice dev;
    CUcontext ctx;
    if (cu && cu->cuDeviceGet(&dev, 0) == CUDA_SUCCESS && cu->cuDevicePrimaryCtxRetain(&ctx, dev) == CUDA_SUCCESS) {
        gm_timeline("driver's child", "holds a context");
        while (caller_word(hold, until) == 1) /* a worker's start changes nothing now */
            ;
        gm_timeline("driver's child", "let go");
        cu->cuDevicePrimaryCtxRelease_v2(dev);
        gm_timeline("driver's child", "context released; exits");
    }
    _exit(0);
}

/* The child jit_worker_devices_start forked, until jit_worker_devices
 * reads it. */
static pid_t devices_pid = -1;
static int devices_fd = -1;

void jit_worker_devices_start(void)
{
    if (devices_pid > 0)
        return;
    gm_status st;
    gm_status_init(&st);
    int fd, rel[2];
    /* a socket, not a pipe: a word to a holder that has exited is no SIGPIPE */
    if (holder_wr >= 0 || socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, rel) != 0)
        rel[0] = rel[1] = -1;
    pid_t pid = fork_with_pipe(&fd, &st);
    if (pid == 0) {
        if (rel[1] >= 0)
            close(rel[1]);
        devices_child(fd, GM_MAX_DEVICES, rel[0]);
    }
    if (rel[0] >= 0)
        close(rel[0]);
    if (pid > 0) {
        devices_pid = pid;
        devices_fd = fd;
    }
    if (pid > 0 && rel[1] >= 0) {
        holder_wr = rel[1];
        holder_pid = pid;
    } else if (rel[1] >= 0) {
        close(rel[1]);
    }
}

int jit_worker_devices(jit_device_info *out, int max, int *count, gm_status *st)
{
    *count = 0;
    int fd;
    pid_t pid;
    if (devices_pid > 0) { /* asked already, while the file was parsed */
        pid = devices_pid;
        fd = devices_fd;
        devices_pid = -1;
        devices_fd = -1;
    } else {
        pid = fork_with_pipe(&fd, st);
        if (pid < 0)
            return st->code;
        if (pid == 0)
            devices_child(fd, max, -1);
    }
    msg mg;
    int got;
    while ((got = recv_msg(fd, &mg, 60)) == 1 && mg.count >= 0)
        if (*count < max)
            out[(*count)++] = mg.dev;
    if (got == 1 && pid == holder_pid) { /* answered; it stays as the holder */
        close(fd);
    } else {
        if (pid == holder_pid) { /* killed below, reaped there */
            close(holder_wr);
            holder_wr = -1;
            holder_pid = -1;
        }
        if (end_child(pid, fd, got, GM_EGPU, "asking the driver for its GPUs", st) != GM_OK)
            return st->code;
    }
    if (mg.st.code != GM_OK || !*count)
        holder_release(1); /* nothing to measure on: no context is held */
    if (mg.st.code != GM_OK) {
        gm_status_set(st, &mg.st);
        return st->code;
    }
    return GM_OK;
}
