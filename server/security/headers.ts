/**
 * Security headers on every answer (the app's pages, its files and the API),
 * through @fastify/helmet plus a Permissions-Policy, which helmet does not set.
 *
 * The Content-Security-Policy is what stands between an injected script and
 * the sign-in token kept in local storage (docs/decisions.md), so it is strict:
 * - scripts only from the app's own origin, never inline (the built index.html
 *   loads one module file; nothing in the app evaluates strings as code);
 * - connections only to the app's own origin: the API and the socket.io socket.
 *   'self' covers same-origin ws:/wss: in current browsers; the public address's
 *   ws origin is named too for browsers that read 'self' narrowly;
 * - images from the app itself, data: (the two-factor QR code) and blob: (a
 *   face image previewed before upload or fetched with the bearer token);
 * - styles from the app and inline: Chakra UI writes its styles at run time
 *   through Emotion into <style> elements. A nonce would need the server to
 *   rewrite index.html on every answer and the nonce to be handed to Emotion's
 *   cache; CSS cannot run script, so 'unsafe-inline' is allowed for styles only;
 * - no plugins, no framing by anyone (frame-ancestors and X-Frame-Options), no
 *   <base> or form posts elsewhere.
 * HSTS is sent only when the public address is https://: a plain-HTTP
 * deployment (a laptop, an intranet address) would otherwise be told to
 * refuse itself.
 */
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/** Browser features the app never uses; an injected script cannot ask for them either. */
export const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'autoplay=()',
  'camera=()',
  'display-capture=()',
  'encrypted-media=()',
  'geolocation=()',
  'gyroscope=()',
  'hid=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'payment=()',
  'publickey-credentials-get=()',
  'screen-wake-lock=()',
  'serial=()',
  'usb=()',
  'xr-spatial-tracking=()',
].join(', ');

/** One year, without includeSubDomains or preload: those bind other hosts of the deployer's domain. */
export const HSTS_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

export const servedOverTls = (publicUrl: string) => /^https:\/\//i.test(publicUrl);

/** The ws:/wss: origin of the public address (http -> ws, https -> wss). */
function socketOrigin(publicUrl: string): string | null {
  try {
    const url = new URL(publicUrl);
    return `${url.protocol === 'https:' ? 'wss:' : 'ws:'}//${url.host}`;
  } catch {
    return null;
  }
}

export function contentSecurityPolicy(publicUrl: string): Record<string, string[]> {
  const socket = socketOrigin(publicUrl);
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'"],
    'script-src-attr': ["'none'"],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:'],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'", ...(socket ? [socket] : [])],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
    ...(servedOverTls(publicUrl) ? { 'upgrade-insecure-requests': [] } : {}),
  };
}

export async function registerSecurityHeaders(app: FastifyInstance, options: { publicUrl: string }) {
  const tls = servedOverTls(options.publicUrl);
  await app.register(helmet, {
    global: true,
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(options.publicUrl) },
    frameguard: { action: 'deny' },
    // Reset, set-up and e-mail confirmation tokens travel in page addresses; no address leaves the app.
    referrerPolicy: { policy: 'no-referrer' },
    strictTransportSecurity: tls ? { maxAge: HSTS_MAX_AGE_SECONDS, includeSubDomains: false, preload: false } : false,
  });
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('permissions-policy', PERMISSIONS_POLICY);
  });
}
