/* What a kernel's buffers must hold to run like real data, inferred from
 * how the kernel uses them, and the data settings that choose among real
 * shapes (--data NAME=SETTING, `// gmadvise: data NAME=SETTING`).
 *
 * An integer buffer whose values are loaded and then used inside another
 * access's index (j = nbr[k]; p[j].x) holds indices of that buffer: values
 * in its range, spread by the data setting (uniform over the range, or
 * within a window of the loading thread's element: local:W).  A buffer
 * loaded for both the start and the end of an inner loop
 * (row_ptr[i] .. row_ptr[i + 1]) holds offsets: monotone, GM_DATA_DEGREE
 * apart on average, and the buffers the loop indexes hold that many
 * elements per thread.  Every other buffer holds the default random
 * elements (measure.h): floats in [0.5, 1.5), finite and never zero, so a
 * division by any of them is defined.
 *
 * Pure: reads the model, touches no GPU. */
#ifndef ADV_INPUTS_INFER_H
#define ADV_INPUTS_INFER_H

#include <stddef.h>

#include "../../common/status.h"
#include "model.h"

typedef enum {
    ADV_DATA_DEFAULT,   /* no setting: the inferred role's default (uniform for indices) */
    ADV_DATA_UNIFORM,   /* indices uniform over their range */
    ADV_DATA_LOCAL,     /* indices within `window` elements of the element loading them */
    ADV_DATA_SORTED,    /* uniform indices, ascending through the buffer */
    ADV_DATA_IDENTITY,  /* each element's index is its own position (modulo the range) */
    ADV_DATA_FILE       /* the elements of a .npy file, repeated to fill the buffer */
} adv_data_kind;

typedef struct {
    adv_data_kind kind;
    long long window;   /* ADV_DATA_LOCAL */
    char file[512];     /* ADV_DATA_FILE */
} adv_data_setting;

/* Parses "uniform", "local:W", "sorted", "identity" or a path ending in
 * .npy; -1 with `why` for anything else. */
int adv_data_setting_parse(const char *text, adv_data_setting *out, char *why, size_t why_len);
/* "uniform", "local:4096", "identity", "file x.npy" */
const char *adv_data_setting_text(const adv_data_setting *s, char *out, size_t n);

typedef enum {
    ADV_ROLE_PLAIN,    /* default random elements */
    ADV_ROLE_INDEX,    /* integer indices of buffer `target` */
    ADV_ROLE_OFFSETS   /* monotone offsets bounding a loop over buffer `target` */
} adv_role;

typedef struct {
    adv_role role;
    int target;          /* the parameter indexed (INDEX, OFFSETS), else -1 */
    long long scale;     /* target elements per index value (xyz[id * 3 + k]: 3) */
    long long reach;     /* the highest constant the index adds to scale * value (k: 2) */
    long long stride;    /* elements of this buffer per thread of the loading access
                          * (nbr[k * n + i]: 1; nbr[i * K + k]: K; col[e] inside a loop
                          * that offsets bound: GM_DATA_DEGREE, so centred at the row), for local windows */
    unsigned line;       /* the access that shows the role */
    adv_data_setting data; /* the setting in force (ADV_DATA_DEFAULT: none given) */
} adv_input_shape;

/* The inferred shape of every parameter of kernel k (out has the
 * kernel's nparams entries).  Returns how many are not PLAIN. */
unsigned adv_infer_inputs(const adv_model *m, unsigned k, adv_input_shape *out);

/* Applies data settings by parameter name to shapes inferred for kernel k:
 * `names`/`settings` from --data (first) and the file's annotations.  A
 * setting for a parameter that is not an index buffer is kept and
 * applies too (its values are then indices of the parameter's own
 * range).  */
void adv_inputs_apply(const adv_model *m, unsigned k, adv_input_shape *shapes, const char *const *names,
                      const adv_data_setting *settings, unsigned n);

/* Data settings by parameter name, the first for a name winning (--data
 * before the file's annotations). */
typedef struct {
    unsigned n;
    const char *const *names;
    const adv_data_setting *settings;
} adv_data_list;

/* adv_infer_inputs then adv_inputs_apply with `data` (may be NULL): an
 * array of the kernel's nparams shapes (at least one), malloc'd. */
adv_input_shape *adv_inputs_for(const adv_model *m, unsigned k, const adv_data_list *data);

/* What kernel k's shaped buffers held, for every figure measured on them:
 * "row_ptr=offsets:16 col=uniform"; "" when every buffer holds the
 * default random elements. */
const char *adv_inputs_data_text(const adv_model *m, unsigned k, const adv_data_list *data, char *out,
                                 size_t n);

/* The coalescing model's view of a kernel's index buffers: a gathered
 * leaf's value for element `at` of an index buffer follows the buffer's
 * data setting (the file's annotation, else uniform) over the range of
 * the buffer it indexes: as many elements as the model's count or its
 * window, whichever is larger (divided by the index's scale), as engine/inputs.h makes it for the GPU:
 * uniform, local:W around the loading thread's element, identity; offsets
 * GM_DATA_DEGREE apart.  So a gather p[j].x costs, per gathered element,
 * the sectors its touched fields span in the layout. */
typedef struct {
    unsigned nparams;
    adv_input_shape *shapes;
    long long *range;
    long long span;      /* elements a gathered buffer's layout must hold */
    long long trip;      /* added to every offsets value: trip t of the loop they bound */
    adv_gather_model gm;
} adv_gather_ctx;

/* 1 when kernel k gathers through an index or offsets buffer: c is set up
 * (freed with adv_gather_ctx_free) and *pv is the model's parameters with
 * the gather model; 0 otherwise (*pv: the model's parameters as they are). */
int adv_gather_setup(const adv_model *m, unsigned k, adv_gather_ctx *c, adv_params *pv);
void adv_gather_ctx_free(adv_gather_ctx *c);

/* Loops that offsets bound (col[e] for e in row_ptr[i] .. row_ptr[i + 1])
 * run a different number of trips in each thread, so their warps run
 * partly empty and fewer live lanes share fewer sectors.  When `index`
 * starts at an offsets value (row_ptr[at]) of pv's gather model, sets
 * trips[l] to thread g0 + l's trip count (row_ptr[at + 1] - row_ptr[at],
 * GM_DATA_DEGREE on average) and returns 1; 0 when it does not, -1 with
 * `why` when a thread's `at` cannot be computed.  adv_gather_set_trip
 * moves every offsets value t trips on (0: as set up). */
int adv_gather_trips(const adv_params *pv, const adv_expr *index, long long g0, unsigned n, long long block,
                     long long grid, long long *trips, char *why, size_t why_len);
void adv_gather_set_trip(const adv_params *pv, long long t);

/* The data setting that kernel k's parameter p was measured to hold in a
 * capture of its launch (local:W from the captured indices): the gather
 * model uses it in place of the file's annotation. */
void adv_model_set_kernel_data(adv_model *m, unsigned k, unsigned p, const adv_data_setting *s);
/* 1 when some parameter of kernel k has such a measured setting. */
int adv_model_kernel_has_data(const adv_model *m, unsigned k);
/* The settings of `d` (--data) for every kernel parameter they name, as
 * above: the model then costs gathers on the user's setting too, over a
 * capture's and the file's annotations. */
void adv_model_set_data(adv_model *m, const adv_data_list *d);
/* Parameter p's setting so set, or NULL. */
const adv_data_setting *adv_model_kernel_data(const adv_model *m, unsigned k, unsigned p);

/* `// gmadvise: data NAME=SETTING ...` annotations of the model's text:
 * up to max, returns how many (names point into a static-free buffer the
 * caller frees with free(names_buf)); -1 with a located error in st. */
int adv_data_annotations(const adv_model *m, char ***names, adv_data_setting **settings, gm_status *st);

/* A line for the report: "nbr: indices of p (uniform over its range)". */
const char *adv_input_shape_text(const adv_model *m, unsigned k, unsigned p, const adv_input_shape *s,
                                 char *out, size_t n);

/* The role of the buffer whose loaded value indexes access x at its top
 * (p[j] with j = nbr[...]: nbr's role), given the kernel's shapes;
 * ADV_ROLE_PLAIN when its index loads nothing. */
adv_role adv_access_gathered_by(const adv_access *x, const adv_input_shape *shapes);

/* Whether kernel k's ranking may depend on an index locality assumption:
 * it gathers through an index buffer. */
int adv_kernel_gathers(const adv_model *m, unsigned k);

#endif
