#define _GNU_SOURCE /* sched_getaffinity, CPU_COUNT */
#include "check_workers.h"

#include <errno.h>
#include <sched.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "../../common/limits.h"
#include "../../common/strbuf.h"
#include "cli.h"

#if defined(__SANITIZE_ADDRESS__)
#define NO_MEMORY_LIMIT 1 /* the sanitizer reserves terabytes of address space */
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define NO_MEMORY_LIMIT 1
#endif
#endif
#ifndef NO_MEMORY_LIMIT
#define NO_MEMORY_LIMIT 0
#endif

#define RESULT_MAGIC 0x676d6331u /* "gmc1" */

typedef struct {
    uint32_t magic;
    int skipped;
    adv_check_totals totals;
    unsigned nf, nn, ne;
} result_head;

typedef struct {
    pid_t pid;          /* 0: not started; -1: reaped */
    int status;         /* waitpid's */
    int timed_out;      /* killed by the parent after the limit */
    double start;
    FILE *res, *err;    /* what the worker sends: results, and its stderr */
} job;

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

unsigned cli_workers_default(void)
{
    cpu_set_t set; /* the processors this process may run on (taskset, cgroups' cpusets) */
    if (sched_getaffinity(0, sizeof set, &set) == 0 && CPU_COUNT(&set) > 0)
        return (unsigned)CPU_COUNT(&set);
    long n = sysconf(_SC_NPROCESSORS_ONLN);
    return n > 0 ? (unsigned)n : 1;
}

/* GMADVISE_INJECT_CHECK_FAULT=NAME:crash|hang|memory: the worker checking
 * the file called NAME (its last path component) fails so, to test that a
 * failure costs its file alone. */
static void inject_fault(const char *name, int limited)
{
    const char *spec = getenv("GMADVISE_INJECT_CHECK_FAULT"), *colon = spec ? strrchr(spec, ':') : NULL;
    const char *base = strrchr(name, '/') ? strrchr(name, '/') + 1 : name;
    if (!colon || strlen(base) != (size_t)(colon - spec) || strncmp(spec, base, (size_t)(colon - spec)))
        return;
    if (!strcmp(colon + 1, "crash"))
        raise(SIGSEGV);
    else if (!strcmp(colon + 1, "hang"))
        for (;;)
            pause();
    else if (!strcmp(colon + 1, "memory") && !limited) { /* never eat the machine's memory */
        fputs("gmadvise: out of memory (injected: no memory limit in this build)\n", stderr);
        abort();
    } else if (!strcmp(colon + 1, "memory"))
        for (size_t mib = 64;; mib *= 2) /* gm_xmalloc aborts once the limit is reached */
            memset(gm_xmalloc(mib << 20), 1, mib << 20);
}

static unsigned long env_number(const char *name, unsigned long dflt)
{
    const char *v = getenv(name);
    char *end;
    unsigned long n = v && *v ? strtoul(v, &end, 10) : dflt;
    return v && *v && (*end || !n) ? dflt : n;
}

/* The worker: checks file i and writes its results; never returns. */
static void work(const adv_check_opts *o, const char *name, const cli_workers_opts *wo, cli_check_file_fn fn,
                 void *ctx, unsigned i, job *j)
{
    dup2(fileno(j->err), STDERR_FILENO);
    int limited = 0;
    if (wo->memory_mib && !NO_MEMORY_LIMIT) {
        struct rlimit rl = {(rlim_t)wo->memory_mib << 20, (rlim_t)wo->memory_mib << 20};
        limited = setrlimit(RLIMIT_AS, &rl) == 0;
    }
    alarm(wo->timeout_s);
    inject_fault(name, limited);
    adv_check *part = adv_check_create(o);
    result_head h = {RESULT_MAGIC, fn(ctx, i, part), adv_check_get_totals(part), adv_check_count(part),
                     adv_check_note_count(part), adv_check_error_count(part)};
    int ok = fwrite(&h, sizeof h, 1, j->res) == 1;
    for (unsigned k = 0; k < h.nf; k++)
        ok &= fwrite(adv_check_finding(part, k), sizeof(adv_finding), 1, j->res) == 1;
    for (unsigned k = 0; k < h.nn; k++)
        ok &= fwrite(adv_check_note_at(part, k), sizeof(adv_check_note), 1, j->res) == 1;
    for (unsigned k = 0; k < h.ne; k++)
        ok &= fwrite(adv_check_error_at(part, k), sizeof(adv_check_error), 1, j->res) == 1;
    ok &= fflush(j->res) == 0;
    fflush(stderr);
    _exit(ok ? 0 : 1); /* no atexit handlers: they are the parent's */
}

static void start(const adv_check_opts *o, const char *const *names, const cli_workers_opts *wo,
                  cli_check_file_fn fn, void *ctx, unsigned i, job *j)
{
    j->res = tmpfile();
    j->err = tmpfile();
    j->start = now();
    fflush(stdout);
    fflush(stderr);
    j->pid = j->res && j->err ? fork() : -2;
    if (j->pid == 0)
        work(o, names[i], wo, fn, ctx, i, j);
    if (j->pid < 0) /* not started: the error of its file */
        j->status = -1;
}

static const char *signal_name(int sig)
{
    switch (sig) {
    case SIGSEGV: return "SIGSEGV";
    case SIGBUS: return "SIGBUS";
    case SIGABRT: return "SIGABRT";
    case SIGFPE: return "SIGFPE";
    case SIGILL: return "SIGILL";
    case SIGKILL: return "SIGKILL";
    case SIGTERM: return "SIGTERM";
    default: return "a signal";
    }
}

/* Passes the worker's stderr on; sets *oom when it says memory ran out,
 * and *sig to the signal a sanitizer caught (a sanitizer build exits 1 on
 * a crash instead of dying of it). */
static void relay(FILE *err, int *oom, int *sig)
{
    char line[4096];
    *oom = *sig = 0;
    rewind(err);
    while (fgets(line, sizeof line, err)) {
        *oom |= strstr(line, "out of memory") != NULL || strstr(line, "bad_alloc") != NULL;
        const char *san = strstr(line, "ERROR: AddressSanitizer: ");
        if (san && !*sig)
            *sig = strstr(san, "SEGV") ? SIGSEGV : strstr(san, "BUS") ? SIGBUS : strstr(san, "FPE") ? SIGFPE : SIGABRT;
        fputs(line, stderr);
    }
}

static int read_results(adv_check *c, FILE *res, int *skipped)
{
    result_head h;
    rewind(res);
    if (fread(&h, sizeof h, 1, res) != 1 || h.magic != RESULT_MAGIC)
        return 0;
    adv_finding *f = gm_xcalloc(h.nf + 1, sizeof *f);
    adv_check_note *n = gm_xcalloc(h.nn + 1, sizeof *n);
    adv_check_error *e = gm_xcalloc(h.ne + 1, sizeof *e);
    int ok = fread(f, sizeof *f, h.nf, res) == h.nf && fread(n, sizeof *n, h.nn, res) == h.nn &&
             fread(e, sizeof *e, h.ne, res) == h.ne;
    if (ok)
        adv_check_append(c, f, h.nf, n, h.nn, e, h.ne, &h.totals);
    *skipped = h.skipped;
    free(f);
    free(n);
    free(e);
    return ok;
}

/* Merges job i's results into c, or records why there are none. */
static void finish(adv_check *c, const char *name, const cli_workers_opts *wo, job *j)
{
    int oom, sanitized, skipped = 0;
    relay(j->err, &oom, &sanitized);
    gm_status st;
    gm_status_init(&st);
    if (j->status == -1)
        gm_fail_at(&st, GM_EINPUT, name, 0, 0, "no worker could be started to check it: %s", strerror(errno));
    else if (WIFEXITED(j->status) && WEXITSTATUS(j->status) == 0 && read_results(c, j->res, &skipped))
        ; /* checked */
    else if (j->timed_out || (WIFSIGNALED(j->status) && (WTERMSIG(j->status) == SIGALRM ||
                                                         WTERMSIG(j->status) == SIGXCPU)))
        gm_fail_at(&st, GM_EINPUT, name, 0, 0, "not checked: still running after %u s, the limit per file "
                "(GMADVISE_CHECK_TIMEOUT)", wo->timeout_s);
    else if (oom && wo->memory_mib)
        gm_fail_at(&st, GM_EINPUT, name, 0, 0, "not checked: out of memory (the limit per file is %lu MiB, "
                "GMADVISE_CHECK_MEMORY)", wo->memory_mib);
    else if (oom)
        gm_fail_at(&st, GM_EINPUT, name, 0, 0, "not checked: out of memory");
    else if (WIFSIGNALED(j->status) || sanitized)
        gm_fail_at(&st, GM_EINPUT, name, 0, 0, "not checked: gmadvise crashed (%s) on this file; the other "
                "files were checked (please report it)",
                signal_name(sanitized ? sanitized : WTERMSIG(j->status)));
    else
        gm_fail_at(&st, GM_EINPUT, name, 0, 0, "not checked: its worker exited with status %d",
                WIFEXITED(j->status) ? WEXITSTATUS(j->status) : -1);
    if (st.code != GM_OK) {
        cli_print_error("gmadvise check", &st);
        adv_check_file_error(c, name, &st);
    }
    if (j->res)
        fclose(j->res);
    if (j->err)
        fclose(j->err);
    j->res = j->err = NULL;
}

static void progress(int *shown, unsigned done, unsigned n)
{
    fprintf(stderr, "\r\033[Kgmadvise check: %u/%u files", done, n);
    fflush(stderr);
    *shown = 1;
}

static void unshow(int *shown)
{
    if (*shown)
        fputs("\r\033[K", stderr);
    *shown = 0;
}

void cli_check_workers(adv_check *c, const adv_check_opts *o, unsigned n, const char *const *names,
                       const cli_workers_opts *wo_in, cli_check_file_fn fn, void *ctx)
{
    cli_workers_opts wo = *wo_in;
    wo.timeout_s = (unsigned)env_number("GMADVISE_CHECK_TIMEOUT", wo.timeout_s ? wo.timeout_s : GM_CHECK_FILE_TIMEOUT_S);
    wo.memory_mib = NO_MEMORY_LIMIT ? 0 : env_number("GMADVISE_CHECK_MEMORY", wo.memory_mib ? wo.memory_mib
                                                                                           : GM_CHECK_FILE_MEMORY_MIB);
    wo.progress = wo.progress && isatty(STDERR_FILENO);
    job *jobs = gm_xcalloc(n + 1, sizeof *jobs);
    unsigned next = 0, flushed = 0, running = 0, done = 0;
    double t0 = now(), drawn = 0;
    int shown = 0;
    while (flushed < n) {
        while (running < (wo.jobs ? wo.jobs : 1) && next < n) {
            start(o, names, &wo, fn, ctx, next, &jobs[next]);
            running += jobs[next++].pid > 0;
            done += jobs[next - 1].pid <= 0;
        }
        int status;
        pid_t pid = running ? waitpid(-1, &status, WNOHANG) : 0;
        for (unsigned i = flushed; pid > 0 && i < next; i++)
            if (jobs[i].pid == pid) {
                jobs[i].pid = -1;
                jobs[i].status = status;
                running--;
                done++;
            }
        if (running && pid <= 0) {
            double t = now();
            for (unsigned i = flushed; i < next; i++)
                if (jobs[i].pid > 0 && t - jobs[i].start > wo.timeout_s + 2.0 && !jobs[i].timed_out) {
                    jobs[i].timed_out = 1; /* alarm() did not stop it */
                    kill(jobs[i].pid, SIGKILL);
                }
            struct timespec ts = {0, 5000000};
            nanosleep(&ts, NULL);
        }
        int was = shown;
        for (; flushed < next && jobs[flushed].pid <= 0; flushed++) {
            unshow(&shown);
            finish(c, names[flushed], &wo, &jobs[flushed]);
        }
        double t = now();
        if (wo.progress && flushed < n && t - t0 > 1.0 && (t - drawn > 0.1 || was != shown)) {
            progress(&shown, done, n);
            drawn = t;
        }
    }
    unshow(&shown);
    free(jobs);
}
