// Plain-C wrappers around the few ICU calls GronaSnap needs (bidi, line breaks).
// Only plain C types cross this header, so Swift modules that import Foundation can use it.
#ifndef CUNICODE_H
#define CUNICODE_H
#include <stdint.h>

/// ICU's version as "major.minor", for diagnostics.
const char *cu_icu_version(void);

#endif
