// The only file that includes ICU. Every ICU status is checked; on failure we return a negative code
// and leave the caller's out arrays filled with a harmless default (left-to-right levels, no breaks).
#include "CUnicode.h"
#include <unicode/uversion.h>
#include <unicode/ubidi.h>
#include <unicode/ubrk.h>
#include <unicode/uloc.h>
#include <string.h>

const char *cu_icu_version(void) {
    static char text[U_MAX_VERSION_STRING_LENGTH];
    UVersionInfo v;
    u_getVersion(v);
    u_versionToString(v, text);
    return text;
}

int32_t cu_bidi_levels(const uint16_t *text, int32_t len, uint8_t paraLevel, uint8_t *outLevels) {
    if (len <= 0) return 0;
    if (text == NULL || outLevels == NULL) return -1;
    memset(outLevels, paraLevel & 1, (size_t)len);
    UErrorCode status = U_ZERO_ERROR;
    UBiDi *bidi = ubidi_openSized(len, 0, &status);
    if (U_FAILURE(status) || bidi == NULL) return -2;
    ubidi_setPara(bidi, (const UChar *)text, len, (UBiDiLevel)(paraLevel & 1), NULL, &status);
    if (U_FAILURE(status)) { ubidi_close(bidi); return -3; }
    const UBiDiLevel *levels = ubidi_getLevels(bidi, &status);
    if (U_FAILURE(status) || levels == NULL) { ubidi_close(bidi); return -4; }
    memcpy(outLevels, levels, (size_t)len);
    ubidi_close(bidi);
    return 0;
}

int32_t cu_bidi_reorder_visual(const uint8_t *levels, int32_t count, int32_t *outVisualToLogical) {
    if (count <= 0) return 0;
    if (levels == NULL || outVisualToLogical == NULL) return -1;
    for (int32_t i = 0; i < count; i++) outVisualToLogical[i] = i;
    ubidi_reorderVisual((const UBiDiLevel *)levels, count, outVisualToLogical);
    return 0;
}

/* Characters after which a line must break (UAX #14 classes BK, CR, LF, NL). */
static int ends_line(uint16_t unit) {
    switch (unit) {
    case 0x0A: case 0x0B: case 0x0C: case 0x0D: case 0x85: case 0x2028: case 0x2029: return 1;
    default: return 0;
    }
}

int32_t cu_line_break_opportunities(const uint16_t *text, int32_t len, const char *locale,
                                    uint8_t *outFlags) {
    if (len < 0 || outFlags == NULL) return -1;
    memset(outFlags, CU_BREAK_NONE, (size_t)len + 1);
    outFlags[len] = CU_BREAK_MANDATORY;
    if (len == 0) return 0;
    if (text == NULL) return -1;
    UErrorCode status = U_ZERO_ERROR;
    /* The caller speaks BCP 47 ("zh-Hant"); ICU's locale IDs are spelled differently ("zh_Hant"). */
    char icuLocale[ULOC_FULLNAME_CAPACITY] = "";
    if (locale && locale[0]) {
        UErrorCode tagStatus = U_ZERO_ERROR;
        uloc_forLanguageTag(locale, icuLocale, (int32_t)sizeof icuLocale, NULL, &tagStatus);
        if (U_FAILURE(tagStatus) || tagStatus == U_STRING_NOT_TERMINATED_WARNING) icuLocale[0] = 0;
        /* ICU's Japanese and Chinese tailorings default to CSS "normal" line breaking, which lets a
           line start with a small kana or ー; the root locale's strict rules (kinsoku, as iOS keeps
           it) stay unless the tag asks otherwise (ja-u-lb-loose). */
        char value[16];
        UErrorCode keywordStatus = U_ZERO_ERROR;
        if (icuLocale[0] && uloc_getKeywordValue(icuLocale, "lb", value, (int32_t)sizeof value, &keywordStatus) <= 0) {
            keywordStatus = U_ZERO_ERROR;
            uloc_setKeywordValue("lb", "strict", icuLocale, (int32_t)sizeof icuLocale, &keywordStatus);
            if (U_FAILURE(keywordStatus)) icuLocale[0] = 0;
        }
    }
    UBreakIterator *it = ubrk_open(UBRK_LINE, icuLocale, (const UChar *)text, len, &status);
    if (U_FAILURE(status) || it == NULL) return -2;
    for (int32_t pos = ubrk_following(it, 0); pos != UBRK_DONE && pos <= len;
         pos = ubrk_next(it)) {
        /* Mandatory after a line-ending character. Not from ubrk_getRuleStatus: a boundary found by
           the Thai, Lao, Khmer or Myanmar dictionary reports the status of the rule boundary before
           it, so every word of a Thai line after a newline would look like a hard break. */
        outFlags[pos] = ends_line(text[pos - 1]) ? CU_BREAK_MANDATORY : CU_BREAK_ALLOWED;
    }
    outFlags[len] = CU_BREAK_MANDATORY;
    ubrk_close(it);
    return 0;
}

/* The paragraph level ICU resolves with a default level: rules P2 and P3 in full, isolates skipped. */
static int32_t paragraph_level(const uint16_t *text, int32_t len, UBiDiLevel defaultLevel) {
    UErrorCode status = U_ZERO_ERROR;
    UBiDi *bidi = ubidi_openSized(len, 0, &status);
    if (U_FAILURE(status) || bidi == NULL) return -1;
    ubidi_setPara(bidi, (const UChar *)text, len, defaultLevel, NULL, &status);
    int32_t level = U_FAILURE(status) ? -1 : (ubidi_getParaLevel(bidi) & 1);
    ubidi_close(bidi);
    return level;
}

int32_t cu_base_direction(const uint16_t *text, int32_t len) {
    if (text == NULL || len <= 0) return -1;
    int32_t assumingLTR = paragraph_level(text, len, UBIDI_DEFAULT_LTR);
    int32_t assumingRTL = paragraph_level(text, len, UBIDI_DEFAULT_RTL);
    /* Without a strong character each call falls back to its own default, and the two disagree. */
    if (assumingLTR < 0 || assumingRTL < 0 || assumingLTR != assumingRTL) return -1;
    return assumingLTR;
}
