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

#include <stddef.h>

typedef enum {
    ADV_X_CONST,  /* value */
    ADV_X_TID,    /* threadIdx.x */
    ADV_X_BID,    /* blockIdx.x */
    ADV_X_BDIM,   /* blockDim.x */
    ADV_X_GDIM,   /* gridDim.x */
    ADV_X_PARAM,  /* kernel parameter number `param` */
    /* threadIdx.y/z, blockIdx.y/z, blockDim.y/z, gridDim.y/z: the same for
     * every thread of a warp when blockDim.x is a multiple of 32 (the
     * assumption the model states); `why` names it, `value` is what the
     * model evaluates it as (0 for an index, 1 for a dimension: the first
     * row of a 2-D launch). */
    ADV_X_UNIFORM,
    ADV_X_ADD,
    ADV_X_SUB,
    ADV_X_MUL,
    ADV_X_SHL,
    ADV_X_NEG,
    /* Not affine, but computable per thread (the model evaluates them):
     * integer division and bit operations, comparisons, and ?: with the
     * condition in a, the branches in b and c.  `why` holds the spelling
     * for the classifier's message. */
    ADV_X_DIV, ADV_X_MOD, ADV_X_AND, ADV_X_OR, ADV_X_XOR, ADV_X_SHR,
    ADV_X_EQ, ADV_X_NE, ADV_X_LT, ADV_X_GT, ADV_X_LE, ADV_X_GE,
    ADV_X_LAND, ADV_X_LOR, ADV_X_NOT, ADV_X_BNOT,
    ADV_X_COND,
    /* Conversion of a to an integer of `bits` bits (8, 16 or 32), signed or
     * not: C's value of every subexpression narrower than 64 bits, so that
     * wrap-around ((unsigned)threadIdx.x - 1u) and narrowing casts are seen. */
    ADV_X_CAST,
    ADV_X_OPAQUE  /* anything else; `why` says what */
} adv_xkind;

/* The reason of an opaque leaf that is a value loaded from a parameter's
 * buffer (P[E] inside an index): its `param` names P (-1: not a
 * parameter) and `a` holds E. */
#define ADV_GATHER_WHY "indirect (gathered) index"

typedef struct adv_expr {
    adv_xkind kind;
    long long value;
    int param;
    unsigned char bits, is_unsigned; /* ADV_X_CAST */
    char why[64];
    struct adv_expr *a, *b, *c;
} adv_expr;

adv_expr *adv_expr_new(adv_xkind kind, adv_expr *a, adv_expr *b);
adv_expr *adv_expr_const(long long v);
adv_expr *adv_expr_opaque(const char *why);
adv_expr *adv_expr_clone(const adv_expr *e);
void adv_expr_free(adv_expr *e);
/* 1 when x and y are the same tree (both NULL included): the same index
 * for every thread. */
int adv_expr_equal(const adv_expr *x, const adv_expr *y);
/* A hash of the tree: equal trees hash equal. */
unsigned long long adv_expr_hash(const adv_expr *e);

typedef struct {
    int affine;           /* 1: lane l of each warp is stride*l past lane 0 (stride 0: warp-uniform) */
    long long stride;     /* in elements */
    long long offset;     /* in elements: the index of thread 0 */
    int per_warp;         /* the index is stride*g + offset only within each warp: terms the
                           * same for a whole warp (blockIdx, the y and z indices) move it */
    int sym_param;        /* >= 0: the stride is sym_base + sym_coef*P for the parameter P,
                           * whose value was assumed (stride holds it at that value) */
    long long sym_coef, sym_base;
    char why[96];         /* when not affine: the reason */
} adv_affine;

/* Parameter values for ADV_X_PARAM leaves; known[p] == 0 makes such an
 * index irregular; assumed[p] (may be NULL) marks a value the model stood
 * in for one nobody gave, which the classifier reports symbolically.
 * `names` is used only in the reason text. */
/* The values a model assumes for gathered leaves (ADV_GATHER_WHY): the
 * element `at` of parameter `param`'s buffer, where the index buffers
 * are modelled (core/inputs_infer.h); 0 with *out set, -1 when that
 * buffer's values are not modelled. */
typedef struct {
    int (*value)(const void *ctx, int param, long long at, long long *out);
    const void *ctx;
} adv_gather_model;

typedef struct {
    int n;
    const long long *value;
    const unsigned char *known;
    const char *const *names;
    const unsigned char *assumed;
    const adv_gather_model *gather; /* NULL: gathered leaves cannot be computed */
} adv_params;

/* The stride as text: "2", or "nfeatures", "2*rows+1" for a symbolic one. */
const char *adv_affine_stride_text(const adv_affine *a, const adv_params *params, char *out, size_t n);

adv_affine adv_index_classify(const adv_expr *e, const adv_params *params);

/* Checks an affine verdict against the index evaluated (adv_index_eval)
 * for the first and last `edge` threads of a launch of `count` threads in
 * blocks of `block`: the classifier reasons over unbounded integers, so
 * an index that wraps or overflows its C type, or is undefined for some
 * thread, is made irregular here with the reason and the thread. */
void adv_index_check_affine(const adv_expr *e, const adv_params *params, long long count,
                            unsigned block, unsigned edge, adv_affine *cls);

/* The thread whose index is evaluated. */
typedef struct {
    long long tid, bid, bdim, gdim;
} adv_thread;

/* The index of one thread, for any expression built from the atoms,
 * known parameters and the operators above (C semantics on 64-bit
 * integers).  Returns 0 and sets *out, or -1 with `why` (opaque leaf,
 * unknown parameter, division by zero). */
int adv_index_eval(const adv_expr *e, const adv_thread *t, const adv_params *params,
                   long long *out, char *why, size_t why_len);

/* The index of the n consecutive threads from global thread g0 (blocks of
 * `block` threads, `grid` blocks): out[l] is what adv_index_eval gives
 * thread g0 + l.  Faster for n up to ADV_INDEX_LANES (one walk of the tree
 * for all); any n works.  Returns 0, or -1 with `why` and *bad set to the
 * first thread whose index cannot be computed (out is then partial). */
#define ADV_INDEX_LANES 32
int adv_index_eval_threads(const adv_expr *e, long long g0, unsigned n, long long block, long long grid,
                           const adv_params *params, long long *out, long long *bad, char *why,
                           size_t why_len);

#endif
