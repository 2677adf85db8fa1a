/**
 * One list record (/aml-custom-list/:listId/:recordId): its fields (full name, other names, birth or
 * incorporation date, country, category, entity type, list name, created by and when, last change,
 * deletion), the record's actions (edit, delete with a reason) with their permissions, and its comments.
 * A deleted record, or a record of a deleted list, is read-only.
 */
import { Alert, Badge, Button, DataList, Grid, HStack, Link as ChakraLink, Skeleton, Stack, Text, Wrap } from '@chakra-ui/react';
import { useState, type ReactNode } from 'react';
import { LuPencil, LuTrash2 } from 'react-icons/lu';
import { FormattedDate, FormattedMessage, useIntl } from 'react-intl';
import { Link, useParams } from 'wouter';
import type { ListRecordView, UserRef } from '@common/custom-lists';
import { selectPermissionNames, selectSession, selectUser } from '@machines/session/session.selectors';
import { DeleteWithReasonDialog } from '../../components/DeleteWithReasonDialog';
import { Name } from '../../components/Name';
import { PageHeader } from '../../components/PageHeader';
import { ServerError } from '../../components/ServerError';
import { TitledCard } from '../../components/TitledCard';
import { useDialog } from '../../components/useDialog';
import { useSession } from '../../app/useSession';
import { messageText } from '../../lib/i18n';
import { notify } from '../../lib/toaster';
import { useResource } from '../../lib/useResource';
import { valueLabel } from '../../lib/valueLabels';
import { listApi, type Answer } from './api';
import { ListBreadcrumbs } from './ListBreadcrumbs';
import { ListTypeBadge, countryLabel, recordDate } from './labels';
import { RecordComments } from './RecordComments';
import { RecordFormDialog } from './RecordFormDialog';

function When({ at, by }: { at: string; by: UserRef | null }) {
  return (
    <span>
      <FormattedMessage id="custom_lists.record.by" values={{ date: <FormattedDate value={at} dateStyle="medium" timeStyle="short" />, name: <Name>{by?.name ?? '—'}</Name> }} />
    </span>
  );
}

function Fact({ label, children, testId }: { label: ReactNode; children: ReactNode; testId: string }) {
  return (
    <DataList.Item>
      <DataList.ItemLabel flexShrink={0} w="48">
        {label}
      </DataList.ItemLabel>
      <DataList.ItemValue data-testid={testId}>{children}</DataList.ItemValue>
    </DataList.Item>
  );
}

export default function ListRecordPage() {
  const intl = useIntl();
  const { listId, recordId } = useParams<{ listId: string; recordId: string }>();
  const permissions = useSession(selectPermissionNames);
  const user = useSession(selectUser);
  const isAdmin = useSession((s) => selectSession(s)?.role.is_admin ?? false);
  const answer = useResource<ListRecordView>('/custom-listing-entry', { id: recordId });
  const [editing, setEditing] = useState(false);
  const remove = useDialog<ListRecordView, Answer>(
    (target, values) => listApi.deleteRecord(target._id, String(values.reason)),
    (done) => {
      notify.success(messageText(done.code, done.message ?? ''));
      answer.reload();
    },
  );

  const record = answer.data;
  // A record is shown under its own list only: another list's address answers as an unknown record.
  const misplaced = record !== null && record.list._id !== listId;
  if ((answer.error && !record) || misplaced) {
    return (
      <Stack gap="4">
        <ListBreadcrumbs />
        <ServerError message={misplaced ? messageText('not_found', 'Not found.') : answer.error!.message} code={misplaced ? 'not_found' : answer.error!.code} />
      </Stack>
    );
  }
  if (!record) return <Skeleton height="64" />;

  const writable = !record.is_deleted && !record.list.is_deleted;
  const canEdit = writable && permissions.includes('create_custom_listing');
  const canDelete = writable && permissions.includes('delete_custom_listing_entry');
  const date = recordDate(intl, record);

  return (
    <Stack gap="0">
      <ListBreadcrumbs list={{ _id: record.list._id, name: record.list.name }} record={record.full_name} />
      <PageHeader
        title={<Name>{record.full_name}</Name>}
        description={
          <HStack as="span" gap="2" wrap="wrap">
            <span>
              <FormattedMessage id="custom_lists.record.subtitle" values={{ list: <Name>{record.list.name}</Name> }} />
            </span>
            <ListTypeBadge type={record.list.type} />
          </HStack>
        }
        actions={
          (canEdit || canDelete) && (
            <>
              {canEdit && (
                <Button variant="outline" onClick={() => setEditing(true)} data-testid="edit-record">
                  <LuPencil /> <FormattedMessage id="custom_lists.row.edit" />
                </Button>
              )}
              {canDelete && (
                <Button variant="outline" colorPalette="red" onClick={() => remove.show(record)} data-testid="delete-record">
                  <LuTrash2 /> <FormattedMessage id="custom_lists.row.delete_record" />
                </Button>
              )}
            </>
          )
        }
      />
      <Stack gap="4">
        {record.is_deleted && (
          <Alert.Root status="warning" data-testid="record-deleted">
            <Alert.Indicator />
            <Alert.Description>
              <FormattedMessage
                id="custom_lists.record.deleted"
                values={{
                  name: <Name>{record.deleted_by?.name ?? '—'}</Name>,
                  date: record.deleted_at ? <FormattedDate value={record.deleted_at} dateStyle="medium" timeStyle="short" /> : '—',
                  reason: <Name>{record.delete_reason ?? ''}</Name>,
                }}
              />
            </Alert.Description>
          </Alert.Root>
        )}
        {!record.is_deleted && record.list.is_deleted && (
          <Alert.Root status="warning" data-testid="record-list-deleted">
            <Alert.Indicator />
            <Alert.Description>
              <FormattedMessage id="custom_lists.record.list_deleted" />
            </Alert.Description>
          </Alert.Root>
        )}
        <Grid templateColumns={{ base: '1fr', xl: 'minmax(0, 1fr) minmax(0, 1fr)' }} gap="6" alignItems="start">
          <TitledCard title={<FormattedMessage id="custom_lists.record.details" />} data-testid="record-details">
            <DataList.Root orientation="horizontal" size="md">
              <Fact label={<FormattedMessage id="custom_lists.fields.full_name" />} testId="fact-full-name">
                <Name>{record.full_name}</Name>
              </Fact>
              <Fact label={<FormattedMessage id="custom_lists.fields.aliases" />} testId="fact-aliases">
                {record.aliases.length ? (
                  <Wrap gap="1">
                    {record.aliases.map((a) => (
                      <Badge key={a} variant="outline" size="sm">
                        <Name>{a}</Name>
                      </Badge>
                    ))}
                  </Wrap>
                ) : (
                  '—'
                )}
              </Fact>
              <Fact label={<FormattedMessage id="custom_lists.fields.date_of_birth" />} testId="fact-date">
                {date || '—'}
              </Fact>
              <Fact label={<FormattedMessage id="custom_lists.fields.country" />} testId="fact-country">
                {countryLabel(record.country, intl.locale) || '—'}
              </Fact>
              <Fact label={<FormattedMessage id="custom_lists.fields.category" />} testId="fact-category">
                {record.category ? <Name>{record.category}</Name> : '—'}
              </Fact>
              <Fact label={<FormattedMessage id="custom_lists.fields.entity_type" />} testId="fact-entity-type">
                {valueLabel(intl, 'entity_type', record.entity_type)}
              </Fact>
              <Fact label={<FormattedMessage id="custom_lists.fields.list_name" />} testId="fact-list">
                <ChakraLink asChild color="brand.fg">
                  <Link href={`/aml-custom-list/${record.list._id}`}>
                    <Name>{record.list.name}</Name>
                  </Link>
                </ChakraLink>
              </Fact>
              <Fact label={<FormattedMessage id="custom_lists.fields.created" />} testId="fact-created">
                <When at={record.created_at} by={record.created_by} />
              </Fact>
              {record.updated_at !== record.created_at && (
                <Fact label={<FormattedMessage id="custom_lists.fields.updated" />} testId="fact-updated">
                  <When at={record.updated_at} by={record.updated_by} />
                </Fact>
              )}
            </DataList.Root>
            <Text fontSize="xs" color="fg.muted" mt="4">
              <FormattedMessage id={record.list.type === 'blacklist' ? 'custom_lists.record.blacklist_note' : 'custom_lists.record.whitelist_note'} />
            </Text>
          </TitledCard>
          <RecordComments recordId={record._id} userId={user?._id ?? ''} isAdmin={isAdmin} permissions={permissions} writable={writable} onChanged={answer.reload} />
        </Grid>
      </Stack>

      {editing && <RecordFormDialog listId={record.list._id} record={record} onClose={() => setEditing(false)} onSaved={() => answer.reload()} />}
      <DeleteWithReasonDialog dialog={remove} testId="delete-record-dialog" title={<FormattedMessage id="custom_lists.delete_record.title" values={{ name: <Name>{record.full_name}</Name> }} />}>
        <Text fontSize="sm" color="fg.muted">
          <FormattedMessage id="custom_lists.delete_record.body" />
        </Text>
      </DeleteWithReasonDialog>
    </Stack>
  );
}
