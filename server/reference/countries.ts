/**
 * The country list of the forms: ISO 3166-1 alpha-2 codes with English names,
 * from the ICU data Node ships (no file to keep up to date). The browser shows
 * names in the user's language with Intl.DisplayNames; the API keeps codes.
 */
// Groupings, pseudo-regions and retired codes ICU still names (BU Burma, DD East Germany, YU Yugoslavia, ...).
const NOT_COUNTRIES = new Set([
  'EU', 'EZ', 'UN', 'QO', 'ZZ', 'XA', 'XB', 'AC', 'CP', 'DG', 'EA', 'IC', 'TA', 'CQ',
  'AN', 'BU', 'CS', 'DD', 'DY', 'FX', 'HV', 'NH', 'RH', 'SU', 'TP', 'UK', 'VD', 'YD', 'YU', 'ZR',
]);

let table: { code: string; name: string }[] | undefined;
let codes: Set<string> | undefined;

export function countryList(): { code: string; name: string }[] {
  if (!table) {
    const names = new Intl.DisplayNames(['en'], { type: 'region' });
    const list: { code: string; name: string }[] = [];
    for (let a = 65; a <= 90; a++) {
      for (let b = 65; b <= 90; b++) {
        const code = String.fromCharCode(a, b);
        if (NOT_COUNTRIES.has(code)) continue;
        const name = names.of(code);
        if (name && name !== code) list.push({ code, name });
      }
    }
    table = list.sort((x, y) => x.name.localeCompare(y.name, 'en'));
    codes = new Set(list.map((c) => c.code));
  }
  return table;
}

export function isKnownCountry(code: string): boolean {
  countryList();
  return codes!.has(code.toUpperCase());
}
