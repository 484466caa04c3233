struct A { float x; };
/* never closed
