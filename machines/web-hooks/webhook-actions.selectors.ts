/** What the web hooks screen reads from its one-click actions statechart. */
import type { SnapshotFrom } from 'xstate';
import type { webhookActionsMachine } from './webhook-actions.machine';
import type { WebhookActionKind } from './webhook-actions.types';

type Snapshot = SnapshotFrom<typeof webhookActionsMachine>;

/** Some action is on its way: every action button waits. */
export const selectIsBusy = (s: Snapshot) => s.hasTag('busy');

/** This action on this record is the one on its way (its button shows a spinner). */
export const selectIsRunning = (s: Snapshot, kind: WebhookActionKind, id: string) => s.context.running?.kind === kind && s.context.running.id === id;
