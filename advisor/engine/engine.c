#include "engine.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../common/limits.h"
#include "../../common/log.h"
#include "../../common/strbuf.h"
#include "../../common/text.h"
#include "../../common/timeline.h"
#include "../../common/timer.h"
#include "../../jit/batch.h"
#include "../../jit/ptx.h"
#include "../../jit/worker.h"
#include "adopt.h"
#include "calibration_cache.h"
#include "captured.h"
#include "halves.h"
#include "kgen.h"
#include "locality.h"
#include "measure.h"

void adv_engine_opts_default(adv_engine_opts *o)
{
    memset(o, 0, sizeof *o);
    o->use_cache = 1;
    o->timeout_s = GM_DEFAULT_TIMEOUT_S;
    o->spread_pct = GM_DEFAULT_SPREAD_PCT;
    o->search = GM_SEARCH_MEASURE;
}

/* ---- plan ------------------------------------------------------------- */

/* A variant being built: the result's entry and kgen's id for it. */
typedef struct {
    adv_result *r;
    int *kid;   /* per variant: kgen's id, -1 when none */
    int adopted; /* each generated layout also through the adoption header */
    const adv_layout_spec ***pick; /* per struct: the layouts the GPU measures besides the declared
                                    * one (adv_search_pick; pointing into r->search) */
    unsigned *npick;
    jit_batch *batch;         /* while what does not compile is searched for */
    jit_batch_stats compiles; /* what that search compiled (--times) */
} plan;

static adv_variant *push_variant(plan *p, unsigned kernel, int st, const adv_layout_spec *sp)
{
    adv_result *r = p->r;
    r->v = gm_xrealloc(r->v, (r->nv + 1) * sizeof *r->v);
    p->kid = gm_xrealloc(p->kid, (r->nv + 1) * sizeof *p->kid);
    p->kid[r->nv] = -1;
    adv_variant *v = &r->v[r->nv++];
    memset(v, 0, sizeof *v);
    v->kernel = kernel;
    v->st = st;
    v->spec = *sp;
    v->correct = -1;
    return v;
}

/* The last variant pushed, given kgen's id for it (-1: not generated, its
 * note says why): its state, its function and the model's prediction. */
static void generated(plan *p, const kgen_program *kg, int kid)
{
    unsigned i = p->r->nv - 1;
    adv_variant *v = &p->r->v[i];
    p->kid[i] = kid;
    v->state = kid >= 0 ? ADV_V_COMPILED : ADV_V_NOT_GENERATED;
    if (kid >= 0)
        snprintf(v->fn, sizeof v->fn, "%s", kgen_kernel_name(kg, kid));
    adv_predict(p->r->m, v->kernel, v->st, &v->spec, &v->model);
    if (!v->model.ok && !v->note[0]) /* its "-" in the model's columns, with the reason */
        snprintf(v->note, sizeof v->note, "not modelled: %s", v->model.why);
}

/* Generates the variant in kgen; its state says whether that worked. */
static void generate(plan *p, kgen_program *kg, const adv_layout_shape *lay)
{
    adv_variant *v = &p->r->v[p->r->nv - 1];
    generated(p, kg, kgen_add_variant(kg, v->kernel, v->st, lay, v->note, sizeof v->note));
}

/* The variant just generated, again as the user's kernel through the
 * adoption header in the same layout: only its parameter types change. */
static void generate_adopted(plan *p, kgen_program *kg, const adv_layout_shape *lay, unsigned align)
{
    adv_variant orig = p->r->v[p->r->nv - 1]; /* a copy: pushing moves the array */
    adv_variant *v = push_variant(p, orig.kernel, orig.st, &orig.spec);
    v->adopted = 1;
    v->align = align;
    sb_t h;
    sb_init(&h);
    gm_status st;
    gm_status_init(&st);
    int kid = -1;
    if (adv_adopt_header(p->r->m, (unsigned)v->st, &v->spec, &h, &st) == GM_OK)
        kid = kgen_add_adopted(kg, v->kernel, v->st, lay, h.s, v->note, sizeof v->note);
    else
        snprintf(v->note, sizeof v->note, "%s", st.msg);
    sb_free(&h);
    generated(p, kg, kid);
}

/* One variant of (kernel k, struct st) in layout sp: generated, and again
 * through the adoption header when asked (every layout has one). */
static void plan_layout(plan *p, kgen_program *kg, unsigned k, int st, const adv_layout_spec *sp)
{
    const adv_struct *s = adv_model_struct(p->r->m, (unsigned)st);
    adv_variant *v = push_variant(p, k, st, sp);
    v->align = s->align;
    adv_layout_shape *lay = adv_shape_make(s, sp, v->note, sizeof v->note);
    if (!lay)
        return; /* ADV_V_NOT_APPLICABLE */
    if (adv_layout_aos_kind(sp->kind))
        v->align = adv_shape_align(lay);
    generate(p, kg, lay);
    if (p->adopted && v->state == ADV_V_COMPILED)
        generate_adopted(p, kg, lay, v->align);
    adv_shape_free(lay);
}

/* Every standard layout of every struct a kernel takes a pointer to, and
 * the search's best others; a kernel with scalar pointers only is run as
 * written. */
static void plan_variants(plan *p, kgen_program *kg, unsigned measure)
{
    const adv_model *m = p->r->m;
    p->r->search = gm_xcalloc(adv_model_nstructs(m) + 1, sizeof *p->r->search);
    for (unsigned st = 0; st < adv_model_nstructs(m); st++)
        for (unsigned k = 0; k < adv_model_nkernels(m); k++)
            if (adv_kernel_takes(adv_model_kernel(m, k), (int)st)) {
                adv_search_run(m, (int)st, &p->r->search[st]);
                break;
            }
    p->pick = gm_xcalloc(adv_model_nstructs(m) + 1, sizeof *p->pick);
    p->npick = gm_xcalloc(adv_model_nstructs(m) + 1, sizeof *p->npick);
    for (unsigned st = 0; st < adv_model_nstructs(m); st++) {
        p->pick[st] = gm_xcalloc(measure + 1, sizeof **p->pick);
        p->npick[st] = adv_search_pick(&p->r->search[st], measure, p->pick[st]);
    }
    for (unsigned k = 0; k < adv_model_nkernels(m); k++) {
        const adv_kernel *kn = adv_model_kernel(m, k);
        unsigned nseen = 0;
        for (unsigned q = 0; q < kn->nparams; q++) {
            int st = kn->params[q].kind == ADV_P_STRUCT_PTR ? kn->params[q].struct_idx : -1;
            int dup = st < 0;
            for (unsigned i = 0; i < kn->nparams && i < q && !dup; i++)
                dup = adv_param_points_to(&kn->params[i], st);
            if (dup)
                continue;
            nseen++;
            for (unsigned L = 0; L < adv_layout_nstd(); L++) {
                adv_layout_spec sp = adv_layout_std_at(L);
                plan_layout(p, kg, k, st, &sp);
            }
            for (unsigned i = 0; i < p->npick[st]; i++)
                if (!adv_layout_spec_is_std(p->pick[st][i]))
                    plan_layout(p, kg, k, st, p->pick[st][i]);
        }
        if (nseen == 0) {
            adv_layout_spec aos = adv_layout_declared();
            push_variant(p, k, -1, &aos);
            generate(p, kg, NULL);
        }
    }
}

static void plan_free(plan *p, unsigned nstructs)
{
    for (unsigned st = 0; p->pick && st < nstructs; st++)
        free(p->pick[st]);
    free(p->pick);
    free(p->npick);
    free(p->kid);
}

/* Where the search picked (some layout of the struct scored), only the
 * declared layout and the picks are measured: the others are the model's
 * (a state, with a note). */
static void leave_unpicked(plan *p)
{
    adv_result *r = p->r;
    for (unsigned i = 0; i < r->nv; i++) {
        adv_variant *v = &r->v[i];
        if (v->st < 0 || v->state != ADV_V_COMPILED || adv_layout_as_declared(v->spec.kind) || !p->npick[v->st])
            continue;
        unsigned j = 0;
        while (j < p->npick[v->st] && !adv_layout_spec_eq(p->pick[v->st][j], &v->spec))
            j++;
        if (j < p->npick[v->st])
            continue;
        v->state = ADV_V_NOT_PICKED;
        snprintf(v->note, sizeof v->note, "not measured: the layout search ranks it below the %u layouts it measures "
                 "(--search 0: every standard layout)", p->npick[v->st]);
    }
}

/* The variants compiled rewrite at most GM_COMPILE_BUDGET accesses, summed
 * over the variants, whole kernels in file order: a kernel whose variants
 * would pass the budget, and every kernel after it, keeps its generated
 * code and the model's figures, not compiled, and the run says which (one
 * NVRTC program of 11,000 variants took minutes, and so did 10 variants of
 * a kernel of 4000 accesses). */
static void budget_variants(plan *p, kgen_program *kg)
{
    adv_result *r = p->r;
    unsigned long long used = 0;
    unsigned first = 0, left = 0, nv = 0;
    int over = 0;
    for (unsigned i = 0; i < r->nv;) {
        unsigned k = r->v[i].kernel, n = 0, j = i;
        for (; j < r->nv && r->v[j].kernel == k; j++)
            n += r->v[j].state == ADV_V_COMPILED;
        unsigned acc = adv_model_kernel(r->m, k)->naccesses;
        unsigned long long cost = (unsigned long long)n * (acc ? acc : 1);
        if (!over && n && used + cost > GM_COMPILE_BUDGET) {
            over = 1;
            first = k;
        }
        if (!over) {
            used += cost;
        } else {
            left += n > 0;
            for (unsigned q = i; q < j; q++) {
                adv_variant *v = &r->v[q];
                if (v->state != ADV_V_COMPILED)
                    continue;
                kgen_disable_variant(kg, p->kid[q]);
                v->state = ADV_V_GENERATED; /* its code: describe_compiled */
                snprintf(v->note, sizeof v->note, "not compiled: past the run's compile budget ("
                         GM_STR(GM_COMPILE_BUDGET) " accesses, summed over the variants compiled); the "
                         "model's figures");
                nv++;
            }
        }
        i = j;
    }
    if (over)
        snprintf(r->budget_note, sizeof r->budget_note,
                 "%u kernels from %s on (%u variants) not compiled: past the run's compile budget ("
                 GM_STR(GM_COMPILE_BUDGET) " accesses, summed over the variants compiled); their figures "
                 "are the model's", left, adv_model_kernel(r->m, first)->label, nv);
}

/* ---- compile ------------------------------------------------------------ */

/* NVRTC's first error line, "FILE(LINE): error: TEXT": the file, the
 * line, and ": error: TEXT" (err, to the end of the line). */
typedef struct {
    const char *file, *err;
    int file_len, err_len;
    unsigned line;
} nvrtc_error;

static int first_error(const char *log, nvrtc_error *e)
{
    const char *at = strstr(log, "): error");
    if (!at)
        return 0;
    const char *start = at, *paren = at;
    while (start > log && start[-1] != '\n')
        start--;
    while (paren > start && *paren != '(')
        paren--;
    if (paren == start)
        return 0;
    const char *eol = strchr(at, '\n');
    *e = (nvrtc_error){start, at + 1, (int)(paren - start), eol ? (int)(eol - at - 1) : (int)strlen(at + 1),
                       (unsigned)strtoul(paren + 1, NULL, 10)};
    return 1;
}

/* For NVRTC's `identifier "X" is undefined`: where the user's file first
 * names X outside the kernels' own text, or that it never does (X comes
 * from a header gmadvise does not carry). */
static void lacked_declaration(const adv_model *m, const char *err, int err_len, char *out, size_t n)
{
    static const char pre[] = "identifier \"";
    const char *at = strstr(err, pre), *end = at ? strchr(at + sizeof pre - 1, '"') : NULL;
    out[0] = '\0';
    if (!at || at - err > err_len || !end || end - at > ADV_NAME_MAX)
        return;
    char name[ADV_NAME_MAX + 1];
    snprintf(name, sizeof name, "%.*s", (int)(end - at - (sizeof pre - 1)), at + sizeof pre - 1);
    const char *text = adv_model_text(m);
    unsigned len = adv_model_text_len(m), line = 1, nl = (unsigned)strlen(name);
    char file[512]; /* spliced headers follow a #line naming their own file */
    snprintf(file, sizeof file, "%s", adv_model_file(m));
    int comment = 0; /* 1: to the end of the line, 2: to the next star-slash */
    for (unsigned i = 0; i + nl <= len; i++) {
        if (!comment && text[i] == '/' && (text[i + 1] == '/' || text[i + 1] == '*'))
            comment = text[i + 1] == '/' ? 1 : 2;
        else if (comment == 2 && text[i] == '*' && text[i + 1] == '/')
            comment = 0;
        if (text[i] == '\n' && comment == 1)
            comment = 0;
        if (text[i] == '\n') {
            line++;
            gm_line_directive(text + i + 1, &line, file, sizeof file);
        }
        if (comment || strncmp(text + i, name, nl) || (i && gm_ident_char(text[i - 1])) || gm_ident_char(text[i + nl]))
            continue;
        int in_kernel = 0;
        for (unsigned k = 0; k < adv_model_nkernels(m) && !in_kernel; k++)
            in_kernel = adv_model_kernel(m, k)->begin <= i && i < adv_model_kernel(m, k)->end;
        if (in_kernel)
            continue;
        const char *bol = text + i;
        while (bol > text && bol[-1] != '\n')
            bol--;
        const char *eol = strchr(text + i, '\n'), *tex = strstr(bol, "texture<");
        if (tex && (!eol || tex < eol)) /* texture<float, 1> tex; */
            snprintf(out, n, " (%s is a texture reference, %s:%u: CUDA 12 removed them; a texture object "
                     "replaces it)", name, file, line);
        else
            snprintf(out, n, " (%s is named at %s:%u, in a declaration the variant's program lacks)", name, file,
                     line);
        return;
    }
    snprintf(out, n, " (%s is declared outside %s, in a header generated code does not include)", name,
             adv_model_file(m));
}

/* Whether lacked_declaration found the name in the user's file. */
static int names_user_declaration(const char *lacked)
{
    return strstr(lacked, " is a texture reference") || strstr(lacked, " is named at ");
}

/* A variant's NVRTC error with the generated line it points at, so the
 * note shows what the rewrite produced, and the declaration it lacked. */
static void compile_note(const adv_model *m, const char *log, const char *src, char *out, size_t n)
{
    nvrtc_error e;
    if (!first_error(log, &e)) {
        snprintf(out, n, "does not compile: %.300s", log);
        return;
    }
    char lacked[ADV_NAME_MAX + 300];
    lacked_declaration(m, e.err, e.err_len, lacked, sizeof lacked);
    /* An error that names a declaration of the user's file explains the
     * others: a statement clang could not parse (it reads a texture
     * reference) is left unrewritten by some libclang versions, and its
     * first error is then the struct parameter the layout renamed. */
    for (nvrtc_error o = e; !names_user_declaration(lacked);) {
        const char *next = strchr(o.err, '\n');
        char other[sizeof lacked];
        if (!next || !first_error(next + 1, &o))
            break;
        lacked_declaration(m, o.err, o.err_len, other, sizeof other);
        if (names_user_declaration(other)) {
            e = o;
            snprintf(lacked, sizeof lacked, "%s", other);
        }
    }
    const char *code = src;
    for (unsigned l = 1; l < e.line && code; l++) {
        code = strchr(code, '\n');
        code = code ? code + 1 : NULL;
    }
    const char *cend = code ? strchr(code, '\n') : NULL;
    while (code && (*code == ' ' || *code == '\t'))
        code++;
    snprintf(out, n, "does not compile: %.*s:%u%.*s%s; generated line %u: %.*s", e.file_len, e.file, e.line,
             e.err_len, e.err, lacked, e.line, code ? (cend ? (int)(cend - code) : 200) : 0, code ? code : "");
}

/* A variant's own program, named as the compiler and --emit name it. */
static char *variant_source(const kgen_program *kg, int kid, const char *fn, char *name, size_t n)
{
    snprintf(name, n, "%s.cu", fn);
    return kgen_program_source(kg, kid, 0, name);
}

/* Compiles src in the search's batch (jit/batch.h: a program asked again
 * is not compiled again; the shared #includes are precompiled); GM_OK,
 * GM_EINPUT with NVRTC's log in *log (the caller frees it), or another
 * failure in *st. */
static int try_compile(plan *p, const char *src, const char *name, char **log, gm_status *st)
{
    gm_status_clear(st);
    return jit_batch_compile(p->batch, src, name, log, st);
}

/* Kernel k's own declarations (what its variants carry: kgen_program_source)
 * compiled alone; when NVRTC rejects them, every variant of k is dropped
 * with the error, located in the user's file through kgen's #line, and the
 * other kernels keep theirs.  GM_OK, GM_EINPUT when they were dropped. */
static int kernel_declarations(plan *p, kgen_program *kg, unsigned k, gm_status *st)
{
    adv_result *r = p->r;
    char *src = kgen_program_source(kg, KGEN_KERNEL_DECLS(k), 0, "gmadvise_declarations.cu");
    char *log = NULL;
    int rc = try_compile(p, src, "gmadvise_declarations.cu", &log, st);
    free(src);
    if (rc == GM_EINPUT) {
        nvrtc_error e;
        char note[sizeof r->v[0].note];
        char lacked[ADV_NAME_MAX + 300];
        if (log && first_error(log, &e))
            lacked_declaration(r->m, e.err, e.err_len, lacked, sizeof lacked);
        if (log && first_error(log, &e))
            snprintf(note, sizeof note, "does not compile: %.*s:%u:1%.*s%s (NVRTC, compiling the declarations "
                     "kernel %s uses)", e.file_len, e.file, e.line, e.err_len, e.err, lacked,
                     adv_model_kernel(r->m, k)->label);
        else
            snprintf(note, sizeof note, "does not compile: %s (NVRTC, compiling the declarations kernel %s uses)",
                     st->msg, adv_model_kernel(r->m, k)->label);
        for (unsigned i = 0; i < r->nv; i++)
            if (p->kid[i] >= 0 && r->v[i].kernel == k) {
                snprintf(r->v[i].note, sizeof r->v[i].note, "%s", note);
                kgen_disable_variant(kg, p->kid[i]);
                p->kid[i] = -1;
                r->v[i].state = ADV_V_COMPILE_FAILED;
            }
        /* the file's error, located where NVRTC says */
        char uses[ADV_NAME_MAX + 80];
        snprintf(uses, sizeof uses, " (NVRTC, compiling the declarations kernel %s uses)",
                 adv_model_kernel(r->m, k)->label);
        if (log && first_error(log, &e)) {
            char file[1024];
            snprintf(file, sizeof file, "%.*s", e.file_len, e.file);
            int skip = !strncmp(e.err, ": error: ", 9) ? 9 : 0;
            gm_status_clear(st);
            gm_fail_at(st, GM_EINPUT, file, e.line, 1, "%.*s%s%s", e.err_len - skip, e.err + skip, lacked, uses);
        } else
            gm_status_append(st, uses);
    }
    free(log);
    return rc;
}

static void drop_failing_one(plan *p, kgen_program *kg, unsigned i);

/* What adv_halves' callbacks work on: the plan (its batch compiles). */
typedef struct {
    plan *p;
    kgen_program *kg;
    unsigned tried, broken; /* kernels: with variants, whose declarations NVRTC rejects */
    gm_status first;        /* the first kernel's whose declarations NVRTC rejects */
    gm_status fatal;        /* why the search stopped (NVRTC could not run) */
} halves_ctx;

/* Whether the variants with sel[kgen id] compile together, with the
 * declarations they use: 1, 0, or -1 (NVRTC could not run: h->fatal). */
static int selection_compiles(halves_ctx *h, unsigned char *sel)
{
    char *src = kgen_program_source_of(h->kg, sel, 0, "gmadvise_variants.cu"), *log = NULL;
    gm_status cst;
    int rc = try_compile(h->p, src, "gmadvise_variants.cu", &log, &cst);
    free(src);
    free(log);
    free(sel);
    if (rc != GM_OK && rc != GM_EINPUT) {
        gm_status_set(&h->fatal, &cst);
        return -1;
    }
    return rc == GM_OK;
}

/* adv_halves over variants (indices into r->v) */
static int variants_compile(void *ctx, const unsigned *at, unsigned n)
{
    halves_ctx *h = ctx;
    unsigned char *sel = gm_xcalloc(kgen_nvariants(h->kg) + 1, 1);
    for (unsigned j = 0; j < n; j++)
        sel[h->p->kid[at[j]]] = 1;
    return selection_compiles(h, sel);
}

static int variant_alone(void *ctx, unsigned i, int known_bad)
{
    halves_ctx *h = ctx;
    (void)known_bad; /* compiled alone for NVRTC's message about it */
    drop_failing_one(h->p, h->kg, i);
    return 0;
}

/* Of the variants at[0..n) (indices into r->v), those that do not compile
 * are found by halves: a half that compiles is done in one compile, so a
 * few bad variants among thousands (--search 2048) cost tens of compiles,
 * not one each (minutes).  known_bad: at[] is known not to compile. */
static void drop_failing_of(plan *p, kgen_program *kg, const unsigned *at, unsigned n, int known_bad)
{
    halves_ctx h = {.p = p, .kg = kg};
    gm_status_init(&h.first);
    gm_status_init(&h.fatal);
    adv_halves(at, n, known_bad, 2, variants_compile, variant_alone, &h);
}

/* The variants of kernel k that do not compile dropped, each with NVRTC's
 * message for it alone. */
static void drop_failing_variants(plan *p, kgen_program *kg, unsigned k)
{
    adv_result *r = p->r;
    unsigned *at = gm_xcalloc(r->nv + 1, sizeof *at), n = 0;
    for (unsigned i = 0; i < r->nv; i++)
        if (p->kid[i] >= 0 && r->v[i].kernel == k)
            at[n++] = i;
    drop_failing_of(p, kg, at, n, 1);
    free(at);
}

static void drop_failing_one(plan *p, kgen_program *kg, unsigned i)
{
    adv_result *r = p->r;
    char name[300], *log = NULL;
    char *one = variant_source(kg, p->kid[i], r->v[i].fn, name, sizeof name);
    gm_status cst;
    if (try_compile(p, one, name, &log, &cst) != GM_OK) {
        compile_note(r->m, log ? log : cst.msg, one, r->v[i].note, sizeof r->v[i].note);
        kgen_disable_variant(kg, p->kid[i]);
        p->kid[i] = -1;
        r->v[i].state = ADV_V_COMPILE_FAILED;
    }
    free(log);
    free(one);
}

/* The selection (by kgen id, caller frees) of every enabled variant of
 * the kernels at[0..n). */
static unsigned char *kernels_selection(halves_ctx *h, const unsigned *at, unsigned n)
{
    const adv_result *r = h->p->r;
    unsigned char *want = gm_xcalloc(adv_model_nkernels(r->m) + 1, 1);
    unsigned char *sel = gm_xcalloc(kgen_nvariants(h->kg) + 1, 1);
    for (unsigned j = 0; j < n; j++)
        want[at[j]] = 1;
    for (unsigned i = 0; i < r->nv; i++)
        if (h->p->kid[i] >= 0 && want[r->v[i].kernel])
            sel[h->p->kid[i]] = 1;
    free(want);
    return sel;
}

/* adv_halves over kernels: every enabled variant of the kernels at[0..n) */
static int kernels_compile(void *ctx, const unsigned *at, unsigned n)
{
    halves_ctx *h = ctx;
    return selection_compiles(h, kernels_selection(h, at, n));
}

/* The variant (kgen id) whose text holds line `line` of the generated
 * program src: the last "/ * ---- NAME ---- * /" (or "types for NAME")
 * mark before it; -1 when none names a variant. */
static int variant_at_line(const kgen_program *kg, const char *src, unsigned line)
{
    static const char open[] = "/* ---- ", close[] = " ---- */";
    char name[512] = "";
    unsigned at = 1;
    for (const char *l = src; l && *l && at < line; at++) {
        const char *eol = strchr(l, '\n');
        size_t len = eol ? (size_t)(eol - l) : strlen(l);
        if (len > sizeof open + sizeof close - 2 && !strncmp(l, open, sizeof open - 1) &&
            !strncmp(l + len - (sizeof close - 1), close, sizeof close - 1)) {
            const char *b = l + sizeof open - 1;
            size_t n = len - (sizeof open - 1) - (sizeof close - 1);
            if (n > 10 && !strncmp(b, "types for ", 10)) {
                b += 10;
                n -= 10;
            }
            snprintf(name, sizeof name, "%.*s", (int)n, b);
        }
        l = eol ? eol + 1 : NULL;
    }
    return name[0] ? kgen_find_variant(kg, name) : -1;
}

/* The kernels of at[0..n) that NVRTC's errors on their whole program fall
 * in (blamed[k] = 1), read from one compile's log: an error in a
 * variant's generated text blames its kernel; one in a declaration (a
 * #line of the user's file) blames nobody, and the halves find it.  The
 * number blamed, or -1 (NVRTC could not run: h->fatal). */
static int blamed_kernels(halves_ctx *h, const unsigned *at, unsigned n, unsigned char *blamed)
{
    const adv_result *r = h->p->r;
    unsigned char *sel = kernels_selection(h, at, n);
    static const char name[] = "gmadvise_variants.cu";
    char *src = kgen_program_source_of(h->kg, sel, 0, name), *log = NULL;
    free(sel);
    gm_status cst;
    int rc = try_compile(h->p, src, name, &log, &cst), nb = 0;
    if (rc != GM_OK && rc != GM_EINPUT) {
        gm_status_set(&h->fatal, &cst);
        nb = -1;
    }
    nvrtc_error e;
    for (const char *l = log; rc == GM_EINPUT && l && first_error(l, &e);) {
        int v = e.file_len == (int)sizeof name - 1 && !strncmp(e.file, name, sizeof name - 1)
                    ? variant_at_line(h->kg, src, e.line) : -1;
        for (unsigned i = 0; v >= 0 && i < r->nv; i++)
            if (h->p->kid[i] == v && !blamed[r->v[i].kernel]) {
                blamed[r->v[i].kernel] = 1;
                nb++;
            }
        l = strchr(e.err, '\n');
    }
    free(log);
    free(src);
    return nb;
}

/* Kernel k alone: when its variants do not compile, its declarations
 * alone (rejected: every variant of k dropped with NVRTC's located
 * error), else the variants that break the compile, each with its
 * message. */
static int kernel_alone(void *ctx, unsigned k, int known_bad)
{
    halves_ctx *h = ctx;
    if (!known_bad) {
        unsigned one = k;
        int ok = kernels_compile(h, &one, 1);
        if (ok)
            return ok < 0 ? ok : 0;
    }
    gm_status cst;
    gm_status_init(&cst);
    int rc = kernel_declarations(h->p, h->kg, k, &cst);
    if (rc == GM_EINPUT) {
        if (!h->broken++)
            h->first = cst;
        return 0;
    }
    if (rc != GM_OK) {
        gm_status_set(&h->fatal, &cst);
        return -1;
    }
    drop_failing_variants(h->p, h->kg, k);
    return 0;
}

/* The enabled variants compiled as parts, on every core (jit/worker.h):
 * as many parts as cores, each of at least GM_COMPILE_PART_BYTES of kernel
 * text, the variants dealt largest first to the lightest part; one part
 * is the whole program, as before.  The parts' CUBINs are the binary's
 * modules and their PTX is laid end to end.  GM_EINPUT when a part does
 * not compile (the caller finds out which variants broke it). */
static int compile_parts(kgen_program *kg, int arch, int flags, jit_binary *bin, gm_status *st)
{
    unsigned nv = kgen_nvariants(kg), nen = 0;
    size_t total = 0;
    for (unsigned v = 0; v < nv; v++)
        if (kgen_variant_size(kg, (int)v)) {
            total += kgen_variant_size(kg, (int)v);
            nen++;
        }
    unsigned nparts = jit_worker_cores();
    if (nparts > total / GM_COMPILE_PART_BYTES)
        nparts = (unsigned)(total / GM_COMPILE_PART_BYTES);
    const char *force = getenv("GMADVISE_COMPILE_PARTS"); /* tests: parts whatever the size */
    if (force && atoi(force) > 0)
        nparts = (unsigned)atoi(force);
    if (nparts > nen)
        nparts = nen;
    memset(bin, 0, sizeof *bin);
    if (nparts <= 1) {
        char *src = kgen_program_source(kg, -1, 1, "gmadvise_variants.cu");
        int rc = jit_worker_compile(src, "gmadvise_variants.cu", arch, flags, bin, NULL, st);
        free(src);
        return rc;
    }
    unsigned *order = gm_xcalloc(nv + 1, sizeof *order), n = 0;
    for (unsigned v = 0; v < nv; v++)
        if (kgen_variant_size(kg, (int)v))
            order[n++] = v;
    for (unsigned i = 1; i < n; i++) /* largest first, ids in order among equals */
        for (unsigned j = i; j > 0 && kgen_variant_size(kg, (int)order[j]) > kgen_variant_size(kg, (int)order[j - 1]); j--) {
            unsigned t = order[j];
            order[j] = order[j - 1];
            order[j - 1] = t;
        }
    unsigned char **sel = gm_xcalloc(nparts, sizeof *sel);
    size_t *load = gm_xcalloc(nparts, sizeof *load);
    for (unsigned i = 0; i < nparts; i++)
        sel[i] = gm_xcalloc(nv + 1, 1);
    for (unsigned i = 0; i < n; i++) {
        unsigned best = 0;
        for (unsigned j = 1; j < nparts; j++)
            if (load[j] < load[best])
                best = j;
        sel[best][order[i]] = 1;
        load[best] += kgen_variant_size(kg, (int)order[i]);
    }
    char **srcs = gm_xcalloc(nparts, sizeof *srcs);
    for (unsigned i = 0; i < nparts; i++) /* the reference kernels go with the first */
        srcs[i] = kgen_program_source_of(kg, sel[i], i == 0, "gmadvise_variants.cu");
    jit_binary *out = gm_xcalloc(nparts, sizeof *out);
    gm_status *sts = gm_xcalloc(nparts, sizeof *sts);
    int rc = jit_worker_compile_parts(nparts, (const char *const *)srcs, "gmadvise_variants.cu", arch, flags,
                                      jit_worker_cores(), out, sts);
    if (rc == GM_OK) {
        sb_t ptx;
        sb_init(&ptx);
        *bin = out[0];
        bin->more = gm_xcalloc(nparts - 1, sizeof *bin->more);
        bin->nmore = nparts - 1;
        for (unsigned i = 0; i < nparts; i++) {
            sb_puts(&ptx, out[i].ptx);
            if (i) {
                bin->more[i - 1] = (jit_module){out[i].cubin, out[i].cubin_len};
                free(out[i].ptx);
            }
        }
        free(bin->ptx);
        bin->ptx = sb_take(&ptx);
    } else {
        for (unsigned i = 0; i < nparts; i++)
            jit_binary_free(&out[i]);
        for (unsigned i = 0; i < nparts; i++)
            if (sts[i].code != GM_OK && (rc != GM_EINPUT || sts[i].code == GM_EINPUT)) {
                gm_status_set(st, &sts[i]);
                break;
            }
    }
    for (unsigned i = 0; i < nparts; i++) {
        free(srcs[i]);
        free(sel[i]);
    }
    free(srcs);
    free(sel);
    free(load);
    free(out);
    free(sts);
    free(order);
    return rc;
}

/* One compile for all variants; when it fails, each kernel's variants are
 * compiled with that kernel's declarations only: a kernel whose
 * declarations NVRTC rejects loses its variants (and only it), and in the
 * others the variants that break the compile are found and dropped with
 * NVRTC's message; then the rest is compiled.  When no kernel's
 * declarations compile, that is the file's error on a GPU; without one the
 * static result is reported with every variant's reason. */
/* flags: jit_compile's (JIT_USE_CACHE, JIT_PTX_ONLY) */
static int compile_all(plan *p, kgen_program *kg, int flags, jit_binary *bin, gm_status *st)
{
    adv_result *r = p->r;
    gm_status cst;
    gm_status_init(&cst);
    int rc = compile_parts(kg, r->arch, flags, bin, &cst);
    if (rc == GM_OK)
        return GM_OK;
    if (rc != GM_EINPUT) {
        gm_status_set(st, &cst);
        return rc;
    }
    /* the kernels with variants, searched by halves for those that break
     * the program (a kernel alone: its declarations, then its variants),
     * in one batch: each program of the search begins with the same
     * prologue and #includes, precompiled once */
    halves_ctx h = {.p = p, .kg = kg};
    char *example = kgen_program_source(kg, KGEN_DECLS_ONLY, 0, "gmadvise_declarations.cu");
    p->batch = jit_batch_start(example, r->arch, flags & JIT_PTX_ONLY);
    free(example);
    gm_status_init(&h.first);
    gm_status_init(&h.fatal);
    unsigned nk = adv_model_nkernels(r->m), *at = gm_xcalloc(nk + 1, sizeof *at), n = 0;
    unsigned char *any = gm_xcalloc(nk + 1, 1);
    for (unsigned i = 0; i < r->nv; i++)
        if (p->kid[i] >= 0)
            any[r->v[i].kernel] = 1;
    for (unsigned k = 0; k < nk; k++)
        if (any[k])
            at[n++] = k;
    free(any);
    h.tried = n;
    /* NVRTC's log blames the kernels whose variants' text it rejects: each
     * of those is taken alone, as known bad (its declarations, then its
     * variants, each compiled before it is dropped); the others are
     * compiled as one group (one compile when every error was blamed),
     * and searched by halves when that fails */
    unsigned char *blamed = gm_xcalloc(nk + 1, 1);
    int nb = blamed_kernels(&h, at, n, blamed);
    rc = nb < 0 ? -1 : 0;
    if (nb > 0) {
        unsigned *rest = gm_xcalloc(n + 1, sizeof *rest), a = 0;
        for (unsigned j = 0; j < n && rc == 0; j++)
            if (!blamed[at[j]])
                rest[a++] = at[j];
            else
                rc = kernel_alone(&h, at[j], 1);
        if (rc == 0)
            rc = adv_halves(rest, a, 0, 1, kernels_compile, kernel_alone, &h);
        free(rest);
    } else if (nb == 0)
        rc = adv_halves(at, n, 1, 1, kernels_compile, kernel_alone, &h); /* the whole did not compile */
    free(blamed);
    free(at);
    p->compiles = jit_batch_stats_of(p->batch);
    jit_batch_stop(p->batch);
    p->batch = NULL;
    if (rc < 0) {
        gm_status_set(st, &h.fatal);
        return h.fatal.code;
    }
    unsigned tried = h.tried, broken = h.broken;
    gm_status first = h.first;
    if (tried && broken == tried) { /* no kernel's declarations compile */
        /* gmadvise's own layout check (a static assertion that the device
         * lays a struct out as parsed) stays an error: the model is wrong */
        if ((flags & JIT_PTX_ONLY) && !strstr(first.msg, "static assertion failed")) {
            /* no GPU: the model's result stands without PTX, every variant
             * carrying NVRTC's located reason (GM_EPARTIAL) */
            memset(bin, 0, sizeof *bin);
            return GM_OK;
        }
        gm_status_set(st, &first);
        return GM_EINPUT;
    }
    gm_status_init(&cst);
    rc = compile_parts(kg, r->arch, flags, bin, &cst);
    if (rc != GM_OK)
        gm_status_set(st, &cst);
    return rc;
}

/* What the compiler emitted for each variant, beside the model's widths,
 * what a user adopts, and (when asked) what builds alone. */
static void describe_compiled(plan *p, const kgen_program *kg, const jit_binary *bin, int sources)
{
    jit_ptx_index ix;
    jit_ptx_index_build(bin->ptx, &ix);
    for (unsigned i = 0; i < p->r->nv; i++) {
        adv_variant *v = &p->r->v[i];
        if (p->kid[i] < 0)
            continue;
        jit_ptx_widths w;
        gm_status pst;
        gm_status_init(&pst);
        if (jit_ptx_widths_in(&ix, v->fn, &w, &pst) == GM_OK)
            jit_ptx_widths_str(&w, v->ptx, sizeof v->ptx);
        v->code = gm_xstrdup(kgen_variant_code(kg, p->kid[i]));
        char name[300];
        if (sources) { /* --emit: the program as the user reads it, loops unbounded */
            snprintf(name, sizeof name, "%s.cu", v->fn);
            v->source = kgen_program_source_shown(kg, p->kid[i], name);
        }
    }
    jit_ptx_index_free(&ix);
}

/* GMADVISE_INJECT_FAULT=NAME:KIND (see kgen_inject_fault). */
static int inject_fault(kgen_program *kg, gm_status *st)
{
    const char *spec = getenv("GMADVISE_INJECT_FAULT");
    if (!spec || !*spec)
        return GM_OK;
    const char *colon = strrchr(spec, ':');
    char name[300];
    snprintf(name, sizeof name, "%.*s", colon ? (int)(colon - spec) : 0, spec);
    int v = colon ? kgen_find_variant(kg, name) : -1;
    if (v < 0 || kgen_inject_fault(kg, v, colon + 1) != 0)
        return gm_fail(st, GM_EINPUT,
                       "GMADVISE_INJECT_FAULT=%s: expected VARIANT:trap|hang|compile with a variant "
                       "this header generates (e.g. integrate_Particle_soa)", spec);
    return GM_OK;
}

/* ---- measure ------------------------------------------------------------ */

static const adv_vstate from_job[] = {
    [JIT_JOB_NOT_RUN] = ADV_V_COMPILED, [JIT_JOB_OK] = ADV_V_MEASURED,
    [JIT_JOB_FAILED] = ADV_V_RUN_FAILED, [JIT_JOB_FAULTED] = ADV_V_FAULTED,
    [JIT_JOB_HUNG] = ADV_V_HUNG,
};

/* Runs n jobs in worker processes (jit/worker.h) with `data` in force. */
static int run_jobs(const adv_engine_opts *o, adv_result *r, const jit_binary *bin, adv_job *jobs,
                    const char **names, unsigned n, const adv_data_list *data, jit_reference *ref,
                    jit_job_result *res, gm_status *st)
{
    adv_measure ms;
    adv_measure_init(&ms, r->m, jobs, n);
    ms.data = data;
    ms.inputs = o->inputs;
    if (o->use_cache) /* a declared variant's size is calibrated once an hour (calibration_cache.h) */
        adv_binary_hash(bin, ms.bin_hash);
    jit_jobs jj = {n, names, adv_measure_job, &ms};
    jit_worker_opts wo;
    jit_worker_opts_default(&wo);
    wo.device = r->dev.ordinal;
    wo.timeout_s = o->timeout_s;
    wo.quiet = o->quiet;
    wo.times = o->times;
    wo.use_cache = o->use_cache;
    wo.method.target_spread_pct = o->spread_pct;
    jit_device_info dev;
    return jit_worker_run(bin, &jj, &wo, &dev, ref, res, st);
}

static adv_job job_of(const adv_variant *v)
{
    return (adv_job){v->kernel, v->st, &v->spec, v->fn, adv_layout_as_declared(v->spec.kind) && !v->adopted, v->adopted};
}

/* The settings of --data, then the file's: the first for a name wins.
 * Fills *dl (its arrays freed with data_list_free); -1 with st set. */
static int data_list(const adv_engine_opts *o, const adv_model *m, adv_data_list *dl, gm_status *st)
{
    char **an = NULL;
    adv_data_setting *as = NULL;
    int nann = adv_data_annotations(m, &an, &as, st);
    if (nann < 0)
        return -1;
    unsigned nd = o->data.n + (unsigned)nann;
    char **dn = gm_xcalloc(nd + 1, sizeof *dn);
    adv_data_setting *ds = gm_xcalloc(nd + 1, sizeof *ds);
    for (unsigned i = 0; i < nd; i++) {
        dn[i] = gm_xstrdup(i < o->data.n ? o->data.names[i] : an[i - o->data.n]);
        ds[i] = i < o->data.n ? o->data.settings[i] : as[i - o->data.n];
    }
    for (int i = 0; i < nann; i++)
        free(an[i]);
    free(an);
    free(as);
    *dl = (adv_data_list){nd, (const char *const *)dn, ds};
    return 0;
}

static void data_list_free(adv_data_list *dl)
{
    for (unsigned i = 0; i < dl->n; i++)
        free((char *)dl->names[i]);
    free((void *)dl->names);
    free((void *)dl->settings);
    memset(dl, 0, sizeof *dl);
}

typedef struct {
    const adv_engine_opts *o;
    adv_result *r;
    const jit_binary *bin;
} sweep_ctx;

/* adv_locality_measure_fn: kernel k's variants measured in the first run,
 * again under `data`. */
static int measure_setting(void *ctx, unsigned k, const adv_data_list *data, double *ms, double *spread,
                           long long *elems, gm_status *st)
{
    sweep_ctx *c = ctx;
    adv_result *r = c->r;
    adv_job *jobs = gm_xcalloc(r->nv + 1, sizeof *jobs);
    const char **names = gm_xcalloc(r->nv + 1, sizeof *names);
    unsigned *of = gm_xcalloc(r->nv + 1, sizeof *of), n = 0;
    for (unsigned i = 0; i < r->nv; i++)
        if (r->v[i].kernel == k && r->v[i].state == ADV_V_MEASURED && !r->v[i].adopted) {
            jobs[n] = job_of(&r->v[i]);
            names[n] = r->v[i].fn;
            of[n++] = i;
        }
    jit_job_result *res = gm_xcalloc(n + 1, sizeof *res);
    jit_reference ref;
    int rc = run_jobs(c->o, r, c->bin, jobs, names, n, data, &ref, res, st);
    if (rc == GM_EPARTIAL) { /* a variant failed under this setting: the others stand */
        gm_status_init(st);
        rc = GM_OK;
    }
    for (unsigned j = 0; rc == GM_OK && j < n; j++)
        if (res[j].state == JIT_JOB_OK && res[j].correct == 1 && res[j].t.median_ms > 0) {
            ms[of[j]] = res[j].t.median_ms;
            spread[of[j]] = res[j].t.spread_pct;
            *elems = res[j].t.elems;
        }
    free(res);
    free(of);
    free(names);
    free(jobs);
    return rc;
}

/* Measures every compiled variant in worker processes (jit/worker.h): a
 * variant that faults or hangs is reported and the others still run.
 * Then the gathering kernels whose locality nothing fixes, under more
 * settings (locality.h). */
static int measure(const adv_engine_opts *o, adv_result *r, const jit_binary *bin, gm_status *st)
{
    adv_data_list data;
    char why[600];
    if (data_list(o, r->m, &data, st))
        return st->code;
    adv_job *jobs = gm_xcalloc(r->nv + 1, sizeof *jobs);
    const char **names = gm_xcalloc(r->nv + 1, sizeof *names);
    unsigned *of = gm_xcalloc(r->nv + 1, sizeof *of);
    unsigned n = 0;
    for (unsigned i = 0; i < r->nv; i++) {
        adv_variant *v = &r->v[i];
        if (!adv_variant_compiled(v) || v->state == ADV_V_NOT_PICKED)
            continue;
        if (adv_kernel_unmeasurable(r->m, v->kernel, why, sizeof why)) { /* compiled, the model's */
            snprintf(v->note, sizeof v->note, "not measured: %s", why);
            continue;
        }
        jobs[n] = job_of(v);
        names[n] = v->fn;
        of[n++] = i;
    }
    jit_job_result *res = gm_xcalloc(n + 1, sizeof *res);
    int rc = run_jobs(o, r, bin, jobs, names, n, &data, &r->ref, res, st);
    if (rc == GM_OK || rc == GM_EPARTIAL) {
        for (unsigned j = 0; j < n; j++) {
            adv_variant *v = &r->v[of[j]];
            v->correct = res[j].correct;
            if (res[j].note[0])
                snprintf(v->note, sizeof v->note, "%s%s", res[j].note,
                         res[j].state == JIT_JOB_HUNG
                             ? " (sizes are calibrated to launches of about " GM_STR(GM_CALIBRATE_TARGET_MS)
                               " ms, so a kernel that does not finish is a bug in the kernel)" : "");
            v->state = from_job[res[j].state];
            if (res[j].state != JIT_JOB_OK)
                continue;
            v->median_ms = res[j].t.median_ms;
            v->spread_pct = res[j].t.spread_pct;
            v->samples = res[j].t.samples;
            v->gbps = res[j].gbps;
            v->elems = res[j].t.elems;
            adv_inputs_data_text(r->m, v->kernel, &data, v->data, sizeof v->data);
        }
        unsigned char *skip = gm_xcalloc(adv_model_nkernels(r->m) + 1, 1);
        for (unsigned k = 0; o->inputs && k < adv_model_nkernels(r->m); k++)
            skip[k] = adv_inputs_find(o->inputs, adv_model_kernel(r->m, k)) != NULL; /* real data */
        sweep_ctx sc = {o, r, bin};
        gm_status lst;
        gm_status_init(&lst);
        if (adv_locality_sweep(r, &data, skip, measure_setting, &sc, &lst) != GM_OK)
            snprintf(r->locality_note, sizeof r->locality_note, "%s", lst.msg);
        free(skip);
    }
    data_list_free(&data);
    free(res);
    free(of);
    free(names);
    free(jobs);
    return rc;
}

/* ---- one result ---------------------------------------------------------- */

static void access_costs(adv_result *r)
{
    const adv_model *m = r->m;
    adv_layout_spec aos = adv_layout_declared();
    r->access_cost = gm_xcalloc(adv_model_nkernels(m) + 1, sizeof *r->access_cost);
    for (unsigned k = 0; k < adv_model_nkernels(m); k++) {
        const adv_kernel *kn = adv_model_kernel(m, k);
        r->access_cost[k] = gm_xcalloc(kn->naccesses + 1, sizeof **r->access_cost);
        adv_access_costs_gathered(m, k, -1, &aos, r->access_cost[k]);
    }
}

/* The model's result for an architecture this NVRTC cannot compile for
 * (st says so): every variant's code, none compiled, the static ranking.
 * GM_OK for --arch without a GPU; GM_EENV for a GPU it cannot target. */
static int model_only(plan *p, const kgen_program *kg, const jit_device_info *dev, gm_status *st)
{
    adv_result *r = p->r;
    for (unsigned i = 0; i < r->nv; i++) {
        adv_variant *v = &r->v[i];
        if (p->kid[i] < 0)
            continue;
        v->state = ADV_V_GENERATED;
        snprintf(v->note, sizeof v->note, "not compiled: NVRTC cannot target sm_%d", r->arch);
        v->code = gm_xstrdup(kgen_variant_code(kg, p->kid[i]));
    }
    if (dev) {
        r->run = ADV_RUN_GPU_FAILED;
        r->dev = *dev;
    }
    snprintf(r->skip_note, sizeof r->skip_note, "%s; the model's result only", st->msg);
    access_costs(r);
    adv_result_rank(r);
    if (dev)
        return gm_fail(st, GM_EENV, "%s", r->skip_note);
    gm_status_clear(st);
    return GM_OK;
}

/* JIT_FAST_PTX for the static report's PTX when a kernel has
 * GM_FAST_PTX_ACCESSES accesses or the file GM_FAST_PTX_KERNELS kernels
 * (GMADVISE_PTX_OPT=fast or full decides instead), with a note: its widths
 * are those of full optimisation on every sample and test, instruction
 * counts may not be. */
static int fast_ptx(adv_result *r)
{
    const char *env = getenv("GMADVISE_PTX_OPT");
    unsigned most = 0, nk = adv_model_nkernels(r->m);
    for (unsigned k = 0; k < nk; k++)
        if (adv_model_kernel(r->m, k)->naccesses > most)
            most = adv_model_kernel(r->m, k)->naccesses;
    int big = most >= GM_FAST_PTX_ACCESSES || nk >= GM_FAST_PTX_KERNELS;
    int fast = env && !strcmp(env, "fast") ? 1 : env && !strcmp(env, "full") ? 0 : big;
    if (fast && big) {
        size_t len = strlen(r->skip_note);
        char why[64];
        if (most >= GM_FAST_PTX_ACCESSES)
            snprintf(why, sizeof why, "a kernel of %u accesses", most);
        else
            snprintf(why, sizeof why, "%u kernels", nk);
        snprintf(r->skip_note + len, sizeof r->skip_note - len,
                 "%sPTX compiled with NVRTC's fast option (%s): the widths are "
                 "full optimisation's, instruction counts may differ", len ? "; " : "", why);
    }
    return fast ? JIT_FAST_PTX : 0;
}

/* One result: compile for `dev` (NULL: static, for o->arch), measure,
 * rank.  *made says whether r holds a result. */
static int advise_one(const adv_engine_opts *o, const adv_model *m, const jit_device_info *dev,
                      adv_run skip, const char *skip_note, adv_result *r, int *made, gm_status *st)
{
    memset(r, 0, sizeof *r);
    *made = 0;
    r->m = m;
    r->arch = dev ? dev->sm : o->arch ? o->arch : GM_DEFAULT_ARCH;
    r->run = skip;
    snprintf(r->skip_note, sizeof r->skip_note, "%s", skip_note ? skip_note : "");
    if (o->inputs)
        adv_inputs_describe(o->inputs, m, r->inputs_note, sizeof r->inputs_note);
    kgen_program *kg = kgen_create(m);
    plan p = {.r = r, .adopted = o->adopted};
    plan_variants(&p, kg, o->search);
    budget_variants(&p, kg);
    int rc = jit_worker_arch_ok(r->arch, st);
    jit_binary bin;
    memset(&bin, 0, sizeof bin);
    if (rc == GM_EINPUT) { /* an architecture NVRTC cannot target: the model still answers */
        rc = model_only(&p, kg, dev, st);
        *made = 1;
        goto done;
    }
    if (rc == GM_OK)
        rc = inject_fault(kg, st);
    double t0 = gm_now_s();
    if (rc == GM_OK)
        /* with no GPU to run them on, the report reads the variants' PTX alone */
        rc = compile_all(&p, kg, (o->use_cache ? JIT_USE_CACHE : 0) | (dev ? 0 : JIT_PTX_ONLY | fast_ptx(r)),
                         &bin, st);
    if (rc != GM_OK) {
        adv_result_free(r);
        goto done;
    }
    gm_timeline("caller", "%u variants generated and compiled", r->nv);
    if (o->times) {
        gm_log(GM_LOG_PROGRESS, "%.3f s to generate and compile %u variants for sm_%d", gm_now_s() - t0, r->nv,
               r->arch);
        if (p.compiles.asked)
            gm_log(GM_LOG_PROGRESS, "%u programs compiled to find what does not compile: %u by NVRTC (%u of them "
                   "reading the first %zu bytes precompiled), %u answered by the same program before",
                   p.compiles.asked, p.compiles.nvrtc, p.compiles.with_pch, p.compiles.prefix_len,
                   p.compiles.again);
    }
    for (unsigned i = 0; i < r->nv; i++)
        if (r->v[i].state == ADV_V_COMPILE_FAILED)
            rc = GM_EPARTIAL;
    describe_compiled(&p, kg, &bin, o->sources);
    access_costs(r);
    if (dev) {
        r->run = ADV_RUN_MEASURED;
        r->dev = *dev;
        leave_unpicked(&p);
        gm_status mst;
        gm_status_init(&mst);
        int mrc = measure(o, r, &bin, &mst);
        if (mrc == GM_EPARTIAL)
            rc = GM_EPARTIAL;
        else if (mrc != GM_OK) { /* nothing measured: the static result, and the reason */
            r->run = ADV_RUN_GPU_FAILED;
            snprintf(r->skip_note, sizeof r->skip_note, "%s", mst.msg);
            rc = mrc;
            gm_status_set(st, &mst);
        }
    }
    adv_result_rank(r);
    *made = 1;
done:
    jit_binary_free(&bin);
    plan_free(&p, adv_model_nstructs(m));
    kgen_destroy(kg);
    return rc;
}

/* Partial beats OK, any failure beats partial. */
static int worse(int a, int b)
{
    if (a != GM_OK && a != GM_EPARTIAL)
        return a;
    if (b != GM_OK && b != GM_EPARTIAL)
        return b;
    return a == GM_EPARTIAL ? a : b;
}

int adv_engine_run(const adv_model *m, const adv_engine_opts *o, adv_result **out, unsigned *nout,
                   gm_status *st)
{
    *out = NULL;
    *nout = 0;
    double t0 = gm_now_s();
    jit_device_info devs[GM_MAX_DEVICES];
    int ndev = 0, rc = GM_OK;
    gm_status dst;
    gm_status_init(&dst);
    {   /* a bad `// gmadvise: data` annotation is the file's error, GPU or not */
        char **an;
        adv_data_setting *as;
        int nann = adv_data_annotations(m, &an, &as, st);
        if (nann < 0)
            return st->code;
        for (int i = 0; i < nann; i++)
            free(an[i]);
        free(an);
        free(as);
    }
    adv_run skip = ADV_RUN_STATIC;
    const char *skip_note = "--static";
    if (!o->force_static && jit_worker_devices(devs, GM_MAX_DEVICES, &ndev, &dst) != GM_OK) {
        skip = ADV_RUN_NO_GPU;
        skip_note = dst.msg;
        ndev = 0;
    }
    gm_timeline("caller", "the driver's answer read: %d GPU(s)", ndev);
    if (o->times)
        gm_log(GM_LOG_PROGRESS, "%.3f s to find %d GPU(s)", gm_now_s() - t0, ndev);
    if (ndev > 0 && o->device >= ndev)
        return gm_fail(st, GM_EINPUT, "--device %d: this machine has %d GPU(s)", o->device, ndev);
    int first = o->device < 0 ? 0 : o->device, last = o->device < 0 ? ndev - 1 : o->device;
    adv_result *res = gm_xcalloc(ndev > 0 ? (unsigned)(last - first + 1) : 1, sizeof *res);
    unsigned n = 0;
    for (int d = first; ndev == 0 ? d == first : d <= last; d++) {
        gm_status one;
        gm_status_init(&one);
        int made = 0;
        int r = advise_one(o, m, ndev ? &devs[d] : NULL, skip, skip_note, &res[n], &made, &one);
        n += made;
        if (r != GM_OK && st->code == GM_OK)
            gm_status_set(st, &one);
        rc = worse(rc, r);
    }
    *out = res;
    *nout = n;
    if (rc == GM_EPARTIAL)
        gm_fail(st, GM_EPARTIAL, "partial result: some variants failed (see the table)");
    return rc;
}

void adv_engine_prefetch(const adv_engine_opts *o)
{
    if (!o->force_static)
        jit_worker_devices_start();
}

void adv_results_free(adv_result *r, unsigned n)
{
    for (unsigned i = 0; i < n; i++)
        adv_result_free(&r[i]);
    free(r);
}
