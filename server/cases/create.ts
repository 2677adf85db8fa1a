/**
 * Creating a case: the search input is checked, the engine screens it (waiting
 * for the lists if the server is still loading them), and only then, in one
 * short transaction, the credit is spent, the reference numbered and the case
 * with its hits and first history event stored. Screening holds no lock, so
 * searches of one organisation queue behind each other only for the few
 * statements of that transaction, not for each other's screening (before, the
 * organisation row was locked while the engine screened). Nothing is spent
 * when anything fails.
 */
import type { SearchInputView } from '../../common/cases';
import { LIMITS } from '../../common/constants';
import type { SearchBodyValue } from '../../common/schemas/cases';
import { toBoolean } from '../../common/schemas/core';
import { validateFaceImage } from '../../common/validation';
import { searchChoiceProblems } from '../../common/case-input';
import type { AuthContext } from '../auth/sessions';
import { forOrganisation, inTransaction } from '../db/tenant';
import type { Deps } from '../deps';
import type { UploadedFile } from '../http/body';
import { ApiError } from '../http/errors';
import { ScreeningInputError } from '../screening';
import { checkScreeningCredit, holdScreeningCredit, spendScreeningCredit } from '../case-store/credits';
import { engineReady } from '../case-store/engine';
import { caseScreening } from '../case-store/screen';
import { searchScope } from '../case-store/scope';
import { storeScreenedCases } from '../case-store/store';
import { publishCaseChange } from './events';
import { isKnownCountry } from '../reference/countries';
import { emitWebhookEvent } from '../webhooks/events';

function isUpload(value: unknown): value is UploadedFile {
  return Boolean(value && typeof value === 'object' && Buffer.isBuffer((value as UploadedFile).data));
}

/** JPEG and PNG by their first bytes, not by what the browser claims. */
function sniffImage(data: Buffer): string | null {
  if (data.length > 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return 'image/jpeg';
  if (data.length > 8 && data.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  return null;
}

function countries(list: string[] | undefined, field: string): string[] {
  const out: string[] = [];
  for (const raw of list ?? []) {
    const code = raw.trim().toUpperCase();
    if (!isKnownCountry(code)) throw new ApiError(400, 'invalid_country', {}, field);
    if (!out.includes(code)) out.push(code);
  }
  return out;
}

const num = (v: string | undefined) => (v === undefined || v.trim() === '' ? undefined : Number(v));

export async function createCase(deps: Deps, auth: AuthContext, body: SearchBodyValue) {
  const org = forOrganisation(deps.db, auth.organisation.id);
  const birth = { day: num(body.birth_day), month: num(body.birth_month), year: num(body.birth_year) };
  const [choiceProblem] = searchChoiceProblems(body);
  if (choiceProblem) throw new ApiError(400, choiceProblem.rule, {}, choiceProblem.field);

  let image: { data: Buffer; type: string } | null = null;
  if (body.face_image !== undefined && body.face_image !== '' && body.face_image !== null) {
    if (!isUpload(body.face_image)) throw new ApiError(400, 'incorrect_file_format', {}, 'face_image');
    const upload = body.face_image;
    const sniffed = sniffImage(upload.data);
    const problem = validateFaceImage({ size: upload.data.length, type: sniffed ?? upload.mimetype });
    if (problem || !sniffed) throw new ApiError(problem === 'file_size_limit_exceeds' || upload.data.length > LIMITS.faceImageBytes ? 413 : 400, problem ?? 'incorrect_file_format', {}, 'face_image');
    image = { data: upload.data, type: sniffed };
  }

  const countryList = countries(body.countries, 'countries');
  const residence = countries(body.residence_countries, 'residence_countries');
  const nationality = body.nationality?.trim() ? countries([body.nationality], 'nationality')[0] : undefined;

  const { databases, profile } = await searchScope(org, body);

  const input: SearchInputView = {
    search_term: body.search_term.trim(),
    entity_type: body.entity_type.trim() as SearchInputView['entity_type'],
    ...(birth.day ? { birth_day: birth.day } : {}),
    ...(birth.month ? { birth_month: birth.month } : {}),
    ...(birth.year ? { birth_year: birth.year } : {}),
    countries: countryList.length ? countryList : (profile?.countries ?? []),
    residence_countries: residence,
    ...(nationality ? { nationality } : {}),
    ...(body.gender ? { gender: body.gender } : {}),
    ...(body.unique_identifier?.trim() ? { unique_identifier: body.unique_identifier.trim() } : {}),
    match_score: num(body.match_score) ?? 0,
    exact_match: toBoolean(body.exact_match),
    match_akas: body.match_akas === undefined ? true : toBoolean(body.match_akas),
    match_rca: toBoolean(body.match_rca),
    search_type: body.search_type,
    databases,
    ...(profile?.sources.length ? { sources: profile.sources } : {}),
  };

  // An organisation without credit is told so before anything is screened.
  await checkScreeningCredit(org);
  await engineReady(deps.screening);
  const screening = await caseScreening(deps, auth.organisation.id, { id: body.risk_engine_id?.trim() || null });
  const actor = { id: auth.user.id, name: auth.user.name };
  let result;
  try {
    result = screening.screen(input);
  } catch (error) {
    if (error instanceof ScreeningInputError) throw new ApiError(400, 'bad_request', {}, error.field);
    throw error;
  }
  input.match_score = result.match_score;

  const created = await deps.db.transaction(async (tx) => {
    const own = inTransaction(tx, auth.organisation.id);
    // The organisation's locks come first, as in every other transaction that takes them (monitoring
    // spends a credit before it touches a case): the credit, refused now if another search took the
    // last one meanwhile, then the next reference number. Storing the case also counts it in
    // case_daily_counts, whose row is shared by the organisation's searches of the day, so the
    // statements from here to the commit run one organisation's search at a time in any order.
    // The credit is held here and its ledger row written once the case it paid for exists.
    await holdScreeningCredit(own, 'case_search');
    // Stored as a bulk search stores each of its rows (case-store/store.ts), so both make the same case.
    const [stored] = await storeScreenedCases(
      tx,
      screening,
      [
        {
          input,
          result,
          client_reference: body.client_reference,
          national_id: body.national_id,
          search_profile: profile ? { id: profile.id, title: profile.title } : null,
          risk_engine_id: screening.riskEngine?._id ?? null,
          face_image: image,
          aml_monitoring: toBoolean(body.aml_monitoring),
          adverse_media_monitoring: toBoolean(body.adverse_media_monitoring),
        },
      ],
      actor,
    );
    await spendScreeningCredit(own, { reason: 'case_search', actorId: actor.id, subject: { type: 'case', id: stored.id, label: stored.reference } });
    // In the case's own transaction: the event is sent exactly when the case exists (server/webhooks/events.ts).
    await emitWebhookEvent(deps.jobs, own, 'case.created', {
      reference: stored.reference,
      search_term: input.search_term,
      entity_type: input.entity_type,
      client_reference: body.client_reference?.trim() || null,
      case_status: stored.case_status,
      hit_count: stored.hit_count,
      created_at: new Date().toISOString(),
      created_by: { _id: actor.id, name: actor.name },
    });
    return { ...stored, took_ms: result.took_ms };
  });
  void publishCaseChange(deps, [created], auth.user.id);
  return created;
}
