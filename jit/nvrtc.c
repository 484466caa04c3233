#define _GNU_SOURCE /* dladdr */
#include "nvrtc.h"

#include <ctype.h>
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "../common/hash.h"
#include "../common/strbuf.h"
#include "cache.h"
#include "cuda_abi.h"

#define NVRTC_FUNCS(X)                                                                       \
    X(nvrtcVersion) X(nvrtcCreateProgram) X(nvrtcCompileProgram) X(nvrtcGetProgramLogSize)  \
    X(nvrtcGetProgramLog) X(nvrtcGetCUBINSize) X(nvrtcGetCUBIN) X(nvrtcGetPTXSize)           \
    X(nvrtcGetPTX) X(nvrtcDestroyProgram) X(nvrtcGetErrorString) X(nvrtcGetNumSupportedArchs) \
    X(nvrtcGetSupportedArchs)

static struct {
    void *lib;
#define NVRTC_MEMBER(f) __typeof__(&f) f;
    NVRTC_FUNCS(NVRTC_MEMBER)
#undef NVRTC_MEMBER
} nv;
static int nv_loaded;
/* NVRTC 12.8 and later: precompiled headers (jit_pch_create); NULL before */
static nvrtcResult (*pch_status)(nvrtcProgram);

/* What a compile's cache key and the architecture check need from NVRTC,
 * kept in the cache folder so that a program the cache holds is answered
 * without loading NVRTC (7 ms a process, and a child forked for it).  The
 * entry's key names what decides which library dlopen picks (the
 * executable, GMADVISE_NVRTC, LD_LIBRARY_PATH, CUDA_HOME, ld.so.cache);
 * it holds the library it was read from, whose size, inode and time must
 * still match (a toolkit updated in place is a miss). */
typedef struct {
    int major, minor;
    char inc[1024]; /* toolkit_include() */
    int narchs, archs[256];
    char lib[1024];
    long long ino, size, mtime_ns;
} nvrtc_facts;

static int stat_of(const char *path, long long *ino, long long *size, long long *mtime_ns)
{
    struct stat sb;
    if (stat(path, &sb) != 0)
        return 0;
    *ino = (long long)sb.st_ino;
    *size = (long long)sb.st_size;
    *mtime_ns = (long long)sb.st_mtim.tv_sec * 1000000000ll + sb.st_mtim.tv_nsec;
    return 1;
}

static void facts_key(char key[33])
{
    sb_t k;
    sb_init(&k);
    sb_printf(&k, "nvrtc facts %zu", sizeof(nvrtc_facts));
    const char *env[] = {"GMADVISE_NVRTC", "LD_LIBRARY_PATH", "CUDA_HOME"};
    for (size_t i = 0; i < sizeof env / sizeof *env; i++)
        sb_printf(&k, "|%s=%s", env[i], getenv(env[i]) ? getenv(env[i]) : "(unset)");
    const char *files[] = {"/proc/self/exe", "/etc/ld.so.cache"};
    for (size_t i = 0; i < sizeof files / sizeof *files; i++) {
        long long a = 0, b = 0, c = 0;
        stat_of(files[i], &a, &b, &c);
        sb_printf(&k, "|%s %lld %lld %lld", files[i], a, b, c);
    }
    gm_hash h;
    gm_hash_init(&h);
    gm_hash_update(&h, k.s, k.len);
    gm_hash_hex(&h, key);
    sb_free(&k);
}

static const char *toolkit_include(void);

/* The facts of the loaded NVRTC, or of the one the cache names; 0 when
 * neither is known. */
static int facts(nvrtc_facts *f)
{
    memset(f, 0, sizeof *f);
    if (nv_loaded) {
        nv.nvrtcVersion(&f->major, &f->minor);
        snprintf(f->inc, sizeof f->inc, "%s", toolkit_include());
        if (nv.nvrtcGetNumSupportedArchs(&f->narchs) != NVRTC_SUCCESS || f->narchs <= 0 || f->narchs > 256)
            f->narchs = 0;
        else
            nv.nvrtcGetSupportedArchs(f->archs);
        return 1;
    }
    char key[33];
    facts_key(key);
    size_t n = 0;
    char *p = jit_cache_get(key, &n);
    int ok = p && n == sizeof *f;
    if (ok) {
        memcpy(f, p, sizeof *f);
        long long a, b, c;
        ok = f->lib[0] && stat_of(f->lib, &a, &b, &c) && a == f->ino && b == f->size && c == f->mtime_ns;
    }
    free(p);
    return ok;
}

/* Keeps the loaded NVRTC's facts for the runs after this one. */
static void remember_facts(void)
{
    static int done;
    Dl_info info;
    char real[1024];
    nvrtc_facts f;
    if (done || !nv_loaded || !facts(&f))
        return;
    done = 1;
    if (!dladdr((void *)nv.nvrtcCompileProgram, &info) || !info.dli_fname || !realpath(info.dli_fname, real))
        return;
    snprintf(f.lib, sizeof f.lib, "%s", real);
    if (!stat_of(f.lib, &f.ino, &f.size, &f.mtime_ns))
        return;
    char key[33];
    facts_key(key);
    jit_cache_put(key, (const char *)&f, sizeof f);
}

static int load(gm_status *st)
{
    if (nv_loaded)
        return GM_OK;
    const char *env = getenv("GMADVISE_NVRTC");
    const char *tries[] = {env, "libnvrtc.so.13", "libnvrtc.so", GM_NVRTC_DEFAULT_DIR "/libnvrtc.so.13",
                           GM_NVRTC_DEFAULT_DIR "/libnvrtc.so", "/usr/local/cuda/lib64/libnvrtc.so.13"};
    /* a GMADVISE_NVRTC that does not load is an error: another NVRTC than
     * the one named would compile silently */
    if (env && *env && !(nv.lib = dlopen(env, RTLD_NOW | RTLD_LOCAL)))
        return gm_fail(st, GM_EENV, "GMADVISE_NVRTC=%s cannot be loaded: %s", env, dlerror());
    for (size_t i = 1; i < sizeof tries / sizeof *tries && !nv.lib; i++)
        if (tries[i] && *tries[i])
            nv.lib = dlopen(tries[i], RTLD_NOW | RTLD_LOCAL);
    if (!nv.lib)
        return gm_fail(st, GM_EENV, "NVRTC not found (libnvrtc.so.13); install the CUDA toolkit's "
                                    "NVRTC or set GMADVISE_NVRTC");
#define NVRTC_BIND(f)                                                                        \
    *(void **)&nv.f = dlsym(nv.lib, #f);                                                     \
    if (!nv.f)                                                                               \
        return gm_fail(st, GM_EENV, "NVRTC lacks %s", #f);
    NVRTC_FUNCS(NVRTC_BIND)
#undef NVRTC_BIND
    *(void **)&pch_status = dlsym(nv.lib, "nvrtcGetPCHCreateStatus");
    nv_loaded = 1;
    return GM_OK;
}

int jit_nvrtc_version(char *out, size_t n, gm_status *st)
{
    if (load(st) != GM_OK)
        return st->code;
    int major = 0, minor = 0;
    nv.nvrtcVersion(&major, &minor);
    snprintf(out, n, "%d.%d", major, minor);
    return GM_OK;
}

int jit_nvrtc_arch_ok(int arch, gm_status *st)
{
    nvrtc_facts f;
    if (!facts(&f)) {
        if (load(st) != GM_OK)
            return st->code;
        facts(&f);
    }
    if (f.narchs <= 0)
        return GM_OK; /* cannot tell: the compile will say */
    char list[1024] = "";
    for (int i = 0; i < f.narchs; i++) {
        if (f.archs[i] == arch)
            return GM_OK;
        size_t len = strlen(list);
        snprintf(list + len, sizeof list - len, "%s%d", i ? ", sm_" : "", f.archs[i]);
    }
    return gm_fail(st, GM_EINPUT, "sm_%d: NVRTC %d.%d does not compile for it; it compiles for sm_%s", arch,
                   f.major, f.minor, list);
}

int jit_nvrtc_arch_known(int arch, gm_status *st)
{
    nvrtc_facts f;
    if (!facts(&f))
        return -1;
    return jit_nvrtc_arch_ok(arch, st);
}

void jit_binary_free(jit_binary *b)
{
    free(b->cubin);
    free(b->ptx);
    for (unsigned i = 0; i < b->nmore; i++)
        free(b->more[i].cubin);
    free(b->more);
    memset(b, 0, sizeof *b);
}

/* Cache payload: cubin length as 16 hex digits, cubin, then PTX. */
static int from_payload(const char *p, size_t n, jit_binary *out)
{
    if (n < 16)
        return 0;
    char digits[17];
    memcpy(digits, p, 16);
    digits[16] = '\0';
    size_t cl = (size_t)strtoull(digits, NULL, 16);
    if (cl > n - 16)
        return 0;
    out->cubin = gm_xmalloc(cl);
    memcpy(out->cubin, p + 16, cl);
    out->cubin_len = cl;
    out->ptx = gm_xmalloc(n - 16 - cl + 1);
    memcpy(out->ptx, p + 16 + cl, n - 16 - cl);
    out->ptx[n - 16 - cl] = '\0';
    return 1;
}

/* NVRTC on src with nheaders in-memory headers (hdr[i] named inc[i]). */
static int run_nvrtc(const char *src, const char *name, const char *const *opts, int nopts, int nheaders,
                     const char *const *hdr, const char *const *inc, jit_binary *out, char **log, gm_status *st)
{
    nvrtcProgram prog;
    nvrtcResult r = nv.nvrtcCreateProgram(&prog, src, name, nheaders, hdr, inc);
    if (r != NVRTC_SUCCESS)
        return gm_fail(st, GM_EENV, "%s: nvrtcCreateProgram: %s", name, nv.nvrtcGetErrorString(r));
    r = nv.nvrtcCompileProgram(prog, nopts, opts);
    size_t ls = 0;
    nv.nvrtcGetProgramLogSize(prog, &ls);
    if (log) {
        *log = gm_xcalloc(ls + 1, 1);
        nv.nvrtcGetProgramLog(prog, *log);
    }
    if (r != NVRTC_SUCCESS) {
        nv.nvrtcDestroyProgram(&prog);
        return gm_fail(st, GM_EINPUT, "%s: NVRTC compile failed: %s", name, nv.nvrtcGetErrorString(r));
    }
    /* a virtual architecture (JIT_PTX_ONLY) has no CUBIN */
    if (nv.nvrtcGetCUBINSize(prog, &out->cubin_len) != NVRTC_SUCCESS)
        out->cubin_len = 0;
    if (out->cubin_len) {
        out->cubin = gm_xmalloc(out->cubin_len);
        nv.nvrtcGetCUBIN(prog, out->cubin);
    }
    size_t ps = 0;
    nv.nvrtcGetPTXSize(prog, &ps);
    out->ptx = gm_xcalloc(ps + 1, 1);
    nv.nvrtcGetPTX(prog, out->ptx);
    nv.nvrtcDestroyProgram(&prog);
    return GM_OK;
}

/* The toolkit's include folder beside the NVRTC in use (lib64/../include),
 * else $CUDA_HOME's or /usr/local/cuda's: the CUDA device headers a user's
 * file includes (cooperative_groups.h, cuda_fp16.h) are read from there.
 * "" when none has them. */
static const char *toolkit_include(void)
{
    static char dir[1024];
    static int done;
    if (done)
        return dir;
    done = 1;
    char cand[3][1024] = {{0}};
    Dl_info info;
    if (dladdr((void *)nv.nvrtcCompileProgram, &info) && info.dli_fname) {
        char real[1024];
        if (realpath(info.dli_fname, real)) {
            char *slash = strrchr(real, '/');
            if (slash)
                snprintf(cand[0], sizeof cand[0], "%.*s/../include", (int)(slash - real), real);
        }
    }
    const char *home = getenv("CUDA_HOME");
    if (home && *home)
        snprintf(cand[1], sizeof cand[1], "%s/include", home);
    snprintf(cand[2], sizeof cand[2], "/usr/local/cuda/include");
    for (int i = 0; i < 3 && !dir[0]; i++) {
        char probe[1100];
        snprintf(probe, sizeof probe, "%s/cuda_fp16.h", cand[i]);
        if (cand[i][0] && access(probe, R_OK) == 0)
            snprintf(dir, sizeof dir, "%s", cand[i]);
    }
    return dir;
}

/* NVRTC's options for src and the compile cache's key of src compiled
 * with them by the NVRTC f describes; how many options (at most 7, the
 * strings kept in the caller's o). */
typedef struct {
    char arch[32], std[16], inc[1100], cccl[1100];
} opt_text;

static int options(const char *src, int arch, int flags, const nvrtc_facts *f, opt_text *t, const char *opts[7],
                   char key[33])
{
    /* PTX is requested too (a virtual arch would give PTX only): -arch=sm_XX
     * makes NVRTC emit both SASS (CUBIN) and keep the PTX it went through. */
    snprintf(t->arch, sizeof t->arch, "-arch=%s_%d", flags & JIT_PTX_ONLY ? "compute" : "sm", arch);
    /* C++17, or the standard a first line "// nvrtc -std=c++20" names (kgen
     * writes it for a project built with it) */
    snprintf(t->std, sizeof t->std, "-std=c++17");
    static const char tag[] = "// nvrtc -std=c++";
    if (!strncmp(src, tag, sizeof tag - 1) && isdigit((unsigned char)src[sizeof tag - 1]) &&
        isdigit((unsigned char)src[sizeof tag]) && src[sizeof tag + 1] == '\n')
        snprintf(t->std, sizeof t->std, "-std=c++%.2s", src + sizeof tag - 1);
    int nopts = 0;
    opts[nopts++] = t->arch;
    opts[nopts++] = t->std;
    opts[nopts++] = "-default-device";
    opts[nopts++] = "-lineinfo";
    /* JIT_FAST_PTX: NVRTC's minimal optimisation, 12.8 and later (older
     * ones compile as usual) */
    if ((flags & JIT_PTX_ONLY) && (flags & JIT_FAST_PTX) && (f->major > 12 || (f->major == 12 && f->minor >= 8)))
        opts[nopts++] = "--Ofast-compile=min";
    if (f->inc[0]) { /* CUDA 13 keeps cuda/std under include/cccl */
        snprintf(t->inc, sizeof t->inc, "-I%s", f->inc);
        snprintf(t->cccl, sizeof t->cccl, "-I%s/cccl", f->inc);
        opts[nopts++] = t->inc;
        opts[nopts++] = t->cccl;
    }
    char ver[32];
    snprintf(ver, sizeof ver, "%d.%d", f->major, f->minor);
    gm_hash h;
    gm_hash_init(&h);
    gm_hash_update(&h, src, strlen(src));
    for (int i = 0; i < nopts; i++)
        gm_hash_update(&h, opts[i], strlen(opts[i]) + 1);
    gm_hash_update(&h, ver, strlen(ver));
    gm_hash_hex(&h, key);
    return nopts;
}

int jit_compile_cached(const char *src, int arch, int flags, jit_binary *out)
{
    memset(out, 0, sizeof *out);
    nvrtc_facts f;
    if (!(flags & JIT_USE_CACHE) || !facts(&f))
        return 0;
    opt_text t;
    const char *opts[7];
    char key[33];
    options(src, arch, flags, &f, &t, opts, key);
    size_t n = 0;
    char *p = jit_cache_get(key, &n);
    int hit = p && from_payload(p, n, out);
    free(p);
    return hit;
}

/* What jit_compile_pch adds: the precompiled first prefix_len bytes of
 * the program (NULL: none) */
typedef struct {
    const char *use;  /* --use-pch: the file jit_pch_create wrote */
    size_t prefix_len;
} pch_use;

static int compile_with(const char *src, const char *name, int arch, int flags, const pch_use *pch, jit_binary *out,
                        char **log, gm_status *st);
static int pch_run(const char *src, const char *name, const char *const *opts, int nopts, const pch_use *pch,
                   jit_binary *out, char **log, gm_status *st);

int jit_compile(const char *src, const char *name, int arch, int flags, jit_binary *out, char **log,
                gm_status *st)
{
    return compile_with(src, name, arch, flags, NULL, out, log, st);
}

static int compile_with(const char *src, const char *name, int arch, int flags, const pch_use *pch, jit_binary *out,
                        char **log, gm_status *st)
{
    int use_cache = flags & JIT_USE_CACHE;
    memset(out, 0, sizeof *out);
    if (log)
        *log = NULL;
    if (load(st) != GM_OK)
        return st->code;
    if (use_cache)
        remember_facts();
    nvrtc_facts f;
    facts(&f);
    opt_text t;
    const char *opts[7];
    char key[33];
    int nopts = options(src, arch, flags, &f, &t, opts, key);

    if (use_cache) {
        size_t n = 0;
        char *p = jit_cache_get(key, &n);
        if (p && from_payload(p, n, out)) {
            free(p);
            return GM_OK;
        }
        free(p);
    }
    if (pch) {
        if (pch_run(src, name, opts, nopts, pch, out, log, st) != GM_OK)
            return st->code;
    } else if (run_nvrtc(src, name, opts, nopts, 0, NULL, NULL, out, log, st) != GM_OK)
        return st->code;
    if (use_cache) {
        sb_t pay;
        sb_init(&pay);
        sb_printf(&pay, "%016zx", out->cubin_len);
        if (out->cubin_len)
            sb_putn(&pay, out->cubin, out->cubin_len);
        sb_puts(&pay, out->ptx);
        jit_cache_put(key, pay.s, pay.len);
        sb_free(&pay);
    }
    return GM_OK;
}

/* ---- precompiled prefixes ------------------------------------------------ */

/* The name under which a program's first bytes are included from memory
 * when they come from a precompiled header. */
static const char pch_header[] = "gmadvise_prefix.h";

/* A directive's word ("include", "if", ...) when line l is one, else "". */
static size_t directive(const char *l, const char *eol, const char **word)
{
    while (l < eol && (*l == ' ' || *l == '\t'))
        l++;
    if (l == eol || *l != '#')
        return 0;
    l++;
    while (l < eol && (*l == ' ' || *l == '\t'))
        l++;
    *word = l;
    size_t n = 0;
    while (l + n < eol && isalpha((unsigned char)l[n]))
        n++;
    return n;
}

size_t jit_pch_prefix_len(const char *src)
{
    size_t end = 0;
    int depth = 0, pending = 0, continued = 0;
    for (const char *l = src; *l;) {
        const char *eol = strchr(l, '\n');
        if (!eol)
            break;
        const char *w = NULL;
        size_t n = continued ? 0 : directive(l, eol, &w);
        if (n == 4 && !strncmp(w, "line", 4))
            break; /* the user's declarations start: they differ between programs */
        if ((n == 2 && !strncmp(w, "if", 2)) || (n == 5 && !strncmp(w, "ifdef", 5)) ||
            (n == 6 && !strncmp(w, "ifndef", 6)))
            depth++;
        else if (n == 5 && !strncmp(w, "endif", 5))
            depth--;
        else if (n == 7 && !strncmp(w, "include", 7))
            pending = 1;
        continued = eol > l && eol[-1] == '\\';
        l = eol + 1;
        if (pending && depth == 0 && !continued) {
            end = (size_t)(l - src);
            pending = 0;
        }
    }
    return end;
}

/* The program NVRTC reads in place of src: its first prefix_len bytes
 * through pch_header (the text the PCH was made of), then a #line that
 * numbers what follows as src numbers it, so that every message is
 * located as without the PCH.  NULL when name cannot stand in a #line. */
static char *pch_body(const char *src, size_t prefix_len, const char *name)
{
    if (strpbrk(name, "\"\\\n"))
        return NULL;
    unsigned lines = 0;
    for (size_t i = 0; i < prefix_len; i++)
        lines += src[i] == '\n';
    sb_t b;
    sb_init(&b);
    sb_printf(&b, "#include \"%s\"\n#line %u \"%s\"\n", pch_header, lines + 1, name);
    sb_puts(&b, src + prefix_len);
    return sb_take(&b);
}

/* NVRTC on src through the precompiled prefix (pch_body); opts and the
 * PCH's: its file, and no messages about it in the log (which then reads
 * as without it). */
static int pch_run(const char *src, const char *name, const char *const *opts, int nopts, const pch_use *pch,
                   jit_binary *out, char **log, gm_status *st)
{
    char *body = pch_body(src, pch->prefix_len, name);
    if (!body)
        return run_nvrtc(src, name, opts, nopts, 0, NULL, NULL, out, log, st);
    char *hdr = gm_xmalloc(pch->prefix_len + 1);
    memcpy(hdr, src, pch->prefix_len);
    hdr[pch->prefix_len] = '\0';
    const char *o[16], *hdrs[1] = {hdr}, *incs[1] = {pch_header};
    char use[1100];
    int n = 0;
    for (int i = 0; i < nopts && i < 12; i++)
        o[n++] = opts[i];
    snprintf(use, sizeof use, "--use-pch=%s", pch->use);
    o[n++] = use;
    o[n++] = "--pch-messages=false";
    o[n++] = "--pch-verbose=false";
    int rc = run_nvrtc(body, name, o, n, 1, hdrs, incs, out, log, st);
    free(hdr);
    free(body);
    return rc;
}

int jit_compile_pch(const char *src, size_t prefix_len, const char *pch, const char *name, int arch, int flags,
                    jit_binary *out, char **log, gm_status *st)
{
    pch_use u = {pch, prefix_len};
    return compile_with(src, name, arch, flags, pch && prefix_len ? &u : NULL, out, log, st);
}

int jit_pch_create(const char *src, size_t prefix_len, int arch, int flags, const char *path, gm_status *st)
{
    if (load(st) != GM_OK)
        return st->code;
    nvrtc_facts f;
    facts(&f);
    if (!pch_status || f.major < 12 || (f.major == 12 && f.minor < 8))
        return gm_fail(st, GM_EENV, "NVRTC %d.%d has no precompiled headers (12.8 and later)", f.major, f.minor);
    if (!prefix_len || strlen(path) > 1000)
        return gm_fail(st, GM_EINPUT, "no prefix to precompile");
    opt_text t;
    const char *opts[7], *o[12];
    char key[33], create[1100];
    int nopts = options(src, arch, flags & ~JIT_USE_CACHE, &f, &t, opts, key), n = 0;
    for (int i = 0; i < nopts; i++)
        o[n++] = opts[i];
    snprintf(create, sizeof create, "--create-pch=%s", path);
    o[n++] = create;
    o[n++] = "--pch-messages=false";
    o[n++] = "--pch-verbose=false";
    char *hdr = gm_xmalloc(prefix_len + 1);
    memcpy(hdr, src, prefix_len);
    hdr[prefix_len] = '\0';
    const char *hdrs[1] = {hdr}, *incs[1] = {pch_header};
    char body[64];
    snprintf(body, sizeof body, "#include \"%s\"\n", pch_header);
    nvrtcProgram prog;
    nvrtcResult r = nv.nvrtcCreateProgram(&prog, body, "gmadvise_prefix.cu", 1, hdrs, incs);
    if (r == NVRTC_SUCCESS) {
        r = nv.nvrtcCompileProgram(prog, n, o);
        if (r == NVRTC_SUCCESS)
            r = pch_status(prog);
        nv.nvrtcDestroyProgram(&prog);
    }
    free(hdr);
    if (r != NVRTC_SUCCESS)
        return gm_fail(st, GM_EINPUT, "the programs' first %zu bytes were not precompiled: %s", prefix_len,
                       nv.nvrtcGetErrorString(r));
    return GM_OK;
}
