/**
 * Every web hook event as the OpenAPI document's `webhooks` section describes it: what it means, the JSON
 * schema of its `data` and an example payload. The payload of every event is the Standard Webhooks one,
 * { type, timestamp, data }; the emitting code (server/cases, server/bulk, server/webhooks/routes.ts) builds
 * `data` in exactly these shapes, and tests/webhooks checks each delivered event against its schema here.
 */
import { CASE_STATUSES, ENTITY_TYPES, MATCH_STATUSES, RISK_LEVELS } from '../../common/enums';
import type { WebhookEventType } from '../../common/webhooks';

const userRef = {
  type: ['object', 'null'],
  description: 'Who did it; null when a background process did.',
  required: ['_id', 'name'],
  properties: { _id: { type: 'string', format: 'uuid' }, name: { type: 'string' } },
};
const reference = { type: 'string', description: 'The case reference (AML-2026-000123).' };
const change = (values: object) => ({ type: 'object', required: ['from', 'to'], properties: { from: values, to: values } });
const CASE_STATUS = { type: 'string', enum: [...CASE_STATUSES] };
const MATCH_STATUS = { type: 'string', enum: [...MATCH_STATUSES] };
const RISK_LEVEL = { type: ['string', 'null'], enum: [...RISK_LEVELS, null] };

const EXAMPLE_TIME = '2026-03-02T10:15:00.000Z';
const ADA = { _id: '2f8e7a3c-5b1d-4c9e-8f2a-1b3c4d5e6f70', name: 'Ada Administrator' };
const example = (type: WebhookEventType, data: Record<string, unknown>) => ({ type, timestamp: EXAMPLE_TIME, data });

export const WEBHOOK_EVENTS: Array<{ type: string; summary: string; description: string; dataSchema: object; example: object }> = [
  {
    type: 'case.created',
    summary: 'A case was created',
    description: 'Create New Case screened a name and stored the case with its hits. Cases made by a bulk search are announced together by bulk_batch.finished.',
    dataSchema: {
      type: 'object',
      required: ['reference', 'search_term', 'entity_type', 'case_status', 'hit_count', 'created_at', 'created_by'],
      properties: {
        reference,
        search_term: { type: 'string' },
        entity_type: { type: 'string', enum: [...ENTITY_TYPES] },
        client_reference: { type: ['string', 'null'] },
        case_status: CASE_STATUS,
        hit_count: { type: 'integer', minimum: 0 },
        created_at: { type: 'string', format: 'date-time' },
        created_by: userRef,
      },
    },
    example: example('case.created', {
      reference: 'AML-2026-000123',
      search_term: 'Jane Example',
      entity_type: 'person',
      client_reference: 'CRM-4411',
      case_status: 'For Review',
      hit_count: 3,
      created_at: EXAMPLE_TIME,
      created_by: ADA,
    }),
  },
  {
    type: 'case.updated',
    summary: 'A case was reviewed or changed',
    description:
      'A review changed a case or some of its entities: case status, match status, risk level, assignees, monitoring, or a comment. `changes` holds what changed, each as { from, to } where both are known. A status change also sends case.status_changed.',
    dataSchema: {
      type: 'object',
      required: ['reference', 'changes', 'updated_at', 'updated_by'],
      properties: {
        reference,
        entity_ids: { type: 'array', items: { type: 'string', format: 'uuid' }, description: 'The entities (hits) reviewed, when the review was of entities rather than the whole case.' },
        changes: {
          type: 'object',
          properties: {
            case_status: change(CASE_STATUS),
            match_status: change(MATCH_STATUS),
            risk_level: change(RISK_LEVEL),
            assignee_ids: { type: 'array', items: { type: 'string', format: 'uuid' } },
            aml_monitoring: { type: 'boolean' },
            adverse_media_monitoring: { type: 'boolean' },
            comment_added: { type: 'boolean' },
          },
        },
        updated_at: { type: 'string', format: 'date-time' },
        updated_by: userRef,
      },
    },
    example: example('case.updated', {
      reference: 'AML-2026-000123',
      changes: { match_status: { from: 'Potential Match', to: 'No Match' }, comment_added: true },
      updated_at: EXAMPLE_TIME,
      updated_by: ADA,
    }),
  },
  {
    type: 'case.status_changed',
    summary: "A case's status changed",
    description: "A review moved a case to another status. The only event a web hook of type 'status change' receives (with webhook.test).",
    dataSchema: {
      type: 'object',
      required: ['reference', 'from', 'to', 'updated_at', 'updated_by'],
      properties: { reference, from: CASE_STATUS, to: CASE_STATUS, updated_at: { type: 'string', format: 'date-time' }, updated_by: userRef },
    },
    example: example('case.status_changed', { reference: 'AML-2026-000123', from: 'For Review', to: 'Passed', updated_at: EXAMPLE_TIME, updated_by: ADA }),
  },
  {
    type: 'monitoring.change_found',
    summary: 'Ongoing monitoring found a change',
    description:
      'An ongoing monitoring check of a case found new listed entities for it or changes to (or removal of) records it holds. Sent at once, whatever the monitoring configuration; the digest of the configured channels follows at its frequency.',
    dataSchema: {
      type: 'object',
      required: ['reference', 'new_hits', 'updated_records', 'case_status', 'checked_at'],
      properties: {
        reference,
        new_hits: { type: 'integer', minimum: 0 },
        updated_records: { type: 'integer', minimum: 0 },
        media_mentions: { type: 'integer', minimum: 0, description: 'Adverse-media monitoring: articles newly found mentioning the searched name or a monitored entity (absent for AML monitoring checks).' },
        case_status: CASE_STATUS,
        checked_at: { type: 'string', format: 'date-time' },
      },
    },
    example: example('monitoring.change_found', { reference: 'AML-2026-000123', new_hits: 1, updated_records: 2, case_status: 'For Review', checked_at: EXAMPLE_TIME }),
  },
  {
    type: 'monitoring.alert',
    summary: 'The monitoring digest (web hooks channel)',
    description:
      "The monitoring configuration's digest, sent at its alert frequency when 'web hooks' is one of its channels: every case with findings or an ended monitoring period since the last digest (at most 100 listed; `total_cases` counts them all).",
    dataSchema: {
      type: 'object',
      required: ['alerts', 'total_cases', 'cases', 'digest_at'],
      properties: {
        alerts: { type: 'integer', minimum: 1 },
        total_cases: { type: 'integer', minimum: 0 },
        cases: {
          type: 'array',
          items: {
            type: 'object',
            required: ['reference', 'new_hits', 'updated_records', 'ended'],
            properties: { reference, new_hits: { type: 'integer' }, updated_records: { type: 'integer' }, ended: { type: 'boolean', description: "The case's monitoring period ended." } },
          },
        },
        digest_at: { type: 'string', format: 'date-time' },
      },
    },
    example: example('monitoring.alert', {
      alerts: 2,
      total_cases: 2,
      cases: [
        { reference: 'AML-2026-000123', new_hits: 1, updated_records: 0, ended: false },
        { reference: 'AML-2026-000098', new_hits: 0, updated_records: 0, ended: true },
      ],
      digest_at: EXAMPLE_TIME,
    }),
  },
  {
    type: 'bulk_batch.finished',
    summary: 'A bulk search finished',
    description: 'Every row of a bulk search batch was screened: stored as a case or failed.',
    dataSchema: {
      type: 'object',
      required: ['batch_id', 'name', 'total_count', 'success_count', 'failed_count', 'finished_at'],
      properties: {
        batch_id: { type: 'string', format: 'uuid' },
        name: { type: 'string' },
        total_count: { type: 'integer', minimum: 0 },
        success_count: { type: 'integer', minimum: 0 },
        failed_count: { type: 'integer', minimum: 0 },
        finished_at: { type: 'string', format: 'date-time' },
      },
    },
    example: example('bulk_batch.finished', {
      batch_id: '7d1c2b3a-4e5f-4a6b-9c8d-0e1f2a3b4c5d',
      name: 'March onboarding',
      total_count: 250,
      success_count: 248,
      failed_count: 2,
      finished_at: EXAMPLE_TIME,
    }),
  },
  {
    type: 'webhook.test',
    summary: 'A test event',
    description: 'Sent from the Web Hooks screen (test-webhook) to one web hook, whatever its type, to check that the endpoint receives and verifies deliveries.',
    dataSchema: {
      type: 'object',
      required: ['webhook_id', 'name', 'message', 'sent_by'],
      properties: { webhook_id: { type: 'string', format: 'uuid' }, name: { type: 'string' }, message: { type: 'string' }, sent_by: userRef },
    },
    example: example('webhook.test', {
      webhook_id: '0b6f3e1a-9c2d-4e8f-a1b2-c3d4e5f60718',
      name: 'Case updates',
      message: 'This is a test event sent from the Web Hooks screen.',
      sent_by: ADA,
    }),
  },
];
