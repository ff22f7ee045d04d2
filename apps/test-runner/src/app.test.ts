import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { build } from './index';

let app: FastifyInstance;

beforeAll(async () => {
  app = await build();
});

afterAll(async () => {
  await app.close();
});

describe('GET /TestRunner/Stations', () => {
  it('lists the four bench stations', async () => {
    const response = await app.inject({ method: 'GET', url: '/TestRunner/Stations' });

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(['burn1', 'burn2', 'burn3', 'burn4']);
  });

  it('lists the stations it was built with', async () => {
    const custom = await build({ stations: ['bench-a'] });
    try {
      expect((await custom.inject({ method: 'GET', url: '/TestRunner/Stations' })).json()).toEqual([
        'bench-a',
      ]);
    } finally {
      await custom.close();
    }
  });
});

describe('GET /TestRunner/Results', () => {
  it('answers an empty list while no unit is on the bench', async () => {
    const response = await app.inject({ method: 'GET', url: '/TestRunner/Results' });

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([]);
  });
});

describe('CORS', () => {
  it('lets the burn-in app on another localhost port call with an Authorization header', async () => {
    const response = await app.inject({
      method: 'OPTIONS',
      url: '/TestRunner/Stations',
      headers: {
        origin: 'http://localhost:5175',
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'authorization',
      },
    });

    expect(response.statusCode).toBe(204);
    expect(response.headers['access-control-allow-origin']).toBe('http://localhost:5175');
  });

  it('does not grant other origins', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/TestRunner/Stations',
      headers: { origin: 'https://elsewhere.example' },
    });

    expect(response.headers['access-control-allow-origin']).toBeUndefined();
  });
});
