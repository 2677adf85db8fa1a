/**
 * The demo's search (/demo/make-case): name, entity type, an optional year and country, checked with the
 * shared rules of Create New Case before sending (machines/demo/demo-search.machine.ts). Beside it, the
 * searches left today and the visitor's recent searches. A used-up allowance shows before searching, and
 * when a search is refused for it the dialog offers a full account.
 */
import { Alert, Box, Button, Dialog, Flex, Grid, Input, Link as ChakraLink, Portal, Skeleton, Stack, Table, Text } from '@chakra-ui/react';
import { useActorRef, useSelector } from '@xstate/react';
import { useRef, useState, type FormEvent } from 'react';
import { LuSearch, LuUserPlus } from 'react-icons/lu';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useLocation } from 'wouter';
import { fromPromise } from 'xstate';
import { countryCodes } from '@common/countries';
import type { DemoSearchAnswer, DemoSearchesAnswer } from '@common/schemas/demo';
import { demoSearchBody, demoSearchMachine } from '@machines/demo/demo-search.machine';
import { PLACED_DEMO_FIELDS, selectBusy, selectFieldError, selectFormError, selectHalted, selectValues } from '@machines/demo/demo-search.selectors';
import type { DemoSearchField, DemoSearchValues } from '@machines/demo/demo-search.types';
import type { MessageId } from '@common/messages';
import { CountryPicker } from '../../components/CountryPicker';
import { EmptyMessage } from '../../components/EmptyMessage';
import { FormField } from '../../components/FormField';
import { Name } from '../../components/Name';
import { PageHeader } from '../../components/PageHeader';
import { CaseStatusBadge, DateStacked, valueLabel } from '../../components/screening/labels';
import { SearchTermAndType } from '../../components/screening/SearchFields';
import { ServerError } from '../../components/ServerError';
import { TitledCard } from '../../components/TitledCard';
import { api } from '../../lib/api';
import { useResource } from '../../lib/useResource';
import { AllowanceNote } from './AllowanceNote';
import { useRequestAccount } from './requestAccount';

const CODES = countryCodes();

export function resultsHref(reference: string) {
  return `/case?reference=${encodeURIComponent(reference)}`;
}

function RecentSearches({ data }: { data: DemoSearchesAnswer['data'] }) {
  const intl = useIntl();
  if (data.length === 0) {
    return <EmptyMessage icon={<LuSearch />} testId="recent-empty" title={<FormattedMessage id="demo.recent.empty_title" />} description={<FormattedMessage id="demo.recent.empty_body" />} />;
  }
  return (
    <Box overflowX="auto">
      <Table.Root size="sm" aria-label={intl.formatMessage({ id: 'demo.recent.title' })}>
        <Table.Body>
          {data.map((c) => (
            <Table.Row key={c._id} data-testid="recent-search" verticalAlign="top">
              <Table.Cell>
                <Stack gap="0.5">
                  <ChakraLink asChild colorPalette="brand" fontWeight="semibold">
                    <Link href={resultsHref(c.reference)}>
                      <Name>{c.search_term}</Name>
                    </Link>
                  </ChakraLink>
                  <Text fontSize="xs" color="fg.muted">
                    {valueLabel(intl, 'entity_type', c.entity_type)} · <FormattedMessage id="demo.recent.hits" values={{ count: c.hit_count }} />
                  </Text>
                </Stack>
              </Table.Cell>
              <Table.Cell>
                <CaseStatusBadge value={c.case_status} />
              </Table.Cell>
              <Table.Cell textAlign="end">
                <DateStacked value={c.created_at} />
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Box>
  );
}

export function DemoSearchPage() {
  const intl = useIntl();
  const [, navigate] = useLocation();
  const openRequest = useRequestAccount();
  // The provided effects read the latest navigate and dialog opener, not the first render's.
  const effects = useRef({ navigate, openRequest });
  effects.current = { navigate, openRequest };
  const searches = useResource<DemoSearchesAnswer>('/open-user-searches');
  const [machine] = useState(() =>
    demoSearchMachine.provide({
      actors: { submit: fromPromise(({ input }) => api.post<DemoSearchAnswer>('/open-search-initiate', demoSearchBody(input as DemoSearchValues))) },
      actions: {
        navigate: (_, { result }) => effects.current.navigate(resultsHref((result as DemoSearchAnswer).reference)),
        followUp: () => effects.current.openRequest(),
      },
    }),
  );
  const actor = useActorRef(machine);
  const form = useSelector(actor, selectValues<DemoSearchValues>);
  const busy = useSelector(actor, selectBusy);
  const halted = useSelector(actor, selectHalted);
  const serverError = useSelector(actor, (s) => selectFormError(s, PLACED_DEMO_FIELDS));
  const errors = useSelector(
    actor,
    (s) => Object.fromEntries(PLACED_DEMO_FIELDS.map((f) => [f, selectFieldError(s, f)])) as Record<DemoSearchField, MessageId | null>,
    (a, b) => PLACED_DEMO_FIELDS.every((f) => a[f] === b[f]),
  );
  const set = (field: DemoSearchField, value: unknown) => actor.send({ type: 'EDIT', field, value });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    actor.send({ type: 'SUBMIT' });
  };
  // After the dialog, the count shown is brought up to date (another tab of the visitor may have searched).
  const leaveHalted = (event: 'DISMISS' | 'FOLLOW_UP') => {
    actor.send({ type: event });
    searches.reload();
  };

  const allowance = searches.data?.allowance ?? null;
  const usedUp = allowance !== null && allowance.left === 0;
  const label = (id: string) => intl.formatMessage({ id });
  const yearLabel = form.entity_type === 'company' ? 'cases.fields.year_of_incorporation' : 'cases.fields.year_of_birth';

  return (
    <Box>
      <PageHeader title={<FormattedMessage id="demo.search.title" />} description={<FormattedMessage id="demo.search.description" />} />
      <Grid templateColumns={{ base: '1fr', xl: 'minmax(0, 3fr) minmax(0, 2fr)' }} gap="6" alignItems="start">
        <TitledCard title={<FormattedMessage id="cases.create.who" />}>
          <form onSubmit={submit} noValidate data-testid="demo-search-form">
            <Stack gap="5">
              {usedUp && (
                <Alert.Root status="warning" data-testid="allowance-used">
                  <Alert.Indicator />
                  <Alert.Content>
                    <Alert.Title>
                      <FormattedMessage id="demo.allowance.used_title" />
                    </Alert.Title>
                    <Alert.Description>
                      <Stack gap="2" align="start">
                        <Text>
                          <FormattedMessage id="demo.allowance.used_body" values={{ limit: allowance.limit }} />
                        </Text>
                        <Button size="sm" colorPalette="brand" onClick={openRequest}>
                          <LuUserPlus /> <FormattedMessage id="demo.nav.request_account" />
                        </Button>
                      </Stack>
                    </Alert.Description>
                  </Alert.Content>
                </Alert.Root>
              )}
              <SearchTermAndType searchTerm={form.search_term} entityType={form.entity_type} errors={errors} onChange={set} />
              <Grid templateColumns={{ base: '1fr', md: '1fr 1fr' }} gap="5">
                {form.entity_type !== 'location' && (
                  <FormField label={<FormattedMessage id={yearLabel} />} error={errors.birth_year}>
                    <Input name="birth_year" inputMode="numeric" maxLength={4} placeholder={label('cases.fields.year')} value={form.birth_year} onChange={(e) => set('birth_year', e.target.value)} />
                  </FormField>
                )}
                <FormField label={<FormattedMessage id="demo.search.country" />} error={errors.country}>
                  <CountryPicker name="country" label={label('demo.search.country')} multiple={false} codes={CODES} value={form.country} onChange={(v) => set('country', v)} placeholder={label('cases.create.any')} />
                </FormField>
              </Grid>
              <ServerError message={serverError?.message ?? null} code={serverError?.code} />
              <Flex gap="3" justify="flex-end">
                <Button type="submit" colorPalette="brand" loading={busy} disabled={usedUp} data-testid="search-submit">
                  <LuSearch /> <FormattedMessage id="cases.create.submit" />
                </Button>
              </Flex>
            </Stack>
          </form>
        </TitledCard>

        <Stack gap="6">
          <TitledCard title={<FormattedMessage id="demo.allowance.title" />}>
            {searches.error && !searches.data ? (
              <ServerError message={searches.error.message} code={searches.error.code} />
            ) : allowance ? (
              <Stack gap="2">
                <AllowanceNote allowance={allowance} withReset />
                <Text fontSize="sm" color="fg.muted">
                  <FormattedMessage id="demo.allowance.explain" values={{ limit: allowance.limit }} />
                </Text>
              </Stack>
            ) : (
              <Skeleton h="12" />
            )}
          </TitledCard>
          <TitledCard title={<FormattedMessage id="demo.recent.title" />}>{searches.data ? <RecentSearches data={searches.data.data} /> : <Skeleton h="24" />}</TitledCard>
        </Stack>
      </Grid>

      <Dialog.Root open={halted} onOpenChange={(d) => !d.open && leaveHalted('DISMISS')} placement="center" role="alertdialog">
        <Portal>
          <Dialog.Backdrop />
          <Dialog.Positioner>
            <Dialog.Content data-testid="allowance-dialog">
              <Dialog.Header>
                <Dialog.Title>
                  <FormattedMessage id="demo.allowance.used_title" />
                </Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <Text>
                  <FormattedMessage id="demo.allowance.used_body" values={{ limit: allowance?.limit ?? 0 }} />
                </Text>
              </Dialog.Body>
              <Dialog.Footer>
                <Button variant="outline" onClick={() => leaveHalted('DISMISS')}>
                  <FormattedMessage id="cases.common.close" />
                </Button>
                <Button colorPalette="brand" onClick={() => leaveHalted('FOLLOW_UP')} data-testid="allowance-request">
                  <LuUserPlus /> <FormattedMessage id="demo.nav.request_account" />
                </Button>
              </Dialog.Footer>
            </Dialog.Content>
          </Dialog.Positioner>
        </Portal>
      </Dialog.Root>
    </Box>
  );
}
