#include "files.h"

#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "../../common/limits.h"
#include "../../common/strbuf.h"

static void push(cli_files *f, const char *path, char *real, char *error)
{
    if (f->n == f->cap) {
        f->cap = f->cap ? 2 * f->cap : 16;
        f->path = gm_xrealloc(f->path, f->cap * sizeof *f->path);
        f->error = gm_xrealloc(f->error, f->cap * sizeof *f->error);
        f->real = gm_xrealloc(f->real, f->cap * sizeof *f->real);
    }
    f->path[f->n] = gm_xstrdup(path);
    f->real[f->n] = real;
    f->error[f->n++] = error;
}

static void push_error(cli_files *f, const char *path, const char *what, const char *why)
{
    sb_t e;
    sb_init(&e);
    sb_printf(&e, "%s: error: %s%s", path, what, why);
    push(f, path, NULL, e.s);
}

static void add_file(cli_files *f, const char *path)
{
    char real[PATH_MAX + 1];
    if (!realpath(path, real)) {
        push_error(f, path, "cannot open: ", strerror(errno));
        return;
    }
    for (unsigned i = 0; i < f->n; i++)
        if (f->real[i] && !strcmp(f->real[i], real))
            return; /* named twice: checked once */
    push(f, path, gm_xstrdup(real), NULL);
}

static int cuda_source(const char *name)
{
    const char *dot = strrchr(name, '.');
    return dot && (!strcmp(dot, ".cu") || !strcmp(dot, ".cuh") || !strcmp(dot, ".h"));
}

static int visible(const struct dirent *d)
{
    return d->d_name[0] != '.';
}

/* The CUDA sources under dir, at most GM_MAX_FOLDER_DEPTH folders down. */
static unsigned add_folder(cli_files *f, const char *dir, unsigned depth)
{
    struct dirent **list;
    int n = scandir(dir, &list, visible, alphasort);
    if (n < 0) {
        push_error(f, dir, "cannot read the folder: ", strerror(errno));
        return 1;
    }
    unsigned added = 0;
    for (int i = 0; i < n; i++) {
        char path[PATH_MAX * 2];
        struct stat sb;
        snprintf(path, sizeof path, "%s%s%s", dir, dir[strlen(dir) - 1] == '/' ? "" : "/", list[i]->d_name);
        if (lstat(path, &sb) == 0 && S_ISDIR(sb.st_mode) && depth < GM_MAX_FOLDER_DEPTH)
            added += add_folder(f, path, depth + 1);
        else if (stat(path, &sb) == 0 && S_ISREG(sb.st_mode) && cuda_source(path))
            add_file(f, path), added++;
        free(list[i]);
    }
    free(list);
    return added;
}

void cli_files_add(cli_files *f, const char *const *names, unsigned n)
{
    for (unsigned i = 0; i < n; i++) {
        struct stat sb;
        if (stat(names[i], &sb) == 0 && S_ISDIR(sb.st_mode)) {
            if (!add_folder(f, names[i], 0)) {
                sb_t note;
                sb_init(&note);
                sb_printf(&note, "%s: no .cu, .cuh or .h file in this folder", names[i]);
                f->notes = gm_xrealloc(f->notes, (f->nnotes + 1) * sizeof *f->notes);
                f->notes[f->nnotes++] = note.s;
            }
        } else {
            add_file(f, names[i]);
        }
    }
}

void cli_files_free(cli_files *f)
{
    for (unsigned i = 0; i < f->n; i++) {
        free(f->path[i]);
        free(f->error[i]);
        free(f->real[i]);
    }
    for (unsigned i = 0; i < f->nnotes; i++)
        free(f->notes[i]);
    free(f->notes);
    free(f->path);
    free(f->error);
    free(f->real);
    memset(f, 0, sizeof *f);
}
