/**
 * /search-profile (view_search_profile, not on the basic plan): the organisation's search profiles
 * with their databases, sources, default countries and publisher search, who made each and when; a
 * search by title and the page live in the address. Create, edit (the profile dialog, run by
 * machines/search-profiles/profile-editor) and delete after a confirmation, each with its permission.
 */
import { Badge, Button, Card, Stack, Text, Wrap } from '@chakra-ui/react';
import { useActorRef } from '@xstate/react';
import { useTable } from '@tanstack/react-table';
import { useEffect, useMemo } from 'react';
import { LuPlus, LuSlidersHorizontal } from 'react-icons/lu';
import { FormattedMessage, useIntl } from 'react-intl';
import { fromPromise } from 'xstate';
import type { SearchProfileView } from '@common/search-profiles';
import { profileEditorMachine } from '@machines/search-profiles/profile-editor.machine';
import { listQuery, TITLE_LIST_PAGE_SIZE } from '@machines/shared/title-search';
import { selectPermissionNames } from '@machines/session/session.selectors';
import { ActorStamp } from '../../components/ActorStamp';
import { ActionDialog } from '../../components/ActionDialog';
import { EmptyMessage } from '../../components/EmptyMessage';
import { Name } from '../../components/Name';
import { PageHeader } from '../../components/PageHeader';
import { TitleSearchForm, useTitleListAddress } from '../../components/TitleSearch';
import { ServerError } from '../../components/ServerError';
import { DataTable } from '../../components/table/DataTable';
import { appTableFeatures, columnsFor } from '../../components/table/features';
import { Pager } from '../../components/table/Pager';
import { RowMenu, type RowMenuItem } from '../../components/table/RowMenu';
import { useDialog } from '../../components/useDialog';
import { useSession } from '../../app/useSession';
import { inspect } from '../../lib/inspector';
import { countryName } from '../../lib/countries';
import { messageText } from '../../lib/i18n';
import { notify } from '../../lib/toaster';
import { useResource } from '../../lib/useResource';
import { valueLabel } from '../../lib/valueLabels';
import { deleteProfile, loadSources, saveProfile, type ProfileAnswer, type ProfilePage } from './api';
import { ProfileDialog } from './ProfileDialog';

const column = columnsFor<SearchProfileView>();
/** Sources named in a row before "and N more". */
const SHOWN_SOURCES = 3;

const editorMachine = profileEditorMachine.provide({
  actors: {
    loadSources: fromPromise(() => loadSources()),
    save: fromPromise(({ input }) => saveProfile(input)),
  },
});

const announce = (answer: ProfileAnswer) => notify.success(messageText(answer.code, answer.message ?? '', answer.values));

/**
 * A refusal whose message names a value (the batch still screening with the profile) is shown in the
 * user's language with that value: the confirmation dialog shows a failure's text as it is given.
 */
function translated(error: unknown): never {
  const failure = error as { message?: string; code?: string; status?: number | null; data?: { values?: Record<string, string | number> } };
  if (failure?.data?.values && failure.code) throw Object.assign(new Error(messageText(failure.code, failure.message ?? '', failure.data.values)), { status: failure.status ?? null });
  throw error;
}

function SourcesCell({ profile }: { profile: SearchProfileView }) {
  const intl = useIntl();
  if (!profile.sources.length) {
    return (
      <Text fontSize="sm" color="fg.muted">
        <FormattedMessage id="search_profiles.all_sources" />
      </Text>
    );
  }
  const shown = profile.source_details.slice(0, SHOWN_SOURCES);
  const more = profile.source_details.length - shown.length;
  return (
    <Stack gap="0.5" fontSize="sm" maxW="64">
      {shown.map((s) => (
        <Text key={s.id} truncate color={s.available ? undefined : 'fg.muted'} textDecoration={s.available ? undefined : 'line-through'} title={s.available ? undefined : intl.formatMessage({ id: 'search_profiles.unavailable' })}>
          <Name>{s.name ?? s.id}</Name>
        </Text>
      ))}
      {more > 0 && (
        <Text color="fg.muted" fontSize="xs">
          <FormattedMessage id="search_profiles.more_sources" values={{ count: more }} />
        </Text>
      )}
    </Stack>
  );
}

export default function SearchProfilesPage() {
  const intl = useIntl();
  const permissions = useSession(selectPermissionNames);
  const can = (p: string) => permissions.includes(p);
  const { view, go } = useTitleListAddress('/search-profile');
  const list = useResource<ProfilePage>('/search-profile', listQuery(view));
  const countries = useResource<{ data: { code: string }[] }>('/countries');
  const countryCodes = useMemo(() => countries.data?.data.map((c) => c.code) ?? [], [countries.data]);
  const editorRef = useActorRef(editorMachine, { inspect });
  const reload = list.reload;

  useEffect(() => {
    const subscription = editorRef.on('saved', (event) => {
      announce(event.answer as ProfileAnswer);
      reload();
    });
    return () => subscription.unsubscribe();
  }, [editorRef, reload]);

  const remove = useDialog<SearchProfileView, ProfileAnswer>(
    (profile) => deleteProfile(profile._id).catch(translated),
    (answer) => {
      announce(answer);
      reload();
    },
  );

  const columns = useMemo(
    () =>
      column.columns([
        column.accessor('title', {
          header: () => <FormattedMessage id="search_profiles.columns.title" />,
          cell: ({ row }) => (
            <Text fontWeight="medium" whiteSpace="nowrap" data-testid="profile-title">
              <Name>{row.original.title}</Name>
            </Text>
          ),
        }),
        column.accessor('databases', {
          header: () => <FormattedMessage id="search_profiles.columns.databases" />,
          cell: ({ row }) => (
            <Wrap gap="1" maxW="64">
              {row.original.databases.map((d) => (
                <Badge key={d} size="sm" variant="subtle" colorPalette="brand">
                  {valueLabel(intl, 'database', d)}
                </Badge>
              ))}
            </Wrap>
          ),
        }),
        column.display({
          id: 'sources',
          header: () => <FormattedMessage id="search_profiles.columns.sources" />,
          cell: ({ row }) => <SourcesCell profile={row.original} />,
        }),
        column.accessor('countries', {
          header: () => <FormattedMessage id="search_profiles.columns.countries" />,
          cell: ({ row }) =>
            row.original.countries.length ? (
              <Text fontSize="sm" maxW="48">
                {intl.formatList(row.original.countries.map((c) => countryName(c, intl.locale)))}
              </Text>
            ) : (
              <Text fontSize="sm" color="fg.muted">
                <FormattedMessage id="search_profiles.no_countries" />
              </Text>
            ),
        }),
        column.accessor('publisher_search', {
          header: () => <FormattedMessage id="search_profiles.columns.publisher_search" />,
          cell: ({ row }) => (
            <Badge size="sm" colorPalette={row.original.publisher_search ? 'green' : 'gray'} variant="subtle">
              <FormattedMessage id={row.original.publisher_search ? 'search_profiles.on' : 'search_profiles.off'} />
            </Badge>
          ),
        }),
        column.accessor('created_at', {
          header: () => <FormattedMessage id="search_profiles.columns.created" />,
          cell: ({ row }) => <ActorStamp by={row.original.created_by} at={row.original.created_at} unknown="search_profiles.unknown_user" />,
        }),
        column.display({
          id: 'actions',
          header: () => <FormattedMessage id="admin.columns.actions" />,
          meta: { align: 'end' },
          cell: ({ row }) => {
            const profile = row.original;
            const items = [
              can('update_search_profile') && { value: 'edit', label: 'admin.actions.edit', onSelect: () => editorRef.send({ type: 'OPEN', profile }) },
              can('delete_search_profile') && { value: 'delete', label: 'admin.actions.delete', onSelect: () => remove.show(profile), danger: true },
            ].filter(Boolean) as RowMenuItem[];
            if (!items.length) return null;
            return <RowMenu label={intl.formatMessage({ id: 'search_profiles.actions.menu' }, { title: profile.title })} testId={`profile-actions-${profile.title}`} itemTestId="profile-action" items={items} />;
          },
        }),
      ]),
    // The columns close over the permissions and the language; rebuild them only when those change.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [permissions.join(','), intl],
  );

  const rows = list.data?.data ?? [];
  const table = useTable({ features: appTableFeatures, columns, data: rows, getRowId: (p) => p._id });
  const searching = view.search !== '';
  const pending = remove.target;

  return (
    <Stack gap="0">
      <PageHeader
        title={<FormattedMessage id="nav.item.search_profile" />}
        description={<FormattedMessage id="search_profiles.description" />}
        actions={
          can('create_search_profile') && (
            <Button colorPalette="brand" onClick={() => editorRef.send({ type: 'CREATE' })} data-testid="create-profile">
              <LuPlus /> <FormattedMessage id="search_profiles.actions.create" />
            </Button>
          )
        }
      />
      <Card.Root>
        <Card.Body gap="5">
          <TitleSearchForm
            view={view}
            go={go}
            name="search"
            label={intl.formatMessage({ id: 'search_profiles.search.label' })}
            placeholder={intl.formatMessage({ id: 'search_profiles.search.placeholder' })}
            testId="profile-search"
          />
          {list.error && <ServerError message={list.error.message} code={list.error.code} />}
          <DataTable
            table={table}
            loading={list.loading}
            loaded={list.data !== null}
            label={intl.formatMessage({ id: 'nav.item.search_profile' })}
            testId="profiles-table"
            empty={
              <EmptyMessage
                testId="profiles-empty"
                icon={<LuSlidersHorizontal />}
                title={<FormattedMessage id={searching ? 'search_profiles.empty.filtered_title' : 'search_profiles.empty.title'} />}
                description={searching ? <FormattedMessage id="search_profiles.empty.filtered" values={{ search: <Name>{view.search}</Name> }} /> : <FormattedMessage id="search_profiles.empty.none" />}
                action={
                  searching ? (
                    <Button size="sm" variant="outline" onClick={() => go({ search: '', page: 1 })}>
                      <FormattedMessage id="admin.actions.clear_search" />
                    </Button>
                  ) : can('create_search_profile') ? (
                    <Button size="sm" colorPalette="brand" onClick={() => editorRef.send({ type: 'CREATE' })}>
                      <LuPlus /> <FormattedMessage id="search_profiles.actions.create" />
                    </Button>
                  ) : undefined
                }
              />
            }
          />
          <Pager page={view.page} pageSize={TITLE_LIST_PAGE_SIZE} total={list.data?.total ?? 0} onPage={(page) => go({ ...view, page })} />
        </Card.Body>
      </Card.Root>

      <ProfileDialog editor={editorRef} countryCodes={countryCodes} />

      <ActionDialog
        open={remove.open}
        busy={remove.busy}
        tone="danger"
        size="sm"
        title={pending && <FormattedMessage id="search_profiles.confirm.delete_title" values={{ title: <Name>{pending.title}</Name> }} />}
        submitLabel={<FormattedMessage id="search_profiles.confirm.delete_submit" />}
        error={remove.error}
        onSubmit={() => remove.submit()}
        onClose={remove.close}
        testId="profile-delete"
      >
        <Text>
          <FormattedMessage id="search_profiles.confirm.delete_body" />
        </Text>
      </ActionDialog>
    </Stack>
  );
}
