#include "captured_model.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../common/strbuf.h"
#include "../core/inputs_infer.h"

static int named(const char *name, const char *const *names, unsigned n)
{
    for (unsigned i = 0; i < n; i++)
        if (!strcmp(names[i], name))
            return 1;
    return 0;
}

/* The captured scalars as parameter values, but for those --param gives;
 * returns how many are in *out (caller frees them and their names). */
static unsigned scalar_values(adv_model *m, const adv_inputs *in, const cli_common *c, int say,
                              adv_param_value **out)
{
    adv_param_value *v;
    char note[512];
    unsigned n = adv_inputs_param_values(in, m, &v, note, sizeof note), kept = 0;
    for (unsigned i = 0; i < n; i++) {
        int given = 0;
        for (unsigned j = 0; j < c->nparams && !given; j++)
            given = !strcmp(c->params[j].name, v[i].name);
        if (given)
            free((char *)v[i].name);
        else
            v[kept++] = v[i];
    }
    if (note[0] && say)
        gm_log(GM_LOG_NOTE, "note: %s: the model takes them from --param or its defaults", note);
    *out = v;
    return kept;
}

/* The threads every captured kernel of m launched, or 0 when they differ
 * (or none has a capture). */
static long long launch_threads(const adv_model *m, const adv_inputs *in)
{
    long long threads = 0;
    for (unsigned k = 0; k < adv_model_nkernels(m); k++) {
        const adv_capture *cap = adv_inputs_find(in, adv_model_kernel(m, k));
        if (!cap)
            continue;
        long long t = (long long)cap->grid[0] * cap->grid[1] * cap->grid[2] * cap->block[0] * cap->block[1] *
                      cap->block[2];
        if (threads && t != threads)
            return 0;
        threads = t;
    }
    return threads;
}

/* The dimension whose threads make up a warp in a block one thread wide
 * ((1,256,1): 'y'), else 0. */
static char lanes_dim(const adv_capture *cap)
{
    if (cap->block[0] != 1)
        return 0;
    return cap->block[1] > 1 && cap->block[2] == 1 ? 'y' : cap->block[1] == 1 && cap->block[2] > 1 ? 'z' : 0;
}

/* Kernel k's line: the captured launch, the values the model took, the
 * gathers' measured locality. */
static void describe_kernel(adv_model *m, unsigned k, const adv_capture *cap, const adv_inputs *in,
                            const adv_param_value *v, unsigned nv, const char *const *data_names, unsigned ndata,
                            long long threads, sb_t *s)
{
    const adv_kernel *kn = adv_model_kernel(m, k);
    sb_printf(s, "with the captured arguments of launch %llu in %s <<<(%u,%u,%u),(%u,%u,%u)>>>", cap->launch,
              in->dir, cap->grid[0], cap->grid[1], cap->grid[2], cap->block[0], cap->block[1], cap->block[2]);
    unsigned said = 0;
    for (unsigned p = 0; p < kn->nparams; p++)
        for (unsigned i = 0; i < nv; i++)
            if (!strcmp(v[i].name, kn->params[p].name))
                sb_printf(s, "%s%s=%.17g", said++ ? ", " : ": ", v[i].name, v[i].value);
    if (threads)
        sb_printf(s, "; %lld threads", threads);
    char dim = lanes_dim(cap);
    if (dim)
        sb_printf(s, "; threadIdx.%c as the lanes of a warp (blockDim.x is 1)", dim);
    else if (cap->block[0] % 32 && (cap->block[1] > 1 || cap->block[2] > 1))
        sb_printf(s, "; a warp of this block spans %u rows of threadIdx.y/z, which the model takes as 0: its "
                  "figures assume blockDim.x a multiple of 32",
                  (32 + cap->block[0] - 1) / cap->block[0]);
    adv_input_shape *shapes = adv_inputs_for(m, k, NULL);
    for (unsigned p = 0; p < kn->nparams; p++) {
        if (shapes[p].role != ADV_ROLE_INDEX)
            continue;
        if (named(kn->params[p].name, data_names, ndata)) {
            sb_printf(s, "; %s from --data, not the capture", kn->params[p].name);
            continue;
        }
        adv_data_setting d;
        char why[600], text[600];
        if (adv_capture_locality(in, cap, kn, p, &shapes[p], &d, why, sizeof why) != 0) {
            sb_printf(s, "; %s: no measured locality (%s)", kn->params[p].name, why);
            continue;
        }
        adv_model_set_kernel_data(m, k, p, &d);
        sb_printf(s, "; gather locality from the captured %s: %s", kn->params[p].name,
                  adv_data_setting_text(&d, text, sizeof text));
    }
    free(shapes);
}

void cli_captured_model(adv_model *m, const adv_inputs *in, const cli_common *c, const char *const *data_names,
                        unsigned ndata, int say)
{
    adv_param_value *v;
    unsigned nv = scalar_values(m, in, c, say, &v);
    if (nv)
        adv_model_set_overrides(m, v, nv);
    long long threads = launch_threads(m, in);
    for (unsigned k = 0; k < adv_model_nkernels(m); k++) {
        const adv_capture *cap = adv_inputs_find(in, adv_model_kernel(m, k));
        if (cap && lanes_dim(cap))
            adv_model_set_lanes(m, k, lanes_dim(cap));
    }
    adv_model_classify(m, threads > 0 ? threads : adv_model_count(m));
    for (unsigned k = 0; k < adv_model_nkernels(m); k++) {
        const adv_capture *cap = adv_inputs_find(in, adv_model_kernel(m, k));
        if (!cap)
            continue;
        sb_t s;
        sb_init(&s);
        describe_kernel(m, k, cap, in, v, nv, data_names, ndata, threads, &s);
        adv_model_set_kernel_inputs(m, k, s.s);
        if (say)
            gm_log(GM_LOG_NOTE, "note: %s: %s: %s", adv_kernel_file(m, adv_model_kernel(m, k)),
                adv_model_kernel(m, k)->label, s.s);
        sb_free(&s);
    }
    for (unsigned i = 0; i < nv; i++)
        free((char *)v[i].name);
    free(v);
}
