/* gmadvise adopt FILE --struct S: the adoption header S_layout.cuh
 * (advisor/engine/adopt.h), and optionally FILE with its kernels' S*
 * parameters changed to the header's views. */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../common/strbuf.h"
#include "../core/layout_kind.h"
#include "../engine/adopt.h"
#include "cli.h"
#include "commands.h"

static const char usage[] =
    "usage: gmadvise adopt FILE [--struct S]... [--layout L] [-o DIR] [--kernels OUT.cu]\n"
    "\n"
    "Writes DIR/S_layout.cuh: struct S in every layout gmadvise measures, one picked\n"
    "by a macro, behind views that kernels take instead of S* and const S*, so that\n"
    "only the parameter types change (p[i].x, S e = p[i], p[i] = e keep working), and\n"
    "host functions to allocate, pack from and unpack to an array of S.  Needs nothing\n"
    "from gmadvise at build or run time.\n"
    "\n"
    "options:\n"
    "  --struct S       a struct to adopt (again for more; default: every struct a\n"
    "                   kernel of FILE takes a pointer to)\n"
    "  --layout L       the header's default layout: aos, aos_align, soa, aosoa, vector,\n"
    "                   reordered (fields in decreasing alignment, no padding between them),\n"
    "                   or any layout the advice names: aosoa8, 'reordered(hot: x y)',\n"
    "                   'split{x y}{z}@16' (default: the model's pick over every kernel of\n"
    "                   FILE that takes S)\n"
    "  -o DIR           where S_layout.cuh goes (default: the working directory)\n"
    "  --kernels OUT    also write OUT: FILE with #include \"S_layout.cuh\" before its first\n"
    "                   kernel that takes S, and those kernels' parameters changed\n"
    "                   (every struct adopted)\n"
    "  -I DIR, -D NAME[=VALUE], --param NAME=VALUE, --instantiate K<ARGS>   as for gmadvise FILE.h\n"
    "\n"
    "exit codes: 0 written, 2 bad input or usage, 3 environment (libclang missing)\n";

enum { O_STRUCT = CLI_OWN, O_LAYOUT, O_KERNELS };

static const struct option own[] = {
    {"struct", required_argument, NULL, O_STRUCT},
    {"layout", required_argument, NULL, O_LAYOUT},
    {"kernels", required_argument, NULL, O_KERNELS},
    {"out", required_argument, NULL, 'o'},
    {0},
};

static const cli_spec spec = {"gmadvise adopt", usage, own, "o:", 1};

#define ADOPT_MAX_STRUCTS 16

typedef struct {
    const char *st[ADOPT_MAX_STRUCTS];
    unsigned nst;
    const char *dir, *kernels;
    const char *layout; /* a layout's label (adv_layout_spec_parse); NULL: the model's pick */
} adopt_args;

static int option(void *ctx, int id, const char *arg, gm_status *st)
{
    adopt_args *a = ctx;
    switch (id) {
    case O_STRUCT:
        if (a->nst == ADOPT_MAX_STRUCTS)
            return gm_fail(st, GM_EINPUT, "too many --struct options (at most %d)", ADOPT_MAX_STRUCTS);
        a->st[a->nst++] = arg;
        break;
    case O_KERNELS: a->kernels = arg; break;
    case 'o': a->dir = arg; break;
    case O_LAYOUT: a->layout = arg; break; /* read against each struct's fields */
    }
    return GM_OK;
}

static int find_struct(const adv_model *m, const char *name, unsigned *out, gm_status *st)
{
    unsigned n = adv_model_nstructs(m);
    for (unsigned i = 0; i < n; i++)
        if (!strcmp(adv_model_struct(m, i)->name, name)) {
            *out = i;
            return GM_OK;
        }
    sb_t names;
    sb_init(&names);
    for (unsigned i = 0; i < n; i++)
        sb_printf(&names, "%s%s", i ? ", " : "", adv_model_struct(m, i)->name);
    gm_fail_at(st, GM_EINPUT, adv_model_file(m), 0, 0, "no struct %s (structs: %s)", name, n ? names.s : "none");
    sb_free(&names);
    return st->code;
}

/* Whether kernel K takes struct st (one of the adopted). */
static int adopted(const unsigned *sts, unsigned n, const adv_kernel *K, unsigned p)
{
    for (unsigned i = 0; i < n; i++)
        if (adv_param_points_to(&K->params[p], (int)sts[i]))
            return 1;
    return 0;
}

/* FILE with each header included before the first kernel that takes its
 * struct, and every such parameter declared as a view: the one change per
 * kernel. */
/* Whether parameter q's text is not its own declaration (it does not end
 * with its name): a macro spells it. */
static int spelled_by_macro(const char *text, const adv_param *q)
{
    size_t n = strlen(q->name);
    if (!n || q->end < q->begin || q->end - q->begin < n)
        return 1;
    const char *e = text + q->end;
    return memcmp(e - n, q->name, n) != 0 || (q->end - q->begin > n && (isalnum((unsigned char)e[-(long)n - 1]) ||
                                                                      e[-(long)n - 1] == '_'));
}

/* Parameters q0..q1-1 of K spelled out as their types and names, the
 * adopted ones as views; a type that a name cannot simply follow (an
 * array, a function pointer) is refused at the kernel. */
static int spell_params(const adv_model *m, const unsigned *sts, unsigned nst, const adv_kernel *K, unsigned q0,
                        unsigned q1, sb_t *o, gm_status *st)
{
    for (unsigned q = q0; q < q1; q++) {
        const adv_param *P = &K->params[q];
        if (q > q0)
            sb_puts(o, ", ");
        if (adopted(sts, nst, K, q)) {
            sb_printf(o, "%s_%s %s", adv_model_struct(m, (unsigned)P->struct_idx)->name, adv_adopt_view(P), P->name);
            continue;
        }
        if (strpbrk(P->type, "([") || !P->name[0])
            return gm_fail_at(st, GM_EINPUT, adv_kernel_file(m, K), K->line, K->col,
                              "--kernels: kernel %s's parameters are spelled by a macro and parameter %s (%s) "
                              "cannot be spelled out; change the parameters by hand",
                              K->label, P->name[0] ? P->name : "(unnamed)", P->type);
        sb_printf(o, "%s %s", P->type, P->name);
    }
    return GM_OK;
}

static int rewrite(const adv_model *m, const unsigned *sts, unsigned nst, const char *out, gm_status *sto)
{
    const char *text = adv_model_text(m);
    size_t len;
    char *file = gm_read_file(adv_model_file(m), &len);
    int same = file && len == adv_model_text_len(m) && !memcmp(file, text, len);
    free(file);
    if (!same)
        return gm_fail(sto, GM_EINPUT, "--kernels: %s includes files gmadvise read with it; change the "
                       "parameters by hand", adv_model_file(m));
    sb_t o;
    sb_init(&o);
    unsigned at = 0;
    char *included = gm_xcalloc(adv_model_nstructs(m) + 1, 1);
    for (unsigned k = 0; k < adv_model_nkernels(m); k++) {
        const adv_kernel *K = adv_model_kernel(m, k);
        if (K->synthesized || K->file)
            continue;
        /* each header before the first kernel that takes its struct (which
         * is declared by then), at the start of the kernel's line */
        unsigned b = K->begin;
        while (b > at && text[b - 1] != '\n')
            b--;
        for (unsigned p = 0; p < K->nparams; p++) {
            int st = K->params[p].struct_idx;
            if (!adopted(sts, nst, K, p) || included[st] || b < at)
                continue;
            sb_putn(&o, text + at, b - at);
            sb_printf(&o, "#include \"%s_layout.cuh\"\n", adv_model_struct(m, (unsigned)st)->name);
            at = b;
            included[st] = 1;
        }
        for (unsigned p = 0; p < K->nparams; p++) {
            if (!adopted(sts, nst, K, p) || K->params[p].begin < at)
                continue;
            unsigned q0 = p, q1 = p + 1; /* the parameters spelled by the same text */
            while (q0 > 0 && K->params[q0 - 1].begin == K->params[p].begin)
                q0--;
            while (q1 < K->nparams && K->params[q1].begin == K->params[p].begin)
                q1++;
            sb_putn(&o, text + at, K->params[p].begin - at);
            if (spelled_by_macro(text, &K->params[p])) {
                /* a macro spells them (#define ARGS S *p, int n): the macro's
                 * use becomes its parameters, spelled out, the adopted ones changed */
                if (spell_params(m, sts, nst, K, q0, q1, &o, sto) != GM_OK) {
                    free(included);
                    sb_free(&o);
                    return sto->code;
                }
            } else {
                const char *name = adv_model_struct(m, (unsigned)K->params[p].struct_idx)->name;
                sb_printf(&o, "%s_%s %s", name, adv_adopt_view(&K->params[p]), K->params[p].name);
            }
            at = K->params[p].end;
        }
    }
    free(included);
    sb_putn(&o, text + at, adv_model_text_len(m) - at);
    int rc = cli_write_file(out, o.s, sto);
    sb_free(&o);
    return rc;
}

/* Writes S_layout.cuh and says how to adopt it. */
static int adopt_one(const adopt_args *a, const adv_model *m, unsigned s, gm_status *st)
{
    const adv_struct *S = adv_model_struct(m, s);
    adv_layout_spec pick = adv_adopt_pick(m, s);
    char why[256], label[512];
    if (a->layout && !adv_layout_spec_parse(S, a->layout, &pick, why, sizeof why))
        return gm_fail(st, GM_EINPUT, "--layout %s: %s", a->layout, why);
    adv_layout_spec_label(S, &pick, label, sizeof label);
    if (!adv_adopt_applies(S, &pick, why, sizeof why))
        return gm_fail(st, GM_EINPUT, "--layout %s: %s", label, why);
    sb_t h, path;
    sb_init(&h);
    sb_init(&path);
    sb_printf(&path, "%s/%s_layout.cuh", a->dir ? a->dir : ".", S->name);
    int rc = adv_adopt_header(m, s, &pick, &h, st);
    if (rc == GM_OK)
        rc = cli_write_file(path.s, h.s, st);
    if (rc == GM_OK) {
        printf("gmadvise adopt: wrote %s (%s by default%s)\n", path.s, label,
               a->layout ? "" : ", the model's pick over the kernels that take it");
        printf("  #include \"%s_layout.cuh\" after the declaration of %s; then in each kernel:\n", S->name,
               S->name);
        for (unsigned k = 0; k < adv_model_nkernels(m); k++) {
            const adv_kernel *K = adv_model_kernel(m, k);
            for (unsigned p = 0; p < K->nparams && !K->synthesized; p++)
                if (adv_param_points_to(&K->params[p], (int)s))
                    printf("    %s:%u: %s: %s%s *%s%s  ->  %s_%s %s\n", adv_kernel_file(m, K), K->line, K->label,
                           K->params[p].pointee_const ? "const " : "", S->name,
                           K->params[p].is_restrict ? "__restrict__ " : "", K->params[p].name, S->name,
                           adv_adopt_view(&K->params[p]), K->params[p].name);
        }
        sb_t others; /* the standard layouts' macros but SoA's, from layout_kind.c's table */
        sb_init(&others);
        for (unsigned k = 0; k < adv_layout_nstd(); k++) {
            const char *mac = adv_layout_ops_of(adv_layout_std_at(k).kind)->macro;
            if (strcmp(mac, "GM_LAYOUT_SOA"))
                sb_printf(&others, "%s%s", others.len ? ", " : "", mac + strlen("GM_LAYOUT"));
        }
        printf("  host: %s_storage st; %s_alloc(&st, n); %s_pack(&st, host, n); kernel<<<...>>>(st.view, ...);\n"
               "        %s_unpack(&st, host, n); %s_free(&st);\n"
               "  another layout: #define %s_LAYOUT GM_LAYOUT_SOA (or %s) before the #include\n",
               S->name, S->name, S->name, S->name, S->name, S->name, others.s);
        sb_free(&others);
    }
    sb_free(&h);
    sb_free(&path);
    return rc;
}

/* The structs named, else every struct a kernel takes a pointer to. */
static int structs_to_adopt(const adopt_args *a, const adv_model *m, unsigned *sts, unsigned *n, gm_status *st)
{
    *n = 0;
    for (unsigned i = 0; i < a->nst; i++)
        if (find_struct(m, a->st[i], &sts[(*n)++], st) != GM_OK)
            return st->code;
    for (unsigned s = 0; !a->nst && s < adv_model_nstructs(m) && *n < ADOPT_MAX_STRUCTS; s++) {
        int used = 0;
        for (unsigned k = 0; k < adv_model_nkernels(m) && !used; k++)
            used = !adv_model_kernel(m, k)->synthesized && adv_kernel_takes(adv_model_kernel(m, k), (int)s);
        if (used)
            sts[(*n)++] = s;
    }
    if (!*n)
        return gm_fail_at(st, GM_EINPUT, adv_model_file(m), 0, 0,
                          "no kernel takes a pointer to a struct: nothing to adopt (name one with --struct)");
    return GM_OK;
}

static int run(const adopt_args *a, const cli_common *c, gm_status *st)
{
    adv_model *m = NULL;
    unsigned sts[ADOPT_MAX_STRUCTS], n = 0;
    int rc = cli_load_model(c->operands[0], NULL, c, &m, st);
    if (rc == GM_OK)
        rc = structs_to_adopt(a, m, sts, &n, st);
    for (unsigned i = 0; i < n && rc == GM_OK; i++)
        rc = adopt_one(a, m, sts[i], st);
    if (rc == GM_OK && a->kernels)
        rc = rewrite(m, sts, n, a->kernels, st);
    adv_model_destroy(m);
    return rc;
}

int gm_cmd_adopt(int argc, char **argv, gm_status *st)
{
    adopt_args a = {{NULL}, 0, NULL, NULL, NULL};
    cli_common c;
    int rc = cli_parse(&spec, argc, argv, &c, option, &a, st);
    if (rc == GM_OK && !c.done && c.noperands != 1)
        rc = gm_fail(st, GM_EINPUT, "expected one FILE (see gmadvise adopt --help)");
    if (rc == GM_OK && !c.done)
        rc = run(&a, &c, st);
    cli_common_free(&c);
    return rc;
}
