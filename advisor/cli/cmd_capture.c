/* gmadvise capture [--kernel NAME]... [--launch N] [--max-bytes B] [-o DIR]
 * -- ./app args...: runs the application unchanged with the capture
 * injection library (capture/inject.c) and says what it captured.  The
 * application's stdout and stderr are its own; gmadvise's summary follows
 * on stderr, and the exit status is the application's. */
#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "../../common/json.h"
#include "../../common/limits.h"
#include "../../common/strbuf.h"
#include "cli.h"
#include "commands.h"

static const char usage[] =
    "usage: gmadvise capture [--kernel NAME]... [--launch N] [--max-bytes B] [-o DIR] -- APP [ARGS...]\n"
    "\n"
    "Runs APP unchanged, with gmadvise's CUDA injection library, and records for the\n"
    "N-th launch of each kernel its launch shape, its arguments and every device\n"
    "allocation they point into, copied before and after the launch: DIR/manifest.json\n"
    "and one NumPy .npy file per buffer.  Then `gmadvise APP.cu --inputs DIR` measures\n"
    "each captured kernel's layouts on that data.  APP's output and exit status are\n"
    "its own; what was captured is said on stderr afterwards.\n"
    "\n"
    "options:\n"
    "  --kernel NAME     capture this kernel (its name, qualified name or mangled name;\n"
    "                    repeatable; default: every kernel APP launches)\n"
    "  --launch N        the N-th launch of each (default 1)\n"
    "  --max-bytes B     copy at most B bytes of buffers, before and after counted\n"
    "                    (suffixes K, M, G; default 4G; 0: no cap)\n"
    "  -o DIR            where to write (default " GM_CAPTURE_DIR "); a previous capture\n"
    "                    there is replaced\n"
    "\n"
    "environment: GMADVISE_CAPTURE_LIB (the injection library, default beside gmadvise\n"
    "or in ../lib/gmadvise), GMADVISE_CUPTI (libcupti to load)\n";

enum { O_KERNEL = CLI_OWN, O_LAUNCH, O_MAX_BYTES };

static const struct option own[] = {
    {"kernel", required_argument, NULL, O_KERNEL},
    {"launch", required_argument, NULL, O_LAUNCH},
    {"max-bytes", required_argument, NULL, O_MAX_BYTES},
    {0},
};

static const cli_spec spec = {"gmadvise capture", usage, own, "o:", 0};

typedef struct {
    sb_t kernels;
    unsigned long long launch, max_bytes;
    const char *dir;
} capture_args;

static int option(void *ctx, int id, const char *arg, gm_status *st)
{
    capture_args *a = ctx;
    char *end;
    errno = 0;
    switch (id) {
    case O_KERNEL:
        if (!*arg || strchr(arg, ';'))
            return gm_fail(st, GM_EINPUT, "--kernel '%s': one kernel name per --kernel", arg);
        sb_printf(&a->kernels, "%s%s", a->kernels.len ? ";" : "", arg);
        return GM_OK;
    case O_LAUNCH:
        a->launch = strtoull(arg, &end, 10);
        if (*end || end == arg || *arg == '-' || errno || a->launch == 0)
            return gm_fail(st, GM_EINPUT, "--launch %s: expected a launch number from 1", arg);
        return GM_OK;
    case O_MAX_BYTES: {
        double v = strtod(arg, &end);
        double mul = *end == 'K' || *end == 'k' ? 1024.0 : *end == 'M' || *end == 'm' ? 1048576.0
                   : *end == 'G' || *end == 'g' ? 1073741824.0 : 1.0;
        if (mul > 1)
            end++;
        if (*end || end == arg || !(v >= 0) || v * mul > 1.8e19)
            return gm_fail(st, GM_EINPUT, "--max-bytes %s: expected a byte count (suffix K, M or G)", arg);
        a->max_bytes = (unsigned long long)(v * mul);
        return GM_OK;
    }
    case 'o':
        a->dir = arg;
        return GM_OK;
    }
    return GM_OK;
}

/* The injection library: GMADVISE_CAPTURE_LIB, else beside the binary
 * (the build folder), else ../lib/gmadvise (installed). */
static int find_library(char *out, size_t n, gm_status *st)
{
    const char *env = getenv("GMADVISE_CAPTURE_LIB");
    if (env && *env) {
        if (access(env, R_OK) != 0)
            return gm_fail(st, GM_EENV, "GMADVISE_CAPTURE_LIB=%s: %s", env, strerror(errno));
        snprintf(out, n, "%s", env);
        return GM_OK;
    }
    char self[PATH_MAX];
    ssize_t len = readlink("/proc/self/exe", self, sizeof self - 1);
    if (len > 0) {
        self[len] = 0;
        char *slash = strrchr(self, '/');
        if (slash)
            *slash = 0;
        const char *tries[] = {"%s/libgmcapture.so", "%s/../lib/gmadvise/libgmcapture.so"};
        for (size_t i = 0; i < 2; i++) {
            snprintf(out, n, tries[i], self);
            if (access(out, R_OK) == 0)
                return GM_OK;
        }
    }
    return gm_fail(st, GM_EENV, "the capture library libgmcapture.so is neither beside gmadvise nor in "
                   "../lib/gmadvise (gmadvise was built without CUPTI's headers?); set GMADVISE_CAPTURE_LIB");
}

/* An empty folder for the capture: made, or a previous capture's files
 * removed.  A folder with other files is refused, to delete nothing of
 * the user's. */
static int prepare_dir(const char *dir, gm_status *st)
{
    if (mkdir(dir, 0777) == 0)
        return GM_OK;
    if (errno != EEXIST)
        return gm_fail(st, GM_EINPUT, "-o %s: %s", dir, strerror(errno));
    DIR *d = opendir(dir);
    if (!d)
        return gm_fail(st, GM_EINPUT, "-o %s: %s", dir, strerror(errno));
    struct dirent *e;
    int ours = 1, any = 0, manifest = 0;
    while ((e = readdir(d)) != NULL) {
        const char *nm = e->d_name;
        if (!strcmp(nm, ".") || !strcmp(nm, ".."))
            continue;
        any = 1;
        size_t l = strlen(nm);
        int npy = nm[0] == 'c' && l > 4 && !strcmp(nm + l - 4, ".npy");
        manifest |= !strcmp(nm, "manifest.json");
        if (!npy && strcmp(nm, "manifest.json") && strcmp(nm, "capture.log") && strcmp(nm, ".manifest.json.tmp"))
            ours = 0;
    }
    if (any && (!ours || !manifest)) {
        closedir(d);
        return gm_fail(st, GM_EINPUT, "-o %s: the folder holds files that are not a capture's; give an empty or "
                       "new folder", dir);
    }
    rewinddir(d);
    while ((e = readdir(d)) != NULL) {
        if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, ".."))
            continue;
        char path[8192];
        snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
        unlink(path);
    }
    closedir(d);
    return GM_OK;
}

/* What the library wrote, said in notes (gm_log). */
static void summary(const char *dir, int app_status)
{
    char path[8192];
    snprintf(path, sizeof path, "%s/manifest.json", dir);
    gm_status st;
    gm_status_init(&st);
    adv_jval *doc = adv_json_read_file(path, "capture manifest", &st);
    if (!doc) {
        gm_log(GM_LOG_NOTE, "nothing captured: %s (the application made no CUDA call, or the "
                "driver did not load the injection library)", st.msg);
        return;
    }
    const adv_jval *caps = adv_json_member(doc, "captures"), *notes = adv_json_member(doc, "notes");
    const adv_jval *fin = adv_json_member(doc, "finished"), *bytes = adv_json_member(doc, "bytes");
    unsigned n = caps && caps->type == ADV_J_ARR ? caps->nkids : 0, complete = 0;
    for (unsigned i = 0; i < n; i++) {
        const adv_jval *c = &caps->kids[i], *ok = adv_json_member(c, "complete");
        const adv_jval *g = adv_json_member(c, "grid"), *b = adv_json_member(c, "block"), *l = adv_json_member(c, "launch");
        const adv_jval *bufs = adv_json_member(c, "buffers");
        int good = ok && ok->type == ADV_J_BOOL && ok->num != 0;
        complete += good;
        char shape[128] = "";
        if (g && b && g->type == ADV_J_ARR && b->type == ADV_J_ARR && g->nkids == 3 && b->nkids == 3)
            snprintf(shape, sizeof shape, "<<<(%.0f,%.0f,%.0f),(%.0f,%.0f,%.0f)>>>", g->kids[0].num, g->kids[1].num,
                     g->kids[2].num, b->kids[0].num, b->kids[1].num, b->kids[2].num);
        gm_log(GM_LOG_NOTE, "%s launch %.0f %s, %u buffer%s%s%s",
                adv_json_member_str(c, "kernel"), l ? l->num : 0, shape,
                bufs && bufs->type == ADV_J_ARR ? bufs->nkids : 0,
                bufs && bufs->type == ADV_J_ARR && bufs->nkids == 1 ? "" : "s", good ? "" : ": incomplete, ",
                good ? "" : adv_json_member_str(c, "why_incomplete"));
    }
    for (unsigned i = 0; notes && notes->type == ADV_J_ARR && i < notes->nkids; i++)
        if (notes->kids[i].type == ADV_J_STR)
            gm_log(GM_LOG_NOTE, "note: %s", notes->kids[i].str);
    if (!(fin && fin->type == ADV_J_BOOL && fin->num))
        gm_log(GM_LOG_NOTE, "the application did not end normally (status %d): the capture holds "
                "what was written until then", app_status);
    gm_log(GM_LOG_NOTE, "%u of %u capture%s complete, %.1f MB in %s", complete, n, n == 1 ? "" : "s",
            bytes && bytes->type == ADV_J_NUM ? bytes->num / 1e6 : 0.0, dir);
    adv_json_free(doc);
}

int gm_cmd_capture(int argc, char **argv, gm_status *st)
{
    /* everything after `--` is the application's */
    int dash = 1;
    while (dash < argc && strcmp(argv[dash], "--"))
        dash++;
    capture_args a = {.launch = 1, .max_bytes = GM_CAPTURE_MAX_BYTES, .dir = GM_CAPTURE_DIR};
    sb_init(&a.kernels);
    cli_common c;
    int rc = cli_parse(&spec, dash, argv, &c, option, &a, st);
    if (rc == GM_OK && !c.done && c.noperands)
        rc = gm_fail(st, GM_EINPUT, "'%s': the application goes after '--' (gmadvise capture -- ./app args)",
                     c.operands[0]);
    if (rc == GM_OK && !c.done && dash + 1 >= argc)
        rc = gm_fail(st, GM_EINPUT, "no application given (usage: gmadvise capture [options] -- ./app args...)");
    char lib[PATH_MAX + 64];
    if (rc == GM_OK && !c.done)
        rc = find_library(lib, sizeof lib, st);
    char absdir[PATH_MAX];
    if (rc == GM_OK && !c.done && (rc = prepare_dir(a.dir, st)) == GM_OK && !realpath(a.dir, absdir))
        rc = gm_fail(st, GM_EINPUT, "-o %s: %s", a.dir, strerror(errno));
    if (rc != GM_OK || c.done) {
        sb_free(&a.kernels);
        cli_common_free(&c);
        return rc;
    }
    char num[32];
    setenv("CUDA_INJECTION64_PATH", lib, 1);
    setenv("GMADVISE_CAPTURE_DIR", absdir, 1);
    setenv("GMADVISE_CAPTURE_KERNELS", a.kernels.s, 1);
    snprintf(num, sizeof num, "%llu", a.launch);
    setenv("GMADVISE_CAPTURE_LAUNCH", num, 1);
    snprintf(num, sizeof num, "%llu", a.max_bytes);
    setenv("GMADVISE_CAPTURE_MAX_BYTES", num, 1);
    fflush(NULL);
    pid_t pid = fork();
    if (pid < 0) {
        rc = gm_fail(st, GM_EENV, "fork: %s", strerror(errno));
    } else if (pid == 0) {
        execvp(argv[dash + 1], argv + dash + 1);
        gm_log(GM_LOG_WARNING, "cannot run %s: %s", argv[dash + 1], strerror(errno));
        _exit(127);
    }
    int status = 0;
    if (pid > 0) {
        /* the application gets the terminal's signals; gmadvise waits for it */
        signal(SIGINT, SIG_IGN);
        signal(SIGQUIT, SIG_IGN);
        while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
            ;
        signal(SIGINT, SIG_DFL);
        signal(SIGQUIT, SIG_DFL);
        int code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
        summary(a.dir, code);
        rc = code; /* the application's status, unchanged */
    }
    sb_free(&a.kernels);
    cli_common_free(&c);
    return rc;
}
