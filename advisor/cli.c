#include "cli.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../common/strbuf.h"
#include "../kernels/kgen.h"
#include "parse.h"

static int parse_param(const char *s, adv_param_value *out, gm_status *st)
{
    const char *eq = strchr(s, '=');
    if (!eq || eq == s)
        return gm_fail(st, GM_EINPUT, "--param %s: expected NAME=VALUE", s);
    char *end;
    double v = strtod(eq + 1, &end);
    if (end == eq + 1 || *end)
        return gm_fail(st, GM_EINPUT, "--param %s: VALUE must be a number", s);
    size_t n = (size_t)(eq - s);
    char *name = gm_xmalloc(n + 1);
    memcpy(name, s, n);
    name[n] = '\0';
    *out = (adv_param_value){name, v};
    return GM_OK;
}

int cli_common_arg(cli_common *c, int argc, char **argv, int *i, gm_status *st)
{
    const char *a = argv[*i];
    const char *next = *i + 1 < argc ? argv[*i + 1] : NULL;
    if ((!strcmp(a, "-I") || !strcmp(a, "-D")) && next) {
        if (c->nclang + 2 > CLI_MAX_ARGS)
            return gm_fail(st, GM_EINPUT, "too many -I/-D options (at most %d)", CLI_MAX_ARGS / 2), -1;
        c->clang_args[c->nclang++] = a;
        c->clang_args[c->nclang++] = argv[++*i];
        return 1;
    }
    if ((!strncmp(a, "-I", 2) || !strncmp(a, "-D", 2)) && a[2]) {
        if (c->nclang >= CLI_MAX_ARGS)
            return gm_fail(st, GM_EINPUT, "too many -I/-D options (at most %d)", CLI_MAX_ARGS), -1;
        c->clang_args[c->nclang++] = a;
        return 1;
    }
    if (!strcmp(a, "--param") && next) {
        if (c->nparams >= CLI_MAX_PARAMS)
            return gm_fail(st, GM_EINPUT, "too many --param options (at most %d)", CLI_MAX_PARAMS), -1;
        if (parse_param(argv[++*i], &c->params[c->nparams], st))
            return -1;
        c->nparams++;
        return 1;
    }
    return 0;
}

void cli_common_free(cli_common *c)
{
    for (unsigned i = 0; i < c->nparams; i++)
        free((char *)c->params[i].name);
    c->nparams = 0;
}

int cli_load_model(const char *path, const cli_common *c, adv_model **out, gm_status *st)
{
    adv_parse_opts po = {c->clang_args, c->nclang, NULL, 0};
    *out = NULL;
    if (adv_parse_file(path, &po, out, st) != GM_OK)
        return st->code;
    if (c->nparams)
        adv_model_set_overrides(*out, c->params, c->nparams);
    adv_model_classify(*out, 1 << 18);
    return GM_OK;
}

int cli_write_file(const char *path, const char *text, gm_status *st)
{
    char tmp[4200];
    snprintf(tmp, sizeof tmp, "%s.XXXXXX", path);
    int fd = mkstemp(tmp);
    if (fd < 0)
        return gm_fail(st, GM_EINPUT, "%s: cannot create: %s", path, strerror(errno));
    FILE *f = fdopen(fd, "w");
    if (!f) {
        close(fd);
        unlink(tmp);
        return gm_fail(st, GM_EINPUT, "%s: cannot write: %s", path, strerror(errno));
    }
    int ok = fputs(text, f) >= 0;
    ok &= fclose(f) == 0;
    if (!ok || rename(tmp, path) != 0) {
        unlink(tmp);
        return gm_fail(st, GM_EINPUT, "%s: cannot write: %s", path, strerror(errno));
    }
    return GM_OK;
}

int cli_builtin_runner(int device, jit_runner **out, jit_device_info *dev, gm_status *st)
{
    jit_method method;
    jit_method_default(&method);
    if (jit_runner_create(device, &method, out, dev, st) != GM_OK) {
        jit_runner_destroy(*out);
        *out = NULL;
        return st->code;
    }
    char *src = kgen_reference_program();
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

int cli_device_arg(const char *opt, const char *value, int *device, gm_status *st)
{
    char *end;
    long v = strtol(value, &end, 10);
    if (*end || end == value || v < 0 || v > 1000)
        return gm_fail(st, GM_EINPUT, "%s %s: expected a GPU ordinal", opt, value);
    *device = (int)v;
    return GM_OK;
}
