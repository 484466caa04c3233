#include "compdb.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "../../common/json.h"
#include "../../common/strbuf.h"

typedef struct {
    char *file;    /* absolute, as realpath gives it when the file exists */
    char **flags;  /* the parser's, folders absolute */
    unsigned nflags;
} entry;

struct cli_compdb {
    entry *e;
    unsigned n;
    char **sources;
    unsigned nsources;
};

/* `path` made absolute from `dir`, and canonical when it exists. */
static char *absolute(const char *dir, const char *path)
{
    char joined[PATH_MAX * 2], real[PATH_MAX];
    if (path[0] == '/')
        snprintf(joined, sizeof joined, "%s", path);
    else
        snprintf(joined, sizeof joined, "%s/%s", dir, path);
    return gm_xstrdup(realpath(joined, real) ? real : joined);
}

/* A command line split as a POSIX shell would, quotes and backslashes
 * honoured (no expansions). */
static char **split_command(const char *cmd, unsigned *n)
{
    char **v = NULL;
    *n = 0;
    for (const char *p = cmd; *p;) {
        while (*p == ' ' || *p == '\t' || *p == '\n')
            p++;
        if (!*p)
            break;
        sb_t w;
        sb_init(&w);
        for (char q = 0; *p && (q || (*p != ' ' && *p != '\t' && *p != '\n')); p++) {
            if (q && *p == q)
                q = 0;
            else if (!q && (*p == '\'' || *p == '"'))
                q = *p;
            else if (*p == '\\' && q != '\'' && p[1])
                sb_putn(&w, ++p, 1);
            else
                sb_putn(&w, p, 1);
        }
        v = gm_xrealloc(v, (*n + 1) * sizeof *v);
        v[(*n)++] = w.s ? sb_take(&w) : gm_xstrdup("");
    }
    return v;
}

static void add_flag(entry *e, char *flag)
{
    e->flags = gm_xrealloc(e->flags, (e->nflags + 1) * sizeof *e->flags);
    e->flags[e->nflags++] = flag;
}

/* The parser's flags among a compiler's arguments: folders made absolute. */
static void keep_flags(entry *e, const char *dir, char **argv, unsigned argc)
{
    static const char *const with_folder[] = {"-I", "-isystem", "-iquote", "-idirafter"};
    static const char *const with_value[] = {"-D", "-U", "-include"};
    for (unsigned i = 1; i < argc; i++) {
        const char *a = argv[i];
        int done = 0;
        for (size_t k = 0; k < sizeof with_folder / sizeof *with_folder && !done; k++) {
            size_t len = strlen(with_folder[k]);
            if (strncmp(a, with_folder[k], len))
                continue;
            const char *v = a[len] ? a + len : i + 1 < argc ? argv[++i] : NULL;
            if (v) {
                add_flag(e, gm_xstrdup(with_folder[k]));
                add_flag(e, absolute(dir, v));
            }
            done = 1;
        }
        for (size_t k = 0; k < sizeof with_value / sizeof *with_value && !done; k++) {
            size_t len = strlen(with_value[k]);
            if (strncmp(a, with_value[k], len) || (a[len] && !strcmp(with_value[k], "-include")))
                continue;
            const char *v = a[len] ? a + len : i + 1 < argc ? argv[++i] : NULL;
            if (v) {
                add_flag(e, gm_xstrdup(with_value[k]));
                add_flag(e, !strcmp(with_value[k], "-include") ? absolute(dir, v) : gm_xstrdup(v));
            }
            done = 1;
        }
        if (!done && !strncmp(a, "-std=", 5))
            add_flag(e, gm_xstrdup(a));
    }
}

static int is_cuda_source(const char *f)
{
    size_t len = strlen(f);
    return (len > 3 && !strcmp(f + len - 3, ".cu")) || (len > 4 && !strcmp(f + len - 4, ".cuh"));
}

cli_compdb *cli_compdb_load(const char *path, gm_status *st)
{
    char file[PATH_MAX + 32];
    struct stat sb;
    snprintf(file, sizeof file, "%s%s", path,
             stat(path, &sb) == 0 && S_ISDIR(sb.st_mode) ? "/compile_commands.json" : "");
    adv_jval *doc = adv_json_read_file(file, "compilation database", st);
    if (!doc)
        return NULL;
    if (doc->type != ADV_J_ARR) {
        adv_json_free(doc);
        gm_fail(st, GM_EINPUT, "%s: error: not a compilation database (expected an array of "
                               "{\"directory\", \"file\", \"command\" or \"arguments\"})", file);
        return NULL;
    }
    cli_compdb *db = gm_xcalloc(1, sizeof *db);
    for (unsigned i = 0; i < doc->nkids; i++) {
        const adv_jval *k = &doc->kids[i], *args = adv_json_member(k, "arguments");
        const char *dir = adv_json_member_str(k, "directory"), *f = adv_json_member_str(k, "file");
        if (!*f)
            continue;
        entry e = {absolute(*dir ? dir : ".", f), NULL, 0};
        char **argv;
        unsigned argc = 0;
        if (args && args->type == ADV_J_ARR) {
            argv = gm_xcalloc(args->nkids + 1, sizeof *argv);
            for (unsigned a = 0; a < args->nkids; a++)
                argv[argc++] = gm_xstrdup(args->kids[a].str ? args->kids[a].str : "");
        } else {
            argv = split_command(adv_json_member_str(k, "command"), &argc);
        }
        keep_flags(&e, *dir ? dir : ".", argv, argc);
        for (unsigned a = 0; a < argc; a++)
            free(argv[a]);
        free(argv);
        db->e = gm_xrealloc(db->e, (db->n + 1) * sizeof *db->e);
        db->e[db->n++] = e;
        int seen = !is_cuda_source(e.file);
        for (unsigned s = 0; s < db->nsources && !seen; s++)
            seen = !strcmp(db->sources[s], e.file);
        if (!seen) {
            db->sources = gm_xrealloc(db->sources, (db->nsources + 1) * sizeof *db->sources);
            db->sources[db->nsources++] = e.file;
        }
    }
    adv_json_free(doc);
    return db;
}

void cli_compdb_free(cli_compdb *db)
{
    if (!db)
        return;
    for (unsigned i = 0; i < db->n; i++) {
        for (unsigned f = 0; f < db->e[i].nflags; f++)
            free(db->e[i].flags[f]);
        free(db->e[i].flags);
        free(db->e[i].file);
    }
    free(db->e);
    free(db->sources);
    free(db);
}

unsigned cli_compdb_nsources(const cli_compdb *db) { return db->nsources; }
const char *cli_compdb_source(const cli_compdb *db, unsigned i) { return db->sources[i]; }

int cli_compdb_flags(const cli_compdb *db, const char *file, const char **args, unsigned *n, unsigned max)
{
    char *want = absolute(".", file);
    int found = 0;
    for (unsigned i = 0; i < db->n && !found; i++) {
        if (strcmp(db->e[i].file, want))
            continue;
        found = 1;
        for (unsigned f = 0; f < db->e[i].nflags && *n < max; f++)
            args[(*n)++] = db->e[i].flags[f];
    }
    free(want);
    return found;
}
