import type { ReactNode } from 'react';
import { Collapsible } from 'radix-ui';
import { clsx } from 'clsx';
import type { BurnInCounts } from '@sentinel/domain';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from '../dropdown-menu';
import {
  CollapsibleCardRoot,
  CollapsibleCardToggle,
  DetailRow,
  useCollapsibleCard,
} from '../internal/collapsible-card';
import { MoreIcon } from '../internal/icons';

export interface BurnInDeviceCardProps {
  serialNumber: string;
  /** A test runs or waits: 'Active', else 'Inactive'. */
  active: boolean;
  /** The unit's counters (`countTests([unit])` in @sentinel/domain). */
  counts: BurnInCounts;
  /** Shown while expanded. */
  stationId: string;
  /** Already formatted; shown while expanded. */
  lastUpdated: string;
  /** Controlled: whether the station, time and tests are shown. */
  expanded: boolean;
  onExpandedChange: (expanded: boolean) => void;
  /** Menu items. */
  onRunAllTests: () => void;
  onRetryFailedTests: () => void;
  onStopAllTests: () => void;
  onViewTestResults: () => void;
  /** The unit's test cards (BurnInTestCard), shown while expanded. */
  children?: ReactNode;
  className?: string;
}

// ---------------------------------------------------------------------------------------------
// Compound parts: a consumer arranges these inside BurnInDeviceCard.Root as it likes.
// ---------------------------------------------------------------------------------------------

const CARD = 'BurnInDeviceCard';
/** The card's name is the unit's serial. */
const useDeviceCard = () => {
  const { name, ...state } = useCollapsibleCard(CARD);
  return { serialNumber: name, ...state };
};

export interface BurnInDeviceCardRootProps extends Pick<
  BurnInDeviceCardProps,
  'serialNumber' | 'expanded' | 'onExpandedChange' | 'className'
> {
  children: ReactNode;
}

/** The card surface, a section named by the serial, and the open/closed state of the tests. */
function Root({ serialNumber, expanded, onExpandedChange, children, className }: BurnInDeviceCardRootProps) {
  return (
    <CollapsibleCardRoot
      name={serialNumber}
      expanded={expanded}
      onExpandedChange={onExpandedChange}
      className={clsx('sn-burn-in-device', className)}
    >
      {children}
    </CollapsibleCardRoot>
  );
}

/** The serial as the heading, the 'Status' pill and any actions (e.g. BurnInDeviceCard.Menu). */
function Header({ active, children }: { active: boolean; children?: ReactNode }) {
  const { serialNumber, headingId } = useDeviceCard();
  return (
    <div className="sn-card__header">
      <div className="sn-burn-in-device__identity">
        <h3 id={headingId} className="sn-card__title">
          {serialNumber}
        </h3>
        <span
          className={clsx(
            'sn-burn-in-status',
            active ? 'sn-burn-in-status--active' : 'sn-burn-in-status--inactive',
          )}
        >
          Status: {active ? 'Active' : 'Inactive'}
        </span>
      </div>
      {children}
    </div>
  );
}

/** The '…' menu: run, retry failed, stop, view results. */
function Menu({
  onRunAllTests,
  onRetryFailedTests,
  onStopAllTests,
  onViewTestResults,
}: Pick<
  BurnInDeviceCardProps,
  'onRunAllTests' | 'onRetryFailedTests' | 'onStopAllTests' | 'onViewTestResults'
>) {
  const { serialNumber } = useDeviceCard();
  return (
    <DropdownMenu>
      <DropdownMenuTrigger className="sn-icon-button" aria-label={`More actions for ${serialNumber}`}>
        <MoreIcon />
      </DropdownMenuTrigger>
      <DropdownMenuContent>
        <DropdownMenuItem onSelect={onRunAllTests}>Run all tests</DropdownMenuItem>
        <DropdownMenuItem onSelect={onRetryFailedTests}>Retry failed tests</DropdownMenuItem>
        <DropdownMenuItem onSelect={onStopAllTests}>Stop all tests</DropdownMenuItem>
        <DropdownMenuItem onSelect={onViewTestResults}>View Test Results</DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

/** The body: Counts and Toggle go inside. */
function Body({ children }: { children: ReactNode }) {
  return <div className="sn-card__content">{children}</div>;
}

/** Total, in progress, passed and failed. */
function Counts({ counts }: { counts: BurnInCounts }) {
  return (
    <dl className="sn-details sn-burn-in-device__counts">
      <DetailRow label="Total tests">{counts.total}</DetailRow>
      <DetailRow label="In progress">{counts.inProgress}</DetailRow>
      <DetailRow label="Passed">
        {counts.passed}/{counts.total}
      </DetailRow>
      <DetailRow label="Failed">
        {counts.failed}/{counts.total}
      </DetailRow>
    </dl>
  );
}

/** 'Show tests' / 'Hide tests', named with the serial so many cards' buttons differ. */
function Toggle() {
  return <CollapsibleCardToggle card={CARD} what="tests" />;
}

/** Station, last update and the test cards, shown while expanded. */
function Tests({
  stationId,
  lastUpdated,
  children,
}: Pick<BurnInDeviceCardProps, 'stationId' | 'lastUpdated' | 'children'>) {
  return (
    <Collapsible.Content className="sn-burn-in-device__body">
      <dl className="sn-details">
        <DetailRow label="Station ID">{stationId}</DetailRow>
        <DetailRow label="Last Updated">{lastUpdated}</DetailRow>
      </dl>
      <div className="sn-burn-in-device__tests">{children}</div>
    </Collapsible.Content>
  );
}

// ---------------------------------------------------------------------------------------------
// The preset: every part in the bench's order, from one set of props.
// ---------------------------------------------------------------------------------------------

/** A unit on the bench: serial, status and counters; expands to its station and tests. */
function BurnInDeviceCardPreset({
  serialNumber,
  active,
  counts,
  stationId,
  lastUpdated,
  expanded,
  onExpandedChange,
  onRunAllTests,
  onRetryFailedTests,
  onStopAllTests,
  onViewTestResults,
  children,
  className,
}: BurnInDeviceCardProps) {
  return (
    <Root
      serialNumber={serialNumber}
      expanded={expanded}
      onExpandedChange={onExpandedChange}
      {...(className !== undefined ? { className } : {})}
    >
      <Header active={active}>
        <Menu
          onRunAllTests={onRunAllTests}
          onRetryFailedTests={onRetryFailedTests}
          onStopAllTests={onStopAllTests}
          onViewTestResults={onViewTestResults}
        />
      </Header>
      <Body>
        <Counts counts={counts} />
        <Toggle />
      </Body>
      <Tests stationId={stationId} lastUpdated={lastUpdated}>
        {children}
      </Tests>
    </Root>
  );
}

/**
 * A burn-in unit's card. `<BurnInDeviceCard …/>` is the preset; `BurnInDeviceCard.Root` and its
 * parts (Header, Menu, Body, Counts, Toggle, Tests) build another layout.
 */
export const BurnInDeviceCard = Object.assign(BurnInDeviceCardPreset, {
  Root,
  Header,
  Menu,
  Body,
  Counts,
  Toggle,
  Tests,
});
