/**
 * Create New Case (/make-case): every field of the search input (section 3),
 * checked with the shared rules of section 5 before sending; the search runs
 * through the create-case statechart, which leads to the new case's results or
 * opens the credits-expired dialog.
 */
import { Box, Button, Checkbox, Dialog, Field, Fieldset, Flex, Grid, HStack, Image, Input, Portal, RadioGroup, SegmentGroup, Stack, Switch, Text } from '@chakra-ui/react';
import { useMachine } from '@xstate/react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { LuImagePlus, LuSearch } from 'react-icons/lu';
import { FormattedMessage, useIntl } from 'react-intl';
import { useLocation } from 'wouter';
import { fromPromise } from 'xstate';
import { databasesProblem } from '@common/cases';
import { LIMITS } from '@common/constants';
import { DATABASES, ENTITY_TYPES, GENDERS, type Database } from '@common/enums';
import type { MessageId } from '@common/messages';
import {
  validateBirthDate,
  validateClientReference,
  validateFaceImage,
  validateMatchScore,
  validateNationalId,
  validateSearchTerm,
  validateUniqueIdentifier,
} from '@common/validation';
import { createCaseMachine } from '@machines/cases/create-case.machine';
import { FormField } from '../../components/FormField';
import { PageHeader } from '../../components/PageHeader';
import { Select } from '../../components/Select';
import { ServerError } from '../../components/ServerError';
import { TitledCard } from '../../components/TitledCard';
import { apiCall } from '../../lib/api';
import { messageText } from '../../lib/i18n';
import { notify } from '../../lib/toaster';
import { useApiGet } from './api';
import { CountryPicker } from './CountryPicker';
import { valueLabel, valueOptions } from './labels';

const SALES_ADDRESS = 'mailto:sales@open-aml.example?subject=AML%20Screening%20credits';
const DEFAULT_MATCH_SCORE = '80';

interface FormState {
  search_term: string;
  entity_type: string;
  birth_day: string;
  birth_month: string;
  birth_year: string;
  unique_identifier: string;
  countries: string[];
  residence_countries: string[];
  nationality: string[];
  gender: string;
  match_score: string;
  exact_match: boolean;
  match_akas: boolean;
  match_rca: boolean;
  risk_engine_id: string;
  aml_monitoring: boolean;
  adverse_media_monitoring: boolean;
  search_type: 'manual' | 'profile';
  databases: Database[];
  search_profile_id: string;
  client_reference: string;
  national_id: string;
}

const EMPTY: FormState = {
  search_term: '',
  entity_type: 'person',
  birth_day: '',
  birth_month: '',
  birth_year: '',
  unique_identifier: '',
  countries: [],
  residence_countries: [],
  nationality: [],
  gender: '',
  match_score: DEFAULT_MATCH_SCORE,
  exact_match: false,
  match_akas: true,
  match_rca: false,
  risk_engine_id: '',
  aml_monitoring: false,
  adverse_media_monitoring: false,
  search_type: 'manual',
  databases: ['sanctions', 'pep', 'warnings_and_regulatory_enforcement'],
  search_profile_id: '',
  client_reference: '',
  national_id: '',
};

/** Search profiles and risk engines: "none chosen" first, then each by its title. */
const titledOptions = (none: string, items: { _id: string; title: string }[] | undefined) => [{ value: '', label: none }, ...(items ?? []).map((i) => ({ value: i._id, label: i.title }))];

type Errors = Partial<Record<keyof FormState | 'face_image', MessageId>>;

function validate(form: FormState, image: File | null): Errors {
  const errors: Errors = {};
  const term = validateSearchTerm(form.search_term);
  if (term) errors.search_term = term;
  if (!form.entity_type) errors.entity_type = 'entity_type_required';
  const date = validateBirthDate({ day: form.birth_day, month: form.birth_month, year: form.birth_year });
  if (date) errors[date.field] = date.rule;
  const score = validateMatchScore(form.match_score);
  if (score) errors.match_score = score;
  const id = validateUniqueIdentifier(form.unique_identifier);
  if (id) errors.unique_identifier = id;
  const national = validateNationalId(form.national_id);
  if (national) errors.national_id = national;
  const client = validateClientReference(form.client_reference);
  if (client) errors.client_reference = client;
  if (form.search_type === 'manual') {
    const databases = databasesProblem(form.databases);
    if (databases) errors.databases = databases;
  }
  if (form.search_type === 'profile' && !form.search_profile_id) errors.search_profile_id = 'profile_required';
  if (image) {
    const problem = validateFaceImage({ size: image.size, type: image.type });
    if (problem) errors.face_image = problem;
  }
  return errors;
}

function toFormData(form: FormState, image: File | null): FormData {
  const data = new FormData();
  const put = (key: string, value: string) => value.trim() && data.append(key, value.trim());
  put('search_term', form.search_term);
  put('entity_type', form.entity_type);
  put('birth_day', form.birth_day);
  put('birth_month', form.birth_month);
  put('birth_year', form.birth_year);
  put('unique_identifier', form.unique_identifier);
  form.countries.forEach((c) => data.append('countries[]', c));
  form.residence_countries.forEach((c) => data.append('residence_countries[]', c));
  put('nationality', form.nationality[0] ?? '');
  put('gender', form.gender);
  put('match_score', form.match_score);
  data.append('exact_match', String(form.exact_match));
  data.append('match_akas', String(form.match_akas));
  data.append('match_rca', String(form.match_rca));
  put('risk_engine_id', form.risk_engine_id);
  data.append('aml_monitoring', String(form.aml_monitoring));
  data.append('adverse_media_monitoring', String(form.adverse_media_monitoring));
  data.append('search_type', form.search_type);
  if (form.search_type === 'manual') form.databases.forEach((d) => data.append('databases[]', d));
  else put('search_profile_id', form.search_profile_id);
  put('client_reference', form.client_reference);
  put('national_id', form.national_id);
  if (image) data.append('face_image', image);
  return data;
}

const machine = createCaseMachine.provide({
  actors: { search: fromPromise(({ input }) => apiCall<{ reference: string }>('/search', { method: 'POST', body: input as FormData })) },
  actions: { contactSales: () => window.open(SALES_ADDRESS, '_blank') },
});

export default function MakeCasePage() {
  const intl = useIntl();
  const [, navigate] = useLocation();
  const [state, send] = useMachine(machine);
  // The linked-entity search opens this form with the name filled in.
  const [form, setForm] = useState<FormState>(() => ({ ...EMPTY, search_term: new URLSearchParams(window.location.search).get('search_term') ?? '' }));
  const [image, setImage] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [errors, setErrors] = useState<Errors>({});
  const fileInput = useRef<HTMLInputElement>(null);
  const countries = useApiGet<{ data: { code: string; name: string }[] }>('/countries');
  const profiles = useApiGet<{ data: { _id: string; title: string }[] }>('/search-profiles');
  const engines = useApiGet<{ data: { _id: string; title: string }[] }>('/risk-score-engine-list');
  const codes = countries.data?.data.map((c) => c.code) ?? [];
  const busy = state.matches('searching');

  useEffect(() => {
    if (state.matches('created') && state.context.reference) {
      notify.success(messageText('case_created', `Case ${state.context.reference} created.`, { ref: state.context.reference }));
      navigate(`/case/${state.context.reference}`);
    }
  }, [state, navigate]);

  useEffect(() => {
    if (!image) return setPreview(null);
    const url = URL.createObjectURL(image);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [image]);

  const set = <K extends keyof FormState>(key: K, value: FormState[K]) => {
    setForm((f) => ({ ...f, [key]: value }));
    if (errors[key]) setErrors((e) => ({ ...e, [key]: undefined }));
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const found = validate(form, image);
    setErrors(found);
    if (Object.values(found).some(Boolean)) return;
    send({ type: 'SUBMIT', values: toFormData(form, image) });
  };

  const chooseImage = (file: File | undefined) => {
    if (!file) return;
    const problem = validateFaceImage({ size: file.size, type: file.type });
    setErrors((e) => ({ ...e, face_image: problem ?? undefined }));
    setImage(problem ? null : file);
  };

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
                <FormField label={<FormattedMessage id="cases.fields.search_term" />} error={errors.search_term} required helper={<FormattedMessage id="cases.create.search_term_help" />}>
                  <Input name="search_term" value={form.search_term} maxLength={LIMITS.searchTerm.max + 20} autoFocus onChange={(e) => set('search_term', e.target.value)} />
                </FormField>
                <Field.Root required invalid={Boolean(errors.entity_type)}>
                  <Field.Label>
                    <FormattedMessage id="cases.fields.entity_type" />
                    <Field.RequiredIndicator />
                  </Field.Label>
                  <SegmentGroup.Root value={form.entity_type} onValueChange={(d) => d.value && set('entity_type', d.value)} aria-label={label('cases.fields.entity_type')}>
                    <SegmentGroup.Indicator />
                    {ENTITY_TYPES.map((t) => (
                      <SegmentGroup.Item key={t} value={t} data-testid={`entity-type-${t}`}>
                        <SegmentGroup.ItemText>{valueLabel(intl, 'entity_type', t)}</SegmentGroup.ItemText>
                        <SegmentGroup.ItemHiddenInput />
                      </SegmentGroup.Item>
                    ))}
                  </SegmentGroup.Root>
                </Field.Root>
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
                  <FormField label={<FormattedMessage id="cases.fields.countries" />}>
                    <CountryPicker name="countries" label={label('cases.fields.countries')} codes={codes} value={form.countries} onChange={(v) => set('countries', v)} placeholder={label('cases.create.add_country')} />
                  </FormField>
                  <FormField label={<FormattedMessage id="cases.fields.residence_countries" />}>
                    <CountryPicker name="residence_countries" label={label('cases.fields.residence_countries')} codes={codes} value={form.residence_countries} onChange={(v) => set('residence_countries', v)} placeholder={label('cases.create.add_country')} />
                  </FormField>
                  <FormField label={<FormattedMessage id="cases.fields.nationality" />}>
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
                <RadioGroup.Root value={form.search_type} onValueChange={(d) => set('search_type', d.value as FormState['search_type'])} colorPalette="brand">
                  <HStack gap="6">
                    {(['manual', 'profile'] as const).map((type) => (
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
                    options={titledOptions(label(engines.data?.data.length ? 'cases.create.default_risk' : 'cases.create.no_risk_engines'), engines.data?.data)}
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
                    <Button variant="ghost" size="sm" onClick={() => setImage(null)}>
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

            <ServerError message={state.context.error} code={state.context.errorCode} />
            <Flex gap="3" justify="flex-end">
              <Button
                variant="outline"
                onClick={() => {
                  setForm(EMPTY);
                  setImage(null);
                  setErrors({});
                }}
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

      <Dialog.Root open={state.matches('creditsExpired')} onOpenChange={(d) => !d.open && send({ type: 'CLOSE_DIALOG' })} placement="center" role="alertdialog">
        <Portal>
          <Dialog.Backdrop />
          <Dialog.Positioner>
            <Dialog.Content data-testid="credits-expired-dialog">
              <Dialog.Header>
                <Dialog.Title>
                  <FormattedMessage id="cases.credits.title" />
                </Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <Stack gap="2">
                  <Text fontWeight="medium">{messageText('search_limit', 'Your search limit has been reached.')}</Text>
                  <Text color="fg.muted">
                    <FormattedMessage id="cases.credits.body" />
                  </Text>
                </Stack>
              </Dialog.Body>
              <Dialog.Footer>
                <Button variant="outline" onClick={() => send({ type: 'CLOSE_DIALOG' })}>
                  <FormattedMessage id="cases.common.close" />
                </Button>
                <Button colorPalette="brand" onClick={() => send({ type: 'CONTACT_SALES' })} data-testid="contact-sales">
                  <FormattedMessage id="cases.credits.contact_sales" />
                </Button>
              </Dialog.Footer>
            </Dialog.Content>
          </Dialog.Positioner>
        </Portal>
      </Dialog.Root>
    </Box>
  );
}
