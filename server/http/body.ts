/**
 * Request bodies arrive as JSON, urlencoded or multipart form data (section 7:
 * "most send form data, with array fields sent as name[] entries"). All three
 * become one plain object: "name[]" entries collect into an array under "name",
 * uploaded files become { filename, mimetype, data } values.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';

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
  for await (const part of request.parts()) {
    if (part.type === 'file') {
      const data = await part.toBuffer();
      entries.push([part.fieldname, { filename: part.filename, mimetype: part.mimetype, data } satisfies UploadedFile]);
    } else {
      entries.push([part.fieldname, part.value]);
    }
  }
  return collectFields(entries);
}
