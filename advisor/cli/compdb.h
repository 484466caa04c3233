/* A compilation database (compile_commands.json, as CMake, Bear and
 * Meson write it): what each listed file is compiled with, reduced to
 * the flags the parser takes, for `gmadvise check -p`. */
#ifndef CLI_COMPDB_H
#define CLI_COMPDB_H

#include "../../common/status.h"

typedef struct cli_compdb cli_compdb;

/* Reads `path`: compile_commands.json itself, or a folder holding it.
 * NULL with st set (GM_EINPUT, naming the file) when it cannot be read or
 * is not a database.  The caller frees it with cli_compdb_free. */
cli_compdb *cli_compdb_load(const char *path, gm_status *st);
void cli_compdb_free(cli_compdb *db);

/* The CUDA sources it lists (.cu, .cuh), as absolute paths, in its order;
 * a file listed twice counts once. */
unsigned cli_compdb_nsources(const cli_compdb *db);
/* What the database's commands name that was not read (a response file
 * nested past GM_RESPONSE_FILE_DEPTH), a line each; "" when nothing. */
const char *cli_compdb_notes(const cli_compdb *db);
const char *cli_compdb_source(const cli_compdb *db, unsigned i);

/* The parser flags of `file` (-I, -isystem, -D, -U, -include, -std, in
 * every spelling gcc, clang and nvcc accept, response files (@FILE, nvcc's
 * --options-file) read in place, each folder made absolute from the
 * entry's directory, itself relative to the database's folder), appended to args[*n]
 * up to max; 0 when the database does not list the file (its flags are
 * then the command line's alone).  Strings are owned by db. */
int cli_compdb_flags(const cli_compdb *db, const char *file, const char **args, unsigned *n, unsigned max);

#endif
