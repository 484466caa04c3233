#include "raw_source.h"

#include "../../common/limits.h"
#include "../../common/strbuf.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* Past blanks and comments from p (to end). */
static const char *skip_blank(const char *p, const char *end)
{
    for (;;) {
        while (p < end && (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r'))
            p++;
        if (end - p >= 2 && p[0] == '/' && p[1] == '/') {
            const char *nl = memchr(p, '\n', (size_t)(end - p));
            p = nl ? nl : end;
        } else if (end - p >= 2 && p[0] == '/' && p[1] == '*') {
            const char *q = p + 2;
            while (end - q >= 2 && !(q[0] == '*' && q[1] == '/'))
                q++;
            p = end - q >= 2 ? q + 2 : end;
        } else {
            return p;
        }
    }
}

/* The opening R"delim( at text's first token: its length, the delimiter's
 * in *dn (at *d), or 0. */
static size_t opening(const char *p, const char *end, const char **d, size_t *dn)
{
    if (end - p < 3 || p[0] != 'R' || p[1] != '"')
        return 0;
    const char *q = p + 2;
    while (q < end && q - (p + 2) <= 16 && *q != '(' && !strchr(" )\\\t\n\r\"", *q))
        q++;
    if (q >= end || *q != '(')
        return 0;
    *d = p + 2;
    *dn = (size_t)(q - (p + 2));
    return (size_t)(q + 1 - p);
}

/* One pass over the literals (adjacent ones concatenate, as xmrig's two
 * do), blanking their quotes when `blank`; 1 when the text is nothing else. */
static int literals(char *text, size_t len, int blank)
{
    const char *end = text + len, *d;
    size_t dn, n = 0;
    for (char *p = (char *)skip_blank(text, end); p < end; p = (char *)skip_blank(p, end)) {
        if (*p == ';' && n) { /* a file of one declaration's initializer ends so */
            if (skip_blank(p + 1, end) != end)
                return 0;
            break;
        }
        size_t on = opening(p, end, &d, &dn);
        if (!on)
            return 0;
        /* the literal ends at its first )delim" */
        char close[24];
        close[0] = ')';
        memcpy(close + 1, d, dn);
        close[dn + 1] = '"';
        size_t cn = dn + 2;
        char *c = p + on;
        while (c + cn <= end && memcmp(c, close, cn))
            c++;
        if (c + cn > end)
            return 0;
        if (blank) {
            memset(p, ' ', on);
            memset(c, ' ', cn);
        }
        p = c + cn;
        n++;
    }
    return n > 0;
}

/* Whether `text` #includes the file named `base`. */
static int includes_base(const char *text, const char *base)
{
    size_t bl = strlen(base);
    for (const char *p = strstr(text, "#include"); p; p = strstr(p + 8, "#include")) {
        const char *q = p + 8;
        while (*q == ' ' || *q == '\t')
            q++;
        if (*q == '"' && !strncmp(q + 1, base, bl) && q[1 + bl] == '"')
            return 1;
    }
    return 0;
}

/* A marker line of the source: only `name` on it, which its includer
 * spells in a string literal ("NAME") to find and replace it with code of
 * its own before NVRTC compiles the source (xmrig's
 * XMRIG_INCLUDE_RANDOM_MATH: each block height's random math).  Such a
 * line is blanked, and said where. */
static void blank_markers(const char *path, char *text, size_t len, sb_t *notes)
{
    char dir[4096];
    const char *slash = strrchr(path, '/'), *base = slash ? slash + 1 : path;
    snprintf(dir, sizeof dir, "%.*s", slash ? (int)(slash - path) : 1, slash ? path : ".");
    DIR *d = opendir(dir);
    for (struct dirent *e; d && (e = readdir(d));) {
        const char *ext = strrchr(e->d_name, '.');
        if (!ext || !strcmp(e->d_name, base) ||
            (strcmp(ext, ".cpp") && strcmp(ext, ".cc") && strcmp(ext, ".cxx") && strcmp(ext, ".cu")))
            continue;
        char inc[8192];
        struct stat sb;
        snprintf(inc, sizeof inc, "%s/%s", dir, e->d_name);
        if (stat(inc, &sb) || !S_ISREG(sb.st_mode) || (unsigned long long)sb.st_size > GM_MAX_FILE_BYTES)
            continue;
        char *host = gm_read_file(inc, NULL);
        if (host && includes_base(host, base)) {
            for (const char *q = strchr(host, '"'); q; q = strchr(q + 1, '"')) {
                size_t n = strspn(q + 1, "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_");
                if (n < 4 || n > 200 || q[1 + n] != '"')
                    continue;
                /* each line of the source that is the marker alone */
                unsigned line = 1;
                for (char *l = text; l < text + len; line++) {
                    char *eol = memchr(l, '\n', (size_t)(text + len - l)), *w = l;
                    size_t ll = eol ? (size_t)(eol - l) : (size_t)(text + len - l);
                    while (w < l + ll && (*w == ' ' || *w == '\t'))
                        w++;
                    char *t = w + n;
                    while (t < l + ll && (*t == ' ' || *t == '\t' || *t == '\r'))
                        t++;
                    if (w + n <= l + ll && t == l + ll && !memcmp(w, q + 1, n)) {
                        memset(w, ' ', n);
                        sb_printf(notes, "%s:%u:%u: %.*s is a marker %s replaces with code of its own before NVRTC "
                                         "compiles the source: read as nothing\n",
                                  path, line, (unsigned)(w - l) + 1, (int)n, q + 1, inc);
                    }
                    l = eol ? eol + 1 : text + len;
                }
                q += n + 1;
            }
        }
        free(host);
    }
    if (d)
        closedir(d);
}

int fe_raw_source_unwrap(const char *path, char *text, size_t len, sb_t *notes)
{
    if (!literals(text, len, 0))
        return 0;
    literals(text, len, 1);
    if (path && notes)
        blank_markers(path, text, len, notes);
    return 1;
}

int fe_raw_source_file(const char *path)
{
    struct stat sb;
    if (stat(path, &sb) || !S_ISREG(sb.st_mode) || (unsigned long long)sb.st_size > GM_MAX_FILE_BYTES)
        return 0;
    size_t len = 0;
    char *text = gm_read_file(path, &len);
    int raw = text && literals(text, len, 0);
    free(text);
    return raw;
}

const char FE_RTC_ARCH_DEFINE[] = "-D__CUDA_ARCH__=" GM_STR(GM_DEFAULT_ARCH) "0";

/* 1 when args define the macro `name` (-D name, -Dname, -Dname=V). */
static int defines(const char *const *args, unsigned n, const char *name)
{
    size_t len = strlen(name);
    for (unsigned i = 0; i < n; i++) {
        const char *d = !strcmp(args[i], "-D") && i + 1 < n ? args[i + 1] : !strncmp(args[i], "-D", 2) ? args[i] + 2 : NULL;
        if (d && !strncmp(d, name, len) && (d[len] == '\0' || d[len] == '='))
            return 1;
    }
    return 0;
}

int fe_raw_source_args_lack_arch(const char *const *args, unsigned n)
{
    return defines(args, n, "__CUDACC_RTC__") && !defines(args, n, "__CUDA_ARCH__");
}
