#include "frontend.h"

#include <limits.h>

#include "../core/coalesce.h"
#include "../../common/text.h"

/* Template kernels are analysed per instance: each distinct argument list
 * written after the kernel's name in the file (a launch `k<float, 256><<<`,
 * an explicit instantiation, or a comment `// gmadvise: instantiate
 * k<float, 256>`) or named by --instantiate gives a concrete copy of the template, its parameters
 * replaced token by token, appended to the text after a #line naming the
 * template's own line.  The copy is then parsed as any kernel, so every
 * later stage (model, variants, measurement) sees a plain kernel. */

#define MAX_TPARAMS 16
#define MAX_INSTANCES 64 /* per template */

typedef struct {
    char name[ADV_NAME_MAX];
    char deflt[256]; /* text after '=', "" when none */
    int is_value;    /* a non-type parameter: its argument is parenthesized */
    int is_bool;     /* a bool one */
    int is_template; /* a template template parameter: nothing can be assumed for it */
    int is_pack;     /* a parameter pack (`typename... Args`): its argument is the elements'
                      * list, "long, float *" or "" (packs.c's expansion) */
    char cast[ADV_TYPE_MAX]; /* an enum-typed one: its type */
    CXCursor enum_decl;      /* and the enum's declaration */
} tparam;

typedef struct {
    char text[ADV_TYPE_MAX];
} targ;

static void trimmed(const char *b, const char *e, char *out, size_t n)
{
    while (b < e && isspace((unsigned char)*b))
        b++;
    while (e > b && isspace((unsigned char)e[-1]))
        e--;
    size_t j = 0;
    for (const char *p = b; p < e && j + 1 < n; p++) { /* whitespace runs become one space */
        int space = isspace((unsigned char)*p) || (*p == '\\' && p + 1 < e && p[1] == '\n'); /* a macro's line break */
        if (!space || (j && out[j - 1] != ' '))
            out[j++] = space ? ' ' : *p;
    }
    while (j && out[j - 1] == ' ')
        j--;
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
        else if (c == ';' || (c == '\n' && (i == 0 || t[i - 1] != '\\'))) /* a macro's continued line goes on */
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
        tp[n].is_template = k == CXCursor_TemplateTemplateParameter;
        CXType canon = pc->cx->clang_getCanonicalType(pc->cx->clang_getCursorType(kids.v[i]));
        tp[n].is_bool = tp[n].is_value && canon.kind == CXType_Bool;
        if (tp[n].is_value && canon.kind == CXType_Enum) {
            adv_cxstr(pc->cx, pc->cx->clang_getTypeSpelling(canon), tp[n].cast, sizeof tp[n].cast);
            tp[n].enum_decl = pc->cx->clang_getTypeDeclaration(canon);
        }
        unsigned b, e;
        if (fe_decl_extent(pc, kids.v[i], &b, &e)) {
            const char *t = adv_model_text(pc->m), *eq = memchr(t + b, '=', e - b);
            for (unsigned j = b; !eq && j + 3 <= e && !tp[n].is_pack; j++)
                tp[n].is_pack = !strncmp(t + j, "...", 3);
            if (eq) /* e: just past the parameter's last token */
                trimmed(eq + 1, adv_model_text(pc->m) + e, tp[n].deflt, sizeof tp[n].deflt);
            *after = e;
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
    /* t[last]: the last character of code before t[i], whitespace and
     * comments passed over (a comment ending "... which equals i." makes
     * the next word no member) */
    unsigned last = UINT_MAX, skip;
    for (unsigned i = b; i < e;) {
        if (i == name_off) {
            sb_puts(out, newname);
            i += (unsigned)name_len;
            last = i - 1;
        } else if ((skip = gm_comment_or_literal_end(t, i, e)) != i) {
            sb_putn(out, t + i, skip - i);
            if (t[i] == '"' || t[i] == '\'')
                last = skip - 1;
            i = skip;
        } else if (gm_ident_char(t[i]) && (i == b || !gm_ident_char(t[i - 1]))) {
            unsigned j = i;
            while (j < e && gm_ident_char(t[j]))
                j++;
            /* a member or a qualified name is not the parameter */
            int member = last != UINT_MAX && (t[last] == '.' || (last > b && ((t[last - 1] == '-' && t[last] == '>') ||
                                                                             (t[last - 1] == ':' && t[last] == ':'))));
            int hit = -1;
            for (unsigned k = 0; k < n && !member && !isdigit((unsigned char)t[i]); k++)
                if (strlen(tp[k].name) == j - i && !strncmp(tp[k].name, t + i, j - i))
                    hit = (int)k;
            unsigned next = j; /* T(x) with T "unsigned char" must be a cast: (unsigned char)(x) */
            while (next < e && isspace((unsigned char)t[next]))
                next++;
            if (hit < 0)
                sb_putn(out, t + i, j - i);
            else if (tp[hit].is_value || (strchr(args[hit].text, ' ') && next < e && t[next] == '(' &&
                                          t[next + 1] != ')'))
                sb_printf(out, "(%s)", args[hit].text);
            else
                sb_puts(out, args[hit].text);
            i = j;
            last = j - 1;
        } else {
            sb_putn(out, t + i, 1);
            if (!isspace((unsigned char)t[i]))
                last = i;
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
            if (gm_ident_char(*c))
                sb_putn(&b, c, 1);
    }
    if (b.len + 1 >= len || b.len + 1 >= ADV_NAME_MAX)
        snprintf(out, len, "%.*s__i%u", (int)(len > 16 ? len - 16 : 1), name, index);
    else
        snprintf(out, len, "%s", b.s);
    sb_free(&b);
}

/* One template kernel being instantiated. */
typedef struct {
    pctx *pc;
    CXCursor tmpl;
    char ns_open[ADV_TYPE_MAX];    /* the namespaces it is in (fe_namespaces) */
    unsigned ns_depth;
    char name[ADV_NAME_MAX];
    size_t nlen;
    tparam tp[MAX_TPARAMS];
    unsigned np;
    unsigned start, end, name_off; /* the copy: after `template <...>` to the end */
    unsigned qual_off;             /* where `ns::` before the name starts (a definition outside its
                                    * namespace: the copy, inside it, drops it); else name_off */
    unsigned line;                 /* the user's line of `start`, in... */
    char file[1024];               /* ...the template's own file */
    targ seen[MAX_INSTANCES][MAX_TPARAMS];
    unsigned found;
    sb_t *src;                     /* where instances are appended */
    int in_text;                   /* uses are being read from the file (not --instantiate) */
    int said_host;                 /* a host template without arguments was met: */
    char host_name[ADV_NAME_MAX];  /* its name, for the note, */
    unsigned host_calls;           /* and how often the file names it */
    int assuming;                  /* the instance being added is on assumed arguments, or one
                                    * only clang's instantiations name */
} tmpl_t;

/* Appends the instance for `args` (n given, the rest from defaults) to
 * src, once per distinct argument list. */
/* ---- arguments that are constant expressions ------------------------------
 * A local constexpr spelled out (sizeof(float4) / sizeof(T), T replaced) is
 * folded to its value, so that the instance is the one clang names with
 * the number and reads as widen<float, 4>.  Integer literals, + - * / % <<
 * >>, parentheses, and sizeof of a builtin or CUDA vector type or of a
 * struct of the file; anything else is left as written. */
typedef struct {
    const char *p;
    const adv_model *m;
    int ok;
} folder;

static long long fold_expr(folder *f, int level);

static void fold_ws(folder *f)
{
    while (isspace((unsigned char)*f->p))
        f->p++;
}

/* Bytes of a type named in a sizeof: 0 when not known here. */
static long long type_size(const adv_model *m, const char *t)
{
    static const struct {
        const char *name;
        unsigned size;
    } scalars[] = {{"char", 1}, {"signed char", 1}, {"unsigned char", 1}, {"bool", 1}, {"short", 2},
                   {"unsigned short", 2}, {"int", 4}, {"unsigned", 4}, {"unsigned int", 4}, {"long", 8},
                   {"unsigned long", 8}, {"long long", 8}, {"unsigned long long", 8}, {"float", 4},
                   {"double", 8}, {"half", 2}, {"__half", 2}, {"__nv_bfloat16", 2}, {"int8_t", 1},
                   {"uint8_t", 1}, {"int16_t", 2}, {"uint16_t", 2}, {"int32_t", 4}, {"uint32_t", 4},
                   {"int64_t", 8}, {"uint64_t", 8}, {"size_t", 8}};
    for (size_t i = 0; i < sizeof scalars / sizeof *scalars; i++)
        if (!strcmp(t, scalars[i].name))
            return scalars[i].size;
    unsigned lane, lanes;
    if (adv_vector_type(t, &lane, &lanes)) /* float4: 4 lanes of 4 bytes */
        return (long long)lane * lanes;
    int st = adv_model_find_struct(m, t);
    return st >= 0 ? adv_model_struct(m, (unsigned)st)->size : 0;
}

static long long fold_primary(folder *f)
{
    fold_ws(f);
    if (*f->p == '(') {
        f->p++;
        long long v = fold_expr(f, 0);
        fold_ws(f);
        f->ok &= *f->p == ')';
        f->p += *f->p == ')';
        return v;
    }
    if (*f->p == '-' || *f->p == '+') {
        int neg = *f->p++ == '-';
        long long v = fold_primary(f);
        return neg ? -v : v;
    }
    if (isdigit((unsigned char)*f->p)) {
        char *end;
        long long v = strtoll(f->p, &end, 0);
        f->p = end;
        while (*f->p == 'u' || *f->p == 'U' || *f->p == 'l' || *f->p == 'L')
            f->p++;
        return v;
    }
    if (!strncmp(f->p, "sizeof", 6) && !gm_ident_char(f->p[6])) {
        f->p += 6;
        fold_ws(f);
        const char *close = *f->p == '(' ? strchr(f->p, ')') : NULL;
        char type[ADV_TYPE_MAX];
        if (close && close - f->p < (long)sizeof type) {
            trimmed(f->p + 1, close, type, sizeof type);
            f->p = close + 1;
            long long size = type_size(f->m, type);
            f->ok &= size > 0;
            return size;
        }
    }
    f->ok = 0;
    return 0;
}

/* Levels, loosest first: shifts, then + -, then * / %. */
static long long fold_expr(folder *f, int level)
{
    if (level == 3)
        return fold_primary(f);
    long long v = fold_expr(f, level + 1);
    for (;;) {
        fold_ws(f);
        const char *p = f->p;
        int op = level == 0 && (!strncmp(p, "<<", 2) || !strncmp(p, ">>", 2)) ? p[0]
                 : level == 1 && (*p == '+' || *p == '-') ? *p
                 : level == 2 && (*p == '*' || *p == '/' || *p == '%') ? *p : 0;
        if (!op || !f->ok)
            return v;
        f->p += level == 0 ? 2 : 1;
        long long r = fold_expr(f, level + 1), out = 0;
        if (op == '+')
            f->ok &= !__builtin_add_overflow(v, r, &out);
        else if (op == '-')
            f->ok &= !__builtin_sub_overflow(v, r, &out);
        else if (op == '*')
            f->ok &= !__builtin_mul_overflow(v, r, &out);
        else if (op == '/' || op == '%')
            f->ok &= r != 0 && !(v == LLONG_MIN && r == -1);
        else /* shifts: C defines them for these only */
            f->ok &= r >= 0 && r < 63 && v >= 0 && (op == '>' || v <= (LLONG_MAX >> r));
        if (!f->ok)
            return v;
        v = op == '/' ? v / r : op == '%' ? v % r : op == '<' ? v << r : op == '>' ? v >> r : out;
    }
}

/* A non-type argument that folds is spelled as its value. */
static void fold_argument(const adv_model *m, targ *a)
{
    folder f = {a->text, m, 1};
    long long v = fold_expr(&f, 0);
    fold_ws(&f);
    if (f.ok && !*f.p && strpbrk(a->text, "(+-*/%<>"))
        snprintf(a->text, sizeof a->text, "%lld", v);
}

static int names(const char *text, const char *id);

/* ---- parameter packs --------------------------------------------------
 * A kernel template's type parameter pack (`typename... Args`, with the
 * function parameter pack `Args... args`) is expanded in the copy for its
 * elements: the parameter becomes `E0 args__0, E1 args__1`, and each
 * expansion `PATTERN...` whose pattern names Args or args becomes the
 * pattern once per element (`get_index(args, id)...` gives
 * `get_index(args__0, id), get_index(args__1, id)`), none for an empty
 * pack (with its comma); `sizeof...(args)` the count.  A fold expression
 * or a pack used otherwise is no expansion this knows: 0. */

/* Where the postfix expression ending at s[end - 1] starts: names, `::`,
 * `.`, `->` and balanced (), [], <> groups; end when there is none. */
static size_t pattern_start(const char *s, size_t end)
{
    size_t i = end;
    for (;;) {
        size_t j = i;
        while (j > 0 && isspace((unsigned char)s[j - 1]))
            j--;
        if (j > 0 && (s[j - 1] == ')' || s[j - 1] == ']' || s[j - 1] == '>') && !(j > 1 && s[j - 2] == '-')) {
            int depth = 0;
            size_t k = j;
            do {
                k--;
                depth += s[k] == ')' || s[k] == ']' || s[k] == '>';
                depth -= s[k] == '(' || s[k] == '[' || s[k] == '<';
            } while (k > 0 && depth > 0);
            if (depth)
                return end;
            i = k;
            continue;
        }
        if (j > 0 && gm_ident_char(s[j - 1])) {
            while (j > 0 && gm_ident_char(s[j - 1]))
                j--;
            i = j;
            while (j > 0 && isspace((unsigned char)s[j - 1]))
                j--;
            if (j > 1 && ((s[j - 1] == ':' && s[j - 2] == ':') || (s[j - 1] == '>' && s[j - 2] == '-'))) {
                i = j - 2;
                continue;
            }
            if (j > 0 && s[j - 1] == '.') {
                i = j - 1;
                continue;
            }
            return i;
        }
        return i;
    }
}

/* The pattern s[b, e) once per element, joined by ", ", into out. */
static void expand_pattern(const char *s, size_t b, size_t e, const tparam *names, targ (*elems)[2], unsigned n,
                           sb_t *out)
{
    for (unsigned i = 0; i < n; i++) {
        sb_puts(out, i ? ", " : "");
        substitute(s, (unsigned)b, (unsigned)e, UINT_MAX, 0, "", names, elems[i], 2, out);
    }
}

/* Drops a comma (and the spaces after it) that ends out, if there is one: 1 then. */
static int drop_trailing_comma(sb_t *out)
{
    size_t j = out->len;
    while (j > 0 && isspace((unsigned char)out->s[j - 1]))
        j--;
    if (j == 0 || out->s[j - 1] != ',')
        return 0;
    out->len = j - 1;
    out->s[out->len] = '\0';
    return 1;
}

/* The copy t[b, e) with pack `pack` expanded for the elements of list
 * (their types, "long, float *"), into out; params: where the function's
 * parameter list opens.  1 when done. */
static int expand_pack(const char *t, unsigned b, unsigned e, unsigned params, const char *pack, const char *list,
                       sb_t *out)
{
    targ el[MAX_TPARAMS], elems[MAX_TPARAMS][2];
    char wrapped[ADV_TYPE_MAX + 2];
    snprintf(wrapped, sizeof wrapped, "<%s>", list);
    int n = list[0] ? split_args(wrapped, (unsigned)strlen(wrapped), 0, el) : 0, ok = n >= 0, first = 1;
    if (!ok || params < b || params >= e || t[params] != '(')
        return 0;
    tparam names_[2]; /* the pack and its function parameter pack */
    memset(names_, 0, sizeof names_);
    snprintf(names_[0].name, sizeof names_[0].name, "%s", pack);
    sb_putn(out, t + b, params + 1 - b);
    /* the parameter list, segment by segment; its lines are kept after it */
    unsigned i = params + 1, seg = i, lines = 0;
    for (int depth = 1; i < e && depth > 0 && ok; i++) {
        char c = t[i];
        lines += c == '\n';
        depth += c == '(' || c == '[' || c == '{' || c == '<';
        depth -= c == ')' || c == ']' || c == '}' || c == '>';
        if (depth > 1 || (depth == 1 && c != ','))
            continue;
        char segment[ADV_TYPE_MAX];
        trimmed(t + seg, t + i, segment, sizeof segment);
        char *dots = strstr(segment, "...");
        if (dots && names(segment, pack)) {
            memmove(dots, dots + 3, strlen(dots + 3) + 1);
            size_t nb = strlen(segment); /* the parameter's name: the last word */
            while (nb > 0 && gm_ident_char(segment[nb - 1]))
                nb--;
            ok = !names_[1].name[0] && segment[nb] && snprintf(names_[1].name, sizeof names_[1].name, "%s", segment + nb) > 0;
            segment[nb] = '\0';
            for (int k = 0; k < n && ok; k++) {
                elems[k][0] = el[k];
                snprintf(elems[k][1].text, sizeof elems[k][1].text, "%s__%d", names_[1].name, k);
                sb_puts(out, first ? "" : ", ");
                substitute(segment, 0, (unsigned)strlen(segment), UINT_MAX, 0, "", names_, elems[k], 1, out);
                sb_printf(out, " %s", elems[k][1].text);
                first = 0;
            }
        } else if (segment[0]) {
            sb_printf(out, "%s%s", first ? "" : ", ", segment);
            first = 0;
        }
        seg = i + 1;
    }
    sb_puts(out, ")");
    for (; lines; lines--)
        sb_puts(out, "\n");
    ok &= names_[1].name[0] != 0;
    /* the body: each expansion whose pattern names the pack */
    int skip_comma = 0;
    for (unsigned j = i; j < e && ok;) {
        skip_comma &= isspace((unsigned char)t[j]) || t[j] == ',';
        unsigned skip = gm_comment_or_literal_end(t, j, e);
        if (skip != j) {
            sb_putn(out, t + j, skip - j);
            j = skip;
        } else if (skip_comma && (isspace((unsigned char)t[j]) || t[j] == ',')) {
            skip_comma = t[j] != ',';
            j++;
        } else if (!strncmp(t + j, "...", 3)) {
            size_t q = out->len;
            while (q > 0 && isspace((unsigned char)out->s[q - 1]))
                q--;
            unsigned k = j + 3;
            while (k < e && isspace((unsigned char)t[k]))
                k++;
            if (q >= 6 && !strncmp(out->s + q - 6, "sizeof", 6) && (q == 6 || !gm_ident_char(out->s[q - 7]))) {
                const char *close = t[k] == '(' ? memchr(t + k, ')', e - k) : NULL; /* sizeof...(args) */
                ok = close != NULL;
                out->len = q - 6;
                out->s[out->len] = '\0';
                sb_printf(out, "%d", n);
                j = close ? (unsigned)(close - t) + 1 : e;
                continue;
            }
            size_t pb = pattern_start(out->s, q);
            char pat[ADV_TYPE_MAX];
            snprintf(pat, sizeof pat, "%.*s", (int)(q - pb), out->s + pb);
            if (!names(pat, pack) && !names(pat, names_[1].name)) { /* not this pack's */
                sb_puts(out, "...");
                j += 3;
                continue;
            }
            ok = pb < q && q - pb < sizeof pat; /* a fold expression has no pattern before its ... */
            out->len = pb;
            out->s[out->len] = '\0';
            if (n == 0)
                skip_comma = !drop_trailing_comma(out);
            else
                expand_pattern(pat, 0, strlen(pat), names_, elems, (unsigned)n, out);
            j += 3;
        } else {
            sb_putn(out, t + j, 1);
            j++;
        }
    }
    return ok;
}

/* 1 when two arguments are the same: the same text, or integer literals
 * of the same value (an explicit instantiation's `256u` and the 256
 * clang's instance of it gives). */
static int same_arg(const char *a, const char *b)
{
    if (!strcmp(a, b))
        return 1;
    char *ea, *eb;
    errno = 0;
    long long va = strtoll(a, &ea, 0), vb = strtoll(b, &eb, 0);
    while (*ea == 'u' || *ea == 'U' || *ea == 'l' || *ea == 'L')
        ea++;
    while (*eb == 'u' || *eb == 'U' || *eb == 'l' || *eb == 'L')
        eb++;
    return !errno && ea != a && eb != b && !*ea && !*eb && va == vb;
}

static void add_instance(tmpl_t *tt, targ *args, int n, sb_t *src)
{
    pctx *pc = tt->pc;
    if (n < 0 || (unsigned)n > tt->np || tt->found == MAX_INSTANCES)
        return;
    for (unsigned k = (unsigned)n; k < tt->np; k++) {
        if (!tt->tp[k].deflt[0])
            return;
        snprintf(args[k].text, sizeof args[k].text, "%s", tt->tp[k].deflt);
    }
    for (unsigned k = 0; k < tt->np; k++)
        if (tt->tp[k].is_value && !tt->tp[k].cast[0])
            fold_argument(pc->m, &args[k]);
    for (unsigned s = 0; s < tt->found; s++) {
        int dup = 1;
        for (unsigned k = 0; k < tt->np; k++)
            dup &= same_arg(tt->seen[s][k].text, args[k].text);
        if (dup)
            return;
    }
    char copy[ADV_NAME_MAX];
    instance_name(tt->name, args, tt->np, tt->found, copy, sizeof copy);
    for (unsigned i = 0; i < pc->ninst; i++) /* k<(64)> is k<64>: one copy */
        if (!strcmp(pc->inst_name[i], copy))
            return;
    const char *t = adv_model_text(pc->m);
    sb_t expanded; /* the copy with its pack expanded; else the template's own text */
    sb_init(&expanded);
    unsigned b = tt->start, e = tt->end, params = tt->name_off + (unsigned)tt->nlen;
    while (params < e && isspace((unsigned char)t[params]))
        params++;
    for (unsigned k = 0; k < tt->np; k++)
        if (tt->tp[k].is_pack) {
            if (!expand_pack(t, tt->start, tt->end, params, tt->tp[k].name, args[k].text, &expanded)) {
                sb_free(&expanded);
                return;
            }
            t = expanded.s;
            b = 0;
            e = (unsigned)expanded.len;
        }
    memcpy(tt->seen[tt->found], args, sizeof tt->seen[0]);
    pc->inst_name = gm_xrealloc(pc->inst_name, (pc->ninst + 1) * sizeof *pc->inst_name);
    pc->inst_label = gm_xrealloc(pc->inst_label, (pc->ninst + 1) * sizeof *pc->inst_label);
    pc->inst_assumed = gm_xrealloc(pc->inst_assumed, (pc->ninst + 1) * sizeof *pc->inst_assumed);
    pc->inst_assumed[pc->ninst] = tt->assuming;
    snprintf(pc->inst_name[pc->ninst], ADV_NAME_MAX, "%s", copy);
    sb_t label;
    sb_init(&label);
    sb_printf(&label, "%s<", tt->name);
    for (unsigned k = 0, shown = 0; k < tt->np; k++)
        if (args[k].text[0]) /* an empty pack is not shown */
            sb_printf(&label, "%s%s", shown++ ? ", " : "", args[k].text);
    sb_puts(&label, ">");
    snprintf(pc->inst_label[pc->ninst++], ADV_TYPE_MAX, "%s", label.s);
    sb_free(&label);
    sb_printf(src, "\n%s\n", tt->ns_open); /* the copy is looked up where the template is */
    sb_line_directive(src, tt->line, tt->file);
    substitute(t, b, e, tt->qual_off - tt->start + b, tt->name_off + tt->nlen - tt->qual_off, copy, tt->tp, args, tt->np, src);
    sb_free(&expanded);
    sb_puts(src, "\n");
    for (unsigned i = 0; i < tt->ns_depth; i++)
        sb_puts(src, "}");
    sb_puts(src, tt->ns_depth ? "\n" : "");
    tt->found++;
}

/* Enum value v of parameter p as its enumerator ("Op::Max"), else cast. */
static void enum_value(pctx *pc, const tparam *p, long long v, char *out, size_t n)
{
    snprintf(out, n, "(%s)%lld", p->cast, v);
    cvec kids = fe_kids(pc, p->enum_decl);
    for (unsigned i = 0; i < kids.n; i++)
        if (fe_kind(pc, kids.v[i]) == CXCursor_EnumConstantDecl &&
            pc->cx->clang_getEnumConstantDeclValue(kids.v[i]) == v) {
            char name[ADV_NAME_MAX];
            snprintf(out, n, "%s::%s", p->cast, fe_spell(pc, kids.v[i], name, sizeof name));
            break;
        }
    free(kids.v);
}

/* The templates (host or __global__) whose text holds t[at], innermost
 * last, at most `max` of them; how many. */
static unsigned enclosing(pctx *pc, unsigned at, CXCursor *out, unsigned max)
{
    const cvec *scopes[] = {&pc->host_templates, &pc->templates};
    unsigned n = 0;
    for (unsigned s = 0; s < 2; s++)
        for (unsigned i = 0; i < scopes[s]->n && n < max; i++) {
            unsigned b, e;
            if (fe_decl_extent(pc, scopes[s]->v[i], &b, &e) && at >= b && at < e)
                out[n++] = scopes[s]->v[i];
        }
    return n;
}

/* 1 when t[at] lies in a template: there clang resolves a use to one of
 * the instances the template's own instances make, not to each. */
static int in_template(pctx *pc, unsigned at)
{
    CXCursor c;
    return enclosing(pc, at, &c, 1) > 0;
}

/* Template argument k of specialization f (of a template of np
 * parameters) as clang prints the specialization's declaration
 * (`k<4, float, LogSoftMaxEpilogue>(...)`): libclang names no template
 * template argument otherwise.  A name, else 0. */
static int printed_arg(pctx *pc, CXCursor f, unsigned k, unsigned np, char *out, size_t n)
{
    const adv_clang *cx = pc->cx;
    CXPrintingPolicy pol = cx->clang_getCursorPrintingPolicy(f);
    cx->clang_PrintingPolicy_setProperty(pol, CXPrintingPolicy_TerseOutput, 1);
    char text[4096], name[ADV_NAME_MAX];
    adv_cxstr(cx, cx->clang_getCursorPrettyPrinted(f, pol), text, sizeof text);
    cx->clang_PrintingPolicy_dispose(pol);
    fe_spell(pc, f, name, sizeof name);
    const char *at = strstr(text, name);
    targ args[MAX_TPARAMS];
    if (!at || at[strlen(name)] != '<' ||
        split_args(text, (unsigned)strlen(text), (unsigned)(at + strlen(name) - text), args) != (int)np)
        return 0;
    for (const char *c = args[k].text; *c; c++)
        if (!gm_ident_char(*c) && *c != ':')
            return 0;
    snprintf(out, n, "%s", args[k].text);
    return out[0] != 0;
}

/* The elements of specialization f's argument for pack `pack`, the
 * types of f's parameters that the template's last, `pack... name`,
 * became ("long, float *", "" when none); 0 when the template declares
 * its function parameter pack otherwise (libclang lists no pack's
 * elements). */
static int pack_elements(pctx *pc, CXCursor tmpl, CXCursor f, const char *pack, char *out, size_t n)
{
    const adv_clang *cx = pc->cx;
    cvec kids = fe_kids(pc, tmpl);
    int fixed = -1, ok = 1;
    char want[ADV_NAME_MAX + 4], type[ADV_TYPE_MAX];
    snprintf(want, sizeof want, "%s...", pack);
    for (unsigned i = 0; i < kids.n; i++)
        if (fe_kind(pc, kids.v[i]) == CXCursor_ParmDecl) {
            adv_cxstr(cx, cx->clang_getTypeSpelling(cx->clang_getCursorType(kids.v[i])), type, sizeof type);
            ok = !strcmp(type, want);
            fixed++;
        }
    free(kids.v);
    int all = cx->clang_Cursor_getNumArguments(f);
    if (!ok || fixed < 0 || all < fixed)
        return 0;
    sb_t list;
    sb_init(&list);
    for (int i = fixed; i < all; i++) {
        CXType ty = cx->clang_getCanonicalType(cx->clang_getCursorType(cx->clang_Cursor_getArgument(f, (unsigned)i)));
        adv_cxstr(cx, cx->clang_getTypeSpelling(ty), type, sizeof type);
        ok &= !strchr(type, '(') && !strchr(type, ',');
        sb_printf(&list, "%s%s", i > fixed ? ", " : "", type);
    }
    ok &= list.len < n;
    snprintf(out, n, "%s", ok ? list.s : "");
    sb_free(&list);
    return ok;
}

/* The instance clang resolved where t[at] names the kernel (arguments
 * written, defaulted or deduced from a call's), as text that means the
 * same anywhere in the file: a number for a non-type parameter (cast to
 * its enum), the canonical spelling of a type (so a local constexpr or a
 * local typedef is no longer needed).  -1 when clang has none there (a
 * use inside a template, through a macro, or of an argument that has no
 * spelling outside its function). */
static int spec_args(pctx *pc, CXCursor tmpl, const tparam *tp, unsigned np, CXCursor f, targ *args)
{
    const adv_clang *cx = pc->cx;
    if (cx->clang_Cursor_isNull(f) || fe_kind(pc, f) != CXCursor_FunctionDecl ||
        !cx->clang_equalCursors(cx->clang_getCanonicalCursor(cx->clang_getSpecializedCursorTemplate(f)),
                                cx->clang_getCanonicalCursor(tmpl)) ||
        cx->clang_Cursor_getNumTemplateArguments(f) != (int)np)
        return -1;
    for (unsigned k = 0; k < np; k++) {
        enum CXTemplateArgumentKind kind = cx->clang_Cursor_getTemplateArgumentKind(f, k);
        if (kind == CXTemplateArgumentKind_Integral && !strchr(tp[k].cast, '(')) { /* not an unnamed enum */
            long long v = cx->clang_Cursor_getTemplateArgumentValue(f, k);
            if (tp[k].cast[0])
                enum_value(pc, &tp[k], v, args[k].text, sizeof args[k].text);
            else if (tp[k].is_bool) /* libclang gives true as -1 (one signed bit) */
                snprintf(args[k].text, sizeof args[k].text, "%s", v ? "true" : "false");
            else
                snprintf(args[k].text, sizeof args[k].text, "%lld", v);
        } else if (kind == CXTemplateArgumentKind_Type) {
            CXType ty = cx->clang_getCanonicalType(cx->clang_Cursor_getTemplateArgumentType(f, k));
            adv_cxstr(cx, cx->clang_getTypeSpelling(ty), args[k].text, sizeof args[k].text);
            if (strchr(args[k].text, '(')) /* (lambda at ...), (anonymous ...) */
                return -1;
        } else if (kind == CXTemplateArgumentKind_Pack) {
            if (!tp[k].is_pack || !pack_elements(pc, tmpl, f, tp[k].name, args[k].text, sizeof args[k].text))
                return -1;
        } else if (kind != CXTemplateArgumentKind_Template ||
                   !printed_arg(pc, f, k, np, args[k].text, sizeof args[k].text)) {
            return -1;
        }
    }
    return (int)np;
}

static int resolved_args(pctx *pc, CXCursor tmpl, const tparam *tp, unsigned np, unsigned at, targ *args)
{
    const adv_clang *cx = pc->cx;
    return spec_args(pc, tmpl, tp, np, cx->clang_getCursorReferenced(cx->clang_getCursor(
                                           pc->tu, cx->clang_getLocationForOffset(pc->tu, pc->cxfile, at))),
                     args);
}

/* Every function specialization an expression of the main file refers to
 * (launches and calls, those a macro writes included), for instances no
 * text names: LAUNCH(n) expanding to k<T, n><<<...>>>. */
static enum CXChildVisitResult collect_refs(CXCursor c, CXCursor parent, CXClientData data)
{
    (void)parent;
    pctx *pc = ((void **)data)[0];
    cvec *out = ((void **)data)[1];
    const adv_clang *cx = pc->cx;
    enum CXCursorKind k = cx->clang_getCursorKind(c);
    if (k == CXCursor_DeclRefExpr || k == CXCursor_OverloadedDeclRef) {
        CXCursor f = cx->clang_getCursorReferenced(c);
        if (cx->clang_getCursorKind(f) == CXCursor_FunctionDecl &&
            !cx->clang_Cursor_isNull(cx->clang_getSpecializedCursorTemplate(f)))
            fe_cvec_push(out, f);
    }
    return CXChildVisit_Recurse;
}

/* The specializations of function templates clang instantiated: the
 * translation unit's top level holds each function an instantiation
 * defined (fe_top leaves them out), at its template's location; those of
 * kernel templates are the instances the file's host code makes, however
 * it names them (a dispatch macro's lambda naming `scalar_t`, a functor's
 * `f.template operator()<State>(...)` calling a launcher's member
 * template, both in apex and cupy). */
static cvec instantiations_made(pctx *pc)
{
    const adv_clang *cx = pc->cx;
    cvec all = fe_kids(pc, cx->clang_getTranslationUnitCursor(pc->tu)), out = {NULL, 0, 0};
    for (unsigned i = 0; i < all.n; i++) {
        CXCursor t = cx->clang_getSpecializedCursorTemplate(all.v[i]);
        if (fe_kind(pc, all.v[i]) == CXCursor_FunctionDecl && !cx->clang_Cursor_isNull(t) &&
            cx->clang_equalLocations(cx->clang_getCursorLocation(all.v[i]), cx->clang_getCursorLocation(t)))
            fe_cvec_push(&out, all.v[i]);
    }
    free(all.v);
    return out;
}

static cvec specializations_used(pctx *pc)
{
    cvec out = {NULL, 0, 0};
    cvec top = fe_top(pc);
    void *data[2] = {pc, &out};
    for (unsigned i = 0; i < top.n; i++)
        if (fe_cursor_in_main(pc, top.v[i]))
            pc->cx->clang_visitChildren(top.v[i], collect_refs, data);
    free(top.v);
    return out;
}

/* Calls fn for every `name<args>` in t[0, len) outside [skip_b, skip_e],
 * with where it is; a launch without template arguments (`name<<<`)
 * comes with n = 0, and with `bare`, a name without '<' (a call whose
 * arguments clang deduces) with n = BARE. */
typedef void (*use_fn)(void *ctx, unsigned at, targ *args, int n);
#define BARE (-2)

/* 1 when t[at] is code (a token of the file), or in a comment that asks
 * for an instance (`// gmadvise: instantiate k<float>`); 0 in any other
 * comment or in a string: prose that names `k<IndexType>` is no use. */
static int use_in_code(pctx *pc, const char *t, unsigned at)
{
    if (!pc || !pc->tok_off || fe_is_token(pc, at))
        return 1;
    unsigned b = at;
    while (b > 0 && t[b - 1] != '\n')
        b--;
    static const char ask[] = "gmadvise: instantiate";
    for (unsigned i = b; i + sizeof ask - 1 <= at; i++)
        if (!strncmp(t + i, ask, sizeof ask - 1))
            return 1;
    return 0;
}

/* pc: t is the file's text, tokenized (NULL: t is an argument, all code) */
static void each_use(pctx *pc, const char *name, const char *t, unsigned len, unsigned skip_b, unsigned skip_e,
                     int bare, use_fn fn, void *ctx)
{
    size_t nlen = strlen(name);
    for (const char *p = t; (p = strstr(p, name)) != NULL && (unsigned)(p - t) < len; p += nlen) {
        unsigned at = (unsigned)(p - t);
        if ((at > 0 && gm_ident_char(t[at - 1])) || gm_ident_char(p[nlen]) || (at >= skip_b && at <= skip_e) ||
            !use_in_code(pc, t, at))
            continue;
        unsigned lt = at + (unsigned)nlen;
        while (lt < len && isspace((unsigned char)t[lt]))
            lt++;
        targ args[MAX_TPARAMS];
        if (lt >= len || t[lt] != '<') {
            if (bare)
                fn(ctx, at, args, BARE);
            continue;
        }
        fn(ctx, at, args, strncmp(t + lt, "<<<", 3) ? split_args(t, len, lt, args) : 0);
    }
}

/* A host function template a kernel template's use lies in: `k<T>` there
 * names one instance per use of the host template with its arguments
 * (`run<float>(...)` gives k<float>). */
typedef struct {
    tmpl_t *tt;
    CXCursor host;
    char name[ADV_NAME_MAX];
    tparam tp[MAX_TPARAMS];
    unsigned np, b, e;
    targ args[MAX_TPARAMS]; /* the kernel template's arguments, in the host template's terms */
    int n;
    unsigned uses;          /* uses of the host template with arguments */
    unsigned calls;         /* uses of it in code, with or without */
    unsigned depth;         /* host templates between this one and the kernel's launch */
    unsigned at;            /* the kernel's use */
} host_use;

/* The kernel template's arguments with the host template's parameters
 * replaced by hargs. */
static void in_terms_of(const host_use *h, const targ *hargs, targ *out)
{
    for (int i = 0; i < h->n; i++) {
        sb_t b;
        sb_init(&b);
        substitute(h->args[i].text, 0, (unsigned)strlen(h->args[i].text), UINT_MAX, 0, "", h->tp, hargs, h->np, &b);
        size_t len = strlen(b.s), word = len > 2 ? strspn(b.s + 1, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
                                                                    "0123456789_:.") : 0;
        if (word && b.s[0] == '(' && word == len - 2 && b.s[len - 1] == ')') /* (64) is 64 */
            snprintf(out[i].text, sizeof out[i].text, "%.*s", (int)word, b.s + 1);
        else
            snprintf(out[i].text, sizeof out[i].text, "%s", b.s);
        sb_free(&b);
    }
}

/* The kernel's arguments for a use of h with n arguments (the rest from
 * h's defaults): 0 when some parameter has neither. */
static int kernel_args_of(const host_use *h, targ *hargs, int n, targ *out)
{
    if (n < 0 || (unsigned)n > h->np)
        return 0;
    for (unsigned k = (unsigned)n; k < h->np; k++) {
        if (!h->tp[k].deflt[0])
            return 0;
        snprintf(hargs[k].text, sizeof hargs[k].text, "%s", h->tp[k].deflt);
    }
    in_terms_of(h, hargs, out);
    return 1;
}

static int names(const char *text, const char *id);
static int runtime_args(pctx *pc, unsigned at, const targ *args, int n, int tparams);

static void add_host_instance(host_use *h, targ *hargs, int n)
{
    targ args[MAX_TPARAMS];
    if (!kernel_args_of(h, hargs, n, args))
        return;
    /* a use that still names h's own parameters is inside some template
     * dependent() does not see (a variable template's initializer) */
    for (int a = 0; a < h->n; a++)
        for (unsigned k = 0; k < h->np; k++)
            if (names(args[a].text, h->tp[k].name))
                return;
    /* arguments still naming the function's locals (a dispatch macro's
     * `using scalar_t_0 = float;`, apex's accscalar_t, a const int ILP)
     * have no spelling in a copy outside it */
    if (h->tt->in_text && runtime_args(h->tt->pc, h->at, args, h->n, 0))
        return;
    h->uses++;
    add_instance(h->tt, args, h->n, h->tt->src);
}

/* Whether `text` names identifier `id` as a whole word. */
static int names(const char *text, const char *id)
{
    size_t len = strlen(id);
    for (const char *p = strstr(text, id); p; p = strstr(p + 1, id))
        if ((p == text || !gm_ident_char(p[-1])) && !gm_ident_char(p[len]))
            return 1;
    return 0;
}

/* 1 when args name a typedef or alias among c's children (and `depth`
 * levels of compound and declaration statements below them). */
static int names_typedef_in(pctx *pc, CXCursor c, const targ *args, int n, int depth)
{
    cvec kids = fe_kids(pc, c);
    int found = 0;
    for (unsigned i = 0; i < kids.n && !found; i++) {
        enum CXCursorKind kk = fe_kind(pc, kids.v[i]);
        if (kk == CXCursor_CompoundStmt || kk == CXCursor_DeclStmt) {
            if (depth > 0)
                found = names_typedef_in(pc, kids.v[i], args, n, depth - 1);
            continue;
        }
        if (kk != CXCursor_TypedefDecl && kk != CXCursor_TypeAliasDecl)
            continue;
        char name[ADV_NAME_MAX];
        fe_spell(pc, kids.v[i], name, sizeof name);
        for (int a = 0; a < n && !found && name[0]; a++)
            found = names(args[a].text, name);
    }
    free(kids.v);
    return found;
}

/* 1 when args name a member type of the class template c is (or is a
 * member of): `typedef typename TConfig::MatPrec ValueTypeA;` in AMGX's
 * solvers, which launch k<IndexType, ValueTypeA, ValueTypeB> from their
 * members.  Such a name means nothing where the instance is copied, and
 * its type depends on the class's arguments.  So does a type the member
 * declares in its body (AMGX's `typedef typename Matrix_d::index_type
 * IndexType;` in JacobiL1Solver<TemplateConfig<AMGX_device, ...>
 * >::compute_d_1x1). */
static int names_member_type(pctx *pc, CXCursor c, const targ *args, int n)
{
    enum CXCursorKind k = fe_kind(pc, c);
    if (k != CXCursor_ClassTemplate && k != CXCursor_ClassTemplatePartialSpecialization) {
        if (names_typedef_in(pc, c, args, n, 2))
            return 1;
        c = pc->cx->clang_getCursorSemanticParent(c);
    }
    k = fe_kind(pc, c);
    if (k != CXCursor_ClassTemplate && k != CXCursor_ClassTemplatePartialSpecialization)
        return 0;
    return names_typedef_in(pc, c, args, n, 0);
}

/* 1 when args name a parameter of a template around t[at], or a member
 * type of a class template around it: no instance by themselves (one no
 * host template's uses could resolve). */
static int dependent(pctx *pc, unsigned at, const targ *args, int n)
{
    CXCursor around[MAX_TPARAMS];
    unsigned nt = enclosing(pc, at, around, MAX_TPARAMS);
    for (unsigned t = 0; t < nt; t++) {
        unsigned after;
        tparam tp[MAX_TPARAMS];
        unsigned np = read_params(pc, around[t], tp, &after);
        for (int a = 0; a < n; a++)
            for (unsigned k = 0; k < np; k++)
                if (names(args[a].text, tp[k].name))
                    return 1;
        if (names_member_type(pc, around[t], args, n))
            return 1;
    }
    return 0;
}

/* ---- deduced arguments of a host template's call --------------------------
 * Inside another template clang resolves no call: run_simple_gemm(da, db,
 * ...) in run_gemm_example<fp> names run_simple_gemm<fp> only through the
 * types of its arguments.  A parameter spelled T, T *, T ** (const,
 * __restrict__ and & aside) against the argument's type gives T; anything
 * else is not deduced here. */

typedef struct {
    pctx *pc;
    unsigned at;
    CXCursor call;
    int found;
} call_at;

/* The innermost call whose extent holds t[at]: the call at[] names. */
static enum CXChildVisitResult innermost_call(CXCursor c, CXCursor parent, CXClientData data)
{
    (void)parent;
    call_at *w = data;
    unsigned b, e;
    if (!fe_decl_extent(w->pc, c, &b, &e) || w->at < b || w->at >= e)
        return CXChildVisit_Continue;
    if (fe_kind(w->pc, c) == CXCursor_CallExpr) {
        w->call = c;
        w->found = 1;
    }
    return CXChildVisit_Recurse;
}

/* A type's spelling without qualifiers and references: "const T *__restrict__" is "T *". */
static void bare_type(const char *in, char *out, size_t n)
{
    static const char *const drop[] = {"const", "volatile", "__restrict__", "__restrict", "restrict"};
    char buf[ADV_TYPE_MAX];
    size_t j = 0;
    for (const char *p = in; *p && j + 2 < sizeof buf;) {
        size_t w = 0;
        while (gm_ident_char(p[w]))
            w++;
        int skip = 0;
        for (size_t d = 0; w && d < sizeof drop / sizeof *drop; d++)
            skip |= strlen(drop[d]) == w && !strncmp(p, drop[d], w);
        if (w) {
            if (!skip)
                for (size_t k = 0; k < w; k++)
                    buf[j++] = p[k];
            p += w;
        } else {
            if (*p != '&')
                buf[j++] = *p == '*' ? ' ' : *p; /* pointers: " * " */
            if (*p == '*' && j + 2 < sizeof buf) {
                buf[j++] = '*';
                buf[j++] = ' ';
            }
            p++;
        }
    }
    buf[j] = '\0';
    trimmed(buf, buf + j, out, n);
}

/* Binds host template parameter k of h from a parameter type and the
 * argument's type; 0 when they do not fit. */
static int bind(const host_use *h, const char *param, const char *arg, targ *bound, unsigned char *set)
{
    char p[ADV_TYPE_MAX], a[ADV_TYPE_MAX];
    bare_type(param, p, sizeof p);
    bare_type(arg, a, sizeof a);
    size_t stars = 0, lp = strlen(p), la = strlen(a);
    while (lp >= 2 && !strcmp(p + lp - 2, " *")) { /* "T * *": T and two levels */
        lp -= 2;
        stars++;
    }
    p[lp] = '\0';
    for (size_t s = 0; s < stars; s++) {
        if (la < 2 || strcmp(a + la - 2, " *"))
            return 0;
        la -= 2;
    }
    a[la] = '\0';
    for (unsigned k = 0; k < h->np; k++) {
        if (strcmp(p, h->tp[k].name) || h->tp[k].is_value)
            continue;
        if (set[k] && strcmp(bound[k].text, a))
            return 0;
        snprintf(bound[k].text, sizeof bound[k].text, "%s", a);
        set[k] = 1;
    }
    return 1;
}

/* h's arguments deduced from its call at t[at]: how many (all of h's
 * parameters, defaults filling the rest), or -1. */
static int deduced_args(const host_use *h, unsigned at, targ *hargs)
{
    pctx *pc = h->tt->pc;
    const adv_clang *cx = pc->cx;
    if (fe_kind(pc, h->host) != CXCursor_FunctionTemplate)
        return -1;
    call_at w = {pc, at, cx->clang_getNullCursor(), 0};
    fe_visit_top(pc, innermost_call, &w);
    if (!w.found)
        return -1;
    unsigned char set[MAX_TPARAMS] = {0};
    cvec kids = fe_kids(pc, h->host);
    int arg = 0, nargs = cx->clang_Cursor_getNumArguments(w.call), ok = 1;
    for (unsigned i = 0; i < kids.n && ok && arg < nargs; i++) {
        if (fe_kind(pc, kids.v[i]) != CXCursor_ParmDecl)
            continue;
        char pt[ADV_TYPE_MAX], at_[ADV_TYPE_MAX];
        adv_cxstr(cx, cx->clang_getTypeSpelling(cx->clang_getCursorType(kids.v[i])), pt, sizeof pt);
        adv_cxstr(cx, cx->clang_getTypeSpelling(cx->clang_getCursorType(cx->clang_Cursor_getArgument(w.call,
                                                                                                  (unsigned)arg++))),
                  at_, sizeof at_);
        ok = bind(h, pt, at_, hargs, set);
    }
    free(kids.v);
    for (unsigned k = 0; k < h->np && ok; k++)
        if (!set[k]) {
            ok = h->tp[k].deflt[0] != 0;
            snprintf(hargs[k].text, sizeof hargs[k].text, "%s", h->tp[k].deflt);
        }
    return ok ? (int)h->np : -1;
}

static void host_instance(void *ctx, unsigned at, targ *hargs, int n);
static int host_around(tmpl_t *tt, unsigned at, const targ *args, int n, host_use *h);

/* A use of host template h inside another host template, its arguments in
 * that one's terms: the kernel's arguments go through that template's own
 * uses (run_gemm_example<float> calling run_simple_gemm(da, ...) gives
 * matrix_mul<float>), at most MAX_HOST_DEPTH templates deep. */
#define MAX_HOST_DEPTH 4

static void host_chain(host_use *h, unsigned at, targ *hargs, int n)
{
    targ kargs[MAX_TPARAMS];
    if (h->depth + 1 >= MAX_HOST_DEPTH || !kernel_args_of(h, hargs, n, kargs))
        return;
    host_use *outer = gm_xcalloc(1, sizeof *outer);
    outer->tt = h->tt;
    outer->depth = h->depth + 1;
    outer->at = h->at;
    /* through function templates only: a class template's members name each
     * other with its own parameters (HashTable<KeyT, ValueT>::insert) */
    if (host_around(h->tt, at, kargs, h->n, outer) && fe_kind(h->tt->pc, outer->host) == CXCursor_FunctionTemplate) {
        each_use(h->tt->pc, outer->name, adv_model_text(h->tt->pc->m), adv_model_orig_len(h->tt->pc->m), outer->b, outer->e, 1, host_instance,
                 outer);
        h->uses += outer->uses;
        h->calls += outer->calls;
    }
    free(outer);
}

/* A use of the host template: the instance clang resolved, and inside a
 * template (where that is one of several) the arguments written or
 * deduced too, through that template's own uses when they name its
 * parameters. */
static void host_instance(void *ctx, unsigned at, targ *hargs, int n)
{
    host_use *h = ctx;
    targ resolved[MAX_TPARAMS];
    if (!fe_is_token(h->tt->pc, at)) /* a host template named in a comment is no use of it */
        return;
    h->calls++;
    if (resolved_args(h->tt->pc, h->host, h->tp, h->np, at, resolved) >= 0) {
        add_host_instance(h, resolved, (int)h->np);
        if (!in_template(h->tt->pc, at))
            return;
    }
    if (n == BARE && in_template(h->tt->pc, at))
        n = deduced_args(h, at, hargs);
    if (n > 0 && dependent(h->tt->pc, at, hargs, n))
        host_chain(h, at, hargs, n);
    else
        add_host_instance(h, hargs, n);
}


/* The host template around t[at] whose parameters args mention, filled
 * into h; 0 when there is none. */
static int host_around(tmpl_t *tt, unsigned at, const targ *args, int n, host_use *h)
{
    pctx *pc = tt->pc;
    for (unsigned i = 0; i < pc->host_templates.n; i++) {
        CXCursor c = pc->host_templates.v[i];
        unsigned after;
        if (!fe_decl_extent(pc, c, &h->b, &h->e) || at < h->b || at >= h->e)
            continue;
        /* a member defined outside its class template is used as the class */
        CXCursor named = fe_kind(pc, c) == CXCursor_ClassTemplate || fe_kind(pc, c) == CXCursor_FunctionTemplate
                         ? c : pc->cx->clang_getCursorSemanticParent(c);
        h->np = read_params(pc, c, h->tp, &after);
        for (int a = 0; a < n; a++)
            for (unsigned k = 0; k < h->np; k++)
                if (names(args[a].text, h->tp[k].name)) {
                    h->host = named;
                    fe_spell(pc, named, h->name, sizeof h->name);
                    h->n = n;
                    memcpy(h->args, args, (size_t)n * sizeof *args);
                    return 1;
                }
    }
    return 0;
}

/* `k<<<...>>>` inside a host template whose parameters are named as k's
 * (template <class T> void run() { k<<<g, b>>>(p); } with k's T): fills
 * h, its arguments for k those names or k's defaults; 0 when there is no
 * such host template or a parameter of k has neither. */
static int by_name(tmpl_t *tt, unsigned at, host_use *h)
{
    targ own[MAX_TPARAMS];
    for (unsigned k = 0; k < tt->np; k++)
        snprintf(own[k].text, sizeof own[k].text, "%s", tt->tp[k].name);
    if (!tt->np || !host_around(tt, at, own, (int)tt->np, h))
        return 0;
    for (unsigned k = 0; k < tt->np; k++) {
        int named = 0;
        for (unsigned j = 0; j < h->np; j++)
            named |= !strcmp(h->tp[j].name, tt->tp[k].name);
        if (!named && !tt->tp[k].deflt[0])
            return 0;
        snprintf(h->args[k].text, sizeof h->args[k].text, "%s", named ? tt->tp[k].name : tt->tp[k].deflt);
    }
    return 1;
}

/* One use of the kernel template: an instance, or, inside a host template
 * whose parameters it names, one per instance of that host template. */
/* The integral constants a function declares before t[at] (`const int M
 * = 1;`, `constexpr uint32_t N = 128;`) that k's arguments written there
 * name are spelled as their values: the instance is copied outside the
 * function, where those names mean nothing (HeCBench dp4a's
 * dot_product<T, M>, cuda-samples reduction's 1024 / numOfMultiWarpGroups). */
typedef struct {
    pctx *pc;
    unsigned at;
    const targ *args;
    int nargs;
    CXCursor fn;
    int found;
    tparam name[MAX_TPARAMS];
    targ value[MAX_TPARAMS];
    unsigned n;
    int tparams;  /* runtime_args: the function's template parameters count too */
} locals;

static int function_kind(enum CXCursorKind k)
{
    return k == CXCursor_FunctionDecl || k == CXCursor_FunctionTemplate || k == CXCursor_CXXMethod ||
           k == CXCursor_Constructor || k == CXCursor_Destructor;
}

/* The function (or function template, or method) whose body holds at. */
static enum CXChildVisitResult function_at(CXCursor c, CXCursor parent, CXClientData data)
{
    (void)parent;
    locals *l = data;
    enum CXCursorKind k = fe_kind(l->pc, c);
    unsigned b, e;
    if (!fe_decl_extent(l->pc, c, &b, &e) || l->at < b || l->at >= e)
        return CXChildVisit_Continue;
    if (function_kind(k)) {
        l->fn = c;
        l->found = 1;
        return CXChildVisit_Break;
    }
    return k == CXCursor_Namespace || k == CXCursor_LinkageSpec || k == CXCursor_UnexposedDecl ||
           k == CXCursor_StructDecl || k == CXCursor_ClassDecl || k == CXCursor_ClassTemplate
           ? CXChildVisit_Recurse : CXChildVisit_Continue;
}

/* A constexpr local that depends on the template's parameters (`constexpr
 * int UNROLL = sizeof(uint4) / sizeof(T);`, HeCBench rmsnorm) has no value
 * in the template itself: its initializer, with the constants before it
 * spelled out, stands for it, and the host template's instance replaces T. */
static int constexpr_init(const locals *l, CXCursor var, targ *out)
{
    unsigned b, e;
    char decl[ADV_TYPE_MAX], init[ADV_TYPE_MAX];
    if (!fe_decl_extent(l->pc, var, &b, &e) || e - b >= sizeof decl)
        return 0;
    trimmed(adv_model_text(l->pc->m) + b, adv_model_text(l->pc->m) + e, decl, sizeof decl);
    const char *eq = strchr(decl, '=');
    if (!names(decl, "constexpr") || !eq)
        return 0;
    trimmed(eq + 1, decl + strlen(decl), init, sizeof init);
    size_t len = strlen(init);
    sb_t sub;
    sb_init(&sub);
    substitute(init, 0, (unsigned)len, UINT_MAX, 0, "", l->name, l->value, l->n, &sub);
    int fits = len && snprintf(out->text, sizeof out->text, "(%s)", sub.s) < (int)sizeof out->text;
    sb_free(&sub);
    return fits;
}

static enum CXChildVisitResult local_constant(CXCursor c, CXCursor parent, CXClientData data)
{
    (void)parent;
    locals *l = data;
    const adv_clang *cx = l->pc->cx;
    if (fe_kind(l->pc, c) != CXCursor_VarDecl)
        return CXChildVisit_Recurse;
    unsigned off;
    char name[ADV_NAME_MAX];
    int named = 0;
    fe_spell(l->pc, c, name, sizeof name);
    for (int a = 0; a < l->nargs && !named; a++)
        named = names(l->args[a].text, name);
    if (!named || l->n == MAX_TPARAMS || !cx->clang_isConstQualifiedType(cx->clang_getCursorType(c)) ||
        !fe_loc_at(l->pc, cx->clang_getCursorLocation(c), 0, &off, NULL, NULL) || off >= l->at)
        return CXChildVisit_Continue;
    CXEvalResult r = cx->clang_Cursor_Evaluate(c);
    targ *v = &l->value[l->n];
    if (r && cx->clang_EvalResult_getKind(r) == CXEval_Int) {
        long long x = cx->clang_EvalResult_getAsLongLong(r);
        snprintf(v->text, sizeof v->text, x < 0 ? "(%lld)" : "%lld", x);
    } else if (!constexpr_init(l, c, v)) {
        v = NULL;
    }
    if (r)
        cx->clang_EvalResult_dispose(r);
    if (v)
        snprintf(l->name[l->n++].name, sizeof l->name[0].name, "%s", name);
    return CXChildVisit_Continue;
}

static void local_constants(pctx *pc, unsigned at, targ *args, int n)
{
    locals *l = gm_xcalloc(1, sizeof *l);
    *l = (locals){.pc = pc, .at = at, .args = args, .nargs = n};
    fe_visit_top(pc, function_at, l);
    if (l->found)
        pc->cx->clang_visitChildren(l->fn, local_constant, l);
    for (int a = 0; a < n && l->n; a++) {
        sb_t b;
        sb_init(&b);
        substitute(args[a].text, 0, (unsigned)strlen(args[a].text), UINT_MAX, 0, "", l->name, l->value, l->n, &b);
        snprintf(args[a].text, sizeof args[a].text, "%s", b.s);
        sb_free(&b);
    }
    free(l);
}

/* A parameter, variable or local type alias of the function around the use, named by an
 * argument that local_constants could not spell as a value: a run-time
 * value (gromacs' dispatchTemplatedFunction calls a generic lambda whose
 * `auto updateVelocities_` becomes settleKernel<updateVelocities_, ...>),
 * or a template parameter of that function where it is no host template
 * `enclosing` knows (cupy's member template `template<typename T> void
 * operator()` of a struct launching init_curand<T>): the use is no
 * instance of its own. */
static enum CXChildVisitResult runtime_name(CXCursor c, CXCursor parent, CXClientData data)
{
    (void)parent;
    locals *l = data;
    enum CXCursorKind k = fe_kind(l->pc, c);
    int is_tparam = k == CXCursor_TemplateTypeParameter || k == CXCursor_NonTypeTemplateParameter ||
                 k == CXCursor_TemplateTemplateParameter;
    if (k != CXCursor_ParmDecl && k != CXCursor_VarDecl && k != CXCursor_TypeAliasDecl && k != CXCursor_TypedefDecl &&
        !(is_tparam && l->tparams))
        return CXChildVisit_Recurse;
    char name[ADV_NAME_MAX];
    fe_spell(l->pc, c, name, sizeof name);
    for (int a = 0; a < l->nargs && name[0]; a++)
        if (names(l->args[a].text, name)) {
            l->n = 1;
            return CXChildVisit_Break;
        }
    return CXChildVisit_Recurse;
}

static int runtime_args(pctx *pc, unsigned at, const targ *args, int n, int tparams)
{
    locals *l = gm_xcalloc(1, sizeof *l);
    *l = (locals){.pc = pc, .at = at, .args = args, .nargs = n, .tparams = tparams};
    fe_visit_top(pc, function_at, l);
    if (l->found)
        pc->cx->clang_visitChildren(l->fn, runtime_name, l);
    int runtime = l->n > 0;
    free(l);
    return runtime;
}

/* A use inside `#define NAME ...` (continued lines included) stands where
 * the macro is expanded: at each use of NAME after its definition, so that
 * a LAUNCH(n) macro inside a host template is that template's, with the
 * macro's parameters replaced by each use's arguments (LAUNCH(7) gives
 * k<input_t, output_t, 7>), and a use inside another macro where that
 * one is used (HeCBench bincount).  Calls fn once per use, or once at `at`
 * when it is in no macro or the macro is never used. */
typedef void (*expansion_fn)(tmpl_t *tt, unsigned at, targ *args, int n);

#define MAX_MACRO_DEPTH 4 /* a macro used in a macro used in ... */

static void each_expansion(tmpl_t *tt, unsigned at, targ *args, int n, expansion_fn fn, int depth)
{
    const char *t = adv_model_text(tt->pc->m);
    unsigned len = adv_model_orig_len(tt->pc->m), b = at;
    for (;;) { /* the start of the logical line: back over continued lines */
        while (b > 0 && t[b - 1] != '\n')
            b--;
        if (b < 2 || t[b - 2] != '\\')
            break;
        b--;
    }
    char name[ADV_NAME_MAX];
    int end = 0, used = 0;
    if (depth == MAX_MACRO_DEPTH || sscanf(t + b, " # define %127[A-Za-z0-9_]%n", name, &end) != 1) {
        fn(tt, at, args, n);
        return;
    }
    tparam mp[MAX_TPARAMS]; /* the macro's parameters */
    targ names_[MAX_TPARAMS];
    int function_like = t[b + (unsigned)end] == '(';
    int nmp = function_like ? split_args(t, len, b + (unsigned)end, names_) : 0;
    for (int k = 0; k < nmp; k++) {
        memset(&mp[k], 0, sizeof mp[k]);
        snprintf(mp[k].name, sizeof mp[k].name, "%s", names_[k].text);
    }
    size_t nlen = strlen(name);
    for (const char *p = strstr(t + at, name); nmp >= 0 && p && (unsigned)(p - t) < len; p = strstr(p + nlen, name)) {
        if (gm_ident_char(p[-1]) || gm_ident_char(p[nlen]))
            continue;
        unsigned u = (unsigned)(p - t), lp = u + (unsigned)nlen;
        targ margs[MAX_TPARAMS], sub[MAX_TPARAMS];
        while (lp < len && isspace((unsigned char)t[lp]))
            lp++;
        if (function_like && (lp >= len || t[lp] != '(' || split_args(t, len, lp, margs) != nmp))
            continue;
        for (int a = 0; a < n; a++) {
            sb_t x;
            sb_init(&x);
            substitute(args[a].text, 0, (unsigned)strlen(args[a].text), UINT_MAX, 0, "", mp, margs,
                       (unsigned)nmp, &x);
            snprintf(sub[a].text, sizeof sub[a].text, "%s", x.s);
            sb_free(&x);
        }
        each_expansion(tt, u, sub, n, fn, depth + 1); /* a use inside another macro: where that one is used */
        used = 1;
    }
    if (!used)
        fn(tt, at, args, n);
}

static void kernel_use_at(tmpl_t *tt, unsigned at, targ *args, int n)
{
    targ resolved[MAX_TPARAMS];
    if (tt->in_text && n >= 0 && resolved_args(tt->pc, tt->tmpl, tt->tp, tt->np, at, resolved) >= 0) {
        add_instance(tt, resolved, (int)tt->np, tt->src);
        if (!in_template(tt->pc, at))
            return;
    }
    if (tt->in_text && n > 0)
        local_constants(tt->pc, at, args, n);
    host_use *h = gm_xcalloc(1, sizeof *h);
    h->tt = tt;
    h->at = at;
    int hosted = tt->in_text && (n > 0 ? host_around(tt, at, args, n, h) : n == 0 && by_name(tt, at, h));
    if (hosted) {
        each_use(tt->pc, h->name, adv_model_text(tt->pc->m), adv_model_orig_len(tt->pc->m), h->b, h->e, 1, host_instance, h);
        if (!h->uses && !tt->said_host++) { /* said at the end, if no instance comes from elsewhere */
            snprintf(tt->host_name, sizeof tt->host_name, "%s", h->name);
            tt->host_calls = h->calls;
        }
    } else if (n > 0 && !dependent(tt->pc, at, args, n) && !(tt->in_text && runtime_args(tt->pc, at, args, n, 1))) {
        add_instance(tt, args, n, tt->src);
    }
    free(h);
}

static void kernel_use(void *ctx, unsigned at, targ *args, int n)
{
    tmpl_t *tt = ctx;
    if (tt->in_text)
        each_expansion(tt, at, args, n, kernel_use_at, 0);
    else
        kernel_use_at(tt, at, args, n);
}

/* Where `a::b::` before t[name] starts (not before `from`): name when
 * the name is not qualified. */
static unsigned qualifier_start(const char *t, unsigned from, unsigned name)
{
    unsigned q = name;
    for (;;) {
        unsigned i = q;
        while (i > from && isspace((unsigned char)t[i - 1]))
            i--;
        if (i < from + 2 || t[i - 1] != ':' || t[i - 2] != ':')
            return q;
        i -= 2;
        while (i > from && isspace((unsigned char)t[i - 1]))
            i--;
        unsigned id = i;
        while (id > from && gm_ident_char(t[id - 1]))
            id--;
        if (id == i)
            return q; /* `::k`: the global namespace, kept */
        q = id;
    }
}

/* A template kernel the file never instantiates (a library's kernels,
 * launched from code that is not there) is still analysed, on assumed
 * arguments: its own defaults, float for a type (int for one named for an
 * index), 32 for a number (a warp;
 * as a block size or a tile it keeps shared arrays small), true for a
 * bool, the first enumerator for an enum.  Most of what the model reads,
 * the index arithmetic, does not depend on them; where it does the note
 * says what was assumed.  An instance that does not compile on them is
 * skipped with its own note.  0 when nothing can be assumed (a template
 * template parameter). */
/* A type parameter named for an index or a count (value_idx, IdxT,
 * IndexType, size_type, offset_t, nnz_t): an integer is assumed for it,
 * since it subscripts arrays. */
static int index_like(const char *name)
{
    static const char *const words[] = {"idx", "index", "size", "offset", "count", "nnz"};
    char low[ADV_NAME_MAX];
    size_t i = 0;
    for (; name[i] && i + 1 < sizeof low; i++)
        low[i] = (char)tolower((unsigned char)name[i]);
    low[i] = '\0';
    for (size_t w = 0; w < sizeof words / sizeof *words; w++)
        if (strstr(low, words[w]))
            return 1;
    return !strcmp(low, "i") || !strcmp(low, "it"); /* template <typename T, typename I> */
}

static int assumed_instance(tmpl_t *tt, unsigned line, unsigned col)
{
    targ args[MAX_TPARAMS];
    for (unsigned k = 0; k < tt->np; k++) {
        const tparam *p = &tt->tp[k];
        if (p->is_template)
            return 0;
        if (p->is_pack)
            args[k].text[0] = '\0'; /* an empty pack */
        else if (p->deflt[0])
            snprintf(args[k].text, sizeof args[k].text, "%s", p->deflt);
        else if (!p->is_value)
            snprintf(args[k].text, sizeof args[k].text, "%s", index_like(p->name) ? "int" : "float");
        else if (p->is_bool)
            snprintf(args[k].text, sizeof args[k].text, "true");
        else if (p->cast[0]) {
            cvec kids = fe_kids(tt->pc, p->enum_decl);
            long long v = 0;
            for (unsigned i = 0; i < kids.n; i++)
                if (fe_kind(tt->pc, kids.v[i]) == CXCursor_EnumConstantDecl) {
                    v = tt->pc->cx->clang_getEnumConstantDeclValue(kids.v[i]);
                    break;
                }
            free(kids.v);
            enum_value(tt->pc, p, v, args[k].text, sizeof args[k].text);
        } else
            snprintf(args[k].text, sizeof args[k].text, "32");
    }
    unsigned before = tt->found;
    tt->assuming = 1;
    add_instance(tt, args, (int)tt->np, tt->src);
    tt->assuming = 0;
    if (tt->found == before)
        return 0;
    sb_t label;
    sb_init(&label);
    const char *pack = "";
    for (unsigned k = 0, shown = 0; k < tt->np; k++)
        if (tt->tp[k].is_pack)
            pack = tt->tp[k].name;
        else
            sb_printf(&label, "%s%s", shown++ ? ", " : "", args[k].text);
    sb_printf(adv_model_notes_buf(tt->pc->m), "%s:%u:%u: kernel template %s has no instance in the file: instantiated as %s<%s>, "
              "arguments assumed%s%s%s; name the ones it runs with --instantiate '%s<...>'\n", tt->file, line, col, tt->name,
              tt->name, label.s, pack[0] ? " (" : "", pack, pack[0] ? " an empty pack)" : "", tt->name);
    sb_free(&label);
    return 1;
}

static void instantiate(pctx *pc, CXCursor tmpl, const cvec *used, const cvec *made, sb_t *src)
{
    adv_model *m = pc->m;
    const char *t = adv_model_text(m);
    tmpl_t *tt = gm_xcalloc(1, sizeof *tt);
    tt->pc = pc;
    tt->tmpl = tmpl;
    fe_spell(pc, tmpl, tt->name, sizeof tt->name);
    tt->nlen = strlen(tt->name);
    unsigned after, b, line, col;
    tt->np = read_params(pc, tmpl, tt->tp, &after);
    fe_cursor_pos(pc, tmpl, &line, &col);
    fe_cursor_file(pc, tmpl, tt->file, sizeof tt->file);
    if (!fe_decl_extent(pc, tmpl, &b, &tt->end) ||
        !fe_loc_at(pc, pc->cx->clang_getCursorLocation(tmpl), 1, &tt->name_off, NULL, NULL) || !after) {
        sb_printf(adv_model_notes_buf(m), "%s:%u:%u: kernel template %s skipped: it is written through a macro\n", tt->file,
                  line, col, tt->name);
        free(tt);
        return;
    }
    const char *close = memchr(t + after, '>', tt->name_off - after);
    tt->start = close ? (unsigned)(close - t) + 1 : after;
    tt->qual_off = qualifier_start(t, tt->start, tt->name_off);
    /* a definition outside its namespace is copied into it: where it was declared */
    tt->ns_depth = fe_namespaces(pc, tt->qual_off < tt->name_off ? pc->cx->clang_getCanonicalCursor(tmpl) : tmpl, 0,
                                 tt->ns_open, sizeof tt->ns_open);
    tt->line = line; /* the name's line, less the lines between the copy's start and it */
    for (unsigned i = tt->start; i < tt->name_off; i++)
        tt->line -= t[i] == '\n';
    tt->src = src;
    tt->in_text = 1;
    each_use(pc, tt->name, t, adv_model_orig_len(m), b, tt->end, 0, kernel_use, tt);
    tt->in_text = 0;
    for (unsigned i = 0; i < used->n; i++) {
        targ args[MAX_TPARAMS];
        if (spec_args(pc, tmpl, tt->tp, tt->np, used->v[i], args) >= 0)
            add_instance(tt, args, (int)tt->np, src);
    }
    for (unsigned i = 0; pc->opts && i < pc->opts->ninstantiate; i++) {
        const char *want = pc->opts->instantiate[i];
        each_use(NULL, tt->name, want, (unsigned)strlen(want), 1, 0, 0, kernel_use, tt);
    }
    /* none in the text: those clang made, which the text reaches through
     * code gmadvise does not follow; one that does not compile fails no
     * file.  Where the text gave some, clang's others are left out (a use
     * in a macro's argument resolves to one of its expansions' instances):
     * xgboost's test_span.cu, every instance, took twice its CPU */
    tt->assuming = 1;
    for (unsigned i = 0, named = tt->found; !named && i < made->n; i++) {
        targ args[MAX_TPARAMS];
        if (spec_args(pc, tmpl, tt->tp, tt->np, made->v[i], args) >= 0)
            add_instance(tt, args, (int)tt->np, src);
    }
    tt->assuming = 0;
    if (tt->said_host && !tt->found) /* k<T> is no instance; say where one could come from */
        sb_printf(adv_model_notes_buf(tt->pc->m), "%s:%u: kernel template %s is launched from host template %s, which "
                  "the file %s (%s<...>)\n", tt->file, tt->line, tt->name, tt->host_name,
                  tt->host_calls ? "calls without naming its arguments" : "never calls", tt->host_name);
    if (!tt->found && !assumed_instance(tt, line, col))
        sb_printf(adv_model_notes_buf(m), "%s:%u:%u: kernel template %s skipped: no instance of it in the file; name one "
                                          "with --instantiate '%s<...>' or a comment `// gmadvise: instantiate %s<...>`\n",
                  tt->file, line, col, tt->name, tt->name, tt->name);
    free(tt);
}

void fe_instantiate_templates(pctx *pc, sb_t *src)
{
    cvec used = specializations_used(pc), made = instantiations_made(pc);
    for (unsigned i = 0; i < pc->templates.n; i++)
        instantiate(pc, pc->templates.v[i], &used, &made, src);
    free(used.v);
    free(made.v);
}

const char *fe_kernel_label(const pctx *pc, const char *name, int *assumed)
{
    *assumed = 0;
    for (unsigned i = 0; i < pc->ninst; i++)
        if (!strcmp(pc->inst_name[i], name)) {
            *assumed = pc->inst_assumed[i];
            return pc->inst_label[i];
        }
    return name;
}
