/**
 * Request bodies arrive as JSON, urlencoded or multipart form data (section 7:
 * "most send form data, with array fields sent as name[] entries"). All three
 * become one plain object: "name[]" entries collect into an array under "name",
 * uploaded files become { filename, mimetype, data } values.
 */
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
