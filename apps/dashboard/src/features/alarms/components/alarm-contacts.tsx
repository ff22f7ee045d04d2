import type { AlarmContact } from '@sentinel/api-sdk';
import { EmptyState } from '@sentinel/ui';

/** Who to call about the vehicle: its holder, then the drivers, each number a tel: link. */
export function AlarmContacts({ contacts }: { contacts: readonly AlarmContact[] }) {
  return (
    <section className="alarms-section" aria-labelledby="alarm-contacts">
      <h2 id="alarm-contacts">Contacts</h2>
      {contacts.length === 0 ? (
        <EmptyState title="No one to call for this vehicle." />
      ) : (
        <ul className="alarms-contacts">
          {contacts.map((contact, index) => {
            const name = `${contact.firstName} ${contact.lastName}`;
            const phone =
              contact.phoneNumber === null ? null : `+${contact.phoneCode ?? '27'}${contact.phoneNumber}`;
            return (
              <li key={index}>
                <span className="alarms-contacts__role">{contact.role}</span> {name}{' '}
                {phone === null ? (
                  <span>No number</span>
                ) : (
                  <a href={`tel:${phone}`} aria-label={`Call ${name} on ${phone}`}>
                    {phone}
                  </a>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
