/**
 * The "Register a web hook" dialog: name, endpoint and type. It renders the web hook editor statechart
 * (machines/web-hooks/webhook-editor) and sends it the user's edits; the checks and the save are the machine's.
 */
import { Input } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { ActorRefFrom } from 'xstate';
import { LIMITS } from '@common/constants';
import { WEBHOOK_TYPES } from '@common/webhooks';
import type { webhookEditorMachine } from '@machines/web-hooks/webhook-editor.machine';
import { selectFieldProblem, selectFormError, selectIsOpen, selectIsSaving, selectValues } from '@machines/web-hooks/webhook-editor.selectors';
import { ActionDialog } from '../../components/ActionDialog';
import { FormField } from '../../components/FormField';
import { Select } from '../../components/Select';

/** Longest endpoint address the field takes (the API's own limit for a URL). */
const ENDPOINT_MAX = 2000;

export function WebhookDialog({ editor }: { editor: ActorRefFrom<typeof webhookEditorMachine> }) {
  const intl = useIntl();
  const open = useSelector(editor, selectIsOpen);
  const saving = useSelector(editor, selectIsSaving);
  const values = useSelector(editor, selectValues);
  const formError = useSelector(editor, selectFormError);
  const problems = useSelector(
    editor,
    (s) => ({ name: selectFieldProblem(s, 'name'), endpoint: selectFieldProblem(s, 'endpoint'), type: selectFieldProblem(s, 'type') }),
    (a, b) => a.name === b.name && a.endpoint === b.endpoint && a.type === b.type,
  );
  const send = editor.send;
  return (
    <ActionDialog
      open={open}
      busy={saving}
      title={<FormattedMessage id="web_hooks.form.title" />}
      submitLabel={<FormattedMessage id="web_hooks.form.submit" />}
      error={formError ?? undefined}
      onSubmit={() => send({ type: 'SUBMIT' })}
      onClose={() => send({ type: 'CLOSE' })}
      testId="webhook-form"
    >
      <FormField label={<FormattedMessage id="web_hooks.fields.name" />} error={problems.name} required>
        <Input name="name" autoComplete="off" value={values.name} maxLength={LIMITS.webhookName.max + 20} onChange={(e) => send({ type: 'EDIT', field: 'name', value: e.target.value })} data-autofocus />
      </FormField>
      <FormField label={<FormattedMessage id="web_hooks.fields.endpoint" />} error={problems.endpoint} required helper={<FormattedMessage id="web_hooks.form.endpoint_help" />}>
        <Input
          name="endpoint"
          type="url"
          dir="ltr"
          inputMode="url"
          autoComplete="off"
          placeholder="https://example.com/aml-events"
          value={values.endpoint}
          maxLength={ENDPOINT_MAX}
          onChange={(e) => send({ type: 'EDIT', field: 'endpoint', value: e.target.value })}
        />
      </FormField>
      <FormField label={<FormattedMessage id="web_hooks.fields.type" />} error={problems.type} required helper={<FormattedMessage id="web_hooks.form.type_help" />}>
        <Select
          name="type"
          value={values.type}
          onChange={(e) => send({ type: 'EDIT', field: 'type', value: e.currentTarget.value })}
          options={[{ value: '', label: intl.formatMessage({ id: 'web_hooks.form.type_prompt' }), disabled: true }, ...WEBHOOK_TYPES.map((t) => ({ value: t, label: intl.formatMessage({ id: `web_hooks.type.${t}` }) }))]}
        />
      </FormField>
    </ActionDialog>
  );
}
