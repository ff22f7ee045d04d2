import { describe, expect, it } from 'vitest';
import { MAX_LENGTH, validateMaxLength } from './limits';

describe('validateMaxLength', () => {
  it('accepts a value of exactly the limit', () => {
    expect(validateMaxLength('a'.repeat(MAX_LENGTH.name), MAX_LENGTH.name)).toBeUndefined();
  });

  it('names the limit for a value one character longer', () => {
    expect(validateMaxLength('a'.repeat(MAX_LENGTH.name + 1), MAX_LENGTH.name)).toBe(
      'Must be at most 100 characters',
    );
  });
});
