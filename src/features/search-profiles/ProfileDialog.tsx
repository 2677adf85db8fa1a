/**
 * The create / edit dialog of a search profile: title, databases, sources, default countries and
 * publisher search. It renders the profile editor statechart (machines/search-profiles) and sends it
 * the user's edits; the checks, the sources' loading and the save are the machine's.
 */
import { Alert, Button, Checkbox, Fieldset, Input, SimpleGrid, Skeleton, Stack, Switch, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { ActorRefFrom } from 'xstate';
import { DATABASES } from '@common/enums';
import { LIMITS } from '@common/constants';
import type { profileEditorMachine } from '@machines/search-profiles/profile-editor.machine';
import {
  selectCatalogue,
  selectDropped,
  selectFieldProblem,
  selectFormError,
  selectIsLoading,
  selectIsNew,
  selectIsOpen,
  selectIsSaving,
  selectLoadError,
  selectLoadFailed,
  selectValues,
} from '@machines/search-profiles/profile-editor.selectors';
import { ActionDialog } from '../../components/ActionDialog';
import { CountryPicker } from '../../components/CountryPicker';
import { FormField } from '../../components/FormField';
import { Name } from '../../components/Name';
import { ServerError } from '../../components/ServerError';
import { messageById } from '../../lib/i18n';
import { valueLabel } from '../../lib/valueLabels';
import { SourcePicker } from './SourcePicker';

type Editor = ActorRefFrom<typeof profileEditorMachine>;

export function ProfileDialog({ editor, countryCodes }: { editor: Editor; countryCodes: string[] }) {
  const intl = useIntl();
  const open = useSelector(editor, selectIsOpen);
  const loading = useSelector(editor, selectIsLoading);
  const loadFailed = useSelector(editor, selectLoadFailed);
  const loadError = useSelector(editor, selectLoadError);
  const saving = useSelector(editor, selectIsSaving);
  const isNew = useSelector(editor, selectIsNew);
  const values = useSelector(editor, selectValues);
  const catalogue = useSelector(editor, selectCatalogue);
  const dropped = useSelector(editor, selectDropped);
  const formError = useSelector(editor, selectFormError);
  const problems = useSelector(
    editor,
    (s) => ({ title: selectFieldProblem(s, 'title'), databases: selectFieldProblem(s, 'databases'), sources: selectFieldProblem(s, 'sources'), countries: selectFieldProblem(s, 'countries') }),
    (a, b) => JSON.stringify(a) === JSON.stringify(b),
  );
  const send = editor.send;
  const label = (id: string) => intl.formatMessage({ id });

  return (
    <ActionDialog
      open={open}
      busy={saving}
      size="lg"
      title={<FormattedMessage id={isNew ? 'search_profiles.form.create_title' : 'search_profiles.form.edit_title'} />}
      submitLabel={<FormattedMessage id={isNew ? 'search_profiles.form.create_submit' : 'admin.actions.save'} />}
      submitDisabled={loading || loadFailed}
      onSubmit={() => send({ type: 'SUBMIT' })}
      onClose={() => send({ type: 'CLOSE' })}
      testId="profile-form"
    >
      {loading && (
        <Stack gap="3" data-testid="profile-form-loading">
          <Skeleton height="10" />
          <Skeleton height="24" />
          <Skeleton height="10" />
        </Stack>
      )}
      {loadFailed && (
        <Stack gap="3" align="start">
          <ServerError message={loadError?.message ?? null} code={loadError?.code} />
          <Button size="sm" variant="outline" onClick={() => send({ type: 'RETRY' })}>
            <FormattedMessage id="admin.actions.retry" />
          </Button>
        </Stack>
      )}
      {!loading && !loadFailed && (
        <Stack gap="5">
          <FormField label={<FormattedMessage id="search_profiles.fields.title" />} error={problems.title?.code} required helper={<FormattedMessage id="search_profiles.form.title_help" />}>
            <Input name="title" autoComplete="off" value={values.title} maxLength={LIMITS.profileTitle.max + 20} onChange={(e) => send({ type: 'EDIT', field: 'title', value: e.target.value })} data-autofocus />
          </FormField>

          {/* A fieldset, not a Field: inside one Field every checkbox would take the field's id and so its first label. */}
          <Fieldset.Root size="sm" invalid={Boolean(problems.databases)} data-testid="profile-databases">
            <Fieldset.Legend>
              <FormattedMessage id="search_profiles.fields.databases" />
            </Fieldset.Legend>
            <SimpleGrid columns={{ base: 1, md: 2 }} gap="3" w="full">
              {DATABASES.map((db) => (
                <Checkbox.Root key={db} colorPalette="brand" checked={values.databases.includes(db)} disabled={saving} onCheckedChange={() => send({ type: 'TOGGLE_DATABASE', database: db })} data-testid={`database-${db}`}>
                  <Checkbox.HiddenInput />
                  <Checkbox.Control />
                  <Checkbox.Label>{valueLabel(intl, 'database', db)}</Checkbox.Label>
                </Checkbox.Root>
              ))}
            </SimpleGrid>
            {problems.databases ? (
              <Fieldset.ErrorText data-testid="field-error">{messageById(problems.databases.code, problems.databases.values)}</Fieldset.ErrorText>
            ) : (
              values.databases.includes('adverse_media') && (
                <Fieldset.HelperText>
                  <FormattedMessage id="search_profiles.form.adverse_media_note" />
                </Fieldset.HelperText>
              )
            )}
          </Fieldset.Root>

          <SourcePicker
            catalogue={catalogue}
            databases={values.databases}
            mode={values.source_mode}
            selected={values.sources}
            problem={problems.sources}
            disabled={saving}
            onMode={(mode) => send({ type: 'EDIT', field: 'source_mode', value: mode })}
            onToggle={(id) => send({ type: 'TOGGLE_SOURCE', id })}
          />
          {dropped.length > 0 && (
            <Alert.Root status="warning" size="sm" data-testid="dropped-sources">
              <Alert.Indicator />
              <Alert.Description>
                <FormattedMessage
                  id="search_profiles.form.dropped"
                  values={{ count: dropped.length, lists: intl.formatList(dropped.map((d) => <Name key={d.id}>{d.name ?? d.id}</Name>)) }}
                />
              </Alert.Description>
            </Alert.Root>
          )}

          <FormField label={<FormattedMessage id="search_profiles.fields.countries" />} error={problems.countries?.code} helper={<FormattedMessage id="search_profiles.form.countries_help" />}>
            <CountryPicker
              name="countries"
              label={label('search_profiles.fields.countries')}
              codes={countryCodes}
              value={values.countries}
              onChange={(v) => send({ type: 'EDIT', field: 'countries', value: v })}
              placeholder={label('search_profiles.form.add_country')}
            />
          </FormField>

          <Stack gap="1">
            <Switch.Root colorPalette="brand" checked={values.publisher_search} disabled={saving} onCheckedChange={(d) => send({ type: 'EDIT', field: 'publisher_search', value: d.checked })} justifyContent="space-between" w="full" data-testid="switch-publisher_search">
              <Switch.HiddenInput name="publisher_search" />
              <Switch.Label>
                <FormattedMessage id="search_profiles.fields.publisher_search" />
              </Switch.Label>
              <Switch.Control />
            </Switch.Root>
            <Text fontSize="xs" color="fg.muted">
              <FormattedMessage id="search_profiles.form.publisher_search_help" />
            </Text>
          </Stack>

          <ServerError message={formError?.message ?? null} code={formError?.code} values={formError?.values} />
        </Stack>
      )}
    </ActionDialog>
  );
}
