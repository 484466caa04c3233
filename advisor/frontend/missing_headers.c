#include "missing_headers.h"

#include <glob.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

typedef struct {
    const adv_clang *cx;
    const char *const *paths, *const *at;
    unsigned n;
    unsigned next; /* the stub expected to be included first next */
    int ok;
} inclusion_walk;

static void seen_file(CXFile f, CXSourceLocation *stack, unsigned depth, CXClientData d)
{
    inclusion_walk *w = d;
    if (!w->ok || !depth)
        return;
    char name[1100];
    adv_cxstr(w->cx, w->cx->clang_getFileName(f), name, sizeof name);
    unsigned i = 0;
    while (i < w->n && strcmp(w->paths[i], name))
        i++;
    if (i == w->n || i < w->next)
        return; /* not a stub, or one already met (included again) */
    if (i > w->next) { /* a later one first */
        w->ok = 0;
        return;
    }
    CXString pf;
    unsigned line = 0, col = 0;
    w->cx->clang_getPresumedLocation(stack[0], &pf, &line, &col);
    char from[1100], at[1200];
    adv_cxstr(w->cx, pf, from, sizeof from);
    snprintf(at, sizeof at, "%s:%u:%u", from, line, col);
    w->ok = !strcmp(at, w->at[i]);
    w->next++;
}

int fe_stubs_included_as(const adv_clang *cx, CXTranslationUnit tu, const char *const *paths,
                         const char *const *at, unsigned n)
{
    inclusion_walk w = {cx, paths, at, n, 0, 1};
    cx->clang_getInclusions(tu, seen_file, &w);
    return w.ok && w.next == n;
}

/* The folders of the system's headers, whichever versions are installed:
 * a folder too many only makes the guess say "found" more often. */
static const char *const system_dirs[] = {
    "/usr/include/c++/*", "/usr/include/*-linux-gnu/c++/*", "/usr/include/c++/*/backward",
    "/usr/lib/gcc/*-linux-gnu/*/include", "/usr/lib/llvm-*/lib/clang/*/include", "/usr/local/include",
    "/usr/include/*-linux-gnu", "/usr/include"};

int fe_likely_missing(const char *name)
{
    static glob_t dirs;
    static int done;
    if (!done) {
        done = 1;
        for (size_t i = 0; i < sizeof system_dirs / sizeof *system_dirs; i++)
            glob(system_dirs[i], GLOB_ONLYDIR | (i ? GLOB_APPEND : 0), NULL, &dirs);
    }
    if (name[0] == '/')
        return access(name, F_OK) != 0;
    char path[2048];
    for (size_t i = 0; i < dirs.gl_pathc; i++) {
        snprintf(path, sizeof path, "%s/%s", dirs.gl_pathv[i], name);
        if (access(path, F_OK) == 0)
            return 0;
    }
    return 1;
}
