/* jit/cuda_api: the driver's event timer is the _v2 entry point where the
 * driver has it and the original one on drivers older than CUDA 12.8,
 * which lack _v2 (each fake driver, tests/fake_cuda.c, says which ran).
 * One process per driver: the driver is loaded once per process. */
#include <stdlib.h>
#include <string.h>

#include "../jit/cuda_api.h"
#include "check.h"

int main(int argc, char **argv)
{
    if (argc != 3) {
        fprintf(stderr, "usage: test_cuda_api FAKE_LIBCUDA.so EXPECTED_MS\n");
        return 2;
    }
    setenv("GMADVISE_LIBCUDA", argv[1], 1);
    gm_status st;
    gm_status_init(&st);
    const jit_cuda *cu = jit_cuda_load(&st);
    CHECK(cu != NULL);
    if (!cu) {
        fprintf(stderr, "%s\n", st.msg);
        return TEST_DONE();
    }
    float ms = 0;
    CHECK(cu->cuEventElapsedTime(&ms, NULL, NULL) == CUDA_SUCCESS);
    CHECK_EQ(ms, atoi(argv[2]));
    return TEST_DONE();
}
