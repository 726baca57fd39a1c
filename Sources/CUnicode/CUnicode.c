#include "CUnicode.h"
#include <unicode/uversion.h>
#include <stdio.h>

const char *cu_icu_version(void) {
    static char text[U_MAX_VERSION_STRING_LENGTH];
    UVersionInfo v;
    u_getVersion(v);
    u_versionToString(v, text);
    return text;
}
