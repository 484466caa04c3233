#include "builtin.h"

#include <stdlib.h>
#include <string.h>

#include "../../kernels/builtin.h"

int adv_builtin_runner(int device, jit_runner **out, jit_device_info *dev, gm_status *st)
{
    jit_method method;
    jit_method_default(&method);
    if (jit_runner_create(device, &method, out, dev, st) != GM_OK) {
        jit_runner_destroy(*out);
        *out = NULL;
        return st->code;
    }
    char *src = gm_kernels_source();
    jit_binary bin;
    memset(&bin, 0, sizeof bin);
    int rc = jit_compile(src, "gmadvise_builtin.cu", dev->sm, 1, &bin, NULL, st);
    free(src);
    if (rc == GM_OK)
        rc = jit_runner_load(*out, &bin, st);
    jit_binary_free(&bin);
    if (rc != GM_OK) {
        jit_runner_destroy(*out);
        *out = NULL;
    }
    return rc;
}
