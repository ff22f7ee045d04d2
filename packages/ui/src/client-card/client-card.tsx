import type { ReactNode } from 'react';
import { Collapsible } from 'radix-ui';
import { clsx } from 'clsx';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from '../dropdown-menu';
import {
  CollapsibleCardRoot,
  CollapsibleCardToggle,
  DetailRow,
  useCollapsibleCard,
} from '../internal/collapsible-card';
import { AlertIcon, MoreIcon } from '../internal/icons';

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

// ---------------------------------------------------------------------------------------------
// Compound parts: a consumer arranges these inside ClientCard.Root as it likes.
// ---------------------------------------------------------------------------------------------

const CARD = 'ClientCard';
const useClientCard = () => useCollapsibleCard(CARD);

export interface ClientCardRootProps {
  /** The account holder's full name: it names the card and the parts' controls. */
  name: string;
  /** The client has an active tamper alert: the card gets a red edge. @default false */
  tamperActive?: boolean | undefined;
  /** Controlled: whether ClientCard.Vehicles is shown. */
  expanded: boolean;
  onExpandedChange: (expanded: boolean) => void;
  children: ReactNode;
  className?: string;
}

/** The card surface, a section named by its Header, and the open/closed state of the vehicles. */
function Root({
  name,
  tamperActive = false,
  expanded,
  onExpandedChange,
  children,
  className,
}: ClientCardRootProps) {
  return (
    <CollapsibleCardRoot
      name={name}
      expanded={expanded}
      onExpandedChange={onExpandedChange}
      className={clsx('sn-client-card', tamperActive && 'sn-client-card--alert', className)}
    >
      {children}
    </CollapsibleCardRoot>
  );
}

/** The name as the card's heading, the 'Active alert' marker, and any actions (e.g. ClientCard.Menu). */
function Header({
  tamperActive = false,
  level = 3,
  children,
}: {
  tamperActive?: boolean | undefined;
  /** @default 3 */
  level?: 2 | 3 | 4;
  children?: ReactNode;
}) {
  const { name, headingId } = useClientCard();
  const Heading = `h${level}` as const;
  return (
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
      {children}
    </div>
  );
}

/** The '…' menu: 'Add a vehicle' and 'View account'. */
function Menu({ onAddVehicle, onViewAccount }: { onAddVehicle: () => void; onViewAccount: () => void }) {
  const { name } = useClientCard();
  return (
    <DropdownMenu>
      <DropdownMenuTrigger className="sn-icon-button" aria-label={`More actions for ${name}`}>
        <MoreIcon />
      </DropdownMenuTrigger>
      <DropdownMenuContent>
        <DropdownMenuItem onSelect={onAddVehicle}>Add a vehicle</DropdownMenuItem>
        <DropdownMenuItem onSelect={onViewAccount}>View account</DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

/** The body: ClientCard.Details and ClientCard.Toggle go inside. */
function Body({ children }: { children: ReactNode }) {
  return <div className="sn-card__content sn-client-card__body">{children}</div>;
}

/** Email, cellphone and, when given, the vehicle counts. */
function Details({
  email,
  phone,
  vehicleCounts,
}: Pick<ClientCardProps, 'email' | 'phone' | 'vehicleCounts'>) {
  return (
    <dl className="sn-details">
      <DetailRow label="Email">{email}</DetailRow>
      <DetailRow label="Cellphone">{phone}</DetailRow>
      {vehicleCounts !== undefined && (
        <>
          <DetailRow label="Vehicles with a device">{vehicleCounts.withDevice}</DetailRow>
          <DetailRow label="Vehicles without a device">{vehicleCounts.withoutDevice}</DetailRow>
        </>
      )}
    </dl>
  );
}

/** 'Show vehicles' / 'Hide vehicles', named with the client so many cards' buttons differ. */
function Toggle() {
  return <CollapsibleCardToggle card={CARD} what="vehicles" className="sn-client-card__toggle" />;
}

/** The client's vehicles (e.g. VehicleCards), shown while expanded. */
function Vehicles({ children }: { children?: ReactNode }) {
  return <Collapsible.Content className="sn-client-card__vehicles">{children}</Collapsible.Content>;
}

// ---------------------------------------------------------------------------------------------
// The preset: every part in the dashboard's order, from one set of props.
// ---------------------------------------------------------------------------------------------

function ClientCardPreset({
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
  return (
    <Root
      name={name}
      tamperActive={tamperActive}
      expanded={expanded}
      onExpandedChange={onExpandedChange}
      {...(className !== undefined ? { className } : {})}
    >
      <Header tamperActive={tamperActive} level={level}>
        <Menu onAddVehicle={onAddVehicle} onViewAccount={onViewAccount} />
      </Header>
      <Body>
        <Details email={email} phone={phone} vehicleCounts={vehicleCounts} />
        <Toggle />
      </Body>
      <Vehicles>{children}</Vehicles>
    </Root>
  );
}

/**
 * An account holder's card. `<ClientCard …/>` is the preset; `ClientCard.Root` and its parts
 * (Header, Menu, Body, Details, Toggle, Vehicles) build another layout.
 */
export const ClientCard = Object.assign(ClientCardPreset, {
  Root,
  Header,
  Menu,
  Body,
  Details,
  Toggle,
  Vehicles,
});
