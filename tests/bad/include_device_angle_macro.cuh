#define ZERO_H </dev/zero>
#include ZERO_H
struct A { float x; };
