import type { ComponentType } from 'react';
import type { Vehicle } from '@sentinel/api-sdk';

/**
 * How a screen shows a vehicle's live card without importing the vehicle-card feature: the app's
 * route hands the card in (features never import each other).
 */
export type VehicleCardSlot = ComponentType<{ vehicle: Vehicle; level?: 2 | 3 | 4 }>;
