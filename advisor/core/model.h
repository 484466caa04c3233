/* The parsed model of a header: structs with their exact layouts, and the
 * kernels with every access through a pointer parameter.  Built by
 * adv_parse_file (parse.h); read by the layout, kgen, jit and report
 * stages; owned by the caller, who frees it with adv_model_destroy. */
#ifndef ADV_MODEL_H
#define ADV_MODEL_H

#include "index.h"

#define ADV_NAME_MAX 128

/* 1 when s is a plain ASCII identifier shorter than ADV_NAME_MAX: what
 * a name from the header must be before it reaches generated source. */
int adv_identifier_ok(const char *s);
#define ADV_TYPE_MAX 160

typedef enum {
    ADV_S_NONE, /* not a scalar (struct, array, ...) */
    ADV_S_F16, ADV_S_F32, ADV_S_F64,
    ADV_S_I8, ADV_S_U8, ADV_S_I16, ADV_S_U16, ADV_S_I32, ADV_S_U32, ADV_S_I64, ADV_S_U64,
    ADV_S_BOOL, ADV_S_PTR
} adv_scalar;

unsigned adv_scalar_size(adv_scalar s);
const char *adv_scalar_name(adv_scalar s);

/* One scalar inside a field, at a byte offset from the field's start. */
typedef struct {
    unsigned off;
    adv_scalar kind;
} adv_leaf;

typedef struct {
    char name[ADV_NAME_MAX];
    char type[ADV_TYPE_MAX];    /* as clang spells it: "float", "float3", "float[3]" */
    unsigned offset, size, align;
    unsigned array_len;         /* 0 unless a fixed array (outermost extent) */
    unsigned array_rank;        /* its extents, from the canonical type (float[2][3], or a
                                 * typedef of one, vec3 v[4]: 2); 0 unless an array */
    adv_scalar scalar;          /* ADV_S_NONE unless a plain scalar */
    int is_const;               /* const-qualified: elements cannot be assigned field by field */
    unsigned record;            /* 1 + the model's struct this field's type is (libclang's canonical
                                 * declaration, whatever the spelling: const, struct, ns::);
                                 * 0: none */
    unsigned char vec_lanes;    /* a CUDA vector type (float4: 4), as libclang resolved it; 0: none */
    unsigned char vec_lane;     /* its lane's bytes */
    unsigned nleaves;
    adv_leaf *leaves;
} adv_field;

typedef struct {
    char name[ADV_NAME_MAX];
    char qual[ADV_TYPE_MAX];       /* as code outside names the type: "ns::S" (else name) */
    unsigned size, align, padding; /* padding: bytes covered by no top-level field */
    unsigned declared_align;       /* from __align__/alignas, 0 if none */
    int packed;                    /* __attribute__((packed)) or #pragma pack */
    int is_final;                  /* struct S final: no layout may derive from it */
    unsigned pack;                 /* N of the #pragma pack(N) in force; 0: none */
    unsigned line, col;
    unsigned nfields;
    adv_field *fields;
} adv_struct;

typedef enum {
    ADV_P_STRUCT_PTR, /* pointer to a struct of this header */
    ADV_P_SCALAR_PTR, /* pointer to a scalar or a built-in vector type */
    ADV_P_INT,
    ADV_P_FLOAT,
    ADV_P_EMPTY,      /* a by-value struct with no data of its own (a stateless function object:
                       * thrust::plus<float>, a user's Op): launched with zero bytes */
    ADV_P_OTHER       /* by-value struct etc.: the kernel cannot be launched by us */
} adv_pkind;

/* One member of a struct passed by value, as a launch fills it: nested
 * records and arrays flattened to their scalars and pointers at their byte
 * offsets in the parameter. */
typedef enum { ADV_M_INT, ADV_M_FLOAT, ADV_M_PTR } adv_member_kind;
typedef struct {
    char name[64];           /* the member's own name (x of p.a.x; x[2] of an array's) */
    unsigned off, size;      /* bytes, in the parameter */
    adv_member_kind kind;
    adv_scalar scalar;       /* the value's, or the pointee's */
    unsigned pointee;        /* ADV_M_PTR: bytes of what it points to (1 for void) */
    int in_array;            /* an element of an array member */
    int is_enum;             /* an enum's: launched with enum_first */
    long long enum_first;
} adv_member;

typedef struct {
    char name[ADV_NAME_MAX];
    char type[ADV_TYPE_MAX];
    adv_pkind kind;
    int struct_idx;          /* ADV_P_STRUCT_PTR */
    adv_scalar scalar;       /* pointee (SCALAR_PTR) or value type */
    unsigned char vec_lanes, vec_lane; /* SCALAR_PTR to a CUDA vector type (float4: 4 lanes of 4
                                        * bytes), as libclang resolved it; 0: none */
    unsigned elem_size;      /* pointee size for pointers, value size otherwise */
    int pointee_const, is_restrict;
    unsigned begin, end;     /* byte range of the declaration in the file */
    unsigned pointee_off;    /* ADV_P_OTHER pointing to a type of the file: where it is
                              * declared (it could not be modelled); 0 otherwise */
    unsigned other_use_line; /* a use that is not P[...] (0: none) */
    unsigned bare_line;      /* a pointer offset (P + e) other than to be dereferenced at once
                              * (passed on to a call): where first; 0 when never */
    char other_use[160];     /* what that use is, when known ("calls member function get() on p[i]") */
    /* the integer every launch in the file passes it, when each passes the
     * same constant (sites: how many; 0 when none is known) */
    unsigned sites, site_line;
    int site_varies;
    long long site_value;
    /* an enum's parameter (ADV_P_INT): launched with its first enumerator,
     * since any other integer may be no value of it (an index c[ch] past
     * the array) */
    int is_enum;
    long long enum_first;
    /* ADV_P_OTHER, a struct passed by value: its members (owned; freed
     * with the kernel; a union's first member), or none and why it cannot
     * be filled (a bit-field, more than GM_MAX_VALUE_MEMBERS) */
    adv_member *members;
    unsigned nmembers;
    char members_why[120];
    /* written without a name (tag dispatch: f(T *p, std::true_type)): name
     * is one gmadvise made up, a word of no text of the kernel, which every
     * copy writes after the parameter's type (its text ends at end) */
    int unnamed;
} adv_param;

typedef enum { ADV_READ, ADV_WRITE } adv_mode;

typedef struct {
    int param;
    int struct_idx;          /* -1 for scalar pointers */
    int field;               /* top-level field, -1: the whole element */
    char path[ADV_NAME_MAX]; /* "pos.x"; "" for the whole element */
    adv_mode mode;
    unsigned span_off, span_size, span_align; /* set by the parser when the path goes through an
                              * element of an array member ("cell[1][2].tag"): the bytes touched
                              * inside the element, as clang lays them out (a variable subscript
                              * counts as element 0: the same for every thread); span_size 0:
                              * the path alone says */
    char index[256];         /* the index as written */
    adv_expr *expr;          /* owned */
    adv_expr *expr_max;      /* owned, may be NULL: the index with each loop variable at the
                              * last value its loop's condition allows (i < n: n - 1), for
                              * sizing buffers; expr takes loop variables at their start */
    adv_affine cls;          /* filled by adv_model_classify */
    unsigned line, col;
    /* byte ranges in the file, for rewriting */
    unsigned sub_begin, sub_end; /* P[E] */
    unsigned mem_end;            /* end of P[E].f when field >= 0 */
    unsigned idx_begin, idx_end; /* E */
    int idx_pure;                /* E has no side effects and may be repeated */
    int repeats;                 /* set by adv_model_classify: see adv_access_repeats */
} adv_access;

typedef struct {
    char name[ADV_NAME_MAX];   /* as in generated code: an instance of a template is a copy named
                                * "reduce__float_256" */
    char label[ADV_TYPE_MAX];  /* as the user knows it: "reduce<float, 256>" (else name) */
    const char *file;          /* the file it is written in, when not the model's (a kernels
                                * file the model's file #includes); NULL otherwise */
    unsigned line, col;        /* in that file, as its accesses' */
    unsigned begin, end;       /* the whole definition */
    unsigned body_begin;       /* '{' of the body */
    unsigned name_off;         /* the kernel's name */
    unsigned nparams;
    adv_param *params;         /* the last nviews are no parameters of the launch: members of
                                * by-value struct parameters (p.x of `Params p`), modelled as
                                * pointer or integer parameters of their own in models that are
                                * only costed (adv_parse_opts.cost_only, check) */
    unsigned nviews;
    unsigned naccesses;
    adv_access *acc;           /* what the model costs; an access inside a __device__ function
                                * the kernel passes an element to has no text range (sub_end 0) */
    unsigned nrw;
    adv_access *rw;            /* text that names an element without moving it, rewritten in
                                * every layout but not costed: p[i] passed to a __device__
                                * function by value or const reference (its reads are in acc) */
    unsigned ndrop;
    unsigned (*drop)[2];       /* text a rewritten layout deletes: `S &b = p[i];`, the
                                * declaration of a reference whose uses are accesses */
    char ns_open[ADV_TYPE_MAX]; /* a kernel inside namespaces: "namespace a { namespace b { ", which
                                 * generated code wraps its copy in (its names are looked up there) */
    unsigned ns_depth;         /* and how many braces close them */
    int synthesized;           /* made by gmadvise for a header with no kernel */
    int multi_dim;             /* an index uses threadIdx or blockIdx .y or .z: the model and the
                                * launches take the first row of blocks (blockIdx.y = z = 0) */
    unsigned block[3];         /* the block shape of the kernel's launch in the file (<<<g, dim3(32, 8)>>>)
                                * when its sizes are constants, for launches; {0}: none found */
    unsigned block_line;       /* where that launch is */
    /* what its launch needs of its code, as libclang reads it (frontend/kernel_facts.c; not
     * read, all 0, in models only costed: adv_parse_opts.cost_only) */
    int declares_shared;       /* its own body declares a __shared__ variable (a tile) */
    int dynamic_shared;        /* it reaches an extern __shared__ array, whose size only a launch
                                * gives: declared in its body, or in a function or class it names,
                                * through calls (cuda-samples' SharedMemory<T>) */
    unsigned block_targ;       /* an instance of a template with an integer parameter named for its
                                * block (blockSize, BLOCK_THREADS), whose code assumes that many
                                * threads: the argument, 1 to 1024; 0: none */
    unsigned block_tparam;     /* that parameter's index among the template's */
    char block_tparam_name[ADV_NAME_MAX]; /* and its name */
    unsigned *needs;           /* the declarations (indices into the model's decls) it uses,
                                * transitively, macros aside: what a program of this kernel
                                * alone carries, so that a declaration that does not compile
                                * costs only its users */
    unsigned nneeds;
    char follows[ADV_NAME_MAX]; /* a pointer field the kernel dereferences ("coords"), which
                                 * random data cannot hold: not measured; "" when none */
    long long window;          /* set by adv_model_classify: 1 + the highest element the
                                * model's threads reach (at least 1024, at most 2^32); the
                                * parameters' values it took are core's (adv_model_params) */
} adv_kernel;

/* A top-level declaration copied verbatim into generated CUDA source. */
typedef struct {
    unsigned begin, end;
    int is_macro;
    char ns_open[ADV_TYPE_MAX]; /* inside namespaces: "namespace a { ", which generated code
                                 * reopens around it */
    unsigned ns_depth;          /* and how many braces close them */
} adv_decl;

/* 1 when an earlier access of kernel kn moves the same data the same way
 * (same parameter, index text, member and mode): the compiler keeps the
 * first in a register, so it costs memory traffic once.  Valid after
 * adv_model_classify. */
int adv_access_repeats(const adv_kernel *kn, unsigned a);

typedef struct adv_model adv_model;

void adv_model_destroy(adv_model *m);

const char *adv_model_file(const adv_model *m);   /* as given by the user */
/* Where kernel k is written: its own file, else the model's. */
const char *adv_kernel_file(const adv_model *m, const adv_kernel *k);
const char *adv_model_text(const adv_model *m);   /* the parsed text */
unsigned adv_model_text_len(const adv_model *m);
unsigned adv_model_nstructs(const adv_model *m);
const adv_struct *adv_model_struct(const adv_model *m, unsigned i);
int adv_model_find_struct(const adv_model *m, const char *name);
/* File offset of struct i's declaration (inside one of the decls). */
unsigned adv_model_struct_offset(const adv_model *m, unsigned i);
unsigned adv_model_nkernels(const adv_model *m);
const adv_kernel *adv_model_kernel(const adv_model *m, unsigned i);
unsigned adv_model_ndecls(const adv_model *m);
const adv_decl *adv_model_decl(const adv_model *m, unsigned i);
/* The -D definitions the header was parsed with, as "NAME" or
 * "NAME=VALUE": generated code defines them too. */
unsigned adv_model_ndefines(const adv_model *m);
/* The C++ standard the parser was given (-std=c++20 or gnu++2a: 20), 0 for
 * none: generated code is compiled for it where it is above C++17. */
unsigned adv_model_cxx_std(const adv_model *m);
/* What generated code needs from outside the file, one line each: the
 * CUDA device headers it includes ("#include <cooperative_groups.h>"), the
 * system macros its kernels use (FLT_MAX). */
unsigned adv_model_npreamble(const adv_model *m);
const char *adv_model_preamble(const adv_model *m, unsigned i);
const char *adv_model_define(const adv_model *m, unsigned i);
/* Notes for the user ("no kernel: assumed ..."), one per line. */
const char *adv_model_notes(const adv_model *m);

/* Parameter values: from `// gmadvise: name=value` comments in the header,
 * then overrides (name=value strings); count-like names (n, N, size, count,
 * ...) not given get `count`.  Classifies every access with those values. */
typedef struct {
    const char *name;
    double value;
} adv_param_value;

/* Value of kernel k's scalar parameter p as used for launches.  Returns 1
 * when given or count-like, 2 for a float defaulted to 0.5, 3 for an
 * integer nobody gave, which stands at GM_ASSUMED_PARAM (the model reports
 * a stride that depends on it symbolically, and the report says so), 0
 * when it has no value (launches pass 0). */
int adv_model_param_value(const adv_model *m, unsigned k, unsigned p, long long count,
                          double *value);
void adv_model_set_overrides(adv_model *m, const adv_param_value *v, unsigned n);
/* What the model took for kernel k from a capture of its launch (gmadvise
 * --inputs): one line the reports print beside the kernel's figures
 * ("with the captured arguments of launch 1 in DIR: k=1"); "" when none. */
void adv_model_set_kernel_inputs(adv_model *m, unsigned k, const char *text);
const char *adv_model_kernel_inputs(const adv_model *m, unsigned k);
/* Kernel k is launched with blockDim.x == 1 and `dim` ('y' or 'z') the
 * block's extent: the threads of a warp differ in threadIdx.dim, not .x.
 * Its accesses' indices are rewritten so (threadIdx.dim and blockDim.dim
 * as the model's lane and block size, threadIdx.x 0, blockDim.x 1);
 * classify the model again after. */
void adv_model_set_lanes(adv_model *m, unsigned k, char dim);
/* Whether parameter p points to struct st (an index of the model's
 * structs), and whether any parameter of kernel k does. */
int adv_param_points_to(const adv_param *p, int st);
int adv_kernel_takes(const adv_kernel *k, int st);

/* The weight of kernel k in the program answer (one layout per struct for
 * all its kernels): from --weight (set here), else `// gmadvise: weight
 * K=W` in the file, by the kernel's label or name; 1 when not given. */
double adv_model_weight(const adv_model *m, unsigned k);
void adv_model_set_weights(adv_model *m, const adv_param_value *v, unsigned n);
/* The name of a weight (given either way) that names no kernel, or NULL. */
const char *adv_model_unknown_weight(const adv_model *m);
/* 1 when v can be a parameter's value: finite, and an exact integer range
 * (|v| <= 2^53) so that launches and the index model see the same value. */
int adv_param_value_ok(double v);
void adv_model_classify(adv_model *m, long long count);
/* Threads of one kernel evaluated by the model so far in this process: the
 * unit of work the tests bound (it grows linearly with the accesses). */
unsigned long long adv_model_work(void);
void adv_model_count_work(unsigned long long threads);

/* Kernel k's parameter values, every parameter, as the index classifier
 * and the coalescing model use them; made by adv_model_classify (with the
 * count it is given), owned by the model. */
const adv_params *adv_model_params(const adv_model *m, unsigned k);
/* 1 for a name that conventionally holds the number of elements a kernel
 * covers (n, size, count, num*): the model gives it the run's count. */
int adv_param_count_like(const char *name);
/* The same for a launch of `count` threads, in the caller's arrays (each of
 * the kernel's nparams; `assumed` may be NULL); names are the model's.
 * Valid after adv_model_classify. */
adv_params adv_model_params_at(const adv_model *m, unsigned k, long long count, long long *value,
                               unsigned char *known, unsigned char *assumed);
long long adv_model_count(const adv_model *m);

#endif
