/* The run's timeline: with GMADVISE_TIMELINE set, each process of a run
 * (the caller, the GPU worker, the child that holds a context) says when
 * each of its steps ended, in seconds since the caller's main() began,
 * through the log channel (log.h: one progress line each,
 * "timeline +0.123 s pid 4242 worker: context created").  --times says
 * how long each step took; this says what ran when, in which process, so
 * that what no step accounts for (start-up, teardown, exit) shows.
 * Without GMADVISE_TIMELINE nothing is printed and a stamp costs a
 * getenv once. */
#ifndef GM_TIMELINE_H
#define GM_TIMELINE_H

/* Sets the origin (the caller's main), and says how long before it the
 * process was exec'd (a negative stamp; /proc/self/stat: the kernel's
 * 10 ms ticks). */
void gm_timeline_start(void);

/* Whether GMADVISE_TIMELINE is set. */
int gm_timeline_on(void);

/* One line: "timeline +T s pid P WHO: WHAT". */
void gm_timeline(const char *who, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

#endif
