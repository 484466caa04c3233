#include "loop_bound.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "../../common/limits.h"
#include "../../common/strbuf.h"
#include "../../common/text.h"


static const char prelude[] =
    "\n/* gmadvise's bound on a launch (advisor/engine/loop_bound.h): loops of the copied kernels test\n"
    " * gm_bound_go(); a launch past " GM_STR(GM_LAUNCH_BOUND_MS) " ms sets gm_bound_over and its threads exit */\n"
    "__device__ unsigned long long gm_bound_t0;\n"
    "__device__ unsigned int gm_bound_over;\n"
    "__device__ __noinline__ bool gm_bound_late(void)\n"
    "{\n"
    "    unsigned long long now;\n"
    "    asm volatile(\"mov.u64 %0, %%globaltimer;\" : \"=l\"(now));\n"
    "    unsigned long long t0 = *(volatile unsigned long long *)&gm_bound_t0;\n"
    "    if (t0 == 0) {\n"
    "        atomicCAS(&gm_bound_t0, 0ull, now);\n"
    "        return true;\n"
    "    }\n"
    "    if ((long long)(now - t0) < " GM_STR(GM_LAUNCH_BOUND_MS) "ll * 1000000ll)\n"
    "        return true;\n"
    "    *(volatile unsigned int *)&gm_bound_over = 1u;\n"
    "    asm volatile(\"exit;\");\n"
    "    return false;\n"
    "}\n"
    "static __device__ __forceinline__ bool gm_bound_go(void)\n"
    "{\n"
    "    unsigned int c;\n"
    "    asm volatile(\"mov.u32 %0, %%clock;\" : \"=r\"(c));\n"
    "    return (c & 0xffc0u) != 0u || gm_bound_late();\n"
    "}\n";

const char *adv_loop_bound_prelude(void)
{
    return prelude;
}

/* The end of the comment, string, character literal or preprocessor line
 * that starts at s[i], or i when none does. */
static size_t skip_lexical(const char *s, size_t i, int line_start)
{
    if (s[i] == '/' && s[i + 1] == '/') {
        while (s[i] && s[i] != '\n')
            i++;
        return i;
    }
    if (s[i] == '/' && s[i + 1] == '*') {
        const char *e = strstr(s + i + 2, "*/");
        return e ? (size_t)(e - s) + 2 : strlen(s);
    }
    if (s[i] == '"' || s[i] == '\'') {
        char q = s[i++];
        while (s[i] && s[i] != q && s[i] != '\n')
            i += s[i] == '\\' && s[i + 1] ? 2 : 1;
        return s[i] == q ? i + 1 : i;
    }
    if (s[i] == '#' && line_start) { /* a directive, with its continuations */
        while (s[i] && !(s[i] == '\n' && s[i - 1] != '\\'))
            i++;
        return i;
    }
    return i;
}

/* The index of the ')' that closes the '(' at s[open], or 0 when none;
 * semis[0..1] (when not NULL) get the first two ';' at its top level
 * (0 when absent). */
static size_t closing(const char *s, size_t open, size_t semis[2])
{
    int depth = 0, ns = 0;
    if (semis)
        semis[0] = semis[1] = 0;
    for (size_t i = open; s[i];) {
        size_t j = skip_lexical(s, i, 0);
        if (j != i) {
            i = j;
            continue;
        }
        char c = s[i];
        if (c == '(' || c == '[' || c == '{')
            depth++;
        else if (c == ')' || c == ']' || c == '}') {
            if (--depth == 0)
                return c == ')' ? i : 0;
        } else if (c == ';' && depth == 1 && semis && ns < 2)
            semis[ns++] = i;
        i++;
    }
    return 0;
}

/* 1 when condition text [b, e) ends by itself without a bound: blank, a
 * declaration (while (T x = ...)), or a comparison with a literal or an
 * ALL_CAPS constant on one side and one word on the other. */
static int blank(const char *s, size_t b, size_t e)
{
    while (b < e && isspace((unsigned char)s[b]))
        b++;
    return b == e;
}

static int is_constant_word(const char *w, size_t n)
{
    if (!n)
        return 0;
    if (isdigit((unsigned char)w[0]))
        return 1;
    int upper = 0;
    for (size_t i = 0; i < n; i++) {
        if (islower((unsigned char)w[i]))
            return 0;
        upper |= isupper((unsigned char)w[i]);
    }
    return upper;
}

static int leave_as_written(const char *s, size_t b, size_t e)
{
    static const char *const decl[] = {"int ", "unsigned ", "long ", "auto ", "bool ", "size_t ", "const ",
                                       "char ", "short ", "float ", "double "};
    while (b < e && isspace((unsigned char)s[b]))
        b++;
    while (e > b && isspace((unsigned char)s[e - 1]))
        e--;
    for (unsigned i = 0; i < sizeof decl / sizeof *decl; i++)
        if ((size_t)(e - b) > strlen(decl[i]) && !strncmp(s + b, decl[i], strlen(decl[i])))
            return 1;
    /* WORD OP CONST or CONST OP WORD, nothing else */
    size_t w1 = b;
    while (w1 < e && (gm_ident_char(s[w1]) || s[w1] == '.'))
        w1++;
    size_t o = w1;
    while (o < e && isspace((unsigned char)s[o]))
        o++;
    size_t ob = o;
    while (o < e && strchr("<>=!", s[o]))
        o++;
    if (o == ob || w1 == b)
        return 0;
    while (o < e && isspace((unsigned char)s[o]))
        o++;
    size_t w2 = o;
    while (w2 < e && (gm_ident_char(s[w2]) || s[w2] == '.'))
        w2++;
    if (w2 != e || w2 == o)
        return 0;
    return is_constant_word(s + o, w2 - o) || is_constant_word(s + b, w1 - b);
}

char *adv_loop_bound_copy(const char *src, const char *fn)
{
    unsigned n = 0;
    char *b = adv_loop_bound(src, &n);
    size_t len = strlen(fn);
    char *at = NULL;
    for (char *p = strstr(b, fn); p && !at; p = strstr(p + 1, fn))
        if ((p == b || !gm_ident_char(p[-1])) && !gm_ident_char(p[len]))
            at = p;
    if (!n || !at) {
        free(b);
        return NULL;
    }
    sb_t out;
    sb_init(&out);
    sb_putn(&out, b, (size_t)(at - b) + len);
    sb_puts(&out, ADV_LOOP_BOUND_SUFFIX);
    sb_puts(&out, at + len);
    free(b);
    return sb_take(&out);
}

char *adv_loop_bound(const char *s, unsigned *nloops)
{
    sb_t out;
    sb_init(&out);
    unsigned n = 0;
    size_t i = 0, copied = 0;
    int line_start = 1;
    while (s[i]) {
        size_t j = skip_lexical(s, i, line_start);
        if (j != i) {
            i = j;
            continue;
        }
        if (s[i] == '\n')
            line_start = 1;
        else if (!isspace((unsigned char)s[i]))
            line_start = 0;
        if (!gm_ident_char(s[i]) || (i > 0 && gm_ident_char(s[i - 1]))) {
            i++;
            continue;
        }
        size_t w = i;
        while (gm_ident_char(s[w]))
            w++;
        int is_for = w - i == 3 && !strncmp(s + i, "for", 3);
        int is_while = w - i == 5 && !strncmp(s + i, "while", 5);
        size_t open = w;
        while (isspace((unsigned char)s[open]))
            open++;
        if ((!is_for && !is_while) || s[open] != '(') {
            i = w;
            continue;
        }
        size_t semis[2];
        size_t close = closing(s, open, semis);
        size_t cb = open + 1, ce = close; /* the condition */
        if (is_for) {
            cb = semis[0] + 1;
            ce = semis[1];
        }
        if (!close || (is_for && !semis[1])) { /* unbalanced, or a range-for: as written */
            i = w;
            continue;
        }
        if (blank(s, cb, ce)) {
            sb_putn(&out, s + copied, cb - copied);
            sb_puts(&out, " gm_bound_go()");
            copied = cb;
            n++;
        } else if (!leave_as_written(s, cb, ce)) {
            sb_putn(&out, s + copied, cb - copied);
            sb_puts(&out, " gm_bound_go() && (");
            sb_putn(&out, s + cb, ce - cb);
            sb_puts(&out, ")");
            copied = ce;
            n++;
        }
        i = close + 1; /* a loop inside the header (a lambda's) is left as written */
    }
    sb_puts(&out, s + copied);
    if (nloops)
        *nloops = n;
    return sb_take(&out);
}
