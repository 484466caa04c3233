/* Layout variants of a struct array and where each field of each element
 * lives in memory.
 *
 * Every layout is one allocation made of segments (one for AoS and AoSoA,
 * one per field for SoA, one per vector group for the vector layout).  The
 * byte address of field f of element e, relative to the allocation, is
 *     seg[f].start + (e / block) * seg[f].bstride + place[f].base
 *                  + (e % block) * place[f].estride
 * with e counted from the first element the kernel sees.  Segments start
 * 256-byte aligned (as cudaMalloc's) and are separated by a 256-byte gap so
 * that SoA arrays never sit at power-of-two distances.  The same formula
 * drives host packing/unpacking, device buffer setup and kgen's code. */
#ifndef ADV_LAYOUT_H
#define ADV_LAYOUT_H

#include <stddef.h>

#include "../../common/limits.h"
#include "model.h"

typedef enum {
    ADV_L_AOS,       /* as declared */
    ADV_L_AOS_ALIGN, /* __align__(8 or 16) */
    ADV_L_SOA,       /* one array per field */
    ADV_L_AOSOA,     /* blocks of 32 elements, one array per field inside */
    ADV_L_VECTOR,    /* same-typed scalar fields packed into CUDA vector types */
    ADV_L_REORDER,   /* AoS with the fields in decreasing alignment: no padding between them */
    ADV_L_SPLIT,     /* hot/cold: the fields in groups, one array of small structs per group */
    ADV_L_AOSOA_HOT, /* AoSoA with the hot fields' arrays first in each block */
    ADV_L_COUNT
} adv_layout_kind;

/* The standard layouts, one of each kind, that every kernel is measured
 * in: the kinds before ADV_L_NSTD (layout_kind.c's table says so too).
 * The kinds after it have no standard form (the search proposes splits;
 * AoSoA-hot is reached by its label). */
#define ADV_L_NSTD ADV_L_SPLIT

#define ADV_AOSOA_BLOCK 32u
#define ADV_AOSOA_MAX_LANES 128u

/* One point of the layout space: a kind and its parameters.  A spec that
 * is all zeros but its kind is that kind's standard form (adv_layout_std);
 * specs are plain values, compared with adv_layout_spec_eq. */
typedef struct {
    adv_layout_kind kind;
    unsigned lanes;                     /* AoSoA kinds: elements per block, a power of two up to
                                         * ADV_AOSOA_MAX_LANES; 0: ADV_AOSOA_BLOCK */
    unsigned long long hot;             /* reordered, AoSoA-hot: these fields (bit f) first; 0:
                                         * decreasing alignment only (AoSoA-hot: some, not all) */
    unsigned ngroups;                   /* split: groups, >= 2 */
    unsigned char group[GM_MAX_FIELDS]; /* split: each field's group, every group used */
    unsigned char align[GM_MAX_FIELDS]; /* split: group g's alignment, 8 or 16 (padding its
                                         * element to a multiple); 0: its fields' */
} adv_layout_spec;

adv_layout_spec adv_layout_std(adv_layout_kind k);
/* The layout as declared (AoS): what every kernel is measured in first. */
adv_layout_spec adv_layout_declared(void);
/* 1 for the kind of the layout as declared (AoS): the kernel's own array,
 * nothing moved (layout_kind.c). */
int adv_layout_as_declared(adv_layout_kind k);
/* How many standard layouts there are; adv_layout_std_at(i) is the i-th
 * (i = 0: the declared), in the order every listing uses. */
unsigned adv_layout_nstd(void);
adv_layout_spec adv_layout_std_at(unsigned i);
int adv_layout_spec_eq(const adv_layout_spec *a, const adv_layout_spec *b);
/* 1 for the standard form of a standard kind. */
int adv_layout_spec_is_std(const adv_layout_spec *sp);
/* What users read: the kind's name for a standard form, else with its
 * parameters ("aosoa8", "reordered(hot: x y)", "split{x y z}{m id}",
 * "@16" after a group aligned to 16).  Fields named from s. */
void adv_layout_spec_label(const adv_struct *s, const adv_layout_spec *sp, char *out, size_t n);
/* An identifier for generated names: the kind's name for a standard form,
 * else "aosoa8", "reordered_h" plus a hash, "split_" plus a hash. */
void adv_layout_spec_ident(const adv_layout_spec *sp, char *out, size_t n);

const char *adv_layout_name(adv_layout_kind k);
/* 1 for the kinds that store one whole element after another (AoS as
 * declared, aligned or reordered): one pointer, p[i].f as written. */
int adv_layout_aos_kind(adv_layout_kind k);

typedef struct {
    unsigned long long start; /* first element's block, after the front margin */
    unsigned long long bytes; /* margin + elements */
    unsigned bstride;         /* bytes from one block (or element) to the next */
} adv_segment;

typedef struct {
    unsigned seg;
    unsigned base;    /* offset inside the block or element */
    unsigned estride; /* per element inside a block (0 when block == 1) */
} adv_place;

/* A group of fields stored together, at positions first..first+lanes-1 of
 * adv_layout_order: the vector layout's vectors (one vector element), the
 * split layout's groups (one small struct). */
typedef struct {
    unsigned first, lanes;
    char vtype[24];       /* vector: "float4", "double2"; "" for a lone field kept scalar
                           * and for every split group */
    unsigned align, size; /* one element of the group */
} adv_vgroup;

/* ---- the shape: what a layout is, computed once from (struct, spec) ----
 *
 * Field order, groups, lanes, pointers, alignment and bytes per element:
 * everything but where the arrays of n elements start.  Code that declares
 * types, rewrites kernels, writes headers or reports a layout takes a
 * shape; only code that needs byte addresses (the coalescing model, host
 * packing, device buffers) sizes it into an adv_layout. */
typedef struct adv_layout_shape adv_layout_shape;

/* NULL with `why` (may be NULL) when the spec is malformed or the layout
 * does not apply to s ("SoA of a one-field struct is the AoS").  s must
 * outlive the shape. */
adv_layout_shape *adv_shape_make(const adv_struct *s, const adv_layout_spec *sp, char *why, size_t why_len);
void adv_shape_free(adv_layout_shape *sh);

adv_layout_kind adv_shape_kind(const adv_layout_shape *sh);
const adv_layout_spec *adv_shape_spec(const adv_layout_shape *sh);
const adv_struct *adv_shape_struct(const adv_layout_shape *sh);
unsigned adv_shape_align(const adv_layout_shape *sh);      /* element alignment (AoS kinds) */
unsigned adv_shape_elem_size(const adv_layout_shape *sh);  /* AoS kinds: padded size */
unsigned adv_shape_block(const adv_layout_shape *sh);      /* elements per block: AoSoA's lanes, else 1 */
unsigned adv_shape_block_bytes(const adv_layout_shape *sh); /* AoSoA: bytes of one block */
unsigned adv_shape_nsegs(const adv_layout_shape *sh);
unsigned adv_shape_bstride(const adv_layout_shape *sh, unsigned seg);
const adv_place *adv_shape_place(const adv_layout_shape *sh, unsigned field);
unsigned adv_shape_ngroups(const adv_layout_shape *sh);
const adv_vgroup *adv_shape_group(const adv_layout_shape *sh, unsigned i);
int adv_shape_group_of(const adv_layout_shape *sh, unsigned field, unsigned *lane);
/* The field at position i: the reordered layout's order, the split
 * layout's (group by group), else i. */
unsigned adv_shape_order(const adv_layout_shape *sh, unsigned i);
/* Bytes one element takes over all the layout's arrays, padding included. */
unsigned adv_shape_elem_bytes(const adv_layout_shape *sh);
/* The pointers a kernel parameter in this layout becomes, in order: one
 * per field (SoA), one per group (vector, split), else one.  Pointer i
 * stands for field or group adv_shape_pointer_item(sh, i) (0 when there is
 * one pointer).  kgen declares the parameters in this order, the adoption
 * header's views hold them in it and the runner passes them in it: this is
 * the one definition all follow. */
unsigned adv_shape_npointers(const adv_layout_shape *sh);
unsigned adv_shape_pointer_item(const adv_layout_shape *sh, unsigned i);

/* ---- the sized layout: a shape placed for n elements ---- */
typedef struct adv_layout adv_layout;

/* Returns NULL when the layout does not apply to s (why says so), else a
 * layout for `n` elements (plus a front margin of ADV_MARGIN elements for
 * negative indices), which owns its shape. */
#define ADV_MARGIN 256u
adv_layout *adv_layout_create(const adv_struct *s, adv_layout_kind k, unsigned long long n,
                              char *why, size_t why_len);
/* The same for any point of the space; NULL with `why` also for a spec
 * that is not well formed (lanes not a power of two, an empty group). */
adv_layout *adv_layout_make(const adv_struct *s, const adv_layout_spec *sp, unsigned long long n,
                            char *why, size_t why_len);
/* Shape sh placed for n elements; sh is borrowed and must outlive the
 * layout. */
adv_layout *adv_layout_at(const adv_layout_shape *sh, unsigned long long n);
void adv_layout_destroy(adv_layout *l);
const adv_layout_shape *adv_layout_shape_of(const adv_layout *l);
/* 1 when layout k applies to s; 0 with `why` (may be NULL) when not. */
int adv_layout_applies(const adv_struct *s, adv_layout_kind k, char *why, size_t why_len);
int adv_layout_applies_spec(const adv_struct *s, const adv_layout_spec *sp);

/* The shape's accessors on a sized layout (as adv_shape_*). */
unsigned adv_layout_elem_bytes(const adv_layout *l);
adv_layout_kind adv_layout_kind_of(const adv_layout *l);
const adv_layout_spec *adv_layout_spec_of(const adv_layout *l);
const adv_struct *adv_layout_struct(const adv_layout *l);
unsigned adv_layout_align(const adv_layout *l);
unsigned adv_layout_elem_size(const adv_layout *l);
unsigned adv_layout_block(const adv_layout *l);
unsigned adv_layout_nsegs(const adv_layout *l);
const adv_place *adv_layout_place(const adv_layout *l, unsigned field);
unsigned adv_layout_ngroups(const adv_layout *l);
const adv_vgroup *adv_layout_group(const adv_layout *l, unsigned i);
int adv_layout_group_of(const adv_layout *l, unsigned field, unsigned *lane);
unsigned adv_layout_block_bytes(const adv_layout *l);
unsigned adv_layout_order(const adv_layout *l, unsigned i);
unsigned adv_layout_npointers(const adv_layout *l);
unsigned adv_layout_pointer_item(const adv_layout *l, unsigned i);

/* What sizing adds: the allocation's bytes, each segment's placing, and
 * the byte pointer i points at (adv_shape_npointers' order). */
unsigned long long adv_layout_bytes(const adv_layout *l);
const adv_segment *adv_layout_seg(const adv_layout *l, unsigned i);
unsigned long long adv_layout_pointer_offset(const adv_layout *l, unsigned i);

/* Byte address of field f of element e (e may be negative down to -ADV_MARGIN). */
unsigned long long adv_layout_addr(const adv_layout *l, unsigned f, long long e);

/* Copies elements [0,n) between the declared AoS form (s->size apart) and
 * the layout's form in a host buffer of adv_layout_bytes().  Only field
 * bytes move: padding in `aos` is left as it was. */
void adv_layout_pack(const adv_layout *l, const void *aos, void *dst, unsigned long long n);
void adv_layout_unpack(const adv_layout *l, const void *src, void *aos, unsigned long long n);

#endif
