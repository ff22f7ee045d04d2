import fp from 'fastify-plugin';

interface ObjectSchema {
  properties?: Record<string, unknown>;
  items?: unknown;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Renames the keys of a JSON value to the spelling its schema uses when they differ only in
 * case ('Email' -> 'email'), the way ASP.NET binds request bodies. A key spelled exactly as
 * the schema wins over a differently cased twin; keys the schema does not know are left alone.
 */
export function matchKeysToSchema(value: unknown, schema: unknown): unknown {
  if (!isPlainObject(schema)) return value;
  const { properties, items } = schema as ObjectSchema;
  if (Array.isArray(value)) return value.map((item) => matchKeysToSchema(item, items));
  if (!isPlainObject(value) || !properties) return value;

  const names = new Map(Object.keys(properties).map((name) => [name.toLowerCase(), name]));
  const result: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value)) {
    const name = names.get(key.toLowerCase()) ?? key;
    if (Object.hasOwn(result, name) && key !== name) continue;
    result[name] = matchKeysToSchema(inner, properties[name]);
  }
  return result;
}

/** Runs before validation on every route with a body schema. */
export const caseInsensitiveBodyPlugin = fp(
  (app, _options, done) => {
    app.addHook('preValidation', async (request) => {
      const schema = request.routeOptions.schema?.body;
      if (!isPlainObject(schema)) return;
      // No body at all reads as an empty object, so each missing field gets its own error.
      if ((request.body === undefined || request.body === null) && (schema as ObjectSchema).properties) {
        request.body = {};
        return;
      }
      request.body = matchKeysToSchema(request.body, schema);
    });
    done();
  },
  { name: 'sentinel-case-insensitive-body' },
);
