/**
 * Create New Case (/make-case): every field of the search input (section 3),
 * checked with the shared rules of section 5 before sending; the search runs
 * through the create-case statechart, which leads to the new case's results or
 * opens the credits-expired dialog.
 */
import { Box, Button, Checkbox, Fieldset, Flex, Grid, HStack, Image, Input, RadioGroup, Stack, Switch, Text } from '@chakra-ui/react';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { LuImagePlus, LuSearch } from 'react-icons/lu';
import { FormattedMessage, useIntl } from 'react-intl';
import { useLocation } from 'wouter';
import { fromPromise } from 'xstate';
import { DATABASES, GENDERS } from '@common/enums';
import type { RiskEngineChoice } from '@common/risk-scoring';
import { createCaseMachine, searchBody } from '@machines/cases/create-case.machine';
import { PLACED_FIELDS, selectBusy, selectFieldError, selectFormError, selectHalted, selectValues } from '@machines/cases/create-case.selectors';
import type { CaseFormValues, CreatedCase } from '@machines/cases/create-case.types';
import { selectPlanIncludes } from '@machines/session/session.selectors';
import { CountryPicker } from '../../components/CountryPicker';
import { CreditsExpiredDialog, SALES_ADDRESS } from '../../components/CreditsExpiredDialog';
import { FormField } from '../../components/FormField';
import { PageHeader } from '../../components/PageHeader';
import { SearchTermAndType } from '../../components/screening/SearchFields';
import { Select } from '../../components/Select';
import { ServerError } from '../../components/ServerError';
import { TitledCard } from '../../components/TitledCard';
import { apiCall } from '../../lib/api';
import { messageText } from '../../lib/i18n';
import { notify } from '../../lib/toaster';
import { useResource } from '../../lib/useResource';
import { useSession } from '../../app/useSession';
import { valueLabel, valueOptions } from './labels';

/** Search profiles and risk engines: "none chosen" first, then each by its title. */
const titledOptions = (none: string, items: { _id: string; title: string }[] | undefined) => [{ value: '', label: none }, ...(items ?? []).map((i) => ({ value: i._id, label: i.title }))];

/** The multipart body of POST /api/search: the checked body, lists as name[] entries, and the image. */
function toFormData(values: CaseFormValues): FormData {
  const data = new FormData();
  for (const [key, value] of Object.entries(searchBody(values))) {
    if (Array.isArray(value)) value.forEach((item) => data.append(`${key}[]`, String(item)));
    else data.append(key, String(value));
  }
  if (values.face_image) data.append('face_image', values.face_image as File);
  return data;
}

export default function MakeCasePage() {
  const intl = useIntl();
  const [, navigate] = useLocation();
  const navigateRef = useRef(navigate);
  navigateRef.current = navigate;
  const [machine] = useState(() =>
    createCaseMachine.provide({
      actors: { submit: fromPromise(({ input }) => apiCall<CreatedCase>('/search', { method: 'POST', body: toFormData(input as CaseFormValues) })) },
      actions: {
        notify: (_, { result }) => {
          const ref = (result as CreatedCase).reference;
          notify.success(messageText('case_created', `Case ${ref} created.`, { ref }));
        },
        navigate: (_, { result }) => navigateRef.current(`/case/${(result as CreatedCase).reference}`),
        followUp: () => window.open(SALES_ADDRESS, '_blank'),
      },
    }),
  );
  // The linked-entity search opens this form with the name filled in.
  const actor = useActorRef(machine, { input: { values: { search_term: new URLSearchParams(window.location.search).get('search_term') ?? '' } } });
  const send = actor.send;
  const form = useSelector(actor, selectValues<CaseFormValues>);
  const busy = useSelector(actor, selectBusy);
  const halted = useSelector(actor, selectHalted);
  const serverError = useSelector(actor, (s) => selectFormError(s, PLACED_FIELDS));
  const errors = useSelector(actor, (s) => Object.fromEntries(PLACED_FIELDS.map((f) => [f, selectFieldError(s, f) ?? undefined])) as Record<(typeof PLACED_FIELDS)[number], ReturnType<typeof selectFieldError> | undefined>, (a, b) => PLACED_FIELDS.every((f) => a[f] === b[f]));
  const image = form.face_image as File | null;
  const [preview, setPreview] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const countries = useResource<{ data: { code: string; name: string }[] }>('/countries');
  const profiles = useResource<{ data: { _id: string; title: string }[] }>('/search-profiles');
  // On a plan without search profiles a search by profile would be refused: it is not offered.
  const profilesInPlan = useSession(selectPlanIncludes('search-profile'));
  const engines = useResource<{ data: RiskEngineChoice[] }>('/risk-score-engine-list');
  const activeEngine = engines.data?.data.find((e) => e.is_active);
  const codes = countries.data?.data.map((c) => c.code) ?? [];

  // The preview is a browser resource tied to the chosen file: made for it, released with it.
  useEffect(() => {
    if (!image) return setPreview(null);
    const url = URL.createObjectURL(image);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [image]);

  const set = <K extends keyof CaseFormValues & string>(key: K, value: CaseFormValues[K]) => send({ type: 'EDIT', field: key, value });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    send({ type: 'SUBMIT' });
  };

  // A file is checked as it is chosen: a refused one is not kept, and the message offers another try.
  const chooseImage = (file: File | undefined) => file && send({ type: 'EDIT', field: 'face_image', value: file, check: true });

  const label = (id: string) => intl.formatMessage({ id });
  const isCompany = form.entity_type === 'company';

  return (
    <Box maxW="6xl">
      <PageHeader title={<FormattedMessage id="cases.create.title" />} description={<FormattedMessage id="cases.create.description" />} />
      <form onSubmit={submit} noValidate data-testid="make-case-form">
        <Grid templateColumns={{ base: '1fr', xl: '2fr 1fr' }} gap="6" alignItems="start">
          <Stack gap="6">
            <TitledCard title={<FormattedMessage id="cases.create.who" />}>
              <Stack gap="5">
                <SearchTermAndType searchTerm={form.search_term} entityType={form.entity_type} errors={errors} onChange={set} />
                {/* A group of three inputs, each with its own label: a single Field would give all three one id. */}
                <Fieldset.Root size="sm" invalid={Boolean(errors.birth_day || errors.birth_month || errors.birth_year)}>
                  <Fieldset.Legend>
                    <FormattedMessage id={isCompany ? 'cases.fields.incorporation_date' : 'cases.fields.birth_date'} />
                  </Fieldset.Legend>
                  <HStack gap="3" align="start" w="full">
                    {(
                      [
                        ['birth_day', 'cases.fields.day', 2],
                        ['birth_month', 'cases.fields.month', 2],
                        ['birth_year', 'cases.fields.year', 4],
                      ] as const
                    ).map(([key, id, length]) => (
                      <Input key={key} name={key} inputMode="numeric" placeholder={label(id)} aria-label={label(id)} aria-invalid={Boolean(errors[key]) || undefined} value={form[key]} maxLength={length} onChange={(e) => set(key, e.target.value)} />
                    ))}
                  </HStack>
                  {(errors.birth_day || errors.birth_month || errors.birth_year) && (
                    <Fieldset.ErrorText data-testid="field-error">{messageText(errors.birth_year ?? errors.birth_month ?? errors.birth_day, '')}</Fieldset.ErrorText>
                  )}
                </Fieldset.Root>
                <Grid templateColumns={{ base: '1fr', md: '1fr 1fr' }} gap="5">
                  <FormField label={<FormattedMessage id="cases.fields.countries" />} error={errors.countries}>
                    <CountryPicker name="countries" label={label('cases.fields.countries')} codes={codes} value={form.countries} onChange={(v) => set('countries', v)} placeholder={label('cases.create.add_country')} />
                  </FormField>
                  <FormField label={<FormattedMessage id="cases.fields.residence_countries" />} error={errors.residence_countries}>
                    <CountryPicker name="residence_countries" label={label('cases.fields.residence_countries')} codes={codes} value={form.residence_countries} onChange={(v) => set('residence_countries', v)} placeholder={label('cases.create.add_country')} />
                  </FormField>
                  <FormField label={<FormattedMessage id="cases.fields.nationality" />} error={errors.nationality}>
                    <CountryPicker name="nationality" label={label('cases.fields.nationality')} multiple={false} codes={codes} value={form.nationality} onChange={(v) => set('nationality', v)} placeholder={label('cases.create.any')} />
                  </FormField>
                  <FormField label={<FormattedMessage id="cases.fields.gender" />}>
                    <Select
                      disabled={form.entity_type !== 'person'}
                      name="gender"
                      value={form.gender}
                      onChange={(e) => set('gender', e.target.value)}
                      options={[{ value: '', label: label('cases.create.any') }, ...valueOptions(intl, 'gender', GENDERS)]}
                    />
                  </FormField>
                </Grid>
                <FormField label={<FormattedMessage id="cases.fields.unique_identifier" />} error={errors.unique_identifier} helper={<FormattedMessage id="cases.create.unique_identifier_help" />}>
                  <Input name="unique_identifier" value={form.unique_identifier} onChange={(e) => set('unique_identifier', e.target.value)} />
                </FormField>
                <Grid templateColumns={{ base: '1fr', md: '1fr 1fr' }} gap="5">
                  <FormField label={<FormattedMessage id="cases.fields.client_reference" />} error={errors.client_reference}>
                    <Input name="client_reference" value={form.client_reference} onChange={(e) => set('client_reference', e.target.value)} />
                  </FormField>
                  <FormField label={<FormattedMessage id="cases.fields.national_id" />} error={errors.national_id} helper={<FormattedMessage id="cases.create.national_id_help" />}>
                    <Input name="national_id" inputMode="numeric" value={form.national_id} maxLength={13} onChange={(e) => set('national_id', e.target.value)} />
                  </FormField>
                </Grid>
              </Stack>
            </TitledCard>

            <TitledCard title={<FormattedMessage id="cases.create.where" />}>
              <Stack gap="4">
                <RadioGroup.Root value={form.search_type} onValueChange={(d) => set('search_type', d.value as CaseFormValues['search_type'])} colorPalette="brand">
                  <HStack gap="6">
                    {(profilesInPlan ? (['manual', 'profile'] as const) : (['manual'] as const)).map((type) => (
                      <RadioGroup.Item key={type} value={type} data-testid={`search-type-${type}`}>
                        <RadioGroup.ItemHiddenInput />
                        <RadioGroup.ItemIndicator />
                        <RadioGroup.ItemText>
                          <FormattedMessage id={type === 'manual' ? 'cases.create.by_databases' : 'cases.create.by_profile'} />
                        </RadioGroup.ItemText>
                      </RadioGroup.Item>
                    ))}
                  </HStack>
                </RadioGroup.Root>
                {form.search_type === 'manual' ? (
                  // A fieldset, not a Field: inside one Field every checkbox took the field's id and so its first label.
                  <Fieldset.Root size="sm" invalid={Boolean(errors.databases)}>
                    <Fieldset.Legend>
                      <FormattedMessage id="cases.fields.databases" />
                    </Fieldset.Legend>
                    <Grid templateColumns={{ base: '1fr', md: '1fr 1fr' }} gap="3" w="full">
                      {DATABASES.map((db) => (
                        <Checkbox.Root
                          key={db}
                          colorPalette="brand"
                          checked={form.databases.includes(db)}
                          onCheckedChange={(d) => set('databases', d.checked ? [...form.databases, db] : form.databases.filter((x) => x !== db))}
                        >
                          <Checkbox.HiddenInput />
                          <Checkbox.Control />
                          <Checkbox.Label>{valueLabel(intl, 'database', db)}</Checkbox.Label>
                        </Checkbox.Root>
                      ))}
                    </Grid>
                    {errors.databases && <Fieldset.ErrorText data-testid="field-error">{messageText(errors.databases, '')}</Fieldset.ErrorText>}
                    {!errors.databases && form.databases.includes('adverse_media') && (
                      <Fieldset.HelperText data-testid="adverse-media-note">
                        <FormattedMessage id="cases.create.adverse_media_note" />
                      </Fieldset.HelperText>
                    )}
                  </Fieldset.Root>
                ) : (
                  <FormField label={<FormattedMessage id="cases.fields.search_profile" />} error={errors.search_profile_id} required>
                    <Select
                      name="search_profile_id"
                      value={form.search_profile_id}
                      onChange={(e) => set('search_profile_id', e.target.value)}
                      options={titledOptions(label(profiles.data?.data.length ? 'cases.create.choose_profile' : 'cases.create.no_profiles'), profiles.data?.data)}
                    />
                  </FormField>
                )}
              </Stack>
            </TitledCard>
          </Stack>

          <Stack gap="6">
            <TitledCard title={<FormattedMessage id="cases.create.matching" />}>
              <Stack gap="4">
                <FormField label={<FormattedMessage id="cases.fields.match_score" />} error={errors.match_score} helper={<FormattedMessage id="cases.create.match_score_help" />}>
                  <Input name="match_score" type="number" min={1} max={100} value={form.match_score} onChange={(e) => set('match_score', e.target.value)} />
                </FormField>
                {(
                  [
                    ['exact_match', 'cases.fields.exact_match'],
                    ['match_akas', 'cases.fields.match_akas'],
                    ['match_rca', 'cases.fields.match_rca'],
                    ['aml_monitoring', 'cases.fields.aml_monitoring'],
                    ['adverse_media_monitoring', 'cases.fields.adverse_media_monitoring'],
                  ] as const
                ).map(([key, id]) => (
                  <Switch.Root key={key} colorPalette="brand" checked={form[key]} onCheckedChange={(d) => set(key, d.checked)} justifyContent="space-between" w="full" data-testid={`switch-${key}`}>
                    <Switch.HiddenInput name={key} />
                    <Switch.Label>
                      <FormattedMessage id={id} />
                    </Switch.Label>
                    <Switch.Control />
                  </Switch.Root>
                ))}
                <FormField label={<FormattedMessage id="cases.fields.risk_engine" />}>
                  <Select
                    disabled={!engines.data?.data.length}
                    name="risk_engine_id"
                    value={form.risk_engine_id}
                    onChange={(e) => set('risk_engine_id', e.target.value)}
                    options={titledOptions(
                      // The empty choice says what decides the case then: the organisation's active engine, or the default rules.
                      activeEngine
                        ? intl.formatMessage({ id: 'cases.create.active_risk' }, { title: activeEngine.title })
                        : label(engines.data?.data.length ? 'cases.create.default_risk' : 'cases.create.no_risk_engines'),
                      engines.data?.data,
                    )}
                  />
                </FormField>
              </Stack>
            </TitledCard>

            <TitledCard title={<FormattedMessage id="cases.fields.face_image" />}>
              <Stack gap="3" align="start">
                {preview && <Image src={preview} alt={label('cases.fields.face_image')} maxH="32" rounded="md" borderWidth="1px" />}
                <input
                  ref={fileInput}
                  type="file"
                  name="face_image"
                  accept="image/jpeg,image/png"
                  hidden
                  data-testid="face-image-input"
                  onChange={(e) => {
                    chooseImage(e.target.files?.[0]);
                    e.target.value = '';
                  }}
                />
                <HStack>
                  <Button variant="outline" size="sm" onClick={() => fileInput.current?.click()}>
                    <LuImagePlus /> <FormattedMessage id={image ? 'cases.create.replace_image' : 'cases.create.choose_image'} />
                  </Button>
                  {image && (
                    <Button variant="ghost" size="sm" onClick={() => set('face_image', null)}>
                      <FormattedMessage id="cases.common.remove" />
                    </Button>
                  )}
                </HStack>
                <Text fontSize="xs" color={errors.face_image ? 'fg.error' : 'fg.muted'} data-testid={errors.face_image ? 'field-error' : undefined}>
                  {errors.face_image ? (
                    <>
                      {messageText(errors.face_image, '')}{' '}
                      <Button variant="plain" size="xs" colorPalette="brand" onClick={() => fileInput.current?.click()} p="0" h="auto">
                        <FormattedMessage id="cases.create.retry_upload" />
                      </Button>
                    </>
                  ) : (
                    (image?.name ?? <FormattedMessage id="cases.create.image_help" />)
                  )}
                </Text>
              </Stack>
            </TitledCard>

            <ServerError message={serverError?.message ?? null} code={serverError?.code} />
            <Flex gap="3" justify="flex-end">
              <Button
                variant="outline"
                onClick={() => send({ type: 'RESET' })}
                disabled={busy}
              >
                <FormattedMessage id="cases.create.reset" />
              </Button>
              <Button type="submit" colorPalette="brand" loading={busy} data-testid="search-submit">
                <LuSearch /> <FormattedMessage id="cases.create.submit" />
              </Button>
            </Flex>
          </Stack>
        </Grid>
      </form>

      <CreditsExpiredDialog open={halted} onClose={() => send({ type: 'DISMISS' })} onFollowUp={() => send({ type: 'FOLLOW_UP' })} />
    </Box>
  );
}
