/**
 * The decision dialog for selected cases (bulk review) or entities, run by the
 * review statechart: the view renders its draft and sends EDIT / SUBMIT.
 */
import { Field, Grid, Stack, Textarea } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { ActorRefFrom } from 'xstate';
import { CASE_STATUSES, MATCH_STATUSES, RISK_LEVELS } from '@common/enums';
import { LIMITS } from '@common/constants';
import type { reviewMachine } from '@machines/cases/review.machine';
import { ActionDialog } from '../../components/ActionDialog';
import { SelectField } from '../../components/Select';
import { messageById } from '../../lib/i18n';
import { useResource } from '../../lib/useResource';
import { valueOptions, type ValueGroup } from './labels';
import type { Assignee } from './types';

interface Props {
  actor: ActorRefFrom<typeof reviewMachine>;
  canAssign: boolean;
}

const KEEP = '';

export function ReviewDialog({ actor, canAssign }: Props) {
  const intl = useIntl();
  const open = useSelector(actor, (s) => s.hasTag('open'));
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const context = useSelector(actor, (s) => s.context);
  const assignees = useResource<{ data: Assignee[] }>(open && canAssign ? '/case-assignees' : null);
  const draft = context.draft;
  // Entities have no case status of their own.
  const scope = context.target?.kind ?? 'cases';
  const count = context.target ? (context.target.kind === 'cases' ? context.target.references.length : context.target.ids.length) : 0;
  const edit = (patch: Record<string, unknown>) => actor.send({ type: 'EDIT', patch });

  const keep = { value: KEEP, label: intl.formatMessage({ id: 'cases.review.keep' }) };
  const select = (name: string, group: ValueGroup, values: readonly string[], value: string | undefined, onChange: (v: string | undefined) => void) => (
    <SelectField
      label={<FormattedMessage id={`cases.fields.${name}`} />}
      size="sm"
      name={name}
      value={value ?? KEEP}
      onChange={(e) => onChange(e.target.value || undefined)}
      data-testid={`review-${name}`}
      options={[keep, ...valueOptions(intl, group, values)]}
    />
  );

  return (
    <ActionDialog
      open={open}
      busy={busy}
      size="lg"
      testId="review-dialog"
      title={<FormattedMessage id={scope === 'cases' ? 'cases.review.title_cases' : 'cases.review.title_entities'} values={{ count }} />}
      submitLabel={<FormattedMessage id="cases.review.submit" />}
      error={{ message: context.error, code: context.errorCode }}
      onSubmit={() => actor.send({ type: 'SUBMIT' })}
      onClose={() => actor.send({ type: 'CANCEL' })}
    >
      <Stack gap="4">
        <Grid templateColumns={{ base: '1fr', md: '1fr 1fr' }} gap="4">
          {select('match_status', 'match_status', MATCH_STATUSES, draft.match_status, (v) => edit({ match_status: v }))}
          {select('risk_level', 'risk_level', RISK_LEVELS, draft.risk_level, (v) => edit({ risk_level: v }))}
          {scope === 'cases' && select('case_status', 'case_status', CASE_STATUSES, draft.case_status, (v) => edit({ case_status: v }))}
          {canAssign && (
            <SelectField
              label={<FormattedMessage id="cases.fields.assignee" />}
              size="sm"
              name="assignee"
              data-testid="review-assignee"
              value={draft.assignee_ids === undefined ? KEEP : (draft.assignee_ids[0] ?? 'none')}
              onChange={(e) => edit({ assignee_ids: e.target.value === KEEP ? undefined : e.target.value === 'none' ? [] : [e.target.value] })}
              options={[keep, { value: 'none', label: intl.formatMessage({ id: 'cases.review.unassign' }) }, ...(assignees.data?.data.map((u) => ({ value: u._id, label: u.name })) ?? [])]}
            />
          )}
          <SelectField
            label={<FormattedMessage id="cases.fields.ongoing_monitoring" />}
            size="sm"
            name="aml_monitoring"
            data-testid="review-monitoring"
            value={draft.aml_monitoring === undefined ? KEEP : String(draft.aml_monitoring)}
            onChange={(e) => edit({ aml_monitoring: e.target.value === KEEP ? undefined : e.target.value === 'true' })}
            options={[keep, { value: 'true', label: intl.formatMessage({ id: 'cases.common.on' }) }, { value: 'false', label: intl.formatMessage({ id: 'cases.common.off' }) }]}
          />
        </Grid>
        <Field.Root invalid={context.invalid?.field === 'comment'}>
          <Field.Label>
            <FormattedMessage id="cases.fields.comment" />
          </Field.Label>
          <Textarea name="comment" data-testid="review-comment" rows={3} maxLength={LIMITS.comment.max + 10} value={draft.comment} onChange={(e) => edit({ comment: e.target.value })} />
          <Field.HelperText>
            <FormattedMessage id="cases.comments.rules" />
          </Field.HelperText>
          {context.invalid?.field === 'comment' && <Field.ErrorText data-testid="field-error">{messageById(context.invalid.message)}</Field.ErrorText>}
        </Field.Root>
        {context.invalid?.field === 'draft' && (
          <Field.Root invalid>
            <Field.ErrorText data-testid="field-error">{messageById(context.invalid.message)}</Field.ErrorText>
          </Field.Root>
        )}
      </Stack>
    </ActionDialog>
  );
}
