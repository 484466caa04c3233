/* Private to advisor/core: the model's storage, shared by model.c
 * (getters, parameter values, classification) and model_build.c (what the
 * frontend fills it with, through model_build.h). */
#ifndef ADV_MODEL_IMPL_H
#define ADV_MODEL_IMPL_H

#include "../../common/strbuf.h"
#include "inputs_infer.h"
#include "model.h"
#include "model_build.h"

/* What adv_model_classify computes for a kernel beside what the parser
 * read: every parameter's value as the index model takes it.  One per
 * kernel, made by each classification and dropped when the kernels change
 * (reset, keep). */
typedef struct {
    long long *value;
    unsigned char *known, *assumed;
    const char **names;
    adv_params pv;
} adv_kernel_analysis;

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
    unsigned cxx_std; /* the C++ standard the build names (-std=c++20: 20), 0: the default */
    char **files;    /* other files kernels were read from (adv_kernel.file points here) */
    unsigned nfiles;
    char **preamble; /* lines generated code starts with: "#include <cuda_fp16.h>" */
    unsigned npreamble;
    adv_param_value *ann; /* from `// gmadvise: name=value` */
    unsigned nann;
    adv_param_value *ovr; /* from the command line */
    unsigned novr;
    adv_param_value *wann; /* kernel weights from `// gmadvise: weight K=W` */
    unsigned nwann;
    adv_param_value *wovr; /* kernel weights from the command line */
    unsigned nwovr;
    long long count; /* elements assumed for count-like parameters */
    adv_data_setting **kdata; /* per kernel (NULL: none), per parameter: what a capture's index
                               * data measured (adv_model_set_kernel_data) */
    char **kinputs;  /* per kernel: what the model took from a capture ("" or NULL: nothing) */
    adv_kernel_analysis *an; /* per kernel, from the last adv_model_classify (nan of them) */
    unsigned nan;
};

/* Drops the classification's per-kernel results (the kernels changed). */
void adv_model_drop_analysis(adv_model *m);

#endif
