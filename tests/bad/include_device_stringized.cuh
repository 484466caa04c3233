#define STR(x) #x
#define XSTR(x) STR(x)
#define P /dev/zero
#include XSTR(P)
struct A { float x; };
