// The namespace opened through one macro that spells attribute and name.
#pragma once

#include "export.hpp"

namespace SPH_NAMESPACE {

struct Cell {
    int first;
    int count;
};

}  // namespace SPH_NAMESPACE
