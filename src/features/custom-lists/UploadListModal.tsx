/**
 * The custom list upload modal: renders the list-upload statechart's snapshot and sends it events
 * (machines/custom-lists/list-upload). A new list (name, description, blacklist or whitelist, a file) or,
 * given a list, more records for it (a file only). The call and the effects are supplied here with
 * .provide(); the modal is mounted while open, so closing it stops the actor and aborts an upload on
 * its way.
 */
import { Button, CloseButton, Dialog, Fieldset, HStack, Input, Portal, RadioGroup, Stack, Text, Textarea } from '@chakra-ui/react';
import { useActorRef, useSelector } from '@xstate/react';
import { useRef, useState } from 'react';
import { LuUpload } from 'react-icons/lu';
import { FormattedMessage, useIntl } from 'react-intl';
import { LIMITS } from '@common/constants';
import { CUSTOM_LIST_COLUMNS, CUSTOM_LIST_FILE_EXTENSIONS } from '@common/custom-lists';
import { CUSTOM_LIST_TYPES } from '@common/enums';
import { MESSAGES } from '@common/messages';
import { listUploadMachine } from '@machines/custom-lists/list-upload.machine';
import {
  selectAppending,
  selectBusy,
  selectEditable,
  selectError,
  selectFieldErrors,
  selectFields,
  selectFile,
  selectProblems,
  selectStep,
  selectStoring,
  selectTargetList,
  selectUploadPercent,
} from '@machines/custom-lists/list-upload.selectors';
import type { TargetList, UploadAnswer } from '@machines/custom-lists/list-upload.types';
import { FileDropZone } from '../../components/FileDropZone';
import { FileProblems } from '../../components/FileProblems';
import { TemplateDownloads, UploadProgress } from '../../components/UploadSteps';
import { FormField } from '../../components/FormField';
import { Name } from '../../components/Name';
import { ServerError } from '../../components/ServerError';
import { messageById, messageText } from '../../lib/i18n';
import { inspect } from '../../lib/inspector';
import { notify } from '../../lib/toaster';
import { listApi, uploadList } from './api';
import { problemMessage, saveErrorFile } from '../../lib/upload';


interface Props {
  /** Adding records to this list; a new list when null. */
  list: TargetList | null;
  onClose: () => void;
  /** The list was stored (created, or records added). */
  onUploaded: (answer: UploadAnswer, appended: boolean) => void;
}

export function UploadListModal({ list, onClose, onUploaded }: Props) {
  const intl = useIntl();
  const effects = useRef({ onClose, onUploaded });
  effects.current = { onClose, onUploaded };
  const [machine] = useState(() =>
    listUploadMachine.provide({
      actors: { upload: uploadList },
      actions: {
        uploaded: (_, { answer, appended }) => {
          notify.success(messageText(answer.code, answer.message ?? '', answer.values));
          effects.current.onUploaded(answer, appended);
        },
        close: () => effects.current.onClose(),
        downloadErrors: (_, { problems, fileName }) => saveErrorFile(intl, 'custom_lists.upload', problems, fileName),
      },
    }),
  );
  const actor = useActorRef(machine, { input: { list }, inspect });
  const send = actor.send;
  const step = useSelector(actor, selectStep);
  const editable = useSelector(actor, selectEditable);
  const busy = useSelector(actor, selectBusy);
  const storing = useSelector(actor, selectStoring);
  const appending = useSelector(actor, selectAppending);
  const target = useSelector(actor, selectTargetList);
  const fields = useSelector(actor, selectFields);
  const file = useSelector(actor, selectFile);
  const errors = useSelector(actor, selectFieldErrors);
  const error = useSelector(actor, selectError);
  const percent = useSelector(actor, selectUploadPercent);
  const { problems, count } = useSelector(actor, selectProblems);
  const fileInput = useRef<HTMLInputElement>(null);

  const choose = (chosen: File | null | undefined) => send({ type: 'CHOOSE', file: chosen ?? null });

  return (
    <Dialog.Root open onOpenChange={(d) => !d.open && send({ type: 'CANCEL' })} size="lg" placement="center" scrollBehavior="inside">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="list-upload-modal" data-step={step}>
            <Dialog.Header>
              <Dialog.Title>
                {step === 'invalid' ? (
                  messageText('errors_found_in_file', MESSAGES.errors_found_in_file)
                ) : appending ? (
                  <FormattedMessage id="custom_lists.upload.append_title" values={{ name: <Name>{target?.name ?? ''}</Name> }} />
                ) : (
                  <FormattedMessage id="custom_lists.upload.create_title" />
                )}
              </Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <form
                noValidate
                id="list-upload-form"
                onSubmit={(e) => {
                  e.preventDefault();
                  send({ type: 'SUBMIT' });
                }}
              >
                <Stack gap="5">
                  {/* The problems first: they are what the user came back for. */}
                  {step === 'invalid' && (
                    <FileProblems
                      problems={problems}
                      count={count}
                      messageOf={problemMessage}
                      prefix="custom_lists.upload"
                      onDownload={() => send({ type: 'DOWNLOAD_ERRORS' })}
                      testIds={{ box: 'list-file-problems', row: 'list-problem-row', download: 'list-download-errors' }}
                    />
                  )}

                  {!appending && (
                    <Fieldset.Root disabled={busy}>
                      <Fieldset.Legend>
                        <FormattedMessage id="custom_lists.upload.details" />
                      </Fieldset.Legend>
                      <Stack gap="4" mt="2">
                        <FormField label={<FormattedMessage id="custom_lists.fields.name" />} error={errors.name} helper={<FormattedMessage id="custom_lists.upload.name_help" />} required>
                          <Input name="name" value={fields.name} maxLength={LIMITS.customListName.max + 10} onChange={(e) => send({ type: 'NAME', name: e.target.value })} data-testid="list-name" />
                        </FormField>
                        <FormField label={<FormattedMessage id="custom_lists.fields.description" />} error={errors.description} helper={<FormattedMessage id="custom_lists.upload.description_help" />} required>
                          <Textarea
                            name="description"
                            rows={2}
                            value={fields.description}
                            maxLength={LIMITS.customListDescription.max + 10}
                            onChange={(e) => send({ type: 'DESCRIPTION', description: e.target.value })}
                            data-testid="list-description"
                          />
                        </FormField>
                        <Fieldset.Root invalid={Boolean(errors.type)} disabled={busy}>
                          <Fieldset.Legend fontSize="sm">
                            <FormattedMessage id="custom_lists.fields.type" />
                          </Fieldset.Legend>
                          <RadioGroup.Root value={fields.type || null} onValueChange={(d) => d.value && send({ type: 'TYPE', listType: d.value as (typeof CUSTOM_LIST_TYPES)[number] })} colorPalette="brand" size="sm">
                            <Stack gap="2">
                              {CUSTOM_LIST_TYPES.map((type) => (
                                <RadioGroup.Item key={type} value={type} data-testid={`list-type-${type}`}>
                                  <RadioGroup.ItemHiddenInput />
                                  <RadioGroup.ItemIndicator />
                                  <RadioGroup.ItemText>
                                    <Text as="span" fontWeight="medium">
                                      <FormattedMessage id={`custom_lists.type.${type}`} />
                                    </Text>
                                    <Text as="span" color="fg.muted">
                                      {' — '}
                                      <FormattedMessage id={`custom_lists.type.${type}_help`} />
                                    </Text>
                                  </RadioGroup.ItemText>
                                </RadioGroup.Item>
                              ))}
                            </Stack>
                          </RadioGroup.Root>
                          {errors.type && <Fieldset.ErrorText data-testid="field-error">{messageById(errors.type)}</Fieldset.ErrorText>}
                        </Fieldset.Root>
                      </Stack>
                    </Fieldset.Root>
                  )}

                  {step !== 'invalid' && (
                    <TemplateDownloads prefix="custom_lists.upload" testIdPrefix="list-template-" download={listApi.downloadTemplate} />
                  )}

                  <FormField label={<FormattedMessage id="custom_lists.upload.file" />} error={errors.file} required>
                    <FileDropZone
                      file={file}
                      invalid={Boolean(errors.file)}
                      editable={editable}
                      accept={CUSTOM_LIST_FILE_EXTENSIONS}
                      onChoose={choose}
                      inputRef={fileInput}
                      prefix="custom_lists.upload"
                      testIds={{ zone: 'list-file-drop', name: 'list-chosen-file', input: 'list-file-input', choose: 'list-choose-file' }}
                    >
                      <HStack gap="1" fontSize="xs" color="fg.muted" wrap="wrap" justify="center">
                        <Text as="span">
                          <FormattedMessage id="custom_lists.upload.columns" />
                        </Text>
                        <Text as="span" fontFamily="mono" dir="ltr" data-testid="list-columns">
                          {CUSTOM_LIST_COLUMNS.join(', ')}
                        </Text>
                      </HStack>
                    </FileDropZone>
                  </FormField>

                  {step === 'sending' && (
                    <UploadProgress prefix="custom_lists.upload" percent={percent} processing={storing} processingMessage="custom_lists.upload.storing" testId="list-uploading" />
                  )}

                  {error && <ServerError message={error.message} code={error.code} values={error.values} />}
                </Stack>
              </form>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={() => send({ type: 'CANCEL' })} data-testid="list-upload-cancel">
                <FormattedMessage id="admin.actions.cancel" />
              </Button>
              {step === 'invalid' ? (
                <Button colorPalette="brand" onClick={() => fileInput.current?.click()} data-testid="list-choose-fixed">
                  <LuUpload /> <FormattedMessage id="custom_lists.upload.choose_fixed" />
                </Button>
              ) : step === 'failed' ? (
                <Button colorPalette="brand" onClick={() => send({ type: 'RETRY' })} data-testid="list-upload-retry">
                  <FormattedMessage id="custom_lists.upload.retry" />
                </Button>
              ) : (
                <Button type="submit" form="list-upload-form" colorPalette="brand" loading={busy} disabled={busy} data-testid="list-upload-submit">
                  <LuUpload /> <FormattedMessage id={appending ? 'custom_lists.upload.append_submit' : 'custom_lists.upload.create_submit'} />
                </Button>
              )}
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={intl.formatMessage({ id: 'admin.actions.cancel' })} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
