# Writes OUT, a C file defining `const char SYMBOL[]` with the bytes of IN.
file(READ "${IN}" hex HEX)
string(REGEX REPLACE "([0-9a-f][0-9a-f])" "0x\\1," body "${hex}")
file(WRITE "${OUT}" "/* generated from ${IN} */\nconst char ${SYMBOL}[] = {${body}0x00};\n")
