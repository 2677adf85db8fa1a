/**
 * The EU consolidated financial sanctions list (XML) and the UK Sanctions List
 * (CSV) on hand-written files in their publishers' formats: every mapped field,
 * an engine screening against them, a lists directory without them (not
 * configured, not an error), and downloads from a stand-in publisher on
 * 127.0.0.1, a broken one keeping the last good version.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createScreeningEngine, type ListUpdate, type ScreeningEngine } from '../../server/screening/index';
import { EU_FILE, parseEu } from '../../server/screening/loaders/eu';
import { listDefinition } from '../../server/screening/loaders/index';
import { parseUk, UK_FILE, ukProgramme } from '../../server/screening/loaders/uk';
import type { ListedEntity, ScreeningHit } from '../../server/screening/types';

const FIXTURES = resolve(__dirname, '../fixtures/lists');
const LISTS_DIR = resolve(process.env.LISTS_DIR ?? resolve(__dirname, '../../../shared/data/lists'));
const euXml = readFileSync(join(FIXTURES, 'eu_fsf', EU_FILE), 'utf8');
const ukCsv = readFileSync(join(FIXTURES, 'uk_sanctions', UK_FILE), 'utf8');
const byId = (entities: ListedEntity[], id: string) => entities.find((e) => e.id === id)!;
const status = (engine: ScreeningEngine, id: string) => engine.status().lists.find((l) => l.id === id)!;

interface Seen {
  id: string;
  list_id: string;
  programs: string[];
}
/** Each list's record among the hits, whether it is a hit of its own or a listing of an entity merged across lists. */
const listingsOf = (hits: ScreeningHit[]): Seen[] =>
  hits.flatMap((h) => (h as { listings?: Seen[] }).listings ?? [{ id: h.entity_id, list_id: h.list_id, programs: h.programs }]);

describe('EU consolidated financial sanctions list', () => {
  const all = parseEu(euXml);

  it('reads every sanctionEntity, by kind, with readable programme labels', () => {
    expect(all.map((e) => e.id)).toEqual(['eu_fsf:900101', 'eu_fsf:900202', 'eu_fsf:900303', 'eu_fsf:900404', 'eu_fsf:900505']);
    expect(all.map((e) => e.kind)).toEqual(['person', 'company', 'company', 'person', 'person']);
    expect(all.every((e) => e.database === 'sanctions' && e.list_id === 'eu_fsf' && e.source === 'EU Consolidated Financial Sanctions List')).toBe(true);
    expect(byId(all, 'eu_fsf:900202').programs).toEqual(['EU-RUS', 'EU-UKR']);
  });

  it('maps a person: strong and weak names in Latin and Cyrillic, birth dates, citizenship, passport, address, function', () => {
    const e = byId(all, 'eu_fsf:900101');
    expect(e.names).toEqual([
      { full: 'Arkadiy Viktorovich ZHELEZNOV', kind: 'primary' },
      { full: 'Аркадий Викторович Железнов', kind: 'strong' },
      { full: 'Arkadii Zheleznov', kind: 'weak' },
    ]);
    expect(e.programs).toEqual(['EU-UKR']);
    expect(e.birth_dates).toEqual([{ year: 1964, month: 8, day: 23 }, { year: 1965, approximate: true }]);
    expect(e.places_of_birth).toEqual(['Tula, RUSSIAN FEDERATION']);
    expect(e.nationalities).toEqual(['RU']);
    expect(e.countries).toEqual(['RU']);
    expect(e.gender).toBe('male');
    expect(e.identifiers).toEqual([
      { type: 'Passport', number: '7512345678', country: 'RU' },
      { type: 'EU reference', number: 'EU.9001.11' },
    ]);
    expect(e.addresses).toEqual([{ text: 'Moscow, RUSSIAN FEDERATION', city: 'Moscow', country: 'RU' }]);
    expect(e.positions).toEqual([{ title: 'Deputy Director, Uralsky Defence Works' }]);
    expect(e.listed_on).toBe('2022-02-23');
    expect(e.remarks).toContain('state defence enterprise');
    expect(e.source_url).toBe('https://eur-lex.europa.eu/legal-content/EN/TXT/?uri=CELEX:32022R0260');
  });

  it('maps a person with an Arabic-script name, a month-and-year birth date, a national ID and a title', () => {
    const e = byId(all, 'eu_fsf:900404');
    expect(e.names.map((n) => [n.full, n.kind])).toEqual([
      ['Karim Nabil HADDAD', 'primary'],
      ['كريم نبيل حداد', 'strong'],
      ['Abu Nabil', 'weak'],
    ]);
    expect(e.birth_dates).toEqual([{ year: 1971, month: 3 }]);
    expect(e.places_of_birth).toEqual(['Homs, SYRIAN ARAB REPUBLIC']);
    expect(e.nationalities).toEqual(['SY']);
    expect(e.identifiers[0]).toEqual({ type: 'National ID', number: '01020304050', country: 'SY' });
    expect(e.positions).toEqual([{ title: 'Commander of the 99th Brigade' }]);
    expect(e.remarks).toBe('Title: Brigadier General');
    expect(e.programs).toEqual(['EU-SYR']);
  });

  it('maps a company: address with street and postcode, registration number', () => {
    const e = byId(all, 'eu_fsf:900202');
    expect(e.names).toEqual([
      { full: 'Severtrans Logistik LLC', kind: 'primary' },
      { full: 'ООО Севертранс Логистик', kind: 'strong' },
    ]);
    expect(e.addresses).toEqual([{ text: 'Promyshlennaya ulitsa 12, 190000, Saint Petersburg, RUSSIAN FEDERATION', city: 'Saint Petersburg', country: 'RU' }]);
    expect(e.identifiers[0]).toEqual({ type: 'Registration Number', number: '1187847012345', country: 'RU' });
    expect(e.listed_on).toBe('2023-06-23');
  });

  it('keeps the UN reference as a cross-reference identifier, from unitedNationId or from the remarks', () => {
    const komid = byId(all, 'eu_fsf:900303');
    expect(komid.names[0].full).toBe('KOREA MINING DEVELOPMENT TRADING CORPORATION');
    expect(komid.names.find((n) => n.full === 'KOMID')?.kind).toBe('weak');
    expect(komid.identifiers).toContainEqual({ type: 'UN reference', number: 'KPe.001' });
    expect(komid.countries).toEqual(['KP']);
    const yun = byId(all, 'eu_fsf:900505');
    expect(yun.identifiers).toContainEqual({ type: 'UN reference', number: 'KPi.001' });
    expect(yun.birth_dates).toEqual([{ year: 1944, month: 10, day: 13 }]);
    // The fixture's UN entries are the UN list's own: the same reference, the same name.
    const un = readFileSync(join(LISTS_DIR, 'un_sc_consolidated', 'UN_consolidated.xml'), 'utf8');
    expect(un).toContain('<FIRST_NAME>KOREA MINING DEVELOPMENT TRADING CORPORATION</FIRST_NAME>');
    expect(un).toMatch(/<FIRST_NAME>KOREA MINING DEVELOPMENT TRADING CORPORATION<\/FIRST_NAME>\s*<UN_LIST_TYPE>DPRK<\/UN_LIST_TYPE>\s*<REFERENCE_NUMBER>KPe\.001</);
  });

  it('reads the organisation type of a terrorism designation without a legal form, and an empty export', () => {
    const xml = `<export xmlns="http://eu.europa.ec/fpi/fsd/export"><sanctionEntity logicalId="1" euReferenceNumber="EU.1.1">
      <regulation programme="TAQA"><publicationUrl>https://eur-lex.europa.eu/x</publicationUrl></regulation>
      <subjectType code="enterprise" classificationCode="E"/><nameAlias wholeName="Islamic Army of the North" strong="true"/></sanctionEntity></export>`;
    expect(parseEu(xml)[0]).toMatchObject({ kind: 'organisation', programs: ['EU-TAQA'], source_url: 'https://eur-lex.europa.eu/x' });
    expect(parseEu('<export/>')).toEqual([]);
  });
});

describe('UK Sanctions List', () => {
  const all = parseUk(ukCsv);

  it('makes one entity of the rows sharing a Unique ID, by kind', () => {
    expect(all.map((e) => e.id)).toEqual(['uk_sanctions:RUS9001', 'uk_sanctions:SYR9002', 'uk_sanctions:RUS9003', 'uk_sanctions:RUS9004', 'uk_sanctions:DPR9005']);
    expect(all.map((e) => e.kind)).toEqual(['person', 'person', 'company', 'vessel', 'company']);
    expect(all.every((e) => e.database === 'sanctions' && e.list_id === 'uk_sanctions' && e.source === 'UK Sanctions List')).toBe(true);
  });

  it('maps a person: given names before Name 6, name types and alias strength, Cyrillic script, dates, passport', () => {
    const e = byId(all, 'uk_sanctions:RUS9001');
    expect(e.names).toEqual([
      { full: 'Arkadiy Viktorovich ZHELEZNOV', kind: 'primary' },
      { full: 'Аркадий Викторович ЖЕЛЕЗНОВ', kind: 'original' },
      { full: 'Arkadii ZHELEZNOV', kind: 'strong' },
      { full: 'Arkasha ZHELEZNOV', kind: 'weak' },
    ]);
    expect(e.programs).toEqual(['UK-Russia']);
    expect(e.birth_dates).toEqual([{ year: 1964, month: 8, day: 23 }]);
    expect(e.places_of_birth).toEqual(['Tula, Russia']);
    expect(e.nationalities).toEqual(['RU']);
    expect(e.gender).toBe('male');
    expect(e.identifiers).toEqual([{ type: 'Passport', number: '7512345678', country: 'RU' }]);
    expect(e.addresses).toEqual([{ text: 'Moscow, Russia', country: 'RU' }]);
    expect(e.positions).toEqual([{ title: 'Deputy Director, Uralsky Defence Works' }]);
    expect(e.listed_on).toBe('2022-03-15');
    expect(e.remarks).toContain('Sanctions imposed: Asset freeze, Travel Ban.');
    expect(e.remarks).toContain('Designation source: UK.');
    expect(e.remarks).toContain('Uralsky Defence Works, which supplies');
    expect(e.source_url).toBe('https://sanctionslist.fcdo.gov.uk/docs/UK-Sanctions-List.csv');
  });

  it('reads 00 in a date as an unknown day or month, and an Arabic name as the original script', () => {
    const e = byId(all, 'uk_sanctions:SYR9002');
    expect(e.birth_dates).toEqual([{ year: 1971 }]);
    expect(e.names.map((n) => [n.full, n.kind])).toEqual([
      ['Karim Nabil HADDAD', 'primary'],
      ['كريم نبيل حداد', 'original'],
      ['Kareem HADDAD', 'strong'],
    ]);
    expect(e.identifiers).toEqual([{ type: 'National ID', number: '01020304050', country: 'SY' }]);
    expect(e.remarks).toContain('Title: Brigadier General.');
    expect(e.programs).toEqual(['UK-Syria']);
  });

  it('maps a company: one address per row, contact details, registration number, parent company', () => {
    const e = byId(all, 'uk_sanctions:RUS9003');
    expect(e.names.map((n) => [n.full, n.kind])).toEqual([
      ['SEVERTRANS LOGISTIK LLC', 'primary'],
      ['ООО СЕВЕРТРАНС ЛОГИСТИК', 'original'],
      ['OOO SEVERTRANS LOGISTIK', 'strong'],
    ]);
    expect(e.addresses).toEqual([
      { text: 'Promyshlennaya ulitsa 12, Saint Petersburg, 190000, Russia', country: 'RU' },
      { text: 'Office 1204, Jumeirah Lake Towers, Dubai, United Arab Emirates', country: 'AE' },
    ]);
    expect(e.countries).toEqual(['RU', 'AE']);
    expect(e.identifiers).toEqual([
      { type: 'Business Registration Number', number: '1187847012345' },
      { type: 'Phone Number', number: '+7 812 555 0199' },
      { type: 'Email Address', number: 'info@severtrans-logistik.example' },
      { type: 'Website', number: 'www.severtrans-logistik.example' },
    ]);
    expect(e.linked_to).toEqual(['Nordic Freight Holding JSC']);
    expect(e.remarks).toContain('Type of entity: Limited Liability Company.');
  });

  it('maps a ship: vessel with its IMO number, flag country, operator and ship details', () => {
    const e = byId(all, 'uk_sanctions:RUS9004');
    expect(e.kind).toBe('vessel');
    expect(e.names.map((n) => n.full)).toEqual(['NORDVIK STAR', 'VESNA STAR']);
    expect(e.identifiers).toEqual([{ type: 'IMO', number: 'IMO 9876543' }]);
    expect(e.countries).toEqual(['GA']);
    expect(e.linked_to).toEqual(['Severtrans Logistik LLC']);
    expect(e.remarks).toContain('Previous flags: Panama, Liberia.');
    expect(e.remarks).toContain('Type of ship: Oil Tanker.');
    expect(e.remarks).toContain('Year built: 2004.');
  });

  it('keeps the UN reference number as a cross-reference identifier', () => {
    const e = byId(all, 'uk_sanctions:DPR9005');
    expect(e.names.map((n) => [n.full, n.kind])).toEqual([
      ['KOREA MINING DEVELOPMENT TRADING CORPORATION', 'primary'],
      ['CHANGGWANG SINYONG CORPORATION', 'strong'],
      ['KOMID', 'weak'],
    ]);
    expect(e.identifiers).toEqual([{ type: 'UN reference', number: 'KPe.001' }]);
    expect(e.programs).toEqual(["UK-Democratic People's Republic of Korea"]);
    expect(e.remarks).toContain('Designation source: UN.');
    expect(e.countries).toEqual(['KP']);
    expect(e.listed_on).toBe('2009-04-24');
  });

  it('reads columns by their header, shortens regime names, and refuses a file without the header', () => {
    const csv = 'Report Date: 01-Jan-2026\nName 6,Unique ID,Designation Type,Name type,Regime Name\nACME TRADING FZE,RUS1,Entity,Primary name,Russia\n';
    expect(parseUk(csv)).toMatchObject([{ id: 'uk_sanctions:RUS1', kind: 'company', names: [{ full: 'ACME TRADING FZE', kind: 'primary' }], programs: ['UK-Russia'] }]);
    expect(ukProgramme('The Global Human Rights Sanctions Regulations 2020')).toBe('UK-Global Human Rights');
    expect(ukProgramme("The ISIL (Da'esh) and Al-Qaida (United Nations Sanctions) (EU Exit) Regulations 2019")).toBe("UK-ISIL (Da'esh) and Al-Qaida");
    expect(() => parseUk('<html>Service unavailable</html>')).toThrow(/Unique ID/);
  });
});

describe('the engine on the EU and UK lists', () => {
  let engine: ScreeningEngine;
  beforeAll(async () => {
    engine = createScreeningEngine({ listsDir: FIXTURES, lists: ['eu_fsf', 'uk_sanctions'], workers: 1 });
    await engine.ready();
  }, 60_000);
  afterAll(() => engine?.close());

  it('loads both from their directories', () => {
    expect(engine.status().state).toBe('ready');
    for (const id of ['eu_fsf', 'uk_sanctions']) expect(status(engine, id)).toMatchObject({ entities: 5, last_error: undefined, version: expect.stringMatching(/^[0-9a-f]{16}$/) });
  });

  it('finds a name of each list with its programme', () => {
    const hits = engine.screen({ search_term: 'Arkadiy Zheleznov', entity_type: 'person' }).hits;
    expect(hits[0]).toMatchObject({ database: 'sanctions', kind: 'person' });
    expect(listingsOf(hits)).toEqual(
      expect.arrayContaining([
        { id: 'eu_fsf:900101', list_id: 'eu_fsf', programs: ['EU-UKR'] },
        { id: 'uk_sanctions:RUS9001', list_id: 'uk_sanctions', programs: ['UK-Russia'] },
      ].map((l) => expect.objectContaining(l))),
    );
    const cyrillic = listingsOf(engine.screen({ search_term: 'Железнов Аркадий', entity_type: 'person' }).hits);
    expect(cyrillic.map((l) => l.id)).toEqual(expect.arrayContaining(['eu_fsf:900101', 'uk_sanctions:RUS9001']));
    const ship = engine.screen({ search_term: 'Nordvik Star', entity_type: 'company' }).hits[0];
    expect(ship).toMatchObject({ entity_id: 'uk_sanctions:RUS9004', kind: 'vessel', programs: ['UK-Russia'] });
    const komid = listingsOf(engine.screen({ search_term: 'Korea Mining Development Trading Corporation', entity_type: 'company' }).hits);
    expect(komid.map((l) => [l.id, l.programs[0]])).toEqual(expect.arrayContaining([['eu_fsf:900303', 'EU-PRK'], ['uk_sanctions:DPR9005', "UK-Democratic People's Republic of Korea"]]));
  });

  it('finds entities by their identifiers: IMO number and UN reference', () => {
    const byImo = engine.screen({ search_term: 'Unrelated Vessel', entity_type: 'company', unique_identifier: 'IMO 9876543' }).hits;
    expect(byImo[0]?.entity_id).toBe('uk_sanctions:RUS9004');
    const byUnRef = listingsOf(engine.screen({ search_term: 'Some Trading', entity_type: 'company', unique_identifier: 'KPe.001' }).hits).map((l) => l.id);
    expect(byUnRef).toEqual(expect.arrayContaining(['eu_fsf:900303', 'uk_sanctions:DPR9005']));
  });
});

describe('a lists directory without the EU and UK lists', () => {
  it('leaves them not configured: no error, no load record, the engine ready', async () => {
    const engine = createScreeningEngine({ listsDir: LISTS_DIR, lists: ['us_bis_dpl', 'eu_fsf', 'uk_sanctions'], workers: 1 });
    try {
      await engine.ready();
      const s = engine.status();
      expect(s.state).toBe('ready');
      expect(s.error).toBeUndefined();
      for (const id of ['eu_fsf', 'uk_sanctions']) {
        expect(status(engine, id)).toMatchObject({ entities: 0, version: '', loaded_at: '', not_configured: true });
        expect(status(engine, id).last_error).toBeUndefined();
        expect(status(engine, id).last_attempt_at).toBeUndefined();
      }
      expect(status(engine, 'us_bis_dpl').not_configured).toBeUndefined();
      expect(await engine.loadHistory('eu_fsf')).toEqual([]);
      expect(engine.screen({ search_term: 'Arkadiy Zheleznov', entity_type: 'person' }).hits).toEqual([]);
    } finally {
      await engine.close();
    }
  }, 60_000);

  it('still reports a directory that exists without its file as an error', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'lists-'));
    try {
      mkdirSync(join(dir, 'eu_fsf'));
      cpSync(join(FIXTURES, 'uk_sanctions'), join(dir, 'uk_sanctions'), { recursive: true });
      const engine = createScreeningEngine({ listsDir: dir, lists: ['eu_fsf', 'uk_sanctions'], workers: 1 });
      try {
        await engine.ready();
        expect(engine.status().state).toBe('ready');
        expect(status(engine, 'eu_fsf').last_error).toMatch(/missing/);
        expect(status(engine, 'eu_fsf').not_configured).toBeUndefined();
        expect(status(engine, 'uk_sanctions').entities).toBe(5);
      } finally {
        await engine.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);

  it('with nothing else to serve, the engine fails and says the lists are not configured', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'lists-'));
    const engine = createScreeningEngine({ listsDir: dir, lists: ['eu_fsf'], workers: 1 });
    try {
      await expect(engine.ready()).rejects.toThrow(/eu_fsf: not configured/);
      expect(engine.status().state).toBe('failed');
    } finally {
      await engine.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('downloading the EU and UK lists', () => {
  /** What the stand-in publisher serves: path -> [status, body]. */
  const served = new Map<string, [number, string]>();
  let server: Server;
  let baseUrl: string;
  const serveFixtures = () => {
    served.set(`/eu_fsf/${EU_FILE}`, [200, euXml]);
    served.set(`/docs/${UK_FILE}`, [200, ukCsv]);
  };

  beforeAll(async () => {
    server = createServer((req, res) => {
      const hit = served.get(req.url ?? '');
      res.writeHead(hit ? hit[0] : 404, { 'content-type': 'application/octet-stream' });
      res.end(hit ? hit[1] : 'not found');
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  it('publishes both at their publishers’ URLs', () => {
    expect(listDefinition('eu_fsf')!.urls[EU_FILE]).toBe('https://webgate.ec.europa.eu/fsd/fsf/public/files/xmlFullSanctionsList_1_1/content?token=dG9rZW4tMjAxNw');
    expect(listDefinition('uk_sanctions')!.urls[UK_FILE]).toBe('https://sanctionslist.fcdo.gov.uk/docs/UK-Sanctions-List.csv');
  });

  it('loads them from a download, and a broken download keeps the last good version', async () => {
    serveFixtures();
    // The EU list through the mirror layout (baseUrl), the UK list through a per-file URL.
    const engine = createScreeningEngine({
      listsDir: LISTS_DIR,
      lists: ['us_bis_dpl', 'eu_fsf', 'uk_sanctions'],
      workers: 1,
      fetch: { baseUrl, urls: { uk_sanctions: { [UK_FILE]: `${baseUrl}/docs/${UK_FILE}` } } },
    });
    const updates: ListUpdate[] = [];
    engine.onUpdate((u) => updates.push(u));
    try {
      await engine.ready();
      const [eu] = await engine.refresh('eu_fsf');
      const [uk] = await engine.refresh('uk_sanctions');
      expect(eu.record).toMatchObject({ origin: 'download', status: 'loaded', entities: 5, added: 5 });
      expect(uk.record).toMatchObject({ origin: 'download', status: 'loaded', entities: 5, added: 5 });
      expect(updates.map((u) => u.list_id)).toEqual(['eu_fsf', 'uk_sanctions']);
      for (const id of ['eu_fsf', 'uk_sanctions']) {
        const l = status(engine, id);
        expect(l).toMatchObject({ entities: 5, last_error: undefined });
        expect(l.not_configured).toBeUndefined();
        expect(l.version).toMatch(/^[0-9a-f]{16}$/);
      }
      expect(listingsOf(engine.screen({ search_term: 'Karim Nabil Haddad', entity_type: 'person' }).hits).map((l) => l.list_id).sort()).toEqual(['eu_fsf', 'uk_sanctions']);

      const euVersion = status(engine, 'eu_fsf').version;
      served.set(`/eu_fsf/${EU_FILE}`, [500, 'upstream error']);
      const [failed] = await engine.refresh('eu_fsf');
      expect(failed.record.status).toBe('failed');
      expect(status(engine, 'eu_fsf')).toMatchObject({ entities: 5, version: euVersion, last_error: expect.stringContaining('HTTP 500') });

      served.set(`/eu_fsf/${EU_FILE}`, [200, '\u0000\u0001 not a list \u0002']);
      expect((await engine.refresh('eu_fsf'))[0].record.status).toBe('failed');
      // A file cut after its first entity loses more than half of the list: refused.
      const ukLines = ukCsv.split('\r\n');
      served.set(`/docs/${UK_FILE}`, [200, ukLines.slice(0, 5).join('\r\n')]);
      const [truncated] = await engine.refresh('uk_sanctions');
      expect(truncated.record).toMatchObject({ status: 'failed', error: expect.stringMatching(/last good version/) });
      served.set(`/docs/${UK_FILE}`, [200, '<html><body>Service unavailable</body></html>']);
      expect((await engine.refresh('uk_sanctions'))[0].record.status).toBe('failed');

      // Still screened against the last good versions.
      expect(status(engine, 'uk_sanctions').entities).toBe(5);
      const hits = listingsOf(engine.screen({ search_term: 'Korea Mining Development Trading Corporation', entity_type: 'company' }).hits).map((l) => l.list_id);
      expect(hits).toEqual(expect.arrayContaining(['eu_fsf', 'uk_sanctions']));
      expect((await engine.loadHistory('eu_fsf')).map((h) => h.status)).toEqual(['failed', 'failed', 'loaded']);
    } finally {
      await engine.close();
    }
  }, 60_000);

  it('downloads them on the refresh schedule', async () => {
    serveFixtures();
    const engine = createScreeningEngine({
      listsDir: LISTS_DIR,
      lists: ['us_bis_dpl', 'eu_fsf', 'uk_sanctions'],
      workers: 1,
      fetch: { intervalMinutes: 0.005, baseUrl, urls: { uk_sanctions: { [UK_FILE]: `${baseUrl}/docs/${UK_FILE}` } } },
    });
    try {
      await engine.ready();
      await expect.poll(() => [status(engine, 'eu_fsf').entities, status(engine, 'uk_sanctions').entities], { timeout: 30_000 }).toEqual([5, 5]);
    } finally {
      await engine.close();
    }
  }, 60_000);
});
