import { API_URL } from '../playwright.config';
import { demo } from './support';
import type { DemoRole } from './support';

const tokens = new Map<DemoRole, Promise<string>>();

/**
 * Signs in against the api directly, for reading what a test expects to see; once per role in a
 * worker, as the browser tests' access tokens outlast the run (playwright.config.ts).
 */
export function apiToken(role: DemoRole = 'Admin'): Promise<string> {
  let token = tokens.get(role);
  if (token === undefined) {
    token = signIn(role);
    tokens.set(role, token);
  }
  return token;
}

async function signIn(role: DemoRole): Promise<string> {
  const { email, password } = demo(role);
  const response = await fetch(`${API_URL}/Auth/SignInByEmail`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  const body = (await response.json()) as { accessToken: string };
  return body.accessToken;
}

export async function apiGet<T>(path: string, token?: string): Promise<T> {
  const response = await fetch(`${API_URL}${path}`, {
    headers: { Authorization: `Bearer ${token ?? (await apiToken())}` },
  });
  if (!response.ok) throw new Error(`GET ${path} answered ${response.status}`);
  return (await response.json()) as T;
}

export interface ListedUser {
  id: number;
  firstName: string;
  lastName: string;
  email: string;
}

export const fullName = (user: ListedUser) => `${user.firstName} ${user.lastName}`;

export async function listUsers(filter: string, orderBy = 'createdOnDateTime desc', pageSize = 5) {
  const query = new URLSearchParams({ $filter: filter, $orderby: orderBy, $pagesize: String(pageSize) });
  return (await apiGet<{ items: ListedUser[] }>(`/Users?${query}`)).items;
}

export interface ListedVehicle {
  id: number;
  userId: number;
  registrationNumber: string;
}

export async function listVehicles(filter: string, orderBy = 'createdOnDateTime desc', pageSize = 5) {
  const query = new URLSearchParams({ $filter: filter, $orderby: orderBy, $pagesize: String(pageSize) });
  return (await apiGet<{ items: ListedVehicle[] }>(`/Vehicles?${query}`)).items;
}
