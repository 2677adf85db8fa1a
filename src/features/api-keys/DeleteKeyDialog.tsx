/**
 * The confirmation before an API key is deleted: it names the key, says that whatever uses it stops
 * working at once, and asks for the user's password (section 5: a sensitive action). It renders the key
 * deletion statechart (machines/api-keys/key-deletion).
 */
import { Code, Input, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { FormattedMessage } from 'react-intl';
import type { ActorRefFrom } from 'xstate';
import type { keyDeletionMachine } from '@machines/api-keys/key-deletion.machine';
import { selectFormError, selectIsBusy, selectIsOpen, selectKey, selectPassword, selectPasswordProblem } from '@machines/api-keys/key-deletion.selectors';
import { ActionDialog } from '../../components/ActionDialog';
import { FormField } from '../../components/FormField';
import { Name } from '../../components/Name';

export function DeleteKeyDialog({ deletion }: { deletion: ActorRefFrom<typeof keyDeletionMachine> }) {
  const open = useSelector(deletion, selectIsOpen);
  const busy = useSelector(deletion, selectIsBusy);
  const key = useSelector(deletion, selectKey);
  const password = useSelector(deletion, selectPassword);
  const problem = useSelector(deletion, selectPasswordProblem);
  const formError = useSelector(deletion, selectFormError);
  return (
    <ActionDialog
      open={open}
      busy={busy}
      tone="danger"
      size="sm"
      title={key && <FormattedMessage id="api_keys.delete.title" values={{ name: <Name>{key.name}</Name> }} />}
      submitLabel={<FormattedMessage id="api_keys.delete.submit" />}
      error={formError ?? undefined}
      onSubmit={() => deletion.send({ type: 'SUBMIT' })}
      onClose={() => deletion.send({ type: 'CLOSE' })}
      testId="api-key-delete"
    >
      <Text fontSize="sm">
        <FormattedMessage
          id="api_keys.delete.body"
          values={{
            prefix: (
              <Code dir="ltr" fontSize="xs">
                {key ? `${key.prefix}…` : ''}
              </Code>
            ),
          }}
        />
      </Text>
      <FormField label={<FormattedMessage id="api_keys.fields.password" />} error={problem} required>
        <Input type="password" name="password" autoComplete="current-password" value={password} onChange={(e) => deletion.send({ type: 'PASSWORD', password: e.target.value })} data-autofocus />
      </FormField>
    </ActionDialog>
  );
}
