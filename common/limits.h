/* Every default and limit of gmadvise, defined once.  Options that change
 * a default say so in their --help text by naming the value from here. */
#ifndef GM_LIMITS_H
#define GM_LIMITS_H

/* A value from here as a string literal, for help texts. */
#define GM_STR_(x) #x
#define GM_STR(x) GM_STR_(x)

/* ---- measurement (jit/runner.h, advisor/engine/measure.h) ---- */
#define GM_DEFAULT_SPREAD_PCT 0.5   /* sample until the spread is under this */
#define GM_DEFAULT_MIN_SAMPLES 15
#define GM_DEFAULT_MAX_SAMPLES 100
#define GM_DEFAULT_BUDGET_S 0.25    /* per variant, once min samples are in */
#define GM_DEFAULT_L2_MULTIPLE 8    /* data sets of this many L2s */
#define GM_DEFAULT_TIMEOUT_S 20     /* a worker silent this long is killed */
#define GM_GPU_WORKERS_MAX 4        /* worker processes with a GPU context at a time on the machine,
                                     * all gmadvise processes together (jit/worker.c) */
#define GM_GPU_HOLD_S 2.0           /* the context held from the GPU query until the first worker has its own
                                     * (a slot's worth, jit/worker.c): a longer compile gains nothing by it */
#define GM_GPU_HOLD_DEFER_S 0.05     /* ...but made only this long after the GPU query's answer: a worker
                                     * starting sooner (a warm cache) would create its context beside the
                                     * holder's, 0.18 s each instead of 0.12 (H200, 2026-11-26) */
#define GM_GPU_SLOT_POLL_MS 10      /* a worker waiting for a slot asks again this often */
#define GM_LAUNCH_BOUND_MS 2000    /* a launch of a generated variant stops itself past this
                                     * (advisor/engine/loop_bound.h): well under the timeout,
                                     * so the worker is not killed mid-kernel */
#define GM_MIN_DATA_BYTES (64.0 * (1 << 20))
#define GM_ELEM_GRAIN 8192          /* element counts are multiples of this */
#define GM_CHECK_ELEMS (1ll << 16)  /* elements of a correctness launch */
#define GM_VERIFY_REL_TOL 1e-5      /* floats equal within this, relative */
#define GM_MAX_DEVICES 64

/* ---- ranking (advisor/core/rank.h, merge) ---- */
#define GM_NOISE_FLOOR_PCT 1.0      /* closer than this is never called different */
#define GM_STOP_BEHIND_NOISES 2.0   /* a timing this many noises behind its rival stops (jit/stopping.h) */
#define GM_STOP_EARLY_SAMPLES 5     /* ... from this many samples on, its fastest one behind so */
#define GM_STOP_TIE_SIGMAS 3.0     /* a tie this many standard errors from breaking stops (jit/stopping.h) */
#define GM_STOP_SETTLED_FLOOR 0.5  /* a timing without a rival (the declared layout) stops once its spread is under
                                      GM_NOISE_FLOOR_PCT and GM_STOP_TIE_SIGMAS standard errors of its median
                                      are under this fraction of it (jit/stopping.h) */

/* ---- reports (advisor/output) ---- */
#define GM_REPORT_COLUMNS 80        /* the advice report fits this many columns */
#define GM_WIDE_COLUMNS 160         /* a terminal this wide gets every column (--wide) */
#define GM_NARROW_LABEL 20          /* longer layout and access names get a line of their own */

/* ---- the compile cache (jit/cache.h) ---- */
#define GM_CACHE_MAX_BYTES (256ull << 20) /* least recently used entries beyond this are evicted */
#define GM_INCLUDES_PCH_MAX 64 /* PCHs of the system headers files start with (include_pch.h) kept in the
                                 * cache folder (7-9 MB each), least recently used beyond this removed */
#ifndef GM_RUNNER_KEPT_BUFFERS
#define GM_RUNNER_KEPT_BUFFERS 8    /* freed device buffers a runner keeps for a request of the same size
                                     * (jit/runner.h; 0: none, -DGM_RUNNER_KEPT_BUFFERS=0 to compare) */
#endif
#define GM_RUNNER_PAGE_BYTES (2u << 20) /* device buffers are allocated in pages of this size, the GPU's large
                                         * pages (jit/runner.h) */
#define GM_REFERENCE_CACHE_S 3600   /* the memcpy peak and reference copies of a device and driver
                                     * are measured again after this long (jit/worker.c) */

/* ---- the layout search (advisor/core/search.h) ---- */
#define GM_COMPILE_MAX_JOBS 64      /* NVRTC children compiling parts of one program at once */
#define GM_COMPILE_PART_BYTES 65536 /* a program is cut into parts of at least this much kernel
                                     * text: each part pays a process, NVRTC's start and the
                                     * declarations (samples/particle.h, 36 variants, stays whole:
                                     * in parts it compiled no faster on 16 cores) */
#define GM_COMPILE_SILENT_S 600     /* an NVRTC process that says nothing this long is given up
                                     * (jit/batch.c) */
#define GM_FAST_PTX_ACCESSES 256    /* --static compiles a kernel of this many accesses with
                                     * NVRTC's fast option (jit/nvrtc.h JIT_FAST_PTX) */
#define GM_FAST_PTX_KERNELS 20      /* ... and a file of this many kernels (template instances
                                     * each): faiss's IVFUtilsSelect1.cu, 40 instances of a
                                     * warp-select kernel, took 120 s of CPU fully optimised */
#define GM_SEARCH_MEASURE 8         /* best candidates of the model that the GPU measures */
#define GM_SEARCH_MAX 2048          /* candidates scored per struct; the rest are counted, not scored */
#define GM_SEARCH_MAX_ATOMS 6       /* a struct's fields are split along at most this many classes */

/* ---- gmadvise check (advisor/core/check.h) ---- */
#define GM_DEFAULT_MIN_EFFICIENCY 50 /* percent: findings below this */
#define GM_CHECK_FILE_TIMEOUT_S 300  /* a file still being checked after this is an error of its own */
#define GM_CHECK_FILE_MEMORY_MIB 8192 /* address space of the worker checking one file */
#define GM_RESPONSE_FILE_DEPTH 8     /* @file and --options-file nested at most this deep */

/* ---- the model (advisor/core) ---- */
#define GM_DEFAULT_COUNT (1ll << 18) /* elements assumed for count-like parameters */
#define GM_DEFAULT_ARCH 90          /* sm_NN compiled for when there is no GPU */
#define GM_LAUNCH_BLOCK 256         /* threads per block, in launches and in the model */
#define GM_ASSUMED_PARAM 1024       /* an integer parameter nobody gave a value (a row length,
                                     * a feature count): large enough that a stride of it gives
                                     * every thread its own sector, as it would in real use */
#define GM_MODEL_WARPS 64           /* warps the coalescing model averages over */
#define GM_CHECK_EDGE_THREADS 1024  /* affine verdicts checked on this many first and last threads */

/* ---- inputs shaped like real data (advisor/core/inputs_infer.h) ---- */
#define GM_DATA_DEGREE 16           /* average entries between consecutive offsets (CSR rows) */
#define GM_DATA_LOCAL_WINDOW 4096   /* `local` without a width: indices within this many elements */
#define GM_DATA_MAX_SETTINGS 32     /* --data options */
#define GM_LOCALITY_NARROW 256      /* a gather whose locality nothing fixes is measured uniform and
                                     * within this many elements (advisor/engine/locality.h) */
#define GM_LOCALITY_BISECT 2        /* windows measured between two settings whose winners differ */

/* ---- calibration (advisor/engine/calibrate.h) ---- */
#define GM_CALIBRATE_TARGET_MS 2.0  /* grow the problem until one launch of the declared variant
                                     * takes this long (or the buffers reach the memory plan) */
#define GM_CALIBRATE_GROWTH 4       /* each step multiplies the elements by at most this */
#define GM_MAX_VALUE_MEMBERS 256    /* scalars and pointers of a struct passed by value that a
                                     * launch fills (nested records and arrays flattened) */
#define GM_VALUE_BUFFER_MIN (1ll << 24) /* bytes at least of each buffer a by-value struct's
                                     * pointer member gets (its indices are not modelled) */
#define GM_VALUE_MEMBER_INT 32      /* an integer member of a by-value struct: small, since its
                                     * sizes multiply in indices nothing models (32^4 floats fit
                                     * the smallest buffer); arrays' and bytes' are 1 */
#define GM_VALUE_BUFFER_SCALE 4     /* ... and elements at least this many per thread */
#define GM_OFFSET_ONLY_SCALE 16     /* a pointer only offset and passed on gets the bytes of the
                                     * kernel's largest indexed buffer, or of one element a thread,
                                     * this many times over (llm.c's out + i with i = tid * 8) */
#define GM_LAUNCH_RETRIES 6         /* launch shapes tried after the file's when a kernel faults */
#define GM_LAUNCH_RETRY_SLACK 16    /* ... with buffers this many times what the sizing computes
                                     * (then its square), */
#define GM_LAUNCH_RETRY_MAX_BYTES (1ll << 30) /* ... up to this many bytes a buffer */
#define GM_LAUNCH_RETRY_SCALAR 32   /* ... last, integer scalars that no one gave a value (sizes,
                                     * row lengths) this small: a size that is a shared tile's
                                     * (cuda-samples' scan) or a row's stride into the buffer */
#define GM_LAUNCH_RETRY_SHARED 16384 /* ... and this much dynamic shared memory (a kernel whose
                                     * extern __shared__ array is declared in a helper) */
#define GM_LAUNCH_DYNAMIC_SHARED 49152 /* dynamic shared memory given a kernel that declares an extern
                                     * __shared__ array: the most a block gets without opting in */
/* ---- gmadvise capture (capture/inject.c, advisor/cli/cmd_capture.c) ---- */
#define GM_CAPTURE_MAX_BYTES (4ull << 30) /* buffers copied, before and after, at most */
#define GM_CAPTURE_DIR "gmadvise-capture" /* where a capture goes without -o */
#define GM_CAPTURE_LOCALITY_SAMPLES 65536 /* captured index elements a gather's locality is
                                           * measured on (evenly spaced through the buffer) */

/* ---- the parser (advisor/frontend) ---- */
#define GM_MAX_STRUCT_BYTES 67108864 /* 64 MiB: larger structs are refused */
#define GM_MAX_LEAVES 1048576        /* scalars in one struct, arrays counted out */
#define GM_MAX_CLANG_ERRORS 5000     /* clang errors read per file (each costs its function; a header
                                      * served empty sets off thousands in host code) */
#define GM_MAX_MISSING_HEADERS 16    /* #includes found nowhere, served empty (each a parse again) */
#define GM_MAX_FOLDER_DEPTH 32       /* check FOLDER: folders below it that are searched */
#define GM_INCLUDER_SCAN 512         /* files read per folder when looking for a .cu's includer */
#define GM_INCLUDER_UP 2             /* folders above a .cu's own searched for its includer */
#define GM_INCLUDER_DEPTH 3          /* headers followed from a .cu to the source including it */
#define GM_INCLUDER_BYTES 4194304    /* larger files are not read as includers */
#define GM_MAX_KERNEL_MACROS 4       /* names looked up as kernel macros the file never defines, their
                                      * headers pre-included (frontend/kernel_macro.c; a parse again) */
#define GM_KERNEL_MACRO_SCAN 8192    /* headers read looking for one such macro's definition */
#define GM_MAX_KERNELS 512          /* kernels of one file modelled; the rest are skipped with a
                                      * located note (1000 kernels: 24 s of the model alone) */
#define GM_MAX_ACCESSES 1024        /* accesses of one kernel modelled; a kernel with more is
                                      * skipped with a located note (44,000 ran past 300 s) */
#define GM_MAX_KERNEL_TOKENS 65536   /* tokens of one kernel's body read; a larger one is skipped with
                                      * a located note before any walk of it (a 1 MiB body of 68,000
                                      * accesses: 14 s and 500 MB of walks; libclang's own parse is
                                      * bounded by GM_MAX_FILE_BYTES: 16 MiB of statements, 8 s) */
#define GM_MAX_STRUCTS 256          /* structs of one file laid out; the rest are skipped with a
                                      * located note (34,000 structs ran past 300 s; each struct
                                      * without a kernel gets one of its own) */
#define GM_MAX_FILE_BYTES (16u << 20) /* 16 MiB: a larger file, or #include, is refused */
#define GM_MAX_AST_DEPTH 512         /* expression and statement nesting a kernel's walk follows; what
                                      * is deeper (generated code: a sum of 2,000 terms) costs its
                                      * accesses, with a note, never the process */
#define GM_MAX_CALL_DEPTH 4          /* __device__ functions check follows into, nested (frontend/reach.c):
                                      * deeper calls are not followed (their accesses are not modelled) */
#define GM_MAX_FACT_DEFS 256         /* functions and classes a kernel's launch facts are looked for in
                                      * (frontend/kernel_facts.c: an extern __shared__ array a helper
                                      * declares); past them it is not seen */
#define GM_MAX_ORIGIN_DEPTH 8        /* steps check follows back from a pointer to the parameter it is
                                      * derived from (frontend/pointer_origin.c: q = (T *)p.m + a, r = q + b) */
#define GM_MAX_ORIGIN_TERMS 8        /* offsets summed on the way; a longer chain is not followed */
#define GM_PARSE_STACK_BYTES (512u << 20) /* the stack the parser runs on (reserved, used as needed):
                                      * libclang's own recursive visits of deep expressions */

/* ---- code generation (advisor/engine/kgen.h) ---- */
#define GM_MAX_FIELDS 64            /* fields of a struct that variants support */
#define GM_COMPILE_BUDGET 8192       /* accesses a run's compiled variants rewrite, summed over
                                      * the variants (one NVRTC program grows faster than that:
                                      * 4400 variants of 3 accesses took 32 s, 10 of 1000 took 20 s);
                                      * the kernels past it, in file order, keep the model's
                                      * figures, not compiled, with a note */

#endif
