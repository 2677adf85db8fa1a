/**
 * The one session actor of the app: the statechart with its API calls and
 * side effects supplied (session-machine.ts). Views read it with useSelector(sessionActor, ...).
 */
import { SOCKET_EVENTS } from '@common/constants';
import { configureApi } from '../lib/api';
import { isLanguage, messageById, setLanguage } from '../lib/i18n';
import { onSocketEvent } from '../lib/socket';
import { notify } from '../lib/toaster';
import { createSessionActor, sessionApiHooks } from './session-machine';

export const sessionActor = createSessionActor();

configureApi({
  ...sessionApiHooks(sessionActor),
  onOffline: () => notify.error(messageById('offline')),
});

// The user's saved language wins once they are signed in.
let appliedFor: string | null = null;
sessionActor.subscribe((snapshot) => {
  const user = snapshot.context.session?.user;
  if (user && appliedFor !== user._id) {
    appliedFor = user._id;
    if (isLanguage(user.language)) void setLanguage(user.language);
  }
  if (!user) appliedFor = null;
});

// Section 7: a change-streams event for the current user announces the updated case.
onSocketEvent<{ userId: string; data: { search_reference: string } }>(SOCKET_EVENTS.changeStreams, (event) => {
  const me = sessionActor.getSnapshot().context.session?.user._id;
  if (event?.userId === me && event.data?.search_reference) {
    notify.success(messageById('search_reference_updated', { ref: event.data.search_reference }));
  }
});

sessionActor.start();
