/* The shape's representation, private to the layout module: layout.c
 * (sizing, addresses, accessors) and layout_kind.c (each kind's builder)
 * include it; nothing else does. */
#ifndef ADV_LAYOUT_SHAPE_H
#define ADV_LAYOUT_SHAPE_H

#include "layout.h"

/* What a layout is, apart from how many elements it holds. */
struct adv_layout_shape {
    adv_layout_spec spec;
    adv_layout_kind kind;
    const adv_struct *s;
    unsigned align, elem_size, block, block_bytes;
    unsigned nsegs;
    unsigned *bstride;   /* per segment: bytes from one block (or element) to the next */
    adv_place *place;    /* one per field */
    unsigned ngroups;
    adv_vgroup *groups;
    int *group_of;       /* field -> group (vector and split layouts) */
    unsigned *order;     /* position -> field (reordered, split and AoSoA-hot layouts; NULL: as
                          * declared) */
};

#endif
