// Locale data from ICU (CLDR): which languages are written right to left. Kept apart from
// CUnicode.c, which holds the text algorithms.
#include "CUnicode.h"
#include <unicode/uloc.h>

int32_t cu_language_is_right_to_left(const char *languageTag) {
    if (languageTag == NULL) return -1;
    char localeID[ULOC_FULLNAME_CAPACITY];
    int32_t parsed = 0;
    UErrorCode status = U_ZERO_ERROR;
    uloc_forLanguageTag(languageTag, localeID, (int32_t)sizeof localeID, &parsed, &status);
    if (U_FAILURE(status) || status == U_STRING_NOT_TERMINATED_WARNING) return -2;
    // uloc_isRightToLeft adds the likely script when the tag has none ("ur" → Arab, "pa-PK" → Arab).
    return uloc_isRightToLeft(localeID) ? 1 : 0;
}
