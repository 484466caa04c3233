#define _GNU_SOURCE /* mkdtemp */
#include "batch.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include "../common/hash.h"
#include "../common/limits.h"
#include "../common/strbuf.h"
#include "nvrtc.h"
#include "worker.h"

typedef struct {
    char key[33];
    int rc;
    gm_status st;
    char *log;
} answer;

struct jit_batch {
    int arch, flags;
    char *prefix; /* what the batch's process precompiles; NULL: no process */
    size_t prefix_len;
    pid_t pid;
    int fd;       /* the socket to that process; -1: none */
    int pch;      /* what the process said of the PCH: 1 made, 0 the prefix does not compile
                   * alone, 2 not made otherwise; -1 not yet */
    int stops;    /* the prefix alone stops NVRTC: 1, 0, -1 not known */
    int checking; /* compiling the prefix alone (stopped_by_prefix) */
    answer *a;
    unsigned na;
    jit_batch_stats s;
};

/* One program asked of the batch's process, then its src and name. */
typedef struct {
    size_t src_len, name_len;
} request;

/* Its answer, then the log. */
typedef struct {
    gm_status st;
    int pch; /* compiled reading the PCH */
    size_t log_len;
} reply;

static int send_all(int fd, const void *buf, size_t n)
{
    const char *p = buf;
    while (n) {
        ssize_t w = send(fd, p, n, MSG_NOSIGNAL);
        if (w < 0 && errno == EINTR)
            continue;
        if (w <= 0)
            return -1;
        p += w;
        n -= (size_t)w;
    }
    return 0;
}

/* n bytes, waiting at most timeout_s for each read (< 0: for ever);
 * -1 on a timeout, an error or the end of the stream. */
static int recv_all(int fd, void *buf, size_t n, int timeout_s)
{
    char *p = buf;
    while (n) {
        struct pollfd pf = {fd, POLLIN, 0};
        int pr = poll(&pf, 1, timeout_s < 0 ? -1 : timeout_s * 1000);
        if (pr < 0 && errno == EINTR)
            continue;
        if (pr <= 0)
            return -1;
        ssize_t r = read(fd, p, n);
        if (r < 0 && errno == EINTR)
            continue;
        if (r <= 0)
            return -1;
        p += r;
        n -= (size_t)r;
    }
    return 0;
}

/* One program compiled in a child of the batch's process (what NVRTC
 * does to a process stays there), its reply written to fd. */
static void compile_one(const jit_batch *b, const char *pch, const char *src, const char *name, int fd)
{
    reply r;
    memset(&r, 0, sizeof r);
    gm_status_init(&r.st);
    jit_binary bin;
    char *log = NULL;
    r.pch = pch && !strncmp(src, b->prefix, b->prefix_len);
    if (r.pch)
        jit_compile_pch(src, b->prefix_len, pch, name, b->arch, b->flags, &bin, &log, &r.st);
    else
        jit_compile(src, name, b->arch, b->flags, &bin, &log, &r.st);
    jit_binary_free(&bin);
    r.log_len = log ? strlen(log) : 0;
    if (send_all(fd, &r, sizeof r) == 0 && r.log_len)
        send_all(fd, log, r.log_len);
    free(log);
}

/* The batch's process: precompiles the prefix into a file it keeps open
 * and unlinks at once (nothing is left behind however it ends; its
 * children read it through /proc/self/fd), then compiles each program
 * asked in a child of its own, until the socket closes. */
static void serve(const jit_batch *b, int fd)
{
    prctl(PR_SET_PDEATHSIG, SIGKILL);
    const char *tmp = getenv("TMPDIR");
    char dir[1024], path[1100], pch[64] = "";
    int made = 2;
    snprintf(dir, sizeof dir, "%s/gmadvise-pch-XXXXXX", tmp && *tmp ? tmp : "/tmp");
    if (mkdtemp(dir)) {
        snprintf(path, sizeof path, "%s/prefix.pch", dir);
        gm_status st;
        gm_status_init(&st);
        int rc = jit_pch_create(b->prefix, b->prefix_len, b->arch, b->flags, path, &st);
        int pfd = rc == GM_OK ? open(path, O_RDONLY) : -1;
        made = pfd >= 0 ? 1 : rc == GM_EINPUT ? 0 : 2;
        unlink(path);
        rmdir(dir);
        if (pfd >= 0)
            snprintf(pch, sizeof pch, "/proc/self/fd/%d", pfd);
    }
    send_all(fd, &made, sizeof made);
    for (;;) {
        request q;
        if (recv_all(fd, &q, sizeof q, -1) != 0)
            _exit(0);
        char *src = gm_xmalloc(q.src_len + 1), *name = gm_xmalloc(q.name_len + 1);
        if (recv_all(fd, src, q.src_len, GM_COMPILE_SILENT_S) != 0 ||
            recv_all(fd, name, q.name_len, GM_COMPILE_SILENT_S) != 0)
            _exit(0);
        src[q.src_len] = name[q.name_len] = '\0';
        pid_t c = fork();
        if (c == 0) {
            prctl(PR_SET_PDEATHSIG, SIGKILL);
            compile_one(b, pch[0] ? pch : NULL, src, name, fd);
            _exit(0);
        }
        int status = 0;
        while (c > 0 && waitpid(c, &status, 0) < 0 && errno == EINTR)
            ;
        if (c < 0 || !WIFEXITED(status) || WEXITSTATUS(status)) { /* no reply came: say why */
            reply r;
            memset(&r, 0, sizeof r);
            gm_status_init(&r.st);
            if (c < 0)
                gm_fail(&r.st, GM_EENV, "compiling %s: fork: %s", name, strerror(errno));
            else if (WIFSIGNALED(status))
                gm_fail(&r.st, GM_EENV, "compiling %s: NVRTC's process ended by signal %d", name, WTERMSIG(status));
            else
                gm_fail(&r.st, GM_EENV, "compiling %s: NVRTC's process exited %d", name, WEXITSTATUS(status));
            send_all(fd, &r, sizeof r);
        }
        free(src);
        free(name);
    }
}

jit_batch *jit_batch_start(const char *example, int arch, int flags)
{
    jit_batch *b = gm_xcalloc(1, sizeof *b);
    b->arch = arch;
    b->flags = flags & ~JIT_USE_CACHE;
    b->pid = -1;
    b->fd = -1;
    const char *env = getenv("GMADVISE_COMPILE_PCH"); /* 0: each program compiled whole */
    size_t n = example ? jit_pch_prefix_len(example) : 0;
    int sv[2];
    if (!n || (env && !strcmp(env, "0")) || socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, sv) != 0)
        return b;
    b->prefix = gm_xmalloc(n + 1);
    memcpy(b->prefix, example, n);
    b->prefix[n] = '\0';
    b->prefix_len = n;
    fflush(stdout);
    fflush(stderr);
    pid_t pid = fork();
    if (pid == 0) {
        close(sv[0]);
        serve(b, sv[1]);
        _exit(0);
    }
    close(sv[1]);
    if (pid < 0) {
        close(sv[0]);
        return b;
    }
    b->pid = pid;
    b->fd = sv[0];
    b->pch = -1;
    b->stops = -1;
    return b;
}

/* Ends the batch's process (its children die with it). */
static void stop_process(jit_batch *b)
{
    if (b->fd >= 0)
        close(b->fd);
    if (b->pid > 0) {
        kill(b->pid, SIGKILL);
        while (waitpid(b->pid, NULL, 0) < 0 && errno == EINTR)
            ;
    }
    b->fd = -1;
    b->pid = -1;
}

/* src compiled by the batch's process: GM_OK, GM_EINPUT or another code
 * as jit_worker_compile says; -1 when the process did not answer (it is
 * then ended, and the caller compiles without it). */
static int ask(jit_batch *b, const char *src, const char *name, char **log, gm_status *st)
{
    request q = {strlen(src), strlen(name)};
    reply r;
    if ((b->pch < 0 && recv_all(b->fd, &b->pch, sizeof b->pch, GM_COMPILE_SILENT_S) != 0) || send_all(b->fd, &q, sizeof q) != 0 || send_all(b->fd, src, q.src_len) != 0 ||
        send_all(b->fd, name, q.name_len) != 0 || recv_all(b->fd, &r, sizeof r, GM_COMPILE_SILENT_S) != 0) {
        stop_process(b);
        return -1;
    }
    char *lg = gm_xmalloc(r.log_len + 1);
    if (recv_all(b->fd, lg, r.log_len, GM_COMPILE_SILENT_S) != 0) {
        free(lg);
        stop_process(b);
        return -1;
    }
    lg[r.log_len] = '\0';
    if (r.log_len)
        *log = lg;
    else
        free(lg);
    b->s.with_pch += r.pch != 0;
    if (r.st.code != GM_OK)
        gm_status_set(st, &r.st);
    return r.st.code;
}

/* When the PCH could not be made because the prefix stops NVRTC (a
 * catastrophic error: a header it cannot open), every program that begins
 * with it stops there with the same messages: src is answered by the
 * prefix alone compiled under src's name (once per name), GM_EINPUT.
 * -1 otherwise. */
static int stopped_by_prefix(jit_batch *b, const char *src, const char *name, char **log, gm_status *st)
{
    if (b->checking || b->pch != 0 || !b->stops || b->fd < 0 || strncmp(src, b->prefix, b->prefix_len) ||
        !src[b->prefix_len])
        return -1;
    char *plog = NULL;
    gm_status pst;
    gm_status_init(&pst);
    jit_batch_stats keep = b->s; /* the caller did not ask: only its NVRTC compile counts */
    b->checking = 1;
    int rc = jit_batch_compile(b, b->prefix, name, &plog, &pst);
    b->checking = 0;
    keep.nvrtc = b->s.nvrtc;
    b->s = keep;
    b->stops = rc == GM_EINPUT && plog && strstr(plog, "catastrophic error") &&
               strstr(plog, "Compilation terminated.");
    if (b->stops) {
        *log = plog;
        gm_status_set(st, &pst);
        return GM_EINPUT;
    }
    free(plog);
    return -1;
}

int jit_batch_compile(jit_batch *b, const char *src, const char *name, char **log, gm_status *st)
{
    *log = NULL;
    b->s.asked++;
    gm_hash h;
    gm_hash_init(&h);
    gm_hash_update(&h, name, strlen(name) + 1);
    gm_hash_update(&h, src, strlen(src));
    char key[33];
    gm_hash_hex(&h, key);
    for (unsigned i = 0; i < b->na; i++)
        if (!strcmp(b->a[i].key, key)) {
            b->s.again++;
            *log = b->a[i].log ? gm_xstrdup(b->a[i].log) : NULL;
            if (b->a[i].rc != GM_OK)
                gm_status_set(st, &b->a[i].st);
            return b->a[i].rc;
        }
    int rc = stopped_by_prefix(b, src, name, log, st);
    if (rc == GM_EINPUT) {
        b->s.by_prefix++;
        goto keep;
    }
    b->s.nvrtc++;
    if (b->fd >= 0)
        rc = ask(b, src, name, log, st);
    if (rc == -1) {
        jit_binary bin;
        rc = jit_worker_compile(src, name, b->arch, b->flags, &bin, log, st);
        jit_binary_free(&bin);
    }
keep:
    if (rc == GM_OK || rc == GM_EINPUT) { /* the same program gets the same answer */
        b->a = gm_xrealloc(b->a, (b->na + 1) * sizeof *b->a);
        answer *a = &b->a[b->na++];
        snprintf(a->key, sizeof a->key, "%s", key);
        a->rc = rc;
        gm_status_init(&a->st);
        if (rc != GM_OK)
            gm_status_set(&a->st, st);
        a->log = *log ? gm_xstrdup(*log) : NULL;
    }
    return rc;
}

jit_batch_stats jit_batch_stats_of(const jit_batch *b)
{
    jit_batch_stats s = b->s;
    s.prefix_len = s.with_pch ? b->prefix_len : 0;
    return s;
}

void jit_batch_stop(jit_batch *b)
{
    if (!b)
        return;
    stop_process(b);
    for (unsigned i = 0; i < b->na; i++)
        free(b->a[i].log);
    free(b->a);
    free(b->prefix);
    free(b);
}
