/* Captured inputs (advisor/engine/captured.c): a capture directory as
 * gmadvise capture writes it, read back; its buffers packed into every
 * layout and unpacked byte-identical; what a bad capture is told. */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../advisor/core/layout.h"
#include "../advisor/engine/captured.h"
#include "../common/npy.h"
#include "check.h"

/* struct Particle { float x, y, z, vx, vy, vz, mass; int id; } */
static adv_struct particle(adv_field *f)
{
    static const char *const names[] = {"x", "y", "z", "vx", "vy", "vz", "mass", "id"};
    adv_struct s;
    memset(&s, 0, sizeof s);
    strcpy(s.name, "Particle");
    strcpy(s.qual, "Particle");
    s.size = 32;
    s.align = 4;
    s.nfields = 8;
    s.fields = f;
    for (unsigned i = 0; i < 8; i++) {
        memset(&f[i], 0, sizeof f[i]);
        strcpy(f[i].name, names[i]);
        f[i].offset = 4 * i;
        f[i].size = f[i].align = 4;
        f[i].scalar = i == 7 ? ADV_S_I32 : ADV_S_F32;
    }
    return s;
}

static char dir[64];

static void put(const char *name, const char *text)
{
    char path[256];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    FILE *f = fopen(path, "w");
    fputs(text, f);
    fclose(f);
}

/* The manifest of one capture of integrate(Particle *p, float dt, int n),
 * p pointing 3 elements into an allocation of 1000 (as inject.c writes it). */
static const char manifest[] =
    "{\n  \"gmadvise_capture\": 1,\n  \"device\": \"NVIDIA H100 80GB HBM3\",\n  \"sm\": 90,\n"
    "  \"finished\": true,\n  \"max_bytes\": 4294967296,\n  \"bytes\": 64000,\n  \"cap_hit\": false,\n"
    "  \"launches\": [{\"mangled\": \"_Z9integrateP8Particlefi\", \"count\": 10}],\n"
    "  \"notes\": [\"a note\"],\n  \"captures\": [\n"
    "    {\"id\": 0, \"kernel\": \"integrate\", \"mangled\": \"_Z9integrateP8Particlefi\", "
    "\"demangled\": \"integrate(Particle*, float, int)\", \"source\": null,\n"
    "     \"api\": \"cuLaunchKernel\", \"launch\": 2, \"grid\": [4, 1, 1], \"block\": [256, 1, 1], "
    "\"shared_bytes\": 0, \"stream\": \"0x0\", \"per_thread_stream\": false, \"param_layout_from\": \"cuKernelGetParamInfo\",\n"
    "     \"params\": [\n"
    "       {\"index\": 0, \"offset\": 0, \"size\": 8, \"type\": \"Particle*\", \"bytes\": \"6010000000700000\", "
    "\"points_to\": [{\"word\": 0, \"buffer\": 0, \"offset\": 96}]},\n"
    "       {\"index\": 1, \"offset\": 8, \"size\": 4, \"type\": \"float\", \"bytes\": \"0000003f\"},\n"
    "       {\"index\": 2, \"offset\": 12, \"size\": 4, \"type\": \"int\", \"bytes\": \"e5030000\"}],\n"
    "     \"buffers\": [\n"
    "       {\"id\": 0, \"address\": \"0x700000001000\", \"bytes\": 32000, \"memory\": \"device\", \"dtype\": \"|u1\", "
    "\"element_type\": \"Particle\", \"before\": \"c0_b0_before.npy\", \"after\": \"c0_b0_after.npy\"}],\n"
    "     \"complete\": true, \"why_incomplete\": null}]\n}\n";

static adv_kernel integrate_kernel(void)
{
    adv_kernel k;
    memset(&k, 0, sizeof k);
    strcpy(k.name, "integrate");
    strcpy(k.label, "integrate");
    k.nparams = 3;
    return k;
}

static void test_round_trip(unsigned char *before)
{
    put("manifest.json", manifest);
    char path[256];
    snprintf(path, sizeof path, "%s/c0_b0_before.npy", dir);
    CHECK_EQ(gm_npy_write(path, "|u1", before, 32000), 0);
    snprintf(path, sizeof path, "%s/c0_b0_after.npy", dir);
    CHECK_EQ(gm_npy_write(path, "|u1", before, 32000), 0);
    adv_inputs *in = NULL;
    gm_status st;
    gm_status_init(&st);
    CHECK_EQ(adv_inputs_load(dir, &in, &st), GM_OK);
    if (!in) {
        fprintf(stderr, "%s\n", st.msg);
        return;
    }
    CHECK_EQ(in->ncaps, 1);
    CHECK(!strcmp(in->device, "NVIDIA H100 80GB HBM3"));
    CHECK(strstr(in->notes, "a note") != NULL);
    const adv_capture *c = &in->caps[0];
    CHECK(!strcmp(c->kernel, "integrate") && c->launch == 2 && c->complete);
    CHECK(c->grid[0] == 4 && c->grid[1] == 1 && c->block[0] == 256 && c->shared_bytes == 0);
    CHECK_EQ(c->nparams, 3);
    CHECK_EQ(c->params[0].buffer, 0);
    CHECK_EQ(c->params[0].buf_offset, 96);
    CHECK_EQ(c->params[1].buffer, -1);
    float dt;
    int n;
    memcpy(&dt, c->params[1].bytes, 4);
    memcpy(&n, c->params[2].bytes, 4);
    CHECK(dt == 0.5f && n == 997);
    CHECK_EQ(adv_capture_elems(c, 0, 32), 997); /* from the pointer to the allocation's end */
    CHECK_EQ(adv_capture_elems(c, 1, 32), 0);
    adv_kernel k = integrate_kernel();
    CHECK(adv_inputs_find(in, &k) == c);
    k.nparams = 2; /* another kernel of the same name */
    CHECK(adv_inputs_find(in, &k) == NULL);
    k.nparams = 3;
    strcpy(k.name, "kinetic");
    strcpy(k.label, "kinetic");
    CHECK(adv_inputs_find(in, &k) == NULL);

    unsigned char *data;
    size_t bytes;
    CHECK_EQ(adv_capture_read(in, c, 0, 0, &data, &bytes, &st), GM_OK);
    CHECK(bytes == 32000 && data && !memcmp(data, before, 32000));

    /* every layout: the captured elements from the pointer on, packed and
     * unpacked, give back every byte */
    adv_field f[8];
    adv_struct s = particle(f);
    unsigned long long ne = adv_capture_elems(c, 0, s.size);
    adv_layout_spec specs[ADV_L_NSTD + 8];
    unsigned ns = 0;
    for (int kd = 0; kd < ADV_L_NSTD; kd++)
        specs[ns++] = adv_layout_std((adv_layout_kind)kd);
    for (unsigned lanes = 4; lanes <= ADV_AOSOA_MAX_LANES; lanes *= 4) {
        specs[ns] = adv_layout_std(ADV_L_AOSOA);
        specs[ns++].lanes = lanes;
    }
    adv_layout_spec split = adv_layout_std(ADV_L_SPLIT);
    split.ngroups = 2;
    static const unsigned char grp[8] = {0, 0, 0, 1, 1, 1, 1, 1};
    memcpy(split.group, grp, sizeof grp);
    split.align[0] = 16;
    specs[ns++] = split;
    unsigned tried = 0;
    for (unsigned i = 0; i < ns; i++) {
        char why[128];
        if (!adv_layout_applies_spec(&s, &specs[i]))
            continue;
        adv_layout *l = adv_layout_make(&s, &specs[i], ne, why, sizeof why);
        CHECK(l != NULL);
        if (!l)
            continue;
        unsigned char *packed = calloc(1, adv_layout_bytes(l) + 1), *back = calloc(ne, s.size);
        adv_layout_pack(l, data + c->params[0].buf_offset, packed, ne);
        adv_layout_unpack(l, packed, back, ne);
        CHECK(!memcmp(back, data + c->params[0].buf_offset, ne * s.size));
        free(packed);
        free(back);
        adv_layout_destroy(l);
        tried++;
    }
    CHECK(tried >= ADV_L_NSTD - 1); /* reordered does not apply to a struct without padding */
    free(data);

    /* an edited buffer must keep its size */
    snprintf(path, sizeof path, "%s/c0_b0_after.npy", dir);
    CHECK_EQ(gm_npy_write(path, "|u1", before, 100), 0);
    CHECK_EQ(adv_capture_read(in, c, 0, 1, &data, &bytes, &st), GM_EINPUT);
    CHECK(strstr(st.msg, "the manifest says 32000") != NULL);
    adv_inputs_free(in);
}

static void expect_bad(const char *text, const char *msg)
{
    put("manifest.json", text);
    adv_inputs *in = NULL;
    gm_status st;
    gm_status_init(&st);
    CHECK_EQ(adv_inputs_load(dir, &in, &st), GM_EINPUT);
    CHECK(in == NULL);
    if (!strstr(st.msg, msg))
        fprintf(stderr, "expected '%s' in: %s\n", msg, st.msg), gm_failures++;
}

static char *replaced(const char *from, const char *to)
{
    const char *at = strstr(manifest, from);
    char *s = malloc(sizeof manifest + strlen(to));
    size_t pre = (size_t)(at - manifest);
    memcpy(s, manifest, pre);
    strcpy(s + pre, to);
    strcat(s, at + strlen(from));
    return s;
}

static void test_bad(void)
{
    struct {
        const char *from, *to, *msg;
    } cases[] = {
        {"\"gmadvise_capture\": 1", "\"gmadvise_capture\": 2", "not a gmadvise capture manifest"},
        {"\"bytes\": \"0000003f\"", "\"bytes\": \"00zz003f\"", "is not hex"},
        {"\"bytes\": \"0000003f\"", "\"bytes\": \"0000\"", "2 hex digits a byte"},
        {"\"c0_b0_before.npy\"", "\"../etc/passwd\"", "must be a file name in the capture directory"},
        {"\"grid\": [4, 1, 1]", "\"grid\": [4, 0, 1]", "grid and block must be three positive numbers"},
        {"\"buffer\": 0, \"offset\": 96", "\"buffer\": 3, \"offset\": 96", "which the capture does not hold"},
        {"\"buffer\": 0, \"offset\": 96", "\"buffer\": 0, \"offset\": 96000", "which the capture does not hold"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        char *t = replaced(cases[i].from, cases[i].to);
        expect_bad(t, cases[i].msg);
        free(t);
    }
    expect_bad("{\"gmadvise_capture\": 1, ", "manifest.json");
    char path[256];
    snprintf(path, sizeof path, "%s/manifest.json", dir);
    unlink(path);
    expect_bad("", "manifest.json");
    unlink(path);
    adv_inputs *in = NULL;
    gm_status st;
    gm_status_init(&st);
    CHECK_EQ(adv_inputs_load(dir, &in, &st), GM_EINPUT);
    CHECK(strstr(st.msg, "manifest.json") != NULL);
}

int main(void)
{
    strcpy(dir, "/tmp/gm_inputs_XXXXXX");
    if (!mkdtemp(dir))
        return 1;
    unsigned char *before = malloc(32000);
    for (unsigned i = 0; i < 32000; i++)
        before[i] = (unsigned char)(i * 13 + 5);
    test_round_trip(before);
    test_bad();
    free(before);
    const char *files[] = {"manifest.json", "c0_b0_before.npy", "c0_b0_after.npy"};
    for (size_t i = 0; i < 3; i++) {
        char path[256];
        snprintf(path, sizeof path, "%s/%s", dir, files[i]);
        unlink(path);
    }
    rmdir(dir);
    return TEST_DONE();
}
