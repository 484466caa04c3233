/* Index expressions and their classification.
 *
 * The parser turns each subscript of a kernel's pointer parameter into a
 * small expression tree over the thread-index atoms, with local variables
 * already replaced by their reaching definitions.  The classifier decides
 * whether the index is affine in the thread's global index
 * g = blockIdx.x*blockDim.x + threadIdx.x, i.e. stride*g + offset, which
 * fixes how a warp's 32 accesses fall into memory sectors. */
#ifndef ADV_INDEX_H
#define ADV_INDEX_H

typedef enum {
    ADV_X_CONST,  /* value */
    ADV_X_TID,    /* threadIdx.x */
    ADV_X_BID,    /* blockIdx.x */
    ADV_X_BDIM,   /* blockDim.x */
    ADV_X_GDIM,   /* gridDim.x */
    ADV_X_PARAM,  /* kernel parameter number `param` */
    ADV_X_ADD,
    ADV_X_SUB,
    ADV_X_MUL,
    ADV_X_SHL,
    ADV_X_NEG,
    ADV_X_OPAQUE  /* anything else; `why` says what */
} adv_xkind;

typedef struct adv_expr {
    adv_xkind kind;
    long long value;
    int param;
    char why[64];
    struct adv_expr *a, *b;
} adv_expr;

adv_expr *adv_expr_new(adv_xkind kind, adv_expr *a, adv_expr *b);
adv_expr *adv_expr_const(long long v);
adv_expr *adv_expr_opaque(const char *why);
adv_expr *adv_expr_clone(const adv_expr *e);
void adv_expr_free(adv_expr *e);

typedef struct {
    int affine;           /* 1: stride*g + offset (stride 0: warp-uniform) */
    long long stride;     /* in elements */
    long long offset;     /* in elements */
    char why[96];         /* when not affine: the reason */
} adv_affine;

/* Parameter values for ADV_X_PARAM leaves; known[p] == 0 makes such an
 * index irregular.  `names` is used only in the reason text. */
typedef struct {
    int n;
    const long long *value;
    const unsigned char *known;
    const char *const *names;
} adv_params;

adv_affine adv_index_classify(const adv_expr *e, const adv_params *params);

#endif
