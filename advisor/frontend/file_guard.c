/* What libclang may read while gmadvise parses, judged on the file it
 * actually opens, and the stack it parses on.
 *
 * An #include is resolved by clang after macro expansion, through
 * #include_next, digraphs (%:include), -include and the search path: no
 * reading of the text sees every spelling.  So the guard sits where every
 * spelling ends, at open(): libclang (loaded with dlopen) calls the C
 * library's open(), and the executable's own definition below comes first
 * in symbol lookup (the link exports it: CMakeLists.txt).  While a parse is
 * under way on this thread, a path that is not a regular file or a folder
 * (a FIFO would block open() forever, /dev/zero would be read without end)
 * or a file over GM_MAX_FILE_BYTES is refused (ENOENT): clang
 * then reports the #include as not found, and the parser replaces that
 * error with fe_guard_refused's reason.  Every other open() (and every
 * other thread) goes straight to the kernel. */
#define _GNU_SOURCE
#include "frontend.h"

#include <fcntl.h>
#include <pthread.h>
#include <stdarg.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

static __thread int guard_on;
static __thread char refused[1024]; /* the first path refused, and why */

static int refuse(const char *path)
{
    struct stat sb;
    if (stat(path, &sb) != 0 || S_ISDIR(sb.st_mode))
        return 0; /* absent (clang goes on searching) or a folder (clang lists it) */
    const char *why = NULL;
    char size[96];
    if (!S_ISREG(sb.st_mode))
        why = "not a regular file (a pipe or a device?): refused, as reading it might never end";
    else if ((unsigned long long)sb.st_size > GM_MAX_FILE_BYTES &&
             !(strlen(path) > 4 && !strcmp(path + strlen(path) - 4, ".pch"))) { /* gmadvise's own prelude */
        snprintf(size, sizeof size, "%lld bytes; gmadvise reads at most " GM_STR(GM_MAX_FILE_BYTES) " a file",
                 (long long)sb.st_size);
        why = size;
    }
    if (why && !refused[0])
        snprintf(refused, sizeof refused, "'%s' is %s", path, why);
    return why != NULL;
}

static int guarded_open(const char *path, int flags, mode_t mode)
{
    if (guard_on && path && !(flags & (O_WRONLY | O_RDWR | O_CREAT)) && refuse(path)) {
        errno = ENOENT;
        return -1;
    }
    return (int)syscall(SYS_openat, AT_FDCWD, path, flags, mode);
}

/* The C library's open() and open64(), interposed (see the top): one
 * function under both names (on 64-bit Linux they are the same call). */
int open(const char *path, int flags, ...)
{
    mode_t mode = 0;
    if (flags & (O_CREAT | O_TMPFILE)) {
        va_list ap;
        va_start(ap, flags);
        mode = (mode_t)va_arg(ap, int);
        va_end(ap);
    }
    return guarded_open(path, flags, mode);
}

int open64(const char *path, int flags, ...) __attribute__((alias("open")));

void fe_guard_begin(void)
{
    guard_on = 1;
    refused[0] = '\0';
}

void fe_guard_end(void)
{
    guard_on = 0;
}

const char *fe_guard_refused(void)
{
    return refused[0] ? refused : NULL;
}

/* ---- the parser's stack ---------------------------------------------- */

typedef struct {
    void (*fn)(void *);
    void *arg;
} job;

static void *run_job(void *p)
{
    job *j = p;
    j->fn(j->arg);
    return NULL;
}

void fe_run_on_parse_stack(void (*fn)(void *), void *arg)
{
    /* libclang parses on a thread of its own with 8 MiB of stack, where a
     * deep expression overflows it: it parses on this one instead */
    setenv("LIBCLANG_NOTHREADS", "1", 1);
    job j = {fn, arg};
    pthread_attr_t at;
    pthread_t t;
    if (pthread_attr_init(&at) == 0) {
        int ok = pthread_attr_setstacksize(&at, GM_PARSE_STACK_BYTES) == 0 &&
                 pthread_create(&t, &at, run_job, &j) == 0;
        pthread_attr_destroy(&at);
        if (ok) {
            pthread_join(t, NULL);
            return;
        }
    }
    fn(arg); /* no thread to be had: the caller's stack */
}
