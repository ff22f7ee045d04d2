import { useId } from 'react';
import { clsx } from 'clsx';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from '../dropdown-menu';
import { MoreIcon } from '../internal/icons';

export interface CompanyCardProps {
  /** The company's name; the card's heading and the link to its view page. */
  name: string;
  /** How many users are linked; hidden when absent. */
  userCount?: number | undefined;
  /** How many vehicles the linked users own; hidden when absent. */
  vehicleCount?: number | undefined;
  /** Opens the view page: a click on the card and the menu item 'View Company'. */
  onView: () => void;
  /** Menu item 'Link a Company User'; left out of the menu when absent (a role that may not link). */
  onLinkUser?: (() => void) | undefined;
  /** Heading level of the name. @default 3 */
  level?: 2 | 3 | 4;
  className?: string;
}

export function CompanyCard({
  name,
  userCount,
  vehicleCount,
  onView,
  onLinkUser,
  level = 3,
  className,
}: CompanyCardProps) {
  const headingId = useId();
  const Heading = `h${level}` as const;
  return (
    <section aria-labelledby={headingId} className={clsx('sn-card', 'sn-company-card', className)}>
      <div className="sn-card__header">
        <Heading id={headingId} className="sn-card__title">
          {/* The whole card opens the company; the heading's button is the keyboard's way in. */}
          <button type="button" className="sn-company-card__open" onClick={onView}>
            {name}
          </button>
        </Heading>
        <DropdownMenu>
          <DropdownMenuTrigger className="sn-icon-button" aria-label={`More actions for ${name}`}>
            <MoreIcon />
          </DropdownMenuTrigger>
          <DropdownMenuContent>
            <DropdownMenuItem onSelect={onView}>View Company</DropdownMenuItem>
            {onLinkUser !== undefined && (
              <DropdownMenuItem onSelect={onLinkUser}>Link a Company User</DropdownMenuItem>
            )}
          </DropdownMenuContent>
        </DropdownMenu>
      </div>
      {(userCount !== undefined || vehicleCount !== undefined) && (
        <div className="sn-card__content">
          <dl className="sn-details">
            {userCount !== undefined && (
              <div className="sn-details__row">
                <dt className="sn-details__label">Users</dt>
                <dd className="sn-details__value">{userCount}</dd>
              </div>
            )}
            {vehicleCount !== undefined && (
              <div className="sn-details__row">
                <dt className="sn-details__label">Vehicles</dt>
                <dd className="sn-details__value">{vehicleCount}</dd>
              </div>
            )}
          </dl>
        </div>
      )}
    </section>
  );
}
