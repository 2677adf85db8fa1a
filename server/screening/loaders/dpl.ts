/**
 * BIS Denied Persons List (tab-separated, quoted). No type column and no id: the
 * kind is guessed from the name, and the id is a hash of name, address and the
 * order's effective date (stable across loads of the same order).
 */
import { createHash } from 'node:crypto';
import { blankEntity, guessKind, parseDate, readCsv, uniq, uniqueNames, type ListDefinition } from './common';
import { toCountryCode } from '../countries';
import type { ListedEntity } from '../types';

export function parseDpl(text: string): ListedEntity[] {
  const rows = readCsv(text, { delimiter: '\t' });
  const header = rows[0]?.map((h) => h.trim()) ?? [];
  const col = (name: string) => header.indexOf(name);
  const c = {
    name: col('Name'), street: col('Street_Address'), city: col('City'), state: col('State'), country: col('Country'), postal: col('Postal_Code'),
    effective: col('Effective_Date'), expiration: col('Expiration_Date'), order: col('Standard_Order'), action: col('Action'), fr: col('FR_Citation'),
  };
  const out: ListedEntity[] = [];
  const seen = new Map<string, number>();
  for (const row of rows.slice(1)) {
    const name = row[c.name]?.trim();
    if (!name) continue;
    const country = toCountryCode(row[c.country]);
    const addressText = [row[c.street], row[c.city], row[c.state], row[c.postal], row[c.country]].map((x) => x?.trim()).filter(Boolean).join(', ');
    const effective = parseDate(row[c.effective] ?? '', { monthFirst: true });
    const listedOn = effective?.year ? `${effective.year}-${String(effective.month ?? 1).padStart(2, '0')}-${String(effective.day ?? 1).padStart(2, '0')}` : undefined;
    const base = createHash('sha1').update(`${name}|${addressText}|${row[c.effective]}`).digest('hex').slice(0, 12);
    const n = (seen.get(base) ?? 0) + 1;
    seen.set(base, n);
    out.push(
      blankEntity({
        id: `us_bis_dpl:${base}${n > 1 ? `-${n}` : ''}`,
        list_id: 'us_bis_dpl',
        source: 'BIS Denied Persons List',
        programs: ['DPL'],
        database: 'warnings_and_regulatory_enforcement',
        kind: guessKind(name),
        names: uniqueNames([{ full: name, kind: 'primary' }]),
        countries: uniq(country ? [country] : []),
        addresses: addressText ? [{ text: addressText, city: row[c.city]?.trim() || undefined, country }] : [],
        listed_on: listedOn,
        remarks: [row[c.action], row[c.fr]].map((x) => x?.trim()).filter(Boolean).join('; ') || undefined,
        source_url: 'https://www.bis.gov/licensing/guidance-on-end-user-and-end-use-controls-and-us-person-controls/denied-persons-list',
      }),
    );
  }
  return out;
}

export const bisDpl: ListDefinition = {
  id: 'us_bis_dpl',
  name: 'BIS Denied Persons List',
  database: 'warnings_and_regulatory_enforcement',
  files: ['dpl.txt'],
  urls: { 'dpl.txt': 'https://www.bis.doc.gov/dpl/dpl.txt' },
  parse: (files) => parseDpl(files['dpl.txt']),
};
