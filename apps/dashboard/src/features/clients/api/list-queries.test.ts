import { describe, expect, it } from 'vitest';
import { odataParams } from '@sentinel/api-sdk';
import { isClientTab, listQuery, sortOptionsFor } from './list-queries';

const params = (...args: Parameters<typeof listQuery>) => odataParams(listQuery(...args));

describe('listQuery', () => {
  it('lists account holders with a device for the active tab, newest first', () => {
    expect(params('active', '', 'Latest', 0)).toEqual({
      $filter: "role eq 'Account-Holder' and totalNumberOfVehiclesWithDevice gt 0",
      $orderby: 'createdOnDateTime desc',
      $pagesize: 20,
      $pageindex: 0,
    });
  });

  it('lists vehicles by onboarding status for the booking-pending and scheduled tabs', () => {
    expect(params('booking-pending', '', 'Latest', 2).$filter).toBe("onBoardingStatus eq 'Booking-Pending'");
    expect(params('scheduled', '', 'Latest', 0).$filter).toBe("onBoardingStatus eq 'Scheduled'");
    expect(params('no-vehicles', '', 'Latest', 0).$filter).toBe(
      "role eq 'Account-Holder' and totalNumberOfVehicles eq 0",
    );
  });

  it('searches names on user lists, word by word, quotes escaped', () => {
    expect(params('active', " o'neil  sipho ", 'Latest', 0).$filter).toBe(
      "role eq 'Account-Holder' and totalNumberOfVehiclesWithDevice gt 0" +
        " and (contains(firstName, 'o''neil') or contains(lastName, 'o''neil'))" +
        " and (contains(firstName, 'sipho') or contains(lastName, 'sipho'))",
    );
  });

  it('searches names, make and registration on vehicle lists', () => {
    expect(params('scheduled', 'toyota', 'Latest', 0).$filter).toBe(
      "onBoardingStatus eq 'Scheduled' and (contains(userFirstName, 'toyota') or contains(userLastName, 'toyota')" +
        " or contains(make, 'toyota') or contains(registrationNumber, 'toyota'))",
    );
  });

  it('orders by the chosen sort', () => {
    expect(params('active', '', 'Active alerts', 0).$orderby).toBe(
      'tamperActive desc, createdOnDateTime desc',
    );
    expect(params('active', '', 'A - Z', 0).$orderby).toBe('firstName asc, lastName asc');
    expect(params('no-vehicles', '', 'Z - A', 0).$orderby).toBe('firstName desc, lastName desc');
    expect(params('scheduled', '', 'A - Z', 0).$orderby).toBe(
      'userFirstName asc, userLastName asc, registrationNumber asc',
    );
  });
});

describe('sortOptionsFor and isClientTab', () => {
  it('offers Active alerts on user lists only', () => {
    expect(sortOptionsFor('active')).toEqual(['Latest', 'Active alerts', 'A - Z', 'Z - A']);
    expect(sortOptionsFor('booking-pending')).toEqual(['Latest', 'A - Z', 'Z - A']);
  });

  it('knows the four tab values', () => {
    expect(isClientTab('scheduled')).toBe(true);
    expect(isClientTab('all')).toBe(false);
    expect(isClientTab(null)).toBe(false);
  });
});
