/**
 * Rules Listing (/rules-listing): the organisation's rules (the shipped default set, each with the typology it
 * catches, and its own) with name, description, score, status, created at and last executed. A rule is switched
 * Enabled or Disabled in place, with section 8's 'Rule is updated Successfully.' and 'Rule is not updated.';
 * "New rule" and "Edit" open the rule builder. The flow is machines/transactions/rules-list.machine.ts.
 */
import { Badge, Button, Card, HStack, Input, Stack, Switch, Text } from '@chakra-ui/react';
import { useActorRef, useSelector } from '@xstate/react';
import { createColumnHelper, useTable } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { LuListChecks, LuPencil, LuPlus } from 'react-icons/lu';
import { FormattedMessage, useIntl } from 'react-intl';
import { fromPromise } from 'xstate';
import { MESSAGES } from '@common/messages';
import { rulesListMachine } from '@machines/transactions/rules-list.machine';
import * as sel from '@machines/transactions/rules-list.selectors';
import type { RuleRow } from '@machines/transactions/views';
import { EmptyMessage } from '../../components/EmptyMessage';
import { Name } from '../../components/Name';
import { PageHeader } from '../../components/PageHeader';
import { ServerError } from '../../components/ServerError';
import { DataTable } from '../../components/table/DataTable';
import { appTableFeatures, type AppTableFeatures } from '../../components/table/features';
import { inspect } from '../../lib/inspector';
import { messageText } from '../../lib/i18n';
import { notify } from '../../lib/toaster';
import { tmApi } from './api';
import { describeExpr } from './describe';
import { Score, When } from './labels';
import { RuleBuilder } from './RuleBuilder';

const column = createColumnHelper<AppTableFeatures, RuleRow>();

export default function RulesListingPage() {
  const intl = useIntl();
  const [machine] = useState(() =>
    rulesListMachine.provide({
      actors: {
        load: fromPromise(() => tmApi.rules()),
        setStatus: fromPromise(({ input }) => tmApi.setRuleStatus(input.id, input.status)),
      },
      actions: {
        // Section 8's own words, whatever the API adds.
        notifyUpdated: () => notify.success(messageText('rule_updated', MESSAGES.rule_updated)),
        notifyNotUpdated: () => notify.error(messageText('rule_not_updated', MESSAGES.rule_not_updated)),
      },
    }),
  );
  const actor = useActorRef(machine, { inspect });
  const rules = useSelector(actor, sel.selectRules);
  const loaded = useSelector(actor, sel.selectLoaded);
  const busy = useSelector(actor, sel.selectBusy);
  const failed = useSelector(actor, sel.selectFailed);
  const switching = useSelector(actor, sel.selectSwitching);
  const [editing, setEditing] = useState<RuleRow | 'new' | null>(null);
  const [search, setSearch] = useState('');

  const shown = useMemo(() => {
    const q = search.trim().toLowerCase();
    return q ? rules.filter((r) => r.name.toLowerCase().includes(q) || r.description.toLowerCase().includes(q) || (r.typology ?? '').toLowerCase().includes(q)) : rules;
  }, [rules, search]);

  const columns = useMemo(
    () =>
      column.columns([
        column.accessor('name', {
          header: () => <FormattedMessage id="transactions.rules.name" />,
          cell: ({ row }) => (
            <Stack gap="1" minW="48" maxW="72">
              <HStack gap="2" wrap="wrap">
                <Text fontWeight="medium" data-testid="rule-name">
                  <Name>{row.original.name}</Name>
                </Text>
                {row.original.is_default && (
                  <Badge size="sm" variant="outline" colorPalette="brand">
                    <FormattedMessage id="transactions.rules.default" />
                  </Badge>
                )}
              </HStack>
              {row.original.typology && (
                <Text fontSize="xs" color="fg.muted">
                  <Name>{row.original.typology}</Name>
                </Text>
              )}
            </Stack>
          ),
        }),
        column.accessor('description', {
          header: () => <FormattedMessage id="transactions.rules.description" />,
          cell: ({ row }) => (
            <Stack gap="1" maxW="md">
              {row.original.description && (
                <Text fontSize="sm">
                  <Name>{row.original.description}</Name>
                </Text>
              )}
              <Text fontSize="xs" color="fg.muted" lineClamp={2} data-testid="rule-summary">
                {describeExpr(intl, row.original.definition.when)}
              </Text>
            </Stack>
          ),
        }),
        column.accessor('score', {
          header: () => <FormattedMessage id="transactions.rules.score" />,
          meta: { align: 'end' },
          cell: ({ row }) => <Score value={row.original.score} />,
        }),
        column.accessor('status', {
          header: () => <FormattedMessage id="transactions.rules.status" />,
          cell: ({ row }) => {
            const rule = row.original;
            const mine = switching?.id === rule.id;
            const enabled = rule.status === 'Enabled';
            return (
              <Switch.Root
                size="sm"
                colorPalette="green"
                checked={mine ? switching.status === 'Enabled' : enabled}
                disabled={switching !== null}
                onCheckedChange={(d) => actor.send({ type: 'SET_STATUS', id: rule.id, status: d.checked ? 'Enabled' : 'Disabled' })}
                data-testid="rule-status"
                data-status={rule.status}
              >
                <Switch.HiddenInput aria-label={intl.formatMessage({ id: 'transactions.rules.switch' }, { name: rule.name })} />
                <Switch.Control />
                <Switch.Label fontSize="sm" whiteSpace="nowrap">
                  <FormattedMessage id={`transactions.rules.status_${enabled ? 'enabled' : 'disabled'}`} />
                </Switch.Label>
              </Switch.Root>
            );
          },
        }),
        column.accessor('created_at', {
          header: () => <FormattedMessage id="transactions.rules.created_at" />,
          cell: ({ row }) => (
            <Stack gap="0" fontSize="sm">
              <When at={row.original.created_at} />
              <Text fontSize="xs" color="fg.muted">
                <FormattedMessage id="transactions.rules.version" values={{ version: row.original.version }} />
              </Text>
            </Stack>
          ),
        }),
        column.accessor('last_executed_at', {
          header: () => <FormattedMessage id="transactions.rules.last_executed" />,
          cell: ({ row }) =>
            row.original.last_executed_at ? (
              <When at={row.original.last_executed_at} />
            ) : (
              <Text fontSize="sm" color="fg.muted">
                <FormattedMessage id="transactions.rules.never" />
              </Text>
            ),
        }),
        column.display({
          id: 'actions',
          header: () => <FormattedMessage id="admin.columns.actions" />,
          meta: { align: 'end' },
          cell: ({ row }) => (
            <Button size="xs" variant="outline" onClick={() => setEditing(row.original)} aria-label={intl.formatMessage({ id: 'transactions.rules.edit_named' }, { name: row.original.name })} data-testid="rule-edit">
              <LuPencil /> <FormattedMessage id="transactions.rules.edit" />
            </Button>
          ),
        }),
      ]),
    // The status column reads the switch on its way; the columns follow the language.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [intl.locale, switching],
  );
  const table = useTable({ features: appTableFeatures, columns, data: shown, getRowId: (r) => r.id });
  const enabledCount = rules.filter((r) => r.status === 'Enabled').length;

  return (
    <Stack gap="0">
      <PageHeader
        title={<FormattedMessage id="nav.item.rules_listing" />}
        description={<FormattedMessage id="transactions.rules.description_page" />}
        actions={
          <Button colorPalette="brand" onClick={() => setEditing('new')} data-testid="rule-new">
            <LuPlus /> <FormattedMessage id="transactions.rules.new" />
          </Button>
        }
      />
      <Card.Root>
        <Card.Body gap="4">
          <HStack justify="space-between" gap="3" wrap="wrap">
            <Input
              size="sm"
              maxW="sm"
              name="search"
              value={search}
              onChange={(e) => setSearch(e.target.value)}
              placeholder={intl.formatMessage({ id: 'transactions.rules.search_placeholder' })}
              aria-label={intl.formatMessage({ id: 'transactions.rules.search' })}
              data-testid="rule-search"
            />
            {loaded && (
              <Text fontSize="sm" color="fg.muted" data-testid="rule-counts">
                <FormattedMessage id="transactions.rules.counts" values={{ total: rules.length, enabled: enabledCount }} />
              </Text>
            )}
          </HStack>
          {failed && <ServerError message={failed.message} code={failed.code} />}
          <DataTable
            table={table}
            loading={busy}
            loaded={loaded}
            label={intl.formatMessage({ id: 'nav.item.rules_listing' })}
            testId="rules-table"
            empty={
              <EmptyMessage
                testId="rules-empty"
                icon={<LuListChecks />}
                title={<FormattedMessage id={search ? 'transactions.rules.empty_filtered_title' : 'transactions.rules.empty_title'} />}
                description={<FormattedMessage id="transactions.rules.empty_body" />}
              />
            }
          />
        </Card.Body>
      </Card.Root>
      {editing && (
        <RuleBuilder
          rule={editing === 'new' ? null : editing}
          onSaved={(rule) => actor.send({ type: 'SAVED', rule })}
          onClose={() => setEditing(null)}
        />
      )}
    </Stack>
  );
}
