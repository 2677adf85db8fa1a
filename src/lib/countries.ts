/** Country names in the user's language, from the browser's own data (Intl.DisplayNames); the API keeps ISO codes. */
const regionNames = new Map<string, Intl.DisplayNames>();

export function countryName(code: string, locale: string): string {
  let names = regionNames.get(locale);
  if (!names) regionNames.set(locale, (names = new Intl.DisplayNames([locale, 'en'], { type: 'region' })));
  try {
    return names.of(code.toUpperCase()) ?? code;
  } catch {
    return code;
  }
}
