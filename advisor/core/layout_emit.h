/* The CUDA text of a layout's types: the one emitter each layout kind
 * has, which kgen (a variant's program for NVRTC) and adopt (the drop-in
 * header) both call.
 *
 * Each kind's table entry (layout_kind.c) names its emitter for the types
 * its pointers hold: the padded element (an heir with __align__, or a copy
 * of the fields when the struct may not be derived from), the reordered
 * element, the block of lanes, the split groups' small structs; the SoA
 * and vector kinds declare none (their pointers hold the fields' own types
 * and CUDA's vector types).  What differs between the two callers is only
 * what is named here: the generated names (kgen makes them unique in the
 * user's file, the header reserves gm_ and S_), how a function is marked
 * for the device and what follows a declaration.  Together with the
 * entry's field expression (adv_field_expr) and pointees (adv_pointee_of),
 * this is all the kind-specific text either generator writes. */
#ifndef ADV_LAYOUT_EMIT_H
#define ADV_LAYOUT_EMIT_H

#include "../../common/strbuf.h"
#include "layout.h"

typedef struct {
    const char *hd;            /* a member function's mark: "__device__" (kgen), "GM_ADOPT_HD" */
    const char *sep;           /* after each declaration: "\f" (kgen splits its types there), "" */
    const char *copy_bytes;    /* (void *, const void *, n): copies a struct with a const field */
    const char *elem;          /* the element type's name (padded, reordered, block kinds) */
    const char *val;           /* a name no field hides: the conversions' S */
    int heir;                  /* the padded element may derive from the struct (kgen strips
                                * `final` from its copy of the declaration; the header may not) */
    const char *const *ftype;  /* per field: its type as a declarator takes it (an array's alias) */
    const char *const *gtype;  /* per group: the split group's struct, for adv_shape_group(i) */
} adv_emit_names;

/* The types shape sh's pointers hold, by the kind's emitter (nothing for
 * SoA, vector and the declared AoS). */
void adv_emit_types(const adv_layout_shape *sh, const adv_emit_names *nm, sb_t *b);

/* What pointer i (adv_shape_npointers' order) points to: a field's type,
 * a vector type, a split group's struct, or the element. */
const char *adv_emit_pointer_type(const adv_layout_shape *sh, unsigned i, const adv_emit_names *nm);

/* The kinds' emitters, named by layout_kind.c's table. */
void adv_emit_padded(const adv_layout_shape *sh, const adv_emit_names *nm, sb_t *b);
void adv_emit_reordered(const adv_layout_shape *sh, const adv_emit_names *nm, sb_t *b);
void adv_emit_block(const adv_layout_shape *sh, const adv_emit_names *nm, sb_t *b);
void adv_emit_groups(const adv_layout_shape *sh, const adv_emit_names *nm, sb_t *b);

#endif
