#include "config.h"

#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "../../common/strbuf.h"
#include "../core/check.h"

/* Whether dir/name exists. */
static int holds(const char *dir, const char *name)
{
    char p[PATH_MAX * 2];
    snprintf(p, sizeof p, "%s/%s", dir, name);
    return access(p, F_OK) == 0;
}

/* The nearest folder from the working directory up that holds `name`. */
static int find_up(const char *name, char *out)
{
    char dir[PATH_MAX + 1];
    if (!getcwd(dir, sizeof dir))
        return 0;
    for (;;) {
        if (holds(dir, name)) {
            snprintf(out, PATH_MAX + 1, "%s", dir);
            return 1;
        }
        char *slash = strrchr(dir, '/');
        if (!slash || slash == dir)
            return 0;
        *slash = '\0';
    }
}

static void push(cli_config *c, const char *flag, const char *value)
{
    if (c->nargs + 2 > CLI_CONFIG_MAX_ARGS)
        return; /* line() refuses before this */
    c->args[c->nargs++] = flag;
    c->args[c->nargs++] = gm_xstrdup(value);
}

/* The length of the value at p: up to a space or a comma. */
static size_t word(const char *p)
{
    size_t n = 0;
    while (p[n] && !isspace((unsigned char)p[n]) && p[n] != ',')
        n++;
    return n;
}

static int bad(const cli_config *c, unsigned line, unsigned col, gm_status *st, const char *what,
               const char *text, size_t n)
{
    return gm_fail_at(st, GM_EINPUT, c->file, line, col, "%s '%.*s'", what, (int)n, text);
}

/* KEY = VALUE on line `ln` (NUL-terminated, comment cut). */
static int line(cli_config *c, char *s, unsigned ln, gm_status *st)
{
    char *p = s;
    while (isspace((unsigned char)*p))
        p++;
    if (!*p)
        return GM_OK;
    char *key = p;
    while (*p && (isalnum((unsigned char)*p) || *p == '-'))
        p++;
    size_t klen = (size_t)(p - key);
    while (isspace((unsigned char)*p))
        p++;
    if (!klen || *p != '=')
        return gm_fail_at(st, GM_EINPUT, c->file, ln, (unsigned)(key - s + 1), "expected KEY = VALUE");
    for (p++; isspace((unsigned char)*p); p++)
        ;
    char *end = p + strlen(p);
    while (end > p && isspace((unsigned char)end[-1]))
        *--end = '\0';
    unsigned col = (unsigned)(p - s + 1);
    if (klen == 14 && !strncmp(key, "min-efficiency", 14)) {
        char *e;
        double v = strtod(p, &e);
        if (e == p || *e || !(v > 0) || v > 100)
            return bad(c, ln, col, st, "min-efficiency: expected a percentage in (0, 100], not", p, strlen(p));
        c->min_efficiency = v;
        return GM_OK;
    }
    int disable = klen == 7 && !strncmp(key, "disable", 7), include = klen == 7 && !strncmp(key, "include", 7),
        define = klen == 6 && !strncmp(key, "define", 6), exclude = klen == 7 && !strncmp(key, "exclude", 7);
    if (!disable && !include && !define && !exclude)
        return bad(c, ln, (unsigned)(key - s + 1), st,
                   "unknown key (disable, min-efficiency, include, define, exclude):", key, klen);
    while (*p) {
        size_t n = word(p);
        char w[PATH_MAX + 1];
        snprintf(w, sizeof w, "%.*s", (int)n, p);
        col = (unsigned)(p - s + 1);
        if (disable) {
            int r = adv_rule_find(p, n);
            if (r < 0)
                return bad(c, ln, col, st, "no rule named", p, n);
            c->disabled |= 1u << r;
        } else if (exclude) {
            if (c->nexclude >= CLI_CONFIG_MAX_ARGS)
                return bad(c, ln, col, st, "too many exclude values at", p, n);
            c->exclude[c->nexclude++] = gm_xstrdup(w);
        } else if (c->nargs + 2 > CLI_CONFIG_MAX_ARGS) {
            return bad(c, ln, col, st, "too many include and define values at", p, n);
        } else if (include) {
            char dir[PATH_MAX * 2 + 2];
            snprintf(dir, sizeof dir, "%s/%s", c->root, w);
            push(c, "-I", w[0] == '/' ? w : dir);
        } else {
            push(c, "-D", w);
        }
        p += n;
        while (*p && (isspace((unsigned char)*p) || *p == ','))
            p++;
    }
    return GM_OK;
}

/* A pipe, a device or stdin, read to its end (at most 1 MiB). */
static char *read_stream(const char *path)
{
    FILE *f = strcmp(path, "-") ? fopen(path, "r") : stdin;
    if (!f)
        return NULL;
    sb_t b;
    sb_init(&b);
    char buf[4096];
    size_t n;
    while ((n = fread(buf, 1, sizeof buf, f)) > 0 && b.len < (1u << 20))
        sb_putn(&b, buf, n);
    int bad = ferror(f);
    if (f != stdin)
        fclose(f);
    if (bad) {
        sb_free(&b);
        return NULL;
    }
    return sb_take(&b);
}

static int read_file(cli_config *c, const char *stream, gm_status *st)
{
    size_t len;
    char *text = stream ? read_stream(stream) : gm_read_file(c->file, &len);
    if (!text)
        return gm_fail(st, GM_EINPUT, "%s: cannot read: %s", c->file, strerror(errno));
    int rc = GM_OK;
    unsigned ln = 1;
    for (char *s = text; rc == GM_OK && s; ln++) {
        char *nl = strchr(s, '\n');
        if (nl)
            *nl = '\0';
        char *hash = strchr(s, '#');
        if (hash)
            *hash = '\0';
        rc = line(c, s, ln, st);
        s = nl ? nl + 1 : NULL;
    }
    free(text);
    return rc;
}

int cli_config_load(const char *path, int none, cli_config *c, gm_status *st)
{
    memset(c, 0, sizeof *c);
    struct stat sb;
    if (path && (!strcmp(path, "-") || (stat(path, &sb) == 0 && !S_ISREG(sb.st_mode) && !S_ISDIR(sb.st_mode)))) {
        /* a stream has no folder: the root is found as without it */
        if (!find_up(CLI_CONFIG_NAME, c->root) && !find_up(".git", c->root) && !getcwd(c->root, sizeof c->root))
            snprintf(c->root, sizeof c->root, ".");
        snprintf(c->file, sizeof c->file, "%s", strcmp(path, "-") ? path : "<stdin>");
        return read_file(c, path, st);
    }
    if (path) {
        char *slash;
        if (!realpath(path, c->file))
            return gm_fail(st, GM_EINPUT, "%s: cannot read: %s", path, strerror(errno));
        snprintf(c->root, sizeof c->root, "%s", c->file);
        if ((slash = strrchr(c->root, '/')) != NULL)
            *(slash == c->root ? slash + 1 : slash) = '\0';
        return read_file(c, NULL, st);
    }
    if (find_up(CLI_CONFIG_NAME, c->root)) {
        snprintf(c->file, sizeof c->file, "%s/%s", strcmp(c->root, "/") ? c->root : "", CLI_CONFIG_NAME);
        if (none)
            c->file[0] = '\0';
        return none ? GM_OK : read_file(c, NULL, st);
    }
    if (!find_up(".git", c->root) && !getcwd(c->root, sizeof c->root))
        snprintf(c->root, sizeof c->root, ".");
    return GM_OK;
}

void cli_config_free(cli_config *c)
{
    for (unsigned i = 1; i < c->nargs; i += 2)
        free((char *)c->args[i]);
    c->nargs = 0;
    for (unsigned i = 0; i < c->nexclude; i++)
        free((char *)c->exclude[i]);
    c->nexclude = 0;
}
