/**
 * The custom list calls of section 7 ("Custom lists"; docs/custom-lists.md): the list page, creating a
 * list from a file or adding a file's records to one (custom-listing), the template, deleting a list,
 * a list's records, one record and its changes, and a record's comments. Every call needs the AML Custom
 * List screen's requirement (view_custom_listing, not on the basic plan); writes need their own
 * permission: create_custom_listing (a list from a file, more records from a file, adding and editing a
 * record), delete_custom_listing, delete_custom_listing_entry, post_comment_on_listing_entry,
 * update_custom_list_entry_comment and delete_custom_list_entry_comment. SQL lives in data.ts,
 * records.ts and comments.ts.
 */
import { findRoute, withPermission, type Requirement } from '../../common/access';
import { CUSTOM_LIST_FILE_MAX_BYTES } from '../../common/custom-lists';
import type { CustomListType } from '../../common/enums';
import {
  AddListEntryBody,
  AddListEntryCommentBody,
  CustomListQuery,
  CustomListTemplateQuery,
  CustomListUploadBody,
  DeleteCustomListBody,
  DeleteListEntryBody,
  DeleteListEntryCommentBody,
  ListEntriesQuery,
  ListEntryCommentsQuery,
  ListEntryQuery,
  UpdateListEntryBody,
  UpdateListEntryCommentBody,
  uploadFieldProblems,
} from '../../common/schemas/custom-lists';
import type { AuthContext } from '../auth/sessions';
import { ApiError } from '../http/errors';
import { done, pageOf } from '../http/reply';
import { route } from '../http/routes';
import { addComment, changeComment, recordComments } from './comments';
import { appendToList, createList, deleteList, listLists, listOr404, type ListActor } from './data';
import { addRecord, checkRecordFields, deleteRecord, listRecords, recordOr404, updateRecord } from './records';
import { LIST_TEMPLATE } from './template';
import { sendTemplate } from '../uploads/template';
import { toListView, toRecordView } from './views';

/** The AML Custom List screen's requirement: view_custom_listing, not part of the basic plan. */
const LISTS: Requirement = findRoute('aml-custom-list').requirement;
const UPLOAD = { field: 'file', maxBytes: CUSTOM_LIST_FILE_MAX_BYTES };
const TAG = 'Custom lists';

const actorOf = (auth: AuthContext, ip: string, userAgent: string): ListActor => ({
  id: auth.user.id,
  name: auth.user.name,
  email: auth.user.email,
  is_admin: auth.role.is_admin,
  ip,
  userAgent,
});

export function customListRoutes() {
  return [
    route({
      method: 'GET',
      path: '/get-custom-listing',
      operationId: 'listCustomLists',
      examples: [{ query: { name: 'list', type: 'blacklist', include_deleted: 'true', page: 1, page_size: 20 } }],
      tag: TAG,
      summary:
        "The organisation's custom lists, newest first: name, description, type, total records, created, updated and deleted times and actors; filtered by part of the name, the type and include_deleted, paged.",
      access: LISTS,
      query: CustomListQuery,
      async handler({ org, query }) {
        const { total, rows } = await listLists(org, query);
        return pageOf(query, total, rows.map(toListView));
      },
    }),
    route({
      method: 'POST',
      path: '/custom-listing',
      operationId: 'uploadCustomList',
      ids: { 'body.list_id': 'custom_list' },
      examples: [{ body: { name: 'Attack suite list', description: 'Made by the attack suite', type: 'blacklist' } }, { body: { list_id: '<custom list id>' } }],
      tag: TAG,
      summary:
        "Creates a list (name, description, type blacklist or whitelist) from a CSV or Excel file in the multipart field file, sent after the other fields, at most 10 MB; or, with list_id instead, adds the file's records to a live list. Every row is checked first: a file with problems answers 400 'Errors Found in Your File' with each problem and stores nothing. The records are screened from the next search on.",
      access: withPermission(LISTS, 'create_custom_listing'),
      upload: UPLOAD,
      body: CustomListUploadBody,
      async handler({ deps, org, auth, body, upload, reply, ip, userAgent }) {
        const fields = uploadFieldProblems(body);
        const [field, code] = Object.entries(fields)[0] ?? [];
        if (field && code) throw new ApiError(400, code, {}, field);
        const actor = actorOf(auth, ip, userAgent);
        if (body.list_id) {
          // The list first, so another organisation's id answers as an unknown one whatever else is wrong.
          const list = await listOr404(org, body.list_id);
          if (list.is_deleted) throw new ApiError(409, 'list_deleted_locked', {}, 'list_id');
          if (!upload) throw new ApiError(400, 'list_file_required', {}, 'file');
          const added = await appendToList(deps, org, actor, list.id, upload);
          const view = toListView(await listOr404(org, added.id));
          return done('list_records_added', { list: view }, { records: added.records, name: view.name });
        }
        if (!upload) throw new ApiError(400, 'list_file_required', {}, 'file');
        const created = await createList(deps, org, actor, { name: body.name!, description: body.description!, type: body.type as CustomListType }, upload);
        const view = toListView(await listOr404(org, created.id));
        reply.status(201);
        return done('list_created', { list: view }, { name: view.name, records: created.records });
      },
    }),
    route({
      method: 'GET',
      path: '/custom-listing-template',
      operationId: 'getCustomListTemplate',
      examples: [{ query: { format: 'xlsx' } }],
      tag: TAG,
      summary: 'The file to fill in: full_name, entity_type, date_of_birth, country, category, aliases, with example records, as CSV or Excel (xlsx).',
      access: LISTS,
      query: CustomListTemplateQuery,
      async handler({ query, reply }) {
        return sendTemplate(reply, LIST_TEMPLATE, query.format);
      },
    }),
    route({
      method: 'POST',
      path: '/custom-listing/delete',
      operationId: 'deleteCustomList',
      ids: { 'body.id': 'custom_list' },
      examples: [{ body: { id: '<custom list id>', reason: 'Replaced by a newer list' } }],
      tag: TAG,
      summary: 'Deletes a list with a reason (10 to 200 characters). Its records are screened no more; the list and its records stay readable under the deleted filter.',
      access: withPermission(LISTS, 'delete_custom_listing'),
      body: DeleteCustomListBody,
      async handler({ deps, org, auth, body, ip, userAgent }) {
        await deleteList(deps, org, actorOf(auth, ip, userAgent), body.id, body.reason.trim());
        return done('list_deleted', { list: toListView(await listOr404(org, body.id)) });
      },
    }),
    route({
      method: 'GET',
      path: '/get-custom-listing-entries',
      operationId: 'listCustomListRecords',
      ids: { 'query.list_id': 'custom_list' },
      examples: [{ query: { list_id: '<custom list id>', search: 'a', page: 1, page_size: 20 } }],
      tag: TAG,
      summary: "A list's records in the order they were added, with the list itself: searched by part of a full name or other name, paged; include_deleted adds deleted records.",
      access: LISTS,
      query: ListEntriesQuery,
      async handler({ org, query }) {
        const list = await listOr404(org, query.list_id);
        const { total, rows } = await listRecords(org, list.id, query);
        return { list: toListView(list), ...pageOf(query, total, rows.map(toRecordView)) };
      },
    }),
    route({
      method: 'GET',
      path: '/custom-listing-entry',
      operationId: 'getCustomListRecord',
      ids: { 'query.id': 'list_record' },
      examples: [{ query: { id: '<list record id>' } }],
      tag: TAG,
      summary: 'One record: full name, other names, birth or incorporation date, country, category, entity type, its list, who created and changed it and when.',
      access: LISTS,
      query: ListEntryQuery,
      async handler({ org, query }) {
        return toRecordView(await recordOr404(org, query.id));
      },
    }),
    route({
      method: 'POST',
      path: '/custom-listing-entry',
      operationId: 'addCustomListRecord',
      ids: { 'body.list_id': 'custom_list' },
      examples: [{ body: { list_id: '<custom list id>', full_name: 'Attack Suite Person', entity_type: 'person', date_of_birth: '1980-02-03', country: 'GB', category: 'Test', aliases: ['A. S. Person'] } }],
      tag: TAG,
      summary: 'Adds one record to a live list, checked with the rules of a file row (aliases: a list of other names). It is screened from the next search on.',
      access: withPermission(LISTS, 'create_custom_listing'),
      body: AddListEntryBody,
      async handler({ deps, org, auth, body, reply, ip, userAgent }) {
        // The list first, so another organisation's id answers as an unknown one whatever else is wrong.
        const list = await listOr404(org, body.list_id);
        if (list.is_deleted) throw new ApiError(409, 'list_deleted_locked', {}, 'list_id');
        const input = checkRecordFields(body);
        const id = await addRecord(deps, org, actorOf(auth, ip, userAgent), list.id, input);
        reply.status(201);
        return done('list_record_added', { record: toRecordView(await recordOr404(org, id)) });
      },
    }),
    route({
      method: 'POST',
      path: '/custom-listing-entry/update',
      operationId: 'updateCustomListRecord',
      ids: { 'body.id': 'list_record' },
      examples: [{ body: { id: '<list record id>', full_name: 'Attack Suite Renamed', entity_type: 'company', country: 'FR' } }],
      tag: TAG,
      summary: "Replaces a live record's fields (a field left out is cleared), checked with the rules of a file row.",
      access: withPermission(LISTS, 'create_custom_listing'),
      body: UpdateListEntryBody,
      async handler({ deps, org, auth, body, ip, userAgent }) {
        const input = checkRecordFields(body);
        await updateRecord(deps, org, actorOf(auth, ip, userAgent), body.id, input);
        return done('list_record_updated', { record: toRecordView(await recordOr404(org, body.id)) });
      },
    }),
    route({
      method: 'POST',
      path: '/custom-listing-entry/delete',
      operationId: 'deleteCustomListRecord',
      ids: { 'body.id': 'list_record' },
      examples: [{ body: { id: '<list record id>', reason: 'Cleared after review' } }],
      tag: TAG,
      summary: 'Deletes a record with a reason (10 to 200 characters); it is screened no more.',
      access: withPermission(LISTS, 'delete_custom_listing_entry'),
      body: DeleteListEntryBody,
      async handler({ deps, org, auth, body, ip, userAgent }) {
        await deleteRecord(deps, org, actorOf(auth, ip, userAgent), body.id, body.reason.trim());
        return done('list_record_deleted', { record: toRecordView(await recordOr404(org, body.id)) });
      },
    }),
    route({
      method: 'GET',
      path: '/get-custom-listing-entry-comments',
      operationId: 'listCustomListRecordComments',
      ids: { 'query.entry_id': 'list_record' },
      examples: [{ query: { entry_id: '<list record id>' } }],
      tag: TAG,
      summary: "A record's comments, newest first; deleted ones keep their place without their text.",
      access: LISTS,
      query: ListEntryCommentsQuery,
      async handler({ org, query }) {
        const record = await recordOr404(org, query.entry_id);
        return { data: await recordComments(org, record.id) };
      },
    }),
    route({
      method: 'POST',
      path: '/custom-listing-entry-comment',
      operationId: 'addCustomListRecordComment',
      ids: { 'body.entry_id': 'list_record' },
      examples: [{ body: { entry_id: '<list record id>', text: 'Confirmed with the account manager' } }],
      tag: TAG,
      summary: 'Adds a comment (2 to 1,000 characters, none of ( ) [ ] { } < >) to a live record.',
      access: withPermission(LISTS, 'post_comment_on_listing_entry'),
      body: AddListEntryCommentBody,
      async handler({ org, auth, body, reply, ip, userAgent }) {
        const id = await addComment(org, actorOf(auth, ip, userAgent), body.entry_id, body.text.trim());
        reply.status(201);
        return done('comment_added', { _id: id });
      },
    }),
    route({
      method: 'POST',
      path: '/custom-listing-entry-comment-update',
      operationId: 'updateCustomListRecordComment',
      ids: { 'body.id': 'list_comment' },
      examples: [{ body: { id: '<list comment id>', text: 'Confirmed again with the account manager' } }],
      tag: TAG,
      summary: "Edits one's own comment; it is marked edited with the time.",
      access: withPermission(LISTS, 'update_custom_list_entry_comment'),
      body: UpdateListEntryCommentBody,
      async handler({ org, auth, body, ip, userAgent }) {
        await changeComment(org, actorOf(auth, ip, userAgent), body.id, { action: 'edited', text: body.text.trim() });
        return done('comment_updated', { _id: body.id });
      },
    }),
    route({
      method: 'POST',
      path: '/custom-listing-entry-comment-delete',
      operationId: 'deleteCustomListRecordComment',
      ids: { 'body.id': 'list_comment' },
      examples: [{ body: { id: '<list comment id>', reason: 'Posted on the wrong record' } }],
      tag: TAG,
      summary: "Deletes a comment with a reason (10 to 200 characters): one's own, or any as the organisation's administrator.",
      access: withPermission(LISTS, 'delete_custom_list_entry_comment'),
      body: DeleteListEntryCommentBody,
      async handler({ org, auth, body, ip, userAgent }) {
        await changeComment(org, actorOf(auth, ip, userAgent), body.id, { action: 'deleted', reason: body.reason.trim() });
        return done('comment_deleted', { _id: body.id });
      },
    }),
  ];
}
