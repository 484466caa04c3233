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
    adv_param_value *ann; /* from `// gmadvise: name=value` */
    unsigned nann;
    adv_param_value *ovr; /* from the command line */
    unsigned novr;
    long long count; /* elements assumed for count-like parameters */
};

adv_model *adv_model_new(const char *file);

#endif
