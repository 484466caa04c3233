struct A { float x, y; };
