/* Loading a model: what every subcommand, test and fuzzer starts from.
 *
 * adv_model_load parses a file (or text in its place), finds the
 * translation unit it belongs to when it is none itself, applies --param
 * overrides and --weight weights and classifies every access with
 * GM_DEFAULT_COUNT elements for count-like parameters.  The includer
 * search reads the folders around the file: this is the frontend's I/O,
 * never core's. */
#ifndef ADV_LOAD_H
#define ADV_LOAD_H

#include <stddef.h>

#include "../../common/status.h"
#include "../core/model.h"
#include "parse.h"

typedef struct {
    adv_parse_opts parse;           /* clang arguments, text, instances; kernels_of is set here */
    const adv_param_value *params;  /* --param overrides */
    unsigned nparams;
    const adv_param_value *weights; /* --weight KERNEL=W: GM_EINPUT for one that names no kernel */
    unsigned nweights;
} adv_load_opts;

/* Loads `path` (opts NULL: no options).  A .cu file that another source
 * #includes is parsed inside that file (adv_includer), its own kernels
 * analysed.  On success *out owns the model (adv_model_destroy). */
int adv_model_load(const char *path, const adv_load_opts *opts, adv_model **out, gm_status *st);

/* The same with the translation unit given: `unit` (adv_includer's answer
 * for path) is parsed for path's kernels; NULL: path alone, and a header
 * that does not compile alone is then parsed in the source that #includes
 * it (adv_header_includer), when there is one; else the error of the
 * header alone stands. */
int adv_model_load_in(const char *path, const char *unit, const adv_load_opts *opts, adv_model **out,
                      gm_status *st);

/* The translation unit a .cu file belongs to when it is none itself: a
 * .cu that a source file of its folder, or of the GM_INCLUDER_UP folders
 * above, #includes in quotes (Rodinia's and HeCBench's kernel files are
 * written so) is compiled only inside that file, after what it defines
 * first, so it is analysed there.  An includer that is itself #included
 * (a header, a .cpp in a unity build) is followed to the source including
 * it, at most GM_INCLUDER_DEPTH deep.  Writes the includer's path
 * (FOLDER/NAME, the first in name order) to out and returns 1; 0 when
 * there is none or `path` is no .cu. */
int adv_includer(const char *path, char *out, size_t n);

/* The same search for a header (.h, .cuh, ...).  A header is its own
 * unit (gmadvise reads a header alone); this is where it is analysed
 * when it does not compile alone, and the file whose check covers it. */
int adv_header_includer(const char *path, char *out, size_t n);

/* 1 when name's last '.' starts one of exts (NULL-terminated). */
int adv_path_has_ext(const char *name, const char *const *exts);

#endif
