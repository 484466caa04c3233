#include "files.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <fnmatch.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "../../common/limits.h"
#include "../../common/strbuf.h"
#include "../frontend/load.h"

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
    sb_printf(&e, "%s%s", what, why);
    push(f, path, NULL, e.s);
}

/* Whether glob g matches `rel`, a folder above it in the path, or the
 * name of either. */
static int glob_hits(const char *g, const char *rel)
{
    if (!strncmp(g, "./", 2))
        g += 2;
    char buf[PATH_MAX + 1];
    snprintf(buf, sizeof buf, "%s", rel);
    if (!fnmatch(g, buf, 0))
        return 1;
    for (char *p = buf; *p; p++) {
        if (*p != '/')
            continue;
        *p = '\0';
        const char *name = strrchr(buf, '/') ? strrchr(buf, '/') + 1 : buf;
        int hit = !fnmatch(g, buf, 0) || !fnmatch(g, name, 0);
        *p = '/';
        if (hit)
            return 1;
    }
    const char *name = strrchr(buf, '/') ? strrchr(buf, '/') + 1 : buf;
    return !fnmatch(g, name, 0);
}

static int excluded(const cli_select *sel, const char *path)
{
    if (!sel || !sel->nexclude)
        return 0;
    char real[PATH_MAX + 1], root[PATH_MAX + 1];
    const char *rel = path;
    if (realpath(path, real) && realpath(sel->root ? sel->root : ".", root)) {
        size_t n = strlen(root);
        if (!strncmp(real, root, n) && real[n] == '/')
            rel = real + n + 1;
        else if (!strcmp(root, "/"))
            rel = real + 1;
    }
    while (!strncmp(rel, "./", 2))
        rel += 2;
    for (unsigned i = 0; i < sel->nexclude; i++)
        if (glob_hits(sel->exclude[i], rel))
            return 1;
    return 0;
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
    return adv_path_has_ext(name, (const char *const[]){".cu", ".cuh", ".h", NULL});
}

static int visible(const struct dirent *d)
{
    return d->d_name[0] != '.';
}

static int by_name(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The files `git ls-files -co --exclude-standard` lists in dir (tracked
 * and untracked, ignored ones not), as dir/NAME, sorted; -1 when dir is in
 * no git work tree or git cannot be run (the caller then walks the
 * folder).  git is run without a shell, its arguments as they are. */
static int git_list(cli_files *f, const char *dir, const cli_select *sel, unsigned *added)
{
    int fd[2];
    if (pipe(fd) != 0)
        return -1;
    fflush(stdout);
    fflush(stderr);
    pid_t pid = fork();
    if (pid == 0) {
        int null = open("/dev/null", O_RDWR);
        dup2(fd[1], STDOUT_FILENO);
        dup2(null, STDERR_FILENO);
        dup2(null, STDIN_FILENO);
        close(fd[0]);
        execlp("git", "git", "-C", dir, "ls-files", "-co", "--exclude-standard", "-z", "--", (char *)NULL);
        _exit(127);
    }
    close(fd[1]);
    if (pid < 0) {
        close(fd[0]);
        return -1;
    }
    sb_t out;
    sb_init(&out);
    char buf[65536];
    ssize_t r;
    while ((r = read(fd[0], buf, sizeof buf)) > 0 || (r < 0 && errno == EINTR))
        if (r > 0)
            sb_putn(&out, buf, (size_t)r);
    close(fd[0]);
    int status;
    while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
        ;
    if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
        sb_free(&out);
        return -1;
    }
    char **names = NULL;
    unsigned n = 0;
    for (size_t at = 0; out.s && at < out.len; at += strlen(out.s + at) + 1) {
        names = gm_xrealloc(names, (n + 1) * sizeof *names);
        names[n++] = out.s + at;
    }
    qsort(names, n, sizeof *names, by_name);
    for (unsigned i = 0; i < n; i++) {
        char path[PATH_MAX * 2];
        struct stat sb;
        if (i && !strcmp(names[i], names[i - 1]))
            continue; /* listed once per merge stage */
        snprintf(path, sizeof path, "%s%s%s", dir, dir[strlen(dir) - 1] == '/' ? "" : "/", names[i]);
        /* a submodule or a nested repository is listed as a folder: left out */
        if (!cuda_source(path) || stat(path, &sb) != 0 || !S_ISREG(sb.st_mode))
            continue;
        if (excluded(sel, path))
            f->excluded++;
        else
            add_file(f, path), ++*added;
    }
    free(names);
    sb_free(&out);
    return 0;
}

/* The CUDA sources under dir, at most GM_MAX_FOLDER_DEPTH folders down. */
static unsigned add_folder(cli_files *f, const char *dir, unsigned depth, const cli_select *sel)
{
    unsigned listed = 0;
    if (depth == 0 && !(sel && sel->no_gitignore) && git_list(f, dir, sel, &listed) == 0)
        return listed ? listed : 0;
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
        int is_dir = lstat(path, &sb) == 0 && S_ISDIR(sb.st_mode);
        if (is_dir && depth < GM_MAX_FOLDER_DEPTH) {
            if (!excluded(sel, path))
                added += add_folder(f, path, depth + 1, sel);
        } else if (is_dir) { /* too deep: said, not searched */
            if (!excluded(sel, path)) {
                sb_t note;
                sb_init(&note);
                sb_printf(&note, "%s: not searched: more than %d folders below the folder named", path,
                          GM_MAX_FOLDER_DEPTH);
                f->notes = gm_xrealloc(f->notes, (f->nnotes + 1) * sizeof *f->notes);
                f->notes[f->nnotes++] = sb_take(&note);
            }
        } else if (stat(path, &sb) == 0 && S_ISREG(sb.st_mode) && cuda_source(path)) {
            if (excluded(sel, path))
                f->excluded++;
            else
                add_file(f, path), added++;
        }
        free(list[i]);
    }
    free(list);
    return added;
}

void cli_files_add(cli_files *f, const char *const *names, unsigned n, const cli_select *sel)
{
    for (unsigned i = 0; i < n; i++) {
        struct stat sb;
        unsigned before = f->excluded;
        if (stat(names[i], &sb) == 0 && S_ISDIR(sb.st_mode)) {
            if (!add_folder(f, names[i], 0, sel) && f->excluded == before) {
                sb_t note;
                sb_init(&note);
                sb_printf(&note, "%s: no .cu, .cuh or .h file in this folder", names[i]);
                f->notes = gm_xrealloc(f->notes, (f->nnotes + 1) * sizeof *f->notes);
                f->notes[f->nnotes++] = sb_take(&note);
            }
        } else if (excluded(sel, names[i])) {
            f->excluded++;
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
