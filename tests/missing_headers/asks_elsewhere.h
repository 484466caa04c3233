/* Asks for a header the file #includes and that is found nowhere: served
 * empty, it would be there and this would #include another first. */
#if __has_include(<gm_absent_asked.h>)
#include <gm_absent_other.h>
#endif
