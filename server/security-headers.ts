// Security headers on every answer (helmet's, with our own policy): the app runs under a CSP
// that allows only its own scripts, styles, images and connections, nothing inline, and no
// framing; the browser's powerful features are all switched off.
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

const SELF = ["'self'"];

export const CONTENT_SECURITY_POLICY = {
  defaultSrc: SELF,
  scriptSrc: SELF,
  styleSrc: SELF,
  imgSrc: SELF,
  fontSrc: SELF,
  connectSrc: SELF,
  manifestSrc: SELF,
  workerSrc: SELF,
  objectSrc: ["'none'"],
  baseUri: SELF,
  formAction: SELF,
  frameAncestors: ["'none'"],
};

const PERMISSIONS_POLICY = [
  'accelerometer',
  'camera',
  'display-capture',
  'geolocation',
  'gyroscope',
  'magnetometer',
  'microphone',
  'payment',
  'usb',
]
  .map((feature) => `${feature}=()`)
  .join(', ');

export async function useSecurityHeaders(app: FastifyInstance) {
  await app.register(helmet, {
    // Not upgrade-insecure-requests: a server reached over plain HTTP (on a laptop, in CI)
    // would send the browser to an HTTPS it does not have.
    contentSecurityPolicy: { useDefaults: false, directives: CONTENT_SECURITY_POLICY },
    // Without includeSubDomains: the other sites of the domain are not ours to decide for.
    strictTransportSecurity: { maxAge: 15_552_000 },
  });
  app.addHook('onSend', async (_request, reply) => {
    reply.header('permissions-policy', PERMISSIONS_POLICY);
  });
}
