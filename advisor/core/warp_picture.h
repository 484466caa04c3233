/* What explain draws of one access pattern: the addresses warp 0's
 * threads touch with its first instruction, what that costs, and the
 * sectors from the first to the last.  Computed here so that the printer
 * (output/explain.c) only formats.  No GPU, no I/O. */
#ifndef ADV_WARP_PICTURE_H
#define ADV_WARP_PICTURE_H

#include "coalesce.h"

typedef struct {
    int ok;                         /* 0: not drawn, why says why */
    char why[128];
    unsigned width, size;           /* bytes a thread moves at once, and its whole datum */
    long long addr[ADV_WARP_SIZE];  /* thread t's byte address */
    adv_warp_cost cost;
    long long first_sector, last_sector; /* 32-byte sectors from the lowest to the highest byte */
} adv_warp_picture;

void adv_warp_picture_of(const adv_pattern *p, adv_warp_picture *out);

#endif
