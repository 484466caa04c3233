#define _GNU_SOURCE /* memmem */
#include "missing_headers.h"

#include "../../common/strbuf.h"
#include "../../common/text.h"
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

typedef struct {
    const adv_clang *cx;
    const char *const *paths;
    unsigned n, found;
    unsigned char *seen;
    unsigned *order;
    char (*at)[FE_AT_MAX];
} first_inclusions;

static void first_included(CXFile f, CXSourceLocation *stack, unsigned depth, CXClientData d)
{
    first_inclusions *w = d;
    if (!depth)
        return;
    char name[1100];
    adv_cxstr(w->cx, w->cx->clang_getFileName(f), name, sizeof name);
    unsigned i = 0;
    while (i < w->n && strcmp(w->paths[i], name))
        i++;
    if (i == w->n || w->seen[i])
        return;
    w->seen[i] = 1;
    CXString pf;
    unsigned line = 0, col = 0;
    w->cx->clang_getPresumedLocation(stack[0], &pf, &line, &col);
    char from[1100];
    adv_cxstr(w->cx, pf, from, sizeof from);
    w->order[w->found] = i;
    snprintf(w->at[w->found++], FE_AT_MAX, "%s:%u:%u", from, line, col);
}

unsigned fe_stubs_included(const adv_clang *cx, CXTranslationUnit tu, const char *const *paths, unsigned n,
                           unsigned *order, char (*at)[FE_AT_MAX])
{
    first_inclusions w = {cx, paths, n, 0, calloc(n + 1, 1), order, at};
    if (w.seen)
        cx->clang_getInclusions(tu, first_included, &w);
    free(w.seen);
    return w.found;
}

typedef struct {
    const adv_clang *cx;
    const char *const *names;
    unsigned n;
    int asks;
} asking_walk;

static void ask_of(CXFile f, CXSourceLocation *stack, unsigned depth, CXClientData d)
{
    asking_walk *w = d;
    (void)stack;
    if (w->asks || !depth)
        return;
    char name[1100];
    adv_cxstr(w->cx, w->cx->clang_getFileName(f), name, sizeof name);
    size_t len;
    char *text = gm_read_file(name, &len);
    if (text && memmem(text, len, "__has_include", 13))
        for (unsigned i = 0; i < w->n && !w->asks; i++)
            w->asks = memmem(text, len, w->names[i], strlen(w->names[i])) != NULL;
    free(text);
}

int fe_included_files_ask(const adv_clang *cx, CXTranslationUnit tu, const char *const *names, unsigned n)
{
    asking_walk w = {cx, names, n, 0};
    cx->clang_getInclusions(tu, ask_of, &w);
    return w.asks;
}

static int in_folder(const char *dir, const char *name)
{
    char path[4096];
    return snprintf(path, sizeof path, "%s/%s", dir, name) < (int)sizeof path && access(path, F_OK) == 0;
}

int fe_found_in_folders(const char *name, const char *const *dirs, unsigned n, const char *const *args,
                        unsigned nargs)
{
    for (unsigned i = 0; i < n; i++)
        if (in_folder(dirs[i], name))
            return 1;
    static const char *const with_dir[] = {"-I", "-isystem", "-iquote", "-idirafter"};
    /* folders found some other way than these: no guess is safe */
    static const char *const unfollowed[] = {"-iprefix", "-iwithprefix", "-F", "-iframework", "--sysroot",
                                             "-isysroot", "--include-directory", "-cxx-isystem", "-B",
                                             "-iwithsysroot", "-imultilib", "-nostdinc", "-stdlib"};
    for (unsigned i = 0; i < nargs; i++) {
        for (size_t k = 0; k < sizeof unfollowed / sizeof *unfollowed; k++)
            if (!strncmp(args[i], unfollowed[k], strlen(unfollowed[k])))
                return 1;
        for (size_t k = 0; k < sizeof with_dir / sizeof *with_dir; k++) {
            size_t len = strlen(with_dir[k]);
            if (strncmp(args[i], with_dir[k], len))
                continue;
            const char *dir = args[i][len] ? args[i] + len : i + 1 < nargs ? args[i + 1] : "";
            if (*dir && in_folder(dir, name))
                return 1;
        }
    }
    return 0;
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

/* Macros only other platforms' compilers define. */
static const char *const foreign[] = {"_WIN32", "_WIN64", "WIN32", "WIN64", "_WINDOWS", "_MSC_VER", "__APPLE__",
                                      "MACOSX", "__MACH__", "__MINGW32__", "__MINGW64__", "__CYGWIN__", "__ANDROID__",
                                      "__QNX__", "__QNXNTO__"};

static int is_foreign(const char *name, size_t n)
{
    for (size_t i = 0; i < sizeof foreign / sizeof *foreign; i++)
        if (strlen(foreign[i]) == n && !strncmp(foreign[i], name, n))
            return 1;
    return 0;
}

enum { B_UNKNOWN, B_NOT_TAKEN, B_TAKEN, B_DONE }; /* DONE: an earlier branch was surely taken */
enum { C_FALSE, C_TRUE, C_UNKNOWN };

static int ident_char(char c)
{
    return c == '_' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
}

/* 0 or 1 alone, or defined(X) / defined X / !defined(X) joined by one of
 * || and &&, X foreign: C_FALSE or C_TRUE; anything else C_UNKNOWN. */
static int condition(const char *p, const char *end)
{
    int terms = 0, any_true = 0, any_false = 0, op = 0; /* op: '|' or '&' */
    p = gm_skip_spaces(p, end);
    if (end - p >= 1 && (*p == '0' || *p == '1')) {
        const char *q = gm_skip_spaces(p + 1, end);
        if (q == end || (end - q >= 2 && q[0] == '/' && (q[1] == '/' || q[1] == '*')))
            return *p == '1' ? C_TRUE : C_FALSE;
        return C_UNKNOWN;
    }
    for (;;) {
        p = gm_skip_spaces(p, end);
        int neg = p < end && *p == '!';
        if (neg)
            p++;
        p = gm_skip_spaces(p, end);
        if (end - p < 7 || strncmp(p, "defined", 7))
            return C_UNKNOWN;
        p += 7;
        p = gm_skip_spaces(p, end);
        int paren = p < end && *p == '(';
        if (paren)
            p++;
        p = gm_skip_spaces(p, end);
        const char *id = p;
        while (p < end && ident_char(*p))
            p++;
        if (p == id || !is_foreign(id, (size_t)(p - id)))
            return C_UNKNOWN;
        p = gm_skip_spaces(p, end);
        if (paren && (p == end || *p++ != ')'))
            return C_UNKNOWN;
        terms++;
        any_true |= neg;
        any_false |= !neg;
        p = gm_skip_spaces(p, end);
        if (p == end || (end - p >= 2 && p[0] == '/' && (p[1] == '/' || p[1] == '*')))
            break;
        if (end - p < 2 || !((p[0] == '|' && p[1] == '|') || (p[0] == '&' && p[1] == '&')) || (op && op != p[0]))
            return C_UNKNOWN;
        op = p[0];
        p += 2;
    }
    if (op == '&')
        return any_false ? C_FALSE : C_TRUE;
    return any_true ? C_TRUE : C_FALSE; /* one term, or || */
}

void fe_branches_init(fe_branches *b, const char *const *args, unsigned nargs)
{
    memset(b, 0, sizeof *b);
    for (unsigned i = 0; i < nargs && !b->off; i++) {
        const char *d = !strncmp(args[i], "-D", 2) ? (args[i][2] ? args[i] + 2 : i + 1 < nargs ? args[i + 1] : "")
                        : !strncmp(args[i], "-U", 2) ? "" : NULL;
        if (d) {
            size_t n = strcspn(d, "=");
            b->off = !*d && !strncmp(args[i], "-U", 2) ? 0 : is_foreign(d, n);
        }
    }
}

static int word(const char *p, const char *end, const char *w)
{
    size_t n = strlen(w);
    return (size_t)(end - p) >= n && !strncmp(p, w, n) && (p + n == end || !ident_char(p[n]));
}

void fe_branch_line(fe_branches *b, const char *p, size_t len)
{
    const char *end = p + len;
    p = gm_skip_spaces(p, end);
    unsigned char *top = b->depth && b->depth <= FE_BRANCH_DEPTH ? &b->state[b->depth - 1] : NULL;
    int c = -1;
    if (word(p, end, "ifdef") || word(p, end, "ifndef")) {
        int neg = p[2] == 'n';
        p += neg ? 6 : 5;
        p = gm_skip_spaces(p, end);
        const char *id = p;
        while (p < end && ident_char(*p))
            p++;
        c = p > id && is_foreign(id, (size_t)(p - id)) ? (neg ? C_TRUE : C_FALSE) : C_UNKNOWN;
    } else if (word(p, end, "if")) {
        c = condition(p + 2, end);
    }
    if (c >= 0) {
        if (b->depth < FE_BRANCH_DEPTH)
            b->state[b->depth] = b->off || c == C_UNKNOWN ? B_UNKNOWN : c == C_TRUE ? B_TAKEN : B_NOT_TAKEN;
        b->depth++;
    } else if (word(p, end, "elif") && top) {
        int e = condition(p + 4, end);
        *top = *top == B_TAKEN || *top == B_DONE ? B_DONE
               : *top == B_UNKNOWN || b->off || e == C_UNKNOWN ? B_UNKNOWN
               : e == C_TRUE ? B_TAKEN : B_NOT_TAKEN;
    } else if (word(p, end, "else") && top) {
        *top = *top == B_TAKEN || *top == B_DONE ? B_DONE : *top == B_NOT_TAKEN ? B_TAKEN : B_UNKNOWN;
    } else if (word(p, end, "endif") && b->depth) {
        b->depth--;
    }
}

int fe_branch_not_taken(const fe_branches *b)
{
    for (unsigned i = 0; i < b->depth && i < FE_BRANCH_DEPTH; i++)
        if (b->state[i] == B_NOT_TAKEN || b->state[i] == B_DONE)
            return 1;
    return 0;
}
