/* The start of a unit test on tests/fake_driver.c (test_worker,
 * test_runner): the fake driver named on the command line is the one
 * jit/ loads, with `mem_mb` MiB of device memory.  0, or 2 after the usage
 * line when the command line names no driver: main returns it. */
#ifndef GM_TEST_FAKE_DRIVER_ENV_H
#define GM_TEST_FAKE_DRIVER_ENV_H
#include <stdio.h>
#include <stdlib.h>

static int fake_driver_env(int argc, char **argv, const char *mem_mb)
{
    if (argc != 2) {
        fprintf(stderr, "usage: %s FAKE_DRIVER.so\n", argv[0]);
        return 2;
    }
    setenv("GMADVISE_LIBCUDA", argv[1], 1);
    setenv("GM_FAKE_MEM_MB", mem_mb, 1);
    return 0;
}
#endif
