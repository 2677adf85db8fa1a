/**
 * Adding a record to a list, or editing one: renders the record form statechart
 * (machines/custom-lists/record-form), whose fields are checked with the rules of a file row before
 * anything is sent. Mounted while open, so each opening starts from the record (or from blank). When
 * the list or the record was deleted meanwhile, the dialog says so instead of the form.
 */
import { Alert, Button, CloseButton, Dialog, Grid, Input, Portal, Stack, Textarea } from '@chakra-ui/react';
import { useActorRef, useSelector } from '@xstate/react';
import { useRef, useState } from 'react';
import { fromPromise } from 'xstate';
import { FormattedMessage, useIntl } from 'react-intl';
import type { ListRecordView } from '@common/custom-lists';
import { ENTITY_TYPES } from '@common/enums';
import { EMPTY_RECORD_FORM, recordBody, recordFormMachine, recordFormValues } from '@machines/custom-lists/record-form.machine';
import { RECORD_FIELDS, selectBusy, selectFieldError, selectFormError, selectValues } from '@machines/custom-lists/record-form.selectors';
import type { RecordFormField, RecordFormValues, SavedRecord } from '@machines/custom-lists/record-form.types';
import { selectHalted } from '@machines/forms/form.selectors';
import { FormField } from '../../components/FormField';
import { Select } from '../../components/Select';
import { ServerError } from '../../components/ServerError';
import { messageText } from '../../lib/i18n';
import { inspect } from '../../lib/inspector';
import { notify } from '../../lib/toaster';
import { valueOptions } from '../../lib/valueLabels';
import { listApi } from './api';

interface Props {
  /** The list a new record goes to. */
  listId: string;
  /** The record edited; null for a new one. */
  record: ListRecordView | null;
  onClose: () => void;
  /** Saved: the page shows the record as it is now. */
  onSaved: (record: ListRecordView) => void;
}

export function RecordFormDialog({ listId, record, onClose, onSaved }: Props) {
  const intl = useIntl();
  const effects = useRef({ onClose, onSaved });
  effects.current = { onClose, onSaved };
  const [machine] = useState(() =>
    recordFormMachine.provide({
      actors: {
        submit: fromSubmit(listId, record),
      },
      actions: {
        notify: (_, { result }) => {
          const saved = result as SavedRecord;
          notify.success(messageText(saved.code, saved.message ?? ''));
        },
        navigate: (_, { result }) => {
          effects.current.onSaved((result as SavedRecord).record);
          effects.current.onClose();
        },
        // The list or the record is gone: the dialog closes and the page shows it as it is now.
        followUp: () => effects.current.onClose(),
      },
    }),
  );
  const actor = useActorRef(machine, { input: { values: record ? recordFormValues(record) : EMPTY_RECORD_FORM }, inspect });
  const values = useSelector(actor, selectValues<RecordFormValues>);
  const busy = useSelector(actor, selectBusy);
  const halted = useSelector(actor, selectHalted);
  const formError = useSelector(actor, (s) => selectFormError(s, RECORD_FIELDS));
  const errors = useSelector(
    actor,
    (s) => Object.fromEntries(RECORD_FIELDS.map((f) => [f, selectFieldError(s, f)])) as Record<RecordFormField, ReturnType<typeof selectFieldError>>,
    (a, b) => RECORD_FIELDS.every((f) => a[f] === b[f]),
  );
  const edit = (field: RecordFormField, value: string, check = false) => actor.send({ type: 'EDIT', field, value, check });
  const close = () => (halted ? actor.send({ type: 'FOLLOW_UP' }) : onClose());

  return (
    <Dialog.Root open onOpenChange={(d) => !d.open && !busy && close()} size="lg" placement="center" scrollBehavior="inside" closeOnInteractOutside={!busy}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="record-form">
            <form
              noValidate
              onSubmit={(e) => {
                e.preventDefault();
                if (!busy && !halted) actor.send({ type: 'SUBMIT' });
              }}
            >
              <Dialog.Header>
                <Dialog.Title>
                  <FormattedMessage id={record ? 'custom_lists.record_form.edit_title' : 'custom_lists.record_form.add_title'} />
                </Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                {halted ? (
                  <Alert.Root status="warning" data-testid="record-gone">
                    <Alert.Indicator />
                    <Alert.Description>{messageText(formError?.code, formError?.message ?? '')}</Alert.Description>
                  </Alert.Root>
                ) : (
                  <Stack gap="4">
                    <FormField label={<FormattedMessage id="custom_lists.fields.full_name" />} error={errors.full_name} required>
                      <Input name="full_name" value={values.full_name} maxLength={120} onChange={(e) => edit('full_name', e.target.value)} data-testid="record-full-name" data-autofocus />
                    </FormField>
                    <Grid templateColumns={{ base: '1fr', md: '1fr 1fr' }} gap="4">
                      <FormField label={<FormattedMessage id="custom_lists.fields.entity_type" />} error={errors.entity_type} required>
                        <Select
                          name="entity_type"
                          aria-label={intl.formatMessage({ id: 'custom_lists.fields.entity_type' })}
                          value={values.entity_type}
                          onChange={(e) => edit('entity_type', e.currentTarget.value, true)}
                          options={valueOptions(intl, 'entity_type', ENTITY_TYPES)}
                          data-testid="record-entity-type"
                        />
                      </FormField>
                      <FormField label={<FormattedMessage id="custom_lists.fields.date_of_birth" />} error={errors.date_of_birth} helper={<FormattedMessage id="custom_lists.record_form.date_help" />}>
                        <Input name="date_of_birth" dir="ltr" value={values.date_of_birth} maxLength={20} placeholder="1985-04-23" onChange={(e) => edit('date_of_birth', e.target.value)} data-testid="record-date" />
                      </FormField>
                      <FormField label={<FormattedMessage id="custom_lists.fields.country" />} error={errors.country} helper={<FormattedMessage id="custom_lists.record_form.country_help" />}>
                        <Input name="country" dir="ltr" value={values.country} maxLength={2} placeholder="GB" onChange={(e) => edit('country', e.target.value)} data-testid="record-country" />
                      </FormField>
                      <FormField label={<FormattedMessage id="custom_lists.fields.category" />} error={errors.category}>
                        <Input name="category" value={values.category} maxLength={110} onChange={(e) => edit('category', e.target.value)} data-testid="record-category" />
                      </FormField>
                    </Grid>
                    <FormField label={<FormattedMessage id="custom_lists.fields.aliases" />} error={errors.aliases} helper={<FormattedMessage id="custom_lists.record_form.aliases_help" />}>
                      <Textarea name="aliases" rows={3} value={values.aliases} onChange={(e) => edit('aliases', e.target.value)} data-testid="record-aliases" />
                    </FormField>
                    <ServerError message={formError?.message ?? null} code={formError?.code} />
                  </Stack>
                )}
              </Dialog.Body>
              <Dialog.Footer>
                {halted ? (
                  <Button colorPalette="brand" onClick={() => actor.send({ type: 'FOLLOW_UP' })} data-testid="record-gone-close">
                    <FormattedMessage id="cases.common.close" />
                  </Button>
                ) : (
                  <>
                    <Button variant="outline" onClick={onClose} disabled={busy}>
                      <FormattedMessage id="admin.actions.cancel" />
                    </Button>
                    <Button type="submit" colorPalette="brand" loading={busy} data-testid="record-save">
                      <FormattedMessage id={record ? 'admin.actions.save' : 'custom_lists.record_form.add_submit'} />
                    </Button>
                  </>
                )}
              </Dialog.Footer>
            </form>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" disabled={busy} aria-label={intl.formatMessage({ id: 'admin.actions.cancel' })} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

/** The form's request: a new record for the list, or the edited record's fields. */
function fromSubmit(listId: string, record: ListRecordView | null) {
  return fromPromise<unknown, Record<string, unknown>>(({ input }) => {
    const body = recordBody(input as RecordFormValues);
    return record ? listApi.updateRecord(record._id, body) : listApi.addRecord(listId, body);
  });
}
