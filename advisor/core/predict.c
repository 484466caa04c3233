#include "predict.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../common/limits.h"
#include "../../common/strbuf.h"
#include "choose.h"
#include "coalesce.h"
#include "inputs_infer.h"
#include "rank.h"

void adv_predict(const adv_model *m, unsigned k, int st, const adv_layout_spec *sp, adv_prediction *out)
{
    const adv_kernel *kn = adv_model_kernel(m, k);
    adv_dram d;
    memset(&d, 0, sizeof d);
    out->dram_bytes = out->requests = out->sectors_per_request = 0;
    out->why[0] = '\0';
    /* the gathers' modelled index values, and one layout for the kernel's
     * window (or the gathers' span), shared by every cost below */
    adv_gather_ctx gc;
    adv_params gpv;
    int gathers = adv_gather_setup(m, k, &gc, &gpv);
    adv_layout *lay = adv_window_layout(m, k, st, sp, gathers ? gc.span : 0, d.why, sizeof d.why);
    if (lay || !d.why[0])
        adv_kernel_dram_memo(m, k, st, lay, &gpv, gathers, &d);
    out->ok = d.ok;
    unsigned long long req = 0, sec = 0;
    for (unsigned a = 0; d.ok && a < kn->naccesses && out->ok; a++) {
        if (adv_access_repeats(kn, a))
            continue;
        adv_cost c;
        adv_access_cost_in(m, k, a, st, lay, &gpv, &c);
        out->ok = c.ok;
        if (!c.ok)
            snprintf(out->why, sizeof out->why, "%s", c.why);
        req += c.requests;
        sec += c.sectors;
    }
    adv_layout_destroy(lay);
    if (gathers)
        adv_gather_ctx_free(&gc);
    if (!d.ok) {
        snprintf(out->why, sizeof out->why, "%s", d.why[0] ? d.why : "the model could not cost this layout");
        return;
    }
    out->dram_bytes = d.read_bytes + d.write_bytes;
    out->requests = (double)req / ADV_MODEL_WARPS;
    out->sectors_per_request = req ? (double)sec / (double)req : 0;
}

int adv_predict_best(const adv_model *m, unsigned k, int st, adv_layout_kind *best_kind,
                     adv_prediction *best, adv_prediction *decl)
{
    const adv_struct *s = adv_model_struct(m, (unsigned)st);
    adv_scored *c = gm_xcalloc(adv_layout_nstd(), sizeof *c);
    adv_prediction *p = gm_xcalloc(adv_layout_nstd(), sizeof *p);
    unsigned n = 0;
    for (unsigned L = 0; L < adv_layout_nstd(); L++) { /* 0: the declared, which always applies */
        adv_layout_spec sp = adv_layout_std_at(L);
        if (L && !adv_layout_applies_spec(s, &sp))
            continue;
        adv_predict(m, k, st, &sp, &p[n]);
        c[n] = (adv_scored){sp, p[n].ok, p[n].dram_bytes, 0, p[n].requests, 1};
        n++;
    }
    *decl = p[0];
    int ok = decl->ok;
    if (ok) { /* kernel scope, the standard layouts: what check and explain name */
        adv_choice ch = adv_choose(c, n, (adv_choose_for){ADV_SCOPE_KERNEL, ADV_ONLY_STANDARD}, NULL);
        int b = ch.best >= 0 ? ch.best : 0;
        *best_kind = c[b].spec.kind;
        *best = p[b];
    }
    free(c);
    free(p);
    return ok;
}
