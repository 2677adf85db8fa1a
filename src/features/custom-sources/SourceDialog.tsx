/**
 * The "Add custom source" / "Edit custom source" dialog: publisher name, the feed's link, a description and
 * the reading frequency in minutes. It renders the source editor statechart
 * (machines/custom-sources/source-editor) and sends it the user's edits; the checks and the save are the machine's.
 */
import { Input, Textarea } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { FormattedMessage } from 'react-intl';
import type { ActorRefFrom } from 'xstate';
import { LIMITS } from '@common/constants';
import { CUSTOM_SOURCE_LIMITS } from '@common/custom-sources';
import type { sourceEditorMachine } from '@machines/custom-sources/source-editor.machine';
import { selectEditing, selectFieldProblem, selectFormError, selectIsOpen, selectIsSaving, selectValues } from '@machines/custom-sources/source-editor.selectors';
import type { SourceField } from '@machines/custom-sources/source-editor.types';
import { ActionDialog } from '../../components/ActionDialog';
import { FormField } from '../../components/FormField';
import { Name } from '../../components/Name';

const FIELDS: SourceField[] = ['publisher_name', 'url', 'description', 'frequency_minutes'];

export function SourceDialog({ editor }: { editor: ActorRefFrom<typeof sourceEditorMachine> }) {
  const open = useSelector(editor, selectIsOpen);
  const saving = useSelector(editor, selectIsSaving);
  const values = useSelector(editor, selectValues);
  const editing = useSelector(editor, selectEditing);
  const formError = useSelector(editor, selectFormError);
  const problems = useSelector(
    editor,
    (s) => Object.fromEntries(FIELDS.map((f) => [f, selectFieldProblem(s, f)])) as Record<SourceField, ReturnType<typeof selectFieldProblem>>,
    (a, b) => FIELDS.every((f) => a[f] === b[f]),
  );
  const edit = (field: SourceField, value: string) => editor.send({ type: 'EDIT', field, value });
  return (
    <ActionDialog
      open={open}
      busy={saving}
      title={<FormattedMessage id={editing ? 'custom_sources.form.edit_title' : 'custom_sources.form.title'} />}
      submitLabel={<FormattedMessage id={editing ? 'custom_sources.form.save' : 'custom_sources.form.submit'} />}
      error={formError ?? undefined}
      onSubmit={() => editor.send({ type: 'SUBMIT' })}
      onClose={() => editor.send({ type: 'CLOSE' })}
      testId="source-form"
    >
      <FormField label={<FormattedMessage id="custom_sources.fields.publisher_name" />} error={problems.publisher_name} required>
        <Input name="publisher_name" autoComplete="off" value={values.publisher_name} maxLength={CUSTOM_SOURCE_LIMITS.publisherName.max + 20} onChange={(e) => edit('publisher_name', e.target.value)} data-autofocus />
      </FormField>
      <FormField label={<FormattedMessage id="custom_sources.fields.url" />} error={problems.url} required helper={<FormattedMessage id="custom_sources.form.url_help" values={{ prefix: <Name dir="ltr">https://</Name> }} />}>
        <Input
          name="url"
          type="url"
          dir="ltr"
          inputMode="url"
          autoComplete="off"
          placeholder="https://news.example.com/feed.xml"
          value={values.url}
          maxLength={LIMITS.customSourceLinkMax + 20}
          onChange={(e) => edit('url', e.target.value)}
        />
      </FormField>
      <FormField label={<FormattedMessage id="custom_sources.fields.description" />} error={problems.description} required>
        <Textarea name="description" rows={3} value={values.description} maxLength={CUSTOM_SOURCE_LIMITS.description.max + 20} onChange={(e) => edit('description', e.target.value)} />
      </FormField>
      <FormField
        label={<FormattedMessage id="custom_sources.fields.frequency" />}
        error={problems.frequency_minutes}
        required
        helper={<FormattedMessage id="custom_sources.form.frequency_help" values={{ min: LIMITS.customSourceFrequencyMinutes.min, max: LIMITS.customSourceFrequencyMinutes.max }} />}
      >
        <Input
          name="frequency_minutes"
          inputMode="numeric"
          w="32"
          value={values.frequency_minutes}
          maxLength={6}
          onChange={(e) => edit('frequency_minutes', e.target.value)}
        />
      </FormField>
    </ActionDialog>
  );
}
