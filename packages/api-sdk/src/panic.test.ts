import { startApi } from '@sentinel/testing';
import type { RunningApi } from '@sentinel/testing';
import { PANIC_MESSAGES } from '@sentinel/domain';
import type { UserListFields, VehicleListFields } from '@sentinel/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInClient } from './test-support';
import type { ApiClient } from './client';
import { isApiError } from './errors/api-error';
import { eq } from './odata';

let api: RunningApi;
let holder: ApiClient;

beforeAll(async () => {
  api = await startApi();
  holder = await signedInClient(api.url, 'Account-Holder');
});

afterAll(async () => {
  await api.close();
});

describe('my.panic (the mobile app’s panic button)', () => {
  it('opens a Panic alarm the control room sees, on the vehicle named, and joins it when pressed again', async () => {
    const admin = await signedInClient(api.url, 'Admin');
    const before = (await admin.alarms.queue({ tab: 'Open', pageSize: 500 })).items.filter(
      (alarm) => alarm.kind === 'Panic',
    ).length;

    const refused = await holder.my.panic({ latitude: -26.1 }).catch((error: unknown) => error);
    expect(isApiError(refused) && refused.errors).toEqual({ Longitude: [PANIC_MESSAGES.positionIncomplete] });

    const several = await holder.my.panic().catch((error: unknown) => error);
    expect(isApiError(several) && several.errors).toEqual({ VehicleId: [PANIC_MESSAGES.chooseVehicle] });

    const [owner] = (await admin.users.list({ filter: eq<UserListFields>('email', 'holder@sentinel.demo') }))
      .items;
    if (!owner) throw new Error('no demo holder');
    const [mine] = (await admin.vehicles.list({ filter: eq<VehicleListFields>('userId', owner.id) })).items;
    if (!mine) throw new Error('no vehicle of the demo holder');

    const opened = await holder.my.panic({ vehicleId: mine.id, latitude: -26.2, longitude: 28.04 });
    expect(opened).toMatchObject({ vehicleId: mine.id, opened: true });
    const again = await holder.my.panic({ vehicleId: mine.id });
    expect(again).toEqual({ ...opened, opened: false });

    const queue = await admin.alarms.queue({ tab: 'Open', pageSize: 500 });
    const panics = queue.items.filter((alarm) => alarm.kind === 'Panic');
    expect(panics).toHaveLength(before + 1);
    expect(panics.find((alarm) => alarm.id === opened.alarmId)).toMatchObject({ priority: 1, eventCount: 2 });
  });
});
