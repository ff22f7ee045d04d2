import { describe, expect, it } from 'vitest';
import { createSignInGate } from './sign-in-gate';

describe('the sign-in gate', () => {
  it('lets as many checks run at once as its concurrency', async () => {
    const gate = createSignInGate({ concurrency: 2, maxWaiting: 10 });
    await gate.enter('other');
    await gate.enter('other');
    let third = false;
    void gate.enter('other').then(() => {
      third = true;
    });
    await Promise.resolve();
    expect(third).toBe(false);
    expect(gate.load).toEqual({ running: 2, waiting: 1 });
  });

  it('gives the next free turn to a known sign-in before others that waited longer', async () => {
    const gate = createSignInGate({ concurrency: 1, maxWaiting: 10 });
    const first = await gate.enter('other');
    const order: string[] = [];
    const others = [1, 2, 3].map((n) =>
      gate.enter('other').then((end) => {
        order.push(`other ${n}`);
        end?.();
      }),
    );
    const known = gate.enter('known').then((end) => {
      order.push('known');
      end?.();
    });
    first?.();
    await Promise.all([...others, known]);
    expect(order).toEqual(['known', 'other 1', 'other 2', 'other 3']);
    expect(gate.load).toEqual({ running: 0, waiting: 0 });
  });

  it('refuses at once when a line is full, and still queues the other line', async () => {
    const gate = createSignInGate({ concurrency: 1, maxWaiting: 1 });
    const first = await gate.enter('other');
    const waiting = gate.enter('other');
    expect(await gate.enter('other')).toBeUndefined();
    const known = gate.enter('known');
    first?.();
    const knownEnd = await known;
    expect(knownEnd).toBeTypeOf('function');
    knownEnd?.();
    (await waiting)?.();
    expect(gate.load).toEqual({ running: 0, waiting: 0 });
  });

  it('ends a turn once however often its end is called', async () => {
    const gate = createSignInGate({ concurrency: 1, maxWaiting: 5 });
    const end = await gate.enter('other');
    end?.();
    end?.();
    expect(gate.load.running).toBe(0);
    await gate.enter('other');
    expect(gate.load.running).toBe(1);
  });
});
