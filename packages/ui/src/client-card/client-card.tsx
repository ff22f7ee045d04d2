import { useId, type ReactNode } from 'react';
import { Collapsible } from 'radix-ui';
import { clsx } from 'clsx';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from '../dropdown-menu';
import { AlertIcon, ChevronIcon, MoreIcon } from '../internal/icons';

export interface ClientCardProps {
  /** The account holder's full name; the card's heading. */
  name: string;
  email: string;
  /** Already formatted, e.g. '+27 821234567'. */
  phone: string;
  /** From the user list's totalNumberOfVehiclesWithDevice / WithoutDevice; hidden when absent. */
  vehicleCounts?: { withDevice: number; withoutDevice: number } | undefined;
  /** The client has an active tamper alert: shows an 'Active alert' marker. */
  tamperActive: boolean;
  /** Controlled: whether the vehicle list is shown. */
  expanded: boolean;
  onExpandedChange: (expanded: boolean) => void;
  /** Menu item 'Add a vehicle'. */
  onAddVehicle: () => void;
  /** Menu item 'View account'. */
  onViewAccount: () => void;
  /** The client's vehicles (e.g. VehicleCards), shown while expanded. */
  children?: ReactNode;
  /** Heading level of the name. @default 3 */
  level?: 2 | 3 | 4;
  className?: string;
}

export function ClientCard({
  name,
  email,
  phone,
  vehicleCounts,
  tamperActive,
  expanded,
  onExpandedChange,
  onAddVehicle,
  onViewAccount,
  children,
  level = 3,
  className,
}: ClientCardProps) {
  const headingId = useId();
  const Heading = `h${level}` as const;
  return (
    <Collapsible.Root
      open={expanded}
      onOpenChange={onExpandedChange}
      className={clsx('sn-card', 'sn-client-card', tamperActive && 'sn-client-card--alert', className)}
    >
      <section aria-labelledby={headingId}>
        <div className="sn-card__header">
          <div className="sn-client-card__identity">
            <Heading id={headingId} className="sn-card__title">
              {name}
            </Heading>
            {tamperActive && (
              <span className="sn-client-card__alert">
                <AlertIcon />
                Active alert
              </span>
            )}
          </div>
          <DropdownMenu>
            <DropdownMenuTrigger className="sn-icon-button" aria-label={`More actions for ${name}`}>
              <MoreIcon />
            </DropdownMenuTrigger>
            <DropdownMenuContent>
              <DropdownMenuItem onSelect={onAddVehicle}>Add a vehicle</DropdownMenuItem>
              <DropdownMenuItem onSelect={onViewAccount}>View account</DropdownMenuItem>
            </DropdownMenuContent>
          </DropdownMenu>
        </div>
        <div className="sn-card__content sn-client-card__body">
          <dl className="sn-details">
            <div className="sn-details__row">
              <dt className="sn-details__label">Email</dt>
              <dd className="sn-details__value">{email}</dd>
            </div>
            <div className="sn-details__row">
              <dt className="sn-details__label">Cellphone</dt>
              <dd className="sn-details__value">{phone}</dd>
            </div>
            {vehicleCounts !== undefined && (
              <>
                <div className="sn-details__row">
                  <dt className="sn-details__label">Vehicles with a device</dt>
                  <dd className="sn-details__value">{vehicleCounts.withDevice}</dd>
                </div>
                <div className="sn-details__row">
                  <dt className="sn-details__label">Vehicles without a device</dt>
                  <dd className="sn-details__value">{vehicleCounts.withoutDevice}</dd>
                </div>
              </>
            )}
          </dl>
          <Collapsible.Trigger className="sn-button sn-button--ghost sn-client-card__toggle">
            {expanded ? 'Hide vehicles' : 'Show vehicles'}
            {/* Many cards share the visible text; the name tells their buttons apart. */}
            <span className="sn-visually-hidden"> of {name}</span>
            <ChevronIcon />
          </Collapsible.Trigger>
        </div>
        <Collapsible.Content className="sn-client-card__vehicles">{children}</Collapsible.Content>
      </section>
    </Collapsible.Root>
  );
}
