#include <unicode/uversion.h>
