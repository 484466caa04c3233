#include "/dev/urandom"
