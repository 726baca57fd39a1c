// Locale data from ICU (CLDR): which languages are written right to left, and the exemplar characters
// of each. Kept apart from CUnicode.c, which holds the text algorithms.
#include "CUnicode.h"
#include <string.h>
#include <unicode/uloc.h>
#include <unicode/ures.h>
#include <unicode/uset.h>
#include <unicode/uchar.h>
#include <unicode/uscript.h>
#include <unicode/utf16.h>

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

// The language's name as CLDR has it, in the language of `displayTag` ("de" in "en" is "German",
// "pt-BR" is "Portuguese (Brazil)"), as UTF-16. Returns its length (which may exceed `capacity`:
// then only `capacity` units are written), or a negative value when ICU cannot read a tag or has no
// name for the language (its name would only repeat the code).
int32_t cu_language_display_name(const char *languageTag, const char *displayTag, uint16_t *out, int32_t capacity) {
    if (languageTag == NULL || displayTag == NULL || (out == NULL && capacity > 0)) return -2;
    char localeID[ULOC_FULLNAME_CAPACITY], displayID[ULOC_FULLNAME_CAPACITY];
    int32_t parsed = 0;
    UErrorCode status = U_ZERO_ERROR;
    uloc_forLanguageTag(languageTag, localeID, (int32_t)sizeof localeID, &parsed, &status);
    if (U_FAILURE(status) || status == U_STRING_NOT_TERMINATED_WARNING) return -2;
    status = U_ZERO_ERROR;
    uloc_forLanguageTag(displayTag, displayID, (int32_t)sizeof displayID, &parsed, &status);
    if (U_FAILURE(status) || status == U_STRING_NOT_TERMINATED_WARNING) return -2;
    // Without a name of its own, ICU answers with the code ("xq"): that is no name.
    char language[ULOC_LANG_CAPACITY];
    status = U_ZERO_ERROR;
    uloc_getLanguage(localeID, language, (int32_t)sizeof language, &status);
    UChar languageName[128];
    status = U_ZERO_ERROR;
    int32_t languageLength = uloc_getDisplayLanguage(localeID, displayID, languageName, 128, &status);
    if (U_FAILURE(status) || status == U_USING_DEFAULT_WARNING) return -1;
    if (languageLength == (int32_t)strlen(language)) {
        int same = 1;
        for (int32_t i = 0; i < languageLength; i++) if (languageName[i] != (UChar)language[i]) same = 0;
        if (same) return -1;
    }
    status = U_ZERO_ERROR;
    int32_t length = uloc_getDisplayName(localeID, displayID, (UChar *)out, capacity, &status);
    if (U_FAILURE(status) && status != U_BUFFER_OVERFLOW_ERROR) return -1;
    return length;
}

// The language most likely spoken in a region, from CLDR's likely subtags ("DK" → "da", "JP" →
// "ja"), as a NUL-terminated language code in `out`. Returns its length, or a negative value when
// ICU knows no language for the region.
int32_t cu_likely_language_of_region(const char *region, char *out, int32_t capacity) {
    if (region == NULL || out == NULL || capacity < 4 || strlen(region) > 3) return -2;
    // ZZ is CLDR's "Unknown Region", which has a name but no language.
    if (strcmp(region, "ZZ") == 0) return -1;
    char localeID[ULOC_FULLNAME_CAPACITY] = "und_", likely[ULOC_FULLNAME_CAPACITY];
    strcat(localeID, region);
    UErrorCode status = U_ZERO_ERROR;
    uloc_addLikelySubtags(localeID, likely, (int32_t)sizeof likely, &status);
    if (U_FAILURE(status)) return -1;
    // A code that names no region ("XX") still gets the default language ("en_Latn_XX"): only a
    // region CLDR has a name for counts (for one it has none, the "name" is the code again).
    UChar name[64];
    status = U_ZERO_ERROR;
    int32_t nameLength = uloc_getDisplayCountry(localeID, "en", name, 64, &status);
    if (U_FAILURE(status) || nameLength <= 0) return -1;
    if (nameLength == (int32_t)strlen(region)) {
        int32_t same = 1;
        for (int32_t i = 0; i < nameLength; i++) if (name[i] != (UChar)region[i]) same = 0;
        if (same) return -1;
    }
    status = U_ZERO_ERROR;
    int32_t length = uloc_getLanguage(likely, out, capacity, &status);
    if (U_FAILURE(status) || length <= 0 || strcmp(out, "und") == 0) return -1;
    return length;
}

int32_t cu_likely_language_of_text(const uint16_t *text, int32_t len, char *out, int32_t capacity) {
    if (text == NULL || out == NULL || capacity < 4) return -2;
    // Letters counted per script; kana (with or without kanji) is Japanese, Hangul Korean; else the
    // script with the most letters. Digits, punctuation and marks (Common, Inherited) say nothing.
    int32_t counts[USCRIPT_CODE_LIMIT];
    memset(counts, 0, sizeof counts);
    int32_t letters = 0;
    for (int32_t i = 0; i < len;) {
        UChar32 c;
        U16_NEXT(text, i, len, c);
        if (!u_isalpha(c)) continue;
        UErrorCode status = U_ZERO_ERROR;
        UScriptCode script = uscript_getScript(c, &status);
        if (U_FAILURE(status) || script <= USCRIPT_INHERITED || script >= USCRIPT_CODE_LIMIT) continue;
        counts[script]++;
        letters++;
    }
    if (letters == 0) return -1;
    UScriptCode chosen = USCRIPT_INVALID_CODE;
    if (counts[USCRIPT_HIRAGANA] + counts[USCRIPT_KATAKANA] > 0) chosen = USCRIPT_JAPANESE;
    else if (counts[USCRIPT_HANGUL] > 0) chosen = USCRIPT_KOREAN;
    else {
        int32_t most = 0;
        for (int32_t s = 0; s < USCRIPT_CODE_LIMIT; s++) if (counts[s] > most) { most = counts[s]; chosen = (UScriptCode)s; }
    }
    if (chosen == USCRIPT_INVALID_CODE) return -1;
    char localeID[ULOC_FULLNAME_CAPACITY] = "und_", likely[ULOC_FULLNAME_CAPACITY];
    strncat(localeID, uscript_getShortName(chosen), 8);
    UErrorCode status = U_ZERO_ERROR;
    uloc_addLikelySubtags(localeID, likely, (int32_t)sizeof likely, &status);
    if (U_FAILURE(status)) return -1;
    status = U_ZERO_ERROR;
    int32_t length = uloc_getLanguage(likely, out, capacity, &status);
    if (U_FAILURE(status) || length <= 0 || strcmp(out, "und") == 0) return -1;
    return length;
}
