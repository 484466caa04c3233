/* The sample headers the tests walk: samples/<name>.h in name order. */
#ifndef GM_TEST_SAMPLES_H
#define GM_TEST_SAMPLES_H
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    char name[256]; /* "particle.h" */
    char path[1024];
} gm_sample;

static int gm_sample_cmp(const struct dirent **a, const struct dirent **b)
{
    return strcmp((*a)->d_name, (*b)->d_name);
}

/* Returns the samples (caller frees) and their count in *n. */
static gm_sample *gm_samples(unsigned *n)
{
    struct dirent **ents;
    int count = scandir(GM_SRC "/samples", &ents, NULL, gm_sample_cmp);
    gm_sample *s = calloc(count > 0 ? (size_t)count : 1, sizeof *s);
    *n = 0;
    for (int i = 0; i < count; i++) {
        const char *nm = ents[i]->d_name;
        size_t len = strlen(nm);
        if (len > 2 && !strcmp(nm + len - 2, ".h")) {
            snprintf(s[*n].name, sizeof s[*n].name, "%s", nm);
            snprintf(s[*n].path, sizeof s[*n].path, "%s/samples/%s", GM_SRC, nm);
            (*n)++;
        }
        free(ents[i]);
    }
    if (count > 0)
        free(ents);
    return s;
}
#endif
