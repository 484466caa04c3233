/* Sizes, alignments and offsets from the parser must equal nvcc's: we
 * write a checker of static_asserts from the parsed corpus and compile it
 * with nvcc.  Skipped (77) where nvcc is not installed. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "../advisor/frontend/parse.h"
#include "../common/strbuf.h"
#include "check.h"

static int run_nvcc(const char *src, const char *obj)
{
    pid_t pid = fork();
    if (pid == 0) {
        execlp("nvcc", "nvcc", "-std=c++17", "-arch=sm_90", "-c", src, "-o", obj, (char *)NULL);
        _exit(127);
    }
    int status = 0;
    waitpid(pid, &status, 0);
    return WIFEXITED(status) ? WEXITSTATUS(status) : 1;
}

int main(int argc, char **argv)
{
    if (system("command -v nvcc >/dev/null 2>&1") != 0) {
        fprintf(stderr, "nvcc not found: skipped\n");
        return 77;
    }
    gm_status st;
    gm_status_init(&st);
    adv_model *m = NULL;
    if (adv_parse_file(argv[1], NULL, &m, &st) != GM_OK) {
        fprintf(stderr, "%s\n", st.msg);
        return 1;
    }
    CHECK(adv_model_nstructs(m) >= 30);
    sb_t b;
    sb_init(&b);
    sb_printf(&b, "#include <cstdint>\n#include <cstddef>\n#include \"%s\"\n", argv[1]);
    unsigned asserts = 0;
    for (unsigned i = 0; i < adv_model_nstructs(m); i++) {
        const adv_struct *s = adv_model_struct(m, i);
        sb_printf(&b, "static_assert(sizeof(%s) == %u, \"sizeof %s\");\n", s->name, s->size, s->name);
        sb_printf(&b, "static_assert(alignof(%s) == %u, \"alignof %s\");\n", s->name, s->align, s->name);
        asserts += 2;
        for (unsigned f = 0; f < s->nfields; f++, asserts += 1)
            sb_printf(&b, "static_assert(offsetof(%s, %s) == %u, \"offsetof %s.%s\");\n", s->name,
                      s->fields[f].name, s->fields[f].offset, s->name, s->fields[f].name);
    }
    char dir[] = "/tmp/gm_layoutXXXXXX";
    CHECK(mkdtemp(dir) != NULL);
    char src[256], obj[256];
    snprintf(src, sizeof src, "%s/check.cu", dir);
    snprintf(obj, sizeof obj, "%s/check.o", dir);
    FILE *f = fopen(src, "w");
    fputs(b.s, f);
    fclose(f);
    int rc = run_nvcc(src, obj);
    CHECK_EQ(rc, 0);
    fprintf(stderr, "%u structs, %u static_asserts compiled by nvcc\n", adv_model_nstructs(m), asserts);
    unlink(src);
    unlink(obj);
    rmdir(dir);
    sb_free(&b);
    adv_model_destroy(m);
    return TEST_DONE();
}
