import type { ReactNode } from 'react';
import { clsx } from 'clsx';
import { Card, CardContent, CardHeader, CardTitle } from '../card';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from '../dropdown-menu';
import { MoreIcon, PencilIcon } from '../internal/icons';
import type { InfoRow } from './info-rows';

export interface InfoCardMenuItem {
  label: string;
  onSelect: () => void;
}

export interface InfoCardProps {
  /** Card heading, e.g. 'Account holder', a driver's name or a registration number. */
  title: string;
  /** Label/value pairs; build them with `personInfoRows` or `vehicleInfoRows`. */
  rows: readonly InfoRow[];
  /** When given, an edit icon button named `Edit {title}` calls it (the app opens its modal). */
  onEdit?: (() => void) | undefined;
  /** Card menu items, e.g. 'View Account' and 'Add Vehicle'; no menu when absent or empty. */
  menuItems?: readonly InfoCardMenuItem[] | undefined;
  /** Rendered in the header before the other actions, e.g. a router Link to the vehicle history. */
  historyLink?: ReactNode;
  /** Heading level of the title. @default 2 */
  level?: 2 | 3 | 4;
  /** Extra content under the rows, e.g. a 'Remove from company' button. */
  children?: ReactNode;
  className?: string;
}

export function InfoCard({
  title,
  rows,
  onEdit,
  menuItems,
  historyLink,
  level = 2,
  children,
  className,
}: InfoCardProps) {
  const hasMenu = menuItems !== undefined && menuItems.length > 0;
  return (
    <Card className={clsx('sn-info-card', className)}>
      <CardHeader>
        <CardTitle level={level}>{title}</CardTitle>
        <div className="sn-card__actions">
          {historyLink}
          {onEdit !== undefined && (
            <button type="button" className="sn-icon-button" aria-label={`Edit ${title}`} onClick={onEdit}>
              <PencilIcon />
            </button>
          )}
          {hasMenu && (
            <DropdownMenu>
              <DropdownMenuTrigger className="sn-icon-button" aria-label={`More actions for ${title}`}>
                <MoreIcon />
              </DropdownMenuTrigger>
              <DropdownMenuContent>
                {menuItems.map((item) => (
                  <DropdownMenuItem key={item.label} onSelect={item.onSelect}>
                    {item.label}
                  </DropdownMenuItem>
                ))}
              </DropdownMenuContent>
            </DropdownMenu>
          )}
        </div>
      </CardHeader>
      <CardContent>
        <dl className="sn-details">
          {rows.map((row) => (
            <div key={row.label} className="sn-details__row">
              <dt className="sn-details__label">{row.label}</dt>
              <dd className="sn-details__value">{row.value}</dd>
            </div>
          ))}
        </dl>
        {children}
      </CardContent>
    </Card>
  );
}
