import { describe, expect, it } from 'vitest';
import { matchesSearch, sortUsers } from './sort-search';

const users = [
  {
    id: 1,
    firstName: 'thandi',
    lastName: 'Nkosi',
    createdOnDateTime: '2026-01-01T00:00:00Z',
    tamperActive: false,
  },
  {
    id: 2,
    firstName: 'Bongani',
    lastName: 'Zulu',
    createdOnDateTime: '2026-03-01T00:00:00Z',
    tamperActive: false,
  },
  {
    id: 3,
    firstName: 'Anele',
    lastName: 'Mokoena',
    createdOnDateTime: '2026-02-01T00:00:00Z',
    tamperActive: true,
  },
];
const names = (list: typeof users) => list.map((u) => u.firstName);

describe('sortUsers', () => {
  it('puts the newest first for Latest', () =>
    expect(names(sortUsers(users, 'Latest'))).toEqual(['Bongani', 'Anele', 'thandi']));
  it('puts active alerts first', () => expect(names(sortUsers(users, 'Active alerts'))[0]).toBe('Anele'));
  it('sorts by name ignoring case', () => {
    expect(names(sortUsers(users, 'A - Z'))).toEqual(['Anele', 'Bongani', 'thandi']);
    expect(names(sortUsers(users, 'Z - A'))).toEqual(['thandi', 'Bongani', 'Anele']);
  });
});

describe('matchesSearch', () => {
  it('matches a case-insensitive substring of any field', () => {
    expect(matchesSearch('NKO', 'Thandi', 'Nkosi')).toBe(true);
    expect(matchesSearch('ca 123', 'Toyota', 'CA 123-456')).toBe(true);
    expect(matchesSearch('zulu', 'Thandi', 'Nkosi')).toBe(false);
  });
  it('matches everything for an empty search', () => expect(matchesSearch('  ', 'x')).toBe(true));
});
