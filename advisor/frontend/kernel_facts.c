#include "frontend.h"

/* What a kernel's launch needs to know of its code, read from libclang's
 * tree (adv_kernel.declares_shared, dynamic_shared, block_targ): the
 * engine launches on these fields and never reads the kernel's text, in
 * which a comment, a string or a helper no one calls spells the same
 * words as code. */

/* The definitions a kernel reaches: its body first, then each function,
 * method or class (with its members) named on the way, once each, at
 * most GM_MAX_FACT_DEFS; the CUDA toolkit's and the system's own are not
 * followed (they declare no user's shared array). */
typedef struct {
    pctx *pc;
    cvec defs;     /* walked or to walk, in that order */
    int own;       /* walking the kernel's own body */
    int declares;  /* a __shared__ variable in the kernel's own body */
    int dynamic;   /* an extern __shared__ array anywhere reached */
} facts;

static int function_kind(enum CXCursorKind k)
{
    return k == CXCursor_FunctionDecl || k == CXCursor_FunctionTemplate || k == CXCursor_CXXMethod ||
           k == CXCursor_Constructor || k == CXCursor_Destructor || k == CXCursor_ConversionFunction;
}

static int record_kind(enum CXCursorKind k)
{
    return k == CXCursor_StructDecl || k == CXCursor_ClassDecl || k == CXCursor_ClassTemplate ||
           k == CXCursor_ClassTemplatePartialSpecialization;
}

/* Queues the definition of what c declares or names, when it is a
 * function or a class of the user's not queued yet.  Another kernel (a
 * launch from device code) runs with a launch of its own: not followed. */
static void reach(facts *f, CXCursor c)
{
    pctx *pc = f->pc;
    const adv_clang *cx = pc->cx;
    CXCursor def = cx->clang_getCursorDefinition(cx->clang_getCursorReferenced(c));
    enum CXCursorKind k = fe_kind(pc, def);
    if (cx->clang_Cursor_isNull(def) || !(function_kind(k) || record_kind(k)) ||
        cx->clang_Location_isInSystemHeader(cx->clang_getCursorLocation(def)) ||
        fe_has_attr(pc, def, CXCursor_CUDAGlobalAttr) || f->defs.n >= GM_MAX_FACT_DEFS)
        return;
    for (unsigned i = 0; i < f->defs.n; i++)
        if (cx->clang_equalCursors(f->defs.v[i], def))
            return;
    fe_cvec_push(&f->defs, def);
}

static enum CXChildVisitResult visit(CXCursor c, CXCursor parent, CXClientData d)
{
    (void)parent;
    facts *f = d;
    pctx *pc = f->pc;
    enum CXCursorKind k = fe_kind(pc, c);
    if (k == CXCursor_VarDecl && fe_has_attr(pc, c, CXCursor_CUDASharedAttr)) {
        f->declares |= f->own;
        f->dynamic |= pc->cx->clang_Cursor_getStorageClass(c) == CX_SC_Extern;
        if (f->dynamic && !f->own)
            return CXChildVisit_Break;
    } else if (k == CXCursor_CallExpr || k == CXCursor_DeclRefExpr || k == CXCursor_MemberRefExpr ||
               k == CXCursor_TypeRef || k == CXCursor_TemplateRef || function_kind(k)) {
        reach(f, c); /* a member declared in a class, defined outside it, is reached by its declaration */
    }
    return CXChildVisit_Recurse;
}

/* Code the host parse skipped inside definition def (#ifdef __CUDA_ARCH__,
 * or a macro only the device compile defines: DeepSpeed's
 * HALF_PRECISION_AVAILABLE) is device code that NVRTC compiles, with
 * no tree to walk: its tokens, lexed by libclang (comments and strings
 * are none), say whether it declares __shared__ or extern __shared__
 * arrays.  Calls in it are not followed. */
static void skipped_code(facts *f, CXCursor def)
{
    pctx *pc = f->pc;
    const adv_clang *cx = pc->cx;
    CXSourceRange ext = cx->clang_getCursorExtent(def);
    CXFile file;
    unsigned b, e;
    cx->clang_getSpellingLocation(cx->clang_getRangeStart(ext), &file, NULL, NULL, &b);
    cx->clang_getSpellingLocation(cx->clang_getRangeEnd(ext), NULL, NULL, NULL, &e);
    CXSourceRangeList *skipped = file ? cx->clang_getSkippedRanges(pc->tu, file) : NULL;
    for (unsigned r = 0; skipped && r < skipped->count && !(f->dynamic && !f->own); r++) {
        unsigned rb, re;
        cx->clang_getSpellingLocation(cx->clang_getRangeStart(skipped->ranges[r]), NULL, NULL, NULL, &rb);
        cx->clang_getSpellingLocation(cx->clang_getRangeEnd(skipped->ranges[r]), NULL, NULL, NULL, &re);
        if (rb < b || re > e)
            continue;
        CXToken *toks = NULL;
        unsigned n = 0;
        cx->clang_tokenize(pc->tu, skipped->ranges[r], &toks, &n);
        for (unsigned t = 0; t < n; t++) {
            char word[16];
            adv_cxstr(cx, cx->clang_getTokenSpelling(pc->tu, toks[t]), word, sizeof word);
            if (strcmp(word, "__shared__"))
                continue;
            f->declares |= f->own;
            if (t > 0) {
                adv_cxstr(cx, cx->clang_getTokenSpelling(pc->tu, toks[t - 1]), word, sizeof word);
                f->dynamic |= !strcmp(word, "extern");
            }
        }
        if (toks)
            cx->clang_disposeTokens(pc->tu, toks, n);
    }
    if (skipped)
        cx->clang_disposeSourceRangeList(skipped);
}

/* "BLOCK_THREADS", "blockSize", "kThreadsPerBlock": a template parameter
 * named for the block its instance's code is written for. */
static int block_named(const char *name)
{
    char low[ADV_NAME_MAX];
    size_t i;
    for (i = 0; name[i] && i + 1 < sizeof low; i++)
        low[i] = (char)tolower((unsigned char)name[i]);
    low[i] = 0;
    return strstr(low, "blocksize") || strstr(low, "block_size") || strstr(low, "blockdim") ||
           strstr(low, "block_dim") || strstr(low, "threads");
}

/* Argument i of an instance's label "k<float, 256>" (templates.c writes
 * each argument trimmed, at a top-level comma) as a block: a decimal
 * constant from 1 to 1024 (u and l suffixes allowed); 0 otherwise. */
static unsigned label_block(const char *label, unsigned i)
{
    const char *a = strchr(label, '<');
    for (int depth = 0; a && i; a++)
        if (*a == '<' || *a == '(')
            depth++;
        else if (*a == '>' || *a == ')')
            depth--;
        else if (*a == ',' && depth == 1)
            i--;
        else if (!*a)
            return 0;
    if (!a)
        return 0;
    while (*a == ' ' || *a == '<')
        a++;
    char *end;
    long v = strtol(a, &end, 10);
    if (end == a)
        return 0;
    while (*end && strchr("uUlL", *end))
        end++;
    while (*end == ' ')
        end++;
    return (*end == ',' || *end == '>') && v >= 1 && v <= 1024 ? (unsigned)v : 0;
}

/* An instance's copy (templates.c): the template it was made from, the
 * __global__ template of its name in its namespace; a null cursor for
 * a kernel that is none. */
static CXCursor template_of(pctx *pc, CXCursor fn, const char *label)
{
    const adv_clang *cx = pc->cx;
    size_t n = strcspn(label, "<");
    CXCursor ns = cx->clang_getCanonicalCursor(cx->clang_getCursorSemanticParent(fn));
    char name[ADV_NAME_MAX];
    for (unsigned i = 0; i < pc->templates.n; i++) {
        CXCursor t = pc->templates.v[i];
        if (!strncmp(fe_spell(pc, t, name, sizeof name), label, n) && !name[n] &&
            cx->clang_equalCursors(cx->clang_getCanonicalCursor(cx->clang_getCursorSemanticParent(t)), ns))
            return t;
    }
    return cx->clang_getNullCursor();
}

/* The template parameter an instance's block is named by: the first
 * integer one (not bool, not an enum) named for it whose argument is a
 * constant block (cuda-samples' reduce7<float, 8, true>: its warp masks
 * assume blockSize threads). */
static void block_parameter(pctx *pc, CXCursor fn, adv_kernel *k)
{
    const char *label = NULL;
    for (unsigned i = 0; i < pc->ninst && !label; i++)
        if (!strcmp(pc->inst_name[i], k->name))
            label = pc->inst_label[i];
    CXCursor t = label ? template_of(pc, fn, label) : pc->cx->clang_getNullCursor();
    if (pc->cx->clang_Cursor_isNull(t))
        return;
    cvec kids = fe_kids(pc, t);
    for (unsigned i = 0, index = 0; i < kids.n && !k->block_targ; i++) {
        enum CXCursorKind kind = fe_kind(pc, kids.v[i]);
        if (kind != CXCursor_TemplateTypeParameter && kind != CXCursor_NonTypeTemplateParameter &&
            kind != CXCursor_TemplateTemplateParameter)
            continue;
        CXType ty = pc->cx->clang_getCanonicalType(pc->cx->clang_getCursorType(kids.v[i]));
        char name[ADV_NAME_MAX];
        fe_spell(pc, kids.v[i], name, sizeof name);
        if (kind == CXCursor_NonTypeTemplateParameter && ty.kind >= CXType_Char_U && ty.kind <= CXType_Int128 && /* bool is below, enums past */
            block_named(name) && (k->block_targ = label_block(label, index)) > 0) {
            k->block_tparam = index;
            snprintf(k->block_tparam_name, sizeof k->block_tparam_name, "%s", name);
        }
        index++;
    }
    free(kids.v);
}

void fe_kernel_facts(pctx *pc, CXCursor fn, CXCursor body, adv_kernel *k)
{
    if (pc->opts && pc->opts->cost_only)
        return; /* check never launches: its parse pays nothing for them */
    facts f = {pc, {NULL, 0, 0}, 1, 0, 0};
    pc->cx->clang_visitChildren(body, visit, &f);
    skipped_code(&f, body);
    f.own = 0;
    for (unsigned i = 0; i < f.defs.n && !f.dynamic; i++) {
        pc->cx->clang_visitChildren(f.defs.v[i], visit, &f);
        skipped_code(&f, f.defs.v[i]);
    }
    free(f.defs.v);
    k->declares_shared = f.declares;
    k->dynamic_shared = f.dynamic;
    block_parameter(pc, fn, k);
}
