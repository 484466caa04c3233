/* A memo of the model's totals within one search: the layouts a search
 * scores place many accesses the same way (a field alone in its array is
 * the same pattern in SoA and in every split that leaves it alone; a
 * kernel that reads neither of two fields costs the same whether they
 * share an array), and each placement is costed once.  Invariant: the
 * totals of a pattern, and a kernel's DRAM traffic, depend on the
 * patterns, warps and grid alone, so a hit is what the call would give;
 * keys hold index trees and parameter values by address, which is why the
 * memo lives from adv_cost_memo_begin to adv_cost_memo_end only, while one
 * model is read and nothing frees it. */
#ifndef ADV_COST_MEMO_H
#define ADV_COST_MEMO_H

#include <stddef.h>

#include "coalesce.h"

void adv_cost_memo_begin(void);
void adv_cost_memo_end(void);
int adv_cost_memo_on(void);

/* adv_cost_of, answered from the memo when it is on and holds the pattern. */
void adv_cost_of_memo(const adv_pattern *p, unsigned long long first, unsigned nwarps, long long grid,
                      adv_cost *out);

/* The value of `key` (nk bytes, compared byte for byte) into val (nv
 * bytes): 1 when the memo holds it. */
int adv_memo_get(const void *key, size_t nk, void *val, size_t nv);
void adv_memo_put(const void *key, size_t nk, const void *val, size_t nv);

/* The bytes of pattern p in a key (fields only, no padding). */
void adv_memo_key_pattern(const adv_pattern *p, long long out[11]);

#endif
