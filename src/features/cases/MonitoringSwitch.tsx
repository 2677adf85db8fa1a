/** One monitoring switch run by the monitoring statechart: it asks for confirmation and moves only once saved. */
import { Button, Dialog, Portal, Switch, Text } from '@chakra-ui/react';
import { useMachine } from '@xstate/react';
import { useEffect, useRef, useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { fromPromise } from 'xstate';
import { monitoringMachine } from '@machines/cases/monitoring.machine';
import { messageText } from '../../lib/i18n';
import { notify } from '../../lib/toaster';
import { caseApi } from './api';

interface Props {
  reference: string;
  entityId?: string;
  kind: 'aml' | 'adverse_media';
  enabled: boolean;
  disabled?: boolean;
  onSaved?: () => void;
}

export function MonitoringSwitch({ reference, entityId, kind, enabled, disabled, onSaved }: Props) {
  const saved = useRef(onSaved);
  saved.current = onSaved;
  const [machine] = useState(() =>
    monitoringMachine.provide({
      actors: {
        save: fromPromise(({ input }) => caseApi.monitor({ reference, ...(entityId ? { entity_id: entityId } : {}), kind, enabled: input.enabled })),
      },
      actions: {
        onSaved: () => saved.current?.(),
        notifyFailure: (_, failure) => notify.error(messageText(failure.code, failure.message)),
      },
    }),
  );
  const [state, send] = useMachine(machine, { input: { enabled } });
  useEffect(() => send({ type: 'SYNC', enabled }), [enabled, send]);
  // Space on the focused switch ticks the native checkbox at once; while the question is open and after
  // Cancel it must say what is saved, or a screen reader announces "checked" for a switch that is off.
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (input.current) input.current.checked = state.context.enabled;
  });

  const confirming = state.hasTag('confirming');
  const turningOn = state.matches('confirmingOn');
  const label = kind === 'aml' ? 'cases.fields.aml_monitoring' : 'cases.fields.adverse_media_monitoring';
  return (
    <>
      <Switch.Root
        colorPalette="brand"
        checked={state.context.enabled}
        disabled={disabled || state.hasTag('busy')}
        onCheckedChange={() => send({ type: 'TOGGLE' })}
        justifyContent="space-between"
        w="full"
        data-testid={`monitor-${kind}`}
      >
        <Switch.HiddenInput ref={input} />
        <Switch.Label fontSize="sm">
          <FormattedMessage id={label} />
        </Switch.Label>
        <Switch.Control />
      </Switch.Root>
      <Dialog.Root open={confirming} onOpenChange={(d) => !d.open && send({ type: 'CANCEL' })} placement="center" role="alertdialog" size="sm">
        <Portal>
          <Dialog.Backdrop />
          <Dialog.Positioner>
            <Dialog.Content data-testid="monitor-confirm">
              <Dialog.Header>
                <Dialog.Title>
                  <FormattedMessage id={turningOn ? 'cases.monitoring.on_title' : 'cases.monitoring.off_title'} values={{ kind: <FormattedMessage id={label} /> }} />
                </Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <Text color="fg.muted">
                  <FormattedMessage id={turningOn ? 'cases.monitoring.on_body' : 'cases.monitoring.off_body'} />
                </Text>
              </Dialog.Body>
              <Dialog.Footer>
                <Button variant="outline" onClick={() => send({ type: 'CANCEL' })}>
                  <FormattedMessage id="cases.common.cancel" />
                </Button>
                <Button colorPalette={turningOn ? 'brand' : 'red'} onClick={() => send({ type: 'CONFIRM' })} data-testid="monitor-confirm-button">
                  <FormattedMessage id={turningOn ? 'cases.monitoring.turn_on' : 'cases.monitoring.turn_off'} />
                </Button>
              </Dialog.Footer>
            </Dialog.Content>
          </Dialog.Positioner>
        </Portal>
      </Dialog.Root>
    </>
  );
}
