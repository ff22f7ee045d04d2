import type { ReactNode } from 'react';
import type { Driver, Vehicle } from '@sentinel/domain';

export interface InfoRow {
  label: string;
  value: ReactNode;
}

/** An account holder's or driver's contact fields, as the contract names them (phoneCode without the plus, e.g. '27'). */
export type PersonInfo = Pick<Driver, 'email' | 'phoneCode' | 'phoneNumber' | 'idNumber'>;

/** The rows the spec lists for an account holder or driver: Email, Cellphone, ID number. */
export function personInfoRows({ email, phoneCode, phoneNumber, idNumber }: PersonInfo): InfoRow[] {
  return [
    { label: 'Email', value: email },
    { label: 'Cellphone', value: `+${phoneCode} ${phoneNumber}` },
    { label: 'ID number', value: idNumber },
  ];
}

/** A vehicle's descriptive fields, as the contract names them; the year may come as a number too. */
export type VehicleInfo = Pick<Vehicle, 'make' | 'model' | 'vehicleColour'> & {
  registrationYear: Vehicle['registrationYear'] | number;
  vinNumber?: Vehicle['vinNumber'] | undefined;
  engineNumber?: Vehicle['engineNumber'] | undefined;
};

function present(value: string | null | undefined): value is string {
  return value !== undefined && value !== null && value.trim() !== '';
}

/** The rows the spec lists for a vehicle: make and model, Year, Colour, then VIN and engine number when known. */
export function vehicleInfoRows({
  make,
  model,
  registrationYear,
  vehicleColour,
  vinNumber,
  engineNumber,
}: VehicleInfo): InfoRow[] {
  const rows: InfoRow[] = [
    { label: 'Make and model', value: `${make} ${model}`.trim() },
    { label: 'Year', value: String(registrationYear) },
    { label: 'Colour', value: vehicleColour },
  ];
  if (present(vinNumber)) rows.push({ label: 'VIN number', value: vinNumber });
  if (present(engineNumber)) rows.push({ label: 'Engine number', value: engineNumber });
  return rows;
}
