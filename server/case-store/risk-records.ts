/**
 * What a listed record says about its entity, as the record conditions of a risk engine's rules
 * (common/risk-scoring.ts RISK_RECORDS): read from the list's own data, never guessed from the name.
 *
 * - sanctions_designation: the record is on a sanctions list (OFAC, the UN Security Council, the
 *   Treasury rows of the US CSL).
 * - terrorism: designated under a terrorism programme (OFAC SDGT, FTO, SDT, IRGC, IFSR, NS-PLC), on the
 *   UN's ISIL (Da'esh) and Al-Qaida or Taliban lists (their reference numbers begin QD or TA), or a record
 *   whose text names terrorism.
 * - political_exposure: a politically exposed person (a PEP list, or public offices on the record).
 * - export_restriction: export privileges denied or restricted: the BIS Denied Persons, Entity,
 *   Unverified and Military End User lists, the State Department's nonproliferation and ITAR
 *   debarment lists.
 * - regulatory_enforcement: on a warnings and regulatory enforcement list.
 * - convicted_by_court: the record says so (convicted, sentenced, found guilty, held in a correctional
 *   institution), or ITAR statutory debarment, which follows a conviction under the Arms Export Control Act.
 * - criminal_penalty: the record states a sentence, imprisonment or a criminal fine, or the entity is held
 *   in prison; statutory debarment is such a penalty too.
 * - wanted_or_charged: wanted, under an arrest warrant, indicted or charged, a fugitive.
 *
 * A custom blacklist record's category is read as text the same way ("convicted fraudster").
 */
import type { RecordCondition } from '../../common/risk-scoring';

const TERROR_PROGRAMS = /^(SDGT|FTO|SDT|IRGC|IFSR|NS-PLC)$/i;
const UN_TERROR_REFERENCE = /^(QD|TA)[ie]\./i;
const UN_TERROR_LIST = /al-qa'?ida|isil|da'?esh|taliban/i;
const EXPORT_CODES = /^(DPL|EL|UVL|MEU|ISN|DTC)$/;
const CONVICTED = /\b(convicted|conviction|sentenced|found guilty|pleaded guilty|pled guilty|inmate|incarcerated|federal correctional|correctional (?:institution|facility)|penitentiary|usm no)\b/i;
const PENALTY = /\b(sentenced|imprisonment|imprisoned|prison|jail|inmate|incarcerated|criminal fine|criminal penalt(?:y|ies)|federal correctional|penitentiary)\b/i;
const WANTED = /\b(wanted|arrest warrant|warrant of arrest|indicted|indictment|charged with|fugitive|red notice)\b/i;
const TERROR_TEXT = /\bterroris[tm]/i;

/** The parts of a listed record (ListedEntity, or its snapshot on a hit) the conditions read. */
export interface RecordText {
  list_id?: string;
  programs?: readonly string[];
  remarks?: string;
  addresses?: ReadonlyArray<{ text?: string }>;
  positions?: ReadonlyArray<{ title?: string }>;
  /** An entity several lists publish (the screening engine merged them): every listing's list and database count. */
  listings?: ReadonlyArray<{ list_id?: string; database?: string }>;
}

/** The record conditions a listed record meets; database is where the hit appears. */
export function recordConditions(entity: RecordText | undefined, database: string): RecordCondition[] {
  const e = entity ?? {};
  const programs = e.programs ?? [];
  const text = [e.remarks ?? '', ...(e.addresses ?? []).map((a) => a.text ?? ''), ...(e.positions ?? []).map((p) => p.title ?? ''), ...(database === 'blacklist' ? programs : [])].join('\n');
  const out = new Set<RecordCondition>();
  const databases = new Set([database, ...(e.listings ?? []).map((l) => l.database)]);
  const listIds = [e.list_id, ...(e.listings ?? []).map((l) => l.list_id)];
  if (databases.has('sanctions')) out.add('sanctions_designation');
  if (databases.has('pep') || (listIds.some((l) => l?.startsWith('pep_')) && (e.positions?.length ?? 0) > 0)) out.add('political_exposure');
  if (databases.has('warnings_and_regulatory_enforcement')) out.add('regulatory_enforcement');
  if (programs.some((p) => TERROR_PROGRAMS.test(p) || UN_TERROR_REFERENCE.test(p) || UN_TERROR_LIST.test(p)) || TERROR_TEXT.test(text)) out.add('terrorism');
  const debarred = programs.includes('DTC');
  if (listIds.includes('us_bis_dpl') || programs.some((p) => EXPORT_CODES.test(p))) out.add('export_restriction');
  if (CONVICTED.test(text) || debarred) out.add('convicted_by_court');
  if (PENALTY.test(text) || debarred) out.add('criminal_penalty');
  if (WANTED.test(text)) out.add('wanted_or_charged');
  return [...out];
}
