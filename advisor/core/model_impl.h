/* Private: the model's storage, shared by model.c (getters, parameter
 * values) and parse.c (which fills it). */
#ifndef ADV_MODEL_IMPL_H
#define ADV_MODEL_IMPL_H

#include "../../common/strbuf.h"
#include "model.h"

struct adv_model {
    char *file;
    char *text;
    unsigned text_len;
    unsigned orig_len; /* synthesized kernels live past this offset */
    adv_struct *structs;
    unsigned *struct_decl_off; /* file offset of each struct's declaration */
    unsigned nstructs;
    adv_kernel *kernels;
    unsigned nkernels;
    adv_decl *decls;
    unsigned ndecls;
    sb_t notes;
    char **defines; /* -D NAME[=VALUE] */
    unsigned ndefines;
    char **includes; /* CUDA device headers the file includes: "cuda_fp16.h" */
    unsigned nincludes;
    adv_param_value *ann; /* from `// gmadvise: name=value` */
    unsigned nann;
    adv_param_value *ovr; /* from the command line */
    unsigned novr;
    long long count; /* elements assumed for count-like parameters */
};

adv_model *adv_model_new(const char *file);
/* Frees what parsing filled in (structs, kernels, declarations, notes),
 * keeping the file, its text and the parameter values. */
void adv_model_reset(adv_model *m);
/* Adds a CUDA header for generated code, once. */
void adv_model_add_include(adv_model *m, const char *name);

#endif
