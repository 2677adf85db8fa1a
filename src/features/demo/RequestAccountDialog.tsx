/**
 * "Request full account" (demo-user-request): name, company, e-mail, and an optional phone and message,
 * checked with the API's rules before sending (machines/demo/demo-request.machine.ts); once sent, the
 * confirmation shows in the dialog until it is closed.
 */
import { Alert, Button, CloseButton, Dialog, Grid, Input, Portal, Stack, Text, Textarea } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import type { FormEvent } from 'react';
import { FormattedMessage } from 'react-intl';
import type { ActorRefFrom } from 'xstate';
import type { MessageId } from '@common/messages';
import { DEMO_REQUEST_LIMITS } from '@common/schemas/demo';
import type { demoRequestMachine } from '@machines/demo/demo-request.machine';
import { REQUEST_FIELDS, selectConfirmation, selectFieldProblem, selectFormError, selectIsBusy, selectIsOpen, selectValues } from '@machines/demo/demo-request.selectors';
import type { RequestField } from '@machines/demo/demo-request.types';
import { FormField } from '../../components/FormField';
import { ServerError } from '../../components/ServerError';
import { messageText } from '../../lib/i18n';

export function RequestAccountDialog({ actor }: { actor: ActorRefFrom<typeof demoRequestMachine> }) {
  const open = useSelector(actor, selectIsOpen);
  const busy = useSelector(actor, selectIsBusy);
  const values = useSelector(actor, selectValues);
  const confirmation = useSelector(actor, selectConfirmation);
  const formError = useSelector(actor, selectFormError);
  const problems = useSelector(
    actor,
    (s) => Object.fromEntries(REQUEST_FIELDS.map((f) => [f, selectFieldProblem(s, f)])) as Record<RequestField, MessageId | null>,
    (a, b) => REQUEST_FIELDS.every((f) => a[f] === b[f]),
  );
  const problem = (field: RequestField) => problems[field];
  const edit = (field: RequestField, value: string) => actor.send({ type: 'EDIT', field, value });
  const close = () => actor.send({ type: 'CLOSE' });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    actor.send({ type: 'SUBMIT' });
  };

  return (
    <Dialog.Root open={open} size="md" placement="center" closeOnInteractOutside={!busy} closeOnEscape={!busy} onOpenChange={(d) => !d.open && !busy && close()}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="request-account-dialog">
            <Dialog.Header>
              <Dialog.Title>
                <FormattedMessage id={confirmation ? 'demo.request.sent_title' : 'demo.request.title'} />
              </Dialog.Title>
            </Dialog.Header>
            {confirmation ? (
              <>
                <Dialog.Body>
                  <Alert.Root status="success" data-testid="request-sent">
                    <Alert.Indicator />
                    <Alert.Description>{messageText(confirmation.code, confirmation.message, confirmation.values)}</Alert.Description>
                  </Alert.Root>
                </Dialog.Body>
                <Dialog.Footer>
                  <Button colorPalette="brand" onClick={close} data-testid="request-close">
                    <FormattedMessage id="cases.common.close" />
                  </Button>
                </Dialog.Footer>
              </>
            ) : (
              <form onSubmit={submit} noValidate>
                <Dialog.Body>
                  <Stack gap="4">
                    <Text color="fg.muted" fontSize="sm">
                      <FormattedMessage id="demo.request.intro" />
                    </Text>
                    <Grid templateColumns={{ base: '1fr', md: '1fr 1fr' }} gap="4">
                      <FormField label={<FormattedMessage id="demo.request.name" />} error={problem('name')} required>
                        <Input name="name" autoComplete="name" value={values.name} onChange={(e) => edit('name', e.target.value)} />
                      </FormField>
                      <FormField label={<FormattedMessage id="demo.request.company" />} error={problem('company')} required>
                        <Input name="company" autoComplete="organization" value={values.company} onChange={(e) => edit('company', e.target.value)} />
                      </FormField>
                      <FormField label={<FormattedMessage id="demo.request.email" />} error={problem('email')} required>
                        <Input name="email" type="email" autoComplete="email" dir="ltr" value={values.email} onChange={(e) => edit('email', e.target.value)} />
                      </FormField>
                      <FormField label={<FormattedMessage id="demo.request.phone" />} error={problem('phone')} helper={<FormattedMessage id="demo.request.optional" />}>
                        <Input name="phone" type="tel" autoComplete="tel" dir="ltr" value={values.phone} onChange={(e) => edit('phone', e.target.value)} />
                      </FormField>
                    </Grid>
                    <FormField label={<FormattedMessage id="demo.request.message" />} error={problem('message')} helper={<FormattedMessage id="demo.request.message_help" />}>
                      <Textarea name="message" rows={3} maxLength={DEMO_REQUEST_LIMITS.message.max + 10} value={values.message} onChange={(e) => edit('message', e.target.value)} />
                    </FormField>
                    <ServerError message={formError?.message ?? null} code={formError?.code} />
                  </Stack>
                </Dialog.Body>
                <Dialog.Footer>
                  <Button variant="outline" onClick={close} disabled={busy}>
                    <FormattedMessage id="cases.common.cancel" />
                  </Button>
                  <Button type="submit" colorPalette="brand" loading={busy} data-testid="request-submit">
                    <FormattedMessage id="demo.request.submit" />
                  </Button>
                </Dialog.Footer>
              </form>
            )}
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" disabled={busy} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
