struct Aé { float x; };
