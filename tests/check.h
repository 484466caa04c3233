/* Minimal assertions for the unit tests: report every failure, exit 1. */
#ifndef GM_TEST_CHECK_H
#define GM_TEST_CHECK_H
#include <stdio.h>
static int gm_failures;
#define CHECK(cond)                                                                    \
    do {                                                                               \
        if (!(cond)) {                                                                 \
            fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #cond);   \
            gm_failures++;                                                             \
        }                                                                              \
    } while (0)
#define CHECK_EQ(a, b)                                                                 \
    do {                                                                               \
        long long va_ = (long long)(a), vb_ = (long long)(b);                          \
        if (va_ != vb_) {                                                              \
            fprintf(stderr, "%s:%d: %s == %lld, expected %lld\n", __FILE__, __LINE__,   \
                    #a, va_, vb_);                                                     \
            gm_failures++;                                                             \
        }                                                                              \
    } while (0)
#define TEST_DONE() (gm_failures ? (fprintf(stderr, "%d check(s) failed\n", gm_failures), 1) : 0)
#endif
