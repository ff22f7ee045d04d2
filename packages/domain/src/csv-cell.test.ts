import { describe, expect, it } from 'vitest';
import { neutraliseFormula } from './csv-cell';

describe('neutraliseFormula', () => {
  it.each(['=SUM(A1)', '+27', '-1', '@cmd', '\tx'])('prefixes %j with a quote', (cell) => {
    expect(neutraliseFormula(cell)).toBe(`'${cell}`);
  });
  it('leaves ordinary text alone', () => expect(neutraliseFormula('Thandi, "TN"')).toBe('Thandi, "TN"'));
});
