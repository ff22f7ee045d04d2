/*
 * What the kit's collapsible cards (ClientCard, BurnInDeviceCard) share: the card surface as a
 * section named by its heading, the open/closed state its parts read, the 'Show …' / 'Hide …'
 * toggle named after the card, and the label/value rows of its details.
 */
import { createContext, use, useId } from 'react';
import type { ReactNode } from 'react';
import { Collapsible } from 'radix-ui';
import { clsx } from 'clsx';
import { ChevronIcon } from './icons';

interface CollapsibleCardState {
  /** What the card is about (a client's name, a unit's serial): it names the card's controls. */
  name: string;
  headingId: string;
  expanded: boolean;
}
const CollapsibleCardContext = createContext<CollapsibleCardState | null>(null);

/** The state of the card around a part; `card` names the card in the error for a part outside one. */
export function useCollapsibleCard(card: string): CollapsibleCardState {
  const state = use(CollapsibleCardContext);
  if (state === null) throw new Error(`${card} parts must be inside ${card}.Root`);
  return state;
}

export interface CollapsibleCardRootProps {
  name: string;
  /** Controlled: whether the card's collapsible content is shown. */
  expanded: boolean;
  onExpandedChange: (expanded: boolean) => void;
  children: ReactNode;
  className?: string | undefined;
}

export function CollapsibleCardRoot({
  name,
  expanded,
  onExpandedChange,
  children,
  className,
}: CollapsibleCardRootProps) {
  const headingId = useId();
  return (
    <CollapsibleCardContext value={{ name, headingId, expanded }}>
      <Collapsible.Root
        open={expanded}
        onOpenChange={onExpandedChange}
        className={clsx('sn-card', className)}
      >
        <section aria-labelledby={headingId}>{children}</section>
      </Collapsible.Root>
    </CollapsibleCardContext>
  );
}

/** 'Show …' / 'Hide …', with the card's name for screen readers so many cards' buttons differ. */
export function CollapsibleCardToggle({
  card,
  what,
  className,
}: {
  card: string;
  /** What expanding shows, e.g. 'vehicles' for 'Show vehicles'. */
  what: string;
  className?: string;
}) {
  const { name, expanded } = useCollapsibleCard(card);
  return (
    <Collapsible.Trigger className={clsx('sn-button sn-button--ghost', className)}>
      {expanded ? `Hide ${what}` : `Show ${what}`}
      <span className="sn-visually-hidden"> of {name}</span>
      <ChevronIcon />
    </Collapsible.Trigger>
  );
}

/** One label and value of a card's details list (`dl.sn-details`). */
export function DetailRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="sn-details__row">
      <dt className="sn-details__label">{label}</dt>
      <dd className="sn-details__value">{children}</dd>
    </div>
  );
}
