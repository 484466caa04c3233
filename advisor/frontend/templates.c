#include "frontend.h"

/* Template kernels are analysed per instance: each distinct argument list
 * written after the kernel's name in the file (a launch `k<float, 256><<<`,
 * an explicit instantiation, or a comment `// gmadvise: instantiate
 * k<float, 256>`) gives a concrete copy of the template, its parameters
 * replaced token by token, appended to the text after a #line naming the
 * template's own line.  The copy is then parsed as any kernel, so every
 * later stage (model, variants, measurement) sees a plain kernel. */

#define MAX_TPARAMS 16
#define MAX_INSTANCES 64 /* per template */

typedef struct {
    char name[ADV_NAME_MAX];
    char deflt[256]; /* text after '=', "" when none */
    int is_value;    /* a non-type parameter: its argument is parenthesized */
} tparam;

typedef struct {
    char text[ADV_TYPE_MAX];
} targ;

static int is_ident(char c)
{
    return isalnum((unsigned char)c) || c == '_';
}

static void trimmed(const char *b, const char *e, char *out, size_t n)
{
    while (b < e && isspace((unsigned char)*b))
        b++;
    while (e > b && isspace((unsigned char)e[-1]))
        e--;
    size_t j = 0;
    for (const char *p = b; p < e && j + 1 < n; p++) /* whitespace runs become one space */
        if (!isspace((unsigned char)*p) || (j && out[j - 1] != ' '))
            out[j++] = isspace((unsigned char)*p) ? ' ' : *p;
    out[j] = '\0';
}

/* The arguments between '<' at t[*at] and its '>', split at top-level
 * commas; the count, or -1 when unbalanced or too many. */
static int split_args(const char *t, unsigned len, unsigned at, targ *args)
{
    int depth = 0, n = 0;
    unsigned start = at + 1;
    for (unsigned i = at; i < len; i++) {
        char c = t[i];
        if (c == '<' || c == '(' || c == '[' || c == '{')
            depth++;
        else if (c == '>' || c == ')' || c == ']' || c == '}')
            depth--;
        else if (c == ';' || c == '\n')
            return -1;
        if ((c == ',' && depth == 1) || depth == 0) {
            if (n == MAX_TPARAMS)
                return -1;
            trimmed(t + start, t + i, args[n].text, sizeof args[n].text);
            if (args[n].text[0])
                n++;
            start = i + 1;
        }
        if (depth == 0)
            return n;
    }
    return -1;
}

static unsigned read_params(pctx *pc, CXCursor tmpl, tparam *tp, unsigned *after)
{
    unsigned n = 0;
    *after = 0;
    cvec kids = fe_kids(pc, tmpl);
    for (unsigned i = 0; i < kids.n && n < MAX_TPARAMS; i++) {
        enum CXCursorKind k = fe_kind(pc, kids.v[i]);
        if (k != CXCursor_TemplateTypeParameter && k != CXCursor_NonTypeTemplateParameter &&
            k != CXCursor_TemplateTemplateParameter)
            continue;
        memset(&tp[n], 0, sizeof tp[n]);
        fe_spell(pc, kids.v[i], tp[n].name, sizeof tp[n].name);
        tp[n].is_value = k == CXCursor_NonTypeTemplateParameter;
        unsigned b, e;
        if (fe_decl_extent(pc, kids.v[i], &b, &e)) {
            const char *eq = memchr(pc->m->text + b, '=', e - b);
            if (eq)
                trimmed(eq + 1, pc->m->text + e + 1, tp[n].deflt, sizeof tp[n].deflt);
            *after = e + 1;
        }
        n++;
    }
    free(kids.v);
    return n;
}

/* The copy of [b, e) with each use of a template parameter replaced by its
 * argument, and the kernel's name (at name_off) by `newname`. */
static void substitute(const char *t, unsigned b, unsigned e, unsigned name_off, size_t name_len,
                       const char *newname, const tparam *tp, const targ *args, unsigned n, sb_t *out)
{
    for (unsigned i = b; i < e;) {
        if (i == name_off) {
            sb_puts(out, newname);
            i += (unsigned)name_len;
        } else if (t[i] == '/' && i + 1 < e && (t[i + 1] == '/' || t[i + 1] == '*')) {
            const char *end = t[i + 1] == '/' ? strchr(t + i, '\n') : strstr(t + i + 2, "*/");
            unsigned j = end ? (unsigned)(end - t) + (t[i + 1] == '*' ? 2 : 0) : e;
            sb_putn(out, t + i, (j < e ? j : e) - i);
            i = j < e ? j : e;
        } else if (t[i] == '"' || t[i] == '\'') {
            unsigned j = i + 1;
            while (j < e && t[j] != t[i])
                j += t[j] == '\\' ? 2 : 1;
            j = j < e ? j + 1 : e;
            sb_putn(out, t + i, j - i);
            i = j;
        } else if (is_ident(t[i]) && (i == b || !is_ident(t[i - 1]))) {
            unsigned j = i;
            while (j < e && is_ident(t[j]))
                j++;
            unsigned p = i; /* a member or a qualified name is not the parameter */
            while (p > b && isspace((unsigned char)t[p - 1]))
                p--;
            int member = p > b && (t[p - 1] == '.' || (p > b + 1 && ((t[p - 2] == '-' && t[p - 1] == '>') ||
                                                                       (t[p - 2] == ':' && t[p - 1] == ':'))));
            int hit = -1;
            for (unsigned k = 0; k < n && !member && !isdigit((unsigned char)t[i]); k++)
                if (strlen(tp[k].name) == j - i && !strncmp(tp[k].name, t + i, j - i))
                    hit = (int)k;
            if (hit < 0)
                sb_putn(out, t + i, j - i);
            else if (tp[hit].is_value)
                sb_printf(out, "(%s)", args[hit].text);
            else
                sb_puts(out, args[hit].text);
            i = j;
        } else {
            sb_putn(out, t + i, 1);
            i++;
        }
    }
}

/* "reduce__float_256": the copy's name, an identifier. */
static void instance_name(const char *name, const targ *args, unsigned n, unsigned index, char *out,
                          size_t len)
{
    sb_t b;
    sb_init(&b);
    sb_printf(&b, "%s_", name);
    for (unsigned i = 0; i < n; i++) {
        sb_puts(&b, "_");
        for (const char *c = args[i].text; *c; c++)
            if (is_ident(*c))
                sb_putn(&b, c, 1);
    }
    if (b.len + 1 >= len || b.len + 1 >= ADV_NAME_MAX)
        snprintf(out, len, "%.*s__i%u", (int)(len > 16 ? len - 16 : 1), name, index);
    else
        snprintf(out, len, "%s", b.s);
    sb_free(&b);
}

static unsigned line_of(const char *t, unsigned off)
{
    unsigned line = 1;
    for (unsigned i = 0; i < off; i++)
        line += t[i] == '\n';
    return line;
}

static void instantiate(pctx *pc, CXCursor tmpl, sb_t *src)
{
    adv_model *m = pc->m;
    const char *t = m->text;
    char name[ADV_NAME_MAX];
    fe_spell(pc, tmpl, name, sizeof name);
    tparam tp[MAX_TPARAMS];
    unsigned after, b, e, name_off, line, col, found = 0;
    unsigned np = read_params(pc, tmpl, tp, &after);
    fe_cursor_pos(pc, tmpl, &line, &col);
    if (!fe_decl_extent(pc, tmpl, &b, &e) || !fe_loc_at(pc, pc->cx->clang_getCursorLocation(tmpl), 1, &name_off,
                                                          NULL, NULL) || !after) {
        sb_printf(&m->notes, "%s:%u:%u: kernel template %s skipped: it is written through a macro\n", pc->file,
                  line, col, name);
        return;
    }
    const char *close = memchr(t + after, '>', name_off - after);
    unsigned start = close ? (unsigned)(close - t) + 1 : after;
    targ seen[MAX_INSTANCES][MAX_TPARAMS];
    size_t nlen = strlen(name);
    for (const char *p = t; (p = strstr(p, name)) != NULL && found < MAX_INSTANCES; p += nlen) {
        unsigned at = (unsigned)(p - t);
        if ((at > 0 && is_ident(t[at - 1])) || is_ident(p[nlen]) || (at >= b && at <= e) || at >= m->orig_len)
            continue;
        unsigned lt = at + (unsigned)nlen;
        while (lt < m->orig_len && isspace((unsigned char)t[lt]))
            lt++;
        if (t[lt] != '<' || !strncmp(t + lt, "<<<", 3))
            continue;
        targ args[MAX_TPARAMS];
        int n = split_args(t, m->orig_len, lt, args);
        if (n < 0 || (unsigned)n > np)
            continue;
        for (unsigned k = (unsigned)n; k < np; k++) {
            if (!tp[k].deflt[0])
                n = -1;
            else
                snprintf(args[k].text, sizeof args[k].text, "%s", tp[k].deflt);
        }
        int dup = n < 0;
        for (unsigned s = 0; s < found && !dup; s++) {
            dup = 1;
            for (unsigned k = 0; k < np; k++)
                dup &= !strcmp(seen[s][k].text, args[k].text);
        }
        if (dup)
            continue;
        memcpy(seen[found], args, sizeof args);
        char copy[ADV_NAME_MAX];
        instance_name(name, args, np, found, copy, sizeof copy);
        pc->inst_name = gm_xrealloc(pc->inst_name, (pc->ninst + 1) * sizeof *pc->inst_name);
        pc->inst_label = gm_xrealloc(pc->inst_label, (pc->ninst + 1) * sizeof *pc->inst_label);
        snprintf(pc->inst_name[pc->ninst], ADV_NAME_MAX, "%s", copy);
        sb_t label;
        sb_init(&label);
        sb_printf(&label, "%s<", name);
        for (unsigned k = 0; k < np; k++)
            sb_printf(&label, "%s%s", k ? ", " : "", args[k].text);
        sb_puts(&label, ">");
        snprintf(pc->inst_label[pc->ninst++], ADV_TYPE_MAX, "%s", label.s);
        sb_free(&label);
        sb_puts(src, "\n");
        sb_line_directive(src, line_of(t, start), pc->file);
        substitute(t, start, e, name_off, nlen, copy, tp, args, np, src);
        sb_puts(src, "\n");
        found++;
    }
    if (!found)
        sb_printf(&m->notes, "%s:%u:%u: kernel template %s skipped: no instance of it in the file; name one "
                             "with a comment `// gmadvise: instantiate %s<...>`\n", pc->file, line, col, name, name);
}

void fe_instantiate_templates(pctx *pc, sb_t *src)
{
    for (unsigned i = 0; i < pc->templates.n; i++)
        instantiate(pc, pc->templates.v[i], src);
}
