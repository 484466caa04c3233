/* One contract per layout kind, one table of them (as BabelStream's
 * Stream.h gives each programming model one interface and one factory).
 *
 * Everything that differs from one kind of layout to another is an entry
 * of this table: its name and the adoption header's macro, whether it is
 * measured in a standard form, its shape (layout.h: order, groups, lanes,
 * pointers), the parameters its label shows and parses back, the C
 * expression of a field of an element, and what each of its pointers
 * points to.  kgen (the kernel rewrite), adopt (the drop-in header: types,
 * views, host pack/unpack) and the report ask the table; none of them
 * branches on a kind for these.  Adding a kind is one entry here plus its
 * tests. */
#ifndef ADV_LAYOUT_KIND_H
#define ADV_LAYOUT_KIND_H

#include <stddef.h>

#include "../../common/strbuf.h"
#include "layout.h"
#include "layout_emit.h"

/* What pointer i of a layout points to (adv_shape_npointers' order). */
typedef enum {
    ADV_PT_ELEM,   /* the whole element (AoS kinds) or a block of elements (AoSoA kinds) */
    ADV_PT_FIELD,  /* one field's array (SoA): item is the field */
    ADV_PT_VECTOR, /* a vector group's array of vtype (vector): item is the group */
    ADV_PT_GROUP   /* a group's array of small structs (split), or of its one field when the
                    * group is a lone field with no alignment of its own: item is the group */
} adv_pointee_kind;

typedef struct {
    adv_pointee_kind what;
    unsigned item;
    unsigned field; /* ADV_PT_FIELD, and a lone-field group: the field its array holds */
    int lone;       /* ADV_PT_VECTOR or ADV_PT_GROUP of one scalar field, an array of it */
} adv_pointee;

/* How the elements sit in memory, which decides the types a generator
 * declares and how an element is reached. */
typedef enum {
    ADV_ST_WHOLE,  /* one element after another: one pointer, p[i].f as written */
    ADV_ST_BLOCKS, /* blocks of lanes elements, one array per field inside (AoSoA) */
    ADV_ST_ARRAYS  /* fields or groups apart, one array each (SoA, vector, split) */
} adv_storage;

/* What one element pointer of the layout holds, which decides the element
 * type a generator declares (kgen's variant, adopt's header) and how a
 * whole element moves in and out. */
typedef enum {
    ADV_EL_NONE,      /* no element type: fields or groups in arrays of their own (SoA, vector,
                       * split); a whole element moves field by field */
    ADV_EL_DECLARED,  /* the user's struct as declared (AoS): moves by its bytes */
    ADV_EL_PADDED,    /* the struct padded to the shape's alignment (an heir with __align__, a
                       * copy of the fields when the struct is final): moves by its bytes */
    ADV_EL_REORDERED, /* a copy of the fields in the shape's order, converted to and from the
                       * struct field by field */
    ADV_EL_BLOCK      /* a block of the shape's lanes elements, one array per field inside (AoSoA) */
} adv_elem_form;

/* What a group of the layout (adv_shape_group) is when a whole element
 * moves: what the coalescing model costs as one piece. */
typedef enum {
    ADV_GR_NONE,   /* no groups: each field moves alone (or the whole element, ADV_ST_WHOLE) */
    ADV_GR_VECTOR, /* a group with a vector type moves in one access, a lone field alone */
    ADV_GR_STRUCT  /* every group is a small struct that moves whole (split) */
} adv_group_form;

/* 1 when an element of this form is the struct's own bytes (a const field
 * needs no assignment to move it). */
int adv_elem_is_bytes(adv_elem_form e);

/* What the layout search knows of a struct when a kind proposes the
 * points of its space beyond its standard form (core/search.c gathers the
 * facts; each kind's entry turns them into specs). */
typedef struct adv_space_facts adv_space_facts;
typedef void (*adv_partition_fn)(void *ctx, const unsigned char *group, unsigned ngroups, const unsigned char *align);
struct adv_space_facts {
    const adv_struct *s;
    unsigned nkernels;              /* kernels that take the struct (0: none proposed from them) */
    const unsigned long long *used; /* per such kernel: the fields it uses (bit f) */
    /* Every useful partition of the fields into groups, each with an
     * alignment (0, 8 or 16), groups numbered in the order of their first
     * field; NULL: none. */
    void (*each_partition)(const adv_space_facts *f, adv_partition_fn part, void *ctx);
    void *partition_ctx;
    void (*add)(void *add_ctx, const adv_layout_spec *sp); /* a candidate (duplicates dropped) */
    void *add_ctx;
};

typedef struct adv_layout_ops adv_layout_ops;
struct adv_layout_ops {
    adv_layout_kind kind;
    const char *name;   /* "soa": labels, --layout, JSON */
    const char *macro;  /* "GM_LAYOUT_SOA": the header's selector for the standard form; NULL
                         * for a kind with none (the header names its one searched layout
                         * GM_LAYOUT_SEARCHED) */
    int standard;       /* measured for every kernel in its standard form (adv_layout_std) */
    adv_storage storage;
    adv_elem_form elem;
    adv_group_form groups;
    /* NULL, or why sp is not a point of this kind's space for s (lanes not
     * a power of two, a field in no group): 0 with `why`. */
    int (*well_formed)(const adv_struct *s, const adv_layout_spec *sp, char *why, size_t why_len);
    /* Builds sh's order, places, groups and strides (layout_shape.h); 0
     * with `why` when the kind does not apply to sh's struct. */
    int (*shape)(adv_layout_shape *sh, char *why, size_t why_len);
    /* The label's parameters after the name ("8", "(hot: x y)", "{x y}{z}@16"),
     * and back: parse reads them from `text` into sp (0 with why). */
    void (*label)(const adv_struct *s, const adv_layout_spec *sp, sb_t *b);
    int (*parse)(const adv_struct *s, const char *text, adv_layout_spec *sp, char *why, size_t why_len);
    /* Field f of element `e` (an expression) through pointers named ptr[i]
     * (adv_shape_npointers' order). */
    void (*field_expr)(const adv_layout_shape *sh, const char *const *ptr, unsigned f, const char *e,
                       sb_t *b);
    void (*pointee)(const adv_layout_shape *sh, unsigned i, adv_pointee *out);
    /* The CUDA types its pointers hold (layout_emit.h), NULL for none. */
    void (*types)(const adv_layout_shape *sh, const adv_emit_names *nm, sb_t *b);
    /* NULL, or the points of the kind's space the search proposes beyond
     * its standard form (AoSoA's other lane counts, each kernel's fields
     * first, the splits of the fields' partitions). */
    void (*propose)(const adv_space_facts *f);
    unsigned params;   /* which of the spec's fields the kind reads (ADV_P_*): what
                        * adv_layout_spec_eq compares and adv_layout_spec_ident hashes */
    const char *ident; /* generated names' stem when not the name ("reordered_h") */
};

#define ADV_P_LANES 1u  /* spec.lanes */
#define ADV_P_HOT 2u    /* spec.hot */
#define ADV_P_GROUPS 4u /* spec.ngroups, group, align */

const adv_layout_ops *adv_layout_ops_of(adv_layout_kind k);

/* Every kind's proposals (adv_layout_ops.propose), in the table's order. */
void adv_layout_propose(const adv_space_facts *f);

/* A spec from its label (adv_layout_spec_label's text): "soa", "aosoa8",
 * "reordered(hot: x y)", "split{x y}{z}@16".  0 with why when the text
 * names no layout of s. */
int adv_layout_spec_parse(const adv_struct *s, const char *text, adv_layout_spec *sp, char *why, size_t why_len);

/* Field f of element e in shape sh, through pointers named ptr[]. */
void adv_field_expr(const adv_layout_shape *sh, const char *const *ptr, unsigned f, const char *e, sb_t *b);
void adv_pointee_of(const adv_layout_shape *sh, unsigned i, adv_pointee *out);
adv_storage adv_shape_storage(const adv_layout_shape *sh);
adv_elem_form adv_shape_elem_form(const adv_layout_shape *sh);
adv_elem_form adv_layout_elem_form(adv_layout_kind k);
adv_group_form adv_shape_group_form(const adv_layout_shape *sh);

/* A layout as the report shows it (the program answer's JSON), computed
 * from its shape by the table's storage and pointees, so that no printer
 * builds a shape or asks a kind:
 *   groups  the fields in memory order as groups stored together: one of
 *           all fields for the kinds of whole elements and of blocks, one
 *           per pointer for the others (a field for SoA, a vector, a split
 *           group);
 *   lanes   elements per block (0: not blocked);
 *   align   the element's (AoS kinds) once, one per group for groups of
 *           small structs (split), else the struct's. */
typedef struct {
    int ok;              /* 0: the layout does not apply (order as declared, no groups, size 0) */
    unsigned nfields;
    unsigned *order;     /* position -> field; nfields of them (owned) */
    unsigned ngroups;
    unsigned *group_first, *group_n; /* into order; ngroups of each (owned) */
    unsigned lanes;
    unsigned naligns;    /* 1, or ngroups (per_group) */
    int per_group;
    unsigned *align;     /* naligns of them (owned) */
    unsigned size;       /* bytes per element */
} adv_layout_desc;

void adv_layout_describe(const adv_struct *s, const adv_layout_spec *sp, adv_layout_desc *d);
void adv_layout_desc_free(adv_layout_desc *d);

/* "x", "y", "z", "w": a vector's lane. */
const char *adv_lane_name(unsigned lane);

/* The element type of a field's array in a block (AoSoA) layout: its
 * spelling, except a scalar whose typedef aligns it beyond its size
 * (typedef float f8 __attribute__((aligned(8)))), which is spelled as the
 * plain scalar: an array of over-aligned elements is an error for GCC, so
 * a host compiler rejects the adoption header (libclang 14 keeps the
 * typedef's name, 16 and later spell the scalar, so both now give the
 * same header). */
const char *adv_block_elem_type(const adv_field *f);

/* One statement at `indent` that copies a field's value from the
 * expression src to dst: an array (is_array) by its bytes through
 * gm_copy_bytes(void *, const void *, n) (which kgen's program and the
 * adoption header both define; sizeof size_of bytes), anything else by
 * assignment.  The one place generated code copies a field. */
void adv_emit_copy(sb_t *b, const char *indent, int is_array, const char *dst, const char *src, const char *size_of);

#endif
