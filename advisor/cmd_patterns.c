/* gmadvise patterns [--csv FILE] [--plot FILE.svg|.png] [--device N|all]
 *                   [--from FILE.csv]
 *
 * The seeds' experiments on the present GPU, timed by the same method as
 * the variants: offset copies (offsets 0..32 floats), stride copies
 * (strides 1..32), the hyPACK six access patterns and cudaMemcpy,
 * innerStruct vs innerArray, and float3 vs __align__(16) float3 vs float4.
 *
 * "effective" GB/s counts the bytes the kernel asks for; "actual" counts
 * the 32-byte sectors DRAM must move for them, from the same index
 * arithmetic mirrored here (distinct sectors over a window of warps).  A
 * stride-8 copy is 1/8 effective for the same actual traffic. */
#include <errno.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "../common/strbuf.h"
#include "../jit/runner.h"
#include "../jit/worker.h"
#include "cli.h"
#include "coalesce.h"
#include "commands.h"

extern char **environ;

typedef struct {
    char group[16];     /* offset, stride, hypack, inner, float3 */
    char name[48];
    int param;          /* offset or stride; 0 elsewhere */
    double ms, spread;
    int samples;
    double eff_gbps, act_gbps, pct;
} pat_row;

typedef struct {
    pat_row *r;
    unsigned n;
    char device[256];
    double memcpy_gbps;
} pat_table;

/* ---- the model of each experiment --------------------------------------- */

/* Element thread g moves in one access, or -1 where it is idle. */
typedef long long (*idx_fn)(long long g, long long p);

static long long idx_plus(long long g, long long p) { return g + p; }
static long long idx_times(long long g, long long p) { return g * p; }
static long long idx_divergent(long long g, long long p) { return g % 8 ? g : -1; }
static long long idx_noncontig(long long g, long long p) { return g > 3 ? g + 1 : g; }
static long long idx_nonseq(long long g, long long p)
{
    return g % 16 == 3 ? g + 1 : g % 16 == 4 ? g - 1 : g;
}

typedef struct {
    idx_fn idx;
    long long p;
    unsigned elem;   /* bytes between elements */
    unsigned off;    /* of the bytes moved, within the element */
    unsigned size;   /* bytes moved per thread */
} pat_access;

/* DRAM bytes one access moves per thread: the distinct sectors a window of
 * warps touches, over the threads in it. */
static double sector_bytes_per_thread(const pat_access *a)
{
    enum { WINDOW = ADV_MODEL_WARPS * ADV_WARP_SIZE };
    long long *sec = gm_xmalloc(sizeof *sec * WINDOW * 2);
    unsigned n = 0;
    for (long long g = 0; g < WINDOW; g++) {
        long long e = a->idx(g, a->p);
        if (e < 0)
            continue;
        long long lo = e * a->elem + a->off, hi = lo + a->size - 1;
        for (long long s = lo / ADV_SECTOR_BYTES; s <= hi / ADV_SECTOR_BYTES; s++)
            sec[n++] = s;
    }
    size_t distinct = adv_count_distinct(sec, n);
    free(sec);
    return (double)distinct * ADV_SECTOR_BYTES / WINDOW;
}

/* ---- running the experiments ------------------------------------------- */

typedef struct {
    jit_runner *r;
    unsigned long long in, out; /* each `bytes` long, 256-aligned */
    long long n;                /* floats per array in the float experiments */
    pat_table *t;
    gm_status *st;
} pat_run;

static pat_row *push_row(pat_table *t, const char *group, const char *name, int param)
{
    t->r = gm_xrealloc(t->r, (t->n + 1) * sizeof *t->r);
    pat_row *r = &t->r[t->n++];
    memset(r, 0, sizeof *r);
    snprintf(r->group, sizeof r->group, "%s", group);
    snprintf(r->name, sizeof r->name, "%s", name);
    r->param = param;
    return r;
}

static void fill_row(pat_run *pr, pat_row *row, const jit_timing *t, double eff_bytes,
                     const pat_access *acc, unsigned nacc, long long threads)
{
    double act = 0;
    for (unsigned i = 0; i < nacc; i++)
        act += sector_bytes_per_thread(&acc[i]) * (double)threads;
    row->ms = t->median_ms;
    row->spread = t->spread_pct;
    row->samples = t->samples;
    row->eff_gbps = eff_bytes / (t->median_ms * 1e-3) / 1e9;
    row->act_gbps = act / (t->median_ms * 1e-3) / 1e9;
    row->pct = pr->t->memcpy_gbps > 0 ? 100 * row->eff_gbps / pr->t->memcpy_gbps : 0;
}

/* One float per thread read at idx and written at idx: out[i] = in[i]. */
static int float_copy(pat_run *pr, const char *group, const char *name, int param, const char *fn,
                      long long threads, long long count, int extra, idx_fn idx, long long p,
                      double active)
{
    void *args[4] = {&pr->out, &pr->in, &count, &extra};
    jit_timing t;
    if (jit_runner_time(pr->r, fn, threads, args, &t, pr->st) != GM_OK)
        return pr->st->code;
    pat_access acc[2] = {{idx, p, 4, 0, 4}, {idx, p, 4, 0, 4}};
    fill_row(pr, push_row(pr->t, group, name, param), &t, 8.0 * (double)threads * active, acc, 2,
             threads);
    return GM_OK;
}

static int offsets_and_strides(pat_run *pr)
{
    char name[48];
    for (int o = 0; o <= 32; o++) {
        snprintf(name, sizeof name, "offset %d", o);
        if (float_copy(pr, "offset", name, o, "gm_ref_offset_copy", pr->n, pr->n + o, o, idx_plus, o, 1))
            return pr->st->code;
    }
    for (int s = 1; s <= 32; s++) {
        snprintf(name, sizeof name, "stride %d", s);
        if (float_copy(pr, "stride", name, s, "gm_ref_stride_copy", pr->n / s, pr->n, s, idx_times, s, 1))
            return pr->st->code;
    }
    return GM_OK;
}

static int hypack(pat_run *pr)
{
    long long n = pr->n;
    if (float_copy(pr, "hypack", "1 coalesced", 0, "gm_ref_offset_copy", n, n, 0, idx_plus, 0, 1) ||
        float_copy(pr, "hypack", "2 coalesced (divergent warp)", 0, "gm_pat_divergent", n, n, 0,
                   idx_divergent, 0, 7.0 / 8) ||
        float_copy(pr, "hypack", "3 non-sequential", 0, "gm_pat_nonseq", n, n, 0, idx_nonseq, 0, 1) ||
        float_copy(pr, "hypack", "4 misaligned start", 0, "gm_ref_offset_copy", n, n + 1, 1, idx_plus, 1, 1) ||
        float_copy(pr, "hypack", "5 non-contiguous", 0, "gm_pat_noncontig", n, n, 0, idx_noncontig, 0, 1))
        return pr->st->code;
    /* 6: a float3's .x read, a float written */
    void *args[3] = {&pr->out, &pr->in, &n};
    jit_timing t;
    if (jit_runner_time(pr->r, "gm_pat_float3_x", n, args, &t, pr->st) != GM_OK)
        return pr->st->code;
    pat_access x3[2] = {{idx_plus, 0, 12, 0, 4}, {idx_plus, 0, 4, 0, 4}};
    fill_row(pr, push_row(pr->t, "hypack", "6 float3 .x", 0), &t, 8.0 * n, x3, 2, n);
    if (jit_runner_time_memcpy(pr->r, pr->out, pr->in, (size_t)n * 4, &t, pr->st) != GM_OK)
        return pr->st->code;
    pat_access cp[2] = {{idx_plus, 0, 4, 0, 4}, {idx_plus, 0, 4, 0, 4}};
    fill_row(pr, push_row(pr->t, "hypack", "7 cudaMemcpy D2D", 0), &t, 8.0 * n, cp, 2, n);
    return GM_OK;
}

/* A kernel over n elements of `elem` bytes that asks for `asked` bytes and
 * moves its whole element in and out. */
static int element_copy(pat_run *pr, const char *group, const char *name, const char *fn,
                        unsigned elem, double asked)
{
    long long n = pr->n;
    void *args[3] = {&pr->out, &pr->in, &n};
    jit_timing t;
    if (jit_runner_time(pr->r, fn, n, args, &t, pr->st) != GM_OK)
        return pr->st->code;
    pat_access acc[2] = {{idx_plus, 0, elem, 0, elem}, {idx_plus, 0, elem, 0, elem}};
    fill_row(pr, push_row(pr->t, group, name, 0), &t, asked * n, acc, 2, n);
    return GM_OK;
}

static int structs_and_vectors(pat_run *pr)
{
    long long n = pr->n;
    if (element_copy(pr, "inner", "innerStruct (AoS of x and y)", "gm_pat_inner_struct", 8, 16))
        return pr->st->code;
    /* innerArray: x and y in two arrays each side, 256-aligned */
    unsigned long long half = ((unsigned long long)n * 4 + 255) / 256 * 256;
    unsigned long long ox = pr->out, oy = pr->out + half, ix = pr->in, iy = pr->in + half;
    void *args[5] = {&ox, &oy, &ix, &iy, &n};
    jit_timing t;
    if (jit_runner_time(pr->r, "gm_pat_inner_array", n, args, &t, pr->st) != GM_OK)
        return pr->st->code;
    pat_access arr[4] = {{idx_plus, 0, 4, 0, 4}, {idx_plus, 0, 4, 0, 4}, {idx_plus, 0, 4, 0, 4},
                         {idx_plus, 0, 4, 0, 4}};
    fill_row(pr, push_row(pr->t, "inner", "innerArray (x[] and y[])", 0), &t, 16.0 * n, arr, 4, n);
    if (element_copy(pr, "float3", "float3 copy", "gm_pat_float3_copy", 12, 24) ||
        element_copy(pr, "float3", "__align__(16) float3 copy", "gm_pat_float3a_copy", 16, 24))
        return pr->st->code;
    long long n4 = n;
    void *a4[3] = {&pr->out, &pr->in, &n4};
    if (jit_runner_time(pr->r, "gm_ref_vec4_copy", n, a4, &t, pr->st) != GM_OK)
        return pr->st->code;
    pat_access v4[2] = {{idx_plus, 0, 16, 0, 16}, {idx_plus, 0, 16, 0, 16}};
    fill_row(pr, push_row(pr->t, "float3", "float4 copy", 0), &t, 32.0 * n, v4, 2, n);
    return GM_OK;
}

static int run_patterns(int device, pat_table *t, int quiet, gm_status *st)
{
    jit_runner *r = NULL;
    jit_device_info dev;
    if (cli_builtin_runner(device, &r, &dev, st) != GM_OK)
        return st->code;
    snprintf(t->device, sizeof t->device, "%s (sm_%d)", dev.name, dev.sm);
    jit_method m;
    jit_method_default(&m);
    /* each float array 4x the L2 at least; the float4 arrays 4x that */
    long long n = (long long)(m.l2_multiple * (double)dev.l2_bytes / 2 / 4) / 8192 * 8192;
    size_t bytes = (size_t)n * 16 + 4096;
    pat_run pr = {r, 0, 0, n, t, st};
    int rc = jit_runner_alloc(r, bytes, 0x3f800000u, &pr.in, st); /* 1.0f: never zeros */
    if (rc == GM_OK)
        rc = jit_runner_alloc(r, bytes, 0x40000000u, &pr.out, st);
    jit_timing mt;
    if (rc == GM_OK)
        rc = jit_runner_time_memcpy(r, pr.out, pr.in, (size_t)n * 16, &mt, st);
    if (rc == GM_OK) {
        t->memcpy_gbps = 2.0 * n * 16 / (mt.median_ms * 1e-3) / 1e9;
        if (!quiet)
            fprintf(stderr, "gmadvise patterns: %s, %lld floats per array, memcpy %.0f GB/s\n", t->device,
                    n, t->memcpy_gbps);
        rc = offsets_and_strides(&pr);
    }
    if (rc == GM_OK)
        rc = hypack(&pr);
    if (rc == GM_OK)
        rc = structs_and_vectors(&pr);
    jit_runner_free(r, pr.in);
    jit_runner_free(r, pr.out);
    jit_runner_destroy(r);
    return rc;
}

/* ---- output ------------------------------------------------------------ */

static void print_table(const pat_table *t, FILE *f)
{
    fprintf(f, "gmadvise patterns: %s, memcpy D2D %.0f GB/s (the 100%% line)\n", t->device,
            t->memcpy_gbps);
    const char *group = "";
    for (unsigned i = 0; i < t->n; i++) {
        const pat_row *r = &t->r[i];
        if (strcmp(group, r->group)) {
            group = r->group;
            fprintf(f, "\n  %-8s %-30s %10s %7s %3s %10s %10s %7s\n", "group", "pattern", "median ms",
                    "spread", "n", "effective", "actual", "% peak");
        }
        fprintf(f, "  %-8s %-30s %10.4f %6.2f%% %3d %10.0f %10.0f %6.1f%%\n", r->group, r->name, r->ms,
                r->spread, r->samples, r->eff_gbps, r->act_gbps, r->pct);
    }
    fprintf(f, "\n(effective: bytes asked for; actual: 32-byte sectors DRAM moves for them; GB/s)\n");
}

static void csv_text(const pat_table *t, sb_t *out)
{
    sb_printf(out, "# gmadvise patterns, %s, memcpy_gbps=%.3f\n", t->device, t->memcpy_gbps);
    sb_puts(out, "group,pattern,param,median_ms,spread_pct,samples,effective_gbps,actual_gbps,pct_of_memcpy\n");
    for (unsigned i = 0; i < t->n; i++) {
        const pat_row *r = &t->r[i];
        sb_printf(out, "%s,%s,%d,%.6f,%.3f,%d,%.3f,%.3f,%.3f\n", r->group, r->name, r->param, r->ms,
                  r->spread, r->samples, r->eff_gbps, r->act_gbps, r->pct);
    }
}

/* Reads what csv_text wrote (pattern names hold no commas). */
static int csv_read(const char *path, pat_table *t, gm_status *st)
{
    size_t len = 0;
    char *text = gm_read_file(path, &len);
    if (!text)
        return gm_fail(st, GM_EINPUT, "%s: cannot read: %s", path, strerror(errno));
    unsigned line = 0;
    int rc = GM_OK;
    for (char *save = NULL, *l = strtok_r(text, "\n", &save); l && rc == GM_OK;
         l = strtok_r(NULL, "\n", &save)) {
        line++;
        const char *mc = strstr(l, "memcpy_gbps=");
        if (l[0] == '#') {
            const char *comma = strchr(l, ',');
            if (mc && comma && !strncmp(l, "# gmadvise patterns, ", 21)) {
                snprintf(t->device, sizeof t->device, "%.*s", (int)(strrchr(l, ',') - l - 21), l + 21);
                t->memcpy_gbps = strtod(mc + 12, NULL);
            }
            continue;
        }
        if (!strncmp(l, "group,", 6))
            continue;
        pat_row r;
        memset(&r, 0, sizeof r);
        if (sscanf(l, "%15[^,],%47[^,],%d,%lf,%lf,%d,%lf,%lf,%lf", r.group, r.name, &r.param, &r.ms,
                   &r.spread, &r.samples, &r.eff_gbps, &r.act_gbps, &r.pct) != 9)
            rc = gm_fail(st, GM_EINPUT, "%s:%u:1: error: not a row of gmadvise patterns --csv", path, line);
        else
            *push_row(t, r.group, r.name, r.param) = r;
    }
    free(text);
    if (rc == GM_OK && t->n == 0)
        rc = gm_fail(st, GM_EINPUT, "%s:1:1: error: no rows (expected gmadvise patterns --csv output)", path);
    return rc;
}

static void plot_data(const pat_table *t, const char *group, sb_t *gp)
{
    sb_printf(gp, "$%s << EOD\n", group);
    for (unsigned i = 0; i < t->n; i++)
        if (!strcmp(t->r[i].group, group))
            sb_printf(gp, "%d %.3f %.3f\n", t->r[i].param, t->r[i].eff_gbps, t->r[i].act_gbps);
    sb_puts(gp, "EOD\n");
}

/* `s` as a gnuplot single-quoted string: the only form in which gnuplot
 * substitutes nothing (no `command` backquotes, no @macros, no escapes);
 * a quote is doubled, and control characters, which would end the
 * command line, become spaces.  Every string from outside reaches the
 * script through here. */
static void gp_quote(sb_t *gp, const char *s)
{
    sb_puts(gp, "'");
    for (; *s; s++) {
        if (*s == '\'')
            sb_puts(gp, "''");
        else
            sb_putn(gp, (unsigned char)*s < 0x20 || *s == 0x7f ? " " : s, 1);
    }
    sb_puts(gp, "'");
}

/* The offset and stride curves, as the seeds drew them, with the memcpy
 * line; gnuplot renders them.  No shell is involved: gnuplot is spawned
 * with the script's path as its only argument. */
static int plot(const pat_table *t, const char *path, gm_status *st)
{
    const char *dot = strrchr(path, '.');
    const char *term = dot && !strcmp(dot, ".svg") ? "svg size 1000,800 dynamic"
                       : dot && !strcmp(dot, ".png") ? "pngcairo size 1000,800" : NULL;
    if (!term)
        return gm_fail(st, GM_EINPUT, "--plot %s: expected a .svg or .png file name", path);
    if (strpbrk(path, "\n\r"))
        return gm_fail(st, GM_EINPUT, "--plot %s: the name may not hold newlines", path);
    sb_t gp;
    sb_init(&gp);
    plot_data(t, "offset", &gp);
    plot_data(t, "stride", &gp);
    sb_printf(&gp, "set terminal %s noenhanced\nset output ", term);
    gp_quote(&gp, path);
    sb_puts(&gp, "\nset multiplot layout 2,1 title ");
    gp_quote(&gp, t->device);
    sb_puts(&gp, "\nset grid\nset key outside right\nset ylabel \"GB/s\"\n"
                 "set yrange [0:*]\nset xrange [0:32]\n");
    sb_printf(&gp, "set title \"offset copy (floats)\"\nset xlabel \"offset\"\n"
                   "plot $offset using 1:2 with linespoints title \"effective\", "
                   "$offset using 1:3 with linespoints title \"actual\", %.3f title \"memcpy\"\n",
              t->memcpy_gbps);
    sb_printf(&gp, "set title \"stride copy (floats)\"\nset xlabel \"stride\"\n"
                   "plot $stride using 1:2 with linespoints title \"effective\", "
                   "$stride using 1:3 with linespoints title \"actual\", %.3f title \"memcpy\"\n"
                   "unset multiplot\n",
              t->memcpy_gbps);
    char script[] = "/tmp/gmadvise-plot-XXXXXX";
    int fd = mkstemp(script);
    if (fd < 0) {
        sb_free(&gp);
        return gm_fail(st, GM_EENV, "--plot: cannot create a temporary file: %s", strerror(errno));
    }
    int ok = write(fd, gp.s, gp.len) == (ssize_t)gp.len;
    close(fd);
    sb_free(&gp);
    int rc = GM_OK;
    pid_t pid;
    char *argv[] = {"gnuplot", script, NULL};
    int err = ok ? posix_spawnp(&pid, "gnuplot", NULL, NULL, argv, environ) : EIO;
    if (err == ENOENT)
        rc = gm_fail(st, GM_EENV, "--plot %s: gnuplot is not installed (apt-get install gnuplot-nox); "
                                  "save the data with --csv FILE and plot it where gnuplot is: "
                                  "gmadvise patterns --from FILE --plot %s", path, path);
    else if (err)
        rc = gm_fail(st, GM_EENV, "--plot %s: cannot run gnuplot: %s", path, strerror(err));
    else {
        int status = 0;
        while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
            ;
        if (!WIFEXITED(status) || WEXITSTATUS(status) != 0)
            rc = gm_fail(st, GM_EENV, "--plot %s: gnuplot failed (status %d)", path, status);
    }
    unlink(script);
    return rc;
}

/* ---- command line ------------------------------------------------------ */

/* With --device all each GPU gets its own file: name.svg -> name.gpu1.svg. */
static void per_device_path(const char *path, int device, char *out, size_t n)
{
    const char *dot = strrchr(path, '.');
    if (device < 0)
        snprintf(out, n, "%s", path);
    else if (!dot || strchr(dot, '/'))
        snprintf(out, n, "%s.gpu%d", path, device);
    else
        snprintf(out, n, "%.*s.gpu%d%s", (int)(dot - path), path, device, dot);
}

static int usage_error(gm_status *st, const char *what)
{
    return gm_fail(st, GM_EINPUT, "%s (usage: gmadvise patterns [--csv FILE] [--plot FILE.svg|.png] "
                                  "[--device N|all] [--from FILE.csv] [-q])", what);
}

int gm_cmd_patterns(int argc, char **argv)
{
    gm_status st;
    gm_status_init(&st);
    const char *csv = NULL, *plot_path = NULL, *from = NULL;
    int device = 0, all = 0, quiet = 0, rc = GM_OK;
    for (int i = 1; i < argc && rc == GM_OK; i++) {
        const char *a = argv[i], *next = i + 1 < argc ? argv[i + 1] : NULL;
        if (!strcmp(a, "--csv") && next)
            csv = argv[++i];
        else if (!strcmp(a, "--plot") && next)
            plot_path = argv[++i];
        else if (!strcmp(a, "--from") && next)
            from = argv[++i];
        else if (!strcmp(a, "-q") || !strcmp(a, "--quiet"))
            quiet = 1;
        else if (!strcmp(a, "--device") && next && !strcmp(next, "all"))
            all = 1, i++;
        else if (!strcmp(a, "--device") && next)
            rc = cli_device_arg(a, argv[++i], &device, &st);
        else {
            char what[300];
            snprintf(what, sizeof what, "unknown argument '%s'", a);
            rc = usage_error(&st, what);
        }
    }
    int ndev = 1;
    jit_device_info devs[64];
    if (rc == GM_OK && all && !from && jit_worker_devices(devs, 64, &ndev, &st) != GM_OK)
        rc = st.code;
    for (int d = all ? 0 : device; rc == GM_OK && d < (all ? ndev : device + 1); d++) {
        pat_table t;
        memset(&t, 0, sizeof t);
        rc = from ? csv_read(from, &t, &st) : run_patterns(d, &t, quiet, &st);
        if (rc == GM_OK)
            print_table(&t, stdout);
        char path[4200];
        if (rc == GM_OK && csv && !from) {
            sb_t out;
            sb_init(&out);
            csv_text(&t, &out);
            per_device_path(csv, all ? d : -1, path, sizeof path);
            rc = cli_write_file(path, out.s, &st);
            sb_free(&out);
        }
        if (rc == GM_OK && plot_path) {
            per_device_path(plot_path, all ? d : -1, path, sizeof path);
            rc = plot(&t, path, &st);
        }
        free(t.r);
        if (from)
            break;
    }
    if (rc != GM_OK)
        fprintf(stderr, "%s%s\n", strstr(st.msg, ": error: ") ? "" : "gmadvise patterns: error: ", st.msg);
    return rc;
}
