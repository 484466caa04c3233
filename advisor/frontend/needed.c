#include "frontend.h"

/* What generated code needs of the file: the declarations its kernels
 * reach through references, transitively, so that host code (classes
 * with std:: members, host templates, main) never reaches NVRTC.  Every
 * macro is kept (an unused one costs nothing).  A header without kernels
 * keeps everything: its structs are the subject.  Structs no kernel needs
 * leave the model, and a struct that could not be modelled fails the file
 * only when a kernel needs it. */

/* The CUDA headers whose device code generated source includes when the
 * file does: NVRTC provides the rest (cuda_runtime.h's) itself. */
static const char *const device_headers[] = {
    "cooperative_groups.h", "cooperative_groups/reduce.h", "cooperative_groups/scan.h",
    "cooperative_groups/memcpy_async.h", "cuda_fp16.h", "cuda_bf16.h", "curand_kernel.h",
    "math_constants.h", "cuComplex.h"};

typedef struct {
    pctx *pc;
    unsigned char *needed;
    cvec work;
} reach_t;

static void mark(reach_t *r, CXCursor ref)
{
    pctx *pc = r->pc;
    unsigned off;
    if (!fe_loc_at(pc, pc->cx->clang_getCursorLocation(ref), 0, &off, NULL, NULL))
        return;
    for (unsigned i = 0; i < pc->m->ndecls; i++) {
        const adv_decl *d = &pc->m->decls[i];
        if (!d->is_macro && !r->needed[i] && d->begin <= off && off < d->end) {
            r->needed[i] = 1;
            fe_cvec_push(&r->work, pc->decl_cur.v[i]);
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
        if (depth < 256)
            reach(r, kids.v[i], depth + 1);
    }
    free(kids.v);
}

static int needed_at(const pctx *pc, const unsigned char *needed, unsigned b, unsigned e)
{
    for (unsigned i = 0; i < pc->m->ndecls; i++)
        if (needed[i] && pc->m->decls[i].begin < e && b < pc->m->decls[i].end)
            return 1;
    return 0;
}

static void keep_structs(pctx *pc, const unsigned char *needed)
{
    adv_model *m = pc->m;
    int *to = gm_xcalloc(m->nstructs + 1, sizeof *to);
    unsigned n = 0;
    for (unsigned i = 0; i < m->nstructs; i++) {
        int used = needed_at(pc, needed, m->struct_decl_off[i], m->struct_decl_off[i] + 1);
        for (unsigned k = 0; k < m->nkernels && !used; k++)
            for (unsigned p = 0; p < m->kernels[k].nparams; p++)
                used |= m->kernels[k].params[p].struct_idx == (int)i;
        if (!used) {
            to[i] = -1;
            for (unsigned f = 0; f < m->structs[i].nfields; f++)
                free(m->structs[i].fields[f].leaves);
            free(m->structs[i].fields);
            continue;
        }
        to[i] = (int)n;
        m->structs[n] = m->structs[i];
        m->struct_decl_off[n++] = m->struct_decl_off[i];
    }
    for (unsigned k = 0; k < m->nkernels; k++) {
        adv_kernel *kn = &m->kernels[k];
        for (unsigned p = 0; p < kn->nparams; p++)
            if (kn->params[p].struct_idx >= 0)
                kn->params[p].struct_idx = to[kn->params[p].struct_idx];
        for (unsigned a = 0; a < kn->naccesses; a++)
            if (kn->acc[a].struct_idx >= 0)
                kn->acc[a].struct_idx = to[kn->acc[a].struct_idx];
    }
    m->nstructs = n;
    free(to);
}

static void keep_decls(pctx *pc, const unsigned char *needed)
{
    adv_model *m = pc->m;
    unsigned n = 0;
    for (unsigned i = 0; i < m->ndecls; i++)
        if (needed[i] || m->decls[i].is_macro) {
            m->decls[n] = m->decls[i];
            pc->decl_cur.v[n++] = pc->decl_cur.v[i];
        }
    m->ndecls = pc->decl_cur.n = n;
}

/* The file's own #include lines of CUDA device headers, for generated code. */
static void keep_includes(pctx *pc)
{
    const adv_clang *cx = pc->cx;
    cvec top = fe_kids(pc, cx->clang_getTranslationUnitCursor(pc->tu));
    for (unsigned i = 0; i < top.n; i++) {
        if (fe_kind(pc, top.v[i]) != CXCursor_InclusionDirective || !fe_cursor_in_main(pc, top.v[i]))
            continue;
        CXFile f = cx->clang_getIncludedFile(top.v[i]);
        char path[1024];
        if (!f || strncmp(adv_cxstr(cx, cx->clang_getFileName(f), path, sizeof path), FE_HEADERS_DIR "/",
                          sizeof FE_HEADERS_DIR))
            continue;
        const char *rel = path + sizeof FE_HEADERS_DIR;
        for (size_t h = 0; h < sizeof device_headers / sizeof *device_headers; h++)
            if (!strcmp(rel, device_headers[h]))
                adv_model_add_include(pc->m, rel);
    }
    free(top.v);
}

int fe_keep_needed(pctx *pc)
{
    adv_model *m = pc->m;
    unsigned char *needed = gm_xcalloc(m->ndecls + 1, 1);
    reach_t r = {pc, needed, {NULL, 0, 0}};
    int any_root = pc->kern_cur.n + pc->templates.n > 0;
    for (unsigned i = 0; i < pc->kern_cur.n; i++)
        fe_cvec_push(&r.work, pc->kern_cur.v[i]);
    for (unsigned i = 0; i < pc->templates.n; i++)
        fe_cvec_push(&r.work, pc->templates.v[i]);
    while (r.work.n)
        reach(&r, r.work.v[--r.work.n], 0);
    free(r.work.v);
    if (!any_root)
        memset(needed, 1, m->ndecls);
    for (unsigned i = 0; i < pc->nfails; i++)
        if (needed_at(pc, needed, pc->fails[i].begin, pc->fails[i].end + 1)) {
            free(needed);
            return gm_fail(pc->st, GM_EINPUT, "%s", pc->fails[i].msg);
        }
    if (any_root) {
        keep_structs(pc, needed);
        keep_decls(pc, needed);
    }
    keep_includes(pc);
    free(needed);
    return GM_OK;
}
