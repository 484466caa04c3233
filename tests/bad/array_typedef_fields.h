// Fields whose array type comes through a typedef: of a scalar array, of a
// typedef of one, of a struct array, an array of an array typedef, and a
// plain rank-3 array.  No kernel: gmadvise synthesizes one per struct.
typedef float vec3[3];
typedef vec3 mat3[3];
struct Pair { float lo, hi; };
typedef Pair pairs2[2];
typedef int quad[2][2];
struct Body { vec3 pos; mat3 rot; pairs2 range; vec3 corners[4]; quad q[2]; float grid[2][3][4]; double mass; };
