import type { HubConnection } from '@microsoft/signalr';
import { afterEach, describe, expect, it } from 'vitest';
import { InMemoryBackplane } from '../index';
import { TRANSPORTS, buildClient, startHub, waitFor } from './harness';
import type { RunningHub } from './harness';

describe('given two instances of a hub sharing a backplane', () => {
  const servers: RunningHub[] = [];
  const clients: HubConnection[] = [];

  afterEach(async () => {
    await Promise.all(clients.splice(0).map((client) => client.stop()));
    await Promise.all(servers.splice(0).map((running) => running.stop()));
  });

  it('delivers to users, groups and connections held by the other instance', async () => {
    const backplane = new InMemoryBackplane();
    const options = {
      backplane,
      authenticate: ({ token }: { token: string | undefined }) => ({ userId: token ?? '' }),
    };
    const east = await startHub(options);
    const west = await startHub(options);
    // An unrelated hub on the same backplane must hear nothing.
    const other = await startHub({ ...options, name: 'other' });
    servers.push(east, west, other);
    const connect = async (running: RunningHub, userId: string) => {
      const client = buildClient(running.url, TRANSPORTS[0].type, undefined, {
        accessTokenFactory: () => userId,
      });
      clients.push(client);
      await client.start();
      return client;
    };
    const alice = await connect(east, 'alice');
    const bob = await connect(west, 'bob');
    const eve = await connect(other, 'alice');
    const inbox: Record<string, string[]> = { alice: [], bob: [], eve: [] };
    alice.on('message', (text: string) => inbox.alice?.push(text));
    bob.on('message', (text: string) => inbox.bob?.push(text));
    eve.on('message', (text: string) => inbox.eve?.push(text));
    const ends = [alice, bob].map((client) => waitFor<void>((report) => client.on('end', () => report())));

    await west.hub.clients.user('alice').send('message', 'west to alice');
    await west.hub.groups.add(alice.connectionId ?? '', 'fleet');
    await west.hub.clients.group('fleet').send('message', 'west to fleet');
    await east.hub.clients.client(bob.connectionId ?? '').send('message', 'east to bob');
    await east.hub.clients.all.send('end');
    await Promise.all(ends);

    expect(inbox).toEqual({ alice: ['west to alice', 'west to fleet'], bob: ['east to bob'], eve: [] });
  });
});
