/* engine/calibration_cache: a kept size is read back under its key; every
 * part of the key (GPU, binary, function, plan, launch shape, data
 * settings) changes it, so a change is a miss; the binary's hash covers
 * every module. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../advisor/engine/calibration_cache.h"
#include "check.h"

int main(void)
{
    char dir[] = "/tmp/gm-calcache-XXXXXX";
    if (!mkdtemp(dir))
        return 1;
    setenv("GMADVISE_CACHE_DIR", dir, 1);
    jit_device_info dev;
    memset(&dev, 0, sizeof dev);
    strcpy(dev.name, "NVIDIA H200");
    dev.sm = 90;
    dev.sms = 132;
    dev.l2_bytes = 60ull << 20;
    dev.mem_bytes = 140ull << 30;
    char k[33], k2[33];
    adv_calibration_key(&dev, "b0", "integrate_Particle_aos", 15720448, "blocks of 256", "", k);
    long long n = 0;
    double age = -1;
    CHECK(!adv_calibration_cached(k, &n, &age)); /* nothing kept yet */
    adv_calibration_keep(k, 7856128);
    CHECK(adv_calibration_cached(k, &n, &age));
    CHECK_EQ(n, 7856128);
    CHECK(age >= 0 && age < 60);
    /* each part of the key makes another key, whose size is not this one */
    const char *fn[] = {"integrate_Particle_aos", "integrate_Particle_soa"};
    adv_calibration_key(&dev, "b1", fn[0], 15720448, "blocks of 256", "", k2);
    CHECK(strcmp(k, k2) && !adv_calibration_cached(k2, &n, &age));
    adv_calibration_key(&dev, "b0", fn[1], 15720448, "blocks of 256", "", k2);
    CHECK(strcmp(k, k2) && !adv_calibration_cached(k2, &n, &age));
    adv_calibration_key(&dev, "b0", fn[0], 15720448 / 2, "blocks of 256", "", k2);
    CHECK(strcmp(k, k2));
    adv_calibration_key(&dev, "b0", fn[0], 15720448, "blocks of (16,16,1)", "", k2);
    CHECK(strcmp(k, k2));
    adv_calibration_key(&dev, "b0", fn[0], 15720448, "blocks of 256", "n=4096", k2);
    CHECK(strcmp(k, k2));
    jit_device_info other = dev;
    other.ordinal = 1;
    adv_calibration_key(&other, "b0", fn[0], 15720448, "blocks of 256", "", k2);
    CHECK(strcmp(k, k2));
    adv_calibration_key(&dev, "b0", fn[0], 15720448, "blocks of 256", "", k2);
    CHECK(!strcmp(k, k2)); /* the same parts, the same key */
    /* the binary's hash: every module counts */
    char c0[] = "cubin-a", c1[] = "cubin-b", h0[33], h1[33];
    jit_module more = {c1, sizeof c1};
    jit_binary b = {c0, sizeof c0, NULL, NULL, 0};
    adv_binary_hash(&b, h0);
    b.more = &more;
    b.nmore = 1;
    adv_binary_hash(&b, h1);
    CHECK(strlen(h0) == 32 && strcmp(h0, h1));
    char cmd[128];
    snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
    CHECK(system(cmd) == 0);
    return TEST_DONE();
}
