/**
 * The custom source calls (section 7 "Custom sources: create-custom-source, update-custom-source,
 * custom-sources, delete-custom-source"; docs/custom-sources.md): the organisation's sources as a paged
 * list, create, change (pause and resume too), delete, and a read now. Behind the custom-source route's
 * requirement (view_custom_sources; the basic and plus plans do not include custom sources), with
 * create_custom_source, update_custom_source and delete_custom_source for the changes. Every change is in the
 * audit history; a change that needs a read enqueues it in its own transaction.
 */
import { findRoute, withPermission } from '../../common/access';
import { CreateCustomSourceBody, CustomSourceListQuery, DeleteCustomSourceBody, UpdateCustomSourceBody } from '../../common/schemas/custom-sources';
import { toBoolean } from '../../common/schemas/core';
import { auditAction } from '../audit/actor';
import { ApiError, notFound } from '../http/errors';
import { done, pageOf } from '../http/reply';
import { route } from '../http/routes';
import { deleteSource, findSource, insertSource, listSources, lockSource, markDueNow, updateSource, type SourceChanges } from './data';
import { enqueuePoll } from './jobs';

const VIEW = findRoute('custom-source').requirement;
const TAG = 'Custom sources';
const EXAMPLE = { publisher_name: 'Example News', url: 'https://news.example.com/feed.xml', description: 'Regional business news in English.', frequency_minutes: 60 };

/** A link as stored: trimmed, nothing else changed (the publisher's address is theirs to spell). */
const linkOf = (text: string) => text.trim();

export function customSourceRoutes() {
  return [
    route({
      method: 'GET',
      path: '/custom-sources',
      operationId: 'listCustomSources',
      examples: [{ query: { page: 1, page_size: 20 } }, { query: { page: 1, page_size: 20, search: 'news', status: 'Live' } }],
      tag: TAG,
      summary:
        "The organisation's custom sources, newest first, a page at a time: a search over publisher name, link and description, and a status (In-Progress until the first successful read, Live after it, In-Active while paused); each with its last read, next read, last error and article count.",
      access: VIEW,
      query: CustomSourceListQuery,
      async handler({ org, query }) {
        const { total, data } = await listSources(org, query);
        return pageOf(query, total, data);
      },
    }),

    route({
      method: 'POST',
      path: '/create-custom-source',
      operationId: 'createCustomSource',
      examples: [{ body: EXAMPLE }],
      tag: TAG,
      summary:
        'Adds a custom source: the publisher, the feed link (RSS, Atom, RDF or JSON Feed over http or https; whether its address may be reached is checked at every read), a description and how often to read it (15 to 480 minutes). Its first read starts at once.',
      access: withPermission(VIEW, 'create_custom_source'),
      body: CreateCustomSourceBody,
      async handler(ctx) {
        const { org, body, auth, deps, reply } = ctx;
        const input = { publisher_name: body.publisher_name.trim(), url: linkOf(body.url), description: body.description.trim(), frequency_minutes: Number(String(body.frequency_minutes).trim()) };
        const id = await org.transaction(async (tx) => {
          const created = await insertSource(tx, input, auth.user.id);
          if (!created) throw new ApiError(409, 'custom_source_exists', {}, 'url');
          await enqueuePoll(deps.jobs, tx, created);
          await auditAction(tx, ctx, 'custom_source.created', { type: 'custom_source', id: created }, input);
          return created;
        });
        reply.status(201);
        return done('custom_source_created', (await findSource(org, id))!, { name: input.publisher_name });
      },
    }),

    route({
      method: 'POST',
      path: '/update-custom-source',
      operationId: 'updateCustomSource',
      ids: { 'body.id': 'custom_source' },
      examples: [{ body: { id: '<custom source id>', description: 'Business and court news of the region.', frequency_minutes: 30 } }, { body: { id: '<custom source id>', active: false } }],
      tag: TAG,
      summary:
        'Changes a custom source: any of its publisher name, link, description and frequency; active false pauses it (In-Active: not read until resumed), active true resumes it and reads it at once. A new link is a new feed: it is read at once and the source is In-Progress until that read succeeds.',
      access: withPermission(VIEW, 'update_custom_source'),
      body: UpdateCustomSourceBody,
      async handler(ctx) {
        const { org, body, auth, deps } = ctx;
        const changes: SourceChanges = {
          ...(body.publisher_name !== undefined ? { publisher_name: body.publisher_name.trim() } : {}),
          ...(body.url !== undefined ? { url: linkOf(body.url) } : {}),
          ...(body.description !== undefined ? { description: body.description.trim() } : {}),
          ...(body.frequency_minutes !== undefined ? { frequency_minutes: Number(String(body.frequency_minutes).trim()) } : {}),
          ...(body.active !== undefined ? { active: toBoolean(body.active) } : {}),
        };
        const name = await org.transaction(async (tx) => {
          const before = await lockSource(tx, body.id.trim());
          if (!before) throw notFound();
          const outcome = await updateSource(tx, before, changes, auth.user.id);
          if (outcome === 'exists') throw new ApiError(409, 'custom_source_exists', {}, 'url');
          if (outcome.readNow) await enqueuePoll(deps.jobs, tx, before.id);
          const action = changes.active === false && before.status !== 'In-Active' ? 'custom_source.paused' : changes.active === true && before.status === 'In-Active' ? 'custom_source.resumed' : 'custom_source.updated';
          await auditAction(tx, ctx, action, { type: 'custom_source', id: before.id }, { before: { publisher_name: before.publisher_name, url: before.url, description: before.description, frequency_minutes: before.frequency_minutes, status: before.status }, changes });
          return changes.publisher_name ?? before.publisher_name;
        });
        return done('custom_source_updated', (await findSource(org, body.id.trim()))!, { name });
      },
    }),

    route({
      method: 'POST',
      path: '/delete-custom-source',
      operationId: 'deleteCustomSource',
      ids: { 'body.id': 'custom_source' },
      examples: [{ body: { id: '<custom source id>' } }],
      tag: TAG,
      summary: 'Deletes a custom source: it is no longer read. The articles it brought in stay (media cases and case mentions may hold them).',
      access: withPermission(VIEW, 'delete_custom_source'),
      body: DeleteCustomSourceBody,
      async handler(ctx) {
        const { org, body } = ctx;
        await org.transaction(async (tx) => {
          const source = await lockSource(tx, body.id.trim());
          if (!source) throw notFound();
          await deleteSource(tx, source.id);
          await auditAction(tx, ctx, 'custom_source.deleted', { type: 'custom_source', id: source.id }, { publisher_name: source.publisher_name, url: source.url });
        });
        return done('custom_source_deleted', { id: body.id.trim() });
      },
    }),

    route({
      method: 'POST',
      path: '/custom-sources/:sourceId/poll',
      operationId: 'pollCustomSource',
      ids: { 'path.sourceId': 'custom_source' },
      examples: [{ params: { sourceId: '<custom source id>' } }],
      tag: TAG,
      summary: 'Reads a custom source now rather than at its next scheduled read (a paused source must be resumed first); the answer is the source as it stands, the read follows in the background.',
      access: withPermission(VIEW, 'update_custom_source'),
      async handler(ctx) {
        const { org, params, deps } = ctx;
        const name = await org.transaction(async (tx) => {
          const source = await lockSource(tx, params.sourceId);
          if (!source) throw notFound();
          if (source.status === 'In-Active') throw new ApiError(409, 'custom_source_inactive');
          // Due now: a read already waiting for this source (merged with this request) reads it too.
          await markDueNow(tx, source.id);
          await enqueuePoll(deps.jobs, tx, source.id);
          return source.publisher_name;
        });
        return done('custom_source_poll_started', (await findSource(org, params.sourceId))!, { name });
      },
    }),
  ];
}
