/* Parsing a CUDA header with libclang into an adv_model.
 *
 * The file is parsed as CUDA (host side) with gmadvise's prelude, so no
 * CUDA headers are needed.  Any clang error, and every construct whose
 * layout or accesses we would have to guess (unions, bitfields, templates,
 * flexible arrays, anonymous members), fails with GM_EINPUT and a message
 * "file:line:col: error: ...". */
#ifndef ADV_PARSE_H
#define ADV_PARSE_H

#include "../../common/status.h"
#include "../core/model.h"

typedef struct {
    const char *const *clang_args; /* -I, -D and anything after `--` */
    unsigned nclang_args;
    const char *text;              /* parse this text instead of reading `file` */
    unsigned text_len;
    const char *const *instantiate; /* "k<float, 256>": instances of template kernels to analyse */
    unsigned ninstantiate;
    const char *kernels_of;        /* NULL, or a file the parsed one #includes: only the kernels
                                    * written there are analysed (the others are host code here) */
    int cost_only;                 /* the model is costed, never rewritten or launched (check):
                                    * accesses through members of by-value struct parameters and
                                    * inside the __device__ functions a kernel calls are modelled
                                    * too (frontend/reach.c) */
} adv_parse_opts;

/* On success *out owns a new model (free with adv_model_destroy). */
int adv_parse_file(const char *file, const adv_parse_opts *opts, adv_model **out, gm_status *st);

/* How many times this process ran libclang over a file (a file is parsed
 * again for each header served empty, and for its template instances). */
unsigned adv_clang_parses(void);

#endif
