#include "frontend.h"
#include "prelude_pch.h"

/* What generated code needs of the file: the declarations its kernels
 * reach through references, transitively, so that host code (classes
 * with std:: members, host templates, main) never reaches NVRTC.  Every
 * macro is kept (an unused one costs nothing).  A header without kernels
 * keeps everything: its structs are the subject.  Structs no kernel needs
 * leave the model, and a struct that could not be modelled fails the file
 * only when a kernel needs it. */

/* 1 when `path` is one of gmadvise's headers whose device code generated
 * source includes (rel: its name there): the served table says which. */
static int device_header(const char *path, const char **rel)
{
    if (strncmp(path, FE_HEADERS_DIR "/", sizeof FE_HEADERS_DIR))
        return 0;
    *rel = path + sizeof FE_HEADERS_DIR;
    return fe_served_generated(*rel);
}

typedef struct {
    pctx *pc;
    unsigned char *needed;
    cvec work;
} reach_t;

static void mark(reach_t *r, CXCursor ref);

/* A template's explicit and partial specializations (template <> struct
 * R<0>) are named by no reference to them: R<N - 1> in R's body names R. */
static void mark_specializations(reach_t *r, CXCursor tmpl)
{
    pctx *pc = r->pc;
    const adv_clang *cx = pc->cx;
    enum CXCursorKind k = fe_kind(pc, tmpl);
    if (k != CXCursor_ClassTemplate && k != CXCursor_FunctionTemplate)
        return;
    CXCursor canon = cx->clang_getCanonicalCursor(tmpl);
    for (unsigned i = 0; i < adv_model_ndecls(pc->m); i++) {
        if (r->needed[i] || adv_model_decl(pc->m, i)->is_macro)
            continue;
        CXCursor of = cx->clang_getSpecializedCursorTemplate(pc->decl_cur.v[i]);
        if (!cx->clang_Cursor_isNull(of) && cx->clang_equalCursors(cx->clang_getCanonicalCursor(of), canon))
            mark(r, pc->decl_cur.v[i]);
    }
}

/* A class's members defined outside it (template <...> T &Tensor<...>::
 * operator[](I i) {...}, in the class's header or an -inl file) are named
 * by no reference: a call resolves to the declaration inside the class,
 * and NVRTC then says the member "was referenced but not defined". */
static void mark_out_of_line_members(reach_t *r, CXCursor cls)
{
    pctx *pc = r->pc;
    const adv_clang *cx = pc->cx;
    enum CXCursorKind k = fe_kind(pc, cls);
    if (k != CXCursor_ClassTemplate && k != CXCursor_StructDecl && k != CXCursor_ClassDecl &&
        k != CXCursor_ClassTemplatePartialSpecialization)
        return;
    CXCursor canon = cx->clang_getCanonicalCursor(cls);
    for (unsigned i = 0; i < adv_model_ndecls(pc->m); i++) {
        if (r->needed[i] || adv_model_decl(pc->m, i)->is_macro)
            continue;
        CXCursor d = pc->decl_cur.v[i];
        enum CXCursorKind dk = fe_kind(pc, d);
        if (dk != CXCursor_CXXMethod && dk != CXCursor_FunctionTemplate && dk != CXCursor_Constructor &&
            dk != CXCursor_Destructor && dk != CXCursor_ConversionFunction)
            continue;
        /* a kernel calls device members only: a host class's others stay out */
        CXCursor sem = cx->clang_getCursorSemanticParent(d);
        if (!cx->clang_Cursor_isNull(sem) && cx->clang_equalCursors(cx->clang_getCanonicalCursor(sem), canon) &&
            fe_has_attr(pc, d, CXCursor_CUDADeviceAttr))
            mark(r, d);
    }
}

/* A class's declarations before its definition (`struct half;`): a
 * prototype between them names the first, and a reference to the class
 * resolves to the definition. */
static void mark_forward_declarations(reach_t *r, CXCursor cls)
{
    pctx *pc = r->pc;
    const adv_clang *cx = pc->cx;
    enum CXCursorKind k = fe_kind(pc, cls);
    if ((k != CXCursor_StructDecl && k != CXCursor_ClassDecl) || !cx->clang_isCursorDefinition(cls))
        return;
    for (unsigned i = 0; i < adv_model_ndecls(pc->m); i++) {
        CXCursor d = pc->decl_cur.v[i];
        if (!r->needed[i] && !adv_model_decl(pc->m, i)->is_macro && fe_kind(pc, d) == k &&
            !cx->clang_isCursorDefinition(d) && cx->clang_equalCursors(cx->clang_getCursorDefinition(d), cls))
            mark(r, d);
    }
}

static void mark(reach_t *r, CXCursor ref)
{
    pctx *pc = r->pc;
    unsigned off;
    if (!fe_loc_at(pc, pc->cx->clang_getCursorLocation(ref), 0, &off, NULL, NULL))
        return;
    for (unsigned i = 0; i < adv_model_ndecls(pc->m); i++) {
        const adv_decl *d = adv_model_decl(pc->m, i);
        if (!d->is_macro && !r->needed[i] && d->begin <= off && off < d->end) {
            r->needed[i] = 1;
            fe_cvec_push(&r->work, pc->decl_cur.v[i]);
            mark_specializations(r, pc->decl_cur.v[i]);
            mark_out_of_line_members(r, pc->decl_cur.v[i]);
            mark_forward_declarations(r, pc->decl_cur.v[i]);
            /* an explicit specialization (template <> int f<int8_t>()),
             * which a call in an instance resolves to, is no declaration
             * without its primary template */
            CXCursor of = pc->cx->clang_getSpecializedCursorTemplate(pc->decl_cur.v[i]);
            if (!pc->cx->clang_Cursor_isNull(of))
                mark(r, of);
            /* a prototype needs its body too (a __device__ function
             * declared first, defined later) */
            CXCursor def = pc->cx->clang_getCursorDefinition(pc->decl_cur.v[i]);
            if (!pc->cx->clang_Cursor_isNull(def) && !pc->cx->clang_equalCursors(def, pc->decl_cur.v[i]))
                mark(r, def);
        }
    }
}

static void reach(reach_t *r, CXCursor c, int depth)
{
    pctx *pc = r->pc;
    cvec kids = fe_kids(pc, c);
    for (unsigned i = 0; i < kids.n; i++) {
        CXCursor ref = pc->cx->clang_getCursorReferenced(kids.v[i]);
        if (!pc->cx->clang_Cursor_isNull(ref))
            mark(r, ref);
        /* a call in a template that depends on its parameters names every
         * candidate (BlockReduce<T> calling WarpReduce(val, op)) */
        if (fe_kind(pc, kids.v[i]) == CXCursor_OverloadedDeclRef)
            for (unsigned o = 0; o < pc->cx->clang_getNumOverloadedDecls(kids.v[i]); o++)
                mark(r, pc->cx->clang_getOverloadedDecl(kids.v[i], o));
        if (depth < 256)
            reach(r, kids.v[i], depth + 1);
    }
    free(kids.v);
}

static int needed_at(const pctx *pc, const unsigned char *needed, unsigned b, unsigned e)
{
    for (unsigned i = 0; i < adv_model_ndecls(pc->m); i++)
        if (needed[i] && adv_model_decl(pc->m, i)->begin < e && b < adv_model_decl(pc->m, i)->end)
            return 1;
    return 0;
}

static void keep_structs(pctx *pc, const unsigned char *needed)
{
    adv_model *m = pc->m;
    unsigned n = adv_model_nstructs(m), nk = adv_model_nkernels(m);
    unsigned char *keep = gm_xcalloc(n + 1, 1);
    for (unsigned i = 0; i < n; i++) {
        unsigned off = adv_model_struct_offset(m, i);
        int used = needed_at(pc, needed, off, off + 1);
        for (unsigned k = 0; k < nk && !used; k++)
            for (unsigned p = 0; p < adv_model_kernel(m, k)->nparams; p++)
                used |= adv_model_kernel(m, k)->params[p].struct_idx == (int)i;
        keep[i] = (unsigned char)used;
    }
    adv_model_keep_structs(m, keep);
    free(keep);
}

static void keep_decls(pctx *pc, const unsigned char *needed)
{
    adv_model *m = pc->m;
    unsigned n = 0, nd = adv_model_ndecls(m);
    unsigned char *keep = gm_xcalloc(nd + 1, 1);
    for (unsigned i = 0; i < nd; i++)
        if (needed[i] || adv_model_decl(m, i)->is_macro) {
            keep[i] = 1;
            pc->decl_cur.v[n++] = pc->decl_cur.v[i];
        }
    adv_model_keep_decls(m, keep); /* a kernel's needs are all kept */
    pc->decl_cur.n = n;
    free(keep);
}

static void set_needs(adv_kernel *k, const unsigned char *mine, unsigned n)
{
    free(k->needs);
    k->needs = gm_xcalloc(n + 1, sizeof *k->needs);
    k->nneeds = 0;
    for (unsigned i = 0; i < n; i++)
        if (mine[i])
            k->needs[k->nneeds++] = i;
}

/* A top-level `using namespace X;` naming a namespace of those headers
 * (nvcuda, cooperative_groups), for generated code after their #includes. */
static void keep_using(pctx *pc, CXCursor c)
{
    const adv_clang *cx = pc->cx;
    CXFile f;
    char path[1024];
    const char *rel;
    unsigned b, e;
    cvec kids = fe_kids(pc, c); /* NamespaceRef a, NamespaceRef b for a::b */
    CXCursor ns = kids.n ? cx->clang_getCursorReferenced(kids.v[kids.n - 1]) : cx->clang_getNullCursor();
    free(kids.v);
    cx->clang_getSpellingLocation(cx->clang_getCursorLocation(ns), &f, NULL, NULL, NULL);
    if (f && device_header(adv_cxstr(cx, cx->clang_getFileName(f), path, sizeof path), &rel) &&
        fe_extent_in_main(pc, c, &b, &e) && e - b < sizeof path - 2) {
        snprintf(path, sizeof path, "%.*s;", (int)(e - b), adv_model_text(pc->m) + b);
        adv_model_add_preamble(pc->m, path);
    }
}

/* The file's own #include lines of CUDA device headers, for generated code. */
static void keep_includes(pctx *pc)
{
    const adv_clang *cx = pc->cx;
    cvec top = fe_top(pc);
    for (unsigned i = 0; i < top.n; i++) {
        if (fe_kind(pc, top.v[i]) == CXCursor_UsingDirective && fe_cursor_in_main(pc, top.v[i]))
            keep_using(pc, top.v[i]);
        if (fe_kind(pc, top.v[i]) != CXCursor_InclusionDirective || !fe_cursor_in_main(pc, top.v[i]))
            continue;
        CXFile f = cx->clang_getIncludedFile(top.v[i]);
        char path[1024];
        const char *rel;
        if (f && !device_header(adv_cxstr(cx, cx->clang_getFileName(f), path, sizeof path), &rel) &&
            !strncmp(path, FE_HEADERS_DIR "/", sizeof FE_HEADERS_DIR)) {
            /* a library served as the device headers it brings (cublas_v2.h: cuda_bf16.h) */
            sb_t deps;
            sb_init(&deps);
            fe_served_stub_text(path + sizeof FE_HEADERS_DIR, &deps);
            for (const char *l = deps.s ? strstr(deps.s, "#include <") : NULL; l; l = strstr(l + 1, "#include <")) {
                char name[256], line[300];
                /* device headers only: a host API (cuda.h, cublas_api.h) NVRTC cannot compile */
                if (sscanf(l, "#include <%255[^>]>", name) == 1 && strncmp(name, "cub/", 4) &&
                    strncmp(name, "thrust/", 7) && fe_served_generated(name)) {
                    snprintf(line, sizeof line, "#include <%s>", name);
                    adv_model_add_preamble(pc->m, line);
                }
            }
            sb_free(&deps);
            continue;
        }
        if (!f || !device_header(path, &rel))
            continue;
        if (!strncmp(rel, "cub/", 4)) /* CUB's block and warp level, which NVRTC compiles */
            adv_model_add_preamble(pc->m, "#include <cub/block/block_reduce.cuh>\n#include <cub/block/block_scan.cuh>\n"
                                          "#include <cub/block/block_load.cuh>\n#include <cub/block/block_store.cuh>\n"
                                          "#include <cub/block/block_radix_sort.cuh>\n#include <cub/block/block_adjacent_difference.cuh>\n"
                                          "#include <cub/warp/warp_reduce.cuh>\n"
                                          "#include <cub/warp/warp_scan.cuh>");
        else if (!strncmp(rel, "thrust/", 7)) /* the parts of thrust NVRTC compiles */
            adv_model_add_preamble(pc->m, "#include <thrust/pair.h>\n#include <thrust/tuple.h>\n"
                                          "#include <thrust/functional.h>");
        else {
            char line[300];
            snprintf(line, sizeof line, "#include <%s>", rel);
            adv_model_add_preamble(pc->m, line);
        }
    }
    free(top.v);
}

/* ---- macros of the system's headers (FLT_MAX), which NVRTC lacks ---- */

typedef struct {
    char name[ADV_NAME_MAX];
    CXCursor def;
    const fe_pch_macro *pch; /* or a macro of the PCH's list (def unused) */
} sysmacro;

typedef struct {
    sysmacro *v;
    unsigned n;
    unsigned char *done;
    unsigned *todo; /* entries of v to copy */
    unsigned ntodo, captodo;
} macros_t;

static int sysmacro_cmp(const void *a, const void *b)
{
    return strcmp(((const sysmacro *)a)->name, ((const sysmacro *)b)->name);
}

/* Each identifier of t[b, e) (comments and literals skipped) that names a
 * system macro not yet copied is queued. */
static void scan_identifiers(macros_t *mt, const char *t, unsigned b, unsigned e)
{
    for (unsigned i = b; i < e;) {
        if (t[i] == '/' && i + 1 < e && (t[i + 1] == '/' || t[i + 1] == '*')) {
            const char *end = t[i + 1] == '/' ? memchr(t + i, '\n', e - i) : strstr(t + i + 2, "*/");
            i = end ? (unsigned)(end - t) + 1 : e;
        } else if (t[i] == '"' || t[i] == '\'') {
            unsigned j = i + 1;
            while (j < e && t[j] != t[i] && t[j] != '\n')
                j += t[j] == '\\' ? 2 : 1;
            i = j + 1;
        } else if (isalpha((unsigned char)t[i]) || t[i] == '_') {
            unsigned j = i;
            while (j < e && (isalnum((unsigned char)t[j]) || t[j] == '_'))
                j++;
            sysmacro key;
            snprintf(key.name, sizeof key.name, "%.*s", (int)(j - i < ADV_NAME_MAX - 1 ? j - i : ADV_NAME_MAX - 1),
                     t + i);
            sysmacro *hit = bsearch(&key, mt->v, mt->n, sizeof *mt->v, sysmacro_cmp);

            if (hit && !mt->done[hit - mt->v]) {
                mt->done[hit - mt->v] = 1;
                if (mt->ntodo == mt->captodo) {
                    mt->captodo = mt->captodo ? 2 * mt->captodo : 16;
                    mt->todo = gm_xrealloc(mt->todo, mt->captodo * sizeof *mt->todo);
                }
                mt->todo[mt->ntodo++] = (unsigned)(hit - mt->v);
            }
            i = j;
        } else {
            i++;
        }
    }
}

/* "#define NAME body" (fe_macro_define), guarded; its body is scanned for
 * further system macros.  Constants only: a function-like system macro
 * (isinf) names what NVRTC declares as a function. */
static void copy_macro(pctx *pc, macros_t *mt, unsigned i)
{
    const sysmacro *sm = &mt->v[i];
    sb_t line, body;
    sb_init(&line);
    sb_init(&body);
    int copied;
    if (sm->pch) {
        sb_puts(&line, sm->pch->line);
        sb_puts(&body, sm->pch->body);
        copied = line.len > 0;
    } else {
        int function_like = fe_macro_define(pc->cx, pc->tu, sm->def, &line, &body);
        copied = line.len && !function_like && line.len < FE_MACRO_LINE_MAX;
    }
    char guarded[FE_MACRO_LINE_MAX + ADV_NAME_MAX + 32];
    if (copied) {
        snprintf(guarded, sizeof guarded, "#ifndef %s\n%s\n#endif", sm->name, line.s);
        adv_model_add_preamble(pc->m, guarded);
        scan_identifiers(mt, body.s, 0, (unsigned)body.len);
    }
    sb_free(&line);
    sb_free(&body);
}

static void keep_system_macros(pctx *pc)
{
    const adv_clang *cx = pc->cx;
    macros_t mt = {NULL, 0, NULL, NULL, 0, 0};
    /* the PCH's own macros, which a parse that read it does not visit */
    fe_pch_macro *pm = NULL;
    unsigned npm = pc->pch[0] ? fe_pch_macros(pc->pch, &pm) : 0;
    mt.v = gm_xcalloc(npm + 1, sizeof *mt.v);
    for (unsigned i = 0; i < npm; i++) {
        snprintf(mt.v[mt.n].name, sizeof mt.v[mt.n].name, "%s", pm[i].name);
        mt.v[mt.n++].pch = &pm[i];
    }
    cvec top = fe_top(pc);
    for (unsigned i = 0; i < top.n; i++) {
        if (fe_kind(pc, top.v[i]) != CXCursor_MacroDefinition || fe_cursor_in_main(pc, top.v[i]))
            continue;
        CXFile f;
        char path[1024];
        cx->clang_getSpellingLocation(cx->clang_getCursorLocation(top.v[i]), &f, NULL, NULL, NULL);
        if (f && !strncmp(adv_cxstr(cx, cx->clang_getFileName(f), path, sizeof path), FE_HEADERS_DIR "/",
                          sizeof FE_HEADERS_DIR))
            continue; /* gmadvise's own CUDA headers: NVRTC has them */
        mt.v = gm_xrealloc(mt.v, (mt.n + 1) * sizeof *mt.v);
        fe_spell(pc, top.v[i], mt.v[mt.n].name, sizeof mt.v[mt.n].name);
        mt.v[mt.n].pch = NULL;
        mt.v[mt.n++].def = top.v[i];
    }
    free(top.v);
    qsort(mt.v, mt.n, sizeof *mt.v, sysmacro_cmp);
    mt.done = gm_xcalloc(mt.n + 1, 1);
    const adv_model *m = pc->m;
    for (unsigned i = 0; i < adv_model_ndecls(m); i++)
        scan_identifiers(&mt, adv_model_text(m), adv_model_decl(m, i)->begin, adv_model_decl(m, i)->end);
    for (unsigned i = 0; i < adv_model_nkernels(m); i++)
        scan_identifiers(&mt, adv_model_text(m), adv_model_kernel(m, i)->begin, adv_model_kernel(m, i)->end);
    for (unsigned i = 0; i < mt.ntodo; i++) /* grows as bodies name more */
        copy_macro(pc, &mt, mt.todo[i]);
    free(mt.todo);
    free(mt.done);
    free(mt.v);
    fe_pch_macros_free(pm, npm);
}

/* ---- typedefs of the system's headers (glibc's uint), which NVRTC lacks ---- */

/* Names NVRTC or kgen's prelude declares already, perhaps as another type
 * (int64_t is long long there, long in glibc). */
static int nvrtc_declares(const char *name)
{
    static const char *const names[] = {"size_t", "ptrdiff_t", "intptr_t", "uintptr_t", "intmax_t",
                                        "uintmax_t", "nullptr_t", "max_align_t"};
    for (size_t i = 0; i < sizeof names / sizeof *names; i++)
        if (!strcmp(name, names[i]))
            return 1;
    const char *p = name + (name[0] == 'u');
    return !strncmp(p, "int", 3) && isdigit((unsigned char)p[3]) && strstr(p, "_t") != NULL;
}

/* Each typedef of a system header that the carried code names, as
 * `typedef <its builtin type> NAME;` for generated code: nvcc sees the host
 * headers, NVRTC does not. */
static void system_typedefs_in(pctx *pc, CXCursor c, int depth)
{
    const adv_clang *cx = pc->cx;
    cvec kids = fe_kids(pc, c);
    for (unsigned i = 0; i < kids.n; i++) {
        CXCursor ref = cx->clang_getCursorReferenced(kids.v[i]);
        if (!cx->clang_Cursor_isNull(ref) && fe_kind(pc, ref) == CXCursor_TypedefDecl && !fe_cursor_in_main(pc, ref)) {
            CXFile f;
            char path[1024], name[ADV_NAME_MAX], type[ADV_TYPE_MAX], line[ADV_NAME_MAX + ADV_TYPE_MAX + 16];
            cx->clang_getSpellingLocation(cx->clang_getCursorLocation(ref), &f, NULL, NULL, NULL);
            CXType t = cx->clang_getCanonicalType(cx->clang_getTypedefDeclUnderlyingType(ref));
            fe_spell(pc, ref, name, sizeof name);
            /* gmadvise's headers declare glibc's short names too, for the parse */
            int glibc = !strcmp(name, "uint") || !strcmp(name, "ushort") || !strcmp(name, "ulong");
            if (f && (glibc || strncmp(adv_cxstr(cx, cx->clang_getFileName(f), path, sizeof path), FE_HEADERS_DIR "/",
                                       sizeof FE_HEADERS_DIR)) &&
                t.kind >= CXType_FirstBuiltin && t.kind <= CXType_LastBuiltin &&
                adv_identifier_ok(name) && !nvrtc_declares(name)) {
                adv_cxstr(cx, cx->clang_getTypeSpelling(t), type, sizeof type);
                snprintf(line, sizeof line, "typedef %s %s;", type, name);
                adv_model_add_preamble(pc->m, line);
            }
        }
        if (depth < 256)
            system_typedefs_in(pc, kids.v[i], depth + 1);
    }
    free(kids.v);
}

static void keep_system_typedefs(pctx *pc)
{
    for (unsigned i = 0; i < adv_model_ndecls(pc->m); i++)
        if (!adv_model_decl(pc->m, i)->is_macro)
            system_typedefs_in(pc, pc->decl_cur.v[i], 0);
    for (unsigned k = 0; k < pc->kern_cur.n; k++)
        system_typedefs_in(pc, pc->kern_cur.v[k], 0);
}

/* The declarations reachable from root, marked in `mark`. */
static void reach_from(pctx *pc, CXCursor root, unsigned char *mark)
{
    reach_t r = {pc, mark, {NULL, 0, 0}};
    fe_cvec_push(&r.work, root);
    while (r.work.n)
        reach(&r, r.work.v[--r.work.n], 0);
    free(r.work.v);
}

/* Why declaration i cannot reach generated code: a clang error inside it
 * (then consumed); NULL when fine. */
static const gm_status *decl_problem(pctx *pc, unsigned i)
{
    const adv_decl *d = adv_model_decl(pc->m, i);
    const perr *err = d->is_macro ? NULL : fe_errors_in(pc, d->begin, d->end + 1);
    return err ? &err->st : NULL;
}

/* Why kernel k has nothing to analyse: every pointer parameter points to
 * a struct that could not be modelled (the first one's reason); NULL when
 * one is modelled, and the others are then opaque (said in a note). */
static const gm_status *param_problem(pctx *pc, int k)
{
    const gm_status *why = NULL;
    for (unsigned p = 0; k >= 0 && p < adv_model_kernel(pc->m, (unsigned)k)->nparams; p++) {
        const adv_param *par = &adv_model_kernel(pc->m, (unsigned)k)->params[p];
        if (par->kind == ADV_P_STRUCT_PTR || par->kind == ADV_P_SCALAR_PTR)
            return NULL;
        for (unsigned f = 0; par->pointee_off && f < pc->nfails && !why; f++)
            if (pc->fails[f].begin <= par->pointee_off && par->pointee_off <= pc->fails[f].end)
                why = &pc->fails[f].st;
    }
    return why;
}

/* A kernel (or template) that needs a declaration with a problem is
 * skipped with a note; 1 when root is one. */
static int needs_broken(pctx *pc, CXCursor root, int k, unsigned char *mine, const gm_status **first)
{
    memset(mine, 0, adv_model_ndecls(pc->m) + 1);
    reach_from(pc, root, mine);
    for (unsigned i = 0; i <= adv_model_ndecls(pc->m); i++) {
        const gm_status *why = i == adv_model_ndecls(pc->m) ? param_problem(pc, k)
                               : mine[i]                      ? decl_problem(pc, i)
                                                              : NULL;
        if (!why)
            continue;
        char name[ADV_NAME_MAX];
        unsigned line, col;
        int assumed;
        fe_cursor_pos(pc, root, &line, &col);
        const char *label = fe_kernel_label(pc, fe_spell(pc, root, name, sizeof name), &assumed);
        sb_printf(adv_model_notes_buf(pc->m), "%s:%u:%u: kernel %s skipped: it needs code that %s (%.*s: %s)\n", pc->file,
                  line, col, label, strstr(why->msg, "not supported") ? "gmadvise cannot model" : "does not compile",
                  (int)why->at_len, why->msg, gm_status_text(why));
        if (!*first && !assumed)
            *first = why;
        return 1;
    }
    return 0;
}

static void add_reach(unsigned char *needed, const unsigned char *mine, unsigned n)
{
    for (unsigned i = 0; i < n; i++)
        needed[i] |= mine[i];
}

/* Kernels and templates that need a broken declaration leave the model. */
static void drop_broken_kernels(pctx *pc, unsigned char *needed, const gm_status **first)
{
    adv_model *m = pc->m;
    unsigned nd = adv_model_ndecls(m), nk = adv_model_nkernels(m);
    unsigned char *mine = gm_xcalloc(nd + 1, 1), *keep = gm_xcalloc(nk + 1, 1);
    unsigned n = 0;
    for (unsigned k = 0; k < nk; k++) {
        if (needs_broken(pc, pc->kern_cur.v[k], (int)k, mine, first))
            continue;
        keep[k] = 1;
        add_reach(needed, mine, nd);
        set_needs(adv_model_kernel_mut(m, k), mine, nd);
        pc->kern_cur.v[n++] = pc->kern_cur.v[k];
    }
    adv_model_keep_kernels(m, keep);
    pc->kern_cur.n = n;
    free(keep);
    n = 0;
    for (unsigned t = 0; t < pc->templates.n; t++) {
        if (needs_broken(pc, pc->templates.v[t], -1, mine, first))
            continue;
        add_reach(needed, mine, adv_model_ndecls(m));
        pc->templates.v[n++] = pc->templates.v[t];
    }
    pc->templates.n = n;
    free(mine);
}

int fe_keep_needed(pctx *pc)
{
    adv_model *m = pc->m;
    unsigned char *needed = gm_xcalloc(adv_model_ndecls(m) + 1, 1);
    const gm_status *first = NULL;
    if (pc->kern_cur.n + pc->templates.n) {
        drop_broken_kernels(pc, needed, &first);
        keep_structs(pc, needed);
        keep_decls(pc, needed);
    } else if (pc->nfails && !pc->broken_kernel && !adv_model_nstructs(m)) {
        /* a header of structs: they are the subject, and none was left */
        first = &pc->fails[0].st;
    } else {
        /* the file's own structs are its subject: one refused fails it */
        for (unsigned f = 0; f < pc->nfails && !pc->broken_kernel && !first; f++)
            if (pc->fails[f].st.file_len == strlen(pc->file) &&
                !strncmp(pc->fails[f].st.msg, pc->file, pc->fails[f].st.file_len))
                first = &pc->fails[f].st;
    }
    if (!first && !(pc->kern_cur.n + pc->templates.n)) {
        /* a header's refused one (a union of its host code, ccminer's
         * hash contexts) costs itself: the others are analysed */
        for (unsigned f = 0; f < pc->nfails && !pc->broken_kernel; f++) {
            int again = 0; /* a union refused as a record and as its typedef's type: said once */
            for (unsigned g = 0; g < f && !again; g++)
                again = !strcmp(pc->fails[g].st.msg, pc->fails[f].st.msg);
            if (!again)
                sb_printf(adv_model_notes_buf(m), "%.*s: " FE_STRUCT_SKIPPED "%s\n", (int)pc->fails[f].st.at_len,
                          pc->fails[f].st.msg, gm_status_text(&pc->fails[f].st));
        }
    }
    free(needed);
    /* nothing left to analyse: the file failed */
    if (first && !pc->kern_cur.n && !pc->templates.n)
        return gm_fail_status(pc->st, GM_EINPUT, first);
    keep_includes(pc);
    keep_system_macros(pc);
    keep_system_typedefs(pc);
    return GM_OK;
}
