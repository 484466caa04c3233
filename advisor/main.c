/* gmadvise: which data layout makes a CUDA kernel fastest, measured.
 *
 * Pipeline: parse (libclang) -> classify accesses -> generate layout
 * variants (kgen) -> one NVRTC compile (cached) -> measure on the GPU
 * (jit runner) -> check outputs against the declared layout -> recommend ->
 * report.  Without a GPU the static part runs and the report says so. */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "../common/status.h"
#include "../common/strbuf.h"
#include "../jit/nvrtc.h"
#include "../jit/ptx.h"
#include "../jit/runner.h"
#include "../kernels/kgen.h"
#include "cli.h"
#include "commands.h"
#include "layout.h"
#include "recommend.h"
#include "report.h"

typedef struct {
    const char *file;
    cli_common c;
    int json, quiet, force_static, no_cache, device, arch;
    const char *emit;
} options;

static void usage(FILE *f)
{
    fprintf(f,
            "usage: gmadvise [options] FILE.h [-- clang-args...]\n"
            "       gmadvise check [options] FILE...   static pre-merge check (gmadvise check --help)\n"
            "       gmadvise explain FILE.h[:LINE] | float3 | align   warp diagrams and lessons\n"
            "       gmadvise probe [--patterns] [FILE.h...]   launches for scripts/ncu-validate\n"
            "       gmadvise patterns | merge        (not built yet, see README)\n"
            "\n"
            "Parses the structs and __global__ kernels of FILE.h, generates AoS, SoA, AoSoA,\n"
            "__align__-padded and vector-type variants of each kernel, compiles them with\n"
            "NVRTC, measures them on the GPU and recommends the fastest correct layout.\n"
            "\n"
            "options:\n"
            "  -I DIR, -D NAME[=VALUE]   passed to the parser\n"
            "  --param NAME=VALUE        value of a kernel's scalar parameter (also settable\n"
            "                            in the header: // gmadvise: NAME=VALUE)\n"
            "  --json                    JSON on stdout instead of the table\n"
            "  --emit DIR                write each variant as a .cu file nvcc compiles alone\n"
            "  --static                  do not touch the GPU even if there is one\n"
            "  --arch NN                 compile for sm_NN when there is no GPU (default 90)\n"
            "  --device N                GPU ordinal (default 0)\n"
            "  --no-cache                ignore the compile cache\n"
            "  -q, --quiet               no progress on stderr\n"
            "  --version, --help\n"
            "\n"
            "exit codes: 0 ok, 2 bad input or usage, 3 environment (libclang or NVRTC missing),\n"
            "4 GPU failure, 5 partial result (a variant failed to compile, run or verify)\n"
            "environment: GMADVISE_LIBCLANG, GMADVISE_LIBCUDA, GMADVISE_NVRTC (library paths),\n"
            "GMADVISE_CACHE_DIR (compile cache), NO_COLOR\n");
}

static int parse_args(int argc, char **argv, options *o, gm_status *st)
{
    memset(o, 0, sizeof *o);
    o->arch = 0;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        const char *next = i + 1 < argc ? argv[i + 1] : NULL;
        if (!strcmp(a, "--")) {
            for (i++; i < argc && o->c.nclang < CLI_MAX_ARGS; i++)
                o->c.clang_args[o->c.nclang++] = argv[i];
            break;
        }
        int used = cli_common_arg(&o->c, argc, argv, &i, st);
        if (used < 0)
            return st->code;
        if (used)
            continue;
        if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
            usage(stdout);
            exit(0);
        }
        if (!strcmp(a, "--version")) {
            printf("gmadvise %s\n", GMADVISE_VERSION);
            exit(0);
        }
        if (!strcmp(a, "--json"))
            o->json = 1;
        else if (!strcmp(a, "-q") || !strcmp(a, "--quiet"))
            o->quiet = 1;
        else if (!strcmp(a, "--static"))
            o->force_static = 1;
        else if (!strcmp(a, "--no-cache"))
            o->no_cache = 1;
        else if (!strcmp(a, "--emit") && next)
            o->emit = argv[++i];
        else if ((!strcmp(a, "--device") || !strcmp(a, "--arch")) && next) {
            char *end;
            long v = strtol(next, &end, 10);
            if (!strcmp(a, "--arch") && !strncmp(next, "sm_", 3))
                v = strtol(next + 3, &end, 10);
            if (*end || v < 0 || v > 1000)
                return gm_fail(st, GM_EINPUT, "%s %s: expected a number", a, next);
            if (!strcmp(a, "--device"))
                o->device = (int)v;
            else
                o->arch = (int)v;
            i++;
        } else if (a[0] == '-' && a[1])
            return gm_fail(st, GM_EINPUT, "unknown option '%s' (see gmadvise --help)", a);
        else if (o->file)
            return gm_fail(st, GM_EINPUT, "one header at a time: '%s' and '%s'", o->file, a);
        else
            o->file = a;
    }
    if (!o->file)
        return gm_fail(st, GM_EINPUT, "no header given (see gmadvise --help)");
    return GM_OK;
}

/* ---- variants --------------------------------------------------------- */

typedef struct {
    adv_variant *v;
    unsigned nv;
} vlist;

static adv_variant *push_variant(vlist *l)
{
    l->v = gm_xrealloc(l->v, (l->nv + 1) * sizeof *l->v);
    adv_variant *v = &l->v[l->nv++];
    memset(v, 0, sizeof *v);
    v->kid = -1;
    v->correct = -1;
    return v;
}

static void plan_variants(const adv_model *m, kgen_program *kg, vlist *out)
{
    for (unsigned k = 0; k < adv_model_nkernels(m); k++) {
        const adv_kernel *kn = adv_model_kernel(m, k);
        int seen[64], nseen = 0;
        for (unsigned p = 0; p < kn->nparams; p++) {
            int st = kn->params[p].kind == ADV_P_STRUCT_PTR ? kn->params[p].struct_idx : -1;
            int dup = st < 0;
            for (int i = 0; i < nseen && !dup; i++)
                dup = seen[i] == st;
            if (dup || nseen >= 64)
                continue;
            seen[nseen++] = st;
            const adv_struct *s = adv_model_struct(m, (unsigned)st);
            for (int L = 0; L < ADV_L_COUNT; L++) {
                adv_variant *v = push_variant(out);
                v->kernel = k;
                v->st = st;
                v->kind = (adv_layout_kind)L;
                v->align = s->align;
                adv_layout *lay = adv_layout_create(s, (adv_layout_kind)L, 1024, v->note, sizeof v->note);
                if (!lay)
                    continue;
                if (L == ADV_L_AOS || L == ADV_L_AOS_ALIGN)
                    v->align = adv_layout_align(lay);
                v->kid = kgen_add_variant(kg, k, st, lay, v->note, sizeof v->note);
                adv_layout_destroy(lay);
                adv_predict(m, v);
            }
        }
        if (nseen == 0) { /* scalar pointers only: run it as written */
            adv_variant *v = push_variant(out);
            v->kernel = k;
            v->st = -1;
            v->kind = ADV_L_AOS;
            v->kid = kgen_add_variant(kg, k, -1, NULL, v->note, sizeof v->note);
            adv_predict(m, v);
        }
    }
}

/* NVRTC error logs name lines of the generated program; show a few. */
static void log_excerpt(const char *log, char *out, size_t n)
{
    size_t j = 0;
    for (const char *c = log; *c && j + 1 < n; c++)
        out[j++] = *c == '\n' ? ' ' : *c;
    out[j] = '\0';
}

/* One compile for all variants; when it fails, find the variants that
 * break it, drop them with NVRTC's message, and compile the rest. */
static int compile_all(kgen_program *kg, vlist *vl, int arch, int use_cache, jit_binary *bin,
                       gm_status *st)
{
    char *src = kgen_program_source(kg, -1, 1);
    char *log = NULL;
    gm_status cst;
    gm_status_init(&cst);
    int rc = jit_compile(src, "gmadvise_variants.cu", arch, use_cache, bin, &log, &cst);
    free(src);
    free(log);
    if (rc == GM_OK)
        return GM_OK;
    if (rc != GM_EINPUT) {
        *st = cst;
        return rc;
    }
    for (unsigned i = 0; i < vl->nv; i++) {
        if (vl->v[i].kid < 0)
            continue;
        char *one = kgen_program_source(kg, vl->v[i].kid, 0);
        jit_binary b;
        gm_status_init(&cst);
        log = NULL;
        if (jit_compile(one, kgen_kernel_name(kg, vl->v[i].kid), arch, 0, &b, &log, &cst) != GM_OK) {
            char ex[400];
            log_excerpt(log ? log : cst.msg, ex, sizeof ex);
            snprintf(vl->v[i].note, sizeof vl->v[i].note, "does not compile: %s", ex);
            kgen_disable_variant(kg, vl->v[i].kid);
            vl->v[i].kid = -1;
        }
        jit_binary_free(&b);
        free(log);
        free(one);
    }
    src = kgen_program_source(kg, -1, 1);
    gm_status_init(&cst);
    rc = jit_compile(src, "gmadvise_variants.cu", arch, use_cache, bin, NULL, &cst);
    free(src);
    if (rc != GM_OK)
        *st = cst;
    return rc;
}

static int emit_variants(const kgen_program *kg, const vlist *vl, const char *dir, gm_status *st)
{
    if (mkdir(dir, 0755) != 0 && errno != EEXIST)
        return gm_fail(st, GM_EINPUT, "--emit %s: %s", dir, strerror(errno));
    for (unsigned i = 0; i < vl->nv; i++) {
        if (vl->v[i].kid < 0)
            continue;
        char path[4096];
        snprintf(path, sizeof path, "%s/%s.cu", dir, kgen_kernel_name(kg, vl->v[i].kid));
        char *src = kgen_program_source(kg, vl->v[i].kid, 0);
        int rc = cli_write_file(path, src, st);
        free(src);
        if (rc)
            return rc;
    }
    return GM_OK;
}

/* What the compiler emitted for each variant, beside the model's widths. */
static void ptx_widths(const kgen_program *kg, vlist *vl, const jit_binary *bin)
{
    for (unsigned i = 0; i < vl->nv; i++) {
        jit_ptx_widths w;
        gm_status pst;
        gm_status_init(&pst);
        if (vl->v[i].kid >= 0 &&
            jit_ptx_widths_of(bin->ptx, kgen_kernel_name(kg, vl->v[i].kid), &w, &pst) == GM_OK)
            jit_ptx_widths_str(&w, vl->v[i].ptx, sizeof vl->v[i].ptx);
    }
}

/* ---- measurement ------------------------------------------------------- */

static void progress(const options *o, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
static void progress(const options *o, const char *fmt, ...)
{
    if (o->quiet)
        return;
    va_list ap;
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
}

static int measure(const options *o, const adv_model *m, kgen_program *kg, vlist *vl, jit_runner *r,
                   adv_report *rep, gm_status *st)
{
    jit_reference ref;
    progress(o, "gmadvise: measuring the memcpy peak and reference copies\n");
    if (jit_run_reference(r, &ref, st) != GM_OK)
        return st->code;
    rep->peak_gbps = ref.memcpy_gbps;
    rep->copy_gbps = ref.copy_gbps;
    rep->offset1_gbps = ref.offset1_gbps;
    rep->stride2_gbps = ref.stride2_gbps;
    rep->vec4_gbps = ref.vec4_gbps;
    int partial = 0;
    for (unsigned k = 0; k < adv_model_nkernels(m); k++) {
        jit_sizes sz;
        gm_status kst;
        gm_status_init(&kst);
        if (jit_plan_sizes(r, m, k, &sz, &kst) != GM_OK)
            continue;
        jit_outputs decl;
        memset(&decl, 0, sizeof decl);
        int have_decl = 0;
        for (unsigned i = 0; i < vl->nv; i++) {
            adv_variant *v = &vl->v[i];
            if (v->kernel != k || v->kid < 0)
                continue;
            const char *fn = kgen_kernel_name(kg, v->kid);
            progress(o, "gmadvise: measuring %s\n", fn);
            jit_outputs out;
            jit_timing t;
            gm_status vst;
            gm_status_init(&vst);
            if (jit_run_variant(r, m, k, v->st, v->kind, fn, &sz, &out, &t, &vst) != GM_OK) {
                snprintf(v->note, sizeof v->note, "failed: %s", vst.msg);
                partial = 1;
                jit_outputs_free(&out);
                if (vst.code == GM_EGPU) /* the context may be lost: stop measuring */
                    return gm_fail(st, GM_EGPU, "%s: %s", fn, vst.msg);
                continue;
            }
            v->measured = 1;
            v->median_ms = t.median_ms;
            v->spread_pct = t.spread_pct;
            v->samples = t.samples;
            v->gbps = sz.bytes_per_elem * (double)sz.n_time / (t.median_ms * 1e-3) / 1e9;
            if (v->kind == ADV_L_AOS) {
                decl = out;
                have_decl = 1;
                v->correct = 1; /* the reference the others are checked against */
                continue;
            }
            if (have_decl) {
                char why[256];
                v->correct = jit_outputs_equal(m, k, &decl, &out, why, sizeof why);
                if (!v->correct) {
                    snprintf(v->note, sizeof v->note, "output differs from the declared layout: %s", why);
                    partial = 1;
                }
            }
            jit_outputs_free(&out);
        }
        if (have_decl)
            jit_outputs_free(&decl);
    }
    return partial ? GM_EPARTIAL : GM_OK;
}

static int run(const options *o, gm_status *st)
{
    adv_model *m = NULL;
    if (cli_load_model(o->file, &o->c, &m, st) != GM_OK)
        return st->code;

    kgen_program *kg = kgen_create(m);
    vlist vl = {NULL, 0};
    plan_variants(m, kg, &vl);

    adv_report rep;
    memset(&rep, 0, sizeof rep);
    rep.m = m;
    jit_runner *runner = NULL;
    jit_device_info dev;
    gm_status dst;
    gm_status_init(&dst);
    jit_method method;
    jit_method_default(&method);
    if (o->force_static)
        rep.skip_note = "--static";
    else if (jit_runner_create(o->device, &method, &runner, &dev, &dst) != GM_OK) {
        jit_runner_destroy(runner);
        runner = NULL;
        if (dst.code == GM_EINPUT) {
            *st = dst;
            goto done;
        }
        rep.skip_note = dst.msg;
    }
    rep.arch = runner ? dev.sm : o->arch ? o->arch : 90;

    int rc = GM_OK;
    jit_binary bin;
    memset(&bin, 0, sizeof bin);
    if (compile_all(kg, &vl, rep.arch, !o->no_cache, &bin, st) != GM_OK) {
        rc = st->code;
        goto done;
    }
    for (unsigned i = 0; i < vl.nv; i++)
        if (vl.v[i].kid < 0 && !strncmp(vl.v[i].note, "does not compile", 16))
            rc = GM_EPARTIAL;
    ptx_widths(kg, &vl, &bin);
    if (o->emit && emit_variants(kg, &vl, o->emit, st) != GM_OK) {
        rc = st->code;
        goto done;
    }
    if (runner) {
        rep.have_device = 1;
        snprintf(rep.device, sizeof rep.device, "%s", dev.name);
        rep.sm = dev.sm;
        int mrc = jit_runner_load(runner, &bin, st);
        if (mrc == GM_OK)
            mrc = measure(o, m, kg, &vl, runner, &rep, st);
        if (mrc == GM_EPARTIAL)
            rc = GM_EPARTIAL;
        else if (mrc != GM_OK) {
            fprintf(stderr, "gmadvise: %s\n", st->msg);
            rc = mrc;
        }
    }
    jit_binary_free(&bin);

    const char **code = gm_xcalloc(vl.nv + 1, sizeof *code);
    for (unsigned i = 0; i < vl.nv; i++)
        code[i] = vl.v[i].kid >= 0 ? kgen_variant_code(kg, vl.v[i].kid) : NULL;
    adv_rec *recs = NULL;
    rep.nrec = adv_recommend(vl.v, vl.nv, rep.peak_gbps, &recs);
    rep.rec = recs;
    rep.v = vl.v;
    rep.nv = vl.nv;
    rep.code = code;
    if (o->json) {
        sb_t out;
        sb_init(&out);
        adv_report_json(&rep, &out);
        fputs(out.s, stdout);
        sb_free(&out);
    } else {
        int color = isatty(STDOUT_FILENO) && !getenv("NO_COLOR");
        adv_report_text(&rep, stdout, color);
    }
    free(recs);
    free(code);
    if (rc != GM_OK && rc != GM_EPARTIAL && st->code == GM_OK)
        st->code = (gm_code)rc;
    if (rc == GM_EPARTIAL)
        gm_fail(st, GM_EPARTIAL, "partial result: some variants failed (see the table)");
done:
    jit_runner_destroy(runner);
    free(vl.v);
    kgen_destroy(kg);
    adv_model_destroy(m);
    return st->code;
}

int gm_advise(int argc, char **argv)
{
    gm_status st;
    gm_status_init(&st);
    options o;
    if (parse_args(argc, argv, &o, &st) != GM_OK) {
        fprintf(stderr, "gmadvise: error: %s\n", st.msg);
        return st.code;
    }
    int rc = run(&o, &st);
    cli_common_free(&o.c);
    if (rc != GM_OK) {
        /* located messages already start with file:line:col */
        if (strstr(st.msg, ": error: "))
            fprintf(stderr, "%s\n", st.msg);
        else
            fprintf(stderr, "gmadvise: %s%s\n", rc == GM_EPARTIAL ? "" : "error: ", st.msg);
    }
    return rc;
}

int main(int argc, char **argv)
{
    if (argc > 1 && !strcmp(argv[1], "check"))
        return gm_cmd_check(argc - 1, argv + 1);
    if (argc > 1 && !strcmp(argv[1], "probe"))
        return gm_cmd_probe(argc - 1, argv + 1);
    if (argc > 1 && !strcmp(argv[1], "explain"))
        return gm_cmd_explain(argc - 1, argv + 1);
    if (argc > 1 && (!strcmp(argv[1], "patterns") || !strcmp(argv[1], "merge"))) {
        fprintf(stderr, "gmadvise: error: '%s' is not built yet (see the open issues)\n", argv[1]);
        return GM_EINPUT;
    }
    return gm_advise(argc, argv);
}
