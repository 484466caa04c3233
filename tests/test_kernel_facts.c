/* advisor/frontend/kernel_facts.c on small files of tests/kernel_facts:
 * which kernels reach an extern __shared__ array (in their body, in a
 * helper they call, two calls down, in a class's conversion operator or
 * a member defined outside its class, in device code the host parse
 * skips; not through words in comments or strings, nor a helper only
 * named there), which declare a __shared__ array of their own, and which template parameter names an instance's
 * block (first or second, after a comment with a comma, in a namespace;
 * none for a parameter named otherwise or a block over 1024). */
#include <string.h>
#include <unistd.h>

#include "../advisor/frontend/load.h"
#include "check.h"

static adv_model *load(const char *path)
{
    gm_status st;
    gm_status_init(&st);
    adv_model *m = NULL;
    CHECK_EQ(adv_model_load(path, NULL, &m, &st), GM_OK);
    if (st.code != GM_OK)
        fprintf(stderr, "%s: %s\n", path, st.msg);
    return m;
}

static const adv_kernel *kernel(const adv_model *m, const char *label)
{
    for (unsigned k = 0; m && k < adv_model_nkernels(m); k++)
        if (!strcmp(adv_model_kernel(m, k)->label, label))
            return adv_model_kernel(m, k);
    fprintf(stderr, "no kernel %s\n", label);
    gm_failures++;
    return NULL;
}

static void shared(const adv_model *m, const char *label, int declares, int dynamic)
{
    const adv_kernel *kn = kernel(m, label);
    if (!kn)
        return;
    if (kn->declares_shared != declares || kn->dynamic_shared != dynamic)
        fprintf(stderr, "%s: declares_shared %d, dynamic_shared %d; expected %d, %d\n", label, kn->declares_shared,
                kn->dynamic_shared, declares, dynamic);
    CHECK(kn->declares_shared == declares && kn->dynamic_shared == dynamic);
}

static void block(const adv_model *m, const char *label, unsigned targ, unsigned index, const char *name)
{
    const adv_kernel *kn = kernel(m, label);
    if (!kn)
        return;
    if (kn->block_targ != targ || (targ && (kn->block_tparam != index || strcmp(kn->block_tparam_name, name))))
        fprintf(stderr, "%s: block %u from parameter %u '%s'; expected %u from %u '%s'\n", label, kn->block_targ,
                kn->block_tparam, kn->block_tparam_name, targ, index, name);
    CHECK_EQ(kn->block_targ, targ);
    if (targ) {
        CHECK_EQ(kn->block_tparam, index);
        CHECK(!strcmp(kn->block_tparam_name, name));
    }
}

int main(void)
{
    CHECK(chdir(GM_SRC) == 0);
    adv_model *m = load("tests/kernel_facts/shared_arrays.cu");
    CHECK_EQ(m ? adv_model_nkernels(m) : 0, 8);
    shared(m, "direct_helper", 0, 1);
    shared(m, "two_calls_down", 0, 1);
    shared(m, "conversion_slab", 0, 1);
    shared(m, "member_defined_outside", 0, 1);
    shared(m, "words_only", 0, 0);
    shared(m, "static_tile", 1, 0);
    shared(m, "own_extern", 1, 1);
    shared(m, "device_only", 1, 1);
    if (m)
        adv_model_destroy(m);
    m = load("tests/kernel_facts/block_params.cu");
    CHECK_EQ(m ? adv_model_nkernels(m) : 0, 6);
    block(m, "tile_sum<float, 128>", 128, 1, "BLOCK_SIZE");
    block(m, "first_param<256u, double>", 256, 0, "blockSize");
    block(m, "commented_params<int, 64>", 64, 1, "blockSize");
    block(m, "reduce::scoped<32>", 32, 0, "kThreadsPerBlock");
    block(m, "unnamed_size<float, 256>", 0, 0, "");
    block(m, "too_wide<2048>", 0, 0, "");
    if (m)
        adv_model_destroy(m);
    return TEST_DONE();
}
