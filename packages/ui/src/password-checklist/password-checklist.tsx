import { clsx } from 'clsx';

export interface PasswordChecklistItem {
  label: string;
  met: boolean;
}

export interface PasswordChecklistProps {
  /** The rules and whether each holds, e.g. `passwordChecklist(password)` of @sentinel/domain. */
  items: readonly PasswordChecklistItem[];
  /** The list's accessible name. @default 'Password requirements' */
  label?: string | undefined;
  className?: string;
}

/** The live password checklist: each rule ticked as the password meets it. */
export function PasswordChecklist({
  items,
  label = 'Password requirements',
  className,
}: PasswordChecklistProps) {
  return (
    <ul aria-label={label} className={clsx('sn-checklist', className)}>
      {items.map((item) => (
        <li key={item.label} className={clsx('sn-checklist__item', item.met && 'sn-checklist__item--met')}>
          <span aria-hidden="true" className="sn-checklist__mark">
            {item.met ? '\u2713' : '\u2022'}
          </span>
          {item.label}
          <span className="sn-visually-hidden">{item.met ? ' (met)' : ' (not met)'}</span>
        </li>
      ))}
    </ul>
  );
}
