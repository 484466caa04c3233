#include "patterns_report.h"

#include <errno.h>
#include <spawn.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

extern char **environ;

/* ---- output ------------------------------------------------------------ */

void adv_patterns_text(const pat_table *t, FILE *f)
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

void adv_patterns_csv(const pat_table *t, sb_t *out)
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
int adv_patterns_csv_read(const char *path, pat_table *t, gm_status *st)
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
            rc = gm_fail_at(st, GM_EINPUT, path, line, 1, "not a row of gmadvise patterns --csv");
        else
            *adv_patterns_row(t, r.group, r.name, r.param) = r;
    }
    free(text);
    if (rc == GM_OK && t->n == 0)
        rc = gm_fail_at(st, GM_EINPUT, path, 1, 1, "no rows (expected gmadvise patterns --csv output)");
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
int adv_patterns_plot(const pat_table *t, const char *path, gm_status *st)
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

