import { describe, expect, it } from 'vitest';
import {
  canSubmitAccountHolder,
  canSubmitAgent,
  canSubmitContactEdit,
  validateAccountHolder,
  validateAgent,
  validateContactEdit,
} from './person-forms';

const holder = {
  FirstName: 'Thandi',
  LastName: 'Nkosi',
  Email: 'thandi@example.co.za',
  PhoneNumber: '0821234567',
  IdNumber: '8001015009087',
  IdNumberIsSouthAfrican: true,
};

describe('account holder form', () => {
  it('accepts a complete holder with an SA ID', () => expect(validateAccountHolder(holder)).toEqual({}));
  it('accepts a passport when the holder has no SA ID', () => {
    expect(validateAccountHolder({ ...holder, IdNumber: 'A1234567', IdNumberIsSouthAfrican: false })).toEqual(
      {},
    );
  });
  it('reports every faulty field with its message', () => {
    expect(
      validateAccountHolder({
        ...holder,
        FirstName: ' ',
        Email: 'x@',
        PhoneNumber: '123',
        IdNumber: '8013015009087',
      }),
    ).toEqual({
      FirstName: ['This field is required'],
      Email: ['Please provide a valid email address'],
      PhoneNumber: ['Please provide a valid phone number'],
      IdNumber: ['Please provide a valid ID number'],
    });
  });
  it('enables Next only once all five fields are filled', () => {
    expect(canSubmitAccountHolder(holder)).toBe(true);
    expect(canSubmitAccountHolder({ ...holder, IdNumber: '' })).toBe(false);
  });
});

describe('add agent form', () => {
  const agent = {
    FirstName: 'Sipho',
    LastName: 'Mthembu',
    Email: 'sipho@sentinel.demo',
    PhoneNumber: '',
    RoleName: 'Admin',
  };
  it('accepts an agent without a phone number', () => expect(validateAgent(agent, ['Admin'])).toEqual({}));
  it('refuses a bad phone number and an unknown role', () => {
    expect(validateAgent({ ...agent, PhoneNumber: '12', RoleName: 'Pilot' }, ['Admin'])).toEqual({
      PhoneNumber: ['Please provide a valid phone number'],
      RoleName: ['Please select a valid role'],
    });
  });
  it('enables Add agent once names, email and role are filled', () => {
    expect(canSubmitAgent(agent)).toBe(true);
    expect(canSubmitAgent({ ...agent, RoleName: '' })).toBe(false);
  });
});

describe('contact edit form', () => {
  it('needs both email and phone', () => {
    expect(canSubmitContactEdit({ Email: 'a@b.co', PhoneNumber: '' })).toBe(false);
    expect(validateContactEdit({ Email: '', PhoneNumber: '0821234567' })).toEqual({
      Email: ['This field is required'],
    });
  });
});
