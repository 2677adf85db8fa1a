/**
 * The "Generate API key" dialog (name, validity in days, the user's password) and, once the key exists,
 * the dialog that shows it in full this one time, with a copy button, the warning that it will not be
 * shown again and a line to try it from a terminal. Both render the key generator statechart
 * (machines/api-keys/key-generator) and send it the user's edits.
 */
import { Alert, Box, Button, CloseButton, Code, Dialog, HStack, Input, Portal, Stack, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { FormattedMessage } from 'react-intl';
import type { ActorRefFrom } from 'xstate';
import { LIMITS } from '@common/constants';
import type { keyGeneratorMachine } from '@machines/api-keys/key-generator.machine';
import { selectFieldProblem, selectFormError, selectIsBusy, selectIsFormOpen, selectRevealed, selectValues } from '@machines/api-keys/key-generator.selectors';
import { ActionDialog } from '../../components/ActionDialog';
import { CopyButton } from '../../components/CopyButton';
import { FormField } from '../../components/FormField';
import { Name } from '../../components/Name';

type Generator = ActorRefFrom<typeof keyGeneratorMachine>;

/** A first call with the new key: screening a name, the API's main use (docs/integrations.md). */
export const tryItCommand = (origin: string, key: string) =>
  `curl -X POST ${origin}/api/search -H "Authorization: Bearer ${key}" -H "Content-Type: application/json" -d '{"search_term":"Jane Doe","entity_type":"person"}'`;

export function GenerateKeyDialog({ generator }: { generator: Generator }) {
  const open = useSelector(generator, selectIsFormOpen);
  const busy = useSelector(generator, selectIsBusy);
  const values = useSelector(generator, selectValues);
  const formError = useSelector(generator, selectFormError);
  const problems = useSelector(
    generator,
    (s) => ({ name: selectFieldProblem(s, 'name'), validity_days: selectFieldProblem(s, 'validity_days'), password: selectFieldProblem(s, 'password') }),
    (a, b) => a.name === b.name && a.validity_days === b.validity_days && a.password === b.password,
  );
  const send = generator.send;

  return (
    <ActionDialog
      open={open}
      busy={busy}
      title={<FormattedMessage id="api_keys.form.title" />}
      submitLabel={<FormattedMessage id="api_keys.form.submit" />}
      error={formError ?? undefined}
      onSubmit={() => send({ type: 'SUBMIT' })}
      onClose={() => send({ type: 'CLOSE' })}
      testId="api-key-form"
    >
      <FormField label={<FormattedMessage id="api_keys.fields.name" />} error={problems.name} required helper={<FormattedMessage id="api_keys.form.name_help" />}>
        <Input name="name" autoComplete="off" value={values.name} maxLength={LIMITS.webhookName.max + 20} onChange={(e) => send({ type: 'EDIT', field: 'name', value: e.target.value })} data-autofocus />
      </FormField>
      <FormField
        label={<FormattedMessage id="api_keys.fields.validity_days" />}
        error={problems.validity_days}
        required
        helper={<FormattedMessage id="api_keys.form.validity_help" values={{ min: LIMITS.apiKeyValidityDays.min, max: LIMITS.apiKeyValidityDays.max }} />}
      >
        <Input name="validity_days" inputMode="numeric" autoComplete="off" dir="ltr" maxWidth="32" value={values.validity_days} maxLength={6} onChange={(e) => send({ type: 'EDIT', field: 'validity_days', value: e.target.value })} />
      </FormField>
      <FormField label={<FormattedMessage id="api_keys.fields.password" />} error={problems.password} required helper={<FormattedMessage id="api_keys.form.password_help" />}>
        <Input name="password" type="password" autoComplete="current-password" value={values.password} onChange={(e) => send({ type: 'EDIT', field: 'password', value: e.target.value })} />
      </FormField>
    </ActionDialog>
  );
}

export function RevealedKeyDialog({ generator }: { generator: Generator }) {
  const revealed = useSelector(generator, selectRevealed);
  const close = () => generator.send({ type: 'DISMISS' });
  const command = revealed ? tryItCommand(window.location.origin, revealed.api_key) : '';
  return (
    <Dialog.Root
      open={revealed !== null}
      size="lg"
      placement="center"
      // The key is shown once: a stray click outside must not throw it away before it is copied.
      closeOnInteractOutside={false}
      onOpenChange={(d) => {
        if (!d.open) close();
      }}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="api-key-revealed">
            <Dialog.Header>
              <Dialog.Title>
                <FormattedMessage id="api_keys.revealed.title" values={{ name: <Name>{revealed?.key.name ?? ''}</Name> }} />
              </Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="4">
                <Alert.Root status="warning">
                  <Alert.Indicator />
                  <Alert.Description>
                    <FormattedMessage id="api_keys.revealed.warning" />
                  </Alert.Description>
                </Alert.Root>
                <Stack gap="1">
                  <Text fontSize="sm" fontWeight="medium" id="api-key-full-label">
                    <FormattedMessage id="api_keys.revealed.key_label" />
                  </Text>
                  <HStack align="center" gap="2">
                    <Code dir="ltr" fontSize="sm" px="3" py="2" flex="1" wordBreak="break-all" aria-labelledby="api-key-full-label" data-testid="api-key-full">
                      {revealed?.api_key}
                    </Code>
                    {revealed && <CopyButton value={revealed.api_key} />}
                  </HStack>
                </Stack>
                <Stack gap="1">
                  <Text fontSize="sm" fontWeight="medium">
                    <FormattedMessage id="api_keys.revealed.try_it" />
                  </Text>
                  <HStack align="start" gap="2">
                    <Box as="pre" dir="ltr" flex="1" fontSize="xs" fontFamily="mono" bg="bg.muted" rounded="l2" px="3" py="2" whiteSpace="pre-wrap" wordBreak="break-all" data-testid="api-key-try-it">
                      {command}
                    </Box>
                    {revealed && <CopyButton value={command} />}
                  </HStack>
                </Stack>
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <Button colorPalette="brand" onClick={close} data-testid="api-key-revealed-done">
                <FormattedMessage id="api_keys.revealed.done" />
              </Button>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

