#define _GNU_SOURCE /* memmem */
#include "prelude_pch.h"

#include "../../common/hash.h"
#include "../../common/limits.h"
#include "frontend.h" /* FE_HEADERS_DIR */
#include "../../jit/cache.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <dirent.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

/* The prelude (gmadvise's cuda_runtime.h with <cmath>, <cstdlib>, <new>
 * and libc's headers) is most of what libclang parses for a small file:
 * about 0.2 s of a 0.3 s --static run.  Precompiled once and loaded with
 * -include-pch, a parse costs the user's file alone.  The key holds every
 * input that changes the PCH's content: libclang (path and version), the
 * arguments (the user's -I and -D reach the prelude's #includes, and
 * clang refuses a PCH whose macros differ from the command line) and the
 * served headers' text.  The system headers it includes are checked by
 * libclang itself (size and time); a refused PCH is dropped by the caller
 * and built again on the next run. */

static void key_of(const adv_clang *cx, const char *extra, const char *const *args, int nargs,
                   const struct CXUnsavedFile *un, unsigned nun, char hex[33])
{
    gm_hash h;
    gm_hash_init(&h);
    char ver[256];
    adv_cxstr(cx, cx->clang_getClangVersion(), ver, sizeof ver);
    /* the form of the PCH (since 2026-11-26 a complete unit whose main
     * file includes the prelude): one built otherwise by an earlier
     * gmadvise is not taken for it */
    gm_hash_update(&h, "complete-unit-main-includes", sizeof "complete-unit-main-includes");
    gm_hash_update(&h, cx->path, strlen(cx->path) + 1);
    gm_hash_update(&h, ver, strlen(ver) + 1);
    for (int i = 0; i < nargs; i++)
        gm_hash_update(&h, args[i], strlen(args[i]) + 1);
    if (*extra) /* the prelude's own key is as before */
        gm_hash_update(&h, extra, strlen(extra) + 1);
    for (unsigned i = 0; i < nun; i++) {
        gm_hash_update(&h, un[i].Filename, strlen(un[i].Filename) + 1);
        gm_hash_update(&h, un[i].Contents, un[i].Length);
        gm_hash_update(&h, "", 1);
    }
    gm_hash_hex(&h, hex);
}

/* libclang prints what it recovers from on stderr itself; the parse that
 * follows reports what matters. */
static CXTranslationUnit build(const adv_clang *cx, CXIndex idx, const char *prelude, const char *const *args,
                               int nargs, struct CXUnsavedFile *un, unsigned nun)
{
    fflush(stderr);
    int saved = dup(STDERR_FILENO), devnull = open("/dev/null", O_WRONLY);
    if (saved >= 0 && devnull >= 0)
        dup2(devnull, STDERR_FILENO);
    CXTranslationUnit tu = NULL;
    /* a complete translation unit, not a prefix (CXTranslationUnit_Incomplete,
     * what -emit-pch does): the function templates the prelude's own
     * inline code uses (libstdc++'s <cmath>) are instantiated here, once,
     * and saved instantiated; from a prefix they were saved pending and every
     * parse over the PCH instantiated them all again at its end (libclang 16:
     * 170 M of the 200 M instructions of a parse of a two-line file, against
     * 44 M) */
    enum CXErrorCode ec = cx->clang_parseTranslationUnit2(
        idx, prelude, args, nargs, un, nun,
        CXTranslationUnit_ForSerialization | CXTranslationUnit_DetailedPreprocessingRecord, &tu);
    if (saved >= 0 && devnull >= 0)
        dup2(saved, STDERR_FILENO);
    if (saved >= 0)
        close(saved);
    if (devnull >= 0)
        close(devnull);
    if (ec != CXError_Success || !tu)
        return NULL;
    /* a prelude with an error (a system header that does not parse) is
     * not precompiled: the plain parse reports it where it belongs */
    unsigned n = cx->clang_getNumDiagnostics(tu);
    int bad = 0;
    for (unsigned i = 0; i < n && !bad; i++) {
        CXDiagnostic d = cx->clang_getDiagnostic(tu, i);
        bad = cx->clang_getDiagnosticSeverity(d) >= CXDiagnostic_Error;
        cx->clang_disposeDiagnostic(d);
    }
    if (bad) {
        cx->clang_disposeTranslationUnit(tu);
        return NULL;
    }
    return tu;
}

int fe_macro_define(const adv_clang *cx, CXTranslationUnit tu, CXCursor def, sb_t *line, sb_t *body)
{
    CXToken *toks = NULL;
    unsigned n = 0;
    cx->clang_tokenize(tu, cx->clang_getCursorExtent(def), &toks, &n);
    unsigned prev_end = 0;
    int function_like = 0;
    for (unsigned i = 0; i < n && !function_like; i++) {
        char tok[256];
        CXSourceRange r = cx->clang_getTokenExtent(tu, toks[i]);
        CXFile f;
        unsigned b, e;
        cx->clang_getSpellingLocation(cx->clang_getRangeStart(r), &f, NULL, NULL, &b);
        cx->clang_getSpellingLocation(cx->clang_getRangeEnd(r), &f, NULL, NULL, &e);
        adv_cxstr(cx, cx->clang_getTokenSpelling(tu, toks[i]), tok, sizeof tok);
        function_like = i == 1 && b == prev_end && !strcmp(tok, "("); /* '(' touching the name */
        sb_puts(line, i == 0 ? "#define " : prev_end == b ? "" : " ");
        sb_puts(line, tok);
        if (i > 0) {
            sb_puts(body, tok);
            sb_puts(body, " ");
        }
        prev_end = e;
    }
    if (toks)
        cx->clang_disposeTokens(tu, toks, n);
    return function_like;
}

static void macros_path(const char *pch, char *out, size_t n)
{
    size_t l = strlen(pch);
    snprintf(out, n, "%.*s.macros", (int)(l > 4 && !strcmp(pch + l - 4, ".pch") ? l - 4 : l), pch);
}

static enum CXChildVisitResult macro_defs(CXCursor c, CXCursor parent, CXClientData d)
{
    (void)parent;
    void **a = d;
    const adv_clang *cx = a[0];
    if (cx->clang_getCursorKind(c) == CXCursor_MacroDefinition) {
        cvec *v = a[1];
        if (v->n == v->cap) {
            v->cap = v->cap ? 2 * v->cap : 1024;
            v->v = gm_xrealloc(v->v, v->cap * sizeof *v->v);
        }
        v->v[v->n++] = c;
    }
    return CXChildVisit_Continue;
}

/* Writes len bytes of data to path whole: beside it, then renamed into
 * place, so that a run beside this one reads all of it or none.  0 when
 * it cannot (nothing is left behind). */
static int write_whole(const char *path, const char *data, size_t len)
{
    char tmp[1400];
    snprintf(tmp, sizeof tmp, "%s.XXXXXX", path);
    int fd = mkstemp(tmp), ok = 0;
    if (fd >= 0) {
        ok = write(fd, data, len) == (ssize_t)len;
        ok = close(fd) == 0 && ok && rename(tmp, path) == 0;
        if (!ok)
            unlink(tmp);
    }
    return ok;
}

/* Writes the list of tu's system macros (those outside gmadvise's own
 * headers, which NVRTC has) to path: one a line, name, the #define line
 * ("" when not copied: function-like, empty or longer than a copy takes)
 * and the body, separated by 0x1f.  0 when it cannot. */
static int write_macros(const adv_clang *cx, CXTranslationUnit tu, const char *path)
{
    cvec defs = {NULL, 0, 0};
    void *a[2] = {(void *)cx, &defs};
    cx->clang_visitChildren(cx->clang_getTranslationUnitCursor(tu), macro_defs, a);
    sb_t out;
    sb_init(&out);
    for (unsigned i = 0; i < defs.n; i++) {
        CXFile f;
        char file[1024], name[ADV_NAME_MAX];
        cx->clang_getSpellingLocation(cx->clang_getCursorLocation(defs.v[i]), &f, NULL, NULL, NULL);
        if (f && !strncmp(adv_cxstr(cx, cx->clang_getFileName(f), file, sizeof file), FE_HEADERS_DIR "/",
                          sizeof FE_HEADERS_DIR))
            continue;
        adv_cxstr(cx, cx->clang_getCursorSpelling(defs.v[i]), name, sizeof name);
        sb_t line, body;
        sb_init(&line);
        sb_init(&body);
        int fl = fe_macro_define(cx, tu, defs.v[i], &line, &body);
        int copied = line.len && !fl && line.len < FE_MACRO_LINE_MAX;
        sb_printf(&out, "%s\x1f%s\x1f%s\n", name, copied ? line.s : "", copied ? body.s : "");
        sb_free(&line);
        sb_free(&body);
    }
    free(defs.v);
    int ok = write_whole(path, out.s, out.len);
    sb_free(&out);
    return ok;
}

unsigned fe_pch_macros(const char *pch, fe_pch_macro **out)
{
    char path[1300];
    macros_path(pch, path, sizeof path);
    *out = NULL;
    size_t len = 0;
    char *t = gm_read_file(path, &len);
    if (!t)
        return 0;
    unsigned n = 0, cap = 0;
    for (char *l = t; l < t + len;) {
        char *nl = memchr(l, '\n', (size_t)(t + len - l)), *s1 = nl ? memchr(l, 0x1f, (size_t)(nl - l)) : NULL,
             *s2 = s1 ? memchr(s1 + 1, 0x1f, (size_t)(nl - s1 - 1)) : NULL;
        if (!s2) { /* torn: as if there were none */
            fe_pch_macros_free(*out, n);
            *out = NULL;
            free(t);
            return 0;
        }
        if (n == cap) {
            cap = cap ? 2 * cap : 1024;
            *out = gm_xrealloc(*out, cap * sizeof **out);
        }
        *s1 = *s2 = *nl = '\0';
        (*out)[n++] = (fe_pch_macro){gm_xstrdup(l), gm_xstrdup(s1 + 1), gm_xstrdup(s2 + 1)};
        l = nl + 1;
    }
    free(t);
    if (!n) { /* a prelude defines hundreds: an empty list is a broken one */
        free(*out);
        *out = NULL;
    }
    return n;
}

void fe_pch_macros_free(fe_pch_macro *v, unsigned n)
{
    for (unsigned i = 0; i < n; i++) {
        free(v[i].name);
        free(v[i].line);
        free(v[i].body);
    }
    free(v);
}

/* The PCH's main file at path: `#include "PRELUDE"`, written beside and
 * renamed into place (it is one of the PCH's inputs, which libclang checks
 * by size and time: it is written once, never touched again). */
static int write_main(const char *path, const char *prelude, const char *extra)
{
    sb_t text;
    sb_init(&text);
    sb_printf(&text, "/* gmadvise: the main file of %s's PCH */\n#include \"%s\"\n%s", prelude, prelude, extra);
    if (access(path, R_OK) == 0) {
        sb_free(&text);
        return 1;
    }
    int ok = write_whole(path, text.s, text.len);
    sb_free(&text);
    return ok;
}

/* fe_prelude_pch_async's child, until the process exits. */
static int pch_async;
static pid_t pch_child = -1;

static void pch_child_wait(void)
{
    if (pch_child > 0)
        while (waitpid(pch_child, NULL, 0) < 0 && errno == EINTR)
            ;
    pch_child = -1;
}

void fe_prelude_pch_async(int on)
{
    pch_async = on;
}

/* The files tu read besides its main file, one path a line, to path
 * (fe_includes_pch_meets reads it). */
static void add_included(CXFile f, CXSourceLocation *stack, unsigned n, CXClientData d)
{
    void **a = d;
    const adv_clang *cx = a[0];
    char name[1200];
    if (!n) /* the main file has no #include of its own */
        return;
    adv_cxstr(cx, cx->clang_getFileName(f), name, sizeof name);
    sb_printf(a[1], "%s\n", name);
    size_t len;
    char *text = gm_read_file(name, &len);
    if (text && memmem(text, len, "__has_include", 13)) /* its answers were given without the parse's stubs */
        sb_printf(a[1], "?%s\n", name);
    free(text);
    (void)stack;
}

static int write_files(const adv_clang *cx, CXTranslationUnit tu, const char *path)
{
    sb_t out;
    sb_init(&out);
    sb_puts(&out, "");
    void *a[2] = {(void *)cx, &out};
    cx->clang_getInclusions(tu, add_included, a);
    int ok = write_whole(path, out.s, out.len);
    sb_free(&out);
    return ok;
}

static void beside(const char *pch, const char *ext, char *out, size_t n)
{
    snprintf(out, n, "%.*s%s", (int)(strlen(pch) - 4), pch, ext);
}

/* Builds the PCH at out (its list at mpath, its main file beside, and
 * with extra its files' list); 1 when it is in place. */
static int build_pch(const adv_clang *cx, CXIndex idx, const char *prelude, const char *extra, const char *const *args,
                     int nargs, struct CXUnsavedFile *un, unsigned nun, const char *out, const char *mpath)
{
    /* the unit's main file only includes the prelude: a main file's
     * #pragma once is not kept, and a user's #include <cuda_runtime.h>
     * would then define it all again */
    char main_path[1300], files_path[1300];
    beside(out, ".h", main_path, sizeof main_path);
    beside(out, ".files", files_path, sizeof files_path);
    if (!write_main(main_path, prelude, extra))
        return 0;
    CXTranslationUnit tu = build(cx, idx, main_path, args, nargs, un, nun);
    if (!tu)
        return 0;
    /* written beside and renamed into place: a run beside this one reads
     * the whole PCH or none */
    char tmp[1200];
    snprintf(tmp, sizeof tmp, "%s.XXXXXX", out);
    int fd = mkstemp(tmp), ok = 0;
    if (fd >= 0) {
        close(fd);
        /* the lists first: a PCH in place always has them */
        ok = cx->clang_saveTranslationUnit(tu, tmp, cx->clang_defaultSaveOptions(tu)) == CXSaveError_None &&
             write_macros(cx, tu, mpath) && (!*extra || write_files(cx, tu, files_path)) && rename(tmp, out) == 0;
        if (!ok)
            unlink(tmp);
    }
    cx->clang_disposeTranslationUnit(tu);
    return ok;
}

int fe_prelude_pch(const adv_clang *cx, CXIndex idx, const char *prelude, const char *const *args, int nargs,
                   struct CXUnsavedFile *un, unsigned nun, char *out, size_t n)
{
    const char *dir = getenv("GMADVISE_NO_PCH") ? NULL : jit_cache_dir();
    if (!dir)
        return 0;
    char hex[33];
    key_of(cx, "", args, nargs, un, nun, hex);
    snprintf(out, n, "%s/prelude-%s.pch", dir, hex);
    char mpath[1300];
    macros_path(out, mpath, sizeof mpath);
    if (access(out, R_OK) == 0 && access(mpath, R_OK) == 0)
        return 1;
    if (!pch_async)
        return build_pch(cx, idx, prelude, "", args, nargs, un, nun, out, mpath);
    /* built by a child while this parse goes on without it (a parse over
     * the prelude costs less than building its PCH and parsing over that),
     * for the next run; the process waits for the child before it exits */
    if (pch_child > 0)
        return 0;
    fflush(stdout);
    fflush(stderr);
    pid_t pid = fork();
    if (pid == 0)
        _exit(build_pch(cx, idx, prelude, "", args, nargs, un, nun, out, mpath) ? 0 : 1);
    if (pid > 0) {
        static int registered;
        if (!registered)
            registered = atexit(pch_child_wait) == 0;
        pch_child = pid;
    }
    return 0;
}

/* Least recently used first. */
typedef struct {
    char name[300];
    struct timespec used;
} pch_entry;

static int older_first(const void *a, const void *b)
{
    const pch_entry *x = a, *y = b;
    if (x->used.tv_sec != y->used.tv_sec)
        return x->used.tv_sec < y->used.tv_sec ? -1 : 1;
    return x->used.tv_nsec < y->used.tv_nsec ? -1 : x->used.tv_nsec > y->used.tv_nsec;
}

/* At most GM_INCLUDES_PCH_MAX PCHs of include sets in dir: the least
 * recently used go, with the files beside them. */
static void trim_includes(const char *dir)
{
    DIR *d = opendir(dir);
    if (!d)
        return;
    pch_entry *e = NULL;
    size_t n = 0;
    for (struct dirent *de; (de = readdir(d)) != NULL;) {
        size_t len = strlen(de->d_name);
        struct stat sb;
        char path[1400];
        if (strncmp(de->d_name, "includes-", 9) || len < 6 || len >= sizeof e->name ||
            (strcmp(de->d_name + len - 4, ".pch") && strcmp(de->d_name + len - 5, ".none")))
            continue;
        snprintf(path, sizeof path, "%s/%s", dir, de->d_name);
        if (stat(path, &sb) != 0)
            continue;
        e = gm_xrealloc(e, (n + 1) * sizeof *e);
        snprintf(e[n].name, sizeof e[n].name, "%s", de->d_name);
        e[n++].used = sb.st_mtim;
    }
    closedir(d);
    if (n > GM_INCLUDES_PCH_MAX)
        qsort(e, n, sizeof *e, older_first);
    for (size_t i = 0; n > GM_INCLUDES_PCH_MAX && i < n - GM_INCLUDES_PCH_MAX; i++) {
        static const char *const exts[] = {".macros", ".files", ".h", ".none", ".pch"}; /* the PCH last: torn, it is none */
        char pch[1400], path[1500];
        size_t nl = strlen(e[i].name);
        /* beside() takes "NAME.pch": a marker's name ends in ".none" */
        snprintf(pch, sizeof pch, "%s/%.*s.pch", dir, (int)(nl - (strcmp(e[i].name + nl - 5, ".none") ? 4 : 5)), e[i].name);
        for (size_t k = 0; k < sizeof exts / sizeof *exts; k++) {
            beside(pch, exts[k], path, sizeof path);
            unlink(path);
        }
    }
    free(e);
}

int fe_includes_pch(const adv_clang *cx, CXIndex idx, const char *prelude, const char *includes,
                    const char *const *args, int nargs, struct CXUnsavedFile *un, unsigned nun, char *out, size_t n)
{
    const char *dir = getenv("GMADVISE_NO_PCH") ? NULL : jit_cache_dir();
    if (!dir || !*includes)
        return 0;
    char hex[33], mpath[1300], fpath[1300];
    key_of(cx, includes, args, nargs, un, nun, hex);
    snprintf(out, n, "%s/includes-%s.pch", dir, hex);
    macros_path(out, mpath, sizeof mpath);
    beside(out, ".files", fpath, sizeof fpath);
    if (access(out, R_OK) == 0 && access(mpath, R_OK) == 0 && access(fpath, R_OK) == 0) {
        utimensat(AT_FDCWD, out, NULL, 0); /* used: the last to go */
        return 1;
    }
    /* a set that did not build (a header with an error for this libclang)
     * is not tried again by every parse: a marker says so */
    char none[1300];
    beside(out, ".none", none, sizeof none);
    if (pch_async || access(none, F_OK) == 0) /* a run with more to do than the parse builds none */
        return 0;
    int ok = build_pch(cx, idx, prelude, includes, args, nargs, un, nun, out, mpath);
    if (!ok) {
        int fd = open(none, O_WRONLY | O_CREAT, 0644);
        if (fd >= 0)
            close(fd);
    }
    trim_includes(dir);
    return ok && access(out, R_OK) == 0;
}

int fe_includes_pch_meets(const char *pch, const char *const *names, unsigned nnames, const char *const *paths,
                          unsigned npaths)
{
    char fpath[1300];
    beside(pch, ".files", fpath, sizeof fpath);
    size_t len = 0;
    char *t = gm_read_file(fpath, &len);
    if (!t)
        return 1;
    int meets = 0;
    for (char *l = t; l < t + len && !meets;) {
        char *nl = memchr(l, '\n', (size_t)(t + len - l));
        if (!nl)
            break;
        *nl = '\0';
        size_t ll = (size_t)(nl - l);
        if (*l == '?') { /* a file asking __has_include: one naming a stub may have answered otherwise */
            size_t tl;
            char *text = nnames ? gm_read_file(l + 1, &tl) : NULL;
            for (unsigned i = 0; text && i < nnames && !meets; i++)
                meets = memmem(text, tl, names[i], strlen(names[i])) != NULL;
            free(text);
            l = nl + 1;
            continue;
        }
        for (unsigned i = 0; i < nnames && !meets; i++) {
            size_t k = strlen(names[i]);
            meets = ll > k && l[ll - k - 1] == '/' && !strcmp(l + ll - k, names[i]);
        }
        for (unsigned i = 0; i < npaths && !meets; i++)
            meets = !strcmp(l, paths[i]);
        l = nl + 1;
    }
    free(t);
    return meets;
}

int fe_prelude_pch_refused(const adv_clang *cx, CXTranslationUnit tu, const char *pch)
{
    unsigned n = cx->clang_getNumDiagnostics(tu);
    int refused = 0;
    for (unsigned i = 0; i < n && !refused; i++) {
        CXDiagnostic d = cx->clang_getDiagnostic(tu, i);
        if (cx->clang_getDiagnosticSeverity(d) == CXDiagnostic_Fatal) {
            char msg[1024];
            adv_cxstr(cx, cx->clang_getDiagnosticSpelling(d), msg, sizeof msg);
            refused = strstr(msg, pch) || strstr(msg, "precompiled header") || strstr(msg, "PCH file") ||
                      strstr(msg, "AST file");
        }
        cx->clang_disposeDiagnostic(d);
    }
    return refused;
}
