/** Case changes pushed by the server, as a hook for any screen that shows cases (case screens, dashboard). */
import { useEffect, useRef } from 'react';
import { SOCKET_EVENTS } from '@common/constants';
import { onSocketEvent } from './socket';

/** Calls onChange when the server says a case (any, or the given reference) changed. */
export function useCaseChanges(reference: string | null, onChange: () => void) {
  const ref = useRef(onChange);
  ref.current = onChange;
  useEffect(
    () =>
      onSocketEvent<{ data?: { search_reference?: string } }>(SOCKET_EVENTS.changeStreams, (event) => {
        if (!reference || event?.data?.search_reference === reference) ref.current();
      }),
    [reference],
  );
}
