#include "locality_report.h"

#include <string.h>

#include "../../common/strbuf.h"

static const char *name_of(const adv_result *r, unsigned i, char *out, size_t n)
{
    const adv_variant *v = &r->v[i];
    adv_layout_spec_label(adv_model_struct(r->m, (unsigned)v->st), &v->spec, out, n);
    return out;
}

static const char *setting(const adv_locality_set *s, char *out, size_t n)
{
    if (s->window > 0)
        snprintf(out, n, "local:%lld", s->window);
    else
        snprintf(out, n, "uniform");
    return out;
}

static const adv_locality *find(const adv_result *r, unsigned k, int st)
{
    for (unsigned i = 0; i < r->nloc; i++)
        if (r->loc[i].kernel == k && r->loc[i].st == st)
            return &r->loc[i];
    return NULL;
}

void adv_locality_text(const adv_result *r, unsigned k, int st, FILE *f, unsigned width)
{
    const adv_locality *l = find(r, k, st);
    if (!l)
        return;
    char a[1024], b[1024], w[64];
    fprintf(f, "  the ranking depends on where %s's indices point, which no --data,\n"
               "  `// gmadvise: data` or capture says: measured under %u settings (ms, and x the\n"
               "  declared layout's speed; elements):\n",
            l->params, l->nset);
    for (unsigned i = 0; i < l->nset; i++) {
        const adv_locality_set *s = &l->set[i];
        sb_t line;
        sb_init(&line);
        sb_printf(&line, "    %s (%lld):", s->data, s->elems);
        unsigned col = (unsigned)line.len;
        for (unsigned j = 0; j < s->norder; j++) {
            char item[1100];
            unsigned v = s->order[j];
            if (l->declared >= 0 && s->ms[l->declared] > 0 && (int)v != l->declared)
                snprintf(item, sizeof item, " %s %.4g (%.2fx)%s", name_of(r, v, a, sizeof a), s->ms[v],
                         s->ms[l->declared] / s->ms[v], j + 1 < s->norder ? "," : "");
            else
                snprintf(item, sizeof item, " %s %.4g%s", name_of(r, v, a, sizeof a), s->ms[v],
                         j + 1 < s->norder ? "," : "");
            if (width && col > 6 && col + strlen(item) > width) {
                sb_printf(&line, "\n      ");
                col = 6;
            }
            sb_printf(&line, "%s", item);
            col += (unsigned)strlen(item);
        }
        if (!s->norder)
            sb_printf(&line, " nothing measured correct");
        fprintf(f, "%s\n", line.s);
        sb_free(&line);
    }
    const adv_locality_set *u = &l->set[0], *n = &l->set[l->nset - 1];
    if (l->flips) {
        const adv_locality_set *sw = &l->set[l->wide], *sn = &l->set[l->narrow];
        char ws[64], ns[64];
        fprintf(f, "  the winner changes between %s (%s) and %s (%s):\n"
                   "  pin the setting with --data %s=SETTING or `// gmadvise: data %s=SETTING`\n",
                setting(sw, ws, sizeof ws), sw->best >= 0 ? name_of(r, (unsigned)sw->best, a, sizeof a) : "-",
                setting(sn, ns, sizeof ns), sn->best >= 0 ? name_of(r, (unsigned)sn->best, b, sizeof b) : "-",
                l->params, l->params);
    } else if (u->best >= 0) {
        fprintf(f, "  the same winner (%s, or one within the noise) from uniform to %s\n",
                name_of(r, (unsigned)u->best, a, sizeof a), setting(n, w, sizeof w));
    }
    for (unsigned c = 0; c < l->ncross; c++) {
        const struct adv_locality_cross *x = &l->cross[c];
        char ws[64], ns[64];
        fprintf(f, "  %s: %s than the declared layout at %s, %s at %s\n", name_of(r, x->v, a, sizeof a),
                x->wide_faster ? "faster" : "slower", setting(&l->set[x->wide], ws, sizeof ws),
                x->wide_faster ? "slower" : "faster", setting(&l->set[x->narrow], ns, sizeof ns));
    }
}

void adv_locality_note_text(const adv_result *r, FILE *f)
{
    if (r->locality_note[0])
        fprintf(f, "note: measuring under another data setting stopped: %s\n", r->locality_note);
}

void adv_locality_json(const adv_result *r, adv_json *j)
{
    char a[1024], w[64];
    adv_json_begin_arr(j, "localities");
    for (unsigned i = 0; i < r->nloc; i++) {
        const adv_locality *l = &r->loc[i];
        adv_json_begin_obj(j, NULL);
        adv_json_str(j, "kernel", adv_model_kernel(r->m, l->kernel)->label);
        adv_json_str(j, "struct", adv_model_struct(r->m, (unsigned)l->st)->name);
        adv_json_str(j, "open", l->params);
        adv_json_begin_arr(j, "settings");
        for (unsigned s = 0; s < l->nset; s++) {
            const adv_locality_set *x = &l->set[s];
            adv_json_begin_obj(j, NULL);
            adv_json_str(j, "setting", setting(x, w, sizeof w));
            adv_json_str(j, "data", x->data);
            adv_json_int(j, "elems", x->elems);
            adv_json_str(j, "best", x->best >= 0 ? name_of(r, (unsigned)x->best, a, sizeof a) : NULL);
            adv_json_begin_arr(j, "ranking");
            for (unsigned o = 0; o < x->norder; o++) {
                adv_json_begin_obj(j, NULL);
                adv_json_str(j, "layout", name_of(r, x->order[o], a, sizeof a));
                adv_json_num(j, "median_ms", x->ms[x->order[o]]);
                adv_json_num(j, "spread_pct", x->spread[x->order[o]]);
                adv_json_end_obj(j);
            }
            adv_json_end_arr(j);
            adv_json_end_obj(j);
        }
        adv_json_end_arr(j);
        adv_json_begin_arr(j, "turns");
        for (unsigned c = 0; c < l->ncross; c++) {
            const struct adv_locality_cross *x = &l->cross[c];
            adv_json_begin_obj(j, NULL);
            adv_json_str(j, "layout", name_of(r, x->v, a, sizeof a));
            adv_json_str(j, "wide", setting(&l->set[x->wide], w, sizeof w));
            adv_json_str(j, "narrow", setting(&l->set[x->narrow], a, sizeof a));
            adv_json_bool(j, "faster_when_wide", x->wide_faster);
            adv_json_end_obj(j);
        }
        adv_json_end_arr(j);
        if (l->flips) {
            adv_json_begin_obj(j, "flip");
            adv_json_str(j, "wide", setting(&l->set[l->wide], w, sizeof w));
            adv_json_str(j, "narrow", setting(&l->set[l->narrow], a, sizeof a));
            adv_json_str(j, "wide_best", name_of(r, (unsigned)l->set[l->wide].best, a, sizeof a));
            adv_json_str(j, "narrow_best", name_of(r, (unsigned)l->set[l->narrow].best, a, sizeof a));
            adv_json_end_obj(j);
        } else {
            adv_json_null(j, "flip");
        }
        adv_json_end_obj(j);
    }
    adv_json_end_arr(j);
    adv_json_str(j, "locality_note", r->locality_note[0] ? r->locality_note : NULL);
}
