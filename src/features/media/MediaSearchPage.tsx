/**
 * Media Search (/media-search, create_adverse_media + media_watcher): keywords as chips with their modes,
 * exact or broad match, countries, languages, a publication window, the sort and "adverse only"; the results
 * with their snippets, categories, sentiment and keywords; "Fetch more" (a paid check, confirmed first);
 * "Save as media case"; the article reader; the credits-expired dialog. The flow is the search statechart
 * (machines/media/media-search.machine.ts); the search that ran is kept in the address.
 */
import { Badge, Box, Button, Card, Checkbox, CheckboxGroup, Fieldset, Flex, Grid, HStack, Input, SegmentGroup, Stack, Switch, Text } from '@chakra-ui/react';
import { useActorRef, useSelector } from '@xstate/react';
import { useRef, useState, type FormEvent } from 'react';
import { LuCoins, LuEraser, LuNewspaper, LuSave, LuSearch, LuSearchX } from 'react-icons/lu';
import { FormattedMessage, useIntl } from 'react-intl';
import { useLocation, useSearch } from 'wouter';
import { fromPromise } from 'xstate';
import { MATCH_KINDS, MEDIA_LANGUAGES, MEDIA_LIMITS, MEDIA_SORTS, WINDOW_UNITS, type ArticleView, type MediaLanguage, type WindowUnit } from '@common/media';
import { mediaSearchMachine } from '@machines/media/media-search.machine';
import * as sel from '@machines/media/media-search.selectors';
import { markedTerms } from '@machines/media/search-query';
import { selectOrganisation } from '@machines/session/session.selectors';
import { useSession } from '../../app/useSession';
import { ActionDialog } from '../../components/ActionDialog';
import { CountryPicker } from '../../components/CountryPicker';
import { CreditsExpiredDialog } from '../../components/CreditsExpiredDialog';
import { EmptyMessage } from '../../components/EmptyMessage';
import { FormField } from '../../components/FormField';
import { ArticleReader } from '../../components/media/ArticleReader';
import { ArticleSummary } from '../../components/media/ArticleSummary';
import { PageHeader } from '../../components/PageHeader';
import { Select } from '../../components/Select';
import { ServerError } from '../../components/ServerError';
import { inspect } from '../../lib/inspector';
import { languageName } from '../../lib/media';
import { messageById, messageText } from '../../lib/i18n';
import { notify } from '../../lib/toaster';
import { useResource } from '../../lib/useResource';
import { MEDIA_SALES_ADDRESS, mediaApi } from './api';
import { KeywordInput, MODE_PALETTE } from './KeywordInput';
import { MediaWelcome } from './MediaWelcome';

function useSearchActor() {
  const [, navigate] = useLocation();
  const navigateRef = useRef(navigate);
  navigateRef.current = navigate;
  const search = useSearch();
  const organisation = useSession(selectOrganisation);
  const [machine] = useState(() =>
    mediaSearchMachine.provide({
      actors: {
        search: fromPromise(({ input }) => mediaApi.search(input)),
        fetchMore: fromPromise(({ input }) => mediaApi.fetchMore(input)),
        createCase: fromPromise(({ input }) => mediaApi.createCase(input)),
      },
      actions: {
        // The address names the search on screen; replacing it keeps Back for leaving the page.
        remember: (_, { search: q }) => navigateRef.current(`/media-search${q ? `?${q}` : ''}`, { replace: true }),
        notifySaved: (_, { answer }) => notify.success(messageText(answer.code, answer.message ?? answer.reference, answer.values ?? { reference: answer.reference })),
        openCase: (_, { reference }) => navigateRef.current(`/adverse-media-detail/${encodeURIComponent(reference)}`),
        contactSales: () => window.open(MEDIA_SALES_ADDRESS, '_blank'),
      },
    }),
  );
  return useActorRef(machine, {
    input: {
      search,
      credits: { alloted: organisation?.media_watcher_credits_alloted ?? 0, used: organisation?.media_watcher_credits_used ?? 0 },
    },
    inspect,
  });
}

export default function MediaSearchPage() {
  const intl = useIntl();
  const actor = useSearchActor();
  const send = actor.send;
  const draft = useSelector(actor, sel.selectDraft);
  const text = useSelector(actor, sel.selectText);
  const keywordProblem = useSelector(actor, sel.selectKeywordProblem);
  const problem = useSelector(actor, sel.selectProblem);
  const searching = useSelector(actor, sel.selectSearching);
  const fetching = useSelector(actor, sel.selectFetching);
  const confirming = useSelector(actor, sel.selectConfirming);
  const halted = useSelector(actor, sel.selectHalted);
  const naming = useSelector(actor, sel.selectNaming);
  const saving = useSelector(actor, sel.selectSaving);
  const results = useSelector(actor, sel.selectResults);
  const total = useSelector(actor, sel.selectTotal);
  const query = useSelector(actor, sel.selectQuery);
  const error = useSelector(actor, sel.selectError);
  const creditsLeft = useSelector(actor, sel.selectCreditsLeft);
  const canFetchMore = useSelector(actor, sel.selectCanFetchMore);
  const noResult = useSelector(actor, sel.selectNoResult);
  const caseName = useSelector(actor, sel.selectCaseName);
  const caseProblem = useSelector(actor, sel.selectCaseProblem);
  const caseError = useSelector(actor, sel.selectCaseError);
  const countries = useResource<{ data: { code: string }[] }>('/countries');
  const codes = countries.data?.data.map((c) => c.code) ?? [];
  const [reading, setReading] = useState<ArticleView | null>(null);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    send({ type: 'SEARCH' });
  };
  const label = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const keywordHelpId = 'media-keywords-help';
  // The form's problems are the API's own messages; a repeated keyword is the screen's own.
  const keywordMessage = keywordProblem === 'keyword_duplicate' ? intl.formatMessage({ id: 'media.search.keyword_duplicate' }) : keywordProblem ? messageById(keywordProblem) : problem && problem !== 'media_window_amount' ? messageById(problem) : null;

  return (
    <Stack gap="0">
      <PageHeader
        title={<FormattedMessage id="nav.item.media_search" />}
        description={<FormattedMessage id="media.search.description" />}
        actions={
          <Badge size="lg" variant="subtle" colorPalette={creditsLeft > 0 ? 'brand' : 'red'} data-testid="media-credits">
            <LuCoins aria-hidden />
            <FormattedMessage id="media.search.credits_left" values={{ count: creditsLeft }} />
          </Badge>
        }
      />
      <Card.Root mb="6">
        <Card.Body>
          <form onSubmit={submit} noValidate data-testid="media-search-form" aria-label={label('media.search.form_label')}>
            <Stack gap="5">
              <Fieldset.Root invalid={Boolean(keywordMessage)}>
                <Fieldset.Legend fontWeight="semibold">
                  <FormattedMessage id="media.search.keywords" />
                </Fieldset.Legend>
                <KeywordInput
                  keywords={draft.keywords}
                  text={text}
                  invalid={Boolean(keywordMessage)}
                  describedBy={keywordHelpId}
                  onType={(t) => send({ type: 'TYPE', text: t })}
                  onAdd={() => send({ type: 'ADD_KEYWORD' })}
                  onRemove={(index) => send({ type: 'REMOVE_KEYWORD', index })}
                  onMode={(index, mode) => send({ type: 'SET_MODE', index, mode })}
                  onSubmit={() => send({ type: 'SEARCH' })}
                />
                {keywordMessage ? (
                  <Fieldset.ErrorText id={keywordHelpId} data-testid="keyword-problem">
                    {keywordMessage}
                  </Fieldset.ErrorText>
                ) : (
                  <Fieldset.HelperText id={keywordHelpId}>
                    <HStack gap="3" wrap="wrap" as="span">
                      <FormattedMessage id="media.search.keywords_help" />
                      {(['all', 'exclude', 'any'] as const).map((mode) => (
                        <Badge key={mode} size="sm" variant="subtle" colorPalette={MODE_PALETTE[mode]}>
                          <FormattedMessage id={`media.mode.${mode}`} />
                        </Badge>
                      ))}
                    </HStack>
                  </Fieldset.HelperText>
                )}
              </Fieldset.Root>

              <Grid templateColumns={{ base: '1fr', md: 'repeat(2, 1fr)', xl: 'repeat(4, 1fr)' }} gap="4" alignItems="start">
                <Fieldset.Root>
                  <Fieldset.Legend fontSize="sm">
                    <FormattedMessage id="media.search.match" />
                  </Fieldset.Legend>
                  <SegmentGroup.Root size="sm" alignSelf="flex-start" value={draft.match} onValueChange={(d) => d.value && send({ type: 'SET', patch: { match: d.value as (typeof MATCH_KINDS)[number] } })} name="match" data-testid="match-kind">
                    <SegmentGroup.Indicator />
                    <SegmentGroup.Items items={MATCH_KINDS.map((m) => ({ value: m, label: label(`media.match.${m}`) }))} />
                  </SegmentGroup.Root>
                  <Fieldset.HelperText fontSize="xs">
                    <FormattedMessage id={`media.match.${draft.match}_help`} />
                  </Fieldset.HelperText>
                </Fieldset.Root>

                <Fieldset.Root invalid={problem === 'media_window_amount'}>
                  <Fieldset.Legend fontSize="sm">
                    <FormattedMessage id="media.search.window" />
                  </Fieldset.Legend>
                  <HStack gap="2">
                    <Input
                      name="window_amount"
                      size="sm"
                      w="24"
                      inputMode="numeric"
                      aria-label={label('media.search.window_amount')}
                      placeholder={label('media.search.any_time')}
                      value={draft.windowAmount}
                      maxLength={4}
                      onChange={(e) => send({ type: 'SET', patch: { windowAmount: e.target.value } })}
                      data-testid="window-amount"
                    />
                    <Select
                      size="sm"
                      name="window_unit"
                      aria-label={label('media.search.window_unit')}
                      value={draft.windowUnit}
                      onChange={(e) => send({ type: 'SET', patch: { windowUnit: e.target.value as WindowUnit } })}
                      options={WINDOW_UNITS.map((u) => ({ value: u, label: label(`media.window.${u}`) }))}
                      data-testid="window-unit"
                    />
                  </HStack>
                  {problem === 'media_window_amount' ? (
                    <Fieldset.ErrorText data-testid="window-problem">{messageById('media_window_amount')}</Fieldset.ErrorText>
                  ) : (
                    <Fieldset.HelperText fontSize="xs">
                      {draft.windowAmount.trim() ? (
                        <FormattedMessage id={`media.window.last_${draft.windowUnit}`} values={{ count: Number(draft.windowAmount) || 0 }} />
                      ) : (
                        <FormattedMessage id="media.search.window_help" />
                      )}
                    </Fieldset.HelperText>
                  )}
                </Fieldset.Root>

                <FormField label={<FormattedMessage id="media.search.sort" />} labelSize="sm">
                  <Select
                    size="sm"
                    name="sort"
                    value={draft.sort}
                    onChange={(e) => send({ type: 'SET', patch: { sort: e.target.value as (typeof MEDIA_SORTS)[number] } })}
                    options={MEDIA_SORTS.map((s) => ({ value: s, label: label(`media.sort.${s}`) }))}
                    data-testid="sort"
                  />
                </FormField>

                <Stack gap="2" pt={{ base: 0, xl: '6' }}>
                  <Switch.Root size="sm" colorPalette="red" checked={draft.adverse_only} onCheckedChange={(d) => send({ type: 'SET', patch: { adverse_only: d.checked } })} data-testid="adverse-only">
                    <Switch.HiddenInput />
                    <Switch.Control />
                    <Switch.Label>
                      <FormattedMessage id="media.search.adverse_only" />
                    </Switch.Label>
                  </Switch.Root>
                  <Text fontSize="xs" color="fg.muted">
                    <FormattedMessage id="media.search.adverse_only_help" />
                  </Text>
                </Stack>
              </Grid>

              <Grid templateColumns={{ base: '1fr', lg: '1fr 1fr' }} gap="4" alignItems="start">
                <Fieldset.Root>
                  <Fieldset.Legend fontSize="sm">
                    <FormattedMessage id="media.search.countries" />
                  </Fieldset.Legend>
                  <CountryPicker
                    name="countries"
                    label={label('media.search.countries')}
                    codes={codes}
                    value={draft.countries}
                    onChange={(v) => send({ type: 'SET', patch: { countries: v } })}
                    placeholder={label('media.search.add_country')}
                  />
                </Fieldset.Root>
                <Fieldset.Root>
                  <Fieldset.Legend fontSize="sm">
                    <FormattedMessage id="media.search.languages" />
                  </Fieldset.Legend>
                  <CheckboxGroup value={draft.languages} onValueChange={(v) => send({ type: 'SET', patch: { languages: MEDIA_LANGUAGES.filter((l) => v.includes(l)) as MediaLanguage[] } })} name="languages">
                    <Flex gap="4" wrap="wrap" pt="1" data-testid="languages">
                      {MEDIA_LANGUAGES.map((l) => (
                        <Checkbox.Root key={l} value={l} size="sm" colorPalette="brand" data-testid={`language-${l}`}>
                          <Checkbox.HiddenInput />
                          <Checkbox.Control />
                          <Checkbox.Label>{languageName(intl, l)}</Checkbox.Label>
                        </Checkbox.Root>
                      ))}
                    </Flex>
                  </CheckboxGroup>
                  <Fieldset.HelperText fontSize="xs">
                    <FormattedMessage id="media.search.languages_help" />
                  </Fieldset.HelperText>
                </Fieldset.Root>
              </Grid>

              <Flex justify="space-between" align="center" gap="3" wrap="wrap">
                <Text fontSize="sm" color="fg.muted">
                  <FormattedMessage id="media.search.cost" />
                </Text>
                <HStack gap="2">
                  <Button variant="ghost" size="sm" onClick={() => send({ type: 'CLEAR' })} data-testid="clear-search">
                    <LuEraser /> <FormattedMessage id="media.search.clear" />
                  </Button>
                  <Button type="submit" colorPalette="brand" loading={searching} data-testid="run-search">
                    <LuSearch /> <FormattedMessage id="media.search.submit" />
                  </Button>
                </HStack>
              </Flex>
            </Stack>
          </form>
        </Card.Body>
      </Card.Root>

      <Card.Root aria-busy={searching}>
        <Card.Header>
          <Flex justify="space-between" align="center" gap="3" wrap="wrap">
            <Stack gap="0.5">
              <Card.Title as="h2">
                <FormattedMessage id="media.search.results" />
              </Card.Title>
              {query && (
                <Text fontSize="sm" color="fg.muted" data-testid="media-count">
                  <FormattedMessage id="media.search.count" values={{ count: total, shown: results.length }} />
                </Text>
              )}
            </Stack>
            {query && results.length > 0 && (
              <Button variant="outline" colorPalette="brand" size="sm" onClick={() => send({ type: 'SAVE_CASE' })} data-testid="save-media-case">
                <LuSave /> <FormattedMessage id="media.search.save_case" />
              </Button>
            )}
          </Flex>
        </Card.Header>
        <Card.Body>
          <Stack gap="3" opacity={searching ? 0.6 : 1} transition="opacity 0.15s">
            {error && <ServerError message={error.message} code={error.code} />}
            {!query && !searching && (
              <EmptyMessage icon={<LuNewspaper />} testId="media-start" title={<FormattedMessage id="media.search.start_title" />} description={<FormattedMessage id={draft.keywords.length ? 'media.search.start_ready' : 'media.search.start_body'} />} />
            )}
            {noResult && (
              <EmptyMessage icon={<LuSearchX />} testId="media-no-result" title={<FormattedMessage id="media.search.no_result_title" />} description={<FormattedMessage id="media.search.no_result" />} />
            )}
            {results.map((article) => (
              <ArticleSummary key={article.id} article={article} onOpen={setReading} />
            ))}
            {canFetchMore && (
              <Box textAlign="center" pt="2">
                <Button variant="outline" loading={fetching} onClick={() => send({ type: 'MORE' })} data-testid="fetch-more">
                  <FormattedMessage id="media.search.fetch_more" />
                </Button>
              </Box>
            )}
          </Stack>
        </Card.Body>
      </Card.Root>

      <ArticleReader article={reading} terms={query ? markedTerms(query) : undefined} match={query?.match} onClose={() => setReading(null)} />

      <ActionDialog
        open={confirming}
        busy={false}
        size="sm"
        title={<FormattedMessage id="media.fetch_more.title" />}
        submitLabel={<FormattedMessage id="media.fetch_more.submit" />}
        onSubmit={() => send({ type: 'CONFIRM' })}
        onClose={() => send({ type: 'CANCEL' })}
        testId="fetch-more-dialog"
      >
        <Text>
          <FormattedMessage id="media.fetch_more.body" />
        </Text>
        <Text fontSize="sm" color="fg.muted">
          <FormattedMessage id="media.search.credits_left" values={{ count: creditsLeft }} />
        </Text>
      </ActionDialog>

      <ActionDialog
        open={naming}
        busy={saving}
        title={<FormattedMessage id="media.save.title" />}
        submitLabel={<FormattedMessage id="media.save.submit" />}
        error={caseError ?? undefined}
        onSubmit={() => send({ type: 'SUBMIT' })}
        onClose={() => send({ type: 'CLOSE' })}
        testId="save-case-dialog"
      >
        <Text fontSize="sm" color="fg.muted">
          <FormattedMessage id="media.save.body" values={{ count: Math.min(results.length, MEDIA_LIMITS.caseArticlesMax) }} />
        </Text>
        <FormField label={<FormattedMessage id="media.save.name" />} required error={caseProblem}>
          <Input name="name" autoComplete="off" value={caseName} maxLength={MEDIA_LIMITS.caseName.max + 20} onChange={(e) => send({ type: 'NAME', value: e.target.value })} data-autofocus />
        </FormField>
      </ActionDialog>

      <CreditsExpiredDialog
        open={halted}
        onClose={() => send({ type: 'DISMISS' })}
        onFollowUp={() => send({ type: 'FOLLOW_UP' })}
        title={<FormattedMessage id="media.credits.title" />}
        message={<FormattedMessage id="media.credits.message" />}
        body={<FormattedMessage id="media.credits.body" />}
      />

      <MediaWelcome />
    </Stack>
  );
}
