/* The files a command was named, folders expanded, for `gmadvise check`.
 *
 * Each file comes once (by its real path), in the order named; a folder
 * gives its CUDA sources (.cu, .cuh, .h) recursively, in name order,
 * skipping folders whose name starts with '.' and links to folders.  A
 * folder in a git work tree gives the files git lists there (untracked
 * ones too, ignored ones not).  A
 * name that gives no file (missing, unreadable) stays in the list with its
 * error, so that the caller reports it in turn and goes on with the
 * others.  A folder without CUDA sources is no error (a repository without
 * kernels passes its check): it gets a note. */
#ifndef CLI_FILES_H
#define CLI_FILES_H

#include <stddef.h>

typedef struct {
    char **path;    /* as named, or FOLDER/NAME; never NULL once n > 0 */
    char **error;   /* NULL: a file to check; else why not (path[i] is where: gm_fail_at's file) */
    char **real;    /* the real path (NULL with an error): what makes a file the same */
    unsigned n, cap;
    char **notes;   /* "DIR: no .cu, .cuh or .h file" */
    unsigned nnotes;
    unsigned excluded; /* files left out by an exclude glob */
} cli_files;

/* Which files a folder gives, and which are left out. */
typedef struct {
    const char *const *exclude; /* globs (fnmatch; '*' also matches '/'): a file is left out when one
                                 * matches its path relative to `root` (or as named, outside it),
                                 * a folder above it in that path, or the name of either */
    unsigned nexclude;
    int no_gitignore;           /* 0: a folder in a git work tree gives what `git ls-files -co
                                 * --exclude-standard` lists (.gitignore respected; submodules,
                                 * nested repositories and ignored build folders left out) */
    const char *root;           /* the check's root (NULL: the working directory) */
} cli_select;

/* Appends `names` (files or folders), expanded; excluded files are left
 * out, a named file too, and counted in `excluded`.  Never fails. */
void cli_files_add(cli_files *f, const char *const *names, unsigned n, const cli_select *sel);
void cli_files_free(cli_files *f);

/* The translation unit a file belongs to: adv_includer and
 * adv_header_includer (frontend/load.h). */

#endif
