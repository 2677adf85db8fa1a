/**
 * "Upload transactions": renders the upload statechart's snapshot (machines/transactions/transaction-upload) and
 * sends it events. A CSV or Excel file with the columns of section 3's Transaction (the template's), checked and decided
 * whole by the API; its problems by line and column when refused ('Errors Found in Your File'), with an error
 * file; a summary of what was stored. Mounted while open, so closing stops the actor and aborts an upload.
 */
import { Alert, Button, CloseButton, DataList, Dialog, Portal, Stack, Text } from '@chakra-ui/react';
import { useActorRef, useSelector } from '@xstate/react';
import { useRef, useState } from 'react';
import { LuUpload } from 'react-icons/lu';
import { FormattedMessage, useIntl } from 'react-intl';
import { MESSAGES, type MessageId } from '@common/messages';
import { TRANSACTION_CSV_COLUMNS, TRANSACTION_LIMITS } from '@common/transactions';
import { transactionUploadMachine, UPLOAD_EXTENSIONS, type UploadProblem } from '@machines/transactions/transaction-upload.machine';
import * as sel from '@machines/transactions/transaction-upload.selectors';
import type { TransactionUploadAnswer } from '@machines/transactions/views';
import { FileDropZone } from '../../components/FileDropZone';
import { FileProblems } from '../../components/FileProblems';
import { ServerError } from '../../components/ServerError';
import { TemplateDownloads, UploadProgress } from '../../components/UploadSteps';
import { inspect } from '../../lib/inspector';
import { messageById, messageText } from '../../lib/i18n';
import { notify } from '../../lib/toaster';
import { saveErrorFile } from '../../lib/upload';
import { tmApi, uploadTransactions } from './api';
import { tmLabel } from './labels';

const PREFIX = 'transactions.upload';

/** A problem's message: the API's message id translated, else its text. */
const problemText = (p: { code: MessageId }) => messageText(p.code, MESSAGES[p.code] ?? p.code);

export function UploadTransactionsDialog({ onClose, onUploaded }: { onClose: () => void; onUploaded: (answer: TransactionUploadAnswer) => void }) {
  const intl = useIntl();
  const effects = useRef({ onClose, onUploaded });
  effects.current = { onClose, onUploaded };
  const [machine] = useState(() =>
    transactionUploadMachine.provide({
      actors: { upload: uploadTransactions },
      actions: {
        uploaded: (_, { answer }) => {
          notify.success(intl.formatMessage({ id: `${PREFIX}.stored_snack` }, { count: answer.accepted }));
          effects.current.onUploaded(answer);
        },
        close: () => effects.current.onClose(),
        downloadErrors: (_, { problems, fileName }) =>
          saveErrorFile(
            intl,
            PREFIX,
            problems.map((p: UploadProblem) => ({ row: p.row, column: p.column, code: p.code })),
            fileName,
          ),
      },
    }),
  );
  const actor = useActorRef(machine, { inspect });
  const send = actor.send;
  const step = useSelector(actor, sel.selectStep);
  const editable = useSelector(actor, sel.selectEditable);
  const busy = useSelector(actor, sel.selectBusy);
  const storing = useSelector(actor, sel.selectStoring);
  const file = useSelector(actor, sel.selectFile);
  const fileError = useSelector(actor, sel.selectFileError);
  const problems = useSelector(actor, sel.selectProblems);
  const result = useSelector(actor, sel.selectResult);
  const counts = useSelector(actor, sel.selectStatusCounts);
  const error = useSelector(actor, sel.selectError);
  const percent = useSelector(actor, sel.selectUploadPercent);
  const input = useRef<HTMLInputElement>(null);

  const fileErrorText = fileError === 'no_file' ? intl.formatMessage({ id: `${PREFIX}.no_file_chosen` }) : fileError ? messageById(fileError) : null;

  return (
    <Dialog.Root open onOpenChange={(d) => !d.open && send({ type: 'CANCEL' })} size="lg" placement="center" scrollBehavior="inside">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="tx-upload-dialog" data-step={step}>
            <Dialog.Header>
              <Dialog.Title>{step === 'invalid' ? messageText('errors_found_in_file', MESSAGES.errors_found_in_file) : <FormattedMessage id={step === 'stored' ? `${PREFIX}.stored_title` : `${PREFIX}.title`} />}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <form
                noValidate
                id="tx-upload-form"
                onSubmit={(e) => {
                  e.preventDefault();
                  send({ type: 'SUBMIT' });
                }}
              >
                <Stack gap="4">
                  {step === 'stored' && result && (
                    <Stack gap="3" data-testid="tx-upload-summary">
                      <Alert.Root status="success">
                        <Alert.Indicator />
                        <Alert.Description>
                          <FormattedMessage id={`${PREFIX}.stored_body`} values={{ accepted: result.accepted, duplicates: result.duplicates }} />
                        </Alert.Description>
                      </Alert.Root>
                      {counts.length > 0 && (
                        <DataList.Root orientation="horizontal" size="sm">
                          {counts.map(([status, n]) => (
                            <DataList.Item key={status}>
                              <DataList.ItemLabel>{tmLabel(intl, 'status', status)}</DataList.ItemLabel>
                              <DataList.ItemValue data-testid={`tx-upload-count-${status.replace(/\s+/g, '_')}`}>{intl.formatNumber(n)}</DataList.ItemValue>
                            </DataList.Item>
                          ))}
                        </DataList.Root>
                      )}
                    </Stack>
                  )}

                  {step === 'invalid' && (
                    <FileProblems
                      problems={problems.map((p) => ({ ...p, value: undefined }))}
                      count={problems.length}
                      messageOf={problemText}
                      prefix={PREFIX}
                      onDownload={() => send({ type: 'DOWNLOAD_ERRORS' })}
                      testIds={{ box: 'tx-file-problems', row: 'tx-problem-row', download: 'tx-download-errors' }}
                    />
                  )}

                  {step !== 'stored' && (
                    <>
                      {step !== 'invalid' && <TemplateDownloads prefix={PREFIX} testIdPrefix="tx-upload-template-" download={tmApi.uploadTemplate} />}
                      <Stack gap="1">
                        <FileDropZone
                          file={file}
                          invalid={Boolean(fileErrorText)}
                          editable={editable}
                          accept={UPLOAD_EXTENSIONS}
                          onChoose={(chosen) => send({ type: 'CHOOSE', file: chosen ?? null })}
                          inputRef={input}
                          prefix={PREFIX}
                          testIds={{ zone: 'tx-file-drop', name: 'tx-chosen-file', input: 'tx-file-input', choose: 'tx-choose-file' }}
                        >
                          <Text fontSize="xs" color="fg.muted">
                            <FormattedMessage id={`${PREFIX}.limits`} values={{ rows: TRANSACTION_LIMITS.uploadRowsMax, size: Math.round(TRANSACTION_LIMITS.uploadMaxBytes / 1024 / 1024) }} />
                          </Text>
                          <Text fontSize="xs" color="fg.muted" fontFamily="mono" dir="ltr" lineClamp={3} title={TRANSACTION_CSV_COLUMNS.join(', ')}>
                            {TRANSACTION_CSV_COLUMNS.join(', ')}
                          </Text>
                        </FileDropZone>
                        {fileErrorText && (
                          <Text fontSize="sm" color="fg.error" data-testid="field-error">
                            {fileErrorText}
                          </Text>
                        )}
                      </Stack>
                    </>
                  )}

                  {step === 'sending' && <UploadProgress prefix={PREFIX} percent={percent} processing={storing} processingMessage={`${PREFIX}.deciding`} testId="tx-uploading" />}
                  {error && <ServerError message={error.message} code={error.code} />}
                </Stack>
              </form>
            </Dialog.Body>
            <Dialog.Footer>
              {step === 'stored' ? (
                <Button colorPalette="brand" onClick={() => send({ type: 'CLOSE' })} data-testid="tx-upload-done">
                  <FormattedMessage id={`${PREFIX}.done`} />
                </Button>
              ) : (
                <>
                  <Button variant="outline" onClick={() => send({ type: 'CANCEL' })} data-testid="tx-upload-cancel">
                    <FormattedMessage id="admin.actions.cancel" />
                  </Button>
                  {step === 'invalid' ? (
                    <Button colorPalette="brand" onClick={() => input.current?.click()} data-testid="tx-choose-fixed">
                      <LuUpload /> <FormattedMessage id={`${PREFIX}.choose_fixed`} />
                    </Button>
                  ) : step === 'failed' ? (
                    <Button colorPalette="brand" onClick={() => send({ type: 'RETRY' })} data-testid="tx-upload-retry">
                      <FormattedMessage id={`${PREFIX}.retry`} />
                    </Button>
                  ) : (
                    <Button type="submit" form="tx-upload-form" colorPalette="brand" loading={busy} disabled={busy} data-testid="tx-upload-submit">
                      <LuUpload /> <FormattedMessage id={`${PREFIX}.submit`} />
                    </Button>
                  )}
                </>
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
