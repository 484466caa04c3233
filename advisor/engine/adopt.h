/* The adoption header: S_layout.cuh, which lets a program store struct S
 * in any layout gmadvise measures without rewriting its kernels.
 *
 * The header is self-contained (it needs the CUDA runtime and the user's
 * declaration of S, included before it) and holds every layout that
 * applies to S, one selected by `#define S_LAYOUT GM_LAYOUT_SOA` (default:
 * `pick`).  For the selected layout it declares:
 *   S_view, S_cview,  what a kernel takes instead of S*, const S* and
 *   S_rview           const S *__restrict__: v[i] is S& (AoS kinds) or a
 *                     proxy named as S's fields (references; for S_rview
 *                     its scalars are loaded as read-only data, which the
 *                     compiler may move past stores, as __restrict__
 *                     allows), converting to and from S;
 *   S_storage         device storage for n elements, with S_alloc, S_pack
 *                     (from an AoS host array: reshuffled on the host, one
 *                     cudaMemcpy per segment), S_unpack and S_free.
 * The view's pointers are in the order of adv_layout_npointers, so a view
 * passed by value is laid out as the layout's pointer parameters are. */
#ifndef ADV_ADOPT_H
#define ADV_ADOPT_H

#include "../../common/status.h"
#include "../../common/strbuf.h"
#include "../core/layout.h"
#include "../core/model.h"

/* Appends the header for struct `st` of m to out, `pick` the default
 * layout: any point of the layout space (a standard layout, or one the
 * search proposes: a split, AoSoA of any lanes, hot fields first), which
 * the header holds beside every standard layout.  GM_EINPUT when S cannot
 * be adopted (a field named gm_...). */
int adv_adopt_header(const adv_model *m, unsigned st, const adv_layout_spec *pick, sb_t *out, gm_status *st_out);

/* The layout the header can give that ranks first in S's layout search
 * (search.h: the model over every kernel that takes S, weighted); AoS
 * when no kernel takes it. */
adv_layout_spec adv_adopt_pick(const adv_model *m, unsigned st);

/* 1 when the header can hold S in layout sp: the layout applies to S,
 * and a const field does not stop the layouts that store fields apart;
 * else 0 with why. */
int adv_adopt_applies(const adv_struct *s, const adv_layout_spec *sp, char *why, size_t why_len);

/* The view a kernel parameter becomes: "view" (S*), "cview" (const S*) or
 * "rview" (const S *__restrict__). */
const char *adv_adopt_view(const adv_param *p);

/* The macro value naming layout sp in the header: "GM_LAYOUT_SOA" for a
 * standard layout, GM_LAYOUT_SEARCHED for the one other layout a header
 * is written for. */
const char *adv_adopt_macro(const adv_layout_spec *sp);

#endif
