import { describe, expect, it } from 'vitest';
import { contactEditRefusal, PRIVILEGE_MESSAGES, privilegeOf } from './privilege';

describe('privilegeOf', () => {
  it('ranks Admin over Technical-Agent over Company-Admin over Account-Holder, by the highest role', () => {
    expect(privilegeOf(['Admin'])).toBeGreaterThan(privilegeOf(['Technical-Agent']));
    expect(privilegeOf(['Technical-Agent'])).toBeGreaterThan(privilegeOf(['Company-Admin']));
    expect(privilegeOf(['Company-Admin'])).toBeGreaterThan(privilegeOf(['Account-Holder']));
    expect(privilegeOf(['Account-Holder', 'Admin'])).toBe(privilegeOf(['Admin']));
  });
});

describe('contactEditRefusal', () => {
  it('refuses editing a user with more privilege', () => {
    expect(contactEditRefusal('Technical-Agent', ['Admin'], false)).toBe(PRIVILEGE_MESSAGES.outranked);
    expect(contactEditRefusal('Company-Admin', ['Technical-Agent'], false)).toBe(
      PRIVILEGE_MESSAGES.outranked,
    );
  });

  it("leaves a staff member's e-mail to an Admin", () => {
    expect(contactEditRefusal('Technical-Agent', ['Technical-Agent'], true)).toBe(
      PRIVILEGE_MESSAGES.staffEmailNeedsAdmin,
    );
    expect(contactEditRefusal('Technical-Agent', ['Technical-Agent'], false)).toBeUndefined();
    expect(contactEditRefusal('Admin', ['Technical-Agent'], true)).toBeUndefined();
  });

  it("lets staff change an account holder's contact details", () => {
    expect(contactEditRefusal('Company-Admin', ['Account-Holder'], true)).toBeUndefined();
    expect(contactEditRefusal('Technical-Agent', ['Account-Holder'], true)).toBeUndefined();
  });
});
