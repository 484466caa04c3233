#pragma once

struct Node {
    real value;
    real weight;
    int id;
    int next;
};
