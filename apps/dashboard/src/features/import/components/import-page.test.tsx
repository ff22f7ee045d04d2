import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { IMPORT_FIELD_KEYS, IMPORT_TEMPLATE_TEXT, MESSAGES } from '@sentinel/domain';
import type { VehicleType } from '@sentinel/domain';
import { apiUrl, storeSignedInUser } from '../../../test/api';
import { renderApp } from '../../../test/render-app';
import { recordSavedFiles } from '../../../test/saved-files';
import type { SavedFile } from '../../../test/saved-files';

// jsdom's File has no arrayBuffer(), which the upload reads the file with; this one reads the same
// bytes through jsdom's FileReader, as a browser's does.
Blob.prototype.arrayBuffer ??= function (this: Blob) {
  return new Promise<ArrayBuffer>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as ArrayBuffer);
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'));
    reader.readAsArrayBuffer(this);
  });
};

// jsdom has no layout: give the rows' scroll area 600 px and every row 60 px, so the virtual list
// renders what a browser would.
beforeEach(() => {
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(600);
  vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockReturnValue(60);
});
afterEach(() => {
  vi.restoreAllMocks();
});

/** A catalogue entry's text, as the file names the vehicle. */
async function listedVehicle(accessToken: string): Promise<string> {
  const response = await fetch(`${apiUrl()}/VehicleTypes/Search?SearchPhrase=a`, {
    headers: { authorization: `Bearer ${accessToken}` },
  });
  const [type] = (await response.json()) as VehicleType[];
  return type!.makeVariant;
}

/** A good row: a new account holder (passport) with a driver and a vehicle, unique to this run. */
function goodRow(run: string, vehicle: string): Record<string, string> {
  return {
    'Holder.FirstName': 'Lindiwe',
    'Holder.LastName': 'Mokoena',
    'Holder.Email': `import.screen.${run}@example.co.za`,
    'Holder.PhoneNumber': `082${run.slice(-7)}`,
    'Holder.IdNumberIsSouthAfrican': 'No',
    'Holder.IdNumber': `H${run}`,
    'Driver.FirstName': 'Sizwe',
    'Driver.LastName': 'Dube',
    'Driver.Email': `import.driver.${run}@example.co.za`,
    'Driver.PhoneNumber': `083${run.slice(-7)}`,
    'Driver.IdNumberIsSouthAfrican': 'No',
    'Driver.IdNumber': `D${run}`,
    'Vehicle.Vehicle': vehicle,
    'Vehicle.RegistrationYear': '2021',
    'Vehicle.RegistrationNumber': `IS ${run.slice(-6)} GP`,
    'Vehicle.Colour': 'White',
  };
}

const csvOf = (rows: Record<string, string>[]) =>
  [
    IMPORT_FIELD_KEYS.join(','),
    ...rows.map((row) => IMPORT_FIELD_KEYS.map((key) => row[key] ?? '').join(',')),
  ].join('\n');

/** The count shown under a label of the preview's counts. */
const count = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling;

describe('given an Admin with a file of a good row, a bad row and a repeat of the good one', () => {
  it('previews each mistake on its cell, imports with progress to the end, and reports every row', async () => {
    const user = userEvent.setup();
    const admin = await storeSignedInUser('Admin');
    const run = String(Date.now());
    const good = goodRow(run, await listedVehicle(admin.accessToken));
    const bad = {
      ...goodRow(`${run}1`, good['Vehicle.Vehicle']!),
      'Holder.Email': `import-${run}-at-example`,
    };
    const file = new File([csvOf([good, bad, good])], 'fleet.csv', { type: 'text/csv' });
    renderApp('/agent/import');

    expect(await screen.findByRole('heading', { level: 1, name: 'Import' })).toBeInTheDocument();
    await user.upload(screen.getByLabelText(/Choose a file or drop it here/), file);

    expect(await screen.findByRole('heading', { name: 'Preview of fleet.csv' })).toBeInTheDocument();
    expect(count('New')).toHaveTextContent('1');
    expect(count('Updated')).toHaveTextContent('0');
    expect(count('Unchanged')).toHaveTextContent('1');
    expect(count('With errors')).toHaveTextContent('1');
    const rows = await screen.findByRole('list', { name: 'Rows' });
    const badRow = within(rows).getByText('Row 2').closest('li, [role="listitem"]') as HTMLElement;
    const emailCell = within(badRow).getByText(`import-${run}-at-example`);
    expect(emailCell).toHaveTextContent(MESSAGES.email);

    await user.click(screen.getByRole('button', { name: 'Import 1 rows' }));

    // The run polls its progress until it is done; the bar then stands at every row.
    expect(await screen.findByText('The import is complete.', {}, { timeout: 15_000 })).toBeInTheDocument();
    const bar = screen.getByRole('progressbar', { name: 'Import progress' });
    expect(bar).toHaveAttribute('aria-valuenow', '3');
    expect(bar).toHaveAttribute('aria-valuemax', '3');
    expect(
      screen.getByText('Created 1, updated 0, unchanged 1, with errors 1, failed 0.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download report' })).toBeInTheDocument();
    const report = await screen.findByRole('list', { name: 'Rows' });
    const outcomes = within(report)
      .getAllByRole('listitem')
      .map((item) => within(item).getByText(/^Row \d+$/).nextElementSibling?.textContent);
    expect(outcomes).toEqual(['Created', 'Invalid', 'Unchanged']);
  });
});

describe('given a file of more rows than a page holds', () => {
  it('shows every row as the person scrolls, and the rows with errors alone when asked', async () => {
    const user = userEvent.setup();
    const admin = await storeSignedInUser('Admin');
    const run = String(Date.now());
    const vehicle = await listedVehicle(admin.accessToken);
    // 1,001 rows: every one but the last has a wrong e-mail address.
    const records = Array.from({ length: 1001 }, (_, index) => {
      const row = goodRow(`${run}${String(index).padStart(4, '0')}`, vehicle);
      return index === 1000 ? row : { ...row, 'Holder.Email': `row-${index}-at-example` };
    });
    renderApp('/agent/import');
    await user.upload(
      await screen.findByLabelText(/Choose a file or drop it here/),
      new File([csvOf(records)], 'big.csv', { type: 'text/csv' }),
    );

    const rows = await screen.findByRole('list', { name: 'Rows' }, { timeout: 15_000 });
    expect(screen.getByText('Showing 1000 of 1001 rows')).toBeInTheDocument();
    const scroller = rows.parentElement as HTMLElement;
    // To the bottom of what is loaded: rows not yet measured count at their estimated height.
    Object.defineProperty(scroller, 'scrollTop', {
      value: parseFloat(rows.style.height) - 600,
      configurable: true,
    });
    fireEvent.scroll(scroller);
    expect(await within(rows).findByText('Row 1001')).toBeInTheDocument();
    expect(screen.queryByText(/^Showing/)).not.toBeInTheDocument();

    await user.click(screen.getByRole('switch', { name: 'Only rows with errors' }));
    // The 1,000 rows with errors fit one page: all are there, the good last row is not.
    await waitFor(() =>
      expect(within(screen.getByRole('list', { name: 'Rows' })).getAllByRole('listitem')[0]).toHaveAttribute(
        'aria-setsize',
        '1000',
      ),
    );
    expect(screen.queryByText(/^Showing/)).not.toBeInTheDocument();
  });
});

describe('given an Admin who downloads the template and uploads it with only its example row', () => {
  let saved: SavedFile[];
  beforeEach(() => {
    saved = recordSavedFiles();
  });

  it('saves the .xlsx template, and previews its example row with no errors and nothing to import', async () => {
    const user = userEvent.setup();
    await storeSignedInUser('Admin');
    renderApp('/agent/import');
    expect(await screen.findByText(/example row is skipped while it is unchanged/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Download template' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    const [template] = saved;
    expect(template!.fileName).toBe('Sentinel-import-template.xlsx');
    const bytes = new Uint8Array(await template!.blob.arrayBuffer());
    // A zip, as every .xlsx workbook is.
    expect(String.fromCharCode(bytes[0]!, bytes[1]!)).toBe('PK');

    await user.upload(
      screen.getByLabelText(/Choose a file or drop it here/),
      new File([bytes], template!.fileName, { type: template!.blob.type }),
    );
    expect(
      await screen.findByRole('heading', { name: 'Preview of Sentinel-import-template.xlsx' }),
    ).toBeInTheDocument();
    expect(count('New')).toHaveTextContent('0');
    expect(count('Unchanged')).toHaveTextContent('1');
    expect(count('With errors')).toHaveTextContent('0');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    const rows = await screen.findByRole('list', { name: 'Rows' });
    expect(within(rows).getByText(IMPORT_TEMPLATE_TEXT.exampleSkipped)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Import 0 rows' })).toBeDisabled();
  });
});
