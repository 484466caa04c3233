#include "frontend.h"

int fe_read_annotations(adv_model *m, gm_status *st)
{
    const char *p = adv_model_text(m);
    while ((p = strstr(p, "gmadvise:")) != NULL) {
        p += 9;
        const char *eol = strchr(p, '\n');
        if (!eol)
            eol = p + strlen(p);
        /* `gmadvise: weight K=W ...` gives kernel weights, else parameter values */
        while (p < eol && isspace((unsigned char)*p))
            p++;
        int weight = !strncmp(p, "weight", 6) && p + 6 < eol && isspace((unsigned char)p[6]);
        if (weight)
            p += 6;
        while (p < eol) {
            while (p < eol && isspace((unsigned char)*p))
                p++;
            const char *name = p;
            while (p < eol && (isalnum((unsigned char)*p) || *p == '_'))
                p++;
            size_t nlen = (size_t)(p - name);
            if (nlen == 0 || p >= eol || *p != '=')
                break;
            char *end;
            double v = strtod(p + 1, &end);
            if (end == p + 1 || end > eol)
                break;
            if (!adv_param_value_ok(v) || (weight && !(v > 0))) {
                unsigned line = 1;
                for (const char *c = adv_model_text(m); c < name; c++)
                    line += *c == '\n';
                const char *bol = name;
                while (bol > adv_model_text(m) && bol[-1] != '\n')
                    bol--;
                return gm_fail_at(st, GM_EINPUT, adv_model_file(m), line, (unsigned)(name - bol + 1),
                                  "gmadvise: %.*s: the value must be a finite %snumber of at most 2^53",
                                  (int)(end - name), name, weight ? "positive " : "");
            }
            char *nm = gm_xmalloc(nlen + 1);
            memcpy(nm, name, nlen);
            nm[nlen] = '\0';
            adv_model_add_annotation(m, weight, nm, v);
            p = end;
        }
    }
    return GM_OK;
}

/* A header with structs and no kernel: a kernel that reads and writes
 * every field of each struct at index i stands in for the user's. */
void fe_synthesize_kernels(adv_model *m, sb_t *src, sb_t *notes)
{
    for (unsigned i = 0; i < adv_model_nstructs(m); i++) {
        const adv_struct *s = adv_model_struct(m, i);
        if (!s->nfields)
            continue;
        sb_printf(src,
                  "\n__global__ void gm_touch_%s(const %s *__restrict__ in, %s *__restrict__ out, "
                  "int n)\n{\n    int i = blockIdx.x * blockDim.x + threadIdx.x;\n"
                  "    if (i < n) {\n",
                  s->name, s->name, s->name);
        for (unsigned f = 0; f < s->nfields; f++) {
            const adv_field *fd = &s->fields[f];
            /* one loop per extent of the canonical type (the field's spelling
             * may be a typedef's name), each bound read back by sizeof */
            char sub[64 * 8] = "";
            size_t used = 0;
            for (unsigned r = 0; r < fd->array_rank && r < 8; r++) {
                sb_printf(src, "%*sfor (int gm_k%u = 0; gm_k%u < (int)(sizeof in[i].%s%s / sizeof in[i].%s%s[0]); "
                               "++gm_k%u)\n", (int)(8 + 4 * r), "", r, r, fd->name, sub, fd->name, sub, r);
                used += (size_t)snprintf(sub + used, sizeof sub - used, "[gm_k%u]", r);
            }
            unsigned r = fd->array_rank < 8 ? fd->array_rank : 8;
            sb_printf(src, "%*sout[i].%s%s = in[i].%s%s;\n", (int)(8 + 4 * r), "", fd->name, sub, fd->name, sub);
        }
        sb_puts(src, "    }\n}\n");
        sb_printf(notes,
                  "no __global__ kernel in %s: assumed every field of %s read and written at index i "
                  "(kernel gm_touch_%s)\n",
                  adv_model_file(m), s->name, s->name);
    }
}
