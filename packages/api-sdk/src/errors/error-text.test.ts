import { describe, expect, it } from 'vitest';
import { ApiError } from './api-error';
import { NetworkError } from './network-error';
import { errorText, REQUEST_FAILED_TEXT } from './error-text';

describe('errorText', () => {
  it("puts the answer's field message first, as the spec words it for the field", () => {
    const error = new ApiError(400, {
      title: 'Bad Request',
      status: 400,
      message: 'One or more fields are not valid.',
      errors: { CompanyName: ['A company with this name already exists'] },
    });
    expect(errorText(error)).toBe('A company with this name already exists');
  });

  it("then the server's problem detail, its message", () => {
    const error = new ApiError(409, {
      title: 'Conflict',
      status: 409,
      message: 'Acme still has 2 linked users. Remove them from the company before deleting it.',
    });
    expect(errorText(error, 'Failed to remove company')).toBe(
      'Acme still has 2 linked users. Remove them from the company before deleting it.',
    );
  });

  it('then the status text, the title', () => {
    expect(errorText(new ApiError(403, { title: 'Forbidden', status: 403 }), 'Failed to link user')).toBe(
      'Forbidden',
    );
  });

  it('puts the title before the message where the spec words a screen so', () => {
    const error = new ApiError(404, {
      title: 'Not Found',
      status: 404,
      message: 'Account holder 9 was not found.',
    });
    expect(errorText(error, undefined, { titleFirst: true })).toBe('Not Found');
    expect(
      errorText(new ApiError(402, { status: 402, message: 'Declined.' }), undefined, { titleFirst: true }),
    ).toBe('Declined.');
  });

  it("then the screen's own line, else the spec's generic one", () => {
    expect(errorText(new ApiError(500, undefined), 'Failed to change device')).toBe(
      'Failed to change device',
    );
    expect(errorText(new ApiError(500, { status: 500, message: '', errors: { Email: [''] } }))).toBe(
      REQUEST_FAILED_TEXT,
    );
  });

  it('gives the fallback for anything that is not an answer of the server', () => {
    expect(errorText(new NetworkError({ cause: new TypeError('fetch failed') }))).toBe(REQUEST_FAILED_TEXT);
    expect(errorText(new Error('bug'), 'Failed to send alert')).toBe('Failed to send alert');
    expect(errorText('text')).toBe(REQUEST_FAILED_TEXT);
  });
});
