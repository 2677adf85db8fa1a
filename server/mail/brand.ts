/**
 * Which white-label scheme an e-mail wears: its recipient organisation's (docs/white-label.md). Read through
 * the organisation's own handle, inside the caller's transaction when there is one (an embedded database
 * runs one transaction at a time, so a read beside it would wait for the mail it is part of).
 */
import type { WhiteLabel } from '../../common/organisation';
import type { OrgDb } from '../db/tenant';

export async function organisationBrand(org: OrgDb): Promise<WhiteLabel | null> {
  const row = await org.one<{ white_labeling_for: WhiteLabel | null }>('SELECT white_labeling_for FROM organisations WHERE id = $org');
  return row?.white_labeling_for ?? null;
}
