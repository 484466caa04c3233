#include "frontend.h"

#include "../../common/limits.h"
#include "../../common/text.h"
#include "if_groups.h"
#include "include_pch.h"
#include "kernel_macro.h"
#include "missing_headers.h"
#include "namespace_attributes.h"
#include "prelude_pch.h"
#include "raw_source.h"

#include <ctype.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

/* advisor/frontend/include/, embedded: gmadvise's CUDA headers */
extern const char *const adv_cuda_headers_names[], *const adv_cuda_headers_texts[];
extern const unsigned adv_cuda_headers_count;

#define HEADERS_DIR FE_HEADERS_DIR
#define PRELUDE_PATH HEADERS_DIR "/cuda_runtime.h"
#define MAX_FILE_BYTES GM_MAX_FILE_BYTES

/* ---- top level -------------------------------------------------------- */

/* The start of the `template <...>` heads before offset b, if any. */
static unsigned template_heads_before(const char *t, unsigned b)
{
    for (;;) {
        unsigned p = b, q;
        int depth = 0;
        while (p && isspace((unsigned char)t[p - 1]))
            p--;
        if (!p || t[p - 1] != '>')
            return b;
        for (q = p; q-- > 0;)
            if (t[q] == '>')
                depth++;
            else if (t[q] == '<' && --depth == 0)
                break;
        if (depth || q == (unsigned)-1)
            return b;
        while (q && isspace((unsigned char)t[q - 1]))
            q--;
        if (q < 8 || strncmp(t + q - 8, "template", 8) || (q > 8 && (isalnum((unsigned char)t[q - 9]) || t[q - 9] == '_')))
            return b;
        b = q - 8;
    }
}

static void add_decl(pctx *pc, CXCursor c, int is_macro)
{
    unsigned b, e;
    if (!fe_decl_extent(pc, c, &b, &e))
        return;
    /* a member template of a class template defined outside it: libclang's
     * extent starts at its own head (template <typename OtherT>), and the
     * class's (template <typename T, int Dim>) is the declaration's too */
    if (!is_macro && fe_kind(pc, c) == CXCursor_FunctionTemplate) {
        CXCursor sem = pc->cx->clang_getCursorSemanticParent(c), lex = pc->cx->clang_getCursorLexicalParent(c);
        enum CXCursorKind sk = fe_kind(pc, sem);
        if ((sk == CXCursor_ClassTemplate || sk == CXCursor_ClassTemplatePartialSpecialization) &&
            !pc->cx->clang_equalCursors(sem, lex))
            b = template_heads_before(adv_model_text(pc->m), b);
    }
    adv_model *m = pc->m;
    adv_decl *d = adv_model_add_decl(m);
    *d = (adv_decl){.begin = b, .end = e, .is_macro = is_macro};
    if (!is_macro)
        d->ns_depth = fe_namespaces(pc, c, 0, d->ns_open, sizeof d->ns_open);
    fe_cvec_push(&pc->decl_cur, c);
}

/* A function whose body does not compile is skipped, with a note, and
 * costs nothing else: 1 when fn is one. */
static int skip_broken_function(pctx *pc, CXCursor fn, int is_kernel)
{
    unsigned b, e, line, col;
    if (!fe_decl_extent(pc, fn, &b, &e))
        return 0;
    const perr *err = fe_errors_in(pc, b, e);
    if (!err)
        return 0;
    char name[ADV_NAME_MAX];
    int assumed;
    fe_cursor_pos(pc, fn, &line, &col);
    fe_spell(pc, fn, name, sizeof name);
    const char *label = fe_kernel_label(pc, name, &assumed); /* an instance is said as written: k<float> */
    if (is_kernel && !pc->broken_kernel && !assumed) /* the file's error if no kernel is left */
        pc->broken_kernel = &err->st;
    if (!is_kernel) /* a kernel whose __global__ is a macro the file lacks? */
        fe_note_head_macro(pc, fn, err);
    /* the note quotes clang's message without its own location prefix, at
     * the function's own file (a spliced header's, an instance's template's) */
    char file[1024];
    fe_cursor_file(pc, fn, file, sizeof file);
    sb_printf(adv_model_notes_buf(pc->m), "%s:%u:%u: %s %s skipped: it does not compile (%s)\n", file, line, col,
              is_kernel ? "kernel" : "function", is_kernel ? label : name, gm_status_text(&err->st));
    return 1;
}

/* A struct that cannot be modelled fails the file only if a kernel uses
 * it (fe_keep_needed decides): host classes are no kernel's business. */
/* A kernel or struct past GM_MAX_KERNELS or GM_MAX_STRUCTS: skipped,
 * the first one with a located note (a file of 20,000 generated kernels
 * got no answer in 5 minutes; the limit bounds the time and memory). */
static int past_limit(pctx *pc, CXCursor c, const char *what, unsigned have, unsigned max, int *noted)
{
    if (have < max)
        return 0;
    if (!*noted) {
        char name[ADV_NAME_MAX];
        unsigned line = 0, col = 0;
        fe_cursor_pos(pc, c, &line, &col);
        sb_printf(adv_model_notes_buf(pc->m), "%s:%u:%u: %s %s and every %s after it skipped: gmadvise models at most %u "
                                              "%ss of a file\n",
                  pc->file, line, col, what, fe_spell(pc, c, name, sizeof name), what, max, what);
        *noted = 1;
    }
    return 1;
}

static int try_struct(pctx *pc, CXCursor c, const char *name)
{
    if (past_limit(pc, c, "struct", adv_model_nstructs(pc->m), GM_MAX_STRUCTS, &pc->past_structs))
        return GM_OK;
    if (fe_add_struct(pc, c, name) == GM_OK)
        return GM_OK;
    unsigned b = 0, e = 0;
    fe_decl_extent(pc, c, &b, &e);
    pc->fails = gm_xrealloc(pc->fails, (pc->nfails + 1) * sizeof *pc->fails);
    pfail *f = &pc->fails[pc->nfails++];
    f->begin = b;
    f->end = e;
    gm_status_set(&f->st, pc->st);
    gm_status_clear(pc->st);
    return GM_OK;
}

static void fail_union(pctx *pc, CXCursor c)
{
    fe_fail_union(pc, c);
    unsigned b = 0, e = 0;
    fe_decl_extent(pc, c, &b, &e);
    pc->fails = gm_xrealloc(pc->fails, (pc->nfails + 1) * sizeof *pc->fails);
    pc->fails[pc->nfails++] = (pfail){.begin = b, .end = e};
    pfail *f = &pc->fails[pc->nfails - 1];
    gm_status_set(&f->st, pc->st);
    gm_status_clear(pc->st);
    add_decl(pc, c, 0);
}

static int is_kernel_def(pctx *pc, CXCursor c)
{
    return fe_kind(pc, c) == CXCursor_FunctionDecl && pc->cx->clang_isCursorDefinition(c) &&
           fe_has_attr(pc, c, CXCursor_CUDAGlobalAttr);
}

static int visit_top(pctx *pc, CXCursor c);

/* With opts->kernels_of, a kernel written in another file is that file's
 * business: not analysed, and its errors charged to no one. */
static int kernel_elsewhere(pctx *pc, CXCursor c)
{
    if (!pc->kernels_of)
        return 0;
    char f[4096], real[4096];
    fe_cursor_file(pc, c, f, sizeof f);
    if (!strcmp(realpath(f, real) ? real : f, pc->kernels_of))
        return 0;
    unsigned b, e;
    if (fe_decl_extent(pc, c, &b, &e))
        fe_errors_in(pc, b, e);
    return 1;
}

/* The declarations inside extern "C" or a namespace, visited as the top
 * level is.  A namespace block is copied whole into generated code (its
 * structs are then named "ns::S" there), and a variant of a kernel inside
 * one is wrapped in the same namespaces (adv_kernel.ns_open). */
static int visit_scope(pctx *pc, CXCursor c, int is_namespace)
{
    char name[ADV_NAME_MAX], saved[ADV_TYPE_MAX];
    memcpy(saved, pc->ns, sizeof saved);
    if (is_namespace) {
        fe_spell(pc, c, name, sizeof name);
        if (name[0]) {
            size_t len = strlen(pc->ns);
            snprintf(pc->ns + len, sizeof pc->ns - len, "%s::", name);
        }
    }
    cvec cv = fe_kids(pc, c);
    for (unsigned i = 0; i < cv.n && pc->st->code == GM_OK; i++) {
        if (fe_cursor_in_main(pc, cv.v[i]))
            visit_top(pc, cv.v[i]);
    }
    free(cv.v);
    memcpy(pc->ns, saved, sizeof saved);
    return pc->st->code;
}

static int visit_top(pctx *pc, CXCursor c)
{
    const adv_clang *cx = pc->cx;
    enum CXCursorKind k = fe_kind(pc, c);
    char name[ADV_NAME_MAX];
    /* extern "C" is CXCursor_LinkageSpec, or UnexposedDecl before LLVM 15 */
    if (k == CXCursor_Namespace || k == CXCursor_LinkageSpec || k == CXCursor_UnexposedDecl)
        return visit_scope(pc, c, k == CXCursor_Namespace);
    if (k == CXCursor_MacroDefinition) {
        add_decl(pc, c, 1);
        return GM_OK;
    }
    /* templates are carried into generated code when a kernel uses them;
     * __global__ ones are analysed per instance (templates.c) */
    if (k == CXCursor_ClassTemplate || k == CXCursor_ClassTemplatePartialSpecialization ||
        k == CXCursor_NamespaceAlias) {
        add_decl(pc, c, 0);
        if (k != CXCursor_NamespaceAlias && cx->clang_isCursorDefinition(c))
            fe_cvec_push(&pc->host_templates, c); /* its members may launch k<T> */
        return GM_OK;
    }
    if (k == CXCursor_FunctionTemplate) {
        if (fe_has_attr(pc, c, CXCursor_CUDAGlobalAttr)) {
            /* a declaration alone is no kernel: its definition (perhaps
             * outside its namespace, tsne::utils::k) is the one copied */
            if (cx->clang_isCursorDefinition(c) && !kernel_elsewhere(pc, c) && !skip_broken_function(pc, c, 1))
                fe_cvec_push(&pc->templates, c);
        } else if (fe_has_attr(pc, c, CXCursor_CUDADeviceAttr)) {
            add_decl(pc, c, 0);
        } else {
            skip_broken_function(pc, c, 0);
            if (cx->clang_isCursorDefinition(c))
                fe_cvec_push(&pc->host_templates, c);
        }
        return GM_OK;
    }
    /* a class template's member defined outside it (template <class T>
     * void S<T>::run() {...}), or a partial specialization's (template
     * <int P> void S<Config<DEVICE, P> >::run(), AMGX's device classes):
     * where its kernels' k<T> get their T */
    enum CXCursorKind parent = fe_kind(pc, cx->clang_getCursorSemanticParent(c));
    if ((k == CXCursor_CXXMethod || k == CXCursor_Constructor) && cx->clang_isCursorDefinition(c) &&
        (parent == CXCursor_ClassTemplate || parent == CXCursor_ClassTemplatePartialSpecialization)) {
        /* a device member is carried with its class (needed.c), for the
         * kernels that call it (faiss's Tensor<...>::operator[]) */
        if (fe_has_attr(pc, c, CXCursor_CUDADeviceAttr))
            add_decl(pc, c, 0);
        fe_cvec_push(&pc->host_templates, c);
        return GM_OK;
    }
    if (k == CXCursor_UnionDecl && cx->clang_isCursorDefinition(c)) {
        add_decl(pc, c, 0); /* carried as written, for the kernels that use it */
        fail_union(pc, c);
        return GM_OK;
    }
    if ((k == CXCursor_StructDecl || k == CXCursor_ClassDecl) && cx->clang_isCursorDefinition(c)) {
        add_decl(pc, c, 0);
        fe_spell(pc, c, name, sizeof name);
        if (cx->clang_Cursor_isAnonymous(c) || !name[0] || strchr(name, '('))
            return GM_OK; /* unnamed: named by a typedef, handled there */
        /* template <> struct S<int> {...}: a class template's, as the template */
        if (!cx->clang_Cursor_isNull(cx->clang_getSpecializedCursorTemplate(c)))
            return GM_OK;
        return try_struct(pc, c, name);
    }
    /* a class only declared (nvdiffrast's `class RasterImpl;` beside the
     * class that points to it), whose definition the file never sees: the
     * declaration is what generated code can carry */
    if ((k == CXCursor_StructDecl || k == CXCursor_ClassDecl) &&
        cx->clang_Cursor_isNull(cx->clang_getCursorDefinition(c))) {
        add_decl(pc, c, 0);
        return GM_OK;
    }
    /* one declared before its definition (warp's `struct half;`, then
     * `half float_to_half(float);`, then the body): a prototype between
     * them names it, and without it names another (cuda_fp16.h's ::half)
     * or none; carried like a function's prototype (needed.c) */
    if ((k == CXCursor_StructDecl || k == CXCursor_ClassDecl) && !cx->clang_isCursorDefinition(c) &&
        cx->clang_Cursor_isNull(cx->clang_getSpecializedCursorTemplate(c))) {
        add_decl(pc, c, 0);
        return GM_OK;
    }
    if (k == CXCursor_TypedefDecl) {
        add_decl(pc, c, 0);
        CXType u = cx->clang_getTypedefDeclUnderlyingType(c);
        CXCursor d = cx->clang_getTypeDeclaration(cx->clang_getCanonicalType(u));
        if (fe_kind(pc, d) == CXCursor_UnionDecl && fe_cursor_in_main(pc, d) && cx->clang_Cursor_isAnonymous(d))
            fail_union(pc, c);
        else if (fe_kind(pc, d) == CXCursor_StructDecl && fe_cursor_in_main(pc, d) && fe_struct_by_decl(pc, u) < 0)
            return try_struct(pc, d, fe_spell(pc, c, name, sizeof name));
        return GM_OK;
    }
    if (k == CXCursor_EnumDecl || k == CXCursor_VarDecl || k == CXCursor_TypeAliasDecl) {
        if (k != CXCursor_VarDecl || fe_has_attr(pc, c, CXCursor_CUDAConstantAttr) ||
            fe_has_attr(pc, c, CXCursor_CUDADeviceAttr) ||
            cx->clang_isConstQualifiedType(cx->clang_getCursorType(c)))
            add_decl(pc, c, 0);
        return GM_OK;
    }
    /* a __device__ function declared before its definition (nvdiffrast's
     * Util.inl: a prototype, a caller, then the body): calls before the
     * body name the prototype, which generated code carries in its place
     * (needed.c marks the definition with it) */
    if (k == CXCursor_FunctionDecl && !cx->clang_isCursorDefinition(c) &&
        fe_has_attr(pc, c, CXCursor_CUDADeviceAttr) && !fe_has_attr(pc, c, CXCursor_CUDAGlobalAttr) &&
        !cx->clang_Cursor_isNull(cx->clang_getCursorDefinition(c))) {
        add_decl(pc, c, 0);
        return GM_OK;
    }
    if (k == CXCursor_FunctionDecl && cx->clang_isCursorDefinition(c)) {
        int kernel = is_kernel_def(pc, c), device = fe_has_attr(pc, c, CXCursor_CUDADeviceAttr);
        if (kernel && kernel_elsewhere(pc, c))
            return GM_OK;
        /* a __device__ function that does not compile stays a declaration:
         * the kernels that call it are skipped (needed.c), the rest not */
        if (device && !kernel)
            add_decl(pc, c, 0);
        else if (!skip_broken_function(pc, c, kernel) && kernel &&
                 !past_limit(pc, c, "kernel", adv_model_nkernels(pc->m), GM_MAX_KERNELS, &pc->past_kernels))
            return fe_add_kernel(pc, c);
    }
    return GM_OK;
}

/* Every clang error, located; fe_errors_in charges those inside function
 * bodies to their function. */
static void collect_errors(pctx *pc)
{
    const adv_clang *cx = pc->cx;
    unsigned n = cx->clang_getNumDiagnostics(pc->tu);
    for (unsigned i = 0; i < n; i++) {
        CXDiagnostic d = cx->clang_getDiagnostic(pc->tu, i);
        enum CXDiagnosticSeverity sev = cx->clang_getDiagnosticSeverity(d);
        if (sev >= CXDiagnostic_Error) {
            CXFile f;
            unsigned line = 0, col = 0, off = 0;
            CXSourceLocation loc = cx->clang_getDiagnosticLocation(d);
            cx->clang_getExpansionLocation(loc, &f, NULL, NULL, &off);
            char msg[768], fname[1024];
            /* where the user reads it: a spliced header's own file and line */
            CXString pf;
            cx->clang_getPresumedLocation(loc, &pf, &line, &col);
            adv_cxstr(cx, pf, fname, sizeof fname);
            adv_cxstr(cx, cx->clang_getDiagnosticSpelling(d), msg, sizeof msg);
            if (!f || !fname[0])
                snprintf(fname, sizeof fname, "%s", pc->file);
            /* doubled when full (8, 16, ...): each error holds a whole status, and a
             * file of garbage has thousands */
            if (pc->nerrs >= 8 ? !(pc->nerrs & (pc->nerrs - 1)) : !pc->nerrs)
                pc->errs = gm_xrealloc(pc->errs, (pc->nerrs ? 2 * pc->nerrs : 8) * sizeof *pc->errs);
            perr *e = &pc->errs[pc->nerrs++];
            memset(e, 0, sizeof *e);
            e->in_main = fe_loc_at(pc, loc, 0, &e->off, NULL, NULL);
            e->fatal = sev == CXDiagnostic_Fatal;
            gm_fail_at(&e->st, GM_EINPUT, fname, line, col, "%s", msg);
        }
        cx->clang_disposeDiagnostic(d);
    }
}

/* An error outside the declarations generated code keeps and outside the
 * kernels (host code: a class, a global, a typedef of a library's handle,
 * a using-directive of a library's namespace) costs that code alone, with
 * a note: nothing gmadvise models or generates comes from it. */
static void charge_host_errors(pctx *pc)
{
    const adv_model *m = pc->m;
    for (unsigned i = 0; i < pc->nerrs; i++) {
        perr *err = &pc->errs[i];
        if (err->fatal || err->consumed)
            continue;
        if (!err->in_main) {
            /* in a header of the project that is not spliced (<...>, or
             * through -I): its code is host code to gmadvise too; a
             * kernel that needs it fails to compile on its own */
            if (strncmp(err->st.msg, HEADERS_DIR "/", sizeof HEADERS_DIR)) {
                err->consumed = 1;
                sb_printf(adv_model_notes_buf(pc->m), "%.*s: header code was skipped: it does not compile (%s)\n",
                          (int)err->st.at_len, err->st.msg, gm_status_text(&err->st));
            }
            continue;
        }
        int kept = 0;
        for (unsigned d = 0; d < adv_model_ndecls(m) && !kept; d++) {
            const adv_decl *dd = adv_model_decl(m, d);
            kept = !dd->is_macro && dd->begin <= err->off && err->off <= dd->end;
        }
        if (kept)
            continue;
        err->consumed = 1;
        sb_printf(adv_model_notes_buf(pc->m), "%.*s: host code no kernel uses was skipped: it does not compile (%s)\n",
                  (int)err->st.at_len, err->st.msg, gm_status_text(&err->st));
    }
}

/* The first error no function took: the file's. */
static int fail_on_errors(pctx *pc)
{
    for (unsigned i = 0; i < pc->nerrs; i++)
        if (pc->errs[i].fatal || !pc->errs[i].consumed)
            return gm_fail_status(pc->st, GM_EINPUT, &pc->errs[i].st);
    return GM_OK;
}

/* The folder of the C compiler's own headers (stddef.h, stdarg.h), searched
 * after every other: libclang without its resource headers (a runtime-only
 * package) still parses the system's libc with them.  "" when none. */
static const char *gcc_include_dir(void)
{
    static char dir[256];
    static int done;
    if (done)
        return dir;
    done = 1;
    char probe[300];
    for (int v = 30; v >= 4 && !dir[0]; v--) {
        static const char *const triples[] = {"x86_64-linux-gnu", "aarch64-linux-gnu"};
        for (size_t t = 0; t < sizeof triples / sizeof *triples && !dir[0]; t++) {
            snprintf(probe, sizeof probe, "/usr/lib/gcc/%s/%d/include/stddef.h", triples[t], v);
            if (access(probe, R_OK) == 0)
                snprintf(dir, sizeof dir, "/usr/lib/gcc/%s/%d/include", triples[t], v);
        }
    }
    return dir;
}

/* The files the prelude #includes: a spliced header's folder that has one
 * of them would give the prelude another meaning than the PCH holds. */
static int shadows_prelude(const char *dir)
{
    static const char *const names[] = {"limits.h", "math.h", "stddef.h", "stdint.h", "stdio.h", "stdlib.h",
                                        "string.h", "time.h", "cmath", "cstdlib", "new"};
    char path[1200];
    for (size_t i = 0; i < sizeof names / sizeof *names; i++) {
        snprintf(path, sizeof path, "%s/%s", dir, names[i]);
        if (access(path, F_OK) == 0)
            return 1;
    }
    return 0;
}

/* The prelude's PCH (prelude_pch.h) for this parse, in pch: built with
 * the arguments but for the folders of spliced #includes, which differ
 * from file to file of a project and which the prelude does not search
 * unless one of them shadows a header it includes (then none). */
static int use_pch(pctx *pc, const adv_clang *cx, CXIndex idx, const char **args, unsigned nlead,
                   const char *gcc, struct CXUnsavedFile *un, int user_includes, char *pch, size_t n)
{
    /* C++20 compares each definition the PCH holds with the file's own
     * (ODR hashes): <new>'s operator new against the device one of
     * gmadvise's cuda_runtime.h is "defined differently in different
     * modules" (a file with <string> refused), and libclang 14 and 16
     * crash outright on cuml's sources over raft and rmm; without the PCH
     * both parse */
    if (adv_model_cxx_std(pc->m) >= 20)
        return 0;
    for (unsigned i = 0; i < pc->ninc_dirs; i++)
        if (shadows_prelude(pc->inc_dirs[i]))
            return 0;
    for (unsigned i = 0; i < nlead; i++) /* NVRTC's source (raw_source.h): its prelude, for one file, unkept */
        if (!strcmp(args[i], "-D__CUDACC_RTC__"))
            return 0;
    const char **pargs = gm_xcalloc(nlead + 2, sizeof *pargs);
    memcpy(pargs, args, nlead * sizeof *pargs);
    unsigned np = nlead;
    if (gcc[0]) {
        pargs[np++] = "-idirafter";
        pargs[np++] = gcc;
    }
    /* the system headers the file starts with too (include_pch.h), unless
     * the user's -include files, which come after the prelude, would
     * come after them */
    int ok = !user_includes && fe_includes_pch_for(pc, idx, PRELUDE_PATH, pargs, (int)np, un,
                                                   adv_cuda_headers_count, pch, n);
    ok = ok || fe_prelude_pch(cx, idx, PRELUDE_PATH, pargs, (int)np, un, adv_cuda_headers_count, pch, n);
    free(pargs);
    return ok;
}

static unsigned clang_parses;

unsigned adv_clang_parses(void)
{
    return clang_parses;
}

/* Runs libclang over adv_model_text(m): pc->tu, and *idx to dispose with it;
 * flags added to the parse's. */
static int open_tu(pctx *pc, const adv_parse_opts *opts, CXIndex *idx, unsigned flags)
{
    const adv_clang *cx = pc->cx;
    /* as nvcc: CUDA's headers first, and cuda_runtime.h pre-included */
    static const char *const base_args[] = {
        "-x", "cuda", "--cuda-host-only", "-nocudainc", "-nocudalib", "-std=c++17",
        "-Wno-unknown-cuda-version", "-Wno-register", "-ferror-limit=" GM_STR(GM_MAX_CLANG_ERRORS), "-I" HEADERS_DIR};
    unsigned nb = sizeof base_args / sizeof *base_args, nall = opts ? opts->nclang_args : 0, nu = 0, nf = 0;
    const char *gcc = gcc_include_dir();
    /* then -include the prelude, or -include-pch its PCH; the user's
     * -include FILE pairs (a build's, as openmm prepends vectorOps.cu to
     * its kernels) come after it, last: as nvcc, which pre-includes
     * cuda_runtime.h before them, they may use CUDA's types */
    for (unsigned i = 0; i < nall; i++)
        nf += !strcmp(opts->clang_args[i], "-include") && i + 1 < nall ? 2 : 0;
    unsigned na = nb + (nall - nf) + 2 * pc->ninc_dirs + (gcc[0] ? 2 : 0) + 2 + nf, pre = na - nf;
    const char **args = gm_xcalloc(na, sizeof *args);
    memcpy(args, base_args, sizeof base_args);
    for (unsigned i = 0, f = pre; i < nall; i++) {
        if (!strcmp(opts->clang_args[i], "-include") && i + 1 < nall) {
            args[f++] = opts->clang_args[i];
            args[f++] = opts->clang_args[++i];
        } else {
            args[nb + nu++] = opts->clang_args[i];
        }
    }
    /* a spliced header's folder serves its quoted #includes, as its own
     * folder did where the compiler read it; an <...> one it never served
     * (dmlc-core's dmlc/endian.h is no <endian.h> for sys/types.h) */
    for (unsigned i = 0; i < pc->ninc_dirs; i++) {
        args[nb + nu + 2 * i] = "-iquote";
        args[nb + nu + 2 * i + 1] = pc->inc_dirs[i];
    }
    if (gcc[0]) {
        args[pre - 4] = "-idirafter";
        args[pre - 3] = gcc;
    }
    if (!pc->toolkit_done) {
        pc->toolkit_done = 1;
        if (opts)
            fe_served_overrides((const char *const *)opts->clang_args, opts->nclang_args, &pc->toolkit);
    }
    unsigned nh = adv_cuda_headers_count + pc->nstubs, nt = nh + pc->toolkit.n, nun = nt + pc->rewritten.n + 1;
    struct CXUnsavedFile *un = gm_xcalloc(nun, sizeof *un);
    char (*paths)[1100] = gm_xcalloc(nh, sizeof *paths);
    sb_t *stub_texts = gm_xcalloc(pc->nstubs + 1, sizeof *stub_texts);
    for (unsigned i = 0; i < nh; i++) {
        int is_stub = i >= adv_cuda_headers_count;
        snprintf(paths[i], sizeof paths[i], HEADERS_DIR "/%s",
                 is_stub ? pc->stubs[i - adv_cuda_headers_count] : adv_cuda_headers_names[i]);
        const char *text = adv_cuda_headers_texts[i < adv_cuda_headers_count ? i : 0];
        if (is_stub) {
            sb_t *t = &stub_texts[i - adv_cuda_headers_count];
            sb_init(t);
            fe_served_stub_text(pc->stubs[i - adv_cuda_headers_count], t);
            text = t->s;
        }
        un[i] = (struct CXUnsavedFile){paths[i], text, (unsigned long)strlen(text)};
    }
    for (unsigned i = 0; i < pc->toolkit.n; i++)
        un[nh + i] = (struct CXUnsavedFile){pc->toolkit.path[i], pc->toolkit.text[i],
                                            (unsigned long)strlen(pc->toolkit.text[i])};
    for (unsigned i = 0; i < pc->rewritten.n; i++)
        un[nt + i] = (struct CXUnsavedFile){pc->rewritten.path[i], pc->rewritten.text[i],
                                            (unsigned long)strlen(pc->rewritten.text[i])};
    un[nun - 1] = (struct CXUnsavedFile){pc->file, adv_model_text(pc->m), adv_model_text_len(pc->m)};
    /* excludeDeclarationsFromPCH: a walk of the translation unit meets the
     * file's own declarations and macros, not the ten thousand of the
     * prelude's PCH (the PCH's system macros are read from its list,
     * fe_pch_macros) */
    *idx = cx->clang_createIndex(1, 0);
    char pch[1200];
    int with_pch = use_pch(pc, cx, *idx, args, nb + nu, gcc, un, nf > 0, pch, sizeof pch);
again:
    args[pre - 2] = with_pch ? "-include-pch" : "-include";
    args[pre - 1] = with_pch ? pch : PRELUDE_PATH;
    /* libclang reports a crash it recovered from (std::bad_alloc when a
     * declaration asks for hundreds of GB) on stderr itself: the error
     * below says it, once */
    fflush(stderr);
    int saved = dup(STDERR_FILENO), devnull = open("/dev/null", O_WRONLY);
    if (saved >= 0 && devnull >= 0)
        dup2(devnull, STDERR_FILENO);
    fe_guard_begin();
    enum CXErrorCode ec = cx->clang_parseTranslationUnit2(
        *idx, pc->file, args, (int)na, un, nun,
        CXTranslationUnit_DetailedPreprocessingRecord | flags,
        &pc->tu);
    fe_guard_end();
    clang_parses++;
    if (saved >= 0 && devnull >= 0)
        dup2(saved, STDERR_FILENO);
    if (saved >= 0)
        close(saved);
    if (devnull >= 0)
        close(devnull);
    /* a PCH libclang cannot read (torn, from another build of libclang)
     * fails the whole parse; one it refuses (a system header changed
     * since) is a fatal error: either way, parsed again without it */
    if (with_pch && (ec == CXError_Failure || ec == CXError_ASTReadError ||
                     (ec == CXError_Success && pc->tu && fe_prelude_pch_refused(cx, pc->tu, pch)))) {
        if (pc->tu)
            cx->clang_disposeTranslationUnit(pc->tu);
        pc->tu = NULL;
        unlink(pch);
        with_pch = 0;
        goto again;
    }
    snprintf(pc->pch, sizeof pc->pch, "%s", with_pch ? pch : "");
    free(args);
    free(un);
    free(paths);
    for (unsigned i = 0; i < pc->nstubs; i++)
        sb_free(&stub_texts[i]);
    free(stub_texts);
    if (ec != CXError_Success || !pc->tu) {
        cx->clang_disposeIndex(*idx);
        if (ec == CXError_Crashed)
            return gm_fail_at(pc->st, GM_EINPUT, pc->file, 1, 1, "libclang crashed parsing the file (out of memory: "
                                              "a declaration may ask for more than this machine has)");
        return gm_fail_at(pc->st, GM_EINPUT, pc->file, 1, 1, "libclang could not parse the file (code %d)", (int)ec);
    }
    return GM_OK;
}

static void add_stub(pctx *pc, const char *name)
{
    pc->stubs = gm_xrealloc(pc->stubs, (pc->nstubs + 1) * sizeof *pc->stubs);
    pc->stubs[pc->nstubs++] = gm_xstrdup(name);
}

/* The header error e says clang found nowhere ("'NAME' file not found"),
 * in header, and the length of e's "FILE:LINE:COL" in *at_len; 0 when e
 * is another error. */
static int missing_header(const perr *e, char *header, size_t n, size_t *at_len)
{
    static const char tail[] = "' file not found";
    const char *msg = e->st.msg, *name = strstr(msg, ": error: '");
    size_t len = strlen(msg), nt = sizeof tail - 1;
    if (!name || len < nt || strcmp(msg + len - nt, tail))
        return 0;
    snprintf(header, n, "%.*s", (int)(msg + len - nt - name - 10), name + 10);
    *at_len = (size_t)(name - msg);
    return 1;
}

/* Serves header (missing_header of e) empty, said in a note. */
static void serve_empty(pctx *pc, const perr *e, const char *header, size_t at_len, unsigned *served)
{
    add_stub(pc, header);
    if (!(*served)++)
        gm_status_set(&pc->missing, &e->st);
    sb_printf(&pc->stub_notes, "%.*s: %s not found (a header the project's build finds elsewhere? give its "
                               "folder with -I): served empty, and the code that needs it is skipped\n",
              (int)at_len, e->st.msg, header);
}

static int is_stub(const pctx *pc, const char *header)
{
    for (unsigned s = 0; s < pc->nstubs; s++)
        if (!strcmp(pc->stubs[s], header))
            return 1;
    return 0;
}

/* An #include clang finds nowhere stops the parse (a fatal error): the
 * header is served empty, said in a note, so that the code needing it
 * fails to compile and costs its own function instead of the file.  1
 * when one was served (the file is then parsed again). */
static int serve_missing(pctx *pc, unsigned *served)
{
    for (unsigned i = 0; i < pc->nerrs && *served < GM_MAX_MISSING_HEADERS; i++) {
        char header[1024];
        size_t at_len;
        if (!pc->errs[i].fatal || !missing_header(&pc->errs[i], header, sizeof header, &at_len))
            continue;
        if (is_stub(pc, header))
            return 0; /* served and still not found (a path clang does not map): the error stands */
        serve_empty(pc, &pc->errs[i], header, at_len, served);
        return 1;
    }
    return 0;
}

/* The missing headers of a parse made with CXTranslationUnit_KeepGoing
 * (missing_headers.h), each served as serve_missing would, in the order
 * clang met them; how many, and in at[] where each #include is
 * ("FILE:LINE:COL", free them).  None when one of them is served already
 * (serve_missing then says it). */
static unsigned serve_all_missing(pctx *pc, unsigned *served, char ***at)
{
    char header[1024];
    size_t at_len;
    *at = NULL;
    for (unsigned i = 0; i < pc->nerrs; i++)
        if (missing_header(&pc->errs[i], header, sizeof header, &at_len) && is_stub(pc, header))
            return 0;
    unsigned n = 0;
    for (unsigned i = 0; i < pc->nerrs && *served < GM_MAX_MISSING_HEADERS; i++)
        if (missing_header(&pc->errs[i], header, sizeof header, &at_len) && !is_stub(pc, header)) {
            serve_empty(pc, &pc->errs[i], header, at_len, served);
            *at = gm_xrealloc(*at, (n + 1) * sizeof **at);
            (*at)[n] = gm_xcalloc(at_len + 1, 1);
            memcpy((*at)[n++], pc->errs[i].st.msg, at_len);
        }
    return n;
}

/* 1 when the stubs from..from+n-1 served at once were first included by
 * pc->tu in the order they were served, each at[i]: serving them one at a
 * time finds the same (missing_headers.h). */
static int served_as_one_by_one(pctx *pc, unsigned from, unsigned n, char **at)
{
    const char **paths = gm_xcalloc(n + 1, sizeof *paths);
    char (*buf)[1100] = gm_xcalloc(n + 1, sizeof *buf);
    for (unsigned i = 0; i < n; i++) {
        snprintf(buf[i], sizeof buf[i], HEADERS_DIR "/%s", pc->stubs[from + i]);
        paths[i] = buf[i];
    }
    int ok = fe_stubs_included_as(pc->cx, pc->tu, paths, (const char *const *)at, n);
    free(paths);
    free(buf);
    return ok;
}

/* 1 when the first parse may serve the headers the include walk predicted
 * missing (missing_headers.h): few enough, and none of them a file in a
 * folder clang searches. */
static int predictable(const pctx *pc, const adv_parse_opts *opts)
{
    if (!pc->npredicted || pc->npredicted >= GM_MAX_MISSING_HEADERS || pc->predict_off)
        return 0;
    unsigned nd = pc->npredicted + pc->ninc_dirs + 1;
    const char **dirs = gm_xcalloc(nd, sizeof *dirs);
    char own[4096];
    const char *slash = strrchr(pc->file, '/');
    snprintf(own, sizeof own, "%.*s", slash ? (int)(slash - pc->file) : 1, slash ? pc->file : ".");
    dirs[0] = own;
    for (unsigned i = 0; i < pc->npredicted; i++)
        dirs[1 + i] = pc->predicted_from[i];
    for (unsigned i = 0; i < pc->ninc_dirs; i++)
        dirs[1 + pc->npredicted + i] = pc->inc_dirs[i];
    int ok = 1;
    for (unsigned i = 0; i < pc->npredicted && ok; i++)
        ok = !fe_found_in_folders(pc->predicted[i], dirs, nd, opts ? (const char *const *)opts->clang_args : NULL,
                                  opts ? opts->nclang_args : 0);
    free(dirs);
    return ok;
}

static void forget_predicted(pctx *pc)
{
    for (unsigned i = 0; i < pc->npredicted; i++) {
        free(pc->predicted[i]);
        free(pc->predicted_from[i]);
    }
    pc->npredicted = 0;
}

/* After the parse that served the predicted headers as stubs from..:
 * whether it is the parse discovering them would have led to.  1: no
 * other header is missing and it included each of them: they are served
 * as serve_all_missing serves them, in the order clang first included
 * them, each with the error clang gives an #include found nowhere.  2:
 * no other is missing, some were not included (a branch the preprocessor
 * left out: <GLUT/glut.h> on Linux): those included are served so, and
 * their #includes in *at (n_at of them, "FILE:LINE:COL"), to be checked
 * by the parse again as a discovered batch is.  0: neither (the stubs
 * left as they were). */
static int predicted_as_discovered(pctx *pc, unsigned from, unsigned *served, char ***at_out, unsigned *n_at)
{
    unsigned n = pc->nstubs - from, k = 0;
    if (fe_guard_refused())
        return 0;
    for (unsigned i = 0; i < pc->nerrs; i++)
        if (strstr(pc->errs[i].st.msg, "file not found"))
            return 0;
    const char **paths = gm_xcalloc(n + 1, sizeof *paths);
    char (*buf)[1100] = gm_xcalloc(n + 1, sizeof *buf);
    unsigned *order = gm_xcalloc(n + 1, sizeof *order);
    char (*at)[FE_AT_MAX] = gm_xcalloc(n + 1, sizeof *at);
    perr *errs = gm_xcalloc(n + 1, sizeof *errs);
    for (unsigned i = 0; i < n; i++) {
        snprintf(buf[i], sizeof buf[i], HEADERS_DIR "/%s", pc->stubs[from + i]);
        paths[i] = buf[i];
    }
    unsigned found = fe_stubs_included(pc->cx, pc->tu, paths, n, order, at);
    int ok = !fe_included_files_ask(pc->cx, pc->tu, (const char *const *)pc->stubs + from, n);
    for (; k < found && ok; k++) { /* the error clang gives it: collect_errors' */
        char *col = strrchr(at[k], ':'), *line = NULL;
        if (col) {
            *col = '\0';
            line = strrchr(at[k], ':');
            *col = ':';
        }
        char header[1024];
        size_t at_len;
        ok = line && line > at[k];
        if (ok) {
            char file[FE_AT_MAX];
            snprintf(file, sizeof file, "%.*s", (int)(line - at[k]), at[k]);
            gm_fail_at(&errs[k].st, GM_EINPUT, file, (unsigned)strtoul(line + 1, NULL, 10),
                       (unsigned)strtoul(col + 1, NULL, 10), "'%s' file not found", pc->stubs[from + order[k]]);
            ok = missing_header(&errs[k], header, sizeof header, &at_len) &&
                 !strcmp(header, pc->stubs[from + order[k]]) && at_len == strlen(at[k]);
        }
    }
    if (ok) {
        char **names = gm_xcalloc(n + 1, sizeof *names);
        for (unsigned i = 0; i < n; i++)
            names[i] = pc->stubs[from + i];
        pc->nstubs = from;
        for (k = 0; k < found; k++) {
            char header[1024];
            size_t at_len;
            missing_header(&errs[k], header, sizeof header, &at_len);
            serve_empty(pc, &errs[k], header, at_len, served);
        }
        for (unsigned i = 0; i < n; i++)
            free(names[i]);
        free(names);
        if (found < n) {
            *at_out = gm_xcalloc(found + 1, sizeof **at_out);
            for (k = 0; k < found; k++)
                (*at_out)[k] = gm_xstrdup(at[k]);
            *n_at = found;
        }
    }
    free(paths);
    free(buf);
    free(order);
    free(at);
    free(errs);
    return !ok ? 0 : found < n ? 2 : 1;
}

/* Parses adv_model_text(m) into the model; with `more`, appends to it the concrete
 * instances of the file's template kernels (to be parsed again). */
/* A parse given up (to parse again, or on a refused #include): its errors,
 * translation unit and index freed, so that the next attempt starts clean. */
static void drop_parse(pctx *pc, const adv_clang *cx, CXIndex idx)
{
    free(pc->errs);
    pc->errs = NULL;
    pc->nerrs = 0;
    cx->clang_disposeTranslationUnit(pc->tu);
    cx->clang_disposeIndex(idx);
    pc->tu = NULL;
}

static int parse_text(pctx *pc, const adv_parse_opts *opts, sb_t *more)
{
    const adv_clang *cx = pc->cx;
    CXIndex idx;
    unsigned served = 0, batch_from = 0, batch_n = 0;
    size_t notes_len = 0;
    char **batch_at = NULL;
    int failed = 0;
    for (;;) {
        /* the file's first parse names every header found nowhere
         * (missing_headers.h); when one is likely, it skips function
         * bodies, as it is made again */
        int discover = !pc->discovered, skip = discover && pc->likely_missing;
        /* or it serves at once the headers the include walk found nowhere,
         * and is the parse (missing_headers.h) */
        unsigned predicted_at = pc->nstubs;
        int predict = discover && predictable(pc, opts);
        for (unsigned i = 0; predict && i < pc->npredicted; i++)
            add_stub(pc, pc->predicted[i]);
        if (predict)
            discover = skip = 0;
        pc->discovered = 1;
        unsigned flags = discover ? CXTranslationUnit_KeepGoing : 0;
        if ((failed = open_tu(pc, opts, &idx, flags | (skip ? CXTranslationUnit_SkipFunctionBodies : 0)) != GM_OK))
            break;
        pc->cxfile = cx->clang_getFile(pc->tu, pc->file);
        pc->prelude = cx->clang_getFile(pc->tu, PRELUDE_PATH);
        collect_errors(pc);
        /* a header's namespace attribute refused (libclang before 16):
         * that header served without it, and parsed again */
        int again = fe_unrefuse_namespace_attributes(pc) > 0;
        if (predict) {
            notes_len = pc->stub_notes.len;
            /* a parse made again for a refused attribute is no prediction kept */
            int as = again ? 0 : predicted_as_discovered(pc, predicted_at, &served, &batch_at, &batch_n);
            if (!as) {
                for (unsigned i = predicted_at; i < pc->nstubs; i++)
                    free(pc->stubs[i]);
                pc->nstubs = predicted_at;
                pc->discovered = 0; /* discovered, as before */
            }
            batch_from = predicted_at;
            again |= as != 1;
            forget_predicted(pc);
        } else if (discover) {
            if (!fe_guard_refused()) {
                batch_from = pc->nstubs;
                notes_len = pc->stub_notes.len;
                batch_n = serve_all_missing(pc, &served, &batch_at);
            }
            /* with no error it is the parse without KeepGoing; with one
             * (a fatal error reported as an error, and clang went on) it is
             * made again */
            again |= pc->nerrs > 0 || skip;
        } else if (batch_n) {
            char header[1024];
            size_t at_len;
            int fatal_missing = 0;
            for (unsigned i = 0; i < pc->nerrs; i++)
                fatal_missing |= pc->errs[i].fatal && missing_header(&pc->errs[i], header, sizeof header, &at_len);
            if (fatal_missing || !served_as_one_by_one(pc, batch_from, batch_n, batch_at)) {
                /* not what one at a time serves: served so, from the start */
                for (unsigned i = batch_from; i < pc->nstubs; i++)
                    free(pc->stubs[i]);
                pc->nstubs = batch_from;
                pc->stub_notes.len = notes_len;
                if (pc->stub_notes.s)
                    pc->stub_notes.s[notes_len] = '\0';
                gm_status_init(&pc->missing);
                served = 0;
                again = 1;
            }
            for (unsigned i = 0; i < batch_n; i++)
                free(batch_at[i]);
            free(batch_at);
            batch_at = NULL;
            batch_n = 0;
        }
        if (again) {
            drop_parse(pc, cx, idx);
            continue;
        }
        const char *refused = fe_guard_refused();
        if (refused) { /* clang said "not found": where, and the real reason */
            const perr *at = NULL;
            for (unsigned i = 0; i < pc->nerrs && !at; i++)
                if (strstr(pc->errs[i].st.msg, "' file not found"))
                    at = &pc->errs[i];
            if (at) {
                char file[sizeof at->st.msg];
                snprintf(file, sizeof file, "%.*s", (int)at->st.file_len, at->st.msg);
                gm_fail_at(pc->st, GM_EINPUT, file, at->st.line, at->st.col, "#include of %s", refused);
            } else /* no location (-include FILE): the file's start */
                gm_fail_at(pc->st, GM_EINPUT, pc->file, 1, 1, "#include of %s", refused);
            drop_parse(pc, cx, idx);
            return pc->st->code;
        }
        if (!serve_missing(pc, &served))
            break;
        free(pc->errs);
        pc->errs = NULL;
        pc->nerrs = 0;
        cx->clang_disposeTranslationUnit(pc->tu);
        cx->clang_disposeIndex(idx);
    }
    for (unsigned i = 0; i < batch_n; i++) /* open_tu failed after a batch */
        free(batch_at[i]);
    free(batch_at);
    if (failed)
        return pc->st->code;
    sb_puts(adv_model_notes_buf(pc->m), pc->stub_notes.s ? pc->stub_notes.s : "");
    /* a fatal error (a missing #include, too many errors) stopped clang:
     * nothing after it was parsed, and the first error says why */
    for (unsigned i = 0; i < pc->nerrs && pc->st->code == GM_OK; i++)
        if (pc->errs[i].fatal && served == GM_MAX_MISSING_HEADERS && strstr(pc->errs[i].st.msg, "' file not found")) {
            /* past the limit: this header is the error, not the first one served */
            char why[160];
            snprintf(why, sizeof why, " (%u headers found nowhere were served empty before it, the most gmadvise serves)",
                     served);
            gm_fail_status(pc->st, GM_EINPUT, &pc->errs[i].st);
            gm_status_append(pc->st, why);
            gm_status_init(&pc->missing);
        } else if (pc->errs[i].fatal && strstr(pc->errs[i].st.msg, "too many errors emitted")) {
            gm_fail_status(pc->st, GM_EINPUT, &pc->errs[0].st);
            gm_status_append(pc->st, " (clang stopped after " GM_STR(GM_MAX_CLANG_ERRORS) " errors, the most gmadvise "
                                     "reads a file: what follows them was not parsed)");
        } else if (pc->errs[i].fatal) {
            gm_fail_status(pc->st, GM_EINPUT, &pc->errs[0].st);
        }
    if (pc->st->code == GM_OK) {
        fe_tokenize_main(pc);
        cvec top = fe_top(pc);
        for (unsigned i = 0; i < top.n && pc->st->code == GM_OK; i++)
            if (fe_cursor_in_main(pc, top.v[i]))
                visit_top(pc, top.v[i]);
        free(top.v);
        if (pc->st->code == GM_OK)
            fe_read_launches(pc);
        /* templates count as kernels to come only before their instances are made */
        if (pc->st->code == GM_OK && fe_keep_needed(pc) == GM_OK && !pc->kern_cur.n &&
            (!pc->templates.n || !more) && pc->broken_kernel)
            gm_fail_status(pc->st, GM_EINPUT, pc->broken_kernel);
        if (pc->st->code == GM_OK) {
            if (pc->kern_cur.n + pc->templates.n)
                charge_host_errors(pc);
            if (fail_on_errors(pc) == GM_OK && more && pc->templates.n)
                fe_instantiate_templates(pc, more);
        }
        free(pc->tok_off);
        free(pc->tok_str);
        pc->tok_off = NULL;
        pc->tok_str = NULL;
    }
    free(pc->errs);
    free(pc->fails);
    free(pc->decl_cur.v);
    free(pc->kern_cur.v);
    pc->ntemplates = pc->templates.n;
    pc->broken_kernel = NULL;
    free(pc->templates.v);
    free(pc->host_templates.v);
    pc->errs = NULL;
    pc->fails = NULL;
    pc->nerrs = pc->nfails = 0;
    pc->decl_cur = pc->kern_cur = pc->templates = pc->host_templates = (cvec){NULL, 0, 0};
    cx->clang_disposeTranslationUnit(pc->tu);
    cx->clang_disposeIndex(idx);
    pc->tu = NULL;
    return pc->st->code;
}

/* ---- includes ------------------------------------------------------------ */

#define MAX_INCLUDE_FILES 256 /* headers followed by check_includes */

typedef struct {
    const adv_parse_opts *opts;
    unsigned files;   /* read so far */
    gm_status *st;
    pctx *pc;         /* gets the library headers to stub */
    char **seen;      /* the headers read: each once, however often included */
} inc_walk;

/* 1 when path was read before (a header a project includes from many of
 * its headers is walked once: AMGX's reach thousands of #include lines
 * through a few hundred files); else remembers it. */
static int walked(inc_walk *w, const char *path)
{
    for (unsigned i = 0; i < w->files; i++)
        if (!strcmp(w->seen[i], path))
            return 1;
    w->seen = gm_xrealloc(w->seen, (w->files + 1) * sizeof *w->seen);
    w->seen[w->files++] = gm_xstrdup(path);
    return 0;
}

/* CUDA library headers gmadvise does not parse: served empty (served.c
 * says which and why), so that the code that needs them fails to compile
 * and is skipped with a note, function by function, instead of the whole
 * file.  CUB's and thrust's are served as an #include of gmadvise's one
 * declaring header for each (cub/cub.cuh, thrust/thrust.h), said nowhere. */
static int stubbed_library(const char *name)
{
    return fe_served_library(name);
}

static void stub_library(inc_walk *w, const char *from, unsigned line, const char *name, int say)
{
    pctx *pc = w->pc;
    for (unsigned i = 0; i < pc->nstubs; i++)
        if (!strcmp(pc->stubs[i], name))
            return;
    add_stub(pc, name);
    if (say)
        sb_printf(&pc->stub_notes, "%s:%u: <%s> is a CUDA library header gmadvise does not parse: the code "
                               "that needs it is skipped\n", from, line, name);
}

/* Where `#include "name"` (quoted) or <name> finds its file: the path when
 * absolute, the including file's folder (quoted only), then each -I
 * folder.  0 when nothing of that name exists (libclang will say so, or
 * find it in a system folder, whose files are regular). */
static int resolve_include(const inc_walk *w, const char *from, const char *name, int quoted,
                           char *out, size_t n, struct stat *sb, int *in_system)
{
    *in_system = 0;
    if (name[0] == '/') {
        snprintf(out, n, "%s", name);
        return stat(out, sb) == 0;
    }
    const char *slash = strrchr(from, '/');
    if (quoted) {
        snprintf(out, n, "%.*s%s", slash ? (int)(slash - from + 1) : 0, from, name);
        if (stat(out, sb) == 0)
            return 1;
    }
    for (unsigned i = 0; w->opts && i < w->opts->nclang_args; i++) {
        const char *a = w->opts->clang_args[i], *next = i + 1 < w->opts->nclang_args ? w->opts->clang_args[i + 1] : NULL;
        /* -I, -isystem and (for quoted names) -iquote folders, in the order given */
        const char *dir = !strcmp(a, "-I") || !strcmp(a, "-isystem") || (quoted && !strcmp(a, "-iquote")) ? next
                          : !strncmp(a, "-I", 2) ? a + 2
                          : !strncmp(a, "-isystem", 8) ? a + 8
                          : NULL;
        if (dir && *dir) {
            snprintf(out, n, "%s/%s", dir, name);
            if (stat(out, sb) == 0) {
                *in_system = !strncmp(a, "-isystem", 8);
                return 1;
            }
        }
    }
    return 0;
}

static void free_walk(inc_walk *w)
{
    for (unsigned i = 0; i < w->files; i++)
        free(w->seen[i]);
    free(w->seen);
    w->seen = NULL;
    w->files = 0;
}

/* Every #include line of `text` (from file `from`), and of the headers they
 * reach: a target that is a pipe or a device (#include "/dev/zero") would
 * be read without end by libclang, so it is refused at its line, as the
 * main file is. */
/* One of gmadvise's own headers, served to clang. */
static int served_header(const char *name)
{
    for (unsigned i = 0; i < adv_cuda_headers_count; i++)
        if (!strcmp(name, adv_cuda_headers_names[i]))
            return 1;
    return 0;
}

/* An #include likely found nowhere: its name and its file's folder, each
 * name once (missing_headers.h). */
static void predict_missing(pctx *pc, const char *from, const char *name)
{
    pc->likely_missing = 1;
    for (unsigned i = 0; i < pc->npredicted; i++)
        if (!strcmp(pc->predicted[i], name))
            return;
    const char *slash = strrchr(from, '/');
    char dir[4096];
    snprintf(dir, sizeof dir, "%.*s", slash ? (int)(slash - from) : 1, slash ? from : ".");
    pc->predicted = gm_xrealloc(pc->predicted, (pc->npredicted + 1) * sizeof *pc->predicted);
    pc->predicted_from = gm_xrealloc(pc->predicted_from, (pc->npredicted + 1) * sizeof *pc->predicted_from);
    pc->predicted[pc->npredicted] = gm_xstrdup(name);
    pc->predicted_from[pc->npredicted++] = gm_xstrdup(dir);
}

static int check_includes(inc_walk *w, const char *from, const char *text, int depth)
{
    unsigned line = 1;
    fe_branches br;
    fe_branches_init(&br, w->opts ? (const char *const *)w->opts->clang_args : NULL, w->opts ? w->opts->nclang_args : 0);
    if (w->pc && strstr(text, "__has_include")) /* serving a header could change its answer */
        w->pc->predict_off = 1;
    for (const char *l = text; *l && w->st->code == GM_OK; line++) {
        const char *eol = strchr(l, '\n'), *p = l;
        size_t len = eol ? (size_t)(eol - l) : strlen(l);
        while (p < l + len && (*p == ' ' || *p == '\t'))
            p++;
        if (p < l + len && *p == '#') {
            for (p++; p < l + len && (*p == ' ' || *p == '\t'); p++)
                ;
            fe_branch_line(&br, p, (size_t)(l + len - p));
            if ((size_t)(l + len - p) > 7 && !strncmp(p, "include", 7)) {
                for (p += 7; p < l + len && (*p == ' ' || *p == '\t'); p++)
                    ;
                char close = *p == '"' ? '"' : *p == '<' ? '>' : 0;
                const char *end = close ? memchr(p + 1, close, (size_t)(l + len - p - 1)) : NULL;
                char name[1024], path[2048];
                struct stat sb;
                if (end && (size_t)(end - p - 1) < sizeof name) {
                    snprintf(name, sizeof name, "%.*s", (int)(end - p - 1), p + 1);
                    int sys;
                    int found = resolve_include(w, from, name, close == '"', path, sizeof path, &sb, &sys);
                    if (w->pc && stubbed_library(name) && !(found && close == '"'))
                        stub_library(w, from, line, name, !fe_served_declared(name));
                    else if (!found && w->pc && !fe_branch_not_taken(&br) && !served_header(name) &&
                             fe_likely_missing(name))
                        predict_missing(w->pc, from, name);
                    else if (found) {
                        if (w->pc && S_ISREG(sb.st_mode)) { /* an #include that reaches the toolkit */
                            char dir[2048];
                            const char *sl = strrchr(path, '/');
                            snprintf(dir, sizeof dir, "%.*s", sl ? (int)(sl - path) : 1, sl ? path : ".");
                            fe_served_folder(dir, &w->pc->toolkit);
                        }
                        if (!S_ISREG(sb.st_mode) && !S_ISDIR(sb.st_mode))
                            return gm_fail_at(w->st, GM_EINPUT, from, line, (unsigned)(p - l + 1),
                                           "#include %c%s%c is not a regular file (a pipe or "
                                           "a device?): refused, as it might never end", *p, name, close);
                        /* quoted, or <...> found in a -I folder: the project's own
                         * headers, whose library #includes are served from the start
                         * (each found missing later costs a parse) */
                        if (S_ISREG(sb.st_mode) && depth < 16 &&
                            !(w->pc && fe_overridden(&w->pc->toolkit, path)) &&
                            w->files < MAX_INCLUDE_FILES && sb.st_size <= MAX_FILE_BYTES && !walked(w, path)) {
                            char *sub = gm_read_file(path, NULL);
                            gm_blank_bom(sub);
                            if (sub)
                                check_includes(w, path, sub, depth + 1);
                            free(sub);
                        }
                    }
                }
            }
        }
        l += len + (eol ? 1 : 0);
    }
    return w->st->code;
}

/* -include FILE and -imacros FILE (a compile database's, or after --): a
 * FIFO or a device is refused before libclang would open it (the file
 * guard refuses it there too, where no location names the option). */
static int check_forced_includes(const char *file, const adv_parse_opts *opts, gm_status *st)
{
    for (unsigned i = 0; opts && i < opts->nclang_args; i++) {
        const char *a = opts->clang_args[i], *path = NULL;
        static const char *const opts_with_file[] = {"-include", "-imacros", "--include", "--imacros"};
        for (size_t o = 0; o < sizeof opts_with_file / sizeof *opts_with_file && !path; o++) {
            size_t n = strlen(opts_with_file[o]);
            if (!strncmp(a, opts_with_file[o], n))
                path = a[n] == '\0' ? (i + 1 < opts->nclang_args ? opts->clang_args[i + 1] : NULL)
                       : a[n] == '=' ? a + n + 1
                       : !strcmp(opts_with_file[o], "-include") || !strcmp(opts_with_file[o], "-imacros") ? a + n
                                                                                                     : NULL;
        }
        struct stat sb;
        if (path && stat(path, &sb) == 0 && !S_ISREG(sb.st_mode))
            return gm_fail_at(st, GM_EINPUT, file, 1, 1, "%s%s%s: not a regular file (a pipe or a device?): refused, "
                                          "as reading it might never end", a,
                           path == opts->clang_args[i + 1 < opts->nclang_args ? i + 1 : i] ? " " : "",
                           path == opts->clang_args[i + 1 < opts->nclang_args ? i + 1 : i] ? path : "");
        if (path && stat(path, &sb) == 0 && (unsigned long long)sb.st_size > MAX_FILE_BYTES)
            return gm_fail_at(st, GM_EINPUT, file, 1, 1, "-include %s is %lld bytes; gmadvise reads at most %u", path,
                              (long long)sb.st_size, MAX_FILE_BYTES);
    }
    return GM_OK;
}

static int load_text(const char *file, const adv_parse_opts *opts, adv_model *m, int *rtc, gm_status *st)
{
    if (check_forced_includes(file, opts, st) != GM_OK)
        return st->code;
    if (opts && opts->text) {
        char *text = gm_xmalloc(opts->text_len + 1);
        memcpy(text, opts->text, opts->text_len);
        text[opts->text_len] = '\0';
        adv_model_set_text(m, text, opts->text_len);
        return GM_OK;
    }
    struct stat sb;
    if (stat(file, &sb) != 0)
        return gm_fail_at(st, GM_EINPUT, file, 1, 1, "cannot open: %s", strerror(errno));
    if (S_ISDIR(sb.st_mode))
        return gm_fail_at(st, GM_EINPUT, file, 1, 1, "is a directory, expected a header file");
    /* a FIFO or a device would block or never end */
    if (!S_ISREG(sb.st_mode))
        return gm_fail_at(st, GM_EINPUT, file, 1, 1, "not a regular file (a pipe or a device?), expected a "
                                      "header file");
    if ((unsigned long long)sb.st_size > MAX_FILE_BYTES)
        return gm_fail_at(st, GM_EINPUT, file, 1, 1, "file is %lld bytes; gmadvise reads at most %u",
                          (long long)sb.st_size, MAX_FILE_BYTES);
    size_t len = 0;
    char *text = gm_read_file(file, &len);
    if (!text)
        return gm_fail_at(st, GM_EINPUT, file, 1, 1, "cannot read: %s", strerror(errno));
    gm_blank_bom(text);
    *rtc = fe_raw_source_unwrap(file, text, len, adv_model_notes_buf(m)); /* NVRTC's source, as NVRTC reads it */
    adv_model_set_text(m, text, (unsigned)len);
    if (memchr(text, '\0', len))
        return gm_fail_at(st, GM_EINPUT, file, 1, 1, "binary file (contains NUL bytes)");
    return GM_OK;
}

/* NAME or NAME(A, B): a function-like macro as a build passes it
 * (openmm's -D'BALLOT(var)=__ballot_sync(0xffffffff, var);'), each
 * parameter an identifier or `...`. */
static int macro_name_ok(const char *name)
{
    const char *open = strchr(name, '(');
    if (!open)
        return adv_identifier_ok(name);
    char id[ADV_NAME_MAX];
    snprintf(id, sizeof id, "%.*s", (int)(open - name), name);
    if (!adv_identifier_ok(id) || name[strlen(name) - 1] != ')')
        return 0;
    const char *p = open + 1, *end = name + strlen(name) - 1;
    if (p == end)
        return 1;
    for (;;) {
        while (*p == ' ')
            p++;
        size_t len = strcspn(p, ",)");
        while (len && p[len - 1] == ' ')
            len--;
        snprintf(id, sizeof id, "%.*s", (int)len, p);
        if (!(adv_identifier_ok(id) || !strcmp(id, "...")) || len >= sizeof id)
            return 0;
        p += strcspn(p, ",)");
        if (p == end)
            return 1;
        p++;
    }
}

/* The -D definitions among the parser arguments, kept for generated code
 * (NVRTC must see what libclang saw): NAME[=VALUE], NAME an identifier
 * or a function-like macro's NAME(ARGS), VALUE on one line. */
static int keep_defines(adv_model *m, const adv_parse_opts *opts, gm_status *st)
{
    for (unsigned i = 0; opts && i < opts->nclang_args; i++) {
        const char *a = opts->clang_args[i], *d = NULL;
        if (!strcmp(a, "-D") && i + 1 < opts->nclang_args)
            d = opts->clang_args[++i];
        else if (!strncmp(a, "-D", 2) && a[2])
            d = a + 2;
        /* -std=c++20, gnu++2a: the standard generated code is compiled for too */
        if (!strncmp(a, "-std=", 5) && strstr(a, "++")) {
            const char *v = strstr(a, "++") + 2;
            unsigned std = !strcmp(v, "2a") || !strcmp(v, "2b") || !strcmp(v, "2c") ? 20 : (unsigned)atoi(v);
            adv_model_set_cxx_std(m, std < 90 && std >= 20 ? 20 : 0); /* NVRTC's newest: 20; 98, 03: 0 */
        }
        if (!d)
            continue;
        size_t n = strcspn(d, "=");
        char name[ADV_NAME_MAX];
        snprintf(name, sizeof name, "%.*s", (int)(n < sizeof name ? n : sizeof name - 1), d);
        if (n >= sizeof name || !macro_name_ok(name) || strpbrk(d, "\n\r"))
            return gm_fail(st, GM_EINPUT, "-D %s: expected NAME, NAME=VALUE or NAME(ARGS)=VALUE on one line", d);
        adv_model_add_define(m, d);
    }
    return GM_OK;
}

/* The user's own headers are part of what gmadvise analyses, as in a
 * unity build: each quoted #include that names a file of the user's
 * (beside the including file, or in a -I or -isystem folder), each <...>
 * one that defines no kernel found in an -isystem folder (a project's
 * types given as a system folder; a library's kernels stay the
 * library's), and each <...> one found in an -I folder that holds the main
 * file (the project's root: ccminer's <cuda_helper.h> with -I ., faiss's
 * <faiss/gpu/utils/Tensor.cuh>; kernels and all, as a quoted one: a copy
 * spliced beside the real file that a header left to clang includes would
 * define everything twice) is spliced into the text (<...> through
 * another -I stays clang's, as a library's)
 * between #line directives, so that clang parses it in place and every
 * position still names its own file and line.  Kernels written to be
 * #included by one .cu are then analysed in its context, structs declared
 * in a header are modelled and carried into generated code, and an error
 * in a header's host code costs that code only.  The folders of spliced
 * files join the include path.
 *
 * An #include under #if is spliced too, inside its #if: the preprocessor
 * still decides (sss: kernels.cu under #ifdef USE_GPU, in a .cpp under
 * #ifndef SSSMOVES_CPP).  A file is spliced again only where the first
 * copy may have been skipped (it sat under #if); once it was reached for
 * certain, a second #include is dropped where its guard would drop it,
 * else left to clang.  #pragma once means nothing in one spliced text, so
 * such a file gets a guard of its own. */
#define MAX_SPLICE_DEPTH 8

typedef struct {
    inc_walk *w;
    pctx *pc;
    char main_dir[4096]; /* the main file's folder (real path) */
    char **done;  /* files spliced so far (real paths) */
    unsigned char *certain; /* done[i] was spliced outside every #if */
    unsigned ndone;
    if_groups groups;  /* the #if groups open where the splicer is */
    unsigned **at_groups, *nat_groups; /* those open where done[i] was spliced */
} splice_t;

typedef enum { SPLICE_NEW, SPLICE_SEEN_MAYBE, SPLICE_SEEN } splice_seen;

/* Whether `path` was spliced before; records it (index in *at). */
static splice_seen spliced_before(splice_t *sp, const char *path, int certain, unsigned *at)
{
    char real[4096];
    const char *key = realpath(path, real) ? real : path;
    for (unsigned i = 0; i < sp->ndone; i++)
        if (!strcmp(sp->done[i], key)) {
            splice_seen was = sp->certain[i] || if_groups_within(&sp->groups, sp->at_groups[i], sp->nat_groups[i])
                                  ? SPLICE_SEEN : SPLICE_SEEN_MAYBE;
            sp->certain[i] |= (unsigned char)certain;
            *at = i;
            return was;
        }
    sp->done = gm_xrealloc(sp->done, (sp->ndone + 1) * sizeof *sp->done);
    sp->certain = gm_xrealloc(sp->certain, (sp->ndone + 1) * sizeof *sp->certain);
    sp->certain[sp->ndone] = (unsigned char)certain;
    sp->at_groups = gm_xrealloc(sp->at_groups, (sp->ndone + 1) * sizeof *sp->at_groups);
    sp->nat_groups = gm_xrealloc(sp->nat_groups, (sp->ndone + 1) * sizeof *sp->nat_groups);
    sp->at_groups[sp->ndone] = if_groups_snapshot(&sp->groups, &sp->nat_groups[sp->ndone]);
    sp->done[sp->ndone] = gm_xstrdup(key);
    *at = sp->ndone++;
    return SPLICE_NEW;
}

/* 1 when text starts (after comments and blank lines) with an include
 * guard: #ifndef X then #define X. */
static int has_guard(const char *t)
{
    char a[128], b[128];
    while (*t) {
        while (*t == ' ' || *t == '\t' || *t == '\n' || *t == '\r')
            t++;
        if (t[0] == '/' && t[1] == '/') {
            t = strchr(t, '\n') ? strchr(t, '\n') : t + strlen(t);
        } else if (t[0] == '/' && t[1] == '*') {
            const char *e = strstr(t + 2, "*/");
            t = e ? e + 2 : t + strlen(t);
        } else {
            break;
        }
    }
    return sscanf(t, "#ifndef %127s #define %127s", a, b) == 2 && !strcmp(a, b);
}

static void splice_text(splice_t *sp, const char *file, const char *text, sb_t *out, int depth,
                        int under_if);

/* 1 when `path`, found for <name> in an -I folder, is the project's own:
 * that folder holds the main file (ccminer's -I . for x11/x.cu, faiss's
 * repository root), so <cuda_helper.h> is the user's header as
 * "cuda_helper.h" is, and its device functions and macros reach
 * generated code the same way.  A folder outside the file's tree (a
 * library's include/, PyTorch's) stays clang's. */
static int own_folder(const splice_t *sp, const char *path, const char *name)
{
    size_t pl = strlen(path), nl = strlen(name);
    char dir[4096], real[4096];
    if (!sp->main_dir[0] || pl <= nl + 1 || pl - nl >= sizeof dir || path[pl - nl - 1] != '/')
        return 0;
    snprintf(dir, sizeof dir, "%.*s", (int)(pl - nl - 1), path);
    if (!realpath(dir, real))
        return 0;
    size_t rl = strlen(real);
    if (rl == 1) /* "/": every file's folder */
        return 0;
    return !strncmp(sp->main_dir, real, rl) && (sp->main_dir[rl] == '/' || sp->main_dir[rl] == '\0');
}

/* The file at `path` (read: sub) in place of an #include on `line` of `file`. */
static void splice_file(splice_t *sp, const char *file, unsigned line, char *path, const char *sub,
                        unsigned idx, sb_t *out, int depth, int under_if)
{
    int once = !has_guard(sub) && strstr(sub, "#pragma once");
    sb_puts(out, "\n");
    if (once)
        sb_printf(out, "#ifndef __gmadvise_once_%u\n#define __gmadvise_once_%u\n", idx, idx);
    sb_line_directive(out, 1, path);
    splice_text(sp, path, sub, out, depth + 1, under_if);
    sb_puts(out, once ? "\n#endif\n" : "\n");
    sb_line_directive(out, line + 1, file);
    char *slash = strrchr(path, '/');
    if (slash)
        *slash = '\0';
    pctx *pc = sp->pc;
    pc->inc_dirs = gm_xrealloc(pc->inc_dirs, (pc->ninc_dirs + 1) * sizeof *pc->inc_dirs);
    pc->inc_dirs[pc->ninc_dirs++] = gm_xstrdup(slash ? path : ".");
}

static void splice_text(splice_t *sp, const char *file, const char *text, sb_t *out, int depth,
                        int under_if)
{
    unsigned line = 1;
    int cond = has_guard(text) ? -1 : 0; /* #if nesting, the guard's not counted */
    /* A header spliced inside an #if group ends with a #line back to this
     * text, but when the preprocessor skips the group it skips that #line
     * too, and every later line was off by the header's length
     * (FasterTransformer's `#else #include "3rdparty/cub/cub.cuh"`: its
     * kernels at line 458,796 of an 845-line file).  So after each #else,
     * #elif and #endif that follows such a splice, the line is said again. */
    int spliced_in_group = 0;
    for (const char *l = text; *l; line++) {
        const char *eol = strchr(l, '\n'), *p = l;
        size_t len = eol ? (size_t)(eol - l) : strlen(l);
        while (p < l + len && (*p == ' ' || *p == '\t'))
            p++;
        char name[1024], path[2048], dir[16] = "";
        struct stat sb;
        char *sub = NULL;
        size_t sublen = 0;
        int drop = 0;
        unsigned idx = 0;
        if (*p == '#' && len - (size_t)(p - l) < 1100) {
            char d[1100];
            snprintf(d, sizeof d, "%.*s", (int)(len - (size_t)(p - l)), p);
            if (sscanf(d, "# %15s", dir) == 1) {
                if (cond + !strncmp(dir, "if", 2) > 0) /* not the guard's */
                    if_groups_directive(&sp->groups, dir);
                cond += !strncmp(dir, "if", 2) ? 1 : !strcmp(dir, "endif") ? -1 : 0;
            }
            /* the spliced text stays within what gmadvise reads of one file */
            int quoted = sscanf(d, "# include \"%1023[^\"]\"", name) == 1;
            int angled = !quoted && sscanf(d, "# include <%1023[^>]>", name) == 1 && !fe_served_library(name);
            int sys = 0, own = 0;
            if (depth < MAX_SPLICE_DEPTH && out->len < MAX_FILE_BYTES && (quoted || angled) &&
                resolve_include(sp->w, file, name, quoted, path, sizeof path, &sb, &sys) &&
                (quoted || sys || (own = own_folder(sp, path, name))) &&
                S_ISREG(sb.st_mode) &&
                !fe_overridden(&sp->pc->toolkit, path) && /* the toolkit's: served, not spliced */
                sb.st_size <= MAX_FILE_BYTES - (long long)out->len) {
                sub = gm_read_file(path, &sublen);
                gm_blank_bom(sub);
                if (sub && angled && !own && strstr(sub, "__global__")) { /* a library's kernels: left to clang */
                    free(sub);
                    sub = NULL;
                }
                if (sub && spliced_before(sp, path, !under_if && cond <= 0, &idx) == SPLICE_SEEN) {
                    /* included again: dropped where a guard would drop it,
                     * else left to clang (which says it nests forever) */
                    drop = has_guard(sub) || strstr(sub, "#pragma once");
                    free(sub);
                    sub = NULL;
                }
            }
        }
        if (sub && !memchr(sub, '\0', sublen)) { /* not a binary file */
            splice_file(sp, file, line, path, sub, idx, out, depth, under_if || cond > 0);
            spliced_in_group |= cond > 0;
        } else if (drop) {
            sb_puts(out, "/* gmadvise: spliced above */\n");
        } else {
            sb_putn(out, l, len);
            sb_puts(out, eol ? "\n" : "");
            if (spliced_in_group && (!strcmp(dir, "else") || !strcmp(dir, "elif") || !strcmp(dir, "endif"))) {
                sb_puts(out, eol ? "" : "\n");
                sb_line_directive(out, line + 1, file);
                spliced_in_group = cond > 0;
            }
        }
        free(sub);
        l += len + (eol ? 1 : 0);
    }
}

/* -include FILE (a build's pre-include: openmm prepends vectorOps.cu to
 * every kernel) is spliced before the file's text, after the prelude as
 * nvcc pre-includes it after cuda_runtime.h, so that generated code has
 * what it declares too; spliced[i] and [i + 1] are set for each pair
 * spliced, which clang then is not given again.  One that cannot be read
 * is left to clang, which says so where it is. */
static void splice_forced_includes(splice_t *sp, const char *file, const adv_parse_opts *opts,
                                   unsigned char *spliced, sb_t *out)
{
    for (unsigned i = 0; opts && i + 1 < opts->nclang_args; i++) {
        if (strcmp(opts->clang_args[i], "-include"))
            continue;
        char path[2048];
        struct stat sb;
        size_t len = 0;
        unsigned idx;
        snprintf(path, sizeof path, "%s", opts->clang_args[i + 1]);
        if (stat(path, &sb) != 0 || !S_ISREG(sb.st_mode) || fe_overridden(&sp->pc->toolkit, path) ||
            sb.st_size > MAX_FILE_BYTES - (long long)out->len)
            continue;
        char *sub = gm_read_file(path, &len);
        gm_blank_bom(sub);
        if (sub && !memchr(sub, '\0', len) && spliced_before(sp, path, 1, &idx) == SPLICE_NEW) {
            splice_file(sp, file, 0, path, sub, idx, out, 0, 0);
            spliced[i] = spliced[i + 1] = 1;
        }
        free(sub);
    }
}

static void splice_user_includes(adv_model *m, const char *file, inc_walk *w, pctx *pc, unsigned char *forced)
{
    splice_t sp = {w, pc, "", NULL, NULL, 0, {0}, NULL, NULL};
    char real[4096];
    if (realpath(file, real)) {
        char *slash = strrchr(real, '/');
        if (slash)
            *slash = '\0';
        snprintf(sp.main_dir, sizeof sp.main_dir, "%s", real);
    }
    unsigned self;
    spliced_before(&sp, file, 1, &self); /* the main file including itself is never spliced */
    sb_t out;
    sb_init(&out);
    splice_forced_includes(&sp, file, w->opts, forced, &out);
    splice_text(&sp, file, adv_model_text(m), &out, 0, 0);
    if (sp.ndone > 1 || out.len != adv_model_text_len(m)) {
        unsigned len = (unsigned)out.len;
        adv_model_set_text(m, sb_take(&out), len);
    }
    sb_free(&out);
    for (unsigned i = 0; i < sp.ndone; i++) {
        free(sp.done[i]);
        free(sp.at_groups[i]);
    }
    free(sp.done);
    free(sp.certain);
    free(sp.at_groups);
    free(sp.nat_groups);
    if_groups_free(&sp.groups);
}

/* What a parse keeps from one pass to the next. */
static void free_pctx(pctx *pc)
{
    free(pc->inst_name);
    free(pc->inst_label);
    free(pc->inst_assumed);
    fe_overrides_free(&pc->toolkit);
    fe_overrides_free(&pc->rewritten);
    for (unsigned i = 0; i < pc->ninc_dirs; i++)
        free(pc->inc_dirs[i]);
    free(pc->inc_dirs);
    free(pc->kernels_of);
    for (unsigned i = 0; i < pc->nstubs; i++)
        free(pc->stubs[i]);
    free(pc->stubs);
    for (unsigned i = 0; i < pc->npredicted; i++) {
        free(pc->predicted[i]);
        free(pc->predicted_from[i]);
    }
    free(pc->predicted);
    free(pc->predicted_from);
    sb_free(&pc->stub_notes);
    sb_free(&pc->head_macros);
}

static int parse_file(const char *file, const adv_parse_opts *opts, adv_model **out, gm_status *st,
                      fe_kernel_macros *km);

typedef struct {
    const char *file;
    const adv_parse_opts *opts;
    adv_model **out;
    gm_status *st;
    int rc;
} parse_job;

/* Parsed again while a kernel macro the file lacks is found in a header
 * (kernel_macro.c), with those headers pre-included. */
static void run_parse(void *p)
{
    parse_job *j = p;
    fe_kernel_macros km;
    memset(&km, 0, sizeof km);
    unsigned before;
    do {
        before = km.n;
        j->rc = parse_file(j->file, j->opts, j->out, j->st, &km);
    } while (km.n > before);
    fe_kernel_macros_free(&km);
}

/* On the parser's own stack (file_guard.c): recursive walks of deep
 * expressions, libclang's included. */
int adv_parse_file(const char *file, const adv_parse_opts *opts, adv_model **out, gm_status *st)
{
    parse_job j = {file, opts, out, st, GM_OK};
    fe_run_on_parse_stack(run_parse, &j);
    return j.rc;
}

static int parse_file(const char *file, const adv_parse_opts *opts, adv_model **out, gm_status *st,
                      fe_kernel_macros *km)
{
    *out = NULL;
    adv_model *m = adv_model_new(file);
    pctx pc;
    memset(&pc, 0, sizeof pc);
    sb_init(&pc.stub_notes);
    sb_init(&pc.head_macros);
    pc.m = m;
    inc_walk w = {opts, 0, st, &pc, NULL};
    const adv_clang *cx = NULL;
    int rtc = 0;
    if (keep_defines(m, opts, st) != GM_OK || load_text(file, opts, m, &rtc, st) != GM_OK ||
        check_includes(&w, file, adv_model_text(m), 0) != GM_OK || !(cx = adv_clang_load(st))) {
        free_walk(&w);
        free_pctx(&pc);
        adv_model_destroy(m);
        return st->code;
    }
    if (rtc)
        sb_printf(adv_model_notes_buf(m), "%s: a raw string literal of kernel source (NVRTC's at run time): its "
                                          "kernels analysed as NVRTC compiles them\n", file);
    /* the -include pairs spliced into the text are not given to clang
     * again; a kernel macro's header is given to clang, not spliced: its
     * code is the header's, as if the file included it (kernel_macro.c) */
    unsigned nargs = opts ? opts->nclang_args : 0, kept = 0;
    unsigned char *forced = gm_xcalloc(nargs + 1, 1);
    const char **args = gm_xcalloc(nargs + 2 * km->n + 3, sizeof *args);
    splice_user_includes(m, file, &w, &pc, forced);
    free_walk(&w);
    char *own_text = gm_xmalloc(adv_model_text_len(m) + 1);
    memcpy(own_text, adv_model_text(m), adv_model_text_len(m) + 1);
    if (fe_blank_namespace_attributes(own_text) + fe_blank_nodiscard(own_text)) /* the same text for every libclang */
        adv_model_set_text(m, own_text, adv_model_text_len(m));
    else
        free(own_text);
    adv_parse_opts own;
    /* a project's NVRTC source given its -D__CUDACC_RTC__: NVRTC's __CUDA_ARCH__ with it */
    int rtc_args = opts && fe_raw_source_args_lack_arch(opts->clang_args, opts->nclang_args);
    if (opts || km->n || rtc) {
        for (unsigned i = 0; i < nargs; i++)
            if (!forced[i])
                args[kept++] = opts->clang_args[i];
        if (rtc)
            args[kept++] = "-D__CUDACC_RTC__", args[kept++] = FE_RTC_ARCH_DEFINE;
        else if (rtc_args)
            args[kept++] = FE_RTC_ARCH_DEFINE;
        for (unsigned i = 0; i < km->n; i++) {
            args[kept++] = "-include";
            args[kept++] = km->header[i];
        }
        if (opts)
            own = *opts;
        else
            memset(&own, 0, sizeof own);
        own.clang_args = args;
        own.nclang_args = kept;
        opts = &own;
    }
    free(forced);
    adv_model_set_orig_len(m, adv_model_text_len(m));
    pc.cx = cx;
    pc.m = m;
    pc.file = file;
    pc.opts = opts;
    pc.st = st;
    char real[4096];
    if (opts && opts->kernels_of) {
        pc.kernels_of = gm_xstrdup(realpath(opts->kernels_of, real) ? real : opts->kernels_of);
        sb_printf(adv_model_notes_buf(m), "%s: #included by %s, so analysed there, after what that file defines "
                                          "first (as nvcc compiles it)\n", opts->kernels_of, file);
    }
    sb_t src, notes;
    sb_init(&src);
    sb_init(&notes);
    sb_putn(&src, adv_model_text(m), adv_model_text_len(m));
    if (fe_read_annotations(m, st) == GM_OK && parse_text(&pc, opts, &src) == GM_OK) {
        unsigned instances = src.len > adv_model_text_len(m);
        if (adv_model_nkernels(m) == 0 && !pc.ntemplates && pc.kernels_of)
            sb_printf(adv_model_notes_buf(m), "%s: no __global__ kernel in it: its device functions are analysed in the "
                                              "kernels that call them\n", opts->kernels_of);
        /* a header with structs and no kernel: stand-ins for its kernels */
        if (adv_model_nkernels(m) == 0 && !pc.ntemplates && adv_model_nstructs(m) > 0 && !pc.kernels_of && !pc.too_large)
            fe_synthesize_kernels(m, &src, &notes);
        if (src.len > adv_model_text_len(m)) {
            unsigned text_len = (unsigned)src.len;
            adv_model_set_text(m, sb_take(&src), text_len);
            if (instances)
                adv_model_set_orig_len(m, adv_model_text_len(m)); /* instances are the user's kernels */
            /* the templates the first parse found no instance of are said
             * once: the parse of the instances does not find them again */
            for (const char *n = adv_model_notes(m); n && *n;) {
                const char *eol = strchr(n, '\n');
                size_t len = eol ? (size_t)(eol - n + 1) : strlen(n);
                const char *hit = strstr(n, ": kernel template ");
                const char *why = hit && hit < n + len ? strstr(hit, " no instance") : NULL;
                if (!why || why >= n + len) /* or where its instances could come from */
                    why = hit && hit < n + len ? strstr(hit, " is launched from host template") : NULL;
                if (!why || why >= n + len) /* a struct refused beside those the stand-ins use */
                    why = strstr(n, ": " FE_STRUCT_SKIPPED);
                if (why && why < n + len) /* skipped, or analysed on assumed arguments */
                    sb_putn(&notes, n, len);
                n += len;
            }
            adv_model_reset(m);
            pc.past_kernels = pc.past_structs = 0; /* noted again by the parse that keeps its notes */
            parse_text(&pc, opts, NULL);
            sb_puts(adv_model_notes_buf(m), notes.s ? notes.s : "");
        }
    }
    sb_free(&src);
    sb_free(&notes);
    /* a kernel macro found in a header: the caller parses the file again */
    if (fe_kernel_macro_headers(&pc, file, opts, km)) {
        gm_status_clear(st);
        free_pctx(&pc);
        free(args);
        adv_model_destroy(m);
        return GM_OK;
    }
    sb_puts(adv_model_notes_buf(m), km->notes.s ? km->notes.s : "");
    /* nothing analysable without a header found nowhere: that is the error */
    if (st->code != GM_OK && pc.missing.code != GM_OK) {
        char why[1100];
        snprintf(why, sizeof why, " (served empty, nothing was left to analyse: %.1000s)", st->msg);
        gm_status_clear(st);
        gm_fail_status(st, GM_EINPUT, &pc.missing);
        gm_status_append(st, why);
    }
    free_pctx(&pc);
    free(args);
    if (st->code != GM_OK) {
        adv_model_destroy(m);
        return st->code;
    }
    *out = m;
    return GM_OK;
}
