import type { ReactNode } from 'react';

export interface InfoRow {
  label: string;
  value: ReactNode;
}

export interface PersonInfo {
  email: string;
  /** Country code without the plus, e.g. '27'. */
  phoneCode: string;
  phoneNumber: string;
  idNumber: string;
}

/** The rows the spec lists for an account holder or driver: Email, Cellphone, ID number. */
export function personInfoRows({ email, phoneCode, phoneNumber, idNumber }: PersonInfo): InfoRow[] {
  return [
    { label: 'Email', value: email },
    { label: 'Cellphone', value: `+${phoneCode} ${phoneNumber}` },
    { label: 'ID number', value: idNumber },
  ];
}

export interface VehicleInfo {
  make: string;
  model: string;
  registrationYear: string | number;
  vehicleColour: string;
  vinNumber?: string | null | undefined;
  engineNumber?: string | null | undefined;
}

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
