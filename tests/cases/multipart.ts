/** A multipart/form-data body built by hand, as a browser sends the Create New Case form. */
export function multipart(fields: Record<string, string | string[] | { filename: string; type: string; data: Buffer }>) {
  const boundary = `----aml${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    const values = Array.isArray(value) ? value.map((v) => [`${name}[]`, v] as const) : [[name, value] as const];
    for (const [key, v] of values) {
      if (typeof v === 'string') {
        parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${key}"\r\n\r\n${v}\r\n`));
      } else {
        parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${key}"; filename="${v.filename}"\r\nContent-Type: ${v.type}\r\n\r\n`));
        parts.push(v.data, Buffer.from('\r\n'));
      }
    }
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** The smallest valid PNG (1x1, transparent). */
export const TINY_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');
