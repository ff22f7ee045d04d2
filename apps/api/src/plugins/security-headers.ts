/*
 * The headers every answer carries (@fastify/helmet, the Fastify team's own set of them):
 * nosniff, a Content-Security-Policy that lets nothing load or frame an answer (the only pages
 * the api serves are the payment sandbox's, with inline styles and forms posting back to it),
 * no referrer, and Strict-Transport-Security in production, where the api is reached over HTTPS.
 * Answers a browser must not keep (tokens and anything read with credentials) say
 * `Cache-Control: no-store`.
 */
import fp from 'fastify-plugin';
import helmet from '@fastify/helmet';

export interface SecurityHeadersOptions {
  /** Send Strict-Transport-Security (a year, subdomains included). @default false */
  hsts: boolean;
}

/** The calls whose answer is a token, though the request carries none. */
const TOKEN_ROUTES = new Set(['POST /Auth/SignInByEmail', 'POST /Auth/RefreshTokens']);

export const securityHeadersPlugin = fp<SecurityHeadersOptions>(
  async (app, options) => {
    await app.register(helmet, {
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'none'"],
          styleSrc: ["'unsafe-inline'"],
          formAction: ["'self'"],
          baseUri: ["'none'"],
          frameAncestors: ["'none'"],
        },
      },
      // The apps read these answers from their own origins with bearer tokens, never cookies,
      // so a cross-origin read shows nothing that the CORS rules and the token do not allow.
      crossOriginResourcePolicy: { policy: 'cross-origin' },
      hsts: options.hsts ? { maxAge: 31_536_000, includeSubDomains: true } : false,
      referrerPolicy: { policy: 'no-referrer' },
    });

    app.addHook('onSend', async (request, reply, payload) => {
      const route = `${request.method} ${request.routeOptions.url ?? ''}`;
      if (request.headers.authorization !== undefined || TOKEN_ROUTES.has(route)) {
        void reply.header('cache-control', 'no-store');
      }
      return payload;
    });
  },
  { name: 'sentinel-security-headers' },
);
