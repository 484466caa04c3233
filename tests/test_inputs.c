/* The data generator (engine/inputs.h): indices stay in [0, range) under
 * every setting, local:W stays within W of each element's own position,
 * offsets rise from 0 by 1 to 2*GM_DATA_DEGREE - 1 and never pass the
 * range, a CSR index buffer under local:W stays near its row, a .npy file is read and taken modulo the range, and a bad file
 * is an error naming it. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../advisor/engine/inputs.h"
#include "../common/limits.h"
#include "check.h"

int main(void)
{
    enum { N = 100000 };
    int *v = calloc(N, sizeof *v);
    char why[600];
    const char *sets[] = {"uniform", "local:256", "sorted", "identity"};
    for (unsigned i = 0; i < 4; i++) {
        adv_input_shape s = {ADV_ROLE_INDEX, 1, 1, 0, 1, 0, {0}};
        CHECK_EQ(adv_data_setting_parse(sets[i], &s.data, why, sizeof why), 0);
        CHECK_EQ(adv_inputs_generate(&s, ADV_S_I32, N, 5000, 2, v, why, sizeof why), 0);
        long long distinct = 0;
        for (int e = 0; e < N; e++) {
            CHECK(v[e] >= 0 && v[e] < 5000);
            if (i == 1) {
                long long c = e % 5000, d = v[e] > c ? v[e] - c : c - v[e];
                CHECK(d <= 128 || c < 128 || c >= 5000 - 128); /* reflected at the ends */
            }
            if (i == 2 && e)
                CHECK(v[e] >= v[e - 1]);
            if (i == 3)
                CHECK_EQ(v[e], e % 5000);
            distinct += e && v[e] != v[e - 1];
        }
        CHECK(distinct > N / 100); /* not one cached element */
    }
    /* stride: nbr[i * 8 + k] keeps i's neighbourhood */
    adv_input_shape rs = {ADV_ROLE_INDEX, 0, 1, 0, 8, 0, {ADV_DATA_IDENTITY, 0, ""}};
    CHECK_EQ(adv_inputs_generate(&rs, ADV_S_I32, N, 1 << 20, 2, v, why, sizeof why), 0);
    CHECK_EQ(v[8 * 77 + 3], 77);
    /* CSR: col[e] read for e in row_ptr[i] .. row_ptr[i + 1] (the stride
     * core/inputs_infer.c gives such a buffer, GM_DATA_DEGREE): under
     * local:W each row's indices stay within W / 2 of the row (one more
     * for e / GM_DATA_DEGREE being i or i + 1), the offsets generated here */
    {
        enum { ROWS = 4000, W = 64 };
        int *rp = calloc(ROWS + 1, sizeof *rp), *col = calloc(adv_inputs_offsets_span(ROWS), sizeof *col);
        adv_input_shape ro = {ADV_ROLE_OFFSETS, 1, 1, 0, 1, 0, {0}};
        adv_input_shape cs = {ADV_ROLE_INDEX, 3, 1, 0, GM_DATA_DEGREE, 0, {0}};
        CHECK_EQ(adv_data_setting_parse("local:64", &cs.data, why, sizeof why), 0);
        CHECK_EQ(adv_inputs_generate(&ro, ADV_S_I32, ROWS + 1, adv_inputs_offsets_span(ROWS), 1, rp, why, sizeof why), 0);
        CHECK_EQ(adv_inputs_generate(&cs, ADV_S_I32, adv_inputs_offsets_span(ROWS), ROWS, 2, col, why, sizeof why), 0);
        long long far = 0;
        for (int i = W; i < ROWS - W; i++)
            for (int e = rp[i]; e < rp[i + 1]; e++)
                far += col[e] < i - W / 2 - 1 || col[e] > i + W / 2 + 1;
        CHECK_EQ(far, 0);
        free(rp);
        free(col);
    }
    adv_input_shape off = {ADV_ROLE_OFFSETS, 1, 1, 0, 1, 0, {0}};
    CHECK_EQ(adv_inputs_generate(&off, ADV_S_I32, N, adv_inputs_offsets_span(N), 1, v, why, sizeof why), 0);
    CHECK_EQ(v[0], 0);
    for (int e = 1; e < N; e++)
        CHECK(v[e] - v[e - 1] >= 1 && v[e] - v[e - 1] < 2 * GM_DATA_DEGREE);
    CHECK(v[N - 1] <= adv_inputs_offsets_span(N));
    long long *w = calloc(N, sizeof *w);
    CHECK_EQ(adv_inputs_generate(&off, ADV_S_I64, N, 1000, 1, w, why, sizeof why), 0);
    CHECK_EQ(w[N - 1], 1000); /* capped at the range */
    free(w);
    /* a .npy file of int32 */
    char path[] = "/tmp/gm_inputs_XXXXXX";
    int fd = mkstemp(path);
    CHECK(fd >= 0);
    FILE *f = fdopen(fd, "wb");
    const char hdr[] = "{'descr': '<i4', 'fortran_order': False, 'shape': (3,), }";
    char pad[128];
    memset(pad, ' ', sizeof pad);
    unsigned hl = 128 - 10; /* the data 64-byte aligned, as numpy writes it */
    fwrite("\x93NUMPY\x01\x00", 1, 8, f);
    unsigned char l2[2] = {(unsigned char)hl, 0};
    fwrite(l2, 1, 2, f);
    fwrite(hdr, 1, sizeof hdr - 1, f);
    fwrite(pad, 1, hl - (sizeof hdr - 1) - 1, f);
    fputc('\n', f);
    int vals[3] = {7, 12, -1};
    fwrite(vals, 4, 3, f);
    fclose(f);
    adv_input_shape fs = {ADV_ROLE_INDEX, 1, 1, 0, 1, 0, {0}};
    CHECK_EQ(adv_data_setting_parse(path, &fs.data, why, sizeof why), -1); /* not .npy by name */
    char npy[64];
    snprintf(npy, sizeof npy, "%s.npy", path);
    CHECK_EQ(rename(path, npy), 0);
    CHECK_EQ(adv_data_setting_parse(npy, &fs.data, why, sizeof why), 0);
    CHECK_EQ(adv_inputs_generate(&fs, ADV_S_I32, 6, 10, 1, v, why, sizeof why), 0);
    CHECK_EQ(v[0], 7);
    CHECK_EQ(v[1], 2);
    CHECK_EQ(v[2], 9);
    CHECK_EQ(v[3], 7);
    remove(npy);
    CHECK_EQ(adv_inputs_generate(&fs, ADV_S_I32, 6, 10, 1, v, why, sizeof why), -1);
    CHECK(strstr(why, "cannot read") != NULL);
    CHECK_EQ(adv_inputs_generate(&fs, ADV_S_F32, 6, 10, 1, v, why, sizeof why), -1);
    free(v);
    return TEST_DONE();
}
