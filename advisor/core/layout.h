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

#include "model.h"

typedef enum {
    ADV_L_AOS,       /* as declared */
    ADV_L_AOS_ALIGN, /* __align__(8 or 16) */
    ADV_L_SOA,       /* one array per field */
    ADV_L_AOSOA,     /* blocks of 32 elements, one array per field inside */
    ADV_L_VECTOR,    /* same-typed scalar fields packed into CUDA vector types */
    ADV_L_REORDER,   /* AoS with the fields in decreasing alignment: no padding between them */
    ADV_L_COUNT
} adv_layout_kind;

#define ADV_AOSOA_BLOCK 32u

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

/* Vector layout: fields first..first+lanes-1 share one vector element. */
typedef struct {
    unsigned first, lanes;
    char vtype[24]; /* "float4", "double2"; "" for a lone field kept scalar */
} adv_vgroup;

typedef struct adv_layout adv_layout;

/* Returns NULL when the layout does not apply to s (why says so: "SoA of a
 * one-field struct is the AoS"), else a layout for `n` elements (plus a
 * front margin of ADV_MARGIN elements for negative indices). */
#define ADV_MARGIN 256u
adv_layout *adv_layout_create(const adv_struct *s, adv_layout_kind k, unsigned long long n,
                              char *why, size_t why_len);
void adv_layout_destroy(adv_layout *l);
/* 1 when layout k applies to s; 0 with `why` (may be NULL) when not. */
int adv_layout_applies(const adv_struct *s, adv_layout_kind k, char *why, size_t why_len);

adv_layout_kind adv_layout_kind_of(const adv_layout *l);
const adv_struct *adv_layout_struct(const adv_layout *l);
unsigned adv_layout_align(const adv_layout *l);     /* element alignment (AoS kinds) */
unsigned adv_layout_elem_size(const adv_layout *l); /* AoS kinds: padded size */
unsigned adv_layout_block(const adv_layout *l);
unsigned long long adv_layout_bytes(const adv_layout *l);
unsigned adv_layout_nsegs(const adv_layout *l);
const adv_segment *adv_layout_seg(const adv_layout *l, unsigned i);
const adv_place *adv_layout_place(const adv_layout *l, unsigned field);
unsigned adv_layout_ngroups(const adv_layout *l);
const adv_vgroup *adv_layout_group(const adv_layout *l, unsigned i);
int adv_layout_group_of(const adv_layout *l, unsigned field, unsigned *lane);
/* AoSoA: offset of each field's array inside a block, and block size. */
unsigned adv_layout_block_bytes(const adv_layout *l);
/* The field at position i of an element: the reordered layout's order,
 * else i. */
unsigned adv_layout_order(const adv_layout *l, unsigned i);

/* The pointers a kernel parameter in this layout becomes, in order: one
 * per field (SoA), one per vector group (vector), else one.  Pointer i
 * stands for field or group adv_layout_pointer_item(l, i) (0 when there is
 * one pointer) and points at byte adv_layout_pointer_offset(l, i) of the
 * allocation.  kgen declares the parameters in this order and the runner
 * passes them in it: this is the one definition both follow. */
unsigned adv_layout_npointers(const adv_layout *l);
unsigned adv_layout_pointer_item(const adv_layout *l, unsigned i);
unsigned long long adv_layout_pointer_offset(const adv_layout *l, unsigned i);

/* Byte address of field f of element e (e may be negative down to -ADV_MARGIN). */
unsigned long long adv_layout_addr(const adv_layout *l, unsigned f, long long e);

/* Copies elements [0,n) between the declared AoS form (s->size apart) and
 * the layout's form in a host buffer of adv_layout_bytes().  Only field
 * bytes move: padding in `aos` is left as it was. */
void adv_layout_pack(const adv_layout *l, const void *aos, void *dst, unsigned long long n);
void adv_layout_unpack(const adv_layout *l, const void *src, void *aos, unsigned long long n);

#endif
