// Host code that compiles runtime_source.cu at run time: the file is a raw
// string literal, and the marker line in it is replaced with a step
// generated for each round count.
#include <string>

static std::string step_for(int rounds)
{
    return "        b = (b << 7 | b >> 57) + a + " + std::to_string(rounds) + "ull;\n";
}

std::string mix_source(int rounds)
{
    const char *tmpl =
#include "runtime_source.cu"
        ;
    const char marker[] = "GENERATED_STEP_HERE";
    std::string src(tmpl);
    size_t at = src.find(marker);
    if (at != std::string::npos)
        src.replace(at, sizeof marker - 1, step_for(rounds));
    return src;
}
