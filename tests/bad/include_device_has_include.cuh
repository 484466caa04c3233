#if __has_include("/dev/zero")
#include "/dev/zero"
#endif
struct A { float x; };
