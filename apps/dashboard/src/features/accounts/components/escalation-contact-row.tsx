import { Button, PhoneField, TextField } from '@sentinel/ui';

/** One contact as its fields hold it; `key` tells the rows apart while they move. */
export interface ContactDraft {
  key: number;
  name: string;
  phoneCode: string;
  phoneNumber: string;
  email: string;
}

export type ContactField = 'Name' | 'PhoneNumber' | 'Email';

export interface EscalationContactRowProps {
  /** 1 is told first. */
  position: number;
  /** How many contacts the list has (the last cannot move down). */
  count: number;
  contact: ContactDraft;
  /** The first message of each field, shown under it. */
  errors: Partial<Record<ContactField, string>>;
  onChange: (field: ContactField, value: string) => void;
  onBlur: (field: ContactField) => void;
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
  /** A contact just added takes the focus, so the person types its name at once. */
  justAdded?: boolean;
}

/** A contact edited in place: name, cellphone and optional e-mail, with its order and removal. */
export function EscalationContactRow({
  position,
  count,
  contact,
  errors,
  onChange,
  onBlur,
  onMove,
  onRemove,
  justAdded = false,
}: EscalationContactRowProps) {
  return (
    <li>
      <fieldset className="escalation-contact">
        <legend>Contact {position}</legend>
        <div className="escalation-contact__fields">
          <TextField
            label="Name"
            autoComplete="off"
            maxLength={100}
            // eslint-disable-next-line jsx-a11y/no-autofocus -- only a row the person just added
            autoFocus={justAdded}
            value={contact.name}
            error={errors.Name}
            onChange={(event) => onChange('Name', event.target.value)}
            onBlur={() => onBlur('Name')}
          />
          <PhoneField
            prefix={`+${contact.phoneCode}`}
            hint="Required format: 0821234567"
            autoComplete="off"
            value={contact.phoneNumber}
            error={errors.PhoneNumber}
            onValueChange={(value) => onChange('PhoneNumber', value)}
            onBlur={() => onBlur('PhoneNumber')}
          />
          <TextField
            label="Email address (optional)"
            type="email"
            autoComplete="off"
            value={contact.email}
            error={errors.Email}
            onChange={(event) => onChange('Email', event.target.value.trim())}
            onBlur={() => onBlur('Email')}
          />
        </div>
        <div className="escalation-contact__actions">
          <Button variant="ghost" disabled={position === 1} onClick={() => onMove(-1)}>
            Move up
          </Button>
          <Button variant="ghost" disabled={position === count} onClick={() => onMove(1)}>
            Move down
          </Button>
          <Button variant="ghost" onClick={onRemove}>
            Remove
          </Button>
        </div>
      </fieldset>
    </li>
  );
}
