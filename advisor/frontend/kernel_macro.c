/* Kernels declared through a project's macro that the file never defines.
 *
 * A project that marks its kernels with a macro of its own (cuml's
 * `#define CUML_KERNEL __global__ static` in cuml/common/utils.hpp) has
 * files that use it without including the header that defines it: a header
 * of kernels whose includer includes that header first (cuml's hw_eval.cuh,
 * after hw_decompose.cuh in runner.cuh), or a file kept beside the sources
 * (cuml's tsne/cannylab/bh.cu).  Parsed alone, clang reads the macro's name
 * as an unknown type, sees no __global__, and every kernel is lost.
 *
 * Such a name, written before the type of a function that does not compile
 * (`NAME void k(...)`, not `NAME k(...)`, where NAME would be the return
 * type), is looked up in the headers of the folders the file's #includes
 * are searched in (its -I, -iquote and -isystem folders in order, then its own
 * folder), below them too: the first that #defines it as an object-like
 * macro naming __global__ is pre-included (given to clang, not spliced:
 * its code stays the header's), as if the file included it first, and the
 * file is parsed again; a note says which header and why. */
#include "kernel_macro.h"

#include <dirent.h>
#include <limits.h>
#include <sys/stat.h>

#include "../../common/text.h"

static void free_strings(char **v, unsigned n)
{
    for (unsigned i = 0; i < n; i++)
        free(v[i]);
    free(v);
}

void fe_kernel_macros_free(fe_kernel_macros *km)
{
    free_strings(km->tried, km->ntried);
    free_strings(km->header, km->n);
    sb_free(&km->notes);
    memset(km, 0, sizeof *km);
}

/* The function's name offset in the main text, or 0 when it has none there. */
static unsigned name_offset(pctx *pc, CXCursor fn)
{
    unsigned off = 0;
    if (!fe_loc_at(pc, pc->cx->clang_getCursorLocation(fn), 0, &off, NULL, NULL))
        return 0;
    return off;
}

void fe_note_head_macro(pctx *pc, CXCursor fn, const perr *err)
{
    static const char unknown[] = "unknown type name '";
    const char *msg = gm_status_text(&err->st), *q = strstr(msg, unknown);
    if (!err->in_main || !q)
        return;
    q += sizeof unknown - 1;
    size_t len = strcspn(q, "'");
    const char *t = adv_model_text(pc->m);
    unsigned n = adv_model_text_len(pc->m), at = err->off, name = name_offset(pc, fn);
    if (!len || len >= ADV_NAME_MAX || q[len] != '\'' || at + len > n || strncmp(t + at, q, len) || at >= name)
        return;
    /* the word after it is a type or a specifier before the name, not the name */
    unsigned next = at + (unsigned)len;
    while (next < name && isspace((unsigned char)t[next]))
        next++;
    if (next >= name || !gm_ident_char(t[next]))
        return;
    char word[ADV_NAME_MAX];
    snprintf(word, sizeof word, "%.*s", (int)len, q);
    for (const char *l = pc->head_macros.s; l && *l; l = strchr(l, '\n') + 1)
        if (!strncmp(l, word, len) && l[len] == '\t')
            return;
    sb_printf(&pc->head_macros, "%s\t%.*s\n", word, (int)err->st.at_len, err->st.msg);
}

/* Whether `text` has `#define NAME` (object-like) whose logical line names __global__. */
static int defines_kernel_macro(const char *text, const char *name)
{
    size_t nl = strlen(name);
    for (const char *p = strstr(text, name); p; p = strstr(p + 1, name)) {
        if ((p > text && gm_ident_char(p[-1])) || gm_ident_char(p[nl]) || p[nl] == '(')
            continue;
        const char *b = p;
        while (b > text && (b[-1] == ' ' || b[-1] == '\t'))
            b--;
        if (b - text < 6 || strncmp(b - 6, "define", 6))
            continue;
        b -= 6;
        while (b > text && (b[-1] == ' ' || b[-1] == '\t'))
            b--;
        if (b == text || b[-1] != '#')
            continue;
        for (const char *e = p + nl; *e && !(*e == '\n' && e[-1] != '\\'); e++)
            if (!strncmp(e, "__global__", 10) && !gm_ident_char(e[-1]) && !gm_ident_char(e[10]))
                return 1;
    }
    return 0;
}

typedef struct {
    const char *name;
    unsigned files; /* headers read so far */
    char found[PATH_MAX + 1];
} search_t;

static int header_name(const char *f)
{
    static const char *const exts[] = {".h", ".hpp", ".hh", ".hxx", ".cuh", ".inl", ".inc"};
    const char *dot = strrchr(f, '.');
    for (size_t i = 0; dot && i < sizeof exts / sizeof *exts; i++)
        if (!strcmp(dot, exts[i]))
            return 1;
    return 0;
}

static int visible(const struct dirent *d)
{
    return d->d_name[0] != '.';
}

/* Depth first, in name order (the same header wins on every machine);
 * folders linked from elsewhere are not followed. */
static int search_dir(search_t *s, const char *dir, unsigned depth)
{
    struct dirent **list;
    int nl = scandir(dir, &list, visible, alphasort);
    int found = 0;
    for (int i = 0; i < nl; i++) {
        char path[PATH_MAX + 1];
        struct stat sb;
        if (!found && s->files < GM_KERNEL_MACRO_SCAN &&
            snprintf(path, sizeof path, "%s/%s", dir, list[i]->d_name) < (int)sizeof path && lstat(path, &sb) == 0) {
            if (S_ISDIR(sb.st_mode) && depth < GM_MAX_FOLDER_DEPTH) {
                found = search_dir(s, path, depth + 1);
            } else if (S_ISREG(sb.st_mode) && header_name(path) && sb.st_size <= GM_INCLUDER_BYTES) {
                s->files++;
                char *text = gm_read_file(path, NULL);
                if (text && defines_kernel_macro(text, s->name))
                    found = snprintf(s->found, sizeof s->found, "%s", path) < (int)sizeof s->found;
                free(text);
            }
        }
        free(list[i]);
    }
    free(nl >= 0 ? list : NULL);
    return found;
}

/* The folders a quoted #include of the file is searched in: -iquote, -I
 * (and -isystem: a library's macro is as much the project's build's), in
 * the order given, then the file's own. */
static int find_header(const char *file, const adv_parse_opts *opts, search_t *s, char *via, size_t nvia)
{
    for (unsigned i = 0; opts && i < opts->nclang_args; i++) {
        const char *a = opts->clang_args[i], *next = i + 1 < opts->nclang_args ? opts->clang_args[i + 1] : NULL;
        const char *dir = !strcmp(a, "-I") || !strcmp(a, "-isystem") || !strcmp(a, "-iquote") ? next
                          : !strncmp(a, "-I", 2) ? a + 2
                          : NULL;
        if (dir && *dir && search_dir(s, dir, 0)) {
            snprintf(via, nvia, "found below -I %s", dir);
            return 1;
        }
    }
    char own[PATH_MAX + 1];
    const char *slash = strrchr(file, '/');
    snprintf(own, sizeof own, "%.*s", slash ? (int)(slash - file) : 1, slash ? file : ".");
    if (search_dir(s, own, 0)) {
        snprintf(via, nvia, "found below the file's own folder");
        return 1;
    }
    return 0;
}

int fe_kernel_macro_headers(pctx *pc, const char *file, const adv_parse_opts *opts, fe_kernel_macros *km)
{
    int more = 0;
    for (const char *l = pc->head_macros.s; l && *l && km->ntried < GM_MAX_KERNEL_MACROS;) {
        const char *tab = strchr(l, '\t'), *eol = strchr(l, '\n');
        char name[ADV_NAME_MAX], via[PATH_MAX + 64];
        snprintf(name, sizeof name, "%.*s", (int)(tab - l), l);
        int tried = 0;
        for (unsigned i = 0; i < km->ntried && !tried; i++)
            tried = !strcmp(km->tried[i], name);
        if (!tried) {
            km->tried = gm_xrealloc(km->tried, (km->ntried + 1) * sizeof *km->tried);
            km->tried[km->ntried++] = gm_xstrdup(name);
            search_t s = {name, 0, ""};
            if (find_header(file, opts, &s, via, sizeof via)) {
                km->header = gm_xrealloc(km->header, (km->n + 1) * sizeof *km->header);
                char real[PATH_MAX + 1]; /* -include is searched from the working folder first */
                km->header[km->n++] = gm_xstrdup(realpath(s.found, real) ? real : s.found);
                sb_printf(&km->notes, "%.*s: %s is defined by no header the file includes: %s defines it with "
                                      "__global__ (%s), so the file is parsed with that header included first, "
                                      "as a file that includes both would\n",
                          (int)(eol - tab - 1), tab + 1, name, s.found, via);
                more = 1;
            }
        }
        l = eol + 1;
    }
    return more;
}
