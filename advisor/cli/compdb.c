#include "compdb.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "../../common/json.h"
#include "../../common/limits.h"
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
    sb_t notes;    /* what was not read, a line each */
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
        v[(*n)++] = sb_take(&w);
    }
    return v;
}

static void add_flag(entry *e, char *flag)
{
    e->flags = gm_xrealloc(e->flags, (e->nflags + 1) * sizeof *e->flags);
    e->flags[e->nflags++] = flag;
}

/* argv with every response file read in its place, as the compiler reads
 * it: `@FILE` (gcc, clang, nvcc) and nvcc's `--options-file FILE`,
 * `--options-file=FILE` and `-optf FILE` (CMake's Makefile generator puts
 * nvcc's -I flags in includes_CUDA.rsp so), FILE relative to `dir`, split
 * as a shell splits words; nested at most GM_RESPONSE_FILE_DEPTH deep.  A
 * file that cannot be read stays as it was written. */
static void expand(const char *dir, char **argv, unsigned argc, int nvcc, char ***out, unsigned *n,
                   unsigned depth, sb_t *notes)
{
    for (unsigned i = 0; i < argc; i++) {
        const char *a = argv[i], *file = NULL;
        if (a[0] == '@' && a[1])
            file = a + 1;
        else if (nvcc && !strncmp(a, "--options-file=", 15))
            file = a + 15;
        else if (nvcc && (!strcmp(a, "--options-file") || !strcmp(a, "-optf")) && i + 1 < argc)
            file = argv[++i];
        char *text = NULL;
        if (file && depth < GM_RESPONSE_FILE_DEPTH) {
            char *path = absolute(dir, file);
            text = gm_read_file(path, NULL);
            free(path);
        } else if (file) { /* its flags are lost: said */
            char *path = absolute(dir, file);
            sb_printf(notes, "%s: response file not read: nested more than %d deep\n", path,
                      GM_RESPONSE_FILE_DEPTH);
            free(path);
        }
        if (text) {
            unsigned m;
            char **words = split_command(text, &m);
            /* nvcc reads a comma-separated list in one options file too */
            expand(dir, words, m, nvcc, out, n, depth + 1, notes);
            for (unsigned w = 0; w < m; w++)
                free(words[w]);
            free(words);
            free(text);
            continue;
        }
        *out = gm_xrealloc(*out, (*n + 1) * sizeof **out);
        (*out)[(*n)++] = gm_xstrdup(a);
    }
}

/* The option spellings that carry a folder, a macro or a file, as gcc,
 * clang and nvcc write them, and what the parser calls each. */
static const struct {
    const char *spelling, *as;
    int folder;      /* the value is a path, made absolute */
    int nvcc_only;   /* long spellings only nvcc knows */
} spellings[] = {
    {"--include-path", "-I", 1, 1}, {"--system-include", "-isystem", 1, 1},
    {"--pre-include", "-include", 1, 1}, {"--define-macro", "-D", 0, 1}, {"--undefine-macro", "-U", 0, 1},
    {"-isystem", "-isystem", 1, 0}, {"-iquote", "-iquote", 1, 0}, {"-idirafter", "-idirafter", 1, 0},
    {"-include", "-include", 1, 0}, {"-I", "-I", 1, 0}, {"-D", "-D", 0, 0}, {"-U", "-U", 0, 0},
};

/* The parser's flags among a compiler's arguments (response files read):
 * folders made absolute.  Every spelling nvcc accepts is read: `-I DIR`,
 * `-IDIR`, `-I=DIR`, `--include-path DIR`, `--include-path=DIR`,
 * `-isystem=DIR`, `--system-include`, `--pre-include`, `--define-macro`,
 * and nvcc's comma-separated lists (`-I a,b`); `-std=` and nvcc's
 * `--std c++17`. */
static void keep_flags(entry *e, const char *dir, char **argv0, unsigned argc0, sb_t *notes)
{
    const char *base = argc0 ? strrchr(argv0[0], '/') : NULL;
    int nvcc = argc0 && strstr(base ? base + 1 : argv0[0], "nvcc") != NULL;
    char **argv = NULL;
    unsigned argc = 0;
    expand(dir, argv0, argc0, nvcc, &argv, &argc, 0, notes);
    for (unsigned i = 1; i < argc; i++) {
        const char *a = argv[i];
        int done = 0;
        for (size_t k = 0; k < sizeof spellings / sizeof *spellings && !done; k++) {
            const char *sp = spellings[k].spelling;
            size_t len = strlen(sp);
            if (strncmp(a, sp, len) || (spellings[k].nvcc_only && !nvcc))
                continue;
            const char *rest = a + len;
            /* "-include" is no -I of "nclude", nor "-isystem" a -I: longer spellings come first;
             * a long spelling is itself, or itself with "=" */
            if (*rest && sp[1] == '-' && *rest != '=')
                continue;
            if (*rest && !strcmp(sp, "-include") && *rest != '=')
                continue;
            if (*rest == '=' && (nvcc || sp[1] == '-'))
                rest++;
            const char *v = *rest ? rest : i + 1 < argc ? argv[++i] : NULL;
            done = 1;
            if (!v)
                break;
            /* nvcc takes a list: -I a,b */
            char *list = gm_xstrdup(v), *save = NULL;
            for (char *item = nvcc ? strtok_r(list, ",", &save) : list; item;
                 item = nvcc ? strtok_r(NULL, ",", &save) : NULL) {
                add_flag(e, gm_xstrdup(spellings[k].as));
                add_flag(e, spellings[k].folder ? absolute(dir, item) : gm_xstrdup(item));
            }
            free(list);
        }
        if (!done && (!strncmp(a, "-std=", 5) || (nvcc && !strncmp(a, "--std=", 6))))
            add_flag(e, gm_xstrdup(a[1] == '-' ? a + 1 : a));
        else if (!done && nvcc && (!strcmp(a, "--std") || !strcmp(a, "-std")) && i + 1 < argc) {
            char std[64];
            snprintf(std, sizeof std, "-std=%s", argv[++i]);
            add_flag(e, gm_xstrdup(std));
        }
    }
    for (unsigned i = 0; i < argc; i++)
        free(argv[i]);
    free(argv);
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
        gm_fail_at(st, GM_EINPUT, file, 0, 0, "not a compilation database (expected an array of "
                               "{\"directory\", \"file\", \"command\" or \"arguments\"})");
        return NULL;
    }
    cli_compdb *db = gm_xcalloc(1, sizeof *db);
    sb_init(&db->notes);
    /* a relative "directory" is relative to the database's own folder */
    char dbdir[PATH_MAX + 32];
    snprintf(dbdir, sizeof dbdir, "%s", file);
    char *slash = strrchr(dbdir, '/');
    if (slash)
        *(slash == dbdir ? slash + 1 : slash) = '\0';
    else
        snprintf(dbdir, sizeof dbdir, ".");
    for (unsigned i = 0; i < doc->nkids; i++) {
        const adv_jval *k = &doc->kids[i], *args = adv_json_member(k, "arguments");
        const char *d = adv_json_member_str(k, "directory"), *f = adv_json_member_str(k, "file");
        if (!*f)
            continue;
        char *dirbuf = absolute(dbdir, *d ? d : "."), *dir = dirbuf;
        entry e = {absolute(dir, f), NULL, 0};
        char **argv;
        unsigned argc = 0;
        if (args && args->type == ADV_J_ARR) {
            argv = gm_xcalloc(args->nkids + 1, sizeof *argv);
            for (unsigned a = 0; a < args->nkids; a++)
                argv[argc++] = gm_xstrdup(args->kids[a].str ? args->kids[a].str : "");
        } else {
            argv = split_command(adv_json_member_str(k, "command"), &argc);
        }
        keep_flags(&e, dir, argv, argc, &db->notes);
        free(dirbuf);
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
    sb_free(&db->notes);
    free(db);
}

unsigned cli_compdb_nsources(const cli_compdb *db) { return db->nsources; }
const char *cli_compdb_notes(const cli_compdb *db) { return db->notes.s ? db->notes.s : ""; }
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
