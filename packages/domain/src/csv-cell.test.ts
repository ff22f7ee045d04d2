import { describe, expect, it } from 'vitest';
import { neutraliseFormula } from './csv-cell';

describe('neutraliseFormula', () => {
  it.each(['=SUM(A1)', '+27', '-1', '@cmd', '@SUM(1)', '\tx', '\rx'])('prefixes %j with a quote', (cell) => {
    expect(neutraliseFormula(cell)).toBe(`'${cell}`);
  });

  it.each([' =1+1', '\n=1', '\t=1', '\r\n+1', '  @SUM(1)', '\u00a0-1+1', '\u3000=1'])(
    'prefixes %j, whose first character after white space starts a formula',
    (cell) => expect(neutraliseFormula(cell)).toBe(`'${cell}`),
  );

  it.each(['＝1+1', '＋1', '－1', '＠SUM(1)', ' ＝1+1'])('prefixes the full-width sign of %j', (cell) => {
    expect(neutraliseFormula(cell)).toBe(`'${cell}`);
  });

  it('prefixes a negative number, which it cannot tell from typed text', () => {
    expect(neutraliseFormula('-5')).toBe("'-5");
  });

  it.each(['Thandi, "TN"', 'Sipho Dlamini', '27', 'a=b', 'Tamper - cancelled', ' leading space', ''])(
    'leaves ordinary text %j alone',
    (cell) => expect(neutraliseFormula(cell)).toBe(cell),
  );
});
