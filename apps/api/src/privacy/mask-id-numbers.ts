/*
 * ID and passport numbers leave the api in full only for the roles that need them
 * (@sentinel/domain's seesFullIdNumbers; README "Privacy"). One preSerialization hook masks every
 * `idNumber` of every answer, so a route added later cannot forget to: users, company users and
 * drivers (alone, or inside vehicles) all carry the field under that name.
 */
import fp from 'fastify-plugin';
import { maskIdNumber, seesFullIdNumbers } from '@sentinel/domain';

function masked(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(masked);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, field]) => [
      key,
      key === 'idNumber' && typeof field === 'string' ? maskIdNumber(field) : masked(field),
    ]),
  );
}

/** Masks ID numbers in the answers to a signed-in user whose role does not need them in full. */
export const idNumberMaskingPlugin = fp(
  (app, _options, done) => {
    app.addHook('preSerialization', async (request, _reply, payload) => {
      if (request.user === null || seesFullIdNumbers(request.user.role)) return payload;
      return masked(payload);
    });
    done();
  },
  { name: 'sentinel-id-number-masking', dependencies: ['sentinel-auth'] },
);
