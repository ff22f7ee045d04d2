import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import type { HubConnection } from '@microsoft/signalr';
import { Redis } from 'ioredis';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { BackplaneUnavailableError, RedisBackplane } from '../index';
import { startRedisServer } from '../testing';
import { TRANSPORTS, buildClient, startHub, waitFor, waitUntil } from './harness';
import type { RunningHub } from './harness';

// Two hub instances in this process, each with its own RedisBackplane (two Redis connections
// apiece), against a real redis-server: what crosses between them crosses through Redis.

interface Instance {
  running: RunningHub;
  backplane: RedisBackplane;
}

const instances: Instance[] = [];
const clients: HubConnection[] = [];
const admins: Redis[] = [];
const redisErrors: unknown[] = [];

afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.stop()));
  await Promise.all(
    instances.splice(0).map(async ({ running, backplane }) => {
      if (running.server.listening) await running.stop();
      await backplane.close();
    }),
  );
  await Promise.all(admins.splice(0).map((admin) => admin.quit()));
  for (const child of hubProcesses.splice(0)) child.kill('SIGKILL');
  redisErrors.length = 0;
});

/** A hub instance as the api runs it: its own backplane, users named by their token. */
async function startInstance(redisUrl: string, name: string, groupAckTimeoutMs = 2_000): Promise<RunningHub> {
  const backplane = new RedisBackplane({ url: redisUrl, onError: (error) => redisErrors.push(error) });
  const running = await startHub({
    name,
    backplane,
    groupAckTimeoutMs,
    authenticate: ({ token }) => ({ userId: token ?? '' }),
  });
  instances.push({ running, backplane });
  await running.hub.ready();
  return running;
}

const hubProcesses: ChildProcess[] = [];

/** A hub instance in a child process (see fixtures/hub-process.ts), to be killed by the test. */
async function startHubProcess(redisUrl: string, name: string) {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', fileURLToPath(new URL('./fixtures/hub-process.ts', import.meta.url)), redisUrl, name],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  hubProcesses.push(child);
  const port = await new Promise<number>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`The hub process exited with ${String(code)}.`)));
    child.stdout.once('data', (chunk: Buffer) =>
      resolve((JSON.parse(chunk.toString()) as { port: number }).port),
    );
  });
  return { process: child, url: `http://127.0.0.1:${port}/hub` };
}

function adminClient(redisUrl: string): Redis {
  const admin = new Redis(redisUrl);
  admins.push(admin);
  return admin;
}

async function connect(
  running: RunningHub | string,
  userId: string,
  transport: (typeof TRANSPORTS)[number]['type'] = TRANSPORTS[0].type,
) {
  const url = typeof running === 'string' ? running : running.url;
  const client = buildClient(url, transport, undefined, { accessTokenFactory: () => userId });
  clients.push(client);
  const inbox: string[] = [];
  client.on('message', (text: string) => inbox.push(text));
  await client.start();
  // No timeout of its own: a test that waits for it fails by the test's timeout.
  const ended = new Promise<void>((resolve) => client.on('end', () => resolve()));
  return { client, inbox, ended, connectionId: client.connectionId ?? '' };
}

describe.each(TRANSPORTS)(
  'given two instances sharing a Redis backplane, with clients over $name',
  ({ type }) => {
    it('delivers to all, users, groups and connections held by the other instance', async () => {
      const redisUrl = inject('redisUrl');
      const name = `hub-${randomUUID()}`;
      const east = await startInstance(redisUrl, name);
      const west = await startInstance(redisUrl, name);
      const alice = await connect(east, 'alice', type);
      const bob = await connect(west, 'bob', type);

      await east.hub.clients.all.send('message', 'east to all');
      await west.hub.clients.user('alice').send('message', 'west to alice');
      // Both group changes go to the instance holding the connection and resolve on its ack.
      await west.hub.groups.add(alice.connectionId, 'fleet');
      await east.hub.groups.add(bob.connectionId, 'fleet');
      await west.hub.clients.group('fleet').send('message', 'west to fleet');
      await west.hub.groups.remove(alice.connectionId, 'fleet');
      await west.hub.clients.group('fleet').send('message', 'west to fleet without alice');
      await east.hub.clients.client(bob.connectionId).send('message', 'east to bob');
      // Each end marker takes the same path as the messages before it, so it arrives after them.
      await west.hub.clients.client(alice.connectionId).send('end');
      await east.hub.clients.client(bob.connectionId).send('end');
      await Promise.all([alice.ended, bob.ended]);

      expect(alice.inbox).toEqual(['east to all', 'west to alice', 'west to fleet']);
      expect(bob.inbox).toEqual([
        'east to all',
        'west to fleet',
        'west to fleet without alice',
        'east to bob',
      ]);
    });
  },
);

describe('given two instances sharing a Redis backplane', () => {
  it('keeps hubs with other names apart', async () => {
    const redisUrl = inject('redisUrl');
    const east = await startInstance(redisUrl, `hub-${randomUUID()}`);
    const stranger = await startInstance(redisUrl, `hub-${randomUUID()}`);
    const alice = await connect(east, 'alice');
    const eve = await connect(stranger, 'alice');

    await stranger.hub.clients.user('alice').send('message', 'from the other hub');
    await stranger.hub.clients.all.send('end');
    await east.hub.clients.all.send('end');
    await Promise.all([alice.ended, eve.ended]);

    expect(alice.inbox).toEqual([]);
    expect(eve.inbox).toEqual(['from the other hub']);
  });

  it('rejects a group change for a connection no instance holds once the ack is overdue', async () => {
    const redisUrl = inject('redisUrl');
    const name = `hub-${randomUUID()}`;
    const east = await startInstance(redisUrl, name, 300);
    await startInstance(redisUrl, name, 300);

    await expect(east.hub.groups.add('no-such-connection', 'fleet')).rejects.toThrow(
      'No instance acknowledged the add of connection no-such-connection within 300 ms.',
    );
  });

  it('leaves no trace of an instance whose process was killed: no subscription, no keys, its connections unknown', async () => {
    const redisUrl = inject('redisUrl');
    const name = `hub-${randomUUID()}`;
    const channel = `signalr:${name}`;
    // The default ack timeout: the first group change crosses to the other process under load.
    const east = await startInstance(redisUrl, name);
    const west = await startHubProcess(redisUrl, name);
    const alice = await connect(east, 'alice');
    const bob = await connect(west.url, 'bob');
    const bobClosed = waitFor<void>((report) => bob.client.onclose(() => report()));
    const admin = adminClient(redisUrl);
    const subscribers = async () => {
      const [, count] = (await admin.pubsub('NUMSUB', channel)) as [string, number];
      return count;
    };
    await east.hub.groups.add(bob.connectionId, 'fleet');
    expect(await subscribers()).toBe(2);

    west.process.kill('SIGKILL');
    await bobClosed;

    await waitUntil(async () => (await subscribers()) === 1);
    expect(await admin.keys(`*${name}*`)).toEqual([]);
    await expect(east.hub.groups.remove(bob.connectionId, 'fleet')).rejects.toThrow(
      /No instance acknowledged/,
    );
    await east.hub.clients.group('fleet').send('message', 'to the fleet');
    await east.hub.clients.all.send('message', 'east to all');
    await east.hub.clients.all.send('end');
    await alice.ended;
    expect(alice.inbox).toEqual(['east to all']);
  });

  it('reports a message on the channel that is not JSON and keeps delivering', async () => {
    const redisUrl = inject('redisUrl');
    const name = `hub-${randomUUID()}`;
    const east = await startInstance(redisUrl, name);
    const alice = await connect(east, 'alice');

    await adminClient(redisUrl).publish(`signalr:${name}`, 'not json');
    const west = await startInstance(redisUrl, name);
    await west.hub.clients.all.send('end');
    await alice.ended;

    expect(redisErrors).toHaveLength(1);
    expect(String(redisErrors[0])).toContain(`Ignored a message on signalr:${name} that is not JSON.`);
  });
});

describe('given Redis restarts while two instances run', () => {
  it('fails publishes while it is down without affecting local delivery, and carries messages again once it is back', async () => {
    const redis = await startRedisServer();
    try {
      const name = `hub-${randomUUID()}`;
      const east = await startInstance(redis.url, name);
      const west = await startInstance(redis.url, name);
      const alice = await connect(east, 'alice');
      const bob = await connect(west, 'bob');
      await east.hub.clients.user('bob').send('message', 'before');
      await waitUntil(() => bob.inbox.includes('before'));

      await redis.stop();
      await waitUntil(() => redisErrors.length > 0);
      await expect(east.hub.clients.all.send('message', 'during')).rejects.toBeInstanceOf(
        BackplaneUnavailableError,
      );
      // Sent to the connections of the publishing instance all the same.
      await waitUntil(() => alice.inbox.includes('during'));
      await redis.start();

      // Both instances reconnect and re-subscribe on their own; until then a message may be lost,
      // so each direction is tried until one gets through.
      let attempt = 0;
      await waitUntil(
        async () => {
          attempt += 1;
          await east.hub.clients
            .user('bob')
            .send('message', `east again ${attempt}`)
            .catch(() => undefined);
          return bob.inbox.some((text) => text.startsWith('east again'));
        },
        15_000,
        100,
      );
      await waitUntil(
        async () => {
          attempt += 1;
          await west.hub.clients
            .user('alice')
            .send('message', `west again ${attempt}`)
            .catch(() => undefined);
          return alice.inbox.some((text) => text.startsWith('west again'));
        },
        15_000,
        100,
      );
      await west.hub.groups.add(alice.connectionId, 'fleet');
      await west.hub.clients.group('fleet').send('end');
      await alice.ended;

      expect(bob.inbox[0]).toBe('before');
      expect(bob.inbox).not.toContain('during');
    } finally {
      await redis.dispose();
    }
  }, 40_000);
});

describe('given Redis unreachable from the start', () => {
  it('serves its own clients, rejects sends that need other instances, and closes without waiting for Redis', async () => {
    const redis = await startRedisServer();
    await redis.dispose();
    const backplane = new RedisBackplane({ url: redis.url, onError: (error) => redisErrors.push(error) });
    const running = await startHub({ name: `hub-${randomUUID()}`, backplane });
    try {
      const client = buildClient(running.url, TRANSPORTS[0].type);
      clients.push(client);
      const inbox: string[] = [];
      client.on('message', (text: string) => inbox.push(text));
      await client.start();

      await expect(running.hub.clients.all.send('message', 'local only')).rejects.toBeInstanceOf(
        BackplaneUnavailableError,
      );
      await running.hub.clients.client(client.connectionId ?? '').send('message', 'to a local connection');
      await waitUntil(() => inbox.length === 2);
      expect(inbox).toEqual(['local only', 'to a local connection']);
      await client.stop();
    } finally {
      await running.stop();
      await backplane.close();
    }
    expect(String(redisErrors[0])).toContain('ECONNREFUSED');
  });
});
