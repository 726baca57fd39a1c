// Plain-C wrappers around the few ICU calls GronaSnap needs (bidi, line breaks).
// Only plain C types cross this header, so Swift modules that import Foundation can use it.
// Text is passed as UTF-16 code units; every function returns 0 on success and a negative value when
// ICU reports an error (out arrays are then left in an unspecified but initialised state).
#ifndef CUNICODE_H
#define CUNICODE_H
#include <stdint.h>

/// ICU's version as "major.minor", for diagnostics.
const char *cu_icu_version(void);

/// Whether the language written in `languageTag` (BCP 47, e.g. "ar", "ur-PK", "az-Arab") is written
/// right to left, by CLDR's likely script when the tag names none: 1 right to left, 0 left to right,
/// negative when ICU cannot read the tag.
int32_t cu_language_is_right_to_left(const char *languageTag);

/// The language's name in the language of `displayTag` (both BCP 47), from ICU's CLDR data, as
/// UTF-16 ("de" in "en": "German"; "pt-BR": "Portuguese (Brazil)"). Writes at most `capacity` units
/// and returns the name's length; negative when a tag cannot be read or ICU has no name for it.
int32_t cu_language_display_name(const char *languageTag, const char *displayTag, uint16_t *out, int32_t capacity);

/// The language most likely spoken in `region` (an ISO 3166 code, "DK"), from CLDR's likely
/// subtags: writes it ("da") NUL-terminated into `out` and returns its length; negative when none.
int32_t cu_likely_language_of_region(const char *region, char *out, int32_t capacity);

/// The language text in `text` (UTF-16) is most likely in, from the script of its letters (kana
/// Japanese, Hangul Korean, else the script with the most letters) and CLDR's likely subtags
/// ("und_Arab" → "ar"): writes it NUL-terminated into `out` and returns its length; negative when
/// the text has no letters.
int32_t cu_likely_language_of_text(const uint16_t *text, int32_t len, char *out, int32_t capacity);

/// The main exemplar characters of the language of `languageTag` (BCP 47), from ICU's CLDR data:
/// the letters a reader of that language expects to see, every code point of the set's ranges and
/// of its multi-character strings, in the set's order. Writes at most `capacity` code points to
/// `out` and returns how many the set has; negative when ICU has no data of its own for the language
/// (its data would be the root locale's) or cannot read the tag.
int32_t cu_exemplar_characters(const char *languageTag, uint32_t *out, int32_t capacity);

/// Resolved bidi embedding levels (Unicode Bidirectional Algorithm, rules up to and including L1) of
/// `len` UTF-16 units. `paraLevel` is 0 for a left-to-right paragraph, 1 for right-to-left.
/// `outLevels` receives one level per code unit (`len` entries).
int32_t cu_bidi_levels(const uint16_t *text, int32_t len, uint8_t paraLevel, uint8_t *outLevels);

/// The direction of the first strong character (rules P2 and P3, isolates skipped): 0 left to right,
/// 1 right to left, -1 when the text has no strong character.
int32_t cu_base_direction(const uint16_t *text, int32_t len);

/// Visual order of `count` runs with the given levels (rule L2): `outVisualToLogical[i]` is the
/// logical index of the run displayed at visual position i (left to right).
int32_t cu_bidi_reorder_visual(const uint8_t *levels, int32_t count, int32_t *outVisualToLogical);

/// Break opportunity flags before each UTF-16 offset 0…len (`len + 1` entries):
/// 0 = no break, 1 = a line may break here, 2 = a line must break here (after a newline).
/// Offset 0 is always 0 and offset len is always 2. `locale` is a BCP 47 tag ("ja", "zh-Hant"), or
/// NULL or "" for the root locale.
enum { CU_BREAK_NONE = 0, CU_BREAK_ALLOWED = 1, CU_BREAK_MANDATORY = 2 };
int32_t cu_line_break_opportunities(const uint16_t *text, int32_t len, const char *locale,
                                    uint8_t *outFlags);

#endif
