// Locale data from ICU (CLDR): which languages are written right to left, and the exemplar characters
// of each. Kept apart from CUnicode.c, which holds the text algorithms.
#include "CUnicode.h"
#include <string.h>
#include <unicode/uloc.h>
#include <unicode/ures.h>
#include <unicode/uset.h>

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

// The exemplar set is read from the locale's resource bundle ("ExemplarCharacters", a UnicodeSet
// pattern) with ICU's common library, as ulocdata_getExemplarSet (in icui18n, which GronaSnap does not
// link) reads it.
int32_t cu_exemplar_characters(const char *languageTag, uint32_t *out, int32_t capacity) {
    if (languageTag == NULL || (out == NULL && capacity > 0)) return -2;
    char localeID[ULOC_FULLNAME_CAPACITY];
    int32_t parsed = 0;
    UErrorCode status = U_ZERO_ERROR;
    uloc_forLanguageTag(languageTag, localeID, (int32_t)sizeof localeID, &parsed, &status);
    if (U_FAILURE(status) || status == U_STRING_NOT_TERMINATED_WARNING) return -2;
    status = U_ZERO_ERROR;
    UResourceBundle *bundle = ures_open(NULL, localeID, &status);
    if (U_FAILURE(status)) return -1;
    const char *actual = ures_getLocaleByType(bundle, ULOC_ACTUAL_LOCALE, &status);
    if (U_FAILURE(status) || actual == NULL || strcmp(actual, "root") == 0 || status == U_USING_DEFAULT_WARNING) {
        ures_close(bundle);
        return -1;
    }
    status = U_ZERO_ERROR;
    int32_t length = 0;
    const UChar *pattern = ures_getStringByKey(bundle, "ExemplarCharacters", &length, &status);
    if (U_FAILURE(status)) { ures_close(bundle); return -1; }
    USet *set = uset_openPattern(pattern, length, &status);
    ures_close(bundle);
    if (U_FAILURE(status)) return -1;
    int32_t count = 0;
    int32_t items = uset_getItemCount(set);
    for (int32_t i = 0; i < items; i++) {
        UChar32 start = 0, end = 0;
        UChar text[64];
        status = U_ZERO_ERROR;
        int32_t textLength = uset_getItem(set, i, &start, &end, text, 64, &status);
        if (U_FAILURE(status)) continue;
        if (textLength == 0) {
            for (UChar32 c = start; c <= end; c++) { if (count < capacity) out[count] = (uint32_t)c; count++; }
        } else {
            for (int32_t j = 0; j < textLength; j++) {
                UChar32 c = text[j];
                if (U16_IS_LEAD(c) && j + 1 < textLength && U16_IS_TRAIL(text[j + 1])) {
                    c = U16_GET_SUPPLEMENTARY(c, text[j + 1]);
                    j++;
                }
                if (count < capacity) out[count] = (uint32_t)c;
                count++;
            }
        }
    }
    uset_close(set);
    return count;
}
