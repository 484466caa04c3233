#include "/dev/zero"
struct A { float x; };
