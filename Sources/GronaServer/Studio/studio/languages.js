// The campaign's languages as the page names and asks for them: the base copy (""), a locale tag of
// `localizations`, or "pseudo:MODE"; names and directions as GronaSnap reads the tags.
import {SCHEMA, state, isPseudo, pseudoMode} from "./state.js";
import {answerJSON} from "./api.js";

export function languages() {
  return ["", ...Object.keys(state.spec?.localizations || {}), ...SCHEMA.pseudos.map((pseudo) => SCHEMA.languages.pseudoPrefix + pseudo.value)];
}

export const shownLanguages = () => languages().filter((l) => state.axes.locale.includes(l));

// A language by name and tag, as GronaSnap reads the tag: "German — de", "Arabic — ar, right to left".
export function languageName(language) {
  const own = state.spec?.environment?.locale;
  if (!language) return own ? `Base copy — ${own}` : "Base copy";
  if (isPseudo(language)) return SCHEMA.pseudos.find((pseudo) => pseudo.value === pseudoMode(language))?.name ?? language;
  const info = state.languageInfo[language];
  return (info?.name ? `${info.name} — ${language}` : language) + (info?.direction === "rtl" ? ", right to left" : "");
}

// The query parameter value that picks a language for /api/preview: base, a tag, or pseudo:MODE.
export const languageValue = (language) => language || SCHEMA.languages.ownCopy;

// The query parameters that pick a language for the other routes: `locale=de`, `pseudo=double`, or none.
export function languageQuery(language) {
  if (!language) return {};
  return isPseudo(language) ? {pseudo: pseudoMode(language)} : {locale: language};
}

export function isRightToLeft(language) {
  if (isPseudo(language)) return SCHEMA.pseudos.find((pseudo) => pseudo.value === pseudoMode(language))?.direction === "rtl";
  const tag = language || state.spec?.environment?.locale;
  return !!tag && state.languageInfo[tag]?.direction === "rtl";
}

export async function lookUpLanguage(tag) {
  const answer = await fetch("/api/locale?tag=" + encodeURIComponent(tag));
  const result = await answerJSON(answer);
  if (!answer.ok) throw Object.assign(new Error(result.error), {status: answer.status, suggestion: result.suggestion});
  return result;
}
