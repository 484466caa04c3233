#include "load.h"
#include "raw_source.h"

#include <dirent.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "../../common/limits.h"
#include "../../common/strbuf.h"

int adv_path_has_ext(const char *name, const char *const *exts)
{
    const char *dot = strrchr(name, '.');
    for (; dot && *exts; exts++)
        if (!strcmp(dot, *exts))
            return 1;
    return 0;
}

/* scandir's filter: hidden entries are never includers */
static int visible(const struct dirent *d)
{
    return d->d_name[0] != '.';
}

static const char *const unit_exts[] = {".cu", ".cpp", ".cc", ".cxx", ".c", NULL},
                        *const header_exts[] = {".cuh", ".h", ".hpp", ".hh", ".inl", NULL};

/* 1 when the file `from` has a line `#include "NAME"` naming the file whose
 * real path is `target` (NAME relative to from's folder). */
static int includes(const char *from, const char *target)
{
    struct stat sb;
    if (stat(from, &sb) != 0 || !S_ISREG(sb.st_mode) || sb.st_size > GM_INCLUDER_BYTES)
        return 0;
    char *text = gm_read_file(from, NULL);
    const char *slash = strrchr(from, '/');
    int found = 0;
    for (const char *l = text; l && *l && !found; l = strchr(l, '\n') ? strchr(l, '\n') + 1 : "") {
        char name[1024], path[PATH_MAX * 2], real[PATH_MAX + 1], line[1100];
        const char *p = l + strspn(l, " \t");
        if (*p != '#')
            continue;
        /* sscanf reads to the text's end (strlen) each call: one line at a time */
        snprintf(line, sizeof line, "%.*s", (int)strcspn(l, "\n"), l);
        if (sscanf(line, " # include \"%1023[^\"\n]\"", name) != 1)
            continue;
        snprintf(path, sizeof path, "%.*s%s", slash ? (int)(slash - from + 1) : 0, from, name);
        found = realpath(path, real) && !strcmp(real, target);
    }
    free(text);
    return found;
}

/* The folder of `file` as named ("." for none), then the GM_INCLUDER_UP
 * folders above it (a project's kernels may sit in map/kernels/ and be
 * #included by a header at its top).  Returns how many were written. */
static unsigned folders(const char *file, char dirs[][PATH_MAX + 1])
{
    const char *slash = strrchr(file, '/');
    snprintf(dirs[0], sizeof dirs[0], "%.*s", !slash ? 1 : slash == file ? 1 : (int)(slash - file),
             slash ? file : ".");
    unsigned n = 1;
    for (; n <= GM_INCLUDER_UP && strcmp(dirs[n - 1], "/"); n++) {
        const char *below = dirs[n - 1], *up = strrchr(below, '/');
        const char *base = up ? up + 1 : below;
        if (!strcmp(below, "."))
            snprintf(dirs[n], sizeof dirs[n], "..");
        else if (!strcmp(base, ".."))
            snprintf(dirs[n], sizeof dirs[n], "%.*s/..", PATH_MAX - 3, below);
        else if (up)
            snprintf(dirs[n], sizeof dirs[n], "%.*s", up == below ? 1 : (int)(up - below), below);
        else
            snprintf(dirs[n], sizeof dirs[n], ".");
    }
    return n;
}

/* file: as named; target: its real path. */
static int includer_of(const char *file, const char *target, char *out, size_t n, unsigned depth)
{
    char dirs[GM_INCLUDER_UP + 1][PATH_MAX + 1];
    unsigned nd = folders(file, dirs);
    int found = 0;
    for (unsigned d = 0; d < nd && !found; d++) {
        struct dirent **list;
        int nl = scandir(dirs[d], &list, visible, alphasort);
        for (int i = 0; i < nl; i++) {
            char path[PATH_MAX * 2 + 2], real[PATH_MAX + 1];
            snprintf(path, sizeof path, "%s/%s", dirs[d], list[i]->d_name);
            int unit = adv_path_has_ext(path, unit_exts), header = adv_path_has_ext(path, header_exts);
            if (!found && i < GM_INCLUDER_SCAN && (unit || header) && realpath(path, real) &&
                strcmp(real, target) && includes(path, target)) {
                /* a header, or a source itself #included (sss: kernels.cu in a
                 * .cpp in main.cu), is followed to its own includer */
                if (depth + 1 < GM_INCLUDER_DEPTH)
                    found = includer_of(path, real, out, n, depth + 1);
                if (!found && unit)
                    found = snprintf(out, n, "%s", path) < (int)n;
            }
            free(list[i]);
        }
        free(nl >= 0 ? list : NULL);
    }
    return found;
}

int adv_includer(const char *path, char *out, size_t n)
{
    char real[PATH_MAX + 1];
    return adv_path_has_ext(path, (const char *const[]){".cu", NULL}) && realpath(path, real) &&
           !fe_raw_source_file(path) && /* a string to its includer: its kernels are its own */
           includer_of(path, real, out, n, 0);
}

int adv_header_includer(const char *path, char *out, size_t n)
{
    char real[PATH_MAX + 1];
    return adv_path_has_ext(path, header_exts) && realpath(path, real) && includer_of(path, real, out, n, 0);
}

int adv_model_load(const char *path, const adv_load_opts *opts, adv_model **out, gm_status *st)
{
    char unit[4096];
    int text = opts && opts->parse.text;
    return adv_model_load_in(path, !text && adv_includer(path, unit, sizeof unit) ? unit : NULL, opts, out, st);
}

int adv_model_load_in(const char *path, const char *unit, const adv_load_opts *opts, adv_model **out,
                      gm_status *st)
{
    adv_load_opts none = {0};
    if (!opts)
        opts = &none;
    adv_parse_opts po = opts->parse;
    if (po.text && !po.text_len)
        po.text_len = (unsigned)strlen(po.text);
    if (unit) {
        po.kernels_of = path;
        path = unit;
    }
    *out = NULL;
    char ctx[4096];
    if (adv_parse_file(path, &po, out, st) != GM_OK) {
        /* a header whose types come from the source that #includes it:
         * analysed there, as a kernels file is */
        if (unit || po.text || !adv_header_includer(path, ctx, sizeof ctx))
            return st->code;
        gm_status_clear(st);
        po.kernels_of = path;
        if (adv_parse_file(ctx, &po, out, st) != GM_OK)
            return st->code;
    }
    if (opts->nparams)
        adv_model_set_overrides(*out, opts->params, opts->nparams);
    adv_model_set_weights(*out, opts->weights, opts->nweights);
    const char *stray = adv_model_unknown_weight(*out);
    if (stray)
        return gm_fail_at(st, GM_EINPUT, path, 0, 0, "a weight for '%s', which is no kernel of the file", stray);
    adv_model_classify(*out, GM_DEFAULT_COUNT);
    return GM_OK;
}
