import { IMPORT_FIELD_KEYS, IMPORT_MESSAGES } from '@sentinel/domain';
import { startApi } from '@sentinel/testing';
import type { RunningApi } from '@sentinel/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInClient } from './test-support';
import type { ApiClient } from './client';
import { isApiError } from './errors/api-error';

let api: RunningApi;
let client: ApiClient;

beforeAll(async () => {
  api = await startApi();
  client = await signedInClient(api.url, 'Admin');
}, 60_000);

afterAll(async () => {
  await api.close();
});

const bytes = (text: string) => new TextEncoder().encode(text);

describe('imports', () => {
  it('downloads the template workbook as bytes that upload again as they came, previewing no error', async () => {
    const workbook = await client.imports.templateWorkbook();
    expect(workbook).toBeInstanceOf(Blob);
    const bytesOf = new Uint8Array(await workbook.arrayBuffer());
    // An .xlsx is a zip: its bytes start with PK, which a text decoding would have spoiled.
    expect([...bytesOf.subarray(0, 2)]).toEqual([0x50, 0x4b]);
    const job = await client.imports.upload({ name: 'template.xlsx', bytes: bytesOf });
    expect(job.preview.invalid).toBe(0);
    expect(job.preview.new).toBe(0);
  });

  it('downloads the template, previews a file, runs it and reports every row', async () => {
    expect((await client.imports.template()).trim()).toBe(IMPORT_FIELD_KEYS.join(','));
    const stamp = Date.now();
    const file = [
      'Name,Surname,Email,Cellphone number,ID number',
      `Ayanda,Zulu,sdk.import.${stamp}@example.co.za,0825550101,8502035009083`,
      `Bad,Row,not-an-address,0825550102,8502035009084`,
    ].join('\n');
    const job = await client.imports.upload({ name: 'holders.csv', bytes: bytes(file) });
    expect(job.preview).toEqual({ new: 1, updated: 0, unchanged: 0, invalid: 1 });
    const invalid = await client.imports.rows(job.id, { errorsOnly: true });
    expect(invalid.items.map((row) => row.rowNumber)).toEqual([2]);
    expect(await client.imports.errorsCsv(job.id)).toContain('not-an-address');

    await client.imports.start(job.id, { sendPasswordLinks: false });
    let progress = await client.imports.get(job.id);
    while (progress.status === 'Running') progress = await client.imports.get(job.id);
    expect(progress).toMatchObject({ status: 'Completed', rowsDone: 2 });
    expect(await client.imports.reportCsv(job.id)).toContain(`sdk.import.${stamp}@example.co.za`);
  });

  it('throws ApiError naming the file when it is not a spreadsheet', async () => {
    const error: unknown = await client.imports
      .upload({ name: 'notes.txt', bytes: bytes('x') })
      .catch((e: unknown) => e);
    expect(isApiError(error) && error.body?.errors?.File).toEqual([IMPORT_MESSAGES.fileType]);
  });
});
