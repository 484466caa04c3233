/* The layout space of one struct, enumerated and ranked by the model.
 *
 * A program has one layout per struct, shared by every kernel that takes
 * it.  The space holds the standard layouts (layout.h), AoSoA of every
 * lane count, the AoS reordered with each kernel's fields first, and
 * hot/cold splits: the fields are cut into classes (those the same kernels
 * read and write the same way; each field its own class in a struct of at
 * most GM_SEARCH_MAX_ATOMS fields), every partition of the classes into
 * groups is tried, and each group is stored as a small struct (aligned as
 * its fields, to 8 or to 16) or split into one array per field.
 *
 * Each candidate is scored by the coalescing model over every kernel that
 * takes the struct, weighted (adv_model_weight): the DRAM bytes per element
 * it predicts, then the warp requests, then the sectors.  No GPU, no I/O; the caller measures
 * the best few (engine.c) and the measurement decides. */
#ifndef ADV_SEARCH_H
#define ADV_SEARCH_H

#include "layout.h"
#include "model.h"

typedef struct {
    adv_layout_spec spec;
    int ok;          /* the model costed it for every kernel that takes the struct */
    double bytes;    /* sum over those kernels of weight x predicted DRAM bytes per element */
    double requests; /* the same for warp requests per warp */
    double sectors;  /* and for sectors per warp (AoSoA of 4 lanes: as many requests, more sectors) */
    unsigned size;   /* bytes per element over all its arrays */
    unsigned arrays; /* arrays (pointers) a kernel parameter becomes */
    unsigned order;  /* its place in the enumeration: the last tie-break */
} adv_candidate;

typedef struct {
    int st;
    adv_candidate *c; /* the ok ones first, fewest bytes, requests, sectors; owned */
    unsigned n;
    unsigned scored;  /* candidates the model costed (ok) */
    unsigned left_out; /* candidates past GM_SEARCH_MAX, neither listed nor scored */
} adv_search;

/* The specs of struct st's space that apply to it, each once, the declared
 * AoS first; *left_out counts those past GM_SEARCH_MAX.  The caller frees
 * *out.  Needs a classified model (adv_model_classify). */
unsigned adv_search_space(const adv_model *m, int st, adv_layout_spec **out, unsigned *left_out);

/* Enumerates and scores struct st's space into *out (freed with
 * adv_search_free). */
void adv_search_run(const adv_model *m, int st, adv_search *out);
void adv_search_free(adv_search *s);

/* The candidates the GPU should measure besides the declared layout, at
 * most k, into out (pointing into sr).  The model cannot tell apart
 * layouts that move the same DRAM bytes (AoSoA of 32 or 128 lanes, a split
 * or SoA), and the GPU can: among the candidates within the noise floor
 * of the best one's bytes, the best of each family (kind and number of
 * arrays) first, then the second of each, ...; then the model's order. */
unsigned adv_search_pick(const adv_search *sr, unsigned k, const adv_layout_spec **out);

#endif
