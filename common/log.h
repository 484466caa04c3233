/* One channel for what a command says besides its result and its error:
 * warnings, notes and progress (nvbench's printers take log(level, msg);
 * git's usage.c has one place that prints).
 *
 * Modules below advisor/cli never write to stderr: they call gm_log, and
 * the one sink the CLI installs (cli_log_install) signs each line with the
 * command's name ("gmadvise merge: ...") and prints it.  Without a sink (a
 * unit test, the fuzzer) messages are dropped.  A message is one line,
 * without the signature and without a trailing newline.  The sink is a
 * plain function: a forked worker inherits it. */
#ifndef GM_LOG_H
#define GM_LOG_H

typedef enum {
    GM_LOG_WARNING,  /* something was left out or went wrong, the result stands */
    GM_LOG_NOTE,     /* what the user should know about the result */
    GM_LOG_PROGRESS  /* what is being done, and step times (--times) */
} gm_log_level;

typedef void (*gm_log_sink)(void *ctx, gm_log_level level, const char *msg);

/* Installs the sink (NULL: messages are dropped). */
void gm_log_set_sink(gm_log_sink fn, void *ctx);

void gm_log(gm_log_level level, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

#endif
