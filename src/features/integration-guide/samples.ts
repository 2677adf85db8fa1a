/**
 * The Integration Guide's code samples. They are code, so they are not translated; only the prose around
 * them is (locales, integration_guide.*). Each is built for the organisation's own address, so it can be
 * pasted into a terminal as it is. The key and the secret are read from the environment in every sample:
 * a sample with a key written in it teaches pasting keys into source files.
 */

/** What every sample screens: a person's name, as POST /api/search takes it (common/schemas/cases.ts). */
const BODY = '{"search_term": "Jane Doe", "entity_type": "person"}';

export function screeningSamples(base: string) {
  return {
    curl: [
      `curl -X POST ${base}/search \\`,
      '  -H "Authorization: Bearer $AML_API_KEY" \\',
      '  -H "Content-Type: application/json" \\',
      `  -d '${BODY}'`,
    ].join('\n'),
    javascript: [
      `const response = await fetch('${base}/search', {`,
      "  method: 'POST',",
      '  headers: {',
      '    Authorization: `Bearer ${process.env.AML_API_KEY}`,',
      "    'Content-Type': 'application/json',",
      '  },',
      "  body: JSON.stringify({ search_term: 'Jane Doe', entity_type: 'person' }),",
      '});',
      'if (response.status === 429) {',
      "  const wait = Number(response.headers.get('Retry-After'));",
      '  // Too many requests: try again after `wait` seconds.',
      '}',
      'const screening = await response.json();',
      'console.log(screening.reference, screening.case_status);',
    ].join('\n'),
    python: [
      'import os',
      'import requests',
      '',
      'response = requests.post(',
      `    "${base}/search",`,
      '    headers={"Authorization": f"Bearer {os.environ[\'AML_API_KEY\']}"},',
      '    json={"search_term": "Jane Doe", "entity_type": "person"},',
      '    timeout=60,',
      ')',
      'if response.status_code == 429:',
      '    wait = int(response.headers["Retry-After"])  # seconds before trying again',
      'response.raise_for_status()',
      'screening = response.json()',
      'print(screening["reference"], screening["case_status"])',
    ].join('\n'),
  };
}

/** Verifying a delivery's signature with the Standard Webhooks libraries, on the raw body as received. */
export const VERIFY_SAMPLES = {
  javascript: [
    "// npm install standardwebhooks express",
    "import express from 'express';",
    "import { Webhook } from 'standardwebhooks';",
    '',
    '// The secret key from Settings (whsec_...).',
    'const webhook = new Webhook(process.env.AML_WEBHOOK_SECRET);',
    'const app = express();',
    '',
    "app.post('/aml-events', express.raw({ type: 'application/json' }), (req, res) => {",
    '  let event;',
    '  try {',
    '    // Checks webhook-signature over webhook-id, webhook-timestamp and the body, and refuses old timestamps.',
    "    event = webhook.verify(req.body.toString('utf8'), {",
    "      'webhook-id': req.header('webhook-id'),",
    "      'webhook-timestamp': req.header('webhook-timestamp'),",
    "      'webhook-signature': req.header('webhook-signature'),",
    '    });',
    '  } catch {',
    '    return res.status(400).end();',
    '  }',
    '  // webhook-id is the same on every retry: use it to handle each event once.',
    '  console.log(event.type, event.data);',
    '  res.status(204).end();',
    '});',
  ].join('\n'),
  python: [
    '# pip install standardwebhooks flask',
    'import os',
    'from flask import Flask, request',
    'from standardwebhooks.webhooks import Webhook',
    '',
    '# The secret key from Settings (whsec_...).',
    'webhook = Webhook(os.environ["AML_WEBHOOK_SECRET"])',
    'app = Flask(__name__)',
    '',
    '@app.post("/aml-events")',
    'def aml_events():',
    '    try:',
    '        # Checks webhook-signature over webhook-id, webhook-timestamp and the body, and refuses old timestamps.',
    '        event = webhook.verify(request.get_data(), dict(request.headers))',
    '    except Exception:',
    '        return "", 400',
    '    # webhook-id is the same on every retry: use it to handle each event once.',
    '    print(event["type"], event["data"])',
    '    return "", 204',
  ].join('\n'),
};
