/**
 * The upload modal: renders the bulk-upload statechart's snapshot and sends
 * it events (machines/bulk-upload). The calls and effects are supplied here
 * with .provide(); the modal is mounted while open, so closing it stops the
 * actor and aborts a request still on its way.
 */
import { Alert, Box, Button, Checkbox, CloseButton, Dialog, Fieldset, HStack, Input, Portal, RadioGroup, SimpleGrid, Stack, Switch, Text } from '@chakra-ui/react';
import { useActorRef, useSelector } from '@xstate/react';
import { useRef, useState } from 'react';
import { LuCircleCheck, LuUpload } from 'react-icons/lu';
import { FormattedMessage, useIntl } from 'react-intl';
import { useLocation } from 'wouter';
import { BULK_FILE_EXTENSIONS, type BatchView } from '@common/bulk';
import { DATABASES } from '@common/enums';
import { MESSAGES } from '@common/messages';
import { bulkUploadMachine } from '@machines/bulk-upload/bulk-upload.machine';
import {
  selectBatch,
  selectBatchName,
  selectBusy,
  selectCanRetry,
  selectChecking,
  selectCreditsDialog,
  selectEditable,
  selectError,
  selectFailedRows,
  selectFieldErrors,
  selectFile,
  selectName,
  selectOptions,
  selectProblems,
  selectProgress,
  selectRows,
  selectStep,
  selectUploadPercent,
} from '@machines/bulk-upload/bulk-upload.selectors';
import type { BulkUploadOptions } from '@machines/bulk-upload/bulk-upload.types';
import { CreditsExpiredDialog, SALES_ADDRESS } from '../../components/CreditsExpiredDialog';
import { FileDropZone } from '../../components/FileDropZone';
import { FileProblems } from '../../components/FileProblems';
import { TemplateDownloads, UploadProgress } from '../../components/UploadSteps';
import { FormField } from '../../components/FormField';
import { Name } from '../../components/Name';
import { Select } from '../../components/Select';
import { ServerError } from '../../components/ServerError';
import { messageText } from '../../lib/i18n';
import { inspect } from '../../lib/inspector';
import { notify } from '../../lib/toaster';
import { useResource } from '../../lib/useResource';
import { valueLabel } from '../../lib/valueLabels';
import { BatchProgressBar } from './BatchProgressBar';
import { bulkApi, followBatch, readFile, startBatch } from './api';
import { problemMessage, saveErrorFile } from '../../lib/upload';


export function UploadModal({ onClose, onStarted }: { onClose: () => void; onStarted: (batch: BatchView) => void }) {
  const intl = useIntl();
  const [, navigate] = useLocation();
  const effects = useRef({ onClose, onStarted, navigate });
  effects.current = { onClose, onStarted, navigate };
  const [machine] = useState(() =>
    bulkUploadMachine.provide({
      actors: { read: readFile, start: startBatch, follow: followBatch },
      actions: {
        started: (_, { batch, message }) => {
          notify.success(messageText('batch_started', message ?? MESSAGES.batch_started, { name: batch.name, rows: batch.total_count }));
          effects.current.onStarted(batch);
        },
        close: () => effects.current.onClose(),
        contactSales: () => window.open(SALES_ADDRESS, '_blank'),
        viewCases: (_, { name }) => effects.current.navigate(`/manage-case?batch=${encodeURIComponent(name)}`),
        downloadErrors: (_, { problems, fileName }) => saveErrorFile(intl, 'bulk.modal', problems, fileName),
      },
    }),
  );
  const actor = useActorRef(machine, { input: {}, inspect });
  const send = actor.send;
  const step = useSelector(actor, selectStep);
  const editable = useSelector(actor, selectEditable);
  const busy = useSelector(actor, selectBusy);
  const checking = useSelector(actor, selectChecking);
  const file = useSelector(actor, selectFile);
  const name = useSelector(actor, selectName);
  const options = useSelector(actor, selectOptions);
  const errors = useSelector(actor, selectFieldErrors);
  const error = useSelector(actor, selectError);
  const percent = useSelector(actor, selectUploadPercent);
  const rows = useSelector(actor, selectRows);
  const failedRows = useSelector(actor, selectFailedRows);
  const { problems, count } = useSelector(actor, selectProblems);
  const batch = useSelector(actor, selectBatch);
  const batchName = useSelector(actor, selectBatchName);
  const figures = useSelector(actor, selectProgress);
  const creditsDialog = useSelector(actor, selectCreditsDialog);
  const canRetry = useSelector(actor, selectCanRetry);
  const fileInput = useRef<HTMLInputElement>(null);
  const profiles = useResource<{ data: { _id: string; title: string }[] }>(options.search_type === 'profile' ? '/search-profiles' : null);
  const started = batch !== null;

  const setOption = (patch: Partial<BulkUploadOptions>) => send({ type: 'OPTIONS', options: patch });
  const choose = (chosen: File | null | undefined) => send({ type: 'CHOOSE', file: chosen ?? null });
  /** Escape, the close button and Cancel: before the start the upload is abandoned; after it the batch keeps running. */
  const dismiss = () => (started || step === 'done' ? send({ type: 'CLOSE' }) : send({ type: 'CANCEL' }));
  const fileError = errors.file ?? null;

  return (
    <>
      <Dialog.Root open onOpenChange={(d) => !d.open && dismiss()} size="lg" placement="center" scrollBehavior="inside">
        <Portal>
          <Dialog.Backdrop />
          <Dialog.Positioner>
            <Dialog.Content data-testid="upload-modal" data-step={step}>
              <Dialog.Header>
                <Dialog.Title>
                  {step === 'processing' || step === 'pausedForCredits' ? (
                    <FormattedMessage id="bulk.modal.processing_title" values={{ name: <Name>{batchName ?? name}</Name> }} />
                  ) : step === 'done' ? (
                    <FormattedMessage id="bulk.modal.done_title" />
                  ) : step === 'invalid' ? (
                    messageText('errors_found_in_file', MESSAGES.errors_found_in_file)
                  ) : (
                    <FormattedMessage id="bulk.modal.title" />
                  )}
                </Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <Stack gap="5">
                  {(step === 'choosing' || step === 'reading' || step === 'invalid' || step === 'ready' || step === 'uploading') && (
                    <>
                      {step !== 'invalid' && (
                        <TemplateDownloads prefix="bulk.modal" testIdPrefix="template-" download={bulkApi.downloadTemplate} />
                      )}

                      <FormField label={<FormattedMessage id="bulk.modal.file" />} error={fileError} required>
                        <FileDropZone
                          file={file}
                          invalid={Boolean(errors.file)}
                          editable={editable}
                          accept={BULK_FILE_EXTENSIONS}
                          onChoose={choose}
                          inputRef={fileInput}
                          prefix="bulk.modal"
                          testIds={{ zone: 'file-drop', name: 'chosen-file', input: 'file-input', choose: 'choose-file' }}
                        />
                      </FormField>
                      {step === 'choosing' && error && <ServerError message={error.message} code={error.code} values={error.values} />}
                    </>
                  )}

                  {step === 'reading' && (
                    <UploadProgress prefix="bulk.modal" percent={percent} processing={checking} processingMessage="bulk.modal.checking" testId="reading" />
                  )}

                  {step === 'invalid' && (
                    <FileProblems
                      problems={problems}
                      count={count}
                      messageOf={problemMessage}
                      prefix="bulk.modal"
                      onDownload={() => send({ type: 'DOWNLOAD_ERRORS' })}
                      testIds={{ box: 'file-problems', row: 'problem-row', download: 'download-errors' }}
                    />
                  )}

                  {(step === 'choosing' || step === 'ready' || step === 'uploading' || step === 'invalid' || step === 'reading') && (
                    <Stack gap="4">
                      <FormField label={<FormattedMessage id="bulk.modal.batch_name" />} error={errors.name} helper={<FormattedMessage id="bulk.modal.batch_name_help" />} required>
                        <Input name="batch_name" value={name} maxLength={120} disabled={busy} onChange={(e) => send({ type: 'NAME', name: e.target.value })} data-testid="batch-name" />
                      </FormField>
                      <Fieldset.Root size="sm" invalid={Boolean(errors.databases || errors.search_profile_id)} disabled={busy}>
                        <Fieldset.Legend>
                          <FormattedMessage id="bulk.modal.where" />
                        </Fieldset.Legend>
                        <RadioGroup.Root value={options.search_type} onValueChange={(d) => setOption({ search_type: d.value as BulkUploadOptions['search_type'] })} colorPalette="brand" size="sm">
                          <HStack gap="5">
                            {(['manual', 'profile'] as const).map((type) => (
                              <RadioGroup.Item key={type} value={type}>
                                <RadioGroup.ItemHiddenInput />
                                <RadioGroup.ItemIndicator />
                                <RadioGroup.ItemText>
                                  <FormattedMessage id={type === 'manual' ? 'bulk.modal.by_databases' : 'bulk.modal.by_profile'} />
                                </RadioGroup.ItemText>
                              </RadioGroup.Item>
                            ))}
                          </HStack>
                        </RadioGroup.Root>
                        {options.search_type === 'manual' ? (
                          <SimpleGrid columns={{ base: 1, md: 2 }} gap="2" mt="2">
                            {DATABASES.map((db) => (
                              <Checkbox.Root
                                key={db}
                                size="sm"
                                colorPalette="brand"
                                checked={options.databases.includes(db)}
                                onCheckedChange={(d) => setOption({ databases: d.checked ? [...options.databases, db] : options.databases.filter((x) => x !== db) })}
                                data-testid={`database-${db}`}
                              >
                                <Checkbox.HiddenInput />
                                <Checkbox.Control />
                                <Checkbox.Label>{valueLabel(intl, 'database', db)}</Checkbox.Label>
                              </Checkbox.Root>
                            ))}
                          </SimpleGrid>
                        ) : (
                          <Box mt="2">
                            <Select
                              size="sm"
                              name="search_profile_id"
                              aria-label={intl.formatMessage({ id: 'bulk.modal.by_profile' })}
                              value={options.search_profile_id}
                              onChange={(e) => setOption({ search_profile_id: e.target.value })}
                              options={[
                                { value: '', label: intl.formatMessage({ id: profiles.data?.data.length ? 'cases.create.choose_profile' : 'cases.create.no_profiles' }) },
                                ...(profiles.data?.data ?? []).map((p) => ({ value: p._id, label: p.title })),
                              ]}
                            />
                          </Box>
                        )}
                        {(errors.databases || errors.search_profile_id) && (
                          <Fieldset.ErrorText data-testid="field-error">{messageText(errors.databases ?? errors.search_profile_id, '')}</Fieldset.ErrorText>
                        )}
                      </Fieldset.Root>
                      <Fieldset.Root size="sm" disabled={busy}>
                        <Fieldset.Legend>
                          <FormattedMessage id="bulk.modal.matching" />
                        </Fieldset.Legend>
                        <SimpleGrid columns={{ base: 1, md: 2 }} gap="3" alignItems="start">
                          <FormField label={<FormattedMessage id="cases.fields.match_score" />} error={errors.match_score} labelSize="sm">
                            <Input size="sm" name="match_score" type="number" min={1} max={100} value={options.match_score} onChange={(e) => setOption({ match_score: e.target.value })} />
                          </FormField>
                          <Stack gap="2" pt="1">
                            {(
                              [
                                ['exact_match', 'cases.fields.exact_match'],
                                ['match_akas', 'cases.fields.match_akas'],
                                ['match_rca', 'cases.fields.match_rca'],
                              ] as const
                            ).map(([key, label]) => (
                              <Switch.Root key={key} size="sm" colorPalette="brand" checked={options[key]} onCheckedChange={(d) => setOption({ [key]: d.checked })}>
                                <Switch.HiddenInput />
                                <Switch.Control />
                                <Switch.Label>
                                  <FormattedMessage id={label} />
                                </Switch.Label>
                              </Switch.Root>
                            ))}
                          </Stack>
                        </SimpleGrid>
                      </Fieldset.Root>
                    </Stack>
                  )}

                  {(step === 'ready' || step === 'uploading') && rows !== null && (
                    <Alert.Root status="success" data-testid="ready">
                      <Alert.Indicator>
                        <LuCircleCheck />
                      </Alert.Indicator>
                      <Stack gap="0">
                        <Alert.Title>
                          <FormattedMessage id="bulk.modal.ready" values={{ rows }} />
                        </Alert.Title>
                        <Alert.Description>
                          <FormattedMessage id="bulk.modal.credits" values={{ rows }} />
                        </Alert.Description>
                      </Stack>
                    </Alert.Root>
                  )}
                  {(step === 'ready' || step === 'uploading') && failedRows && (
                    <Alert.Root status="warning" data-testid="failed-rows">
                      <Alert.Indicator />
                      <Stack gap="1">
                        <Alert.Title>
                          <FormattedMessage id="bulk.modal.failed_rows" values={{ count: failedRows.count }} />
                        </Alert.Title>
                        <Alert.Description>
                          <Stack gap="0" as="ul" listStyleType="none">
                            {failedRows.problems.slice(0, 5).map((p) => (
                              <Text as="li" key={`${p.row}-${p.column}`} textStyle="sm">
                                <FormattedMessage id="bulk.modal.failed_row" values={{ row: p.row, column: p.column, message: problemMessage(p) }} />
                                {p.value && (
                                  <>
                                    {' '}
                                    <Name>{p.value}</Name>
                                  </>
                                )}
                              </Text>
                            ))}
                          </Stack>
                        </Alert.Description>
                        <Box>
                          <Button size="xs" variant="outline" onClick={() => saveErrorFile(intl, 'bulk.modal', failedRows.problems, failedRows.fileName)} data-testid="download-failed-rows">
                            <FormattedMessage id="bulk.modal.download_failed_rows" />
                          </Button>
                        </Box>
                      </Stack>
                    </Alert.Root>
                  )}
                  {step === 'ready' && error && <ServerError message={error.message} code={error.code} values={error.values} />}

                  {(step === 'processing' || step === 'pausedForCredits') && batch && (
                    <Stack gap="3" data-testid="processing">
                      <BatchProgressBar progress={batch} size="md" />
                      <Text fontSize="sm" color="fg.muted">
                        <FormattedMessage id="bulk.modal.keeps_running" />
                      </Text>
                    </Stack>
                  )}

                  {step === 'done' && figures && (
                    <Alert.Root status={figures.failed ? 'warning' : 'success'} data-testid="done">
                      <Alert.Indicator />
                      <Alert.Description>
                        <FormattedMessage id="bulk.modal.done_counts" values={{ success: intl.formatNumber(figures.success), failed: intl.formatNumber(figures.failed) }} />
                      </Alert.Description>
                    </Alert.Root>
                  )}

                  {step === 'failed' && (
                    <Stack gap="2" data-testid="failed">
                      {batch?.phase === 'deleted' ? (
                        <Alert.Root status="warning">
                          <Alert.Indicator />
                          <Alert.Description>
                            <FormattedMessage id="bulk.modal.deleted" />
                          </Alert.Description>
                        </Alert.Root>
                      ) : (
                        <ServerError message={error?.message ?? null} code={error?.code} values={error?.values} />
                      )}
                    </Stack>
                  )}
                </Stack>
              </Dialog.Body>
              <Dialog.Footer>
                {(step === 'choosing' || step === 'reading' || step === 'invalid' || step === 'ready' || step === 'uploading') && (
                  <Button variant="outline" onClick={() => send({ type: 'CANCEL' })} data-testid="upload-cancel">
                    <FormattedMessage id="admin.actions.cancel" />
                  </Button>
                )}
                {(step === 'choosing' || step === 'reading') && (
                  <Button colorPalette="brand" onClick={() => send({ type: 'SUBMIT' })} loading={busy} disabled={busy} data-testid="check-file">
                    <FormattedMessage id="bulk.modal.check" />
                  </Button>
                )}
                {step === 'invalid' && (
                  <Button colorPalette="brand" onClick={() => fileInput.current?.click()} data-testid="choose-fixed">
                    <LuUpload /> <FormattedMessage id="bulk.modal.choose_fixed" />
                  </Button>
                )}
                {(step === 'ready' || step === 'uploading') && (
                  <Button colorPalette="brand" onClick={() => send({ type: 'START' })} loading={step === 'uploading'} data-testid="start-batch">
                    <FormattedMessage id="bulk.modal.start" />
                  </Button>
                )}
                {(step === 'processing' || step === 'pausedForCredits') && (
                  <Button variant="outline" onClick={() => send({ type: 'CLOSE' })} data-testid="close-running">
                    <FormattedMessage id="bulk.modal.close_running" />
                  </Button>
                )}
                {step === 'done' && (
                  <>
                    <Button variant="outline" onClick={() => send({ type: 'CLOSE' })} data-testid="close-done">
                      <FormattedMessage id="cases.common.close" />
                    </Button>
                    <Button colorPalette="brand" onClick={() => send({ type: 'VIEW_CASES' })} data-testid="modal-view-cases">
                      <FormattedMessage id="bulk.row.view_cases" />
                    </Button>
                  </>
                )}
                {step === 'failed' && (
                  <>
                    <Button variant="outline" onClick={dismiss}>
                      <FormattedMessage id="cases.common.close" />
                    </Button>
                    {canRetry && (
                      <Button colorPalette="brand" onClick={() => send({ type: 'RETRY' })} data-testid="retry">
                        <FormattedMessage id="bulk.modal.retry" />
                      </Button>
                    )}
                  </>
                )}
              </Dialog.Footer>
              <Dialog.CloseTrigger asChild>
                <CloseButton size="sm" />
              </Dialog.CloseTrigger>
            </Dialog.Content>
          </Dialog.Positioner>
        </Portal>
      </Dialog.Root>
      <CreditsExpiredDialog open={creditsDialog} onClose={() => send({ type: 'DISMISS' })} onFollowUp={() => send({ type: 'FOLLOW_UP' })}>
        {step === 'pausedForCredits' && (
          <Text fontSize="sm">
            <FormattedMessage id="bulk.modal.paused_body" />
          </Text>
        )}
      </CreditsExpiredDialog>
    </>
  );
}
