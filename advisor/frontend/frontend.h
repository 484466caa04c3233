/* Private to advisor/frontend: the parsing state shared by its files, one
 * file a job:
 *   parse.c       the driver: reads the file, runs libclang, visits the top level
 *   cursor.c      libclang cursors, locations and tokens
 *   structs.c     types and struct layouts (exactly as clang lays them out)
 *   value_members.c  the members of a struct passed by value, as a launch fills them
 *   kernels.c     kernels, parameters and accesses
 *   index_expr.c  index expressions over locals' reaching definitions
 *   annotate.c    annotations and synthesized kernels
 *   needed.c      which declarations the kernels need
 *   templates.c   template kernels, instantiated as concrete copies
 *   served.c      what is served for the CUDA toolkit's headers, and why
 *   reach.c       check's reach: views of by-value parameters, bindings, groups, macros
 *   callees.c     the __device__ functions check follows
 *   kernel_facts.c   what a kernel's launch needs of its code: shared arrays, its block
 *   callee_writes.c  whether a function a pointer is passed to writes or reads through it
 *   pointer_origin.c  check's pointers derived from parameters (casts, offsets, locals)
 *   kernel_macro.c  kernels declared through a project macro the file never defines
 *   walk.c        what the walks share: cursor lists, errors charged to a
 *                 function, the depth limit
 *   load.c        the loader (load.h): parse, includer search, classify
 * Functions that fail set pc->st through fe_fail_at and return its code. */
#ifndef ADV_FRONTEND_H
#define ADV_FRONTEND_H

#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../common/limits.h"
#include "../../common/strbuf.h"
#include "../core/model_build.h"
#include "clang_api.h"
#include "parse.h"

/* Where gmadvise's CUDA headers (advisor/frontend/include) appear to be:
 * a folder no file system has, searched before any other, so that a CUDA
 * installation's own headers (which need nvcc) are never read. */
#define FE_HEADERS_DIR "/gmadvise/include"
/* The note of a struct a header of structs could not lay out while others
 * are analysed ("FILE:L:C: struct not laid out, skipped: why"), kept from
 * the first parse to the one of the stand-in kernels. */
#define FE_STRUCT_SKIPPED "struct not laid out, skipped: "

typedef struct {
    CXCursor *v;
    unsigned n, cap;
} cvec;

/* Files served at their own paths (libclang's unsaved files). */
typedef struct {
    char **path, **text;
    unsigned n;
} fe_overrides;

/* A clang error, kept until it is known whether it costs a function
 * (inside one of the main file's function bodies) or the file. */
typedef struct {
    unsigned off;  /* in the main file */
    int in_main;   /* 0: in another file, or no location */
    int fatal;     /* clang stopped there: the rest of the file was not parsed */
    int consumed;  /* charged to a function, which was skipped */
    gm_status st;  /* clang's error with its location: "file:line:col: error: TEXT" */
} perr;

/* A struct that could not be modelled: an error only if a kernel uses it. */
typedef struct {
    unsigned begin, end; /* its declaration */
    gm_status st;        /* why, as it was failed (located where it is) */
} pfail;

typedef struct {
    const adv_clang *cx;
    CXTranslationUnit tu;
    adv_model *m;
    const char *file;
    CXFile cxfile, prelude;
    char pch[1200]; /* the prelude's PCH this parse read (its macros are not visited), or "" */
    gm_status *st;
    char ns[ADV_TYPE_MAX];  /* "a::b::" inside namespaces a and b, else "" */
    perr *errs;
    unsigned nerrs;
    const gm_status *broken_kernel; /* the first error of a kernel that does not compile */
    pfail *fails;
    unsigned nfails;
    cvec decl_cur;   /* the cursor of each of m->decls */
    cvec kern_cur;   /* the definition of each of m->kernels */
    cvec templates;  /* __global__ function templates */
    cvec host_templates; /* host function and class templates: where a kernel template's k<T> may
                          * get its T */
    unsigned ntemplates; /* how many the last parse found */
    unsigned too_large; /* kernels skipped for their size (GM_MAX_KERNEL_TOKENS, GM_MAX_ACCESSES): the
                         * file has kernels, so none is assumed for its structs */
    int past_kernels, past_structs; /* a kernel or a struct past GM_MAX_KERNELS or GM_MAX_STRUCTS
                                     * was met (and noted) */
    /* instances of template kernels, kept from the parse that found them
     * to the one that reads them: copy name -> "kernel<args>" */
    char (*inst_name)[ADV_NAME_MAX];
    char (*inst_label)[ADV_TYPE_MAX];
    unsigned char *inst_assumed; /* its arguments were assumed (no instance in the file), or only
                                  * clang's instantiation names it: it fails no file */
    unsigned ninst;
    char **stubs;    /* library headers served empty (parse.c), and the notes saying so */
    gm_status missing;  /* clang's error for the first #include found nowhere (GM_OK: none) */
    unsigned nstubs;
    sb_t stub_notes;
    sb_t head_macros; /* "NAME\tFILE:L:C\n": unknown words before a broken function's type (kernel_macro.c) */
    const adv_parse_opts *opts;
    char *kernels_of; /* the real path of opts->kernels_of, or NULL */
    char **inc_dirs; /* folders of spliced #includes (parse.c) */
    fe_overrides toolkit; /* the toolkit's headers in the user's folders, served (served.c) */
    fe_overrides rewritten; /* headers served without a namespace's attribute (namespace_attributes.h) */
    int rewrote_all; /* every header a parse read was rewritten so (namespace_attributes.h) */
    int toolkit_done;
    int discovered; /* the parse that names every missing header at once was made (missing_headers.h) */
    int likely_missing; /* an #include is likely found nowhere (fe_likely_missing) */
    char **predicted;   /* those #includes, and the folders of the files holding them,
                         * served at the first parse (missing_headers.h) */
    char **predicted_from;
    unsigned npredicted;
    int predict_off;    /* a file the walk read asks __has_include: none is predicted */
    unsigned ninc_dirs;
    /* tokens of the main file, for operator spellings */
    unsigned ntok;
    unsigned *tok_off;
    char (*tok_str)[4];
} pctx;

typedef struct {
    unsigned var;      /* offset of the VarDecl: identity of the variable */
    unsigned at;       /* the definition takes effect after this offset */
    CXCursor value;    /* the expression assigned */
    int is_mod;        /* compound assignment or ++/--: not a definition */
    unsigned loop_b, loop_e; /* for a for-loop increment: the loop body */
    CXCursor cond;     /* and the loop's condition */
    adv_expr *pre;     /* owned, or NULL: the value read from the declaration as clang prints it,
                        * where a macro's body wrote it (reach.c: its operators have no tokens) */
} vdef;

/* A parameter of a __device__ function check follows (reach.c), bound to
 * the caller's argument: a kernel parameter (param), else an expression. */
typedef struct {
    CXCursor parm;
    CXCursor arg;
    int param;         /* the kernel parameter the argument names, or -1 */
} fbind;

/* A reference bound to an element, `S &b = p[i];`: each `b.f` is an access
 * of p[i].f. */
typedef struct {
    unsigned var;       /* offset of b's declaration */
    adv_access proto;   /* p[i], with its index's range and expression */
} falias;

typedef struct {
    pctx *pc;
    adv_kernel *k;
    falias *aliases;
    unsigned naliases;
    int at_max;        /* index expressions take loop variables at their last value */
    CXCursor fn;
    vdef *defs;
    unsigned ndefs, cap;
    CXCursor stack[GM_MAX_AST_DEPTH];
    unsigned depth;
    unsigned cdepth;      /* fe_collect_defs's own nesting */
    unsigned too_deep;    /* the line of the first expression nested past GM_MAX_AST_DEPTH, or 0 */
    unsigned unevaluated; /* inside sizeof/alignof: elements are named, never moved */
    fbind *binds;         /* the parameters of the __device__ functions being followed (reach.c) */
    unsigned nbinds;
    CXCursor calls[GM_MAX_CALL_DEPTH]; /* and those functions, outermost first */
    unsigned ncalls;
    /* kernels.c's reader of a parameter (or an expression of its type) as
     * the model holds it, for reach.c's views: given, since reach.c sits
     * below kernels.c */
    void (*read_param)(pctx *pc, CXCursor pd, adv_param *p);
    int through_call;     /* the access being finished is a pointer passed to a call: read or
                           * written as the callee does (fe_callee_access) */
} kctx;

/* cursor.c: libclang cursors, locations and tokens */
const char *fe_binop(pctx *pc, CXCursor lhs);
int fe_cursor_in_main(pctx *pc, CXCursor c);
void fe_cursor_pos(pctx *pc, CXCursor c, unsigned *line, unsigned *col);
/* The file the user reads c in (a spliced header's own); pc->file when none. */
const char *fe_cursor_file(pctx *pc, CXCursor c, char *buf, size_t n);
int fe_decl_extent(pctx *pc, CXCursor c, unsigned *b, unsigned *e);
unsigned fe_decl_offset(pctx *pc, CXCursor decl);
int fe_extent_in_main(pctx *pc, CXCursor c, unsigned *b, unsigned *e);
int fe_fail_at(pctx *pc, CXCursor c, const char *fmt, const char *name);
/* A union refused (gmadvise lays out structs only), an unnamed one named
 * alike with every libclang. */
int fe_fail_union(pctx *pc, CXCursor c);
/* The namespaces around c, outermost first, as the text that opens them
 * ("namespace a { namespace { "; an unnamed one reopens as unnamed, or
 * with named_only is left out: what it declares is visible from around
 * it, and an extern "C" kernel inside it would have no external name);
 * how many there are. */
unsigned fe_namespaces(pctx *pc, CXCursor c, int named_only, char *open, size_t n);
cvec fe_kids(pctx *pc, CXCursor c);
/* The translation unit's top-level cursors as a walk of its declaration
 * context meets them.  The index is made with excludeDeclarationsFromPCH
 * (parse.c), so libclang walks the declarations the parse handed over,
 * which include each function a template instantiation defined, at the
 * end and at its template's location: those are left out here.
 * fe_visit_top is clang_visitChildren over the same cursors. */
cvec fe_top(pctx *pc);
unsigned fe_visit_top(pctx *pc, CXCursorVisitor v, CXClientData d);
enum CXCursorKind fe_kind(pctx *pc, CXCursor c);
/* The value of an enum's first enumerator (0: none), what a parameter or
 * member of its type is launched with: any other integer may be no value
 * of it (an index c[ch] past the array). */
long long fe_enum_first(pctx *pc, CXCursor enum_decl);
int fe_loc_at(pctx *pc, CXSourceLocation l, int exact, unsigned *off, unsigned *line,
                  unsigned *col);
const char *fe_punct_at(pctx *pc, unsigned off);
/* The index of the first token of the main file at or after byte `off`. */
unsigned fe_token_at(pctx *pc, unsigned off);
/* 1 when a token of the main file starts at byte off: 0 in a comment or a string. */
int fe_is_token(pctx *pc, unsigned off);
/* 1 when c is the unary operator `op` ("*", "&"). */
int fe_unary_is(pctx *pc, CXCursor c, const char *op);
const char *fe_spell(pctx *pc, CXCursor c, char *buf, size_t n);
CXCursor fe_strip(pctx *pc, CXCursor c);
void fe_tokenize_main(pctx *pc);

/* structs.c: types, struct layouts as clang computes them, names checked */
int fe_add_struct(pctx *pc, CXCursor decl, const char *name);
int fe_has_attr(pctx *pc, CXCursor c, enum CXCursorKind attr);
int fe_name_ok(pctx *pc, CXCursor c, const char *what);
adv_scalar fe_scalar_of(pctx *pc, CXType t);
/* The members of by-value struct parameter p (record: its canonical type),
 * as a launch fills them (value_members.c): p->members, or p->members_why. */
void fe_value_members(pctx *pc, CXType record, adv_param *p);
int fe_struct_by_decl(pctx *pc, CXType t);
/* Whether t is a CUDA vector type (float4, double2: libclang's canonical
 * record, by its declaration's name): its lanes and lane bytes; 0 when not. */
int fe_vector_of(pctx *pc, CXType t, unsigned char *lanes, unsigned char *lane);

/* kernels.c: kernels, their parameters and every access through a pointer parameter */
int fe_add_kernel(pctx *pc, CXCursor fn);

/* kernel_facts.c: what k's launch needs of its code (adv_kernel's
 * declares_shared, dynamic_shared, block_targ), from the definition fn
 * and its body. */
void fe_kernel_facts(pctx *pc, CXCursor fn, CXCursor body, adv_kernel *k);

/* The kernel parameter a ParmDecl is (a parameter of a __device__
 * function followed: the one its argument names), or -1 (reach.c). */
int fe_param_index(kctx *kc, CXCursor decl);
/* The kernel pointer parameter c names as it stands (no cast or paren
 * stripped): p, or the member p.m of a by-value p (a view, reach.c);
 * -1 if none (pointer_origin.c). */
int fe_pointer_param(kctx *kc, CXCursor c);
/* 1 when the function `call` calls stores through its argument `arg` (a
 * pointer: `*to = v`, `to[j] += v` in its own body), *also_read when it
 * reads it too (callee_writes.c) */
int fe_callee_writes(pctx *pc, CXCursor call, CXCursor arg, int *also_read);
/* How the function `call` calls reaches memory through its pointer
 * argument `arg`: *writes, *reads (CUDA's atomics, cache-hinted loads and
 * stores by name; a definition by its body, wrappers followed); 1 when
 * known, 0 when nothing is (a declaration only). */
int fe_callee_access(pctx *pc, CXCursor call, CXCursor arg, int *writes, int *reads);

/* pointer_origin.c: the kernel parameter a pointer expression is derived
 * from, in check (adv_parse_opts.cost_only; -1 otherwise): p, p + e,
 * e + p, p - e, &p[e], a cast to elements of the same size ((const T *)
 * in.ptr of a by-value in), or a local pointer set once where it is
 * declared to one of these, nested; the offsets on the way (in the
 * parameter's elements) in o. */
typedef struct {
    int param;
    unsigned n;
    CXCursor term[GM_MAX_ORIGIN_TERMS];
    unsigned char neg[GM_MAX_ORIGIN_TERMS];
} fe_origin;
int fe_pointer_origin(kctx *kc, CXCursor c, fe_origin *o);
/* The index the origin's offsets and `last` (a subscript's, or a null
 * cursor) make, loop variables at their start, or at their last value
 * with at_max (index_expr.c). */
adv_expr *fe_origin_index(kctx *kc, const fe_origin *o, CXCursor last, int at_max);

/* reach.c: how far check's models reach (adv_parse_opts.cost_only; each
 * returns its "nothing" otherwise): members of by-value struct parameters
 * as parameters of their own (views), the __device__ functions a kernel
 * calls followed with their parameters bound to the arguments,
 * cooperative groups' ranks as thread indices, and declarations a
 * macro's body writes read as clang prints them. */
int fe_view_param(kctx *kc, CXCursor mem);           /* p.m: the view's index, or -1 */
adv_expr *fe_view_expr(kctx *kc, CXCursor mem);      /* p.m (an integer) or group.thread_index().x; NULL */
adv_expr *fe_view_elem(kctx *kc, CXCursor sub);      /* p.dims[1] (an integer, a constant subscript); NULL */
adv_expr *fe_group_expr(kctx *kc, CXCursor call);    /* tile.thread_rank() and the like; NULL */
/* After the launches are read: each element read from memory at an index
 * no thread of a warp differs in (rows[blockIdx.x]) becomes a warp-uniform
 * term of the indices it is in, in check. */
void fe_uniform_gathers(pctx *pc);
const fbind *fe_binding(kctx *kc, CXCursor parm);    /* the innermost binding of parm, or NULL */
/* callees.c: walks the body of the __device__ function `call` calls, in
 * check, when it is one of the user's with a parameter bound to a kernel
 * parameter: its accesses are the kernel's (those in another file at the
 * call's line). */
void fe_follow_call(kctx *kc, CXCursor call, void (*walk)(kctx *kc, CXCursor c));
/* The value of a local's initializer that a macro's body wrote, or NULL. */
adv_expr *fe_macro_init(kctx *kc, CXCursor var, CXCursor init);
/* The text range of a declaration a macro writes in part, its ends in
 * order; 0 when it is not in the main file. */
int fe_macro_extent(kctx *kc, CXCursor c, unsigned *b, unsigned *e);
/* The block shape of each kernel's first launch in the file whose sizes
 * are constants (adv_kernel.block). */
void fe_read_launches(pctx *pc);

/* file_guard.c: while a parse is under way (begin to end, this thread),
 * libclang opens regular files and folders only, none over
 * GM_MAX_FILE_BYTES; the first path refused and why ("'/dev/zero'
 * is not a regular file ..."), else NULL.  fe_run_on_parse_stack runs
 * fn(arg) on a thread with GM_PARSE_STACK_BYTES of stack, libclang's
 * parse included, and returns when it is done. */
void fe_guard_begin(void);
void fe_guard_end(void);
const char *fe_guard_refused(void);
void fe_run_on_parse_stack(void (*fn)(void *), void *arg);

/* walk.c: 1 when a walk may go one level below kc->depth; else
 * records where it stopped (kc->too_deep), for a note. */
int fe_deeper_ok(kctx *kc, unsigned depth, CXCursor c);

/* index_expr.c: index expressions, with locals replaced by their reaching definitions */
void fe_collect_defs(kctx *kc, CXCursor c);
adv_expr *fe_expr_of(kctx *kc, CXCursor c, int depth);

/* walk.c: errors charged to a function.  The first error inside [b, e),
 * or NULL; every error there is marked consumed. */
const perr *fe_errors_in(pctx *pc, unsigned b, unsigned e);
void fe_cvec_push(cvec *cv, CXCursor c);

/* served.c: 1 when #include <name> names a CUDA library gmadvise serves
 * empty (or as its one declaring header: thrust/, cub/). */
int fe_served_library(const char *name);
/* 1 when such a header is served with declarations (thrust/, cub/,
 * libcu++'s cuda/std/): no note that the code needing it is skipped. */
int fe_served_declared(const char *name);
/* 1 when generated code includes the toolkit's own header `name` where the
 * file (or a served library's stub) includes it: the served table's DEVICE
 * kind, libcu++'s cuda/std/, CUB and thrust; the runtime's (NVRTC has
 * them) and the host APIs' (NVRTC cannot compile them) are left out. */
int fe_served_generated(const char *name);
/* The text such a header is served as: empty, or the served headers whose
 * types the real one brings (cublas_v2.h: cuda_fp16.h, cuda_bf16.h). */
void fe_served_stub_text(const char *name, sb_t *out);
/* The toolkit's own headers in the folders of args (-I, -isystem,
 * -idirafter, -iquote), each served at its path as the one copy gmadvise
 * has of it; appended to o. */
void fe_served_overrides(const char *const *args, unsigned nargs, fe_overrides *o);
/* The same for one folder (an #include that reached into it). */
void fe_served_folder(const char *dir, fe_overrides *o);
/* 1 when path is one of o's (not to be read from disk, spliced or walked). */
int fe_overridden(const fe_overrides *o, const char *path);
void fe_overrides_free(fe_overrides *o);

/* needed.c: keeps the declarations and structs the kernels use */
int fe_keep_needed(pctx *pc);

/* templates.c: instances of __global__ templates, as concrete kernels
 * appended to src (each after a #line naming the template's line) */
void fe_instantiate_templates(pctx *pc, sb_t *src);
/* The kernel named `name` as the user reads it ("k<float>" for an
 * instance's copy k__float; else name) and whether it is an instance on
 * assumed arguments: one that does not compile is skipped with its note
 * and fails no file, which had no instance to analyse anyway. */
const char *fe_kernel_label(const pctx *pc, const char *name, int *assumed);

/* annotate.c: `// gmadvise:` annotations, and kernels synthesized for a header with none */
int fe_read_annotations(adv_model *m, gm_status *st);
void fe_synthesize_kernels(adv_model *m, sb_t *src, sb_t *notes);

#endif
