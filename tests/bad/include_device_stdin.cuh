#include "/dev/stdin"
struct A { float x; };
