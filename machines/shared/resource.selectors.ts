/** What screens read from a loading statechart (machines/shared/resource.machine.ts). */
import type { ResourceContext, ResourceTag } from './resource.types';

interface ResourceSnapshot<T> {
  context: ResourceContext<T>;
  hasTag(tag: ResourceTag): boolean;
}

export const selectData = <T>(s: ResourceSnapshot<T>): T | null => s.context.data;
/** A request is on its way; the previous data, if any, is still there. */
export const selectLoading = (s: ResourceSnapshot<unknown>) => s.hasTag('busy');
/** The last request failed (the previous data, if any, is still there). */
export const selectError = (s: ResourceSnapshot<unknown>) => (s.hasTag('failed') ? s.context.error : null);
