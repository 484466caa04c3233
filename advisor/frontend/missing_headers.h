/* Headers found nowhere, served empty all at once.
 *
 * clang stops reporting at the first #include it finds nowhere (a fatal
 * error) but still parses everything after it, so serving those headers
 * one parse at a time cost a whole parse per header: cuda-samples' files
 * miss helper_cuda.h, helper_functions.h, GL and Vulkan headers, up to
 * 30 parses of one file.  The first parse of a file is made with
 * CXTranslationUnit_KeepGoing (fatal errors reported as errors, the parse
 * otherwise the same): it names every missing header at once, they are all
 * served, and the file is parsed again as before.
 *
 * Invariant: the answer is the one of serving them one at a time.  That
 * order is the order in which the parse with every header served first
 * includes them, each at the #include that failed: parse.c checks it
 * (fe_stubs_included_as) and serves them one at a time when it differs. */
#ifndef ADV_MISSING_HEADERS_H
#define ADV_MISSING_HEADERS_H

#include "clang_api.h"

/* 1 when tu first includes the n files paths[i] in that order, the i-th
 * from the #include at at[i] ("FILE:LINE:COL", clang's presumed location
 * of the header's name, as its diagnostics give it), and includes no
 * other of them. */
int fe_stubs_included_as(const adv_clang *cx, CXTranslationUnit tu, const char *const *paths,
                         const char *const *at, unsigned n);

/* 1 when no file `name` (an #include found in none of the user's folders
 * and not one of gmadvise's served headers: the caller's) is in the
 * folders clang searches after them (the C and C++ libraries', the
 * compilers'): likely found
 * nowhere.  A guess that only saves time: the first parse of a file with
 * such an #include skips function bodies (half its time on cuda-samples'
 * nbody.cpp), as it is made again whatever it finds. */
int fe_likely_missing(const char *name);

/* The headers likely found nowhere, named before the first parse.
 *
 * Most files that miss a header miss the same ones (cuda-samples'
 * helper_cuda.h), #included by name from the file or its own headers: the
 * include walk names them (fe_likely_missing), and the first parse serves
 * them empty at once instead of discovering them, so that a file costs
 * one parse, not two (on cuda-samples the discovering parse took a third
 * of check's CPU).  That parse is the one serving the discovered headers
 * makes only when it is the same parse: no other header is missing, each
 * predicted one is #included (clang's error for it would have been
 * "file not found" at that #include: fe_stubs_included names where), none
 * is found in a folder clang searches besides gmadvise's (a stub there
 * would shadow it: fe_found_in_folders), and no more than the most served.
 * Otherwise the file is parsed again as before (the discovering parse). */

/* Where tu first includes each of the n files paths[i]: order[k] is the
 * index of the k-th one first included, at[k] "FILE:LINE:COL", clang's
 * presumed location of the #include's header name (as its "file not
 * found" error gives it; size FE_AT_MAX); how many of them are included. */
#define FE_AT_MAX 1200
unsigned fe_stubs_included(const adv_clang *cx, CXTranslationUnit tu, const char *const *paths, unsigned n,
                           unsigned *order, char (*at)[FE_AT_MAX]);

/* 1 when a file tu includes (read from disk: gmadvise's own headers ask
 * only for the C and C++ libraries') asks __has_include (or _next) and
 * names one of the n headers names[i] anywhere: serving that header
 * could change its answer, and the parse would not be the one that
 * discovery leads to (libstdc++'s c++config.h asks for <tbb/tbb.h>). */
int fe_included_files_ask(const adv_clang *cx, CXTranslationUnit tu, const char *const *names, unsigned n);

/* 1 when `name` is a file in one of the n folders dirs[i], or in a folder
 * that one of the nargs clang arguments names (-I, -isystem, -iquote,
 * -idirafter, joined or not), or when an argument names a folder this
 * cannot follow (-iprefix, -F, --sysroot, ...): a header a stub must not
 * stand in for. */
int fe_found_in_folders(const char *name, const char *const *dirs, unsigned n, const char *const *args,
                        unsigned nargs);

/* The conditional branches of one file that no build here takes, as far
 * as a line-by-line reading can tell: #if 0, and #ifdef _WIN32 or
 * defined(__APPLE__) || ... (macros of other platforms, never defined
 * for this parse unless an argument -D defines one).  Only a guess that
 * saves time: an #include found nowhere in such a branch is not predicted
 * missing, as the parse would not include it.  Feed it every directive
 * line (the text after '#'). */
#define FE_BRANCH_DEPTH 64
typedef struct {
    unsigned char state[FE_BRANCH_DEPTH];
    unsigned depth;   /* may pass FE_BRANCH_DEPTH: deeper levels are unknown */
    int off;          /* an argument defines such a macro: no branch is known */
} fe_branches;

void fe_branches_init(fe_branches *b, const char *const *args, unsigned nargs);
void fe_branch_line(fe_branches *b, const char *directive, size_t len);
/* 1 when the line after the last directive fed is in a branch not taken. */
int fe_branch_not_taken(const fe_branches *b);

#endif
