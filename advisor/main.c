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
#include "../common/timer.h"
#include "../jit/nvrtc.h"
#include "../jit/ptx.h"
#include "../jit/runner.h"
#include "../jit/worker.h"
#include "../kernels/kgen.h"
#include "cli.h"
#include "commands.h"
#include "layout.h"
#include "recommend.h"
#include "report.h"

typedef struct {
    const char *file;
    cli_common c;
    int json, quiet, force_static, no_cache, arch, times;
    int device;         /* -1: every GPU */
    double timeout_s, spread_pct;
    const char *emit;
} options;

static void usage(FILE *f)
{
    fprintf(f,
            "usage: gmadvise [options] FILE.h [-- clang-args...]\n"
            "       gmadvise check [options] FILE...   static pre-merge check (gmadvise check --help)\n"
            "       gmadvise explain FILE.h[:LINE] | float3 | align   warp diagrams and lessons\n"
            "       gmadvise probe [--patterns] [FILE.h...]   launches for scripts/ncu-validate\n"
            "       gmadvise patterns [--csv] [--plot FILE.svg|png]   the seeds' experiments\n"
            "       gmadvise merge A.json B.json...   one report per GPU architecture\n"
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
            "  --device N|all            GPU ordinal (default 0); all: one report per GPU\n"
            "  --spread PCT              sample until the spread is under PCT (default 0.5)\n"
            "  --timeout S               a variant silent for S seconds is killed (default 20)\n"
            "  --no-cache                ignore the compile cache\n"
            "  --times                   say on stderr how long each step took\n"
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
    o->timeout_s = 20;
    o->spread_pct = 0.5;
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
        else if (!strcmp(a, "--times"))
            o->times = 1;
        else if (!strcmp(a, "--emit") && next)
            o->emit = argv[++i];
        else if (!strcmp(a, "--device") && next && !strcmp(next, "all")) {
            o->device = -1;
            i++;
        } else if ((!strcmp(a, "--timeout") || !strcmp(a, "--spread")) && next) {
            char *end;
            double v = strtod(next, &end);
            if (*end || end == next || !(v > 0) || v > 1e6)
                return gm_fail(st, GM_EINPUT, "%s %s: expected a positive number", a, next);
            *(!strcmp(a, "--timeout") ? &o->timeout_s : &o->spread_pct) = v;
            i++;
        }
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

/* NVRTC's first error, with the generated line it points at:
 * "NAME.cu(LINE): error: TEXT" becomes "NAME.cu:LINE: error: TEXT" and the
 * line's code, so the note shows what the rewrite produced. */
static void compile_note(const char *log, const char *src, char *out, size_t n)
{
    const char *e = strstr(log, ": error");
    const char *start = e;
    while (start && start > log && start[-1] != '\n')
        start--;
    const char *paren = start ? strchr(start, '(') : NULL;
    if (!e || !paren || paren > e) {
        snprintf(out, n, "does not compile: %.300s", log);
        return;
    }
    unsigned line = (unsigned)strtoul(paren + 1, NULL, 10);
    const char *eol = strchr(e, '\n');
    int elen = eol ? (int)(eol - e) : (int)strlen(e);
    const char *code = src;
    for (unsigned l = 1; l < line && code; l++) {
        code = strchr(code, '\n');
        code = code ? code + 1 : NULL;
    }
    const char *cend = code ? strchr(code, '\n') : NULL;
    while (code && (*code == ' ' || *code == '\t'))
        code++;
    snprintf(out, n, "does not compile: %.*s:%u%.*s; generated line %u: %.*s", (int)(paren - start),
             start, line, elen, e, line, code ? (cend ? (int)(cend - code) : 200) : 0, code ? code : "");
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
    int rc = jit_worker_compile(src, "gmadvise_variants.cu", arch, use_cache, bin, &log, &cst);
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
        char name[300];
        snprintf(name, sizeof name, "%s.cu", kgen_kernel_name(kg, vl->v[i].kid));
        if (jit_worker_compile(one, name, arch, 0, &b, &log, &cst) != GM_OK) {
            compile_note(log ? log : cst.msg, one, vl->v[i].note, sizeof vl->v[i].note);
            kgen_disable_variant(kg, vl->v[i].kid);
            vl->v[i].kid = -1;
        }
        jit_binary_free(&b);
        free(log);
        free(one);
    }
    src = kgen_program_source(kg, -1, 1);
    gm_status_init(&cst);
    rc = jit_worker_compile(src, "gmadvise_variants.cu", arch, use_cache, bin, NULL, &cst);
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

/* Measures every generated variant in worker processes (jit/worker.h):
 * a variant that faults or hangs is reported and the others still run. */
static int measure(const options *o, const adv_model *m, const kgen_program *kg, vlist *vl,
                   const jit_binary *bin, adv_report *rep, gm_status *st)
{
    jit_job *jobs = gm_xcalloc(vl->nv + 1, sizeof *jobs);
    unsigned *of = gm_xcalloc(vl->nv + 1, sizeof *of);
    unsigned n = 0;
    for (unsigned i = 0; i < vl->nv; i++) {
        const adv_variant *v = &vl->v[i];
        if (v->kid < 0)
            continue;
        jobs[n] = (jit_job){v->kernel, v->st, v->kind, kgen_kernel_name(kg, v->kid), v->kind == ADV_L_AOS};
        of[n++] = i;
    }
    jit_worker_opts wo;
    jit_worker_opts_default(&wo);
    wo.device = rep->ordinal;
    wo.timeout_s = o->timeout_s;
    wo.quiet = o->quiet;
    wo.times = o->times;
    wo.method.target_spread_pct = o->spread_pct;
    jit_job_result *res = gm_xcalloc(n + 1, sizeof *res);
    jit_device_info dev;
    jit_reference ref;
    memset(&ref, 0, sizeof ref);
    int rc = jit_worker_run(m, bin, jobs, n, &wo, &dev, &ref, res, st);
    if (rc == GM_OK || rc == GM_EPARTIAL) {
        rep->peak_gbps = ref.memcpy_gbps;
        rep->peak_spread_pct = ref.memcpy_t.spread_pct;
        rep->copy_gbps = ref.copy_gbps;
        rep->offset1_gbps = ref.offset1_gbps;
        rep->stride2_gbps = ref.stride2_gbps;
        rep->vec4_gbps = ref.vec4_gbps;
        rep->ref_shrunk = ref.shrunk;
        for (unsigned j = 0; j < n; j++) {
            adv_variant *v = &vl->v[of[j]];
            v->correct = res[j].correct;
            if (res[j].note[0])
                snprintf(v->note, sizeof v->note, "%s", res[j].note);
            if (res[j].state != JIT_JOB_OK)
                continue;
            v->measured = 1;
            v->median_ms = res[j].t.median_ms;
            v->spread_pct = res[j].t.spread_pct;
            v->samples = res[j].t.samples;
            v->gbps = res[j].gbps;
        }
    }
    free(res);
    free(of);
    free(jobs);
    return rc;
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

/* One report: compile for `dev` (NULL: static, for o->arch), measure,
 * recommend, print.  JSON reports after the first are preceded by a comma
 * (--device all prints an array). */
static int advise_one(const options *o, const adv_model *m, const jit_device_info *dev,
                      const char *skip_note, int nth, gm_status *st)
{
    kgen_program *kg = kgen_create(m);
    vlist vl = {NULL, 0};
    plan_variants(m, kg, &vl);
    adv_report rep;
    memset(&rep, 0, sizeof rep);
    rep.m = m;
    rep.skip_note = skip_note;
    rep.arch = dev ? dev->sm : o->arch ? o->arch : 90;
    int rc = inject_fault(kg, st);
    jit_binary bin;
    memset(&bin, 0, sizeof bin);
    double t0 = gm_now_s();
    if (rc == GM_OK)
        rc = compile_all(kg, &vl, rep.arch, !o->no_cache, &bin, st);
    if (rc != GM_OK)
        goto done;
    if (o->times)
        fprintf(stderr, "gmadvise: %.3f s to generate and compile %u variants for sm_%d\n",
                gm_now_s() - t0, vl.nv, rep.arch);
    for (unsigned i = 0; i < vl.nv; i++)
        if (vl.v[i].kid < 0 && !strncmp(vl.v[i].note, "does not compile", 16))
            rc = GM_EPARTIAL;
    ptx_widths(kg, &vl, &bin);
    if (o->emit && nth == 0 && emit_variants(kg, &vl, o->emit, st) != GM_OK) {
        rc = st->code;
        goto done;
    }
    if (dev) {
        rep.have_device = 1;
        rep.ordinal = dev->ordinal;
        snprintf(rep.device, sizeof rep.device, "%s", dev->name);
        rep.sm = dev->sm;
        gm_status mst;
        gm_status_init(&mst);
        int mrc = measure(o, m, kg, &vl, &bin, &rep, &mst);
        if (mrc == GM_EPARTIAL)
            rc = GM_EPARTIAL;
        else if (mrc != GM_OK) { /* nothing measured: the static report, and the reason */
            rep.have_device = 0;
            rep.skip_note = mst.msg;
            rc = mrc;
            *st = mst;
        }
    }
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
        printf("%s%s", nth ? ",\n" : "", out.s);
        sb_free(&out);
    } else {
        if (nth)
            putchar('\n');
        adv_report_text(&rep, stdout, isatty(STDOUT_FILENO) && !getenv("NO_COLOR"));
    }
    fflush(stdout);
    free(recs);
    free(code);
done:
    jit_binary_free(&bin);
    free(vl.v);
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

static int run(const options *o, gm_status *st)
{
    adv_model *m = NULL;
    double t0 = gm_now_s();
    if (cli_load_model(o->file, &o->c, &m, st) != GM_OK)
        return st->code;
    if (o->times)
        fprintf(stderr, "gmadvise: %.3f s to parse %s\n", gm_now_s() - t0, o->file);
    t0 = gm_now_s();
    jit_device_info devs[64];
    int ndev = 0, rc = GM_OK;
    gm_status dst;
    gm_status_init(&dst);
    const char *skip = "--static";
    if (!o->force_static && jit_worker_devices(devs, 64, &ndev, &dst) != GM_OK) {
        skip = dst.msg;
        ndev = 0;
    }
    if (o->times)
        fprintf(stderr, "gmadvise: %.3f s to find %d GPU(s)\n", gm_now_s() - t0, ndev);
    if (ndev > 0 && o->device >= ndev) {
        adv_model_destroy(m);
        return gm_fail(st, GM_EINPUT, "--device %d: this machine has %d GPU(s)", o->device, ndev);
    }
    int first = o->device < 0 ? 0 : o->device, last = o->device < 0 ? ndev - 1 : o->device;
    if (o->json && o->device < 0)
        puts("[");
    if (ndev == 0) {
        rc = advise_one(o, m, NULL, skip, 0, st);
    } else {
        for (int d = first; d <= last; d++) {
            gm_status one;
            gm_status_init(&one);
            int r = advise_one(o, m, &devs[d], NULL, d - first, &one);
            if (r != GM_OK && st->code == GM_OK)
                *st = one;
            rc = worse(rc, r);
        }
    }
    if (o->json && o->device < 0)
        puts("]");
    adv_model_destroy(m);
    if (rc == GM_EPARTIAL)
        gm_fail(st, GM_EPARTIAL, "partial result: some variants failed (see the table)");
    return rc;
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
    if (argc > 1 && !strcmp(argv[1], "patterns"))
        return gm_cmd_patterns(argc - 1, argv + 1);
    if (argc > 1 && !strcmp(argv[1], "merge"))
        return gm_cmd_merge(argc - 1, argv + 1);
    return gm_advise(argc, argv);
}
