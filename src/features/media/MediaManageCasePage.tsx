/**
 * Media Manage Case (/media-manage-case, view_adverse_media + media_watcher): the organisation's media cases
 * in a server-paged table (unread ones bold, with a dot), filtered by text, case status, risk level, read or
 * unread, category, creation date (the date presets and a custom range) and deleted cases, all kept in the
 * address. Each row opens its case; its menu marks it read or unread, downloads its PDF report and deletes it
 * with a reason; ticked rows are marked or deleted together; the filtered cases export to CSV or Excel.
 */
import { Badge, Button, Card, chakra, Flex, Grid, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { useTable, type RowSelectionState } from '@tanstack/react-table';
import { useMemo, type FormEvent } from 'react';
import { LuMail, LuMailOpen, LuNewspaper, LuSearch, LuTrash2 } from 'react-icons/lu';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useLocation } from 'wouter';
import { ADVERSE_CATEGORIES } from '@common/media';
import { MEDIA_PAGE_SIZES, READ_FILTERS, type MediaCaseFilters } from '@machines/media/media-cases-query';
import { MEDIA_CASE_STATUSES, MEDIA_RISK_LEVELS, type MediaCaseView } from '@machines/media/views';
import { selectPermissionNames } from '@machines/session/session.selectors';
import { useSession } from '../../app/useSession';
import { ActorStamp } from '../../components/ActorStamp';
import { DeleteWithReasonDialog } from '../../components/DeleteWithReasonDialog';
import { DateRangeFields } from '../../components/DateRangeFields';
import { EmptyMessage } from '../../components/EmptyMessage';
import { DatePresetField, SelectionBar, ShowDeletedSwitch } from '../../components/ListFilterFields';
import { FormField } from '../../components/FormField';
import { CategoryBadge } from '../../components/media/MediaBadges';
import { Name } from '../../components/Name';
import { PageHeader } from '../../components/PageHeader';
import { SelectField } from '../../components/Select';
import { ServerError } from '../../components/ServerError';
import { DataTable } from '../../components/table/DataTable';
import { ExportMenu } from '../../components/table/ExportMenu';
import { PagedFooter } from '../../components/table/PagedFooter';
import { RowCheckbox, SelectAllCheckbox } from '../../components/table/SelectionCheckboxes';
import { appTableFeatures, columnsFor } from '../../components/table/features';
import { RowMenu, type RowMenuItem } from '../../components/table/RowMenu';
import { useDialog } from '../../components/useDialog';
import { messageText } from '../../lib/i18n';
import { categoryLabel } from '../../lib/media';
import { notify } from '../../lib/toaster';
import { valueOptions } from '../../lib/valueLabels';
import { mediaApi } from './api';
import { MediaCaseStatusBadge, MediaRiskBadge, QueryChips } from './labels';
import { useMediaCaseList } from './useMediaCaseList';

const column = columnsFor<MediaCaseView>();

export default function MediaManageCasePage() {
  const intl = useIntl();
  const [, navigate] = useLocation();
  const permissions = useSession(selectPermissionNames);
  const canCreate = permissions.includes('create_adverse_media');
  const list = useMediaCaseList();
  const { draft, rangeError } = list;
  const selection: RowSelectionState = list.selection;

  const edit = (filters: Partial<MediaCaseFilters>) => list.send({ type: 'EDIT', filters });
  const type = (filters: Partial<MediaCaseFilters>) => list.send({ type: 'DRAFT', filters });
  const mark = (references: string[], isRead: boolean) => list.send({ type: 'MARK', references, is_read: isRead });
  const report = (reference: string) => mediaApi.report(reference).catch((f) => notify.error(messageText(f.code, f.message)));

  const remove = useDialog<string[], { code?: string; message?: string; values?: Record<string, string | number> }>(
    (references, values) => mediaApi.remove(references, String(values.reason ?? '')),
    (answer, references) => {
      notify.success(messageText(answer.code, answer.message ?? '', answer.values ?? { count: references.length }));
      list.acted();
    },
  );

  const columns = useMemo(
    () =>
      column.columns([
        column.display({
          id: 'select',
          header: ({ table }) => <SelectAllCheckbox table={table} label={intl.formatMessage({ id: 'media.manage.select_all' })} />,
          cell: ({ row }) => <RowCheckbox row={row} label={intl.formatMessage({ id: 'media.manage.select_row' }, { reference: row.original.reference })} />,
        }),
        column.accessor('reference', {
          header: () => <FormattedMessage id="media.fields.reference" />,
          cell: ({ row }) => (
            <HStack gap="1.5" data-testid="media-case-reference" data-read={row.original.is_read ? 'read' : 'unread'}>
              <chakra.span
                w="2"
                h="2"
                rounded="full"
                flexShrink={0}
                bg={row.original.is_read ? 'transparent' : 'brand.solid'}
                aria-label={row.original.is_read ? undefined : intl.formatMessage({ id: 'media.manage.unread' })}
                role={row.original.is_read ? undefined : 'img'}
              />
              <Text fontFamily="mono" fontSize="sm" color="brand.fg" whiteSpace="nowrap" fontWeight={row.original.is_read ? 'normal' : 'bold'}>
                {row.original.reference}
              </Text>
            </HStack>
          ),
        }),
        column.accessor('name', {
          header: () => <FormattedMessage id="media.fields.name_keywords" />,
          // The keywords under the name: the table keeps its row menu in view on a laptop screen.
          cell: ({ row }) => (
            <Stack gap="1.5" minW="40" maxW="64">
              <Text fontWeight={row.original.is_read ? 'medium' : 'bold'} data-testid="media-case-name">
                <Name>{row.original.name}</Name>
              </Text>
              <QueryChips query={row.original.query} compact />
            </Stack>
          ),
        }),
        column.accessor('article_count', {
          header: () => <FormattedMessage id="media.fields.articles" />,
          meta: { align: 'end' },
          cell: ({ row }) => (
            <Stack gap="0" align="flex-end" fontSize="sm" whiteSpace="nowrap">
              <Text>{intl.formatNumber(row.original.article_count)}</Text>
              <Text fontSize="xs" color={row.original.adverse_count ? 'fg.error' : 'fg.muted'}>
                <FormattedMessage id="media.manage.adverse_count" values={{ count: row.original.adverse_count }} />
              </Text>
            </Stack>
          ),
        }),
        column.display({
          id: 'categories',
          header: () => <FormattedMessage id="media.fields.categories" />,
          cell: ({ row }) => {
            const categories = row.original.categories;
            if (!categories.length) return <Text color="fg.muted">—</Text>;
            return (
              <HStack gap="1" wrap="wrap" maxW="52">
                {categories.slice(0, 2).map((c) => (
                  <CategoryBadge key={c} category={c} />
                ))}
                {categories.length > 2 && (
                  <Badge size="sm" variant="outline" title={categories.slice(2).map((c) => categoryLabel(intl, c)).join(', ')}>
                    +{categories.length - 2}
                  </Badge>
                )}
              </HStack>
            );
          },
        }),
        column.accessor('case_status', {
          header: () => <FormattedMessage id="media.fields.status_risk" />,
          cell: ({ row }) => (
            <Stack gap="1" align="start">
              <MediaCaseStatusBadge value={row.original.case_status} />
              <MediaRiskBadge value={row.original.risk_level} />
            </Stack>
          ),
        }),
        column.accessor('created_at', {
          header: () => <FormattedMessage id="media.fields.created" />,
          // Who and when in one column, as other lists show it, so the row menu stays in view.
          cell: ({ row }) => (
            <ActorStamp by={row.original.created_by ? { _id: row.original.created_by.id, name: row.original.created_by.name } : null} at={row.original.created_at} unknown="media.unknown_user" />
          ),
        }),
        column.display({
          id: 'actions',
          header: () => <FormattedMessage id="admin.columns.actions" />,
          meta: { align: 'end' },
          cell: ({ row }) => {
            const kase = row.original;
            const items = [
              { value: 'open', label: 'media.manage.open', onSelect: () => navigate(`/adverse-media-detail/${encodeURIComponent(kase.reference)}`) },
              !kase.is_deleted && (kase.is_read ? { value: 'unread', label: 'media.manage.mark_unread', onSelect: () => mark([kase.reference], false) } : { value: 'read', label: 'media.manage.mark_read', onSelect: () => mark([kase.reference], true) }),
              { value: 'report', label: 'media.manage.report', onSelect: () => report(kase.reference) },
              canCreate && !kase.is_deleted && { value: 'delete', label: 'media.manage.delete', onSelect: () => remove.show([kase.reference]), danger: true },
            ].filter(Boolean) as RowMenuItem[];
            return <RowMenu label={intl.formatMessage({ id: 'media.manage.menu' }, { reference: kase.reference })} testId={`media-case-actions-${kase.reference}`} itemTestId="media-case-action" items={items} />;
          },
        }),
      ]),
    // The columns close over the permissions and the language.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [canCreate, intl.locale],
  );

  const table = useTable({
    features: appTableFeatures,
    columns,
    data: list.rows,
    getRowId: (c) => c.reference,
    state: { rowSelection: selection },
    onRowSelectionChange: (change) => list.send({ type: 'SELECT', selection: typeof change === 'function' ? change(selection) : change }),
  });
  const selected = Object.keys(selection).filter((k) => selection[k]);
  const deletedView = list.filters.deleted === 'true';
  const filtered = Object.entries(list.filters).some(([k, v]) => (k === 'date_preset' ? v !== 'all_time' : v !== ''));

  const submitSearch = (e: FormEvent) => {
    e.preventDefault();
    list.send({ type: 'APPLY' });
  };
  const exportAs = (format: 'csv' | 'xlsx') => list.send({ type: 'EXPORT', format });

  return (
    <Stack gap="0">
      <PageHeader
        title={<FormattedMessage id="nav.item.media_manage_case" />}
        description={<FormattedMessage id="media.manage.description" />}
        actions={
          <>
            <ExportMenu onExport={exportAs} exporting={list.exporting} labels="media.manage" testId="media-export" />
            {canCreate && (
              <Button colorPalette="brand" asChild>
                <Link href="/media-search">
                  <LuSearch /> <FormattedMessage id="nav.item.media_search" />
                </Link>
              </Button>
            )}
          </>
        }
      />
      <Card.Root>
        <Card.Body gap="4">
          <form onSubmit={submitSearch} noValidate aria-label={intl.formatMessage({ id: 'media.manage.filters' })}>
            <Grid templateColumns={{ base: '1fr', md: 'repeat(2, minmax(0, 1fr))', xl: 'repeat(4, minmax(0, 1fr))' }} gap="3" alignItems="end">
              <FormField label={<FormattedMessage id="media.manage.search" />} labelSize="sm">
                <Input name="search" size="sm" value={draft.search} placeholder={intl.formatMessage({ id: 'media.manage.search_placeholder' })} onChange={(e) => type({ search: e.target.value })} data-testid="media-filter-search" />
              </FormField>
              <SelectField
                label={<FormattedMessage id="media.fields.case_status" />}
                labelSize="sm"
                size="sm"
                name="case_status"
                data-testid="media-filter-status"
                value={draft.case_status}
                onChange={(e) => edit({ case_status: e.target.value })}
                options={[{ value: '', label: intl.formatMessage({ id: 'media.manage.all_statuses' }) }, ...valueOptions(intl, 'case_status', MEDIA_CASE_STATUSES)]}
              />
              <SelectField
                label={<FormattedMessage id="media.fields.risk_level" />}
                labelSize="sm"
                size="sm"
                name="risk_level"
                data-testid="media-filter-risk"
                value={draft.risk_level}
                onChange={(e) => edit({ risk_level: e.target.value })}
                options={[{ value: '', label: intl.formatMessage({ id: 'media.manage.all_risks' }) }, ...valueOptions(intl, 'risk_level', MEDIA_RISK_LEVELS)]}
              />
              <SelectField
                label={<FormattedMessage id="media.manage.read" />}
                labelSize="sm"
                size="sm"
                name="read"
                data-testid="media-filter-read"
                value={draft.read}
                onChange={(e) => edit({ read: e.target.value })}
                options={[{ value: '', label: intl.formatMessage({ id: 'media.manage.read_any' }) }, ...READ_FILTERS.map((r) => ({ value: r, label: intl.formatMessage({ id: `media.manage.read_${r}` }) }))]}
              />
              <SelectField
                label={<FormattedMessage id="media.fields.category" />}
                labelSize="sm"
                size="sm"
                name="category"
                data-testid="media-filter-category"
                value={draft.category}
                onChange={(e) => edit({ category: e.target.value })}
                options={[{ value: '', label: intl.formatMessage({ id: 'media.manage.all_categories' }) }, ...ADVERSE_CATEGORIES.map((c) => ({ value: c, label: categoryLabel(intl, c) }))]}
              />
              <DatePresetField
                label={<FormattedMessage id="media.manage.date" />}
                testId="media-filter-date"
                value={draft.date_preset}
                onApply={(preset) => edit({ date_preset: preset })}
                onCustom={() => type({ date_preset: 'custom' })}
              />
              <Button type="submit" size="sm" colorPalette="brand" justifySelf="start" data-testid="media-apply-filters">
                <FormattedMessage id="media.manage.apply" />
              </Button>
            </Grid>
            {draft.date_preset === 'custom' && (
              <DateRangeFields mt="3" values={draft} error={rangeError} onChange={type} labels="media.manage" testId="media-custom-range" />
            )}
          </form>
          <Flex justify="space-between" align="center" gap="3" wrap="wrap">
            <ShowDeletedSwitch
              checked={draft.deleted === 'true'}
              onChange={(checked) => edit({ deleted: checked ? 'true' : '' })}
              label={<FormattedMessage id="media.manage.show_deleted" />}
              testId="media-filter-deleted"
            />
            {selected.length > 0 && !deletedView && (
              <SelectionBar count={selected.length} label="media.manage.selected" testId="media-bulk-bar" wrap="wrap">
                <Button size="xs" variant="outline" loading={list.marking} onClick={() => mark(selected, true)} data-testid="bulk-read">
                  <LuMailOpen /> <FormattedMessage id="media.manage.mark_read" />
                </Button>
                <Button size="xs" variant="outline" loading={list.marking} onClick={() => mark(selected, false)} data-testid="bulk-unread">
                  <LuMail /> <FormattedMessage id="media.manage.mark_unread" />
                </Button>
                {canCreate && (
                  <Button size="xs" variant="outline" colorPalette="red" onClick={() => remove.show(selected)} data-testid="bulk-delete">
                    <LuTrash2 /> <FormattedMessage id="media.manage.delete" />
                  </Button>
                )}
              </SelectionBar>
            )}
          </Flex>
          {list.failed && <ServerError message={list.error?.message ?? null} code={list.error?.code} />}
          <DataTable
            table={table}
            loading={list.loading}
            loaded={list.loaded}
            label={intl.formatMessage({ id: 'nav.item.media_manage_case' })}
            testId="media-cases-table"
            onRowClick={(c) => navigate(`/adverse-media-detail/${encodeURIComponent(c.reference)}`)}
            empty={
              <EmptyMessage
                testId="media-cases-empty"
                icon={<LuNewspaper />}
                title={<FormattedMessage id={filtered ? 'media.manage.empty_filtered_title' : 'media.manage.empty_title'} />}
                description={<FormattedMessage id={filtered ? 'media.manage.empty_filtered_body' : 'media.manage.empty_body'} />}
                action={
                  !filtered && canCreate ? (
                    <Button size="sm" colorPalette="brand" asChild>
                      <Link href="/media-search">
                        <LuSearch /> <FormattedMessage id="nav.item.media_search" />
                      </Link>
                    </Button>
                  ) : undefined
                }
              />
            }
          />
          <PagedFooter
            page={list.page}
            pageSize={list.pageSize}
            total={list.total}
            sizes={MEDIA_PAGE_SIZES}
            onPage={(page) => list.send({ type: 'PAGE', page })}
            onPageSize={(pageSize) => list.send({ type: 'PAGE_SIZE', pageSize })}
            sizeLabel="media.manage.page_size"
          />
          {deletedView && (
            <Badge colorPalette="red" variant="subtle" w="fit-content">
              <FormattedMessage id="media.manage.deleted_note" />
            </Badge>
          )}
        </Card.Body>
      </Card.Root>

      <DeleteWithReasonDialog dialog={remove} testId="media-delete-dialog" title={<FormattedMessage id="media.manage.delete_title" values={{ count: remove.target?.length ?? 0 }} />}>
        <Text fontSize="sm" color="fg.muted">
          <FormattedMessage id="media.manage.delete_body" />
        </Text>
      </DeleteWithReasonDialog>
    </Stack>
  );
}
