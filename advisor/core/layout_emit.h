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
    /* The whole-element proxy and the view (adv_emit_proxy, adv_emit_view),
     * per access (adv_emit_access): their types' names, and the name of the
     * element's index inside operator[] ("gm_i"). */
    const char *ref[3], *view[3];
    const char *idx;
    const char *idx_type;      /* operator[]'s template parameter: the index's type ("GM_I") */
} adv_emit_names;

/* How a kernel may use the elements behind a view: read and write (T *),
 * read (const T *), read while no one writes (const T *__restrict__, whose
 * promise the restrict view keeps through read-only loads: a struct member
 * cannot carry __restrict__). */
typedef enum { ADV_ACC_MUT, ADV_ACC_CONST, ADV_ACC_RESTRICT } adv_emit_access;

/* The types shape sh's pointers hold, by the kind's emitter (nothing for
 * SoA, vector and the declared AoS). */
void adv_emit_types(const adv_layout_shape *sh, const adv_emit_names *nm, sb_t *b);

/* What pointer i (adv_shape_npointers' order) points to: a field's type,
 * a vector type, a split group's struct, or the element. */
const char *adv_emit_pointer_type(const adv_layout_shape *sh, unsigned i, const adv_emit_names *nm);

/* The name a view (and kgen's element function) gives pointer i: the
 * field's for SoA, gm_gN for a group's array, p for the element's. */
void adv_emit_pointer_name(const adv_layout_shape *sh, unsigned i, char *out, size_t n);

/* The whole-element proxy of a layout whose elements are not one object
 * (SoA, AoSoA, vector, split): what p[i] is, for access a.  A member per
 * field, named as the field: a reference to it (the restrict proxy: a
 * read-only value for a scalar, loaded by gm_ld_nc), plus a reference to
 * each vector group, which moves in one access; it converts to the struct,
 * and the mutable one takes a struct or another element, field by field.
 * The one proxy both generators write: kgen's variants move whole elements
 * through it, the adoption header's views return it. */
void adv_emit_proxy(const adv_layout_shape *sh, const adv_emit_names *nm, adv_emit_access a, sb_t *b);

/* The view for access a: the layout's pointers and operator[](index),
 * which gives the element (kinds of whole elements) or the proxy built
 * from the field expressions; with `convert`, the mutable view's
 * conversions to the const and the restrict ones. */
void adv_emit_view(const adv_layout_shape *sh, const adv_emit_names *nm, adv_emit_access a, int convert, sb_t *b);

/* The kinds' emitters, named by layout_kind.c's table. */
void adv_emit_padded(const adv_layout_shape *sh, const adv_emit_names *nm, sb_t *b);
void adv_emit_reordered(const adv_layout_shape *sh, const adv_emit_names *nm, sb_t *b);
void adv_emit_block(const adv_layout_shape *sh, const adv_emit_names *nm, sb_t *b);
void adv_emit_groups(const adv_layout_shape *sh, const adv_emit_names *nm, sb_t *b);

#endif
