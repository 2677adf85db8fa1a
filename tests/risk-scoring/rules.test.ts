/**
 * The risk model (common/risk-scoring.ts) and the record conditions read from listed records
 * (server/case-store/risk-records.ts): rules met or missed and which part missed, scores against the
 * thresholds (the band below the low threshold included), custom list outcomes, decisions, a case's
 * status from its hits, the section-5 checks of a definition, and the conditions of real records of the
 * UN Security Council and US Congress lists.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { caseDecision } from '../../common/cases';
import {
  DEFAULT_RISK_DECISIONS,
  caseStatusOfDecisions,
  outcomeOf,
  riskEngineProblems,
  ruleResult,
  scoreHit,
  severest,
  type HitFacts,
  type RiskEngineDefinition,
} from '../../common/risk-scoring';
import { CreateRiskEngineBody, toRiskDefinition, toRiskSample } from '../../common/schemas/risk-scoring';
import { schemaProblems } from '../../common/schemas/field-problems';
import { recordConditions } from '../../server/case-store/risk-records';
import type { ListedEntity } from '../../server/screening';
import { testScreeningEngine } from '../helpers/app';

const engine = (overrides: Partial<RiskEngineDefinition> = {}): RiskEngineDefinition => ({
  title: 'Test engine',
  model_name: 'Test model',
  low_threshold: 10,
  medium_threshold: 40,
  high_threshold: 70,
  rules: [
    { country: 'any', category: 'sanctions', record: 'terrorism', weightage: 50 },
    { country: 'EG', category: 'any', record: 'any', weightage: 20 },
    { country: 'any', category: 'pep', record: 'political_exposure', weightage: 45 },
  ],
  decisions: { ...DEFAULT_RISK_DECISIONS, high_risk: 'failed' },
  ...overrides,
});

const sanctionsInEgypt: HitFacts = { database: 'sanctions', countries: ['EG'], records: ['sanctions_designation', 'terrorism'] };

describe('a rule', () => {
  it('is met when the country, category and record condition all hold ("any" holds for every value)', () => {
    expect(ruleResult({ country: 'any', category: 'any', record: 'any', weightage: 1 }, { database: 'pep', countries: [], records: [] })).toMatchObject({ matched: true, missed: null });
    expect(ruleResult({ country: 'EG', category: 'sanctions', record: 'terrorism', weightage: 1 }, sanctionsInEgypt)).toMatchObject({ matched: true, missed: null, weightage: 1 });
  });

  it('says which part it missed, checking country, then category, then record', () => {
    expect(ruleResult({ country: 'US', category: 'pep', record: 'criminal_penalty', weightage: 1 }, sanctionsInEgypt).missed).toBe('country');
    expect(ruleResult({ country: 'EG', category: 'pep', record: 'criminal_penalty', weightage: 1 }, sanctionsInEgypt).missed).toBe('category');
    expect(ruleResult({ country: 'any', category: 'sanctions', record: 'criminal_penalty', weightage: 1 }, sanctionsInEgypt).missed).toBe('record');
  });
});

describe('scoring a hit', () => {
  it('adds the weightage of every rule met and keeps every rule, met or missed, in the breakdown', () => {
    const b = scoreHit({ ...engine(), _id: 'e1', version: 3 }, sanctionsInEgypt);
    expect(b.score).toBe(70);
    expect(b.rules.map((r) => [r.matched, r.missed])).toEqual([
      [true, null],
      [true, null],
      [false, 'category'],
    ]);
    expect(b).toMatchObject({ engine: { _id: 'e1', title: 'Test engine', model_name: 'Test model', version: 3 }, thresholds: { low: 10, medium: 40, high: 70 } });
  });

  it('is high risk at the high threshold and above, medium from the medium threshold, low below it', () => {
    const bands = engine();
    expect(outcomeOf(bands, 70, 'sanctions')).toBe('high_risk');
    expect(outcomeOf(bands, 69.99, 'sanctions')).toBe('medium_risk');
    expect(outcomeOf(bands, 40, 'sanctions')).toBe('medium_risk');
    expect(outcomeOf(bands, 39, 'sanctions')).toBe('low_risk');
    expect(outcomeOf(bands, 10, 'sanctions')).toBe('low_risk');
  });

  it('below the low threshold counts no risk: outcome below_threshold, passed, risk level Low, whatever the low risk decision', () => {
    const strict = engine({ decisions: { ...DEFAULT_RISK_DECISIONS, low_risk: 'for review' } });
    const below = scoreHit(strict, { database: 'pep', countries: ['FR'], records: [] });
    expect(below).toMatchObject({ score: 0, outcome: 'below_threshold', decision: 'passed', risk_level: 'Low' });
    // Between the low and medium thresholds the engine's own low risk decision applies.
    const low = scoreHit(strict, { database: 'pep', countries: ['EG'], records: [] });
    expect(low).toMatchObject({ score: 20, outcome: 'low_risk', decision: 'for review', risk_level: 'Low' });
    // Without a low threshold there is no such band.
    expect(scoreHit({ ...strict, low_threshold: null }, { database: 'pep', countries: ['FR'], records: [] })).toMatchObject({ outcome: 'low_risk', decision: 'for review' });
  });

  it("takes the engine's decision for each outcome", () => {
    expect(scoreHit(engine(), sanctionsInEgypt)).toMatchObject({ outcome: 'high_risk', decision: 'failed', risk_level: 'High' });
    expect(scoreHit(engine({ decisions: { ...DEFAULT_RISK_DECISIONS } }), sanctionsInEgypt)).toMatchObject({ outcome: 'high_risk', decision: 'for review' });
    expect(scoreHit(engine(), { database: 'pep', countries: ['US'], records: ['political_exposure'] })).toMatchObject({ score: 45, outcome: 'medium_risk', decision: 'for review', risk_level: 'Medium' });
  });

  it('marks custom list hits blacklisted or whitelisted whatever their score', () => {
    const lists = engine({ decisions: { ...DEFAULT_RISK_DECISIONS, whitelisted: 'for review' } });
    expect(scoreHit(lists, { database: 'blacklist', countries: [], records: [] })).toMatchObject({ score: 0, outcome: 'blacklisted', decision: 'failed', risk_level: 'High' });
    expect(scoreHit(lists, { database: 'whitelist', countries: ['EG'], records: [] })).toMatchObject({ score: 20, outcome: 'whitelisted', decision: 'for review', risk_level: 'Whitelist' });
  });
});

describe('deciding a case', () => {
  it('takes the most severe decision of its hits; a case without hits passes', () => {
    expect(severest([])).toBe('passed');
    expect(caseStatusOfDecisions([])).toBe('Passed');
    expect(caseStatusOfDecisions(['passed', 'passed'])).toBe('Passed');
    expect(caseStatusOfDecisions(['passed', 'for review'])).toBe('For Review');
    expect(caseStatusOfDecisions(['for review', 'failed', 'passed'])).toBe('Failed');
  });

  it("takes each hit's risk level from the engine and the case's from the highest", () => {
    const hits = [
      { database: 'sanctions', facts: sanctionsInEgypt },
      { database: 'pep', facts: { database: 'pep', countries: ['US'], records: ['political_exposure'] } as HitFacts },
    ];
    const decided = caseDecision(
      hits,
      hits.map((h) => scoreHit(engine(), h.facts)),
    );
    expect(decided).toMatchObject({ case_status: 'Failed', match_status: 'Potential Match', risk_level: 'High' });
    expect(decided.hits.map((h) => [h.risk_level, h.risk_decision])).toEqual([
      ['High', 'failed'],
      ['Medium', 'for review'],
    ]);
  });
});

describe('the checks of a definition (section 5)', () => {
  const valid = { low_threshold: '', medium_threshold: '40', high_threshold: '70', rules: [{ country: 'any', category: 'pep', record: 'any', weightage: '5' }] };

  it('finds nothing wrong with a complete definition (no low threshold is fine)', () => {
    expect(riskEngineProblems(valid)).toEqual([]);
  });

  it('requires medium and high thresholds, refuses zero, and wants them rising', () => {
    expect(riskEngineProblems({ ...valid, medium_threshold: '', high_threshold: ' ' })).toEqual([
      { field: 'medium_threshold', rule: 'risk_threshold_required' },
      { field: 'high_threshold', rule: 'risk_threshold_required' },
    ]);
    expect(riskEngineProblems({ ...valid, low_threshold: '0' })).toEqual([{ field: 'low_threshold', rule: 'risk_threshold_zero' }]);
    expect(riskEngineProblems({ ...valid, medium_threshold: '70' })).toEqual([{ field: 'high_threshold', rule: 'risk_threshold_order' }]);
    expect(riskEngineProblems({ ...valid, low_threshold: '50' })).toEqual([{ field: 'medium_threshold', rule: 'risk_threshold_order' }]);
  });

  it('wants at least one rule, at most 100, each with country, category, record and weightage', () => {
    expect(riskEngineProblems({ ...valid, rules: [] })).toEqual([{ field: 'rules', rule: 'risk_rules_required' }]);
    expect(riskEngineProblems({ ...valid, rules: Array.from({ length: 101 }, () => valid.rules[0]) })).toEqual([{ field: 'rules', rule: 'risk_rules_too_many' }]);
    expect(riskEngineProblems({ ...valid, rules: [valid.rules[0], { country: '', category: '', record: '', weightage: '' }] })).toEqual([
      { field: 'rules.1.country', rule: 'required' },
      { field: 'rules.1.category', rule: 'required' },
      { field: 'rules.1.record', rule: 'required' },
      { field: 'rules.1.weightage', rule: 'required' },
    ]);
    expect(riskEngineProblems({ ...valid, rules: [{ ...valid.rules[0], weightage: '10001' }] })).toEqual([{ field: 'rules.0.weightage', rule: 'risk_weightage_range' }]);
  });

  it('is what the request schema leaves to the API: the schema checks each value on its own', () => {
    expect(schemaProblems(CreateRiskEngineBody, { title: 'A', model_name: 'Fine model', ...valid, medium_threshold: 'x' })).toMatchObject({
      title: 'risk_title_length',
      medium_threshold: 'risk_threshold_number',
    });
    expect(schemaProblems(CreateRiskEngineBody, { title: 'Fine', model_name: 'Fine model', ...valid })).toEqual({});
  });

  it('turns the typed values into the model: numbers, capital country codes, no low threshold when blank', () => {
    expect(
      toRiskDefinition({ title: ' T ', model_name: 'M', low_threshold: '', medium_threshold: '12.5', high_threshold: 30, rules: [{ country: 'eg', category: 'sanctions', record: 'any', weightage: '7' }], decisions: DEFAULT_RISK_DECISIONS }),
    ).toEqual({
      title: 'T',
      model_name: 'M',
      low_threshold: null,
      medium_threshold: 12.5,
      high_threshold: 30,
      rules: [{ country: 'EG', category: 'sanctions', record: 'any', weightage: 7 }],
      decisions: DEFAULT_RISK_DECISIONS,
    });
    expect(toRiskSample({ database: 'pep', countries: ['us', 'US'], records: ['political_exposure', 'political_exposure'] })).toEqual({ database: 'pep', countries: ['US'], records: ['political_exposure'] });
  });
});

describe('record conditions of real listed records', () => {
  const lists = testScreeningEngine();
  const entity = (id: string) => {
    const found = lists.getEntity(id);
    if (!found) throw new Error(`${id} is not on the test lists`);
    return found as ListedEntity;
  };
  beforeAll(() => lists.ready(), 60_000);
  afterAll(() => lists.close());

  it('reads a UN Al-Qaida designation as sanctions and terrorism (Aiman al-Zawahiri, QDi.006)', () => {
    const zawahiri = entity('un_sc_consolidated:111923');
    expect(recordConditions(zawahiri, 'sanctions').sort()).toEqual(['sanctions_designation', 'terrorism']);
  });

  it("reads a UN record's remarks: convicted and sentenced (Thomas Lubanga, CDi.007), an arrest warrant (Sylvestre Mudacumura, CDi.012)", () => {
    expect(recordConditions(entity('un_sc_consolidated:6908023'), 'sanctions').sort()).toEqual(['convicted_by_court', 'criminal_penalty', 'sanctions_designation']);
    expect(recordConditions(entity('un_sc_consolidated:6908003'), 'sanctions').sort()).toEqual(['sanctions_designation', 'wanted_or_charged']);
    // A wanted fugitive on the Al-Qaida list is both (Moussa Ben Omar Ben Ali, QDi.096).
    expect(recordConditions(entity('un_sc_consolidated:112042'), 'sanctions').sort()).toEqual(['sanctions_designation', 'terrorism', 'wanted_or_charged']);
  });

  it('reads a member of the US Congress as political exposure and nothing else (Nancy Pelosi)', () => {
    expect(recordConditions(entity('pep_us_congress:P000197'), 'pep')).toEqual(['political_exposure']);
  });

  it("scores the UN's Zawahiri record with an engine as a high-risk failure", () => {
    const zawahiri = entity('un_sc_consolidated:111923');
    const facts = { database: 'sanctions', countries: zawahiri.countries, records: recordConditions(zawahiri, 'sanctions') };
    expect(scoreHit(engine(), facts)).toMatchObject({ score: 70, outcome: 'high_risk', decision: 'failed' });
  });

  it('reads the programmes and databases of the other lists (export controls, regulators, custom blacklists)', () => {
    expect(recordConditions({ list_id: 'us_bis_dpl', programs: [] }, 'warnings_and_regulatory_enforcement').sort()).toEqual(['export_restriction', 'regulatory_enforcement']);
    expect(recordConditions({ list_id: 'us_csl', programs: ['EL'] }, 'sanctions')).toContain('export_restriction');
    expect(recordConditions({ list_id: 'us_ofac_sdn', programs: ['SDGT'] }, 'sanctions').sort()).toEqual(['sanctions_designation', 'terrorism']);
    // ITAR statutory debarment follows a conviction, and is a penalty.
    expect(recordConditions({ list_id: 'us_csl', programs: ['DTC'] }, 'warnings_and_regulatory_enforcement').sort()).toEqual([
      'convicted_by_court',
      'criminal_penalty',
      'export_restriction',
      'regulatory_enforcement',
    ]);
    // A custom blacklist record's category is read as text.
    expect(recordConditions({ programs: ['convicted fraudster'] }, 'blacklist')).toEqual(['convicted_by_court']);
    // Nothing is guessed from nothing.
    expect(recordConditions(undefined, 'adverse_media')).toEqual([]);
  });
});
