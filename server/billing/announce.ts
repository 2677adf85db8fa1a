/** Telling an organisation's open browsers that its plan or credits changed, so they refresh their session. */
import { SOCKET_EVENTS } from '../../common/constants';
import type { Deps } from '../deps';
import { rooms } from '../realtime/bus';

/** Call after the change has committed, or a browser that refreshes at once could read the old state. */
export async function announceOrganisationChange(deps: Pick<Deps, 'realtime'>, organisationId: string) {
  await deps.realtime.publish({ room: rooms.organisation(organisationId), event: SOCKET_EVENTS.sessionChanged });
}
