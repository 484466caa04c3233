#include "report.h"

#include <stdarg.h>
#include <string.h>

#include "../../common/json.h"
#include "../../common/limits.h"
#include "locality_report.h"

typedef struct {
    FILE *f;
    int color;
    int width; /* columns prose is wrapped at; 0: not wrapped (--wide) */
} out_t;

/* Prose: printed as formatted, or word-wrapped at o->width with the
 * lines after the first indented by `indent` (colour escapes take no
 * column).  A word longer than a line stays whole. */
static void vsay(const out_t *o, unsigned col, unsigned indent, const char *fmt, va_list ap)
{
    char buf[8192];
    vsnprintf(buf, sizeof buf, fmt, ap);
    if (!o->width) {
        fputs(buf, o->f);
        return;
    }
    int fresh = col == 0; /* nothing but the indent on the line yet */
    for (const char *p = buf; *p;) {
        if (*p == '\n') {
            fputc('\n', o->f);
            col = 0;
            fresh = 1;
            p++;
            continue;
        }
        /* the next word with the spaces before it; visible width without escapes */
        const char *w = p;
        unsigned spaces = 0, vis = 0;
        while (*w == ' ')
            w++, spaces++;
        const char *e = w;
        while (*e && *e != ' ' && *e != '\n') {
            if (*e == '\033') {
                while (*e && *e != 'm')
                    e++;
                if (*e)
                    e++;
                continue;
            }
            vis++, e++;
        }
        /* a word wraps unless it starts a line already (a word longer than a line stays whole) */
        if (!fresh && vis && col + spaces + vis > (unsigned)o->width) {
            fprintf(o->f, "\n%*s", (int)indent, "");
            col = indent;
            p = w;
            fresh = 1;
            continue;
        }
        fresh = 0;
        fwrite(p, 1, (size_t)(e - p), o->f);
        col += (unsigned)(w - p) + vis;
        p = e;
    }
}

static void say(const out_t *o, unsigned indent, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsay(o, 0, indent, fmt, ap);
    va_end(ap);
}

/* The same, the line already `col` columns long. */
static void say_at(const out_t *o, unsigned col, unsigned indent, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsay(o, col, indent, fmt, ap);
    va_end(ap);
}

static const char *sgr(const out_t *o, const char *code)
{
    return o->color ? code : "";
}
#define BOLD(o) sgr(o, "\033[1m")
#define GREEN(o) sgr(o, "\033[32m")
#define RED(o) sgr(o, "\033[31m")
#define DIM(o) sgr(o, "\033[2m")
#define RESET(o) sgr(o, "\033[0m")

static void print_struct(const out_t *o, const adv_model *m, const adv_struct *s)
{
    fprintf(o->f, "%sstruct %s%s  (%s:%u)  size %u  align %u  padding %u\n", BOLD(o), s->name,
            RESET(o), adv_model_file(m), s->line, s->size, s->align, s->padding);
    fprintf(o->f, "  %6s %5s %5s  %s\n", "offset", "size", "align", "field");
    for (unsigned f = 0; f < s->nfields; f++)
        fprintf(o->f, "  %6u %5u %5u  %s %s\n", s->fields[f].offset, s->fields[f].size,
                s->fields[f].align, s->fields[f].type, s->fields[f].name);
}

/* A layout as users read it (adv_layout_spec_label), for struct st. */
static const char *label(const adv_result *r, int st, const adv_layout_spec *sp, char *out, size_t n)
{
    if (st < 0)
        snprintf(out, n, "%s", adv_layout_name(sp->kind));
    else
        adv_layout_spec_label(adv_model_struct(r->m, (unsigned)st), sp, out, n);
    return out;
}
#define LABEL_MAX 1024

/* A variant's row name: its layout's label, starred when measured through
 * the adoption header (name holds LABEL_MAX + 1 bytes). */
static void variant_name(const adv_result *r, int st, const adv_variant *v, char *name)
{
    label(r, st, &v->spec, name, LABEL_MAX);
    strcat(name, v->adopted ? "*" : "");
}

static void access_name(const adv_kernel *k, const adv_access *a, char *out, size_t n)
{
    snprintf(out, n, "%s[%s]%s%s", k->params[a->param].name, a->index, a->path[0] && a->path[0] != '[' ? "." : "", a->path);
}

static void print_kernel(const out_t *o, const adv_result *r, unsigned ki)
{
    const adv_model *m = r->m;
    const adv_kernel *k = adv_model_kernel(m, ki);
    fprintf(o->f, "%skernel %s%s  (%s:%u)%s\n", BOLD(o), k->label, RESET(o), adv_kernel_file(m, k),
            k->line, k->synthesized ? "  [assumed: no kernel in the header]" : "");
    if (!k->naccesses) {
        fprintf(o->f, "  no access through a pointer parameter\n");
        return;
    }
    int nw = o->width ? GM_NARROW_LABEL : 28, pw = o->width ? 22 : 28; /* name and pattern columns */
    fprintf(o->f, "  %-*s %-5s %-*s %8s %5s %5s  %s\n", nw, "access", "mode", pw, "pattern", "sect/req",
            "eff", "bytes", "line");
    for (unsigned a = 0; a < k->naccesses; a++) {
        const adv_access *x = &k->acc[a];
        char name[400], pat[160], cost[64];
        access_name(k, x, name, sizeof name);
        char stride[64];
        if (x->cls.affine)
            snprintf(pat, sizeof pat, "stride %s, offset %lld%s",
                     adv_affine_stride_text(&x->cls, adv_model_params(m, ki), stride, sizeof stride),
                     x->cls.offset, x->cls.per_warp ? " per warp" : "");
        else
            snprintf(pat, sizeof pat, "irregular: %s", x->cls.why);
        const adv_cost *c = &r->access_cost[ki][a];
        if (c->ok)
            snprintf(cost, sizeof cost, "%8.2f %4.0f%% %2ux%-2u", c->sectors_per_request,
                     100 * c->efficiency, c->instrs, c->width);
        else
            snprintf(cost, sizeof cost, "%8s %5s %5s", "-", "-", "-");
        if (!o->width) {
            fprintf(o->f, "  %-28s %-5s %-28.28s %s  %u\n", name, x->mode == ADV_WRITE ? "write" : "read",
                    pat, cost, x->line);
            if (!c->ok) /* every "-" says why */
                fprintf(o->f, "    not modelled: %s\n", c->why[0] ? c->why : "no cost");
            continue;
        }
        /* 80 columns: a long name on a line of its own, a long pattern on the line after */
        int long_name = (int)strlen(name) > nw, long_pat = (int)strlen(pat) > pw;
        if (long_name)
            fprintf(o->f, "  %s\n", name);
        fprintf(o->f, "  %-*s %-5s %-*s %s  %u\n", nw, long_name ? "" : name, x->mode == ADV_WRITE ? "write" : "read",
                pw, long_pat ? "(below)" : pat, cost, x->line);
        if (long_pat) {
            fprintf(o->f, "    ");
            say(o, 6, "pattern: %s\n", pat);
        }
        if (!c->ok) {
            fprintf(o->f, "    ");
            say(o, 6, "not modelled: %s\n", c->why[0] ? c->why : "no cost");
        }
    }
}

static int has_adopted(const adv_result *r, unsigned k, int st)
{
    for (unsigned i = 0; i < r->nv; i++)
        if (r->v[i].kernel == k && r->v[i].st == st && r->v[i].adopted)
            return 1;
    return 0;
}

/* The variants' table at 80 columns: the model's columns without a
 * measurement, the measured ones with it (--wide: both); a layout name
 * longer than GM_NARROW_LABEL on a line of its own. */
/* A measured row's last cells, in the narrow and the wide table alike:
 * the comparison with the declared layout and the best-row marker. */
static void print_vs(const out_t *o, const adv_variant *v, const char *tie_mark)
{
    if (v->vs == ADV_VS_IS_DECLARED)
        fprintf(o->f, "declared");
    else if (v->vs == ADV_VS_TIE)
        fprintf(o->f, "tie");
    else if (v->vs == ADV_VS_RATIO)
        fprintf(o->f, "%.2fx", v->vs_declared);
    if (v->is_best)
        fprintf(o->f, "%s  <- best%s", GREEN(o), RESET(o));
    else if (v->tie_with_best)
        fprintf(o->f, "%s", tie_mark);
    fprintf(o->f, "\n");
}

static void print_variants_narrow(const out_t *o, const adv_result *r, unsigned k, int st)
{
    char name[LABEL_MAX + 1];
    int measured = r->run == ADV_RUN_MEASURED;
    if (measured)
        fprintf(o->f, "  %-*s %10s %7s %7s %-7s %s\n", GM_NARROW_LABEL, "layout", "median ms", "spread", "GB/s",
                "correct", "vs declared");
    else
        fprintf(o->f, "  %-*s %5s %6s %6s  %s\n", GM_NARROW_LABEL, "layout", "align", "B/el", "req/w",
                "PTX ld/st");
    for (unsigned i = 0; i < r->nv; i++) {
        const adv_variant *v = &r->v[i];
        if (v->kernel != k || v->st != st)
            continue;
        variant_name(r, st, v, name);
        int own_line = (int)strlen(name) > GM_NARROW_LABEL;
        if (own_line)
            fprintf(o->f, "  %s%s%s\n", v->is_best ? GREEN(o) : "", name, v->is_best ? RESET(o) : "");
        fprintf(o->f, "  %s%-*s%s ", v->is_best ? GREEN(o) : "", GM_NARROW_LABEL, own_line ? "" : name,
                v->is_best ? RESET(o) : "");
        if (measured && v->state == ADV_V_MEASURED) {
            const char *c = v->correct == 1 ? "yes" : v->correct == 0 ? "WRONG" : "-";
            fprintf(o->f, "%10.4f %6.2f%% %7.0f %s%-7s%s ", v->median_ms, v->spread_pct, v->gbps,
                    v->correct == 0 ? RED(o) : "", c, RESET(o));
            print_vs(o, v, "  = tie");
            if (v->note[0]) {
                fprintf(o->f, "    %s", DIM(o));
                say(o, 4, "%s", v->note);
                fprintf(o->f, "%s\n", RESET(o));
            }
        } else if (adv_variant_compiled(v) && !v->note[0]) {
            if (measured)
                fprintf(o->f, "%10s %7s %7s %-7s not measured\n", "-", "-", "-", "-");
            else {
                fprintf(o->f, "%5u ", v->align);
                if (v->model.ok)
                    fprintf(o->f, "%6.1f %6.1f  ", v->model.dram_bytes, v->model.requests);
                else
                    fprintf(o->f, "%6s %6s  ", "-", "-");
                fprintf(o->f, "%s%s\n", v->ptx[0] ? v->ptx : "-", !v->is_best ? "" : o->width ? " <- best" : " <- predicted best");
            }
        } else {
            fprintf(o->f, "%s", DIM(o));
            say_at(o, 3 + GM_NARROW_LABEL, 4, "%s", v->note);
            fprintf(o->f, "%s\n", RESET(o));
        }
    }
}

static void print_variants(const out_t *o, const adv_result *r, unsigned k, int st)
{
    if (o->width) {
        print_variants_narrow(o, r, k, st);
        return;
    }
    int measured = r->run == ADV_RUN_MEASURED;
    double peak = r->ref.memcpy_gbps;
    char name[LABEL_MAX + 1]; /* "soa*": through the adoption header */
    int width = 10;           /* the layout column fits the longest label */
    for (unsigned i = 0; i < r->nv; i++)
        if (r->v[i].kernel == k && r->v[i].st == st && (int)strlen(label(r, st, &r->v[i].spec, name, sizeof name)) > width)
            width = (int)strlen(name) + 1;
    if (measured)
        fprintf(o->f, "  %-*s %5s %9s %8s  %-24s %10s %7s %3s %7s %7s %-7s %s\n", width, "layout", "align",
                "model B/el", "req/warp", "PTX ld/st BxN", "median ms", "spread", "n", "GB/s", "% peak",
                "correct", "vs declared");
    else /* the timing columns would be "-" in every row: left out (said once, above) */
        fprintf(o->f, "  %-*s %5s %9s %8s  %s\n", width, "layout", "align", "model B/el", "req/warp",
                "PTX ld/st BxN");
    for (unsigned i = 0; i < r->nv; i++) {
        const adv_variant *v = &r->v[i];
        if (v->kernel != k || v->st != st)
            continue;
        variant_name(r, st, v, name);
        fprintf(o->f, "  %s%-*s%s %5u ", v->is_best ? GREEN(o) : "", width, name, v->is_best ? RESET(o) : "", v->align);
        if (v->model.ok)
            fprintf(o->f, "%10.1f %8.1f  ", v->model.dram_bytes, v->model.requests);
        else
            fprintf(o->f, "%10s %8s  ", "-", "-");
        fprintf(o->f, "%-24s ", v->ptx[0] ? v->ptx : "-");
        if (v->state == ADV_V_MEASURED) {
            const char *c = v->correct == 1 ? "yes" : v->correct == 0 ? "WRONG" : "-";
            fprintf(o->f, "%10.4f %6.2f%% %3d %7.0f %6.1f%% %s%-7s%s ", v->median_ms, v->spread_pct,
                    v->samples, v->gbps, peak > 0 ? 100 * v->gbps / peak : 0,
                    v->correct == 0 ? RED(o) : "", c, RESET(o));
            print_vs(o, v, "  = tie with best");
            if (v->note[0])
                fprintf(o->f, "  %s%13s%s%s\n", DIM(o), "", v->note, RESET(o));
        } else if (adv_variant_compiled(v) && !v->note[0] && !measured) {
            if (v->is_best)
                fprintf(o->f, "%s<- predicted best%s", GREEN(o), RESET(o));
            fprintf(o->f, "\n");
        } else if (adv_variant_compiled(v) && !v->note[0]) {
            fprintf(o->f, "%10s %7s %3s %7s %7s %-7s %s", "-", "-", "-", "-", "-", "-", "not measured");
            if (v->is_best)
                fprintf(o->f, "%s  <- predicted best%s", GREEN(o), RESET(o));
            fprintf(o->f, "\n");
        } else {
            fprintf(o->f, "%s%s%s\n", DIM(o), v->note, RESET(o));
        }
    }
}

/* The command that writes the adoption header for layout sp of struct st
 * (any layout: the header holds the search's too); a label other than a
 * kind's name is quoted for the shell (it holds only field names, which
 * are identifiers, and {}()@: and spaces). */
static void adopt_command(const adv_result *r, int st, const adv_layout_spec *sp, char *out, size_t n)
{
    char lb[LABEL_MAX];
    label(r, st, sp, lb, sizeof lb);
    int q = !adv_layout_spec_is_std(sp);
    snprintf(out, n, "gmadvise adopt %s --struct %s --layout %s%s%s", adv_model_file(r->m),
             adv_model_struct(r->m, (unsigned)st)->name, q ? "'" : "", lb, q ? "'" : "");
}

/* How to adopt a recommendation without rewriting the kernel: the
 * command, and the one change of each parameter (rc->views). */
static void print_adopt(const out_t *o, const adv_result *r, const adv_rec *rc)
{
    char cmd[LABEL_MAX + 512];
    adopt_command(r, rc->st, &r->v[rc->best].spec, cmd, sizeof cmd);
    const adv_kernel *k = adv_model_kernel(r->m, rc->kernel);
    const char *sn = adv_model_struct(r->m, (unsigned)rc->st)->name;
    char line[4096];
    int len = snprintf(line, sizeof line, "    or keep the kernel as written: %s, then in %s:", cmd, k->label);
    for (unsigned i = 0; i < rc->nviews && len > 0 && (size_t)len < sizeof line; i++) {
        const adv_param *par = &k->params[rc->views[i].param];
        len += snprintf(line + len, sizeof line - (size_t)len, "%s %s%s *%s%s -> %s_%s %s", i ? ";" : "",
                        par->pointee_const ? "const " : "", sn, par->is_restrict ? "__restrict__ " : "", par->name,
                        sn, rc->views[i].view, par->name);
    }
    say(o, 6, "%s\n", line);
}

/* The recommended variant's code, indented under its recommendation. */
/* One line of code at indent `ind`, within o->width where it can be:
 * a long line (a generated kernel's parameter list) is broken after a
 * comma, an opening parenthesis or a binary + - * / (C allows a line
 * break there), never inside a literal, a // comment or a preprocessor
 * line; a line with no such place is printed whole. */
static void print_code_line(const out_t *o, const char *s, size_t len, int ind)
{
    /* continuation lines go 4 further in than the line's own indent */
    int more = 0, lead = (int)strspn(s, " "), plain = s[lead] != '#';
    for (size_t i = 0; i + 1 < len && plain; i++)
        plain = !(s[i] == '/' && s[i + 1] == '/');
    while (o->width && plain && (int)len + ind + more > o->width) {
        size_t room = (size_t)(o->width - ind - more), cut = 0;
        char q = 0; /* inside a string or character literal: no cut */
        int cm = 0; /* inside a block comment: a cut at any space */
        size_t paren = 0;
        for (size_t i = 0; i + 1 < len && i < room; i++) {
            if (cm) {
                if (s[i] == ' ' && i > 8)
                    cut = i;
                cm = !(s[i] == '*' && s[i + 1] == '/');
            } else if (q && s[i] == '\\')
                i++;
            else if (!q && s[i] == '/' && s[i + 1] == '*')
                cm = 1;
            else if (s[i] == '"' || s[i] == '\'')
                q = q == s[i] ? 0 : q ? q : s[i];
            else if (!q && ((s[i] == ',' && s[i + 1] == ' ') ||
                            (i > 0 && s[i - 1] == ' ' && strchr("+-*/", s[i]) && s[i + 1] == ' ')))
                cut = i + 1;
            else if (!q && s[i] == '(' && s[i + 1] != ')')
                paren = i + 1; /* a cut of the last resort: after a list's opening */
        }
        if (cut < 8)
            cut = paren;
        if (cut < 8) /* nothing worth a line of its own */
            break;
        fprintf(o->f, "%*s%.*s\n", ind + more, "", (int)cut, s);
        size_t skip = cut + (s[cut] == ' ');
        s += skip;
        len -= skip;
        more = lead + 4;
    }
    fprintf(o->f, "%*s%.*s\n", ind + more, "", (int)len, s);
}

static void print_code(const out_t *o, const char *code)
{
    if (!code)
        return;
    fprintf(o->f, "    code to adopt:\n");
    while (*code) {
        const char *e = strchr(code, '\n');
        size_t len = e ? (size_t)(e - code) : strlen(code);
        print_code_line(o, code, len, 6);
        code += len + (e ? 1 : 0);
    }
}

static void print_predicted(const out_t *o, const adv_result *r)
{
    FILE *f = o->f;
    fprintf(f, " (PREDICTED by the coalescing model, not measured: no GPU)\n");
    for (unsigned i = 0; i < r->nrec; i++) {
        const adv_rec *rc = &r->rec[i];
        const adv_variant *b = &r->v[rc->best], *d = &r->v[rc->declared];
        const char *kn = adv_model_kernel(r->m, rc->kernel)->label;
        const char *sn = adv_model_struct(r->m, (unsigned)rc->st)->name;
        char bl[LABEL_MAX];
        if (rc->best == rc->declared)
            say(o, 4, "  %s / %s: keep the declared layout (%.1f DRAM bytes and %.1f requests a warp "
                      "per element; no layout predicted to do better)\n",
                    kn, sn, d->model.dram_bytes, d->model.requests);
        else
            say(o, 4, "  %s / %s: %s predicted, %.1f -> %.1f DRAM bytes and %.1f -> %.1f requests "
                      "a warp per element\n",
                    kn, sn, label(r, rc->st, &b->spec, bl, sizeof bl), d->model.dram_bytes, b->model.dram_bytes,
                    d->model.requests, b->model.requests);
        if (rc->best != rc->declared) {
            print_code(o, b->code);
            print_adopt(o, r, rc);
        }
    }
}

/* The per-kernel recommendations, largest time at stake first. */
static void print_recommendations(const out_t *op, const adv_result *r)
{
    const out_t o = *op;
    FILE *f = o.f;
    const adv_model *m = r->m;
    if (!r->nrec) {
        say(&o, 2, "\n%srecommendations%s: none (%s)\n", BOLD(&o), RESET(&o),
            r->run == ADV_RUN_MEASURED ? "no struct layout was measured correctly"
                                       : "no struct layout to choose, or none the model could compute");
        return;
    }
    fprintf(f, "\n%srecommendations%s", BOLD(&o), RESET(&o));
    if (r->run != ADV_RUN_MEASURED) {
        print_predicted(&o, r);
        return;
    }
    fprintf(f, " (largest time at stake first)\n");
    for (unsigned i = 0; i < r->nrec; i++) {
        const adv_rec *rc = &r->rec[i];
        const adv_variant *b = &r->v[rc->best], *d = &r->v[rc->declared];
        const char *kn = adv_model_kernel(m, rc->kernel)->label;
        const char *sn = adv_model_struct(m, (unsigned)rc->st)->name;
        char bl[LABEL_MAX];
        if (rc->predicted)
            continue; /* its declared layout was not measured */
        if (rc->best == rc->declared) {
            say(&o, 4, "  %s / %s: keep the declared layout (%s)%s; %.0f%% of memcpy peak\n", kn, sn,
                    rc->within_noise ? "others are within the measured noise" : "it is the fastest",
                    "", rc->peak_pct);
            continue;
        }
        say(&o, 4, "  %s%s / %s: %s%s, %.2fx faster than declared (%.4f -> %.4f ms), %.0f%% of memcpy peak\n",
                GREEN(&o), kn, sn, label(r, rc->st, &b->spec, bl, sizeof bl), RESET(&o), rc->speedup, d->median_ms,
                b->median_ms, rc->peak_pct);
        if (rc->ntied)
            say(&o, 6, "    tied with %u other layout(s) within the measured noise (marked '= tie' "
                       "above): any of them will do\n", rc->ntied);
        print_code(&o, b->code);
        print_adopt(&o, r, rc);
    }
}

/* The program answer's layout (result.h's desc): the fields in their
 * order, as groups, its lanes, alignment and bytes per element. */
static void json_layout(adv_json *j, const adv_struct *s, const adv_layout_spec *sp, const adv_layout_desc *d)
{
    adv_json_str(j, "layout", adv_layout_name(sp->kind));
    adv_json_begin_arr(j, "order");
    for (unsigned i = 0; i < d->nfields; i++)
        adv_json_str(j, NULL, s->fields[d->order[i]].name);
    adv_json_end_arr(j);
    adv_json_begin_arr(j, "groups");
    for (unsigned g = 0; g < d->ngroups; g++) {
        adv_json_begin_arr(j, NULL);
        for (unsigned f = d->group_first[g]; f < d->group_first[g] + d->group_n[g]; f++)
            adv_json_str(j, NULL, s->fields[d->order[f]].name);
        adv_json_end_arr(j);
    }
    adv_json_end_arr(j);
    if (d->lanes)
        adv_json_int(j, "lanes", d->lanes);
    else
        adv_json_null(j, "lanes");
    if (d->per_group) {
        adv_json_begin_arr(j, "align"); /* one per group */
        for (unsigned g = 0; g < d->naligns; g++)
            adv_json_int(j, NULL, d->align[g]);
        adv_json_end_arr(j);
    } else
        adv_json_int(j, "align", d->align[0]);
    adv_json_int(j, "size", d->size);
}

static void json_program(adv_json *j, const adv_result *r)
{
    char lb[LABEL_MAX];
    adv_json_begin_arr(j, "program");
    for (unsigned i = 0; i < r->nprog; i++) {
        const adv_program *p = &r->prog[i];
        const adv_struct *s = adv_model_struct(r->m, (unsigned)p->st);
        adv_json_begin_obj(j, NULL);
        adv_json_str(j, "struct", s->name);
        json_layout(j, s, &p->spec, &p->desc);
        adv_json_str(j, "label", label(r, p->st, &p->spec, lb, sizeof lb));
        adv_json_num(j, "speedup", p->chosen_total > 0 ? p->declared_total / p->chosen_total : 0.0 / 0.0);
        adv_json_bool(j, "predicted", p->predicted);
        adv_json_bool(j, "within_noise", p->within_noise);
        adv_json_begin_arr(j, "tied");
        for (unsigned t = 0; t < p->ntied; t++)
            adv_json_str(j, NULL, label(r, p->st, &p->tied[t], lb, sizeof lb));
        adv_json_end_arr(j);
        adv_json_int(j, "candidates_scored", p->scored);
        adv_json_int(j, "candidates_not_scored", p->left_out);
        adv_json_int(j, "candidates_generated", p->generated);
        adv_json_int(j, "candidates_measured", p->measured);
        adv_json_begin_arr(j, "kernels");
        for (unsigned k = 0; k < p->nk; k++) {
            const adv_program_kernel *pk = &p->k[k];
            adv_json_begin_obj(j, NULL);
            adv_json_str(j, "kernel", adv_model_kernel(r->m, pk->kernel)->label);
            adv_json_num(j, "weight", pk->weight);
            /* ms when measured; the model's DRAM bytes per element when predicted */
            adv_json_num(j, p->predicted ? "declared_bytes" : "declared_ms", pk->declared);
            adv_json_num(j, p->predicted ? "chosen_bytes" : "chosen_ms", pk->chosen);
            adv_json_str(j, "own_best", label(r, p->st, &pk->best_spec, lb, sizeof lb));
            adv_json_end_obj(j);
        }
        adv_json_end_arr(j);
        adv_json_end_obj(j);
    }
    adv_json_end_arr(j);
}

static void json_structs(adv_json *j, const adv_model *m)
{
    adv_json_begin_arr(j, "structs");
    for (unsigned i = 0; i < adv_model_nstructs(m); i++) {
        const adv_struct *s = adv_model_struct(m, i);
        adv_json_begin_obj(j, NULL);
        adv_json_str(j, "name", s->name);
        adv_json_int(j, "size", s->size);
        adv_json_int(j, "align", s->align);
        adv_json_int(j, "padding", s->padding);
        adv_json_str(j, "file", adv_model_file(m));
        adv_json_int(j, "line", s->line);
        adv_json_bool(j, "packed", s->packed);
        adv_json_begin_arr(j, "fields");
        for (unsigned f = 0; f < s->nfields; f++) {
            adv_json_begin_obj(j, NULL);
            adv_json_str(j, "name", s->fields[f].name);
            adv_json_str(j, "type", s->fields[f].type);
            adv_json_int(j, "offset", s->fields[f].offset);
            adv_json_int(j, "size", s->fields[f].size);
            adv_json_int(j, "align", s->fields[f].align);
            adv_json_end_obj(j);
        }
        adv_json_end_arr(j);
        adv_json_end_obj(j);
    }
    adv_json_end_arr(j);
}

static void json_kernels(adv_json *j, const adv_result *r)
{
    const adv_model *m = r->m;
    adv_json_begin_arr(j, "kernels");
    for (unsigned k = 0; k < adv_model_nkernels(m); k++) {
        const adv_kernel *kn = adv_model_kernel(m, k);
        adv_json_begin_obj(j, NULL);
        adv_json_str(j, "name", kn->label);
        adv_json_int(j, "line", kn->line);
        adv_json_bool(j, "assumed", kn->synthesized);
        adv_json_begin_arr(j, "accesses");
        for (unsigned a = 0; a < kn->naccesses; a++) {
            const adv_access *x = &kn->acc[a];
            adv_json_begin_obj(j, NULL);
            adv_json_str(j, "param", kn->params[x->param].name);
            adv_json_str(j, "struct", x->struct_idx >= 0 ? adv_model_struct(m, (unsigned)x->struct_idx)->name : NULL);
            adv_json_str(j, "field", x->path[0] ? x->path : NULL);
            adv_json_str(j, "mode", x->mode == ADV_WRITE ? "write" : "read");
            adv_json_str(j, "index", x->index);
            adv_json_bool(j, "affine", x->cls.affine);
            if (x->cls.affine) {
                char stride[64];
                adv_json_int(j, "stride", x->cls.stride);
                adv_json_int(j, "offset", x->cls.offset);
                adv_json_bool(j, "per_warp", x->cls.per_warp);
                adv_json_str(j, "stride_symbolic", x->cls.sym_param < 0 ? NULL :
                             adv_affine_stride_text(&x->cls, adv_model_params(m, k), stride, sizeof stride));
            } else {
                adv_json_null(j, "stride");
                adv_json_null(j, "offset");
                adv_json_str(j, "why", x->cls.why);
            }
            adv_json_int(j, "line", x->line);
            adv_json_int(j, "column", x->col);
            const adv_cost *c = &r->access_cost[k][a];
            if (c->ok) {
                adv_json_begin_obj(j, "model");
                adv_json_num(j, "sectors_per_request", c->sectors_per_request);
                adv_json_num(j, "efficiency", c->efficiency);
                adv_json_int(j, "instructions", c->instrs);
                adv_json_int(j, "width", c->width);
                adv_json_int(j, "widest", c->widest);
                adv_json_end_obj(j);
            } else {
                adv_json_null(j, "model");
                adv_json_str(j, "model_why", c->why[0] ? c->why : "no cost");
            }
            adv_json_end_obj(j);
        }
        adv_json_end_arr(j);
        adv_json_end_obj(j);
    }
    adv_json_end_arr(j);
}

void adv_report_json(const adv_result *r, sb_t *out)
{
    const adv_model *m = r->m;
    adv_json j;
    adv_json_init(&j, out);
    adv_json_begin_obj(&j, NULL);
    adv_json_str(&j, "gmadvise", GMADVISE_VERSION);
    if (r->run == ADV_RUN_MEASURED) {
        adv_json_begin_obj(&j, "device");
        adv_json_str(&j, "name", r->dev.name);
        char sm[16];
        snprintf(sm, sizeof sm, "%d", r->dev.sm);
        adv_json_str(&j, "sm", sm);
        adv_json_num(&j, "peak_gbps", r->ref.memcpy_gbps);
        adv_json_begin_obj(&j, "reference_gbps");
        adv_json_num(&j, "copy", r->ref.copy_gbps);
        adv_json_num(&j, "offset1", r->ref.offset1_gbps);
        adv_json_num(&j, "stride2", r->ref.stride2_gbps);
        adv_json_num(&j, "vec4", r->ref.vec4_gbps);
        adv_json_end_obj(&j);
        adv_json_end_obj(&j);
    } else {
        adv_json_null(&j, "device");
        adv_json_str(&j, "skipped", r->skip_note[0] ? r->skip_note : "no GPU");
    }
    adv_json_int(&j, "compiled_for_sm", r->arch);
    /* which kernels' figures come from the application's captured inputs */
    adv_json_str(&j, "captured_inputs", r->inputs_note[0] ? r->inputs_note : NULL);
    adv_json_str(&j, "over_budget", r->budget_note[0] ? r->budget_note : NULL);
    json_structs(&j, m);
    json_kernels(&j, r);
    adv_json_begin_arr(&j, "variants");
    for (unsigned i = 0; i < r->nv; i++) {
        const adv_variant *v = &r->v[i];
        adv_json_begin_obj(&j, NULL);
        adv_json_str(&j, "kernel", adv_model_kernel(m, v->kernel)->label);
        adv_json_str(&j, "struct", v->st >= 0 ? adv_model_struct(m, (unsigned)v->st)->name : NULL);
        char lb[LABEL_MAX];
        adv_json_str(&j, "layout", label(r, v->st, &v->spec, lb, sizeof lb));
        adv_json_str(&j, "kind", adv_layout_name(v->spec.kind));
        adv_json_bool(&j, "adopted", v->adopted);
        adv_json_int(&j, "align", v->align);
        adv_json_str(&j, "state", adv_vstate_name(v->state));
        adv_json_bool(&j, "generated", v->state >= ADV_V_GENERATED);
        adv_json_bool(&j, "compiled", adv_variant_compiled(v));
        if (v->state == ADV_V_MEASURED) {
            adv_json_begin_obj(&j, "measured");
            adv_json_num(&j, "median_ms", v->median_ms);
            adv_json_num(&j, "spread_pct", v->spread_pct);
            adv_json_num(&j, "gbps", v->gbps);
            adv_json_int(&j, "samples", v->samples);
            adv_json_int(&j, "elems", v->elems);
            adv_json_str(&j, "data", v->data[0] ? v->data : NULL);
            adv_json_end_obj(&j);
        } else {
            adv_json_null(&j, "measured");
        }
        if (v->model.ok) {
            adv_json_begin_obj(&j, "model");
            adv_json_num(&j, "dram_bytes_per_elem", v->model.dram_bytes);
            adv_json_num(&j, "requests_per_warp", v->model.requests);
            adv_json_num(&j, "sectors_per_request", v->model.sectors_per_request);
            adv_json_end_obj(&j);
        } else {
            adv_json_null(&j, "model");
        }
        if (v->correct < 0)
            adv_json_null(&j, "correct");
        else
            adv_json_bool(&j, "correct", v->correct);
        adv_json_str(&j, "ptx_widths", v->ptx[0] ? v->ptx : NULL);
        adv_json_str(&j, "note", v->note[0] ? v->note : NULL);
        adv_json_end_obj(&j);
    }
    adv_json_end_arr(&j);
    adv_locality_json(r, &j);
    json_program(&j, r);
    adv_json_begin_arr(&j, "recommendations");
    for (unsigned i = 0; i < r->nrec; i++) {
        const adv_rec *rc = &r->rec[i];
        const adv_variant *b = &r->v[rc->best];
        adv_json_begin_obj(&j, NULL);
        adv_json_str(&j, "kernel", adv_model_kernel(m, rc->kernel)->label);
        adv_json_str(&j, "struct", adv_model_struct(m, (unsigned)rc->st)->name);
        char lb[LABEL_MAX];
        adv_json_str(&j, "layout", label(r, rc->st, &b->spec, lb, sizeof lb));
        adv_json_int(&j, "align", b->align);
        adv_json_num(&j, "speedup", rc->speedup);
        adv_json_num(&j, "peak_pct", rc->peak_pct);
        adv_json_bool(&j, "within_noise", rc->within_noise);
        adv_json_int(&j, "tied", rc->ntied);
        adv_json_bool(&j, "predicted", rc->predicted);
        adv_json_str(&j, "code", b->code);
        char cmd[LABEL_MAX + 512];
        adopt_command(r, rc->st, &b->spec, cmd, sizeof cmd);
        adv_json_str(&j, "adopt", rc->best != rc->declared ? cmd : NULL);
        adv_json_end_obj(&j);
    }
    adv_json_end_arr(&j);
    adv_json_end_obj(&j);
}

/* One layout per struct for all its kernels, weighted (adv_program). */
static void print_program(const out_t *o, const adv_result *r)
{
    FILE *f = o->f;
    char lb[LABEL_MAX], cmd[LABEL_MAX + 512];
    if (!r->nprog)
        return;
    say(o, 2, "\n%sprogram%s: one layout per struct for every kernel that takes it (weights from --weight "
              "KERNEL=W or // gmadvise: weight KERNEL=W; 1 each otherwise)%s\n",
            BOLD(o), RESET(o), r->prog[0].predicted ? "; PREDICTED: model DRAM bytes per element, not ms" : "");
    for (unsigned i = 0; i < r->nprog; i++) {
        const adv_program *p = &r->prog[i];
        const char *unit = p->predicted ? "B/el" : "ms";
        const char *sname = adv_model_struct(r->m, (unsigned)p->st)->name;
        if (p->chosen_total <= 0) {
            fprintf(f, "  %s: no layout with a value for every kernel\n", sname);
            continue;
        }
        label(r, p->st, &p->spec, lb, sizeof lb);
        int dec = p->predicted ? 1 : 4; /* bytes, or ms */
        if (adv_layout_as_declared(p->spec.kind))
            say(o, 4, "  %s: keep the declared layout%s; weighted total %.*f -> %.*f %s\n", sname,
                p->within_noise ? " (others within the noise floor)" : "", dec, p->declared_total, dec,
                p->chosen_total, unit);
        else
            say(o, 4, "  %s: %s%s%s, %.2fx over the declared layout; weighted total %.*f -> %.*f %s\n", sname,
                GREEN(o), lb, RESET(o), p->declared_total / p->chosen_total, dec, p->declared_total, dec,
                p->chosen_total, unit);
        say(o, 6, "    search: %u layouts scored by the model, %u generated, %u %s\n", p->scored, p->generated,
                p->measured, p->predicted ? "measured (no GPU)" : "measured correct for every kernel");
        if (p->left_out)
            say(o, 6, "    search: %u more layouts of its space not scored (at most %u are)\n", p->left_out,
                GM_SEARCH_MAX);
        sb_t tied;
        sb_init(&tied);
        for (unsigned t = 0; t < p->ntied; t++)
            sb_printf(&tied, "%s%s", t ? ", " : "    tied within the noise floor with: ",
                      label(r, p->st, &p->tied[t], lb, sizeof lb));
        if (p->ntied)
            say(o, 6, "%s\n", tied.s);
        sb_free(&tied);
        fprintf(f, "    %-24s %6s %10s %10s  %s\n", "kernel", "weight", "declared", "chosen", "its own best");
        for (unsigned j = 0; j < p->nk; j++) {
            const adv_program_kernel *k = &p->k[j];
            char own[LABEL_MAX + 64], ol[LABEL_MAX];
            if (!k->own_faster)
                snprintf(own, sizeof own, "the chosen one");
            else
                snprintf(own, sizeof own, "%s %.*f: %.2fx faster", label(r, p->st, &k->best_spec, ol, sizeof ol), dec,
                         k->best, k->chosen / k->best);
            fprintf(f, "    %-24s %6g %10.*f %10.*f  %s\n", adv_model_kernel(r->m, k->kernel)->label, k->weight,
                    dec, k->declared, dec, k->chosen, own);
        }
        if (adv_layout_as_declared(p->spec.kind))
            continue;
        adopt_command(r, p->st, &p->spec, cmd, sizeof cmd);
        say(o, 6, "    adopt it without rewriting the kernels: %s\n", cmd);
    }
}

void adv_report_text(const adv_result *r, FILE *f, int style)
{
    out_t o = {f, style & ADV_REPORT_COLOR, style & ADV_REPORT_WIDE ? 0 : GM_REPORT_COLUMNS};
    const adv_model *m = r->m;
    fprintf(f, "%sgmadvise %s%s: %s\n", BOLD(&o), GMADVISE_VERSION, RESET(&o), adv_model_file(m));
    const jit_reference *ref = &r->ref;
    if (r->run == ADV_RUN_MEASURED) {
        fprintf(f, "device: %s (sm_%d), memcpy D2D peak %.0f GB/s\n", r->dev.name, r->dev.sm,
                ref->memcpy_gbps);
        say(&o, 2, "reference copies: float %.0f GB/s, offset 1: %.0f (%+.1f%%), stride 2: %.0f (%+.1f%%), "
                   "float4: %.0f (%+.1f%%)\n",
                ref->copy_gbps, ref->offset1_gbps, 100 * (ref->offset1_gbps / ref->copy_gbps - 1),
                ref->stride2_gbps, 100 * (ref->stride2_gbps / ref->copy_gbps - 1), ref->vec4_gbps,
                100 * (ref->vec4_gbps / ref->copy_gbps - 1));
    } else {
        say(&o, 2, "device: none; variants %s for sm_%d; measurement skipped: %s\n",
            adv_result_compiled(r) ? "compiled" : r->nv ? "generated, none compiled," : "(none)", r->arch,
            r->skip_note[0] ? r->skip_note : "no GPU");
        if (r->nv)
            say(&o, 2, "(the tables show the model's columns only: time, bandwidth and correctness "
                       "columns come with a measurement)\n");
    }
    if (r->budget_note[0])
        say(&o, 2, "note: %s\n", r->budget_note);
    if (r->inputs_note[0])
        say(&o, 2, "%s: %s\n",
            r->run == ADV_RUN_MEASURED ? "measured on captured inputs (the notes of those variants say so)"
                                       : "captured inputs, not measured without a GPU",
            r->inputs_note);
    if (r->run == ADV_RUN_MEASURED && o.width)
        say(&o, 2, "(%d columns: --wide, or a terminal %d columns wide, adds the model's and PTX columns, "
                   "samples and %% of peak)\n", GM_REPORT_COLUMNS, GM_WIDE_COLUMNS);
    adv_notes_text(m, "note: ", f);
    for (unsigned i = 0; i < adv_model_nstructs(m); i++) {
        fprintf(f, "\n");
        print_struct(&o, m, adv_model_struct(m, i));
    }
    for (unsigned k = 0; k < adv_model_nkernels(m); k++) {
        fprintf(f, "\n");
        print_kernel(&o, r, k);
        for (unsigned i = 0; i < r->nv; i++) {
            const adv_variant *v = &r->v[i];
            /* one table per (kernel, struct): the variants of one are adjacent */
            if (v->kernel != k || (i && r->v[i - 1].kernel == k && r->v[i - 1].st == v->st))
                continue;
            if (v->st >= 0) {
                fprintf(f, "\n  %s%s%s in %s:\n", BOLD(&o), adv_model_struct(m, (unsigned)v->st)->name,
                        RESET(&o), adv_model_kernel(m, k)->label);
            } else {
                fprintf(f, "\n  as declared (no struct parameter: no layout to choose):\n");
            }
            print_variants(&o, r, k, v->st);
            adv_locality_text(r, k, v->st, f, (unsigned)o.width);
            if (v->st >= 0 && has_adopted(r, k, v->st))
                fprintf(f, "  * the kernel as written, through %s_layout.cuh (gmadvise adopt) in that layout\n",
                        adv_model_struct(m, (unsigned)v->st)->name);
        }
    }
    adv_locality_note_text(r, f);
    print_recommendations(&o, r);
    print_program(&o, r);
}

void adv_report_text_all(const adv_result *r, unsigned n, FILE *out, int style)
{
    for (unsigned i = 0; i < n; i++) {
        if (i)
            fputc('\n', out);
        adv_report_text(&r[i], out, style);
    }
}

void adv_report_json_all(const adv_result *r, unsigned n, int array, FILE *out)
{
    if (array)
        fputs("[\n", out);
    for (unsigned i = 0; i < n; i++) {
        sb_t doc;
        sb_init(&doc);
        adv_report_json(&r[i], &doc);
        fprintf(out, "%s%s", i ? ",\n" : "", doc.s);
        sb_free(&doc);
    }
    if (array)
        fputs("]\n", out);
}

void adv_notes_text(const adv_model *m, const char *prefix, FILE *out)
{
    for (const char *n = adv_model_notes(m); *n;) {
        size_t len = strcspn(n, "\n");
        fprintf(out, "%s%.*s\n", prefix, (int)len, n);
        n += len + (n[len] == '\n');
    }
}
