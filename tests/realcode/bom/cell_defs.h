#ifndef CELL_DEFS_H
#define CELL_DEFS_H
// Saved by an editor that writes a UTF-8 byte order mark first (as
// Visual Studio does): the mark sits before the guard.

#define CELL_CODE_MASK 0x00ffffffu

typedef struct {
    float x, y, z;
    unsigned code;
} cell_point;

#endif
