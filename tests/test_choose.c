/* The one chooser (advisor/core/choose.h): the noise rule, the declared
 * layout's place, the tie-break and the scope's filters. */
#include <string.h>

#include "../advisor/core/choose.h"
#include "check.h"

static adv_scored at(adv_layout_kind k, double score, double spread, double second, int adoptable)
{
    adv_scored c = {adv_layout_std(k), 1, score, spread, second, adoptable};
    return c;
}

int main(void)
{
    adv_choose_for kernel = {ADV_SCOPE_KERNEL, 0};
    unsigned char tied[8];
    /* 0.5 % faster is within the 1 % floor: the declared stays, and says so */
    adv_scored c[6] = {at(ADV_L_AOS, 100, 0, 0, 1), at(ADV_L_SOA, 99.5, 0, 0, 1)};
    adv_choice ch = adv_choose(c, 2, kernel, tied);
    CHECK_EQ(ch.best, 0);
    CHECK(ch.within_noise);
    CHECK_EQ(ch.ntied, 1);
    CHECK(tied[1] && !tied[0]);
    /* the spreads widen the noise: 5 % faster with 3 % + 3 % spreads is a tie */
    c[1] = at(ADV_L_SOA, 95, 3, 0, 1);
    c[0].spread = 3;
    CHECK_EQ(adv_choose(c, 2, kernel, NULL).best, 0);
    c[0].spread = 0;
    c[1].spread = 0;
    /* the lowest wins beyond the noise, the others within it of the best are tied */
    c[1] = at(ADV_L_SOA, 60, 0, 0, 1);
    c[2] = at(ADV_L_AOSOA, 59.8, 0, 0, 1);
    c[3] = at(ADV_L_VECTOR, 80, 0, 0, 1);
    ch = adv_choose(c, 4, kernel, tied);
    CHECK_EQ(ch.best, 2);
    CHECK(!ch.within_noise);
    CHECK_EQ(ch.ntied, 1);
    CHECK(tied[1] && !tied[3]);
    /* the second key decides between scores within the noise (the model's requests) */
    c[1].second = 10;
    c[2].second = 20;
    CHECK_EQ(adv_choose(c, 4, kernel, NULL).best, 1);
    /* ... and lets a layout of the declared's bytes win on requests */
    adv_scored d[2] = {at(ADV_L_AOS, 64, 0, 8, 1), at(ADV_L_VECTOR, 64, 0, 2, 1)};
    CHECK_EQ(adv_choose(d, 2, kernel, NULL).best, 1);
    /* scopes: standard layouts only; what the header holds */
    c[4] = at(ADV_L_SPLIT, 30, 0, 0, 1);
    c[4].spec.ngroups = 2;
    CHECK_EQ(adv_choose(c, 5, kernel, NULL).best, 4);
    CHECK_EQ(adv_choose(c, 5, (adv_choose_for){ADV_SCOPE_KERNEL, ADV_ONLY_STANDARD}, NULL).best, 1);
    c[4].adoptable = 0;
    c[1].adoptable = 0;
    CHECK_EQ(adv_choose(c, 5, (adv_choose_for){ADV_SCOPE_PROGRAM, ADV_ONLY_ADOPTABLE}, NULL).best, 2);
    /* a candidate with no score never wins; a declared with none gives no answer */
    c[2].ok = 0;
    c[1].adoptable = 1;
    CHECK_EQ(adv_choose(c, 3, kernel, NULL).best, 1);
    c[0].ok = 0;
    CHECK_EQ(adv_choose(c, 3, kernel, NULL).best, -1);
    CHECK_EQ(adv_choose(c, 0, kernel, NULL).best, -1);
    return TEST_DONE();
}
