#define RADIUS 2
typedef float real;
