#include "warp_picture.h"

#include <string.h>

void adv_warp_picture_of(const adv_pattern *p, adv_warp_picture *out)
{
    long long elem[ADV_WARP_SIZE];
    memset(out, 0, sizeof *out);
    out->width = p->width;
    out->size = p->size;
    int failed = adv_pattern_elems(p, 0, ADV_WARP_SIZE, 1, elem, out->why, sizeof out->why);
    for (unsigned t = 0; t < ADV_WARP_SIZE && !failed; t++)
        failed = adv_pattern_addr(p, elem[t], &out->addr[t], out->why, sizeof out->why);
    if (failed)
        return;
    out->ok = 1;
    adv_warp_cost_of(out->addr, NULL, p->width, &out->cost);
    long long first = out->addr[0], last = out->addr[0];
    for (unsigned t = 1; t < ADV_WARP_SIZE; t++) {
        first = out->addr[t] < first ? out->addr[t] : first;
        last = out->addr[t] > last ? out->addr[t] : last;
    }
    out->first_sector = first >= 0 ? first / 32 : -((-first + 31) / 32);
    out->last_sector = (last + p->width - 1) / 32;
}
