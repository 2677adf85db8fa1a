/**
 * Request bodies arrive as JSON, urlencoded or multipart form data (section 7:
 * "most send form data, with array fields sent as name[] entries"). All three
 * become one plain object: "name[]" entries collect into an array under "name",
 * uploaded files become { filename, mimetype, data } values.
 */
import { Transform, type Readable } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import { ApiError } from './errors';

export interface UploadedFile {
  filename: string;
  mimetype: string;
  data: Buffer;
}

export function collectFields(entries: Iterable<[string, unknown]>): Record<string, unknown> {
  const out: Record<string, unknown> = Object.create(null);
  for (const [rawKey, value] of entries) {
    if (rawKey === '__proto__' || rawKey === 'constructor' || rawKey === 'prototype') continue;
    if (rawKey.endsWith('[]')) {
      const key = rawKey.slice(0, -2);
      const list = Array.isArray(out[key]) ? (out[key] as unknown[]) : [];
      list.push(value);
      out[key] = list;
    } else {
      out[rawKey] = value;
    }
  }
  return { ...out };
}

export async function registerBodyParsers(app: FastifyInstance, maxFileBytes: number) {
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
    done(null, collectFields(new URLSearchParams(body as string).entries()));
  });
  await app.register(multipart, { limits: { fileSize: maxFileBytes, files: 5, fields: 200 } });
}

/** Reads a multipart request whole into fields and files; other content types are already parsed. */
export async function readBody(request: FastifyRequest): Promise<Record<string, unknown>> {
  if (!request.isMultipart()) {
    const body = request.body;
    return body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
  }
  const entries: [string, unknown][] = [];
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const data = await part.toBuffer();
        entries.push([part.fieldname, { filename: part.filename, mimetype: part.mimetype, data } satisfies UploadedFile]);
      } else {
        entries.push([part.fieldname, part.value]);
      }
    }
  } catch (error) {
    throw asBodyError(error);
  }
  return collectFields(entries);
}

/** An uploaded file handed to a route as it arrives (routes that declare upload). */
export interface UploadStream {
  filename: string;
  mimetype: string;
  /** The file's bytes. Fails with 413 'file_too_large' past the route's limit, 400 'bad_request' when the body breaks off. */
  stream: Readable;
}

/**
 * Reads a multipart request's fields up to the part named by upload.field and
 * hands that file over as a stream, so a 50 MB file is never held whole.
 * finish() reads and drops whatever the handler left (the rest of the file,
 * later parts); it never fails, the answer being already decided.
 */
export async function readUpload(
  request: FastifyRequest,
  upload: { field: string; maxBytes: number },
): Promise<{ fields: Record<string, unknown>; file: UploadStream | null; finish(): Promise<void> }> {
  // One byte over the limit is read, so a file of exactly maxBytes passes and a larger one is told apart from it.
  // throwFileSizeLimit off: the stream below answers the limit itself, as 413 'file_too_large' (the plugin's own error
  // would be the face image's 'File size limit exceeds'). The option is read at run time but missing from the types.
  const options = { limits: { fileSize: upload.maxBytes + 1 }, throwFileSizeLimit: false };
  const parts = request.parts(options)[Symbol.asyncIterator]();
  const entries: [string, unknown][] = [];
  let file: UploadStream | null = null;
  let source: Readable | null = null;
  try {
    for (;;) {
      const next = await parts.next();
      if (next.done) break;
      const part = next.value;
      if (part.type !== 'file') {
        entries.push([part.fieldname, part.value]);
        continue;
      }
      if (part.fieldname !== upload.field || file) {
        // A file the route does not take is dropped unread.
        part.file.resume();
        continue;
      }
      source = part.file;
      file = { filename: part.filename, mimetype: part.mimetype, stream: limited(part.file, upload.maxBytes) };
      break;
    }
  } catch (error) {
    throw asBodyError(error);
  }
  return {
    fields: collectFields(entries),
    file,
    async finish() {
      try {
        if (source && !source.readableEnded) {
          source.unpipe();
          source.resume();
        }
        for (;;) {
          const next = await parts.next();
          if (next.done) break;
          if (next.value.type === 'file') next.value.file.resume();
        }
      } catch {
        // The body broke off after the answer was decided: nothing is left to read.
      }
    },
  };
}

/** The file's bytes, failing with 413 once more than maxBytes have arrived. */
function limited(source: Readable, maxBytes: number): Readable {
  let seen = 0;
  const out = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      seen += chunk.length;
      if (seen > maxBytes) callback(new ApiError(413, 'file_too_large'));
      else callback(null, chunk);
    },
  });
  source.on('error', (error) => out.destroy(asBodyError(error) as Error));
  // The reader sees the error through its own listener (a pipeline's); one that already gave up reading
  // (it counted the bytes itself) must not leave it unhandled, which would end the process.
  out.on('error', () => undefined);
  return source.pipe(out);
}

/**
 * What a failure to read a multipart body answers. Size limits keep their 413;
 * everything else (no boundary, a boundary that is not in the body, a truncated
 * part, a malformed part header, a client that hung up) is the sender's
 * malformed request: a plain 400, never a server error with a stack trace.
 */
function asBodyError(error: unknown): unknown {
  const e = error as { code?: string; statusCode?: number } | null;
  if (error instanceof ApiError) return error;
  if (e?.code === 'FST_REQ_FILE_TOO_LARGE' || e?.statusCode === 413) return error;
  return new ApiError(400, 'bad_request');
}
