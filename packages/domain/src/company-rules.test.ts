import { describe, expect, it } from 'vitest';
import {
  canSubmitCompany,
  COMPANY_MESSAGES,
  companyNameKey,
  mayChangeDevice,
  mayManageCompanies,
  validateCompany,
  validateCompanyName,
} from './company-rules';
import { MESSAGES } from './messages';

describe('company name', () => {
  it('is required', () => {
    expect(validateCompanyName('   ')).toBe(MESSAGES.required);
    expect(validateCompany({ Name: '' })).toEqual({ CompanyName: [MESSAGES.required] });
  });

  it('takes up to 100 characters', () => {
    expect(validateCompanyName('a'.repeat(100))).toBeUndefined();
    expect(validateCompanyName('a'.repeat(101))).toBe(COMPANY_MESSAGES.nameTooLong);
  });

  it('compares without case or surrounding spaces', () => {
    expect(companyNameKey(' Karoo LOGISTICS ')).toBe(companyNameKey('karoo logistics'));
  });

  it('enables Add Company once typed', () => {
    expect(canSubmitCompany({ Name: ' ' })).toBe(false);
    expect(canSubmitCompany({ Name: 'Acme' })).toBe(true);
  });
});

describe('company permissions', () => {
  it('lets Admin and Technical-Agent manage companies and change devices, not a Company-Admin', () => {
    expect(mayManageCompanies('Admin')).toBe(true);
    expect(mayManageCompanies('Technical-Agent')).toBe(true);
    expect(mayManageCompanies('Company-Admin')).toBe(false);
    expect(mayChangeDevice('Company-Admin')).toBe(false);
    expect(mayChangeDevice('Technical-Agent')).toBe(true);
  });

  it('names the users that stop a deletion', () => {
    expect(COMPANY_MESSAGES.deleteWithUsers('Acme', 1)).toBe(
      'Acme still has 1 linked user. Remove them from the company before deleting it.',
    );
  });
});
