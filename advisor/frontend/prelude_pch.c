#include "prelude_pch.h"

#include "../../common/hash.h"
#include "../../jit/cache.h"

#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
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

static void key_of(const adv_clang *cx, const char *const *args, int nargs, const struct CXUnsavedFile *un,
                   unsigned nun, char hex[33])
{
    gm_hash h;
    gm_hash_init(&h);
    char ver[256];
    adv_cxstr(cx, cx->clang_getClangVersion(), ver, sizeof ver);
    gm_hash_update(&h, cx->path, strlen(cx->path) + 1);
    gm_hash_update(&h, ver, strlen(ver) + 1);
    for (int i = 0; i < nargs; i++)
        gm_hash_update(&h, args[i], strlen(args[i]) + 1);
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
    enum CXErrorCode ec = cx->clang_parseTranslationUnit2(
        idx, prelude, args, nargs, un, nun,
        CXTranslationUnit_ForSerialization | CXTranslationUnit_DetailedPreprocessingRecord |
            CXTranslationUnit_Incomplete,
        &tu);
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

int fe_prelude_pch(const adv_clang *cx, CXIndex idx, const char *prelude, const char *const *args, int nargs,
                   struct CXUnsavedFile *un, unsigned nun, char *out, size_t n)
{
    const char *dir = getenv("GMADVISE_NO_PCH") ? NULL : jit_cache_dir();
    if (!dir)
        return 0;
    char hex[33];
    key_of(cx, args, nargs, un, nun, hex);
    snprintf(out, n, "%s/prelude-%s.pch", dir, hex);
    if (access(out, R_OK) == 0)
        return 1;
    CXTranslationUnit tu = build(cx, idx, prelude, args, nargs, un, nun);
    if (!tu)
        return 0;
    /* written beside and renamed into place: a run beside this one reads
     * the whole PCH or none */
    char tmp[1200];
    snprintf(tmp, sizeof tmp, "%s.XXXXXX", out);
    int fd = mkstemp(tmp), ok = 0;
    if (fd >= 0) {
        close(fd);
        ok = cx->clang_saveTranslationUnit(tu, tmp, cx->clang_defaultSaveOptions(tu)) == CXSaveError_None &&
             rename(tmp, out) == 0;
        if (!ok)
            unlink(tmp);
    }
    cx->clang_disposeTranslationUnit(tu);
    return ok;
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
