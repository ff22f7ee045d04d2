import { useId } from 'react';
import { useCombobox } from 'downshift';
import { clsx } from 'clsx';

/** A user the picker lists: the spec shows first and last names. */
export interface UserPickerOption {
  id: number;
  firstName: string;
  lastName: string;
}

export interface UserPickerProps {
  /** Visible label, also the input's accessible name. @default 'User' */
  label?: string;
  /** Shown while nothing is typed or chosen. @default 'Select a user' */
  placeholder?: string;
  /** The users matching the current search (one page from the server). */
  users: readonly UserPickerOption[];
  /** How many users match in all; when more than listed, the list says so and asks for more letters. */
  totalCount?: number | undefined;
  /** The chosen user, or null. Controlled. */
  selected: UserPickerOption | null;
  onSelectedChange: (user: UserPickerOption | null) => void;
  /** Called with the text as it is typed; the app searches with it. */
  onSearchChange: (search: string) => void;
  /** While true the list reads 'Searching...'. @default false */
  loading?: boolean | undefined;
  /** Shown under the field; marks it aria-invalid. */
  error?: string | undefined;
  /** @default false */
  disabled?: boolean | undefined;
  className?: string;
}

const fullName = (user: UserPickerOption | null) =>
  user === null ? '' : `${user.firstName} ${user.lastName}`;

/**
 * A searchable user dropdown: a WAI-ARIA combobox (downshift's useCombobox) whose options come
 * from the server as the person types, since there may be 100,000 users to choose from.
 */
export function UserPicker({
  label = 'User',
  placeholder = 'Select a user',
  users,
  totalCount,
  selected,
  onSelectedChange,
  onSearchChange,
  loading = false,
  error,
  disabled = false,
  className,
}: UserPickerProps) {
  const errorId = useId();
  const hasError = error !== undefined && error !== '';
  const {
    isOpen,
    getLabelProps,
    getInputProps,
    getMenuProps,
    getItemProps,
    getToggleButtonProps,
    highlightedIndex,
  } = useCombobox<UserPickerOption>({
    items: [...users],
    selectedItem: selected,
    itemToString: fullName,
    itemToKey: (user) => user?.id,
    onSelectedItemChange: ({ selectedItem }) => onSelectedChange(selectedItem),
    onInputValueChange: ({ inputValue, type }) => {
      // Choosing a user writes their name into the input; only typing is a search.
      if (type === useCombobox.stateChangeTypes.InputChange) onSearchChange(inputValue);
    },
  });
  const more = totalCount !== undefined && totalCount > users.length;
  return (
    <div className={clsx('sn-field', 'sn-user-picker', hasError && 'sn-field--invalid', className)}>
      <label className="sn-field__label" {...getLabelProps()}>
        {label}
      </label>
      <div className="sn-field__control sn-user-picker__control">
        <input
          className="sn-field__input"
          placeholder={placeholder}
          disabled={disabled}
          aria-invalid={hasError || undefined}
          aria-describedby={hasError ? errorId : undefined}
          {...getInputProps()}
        />
        <button
          type="button"
          className="sn-icon-button sn-user-picker__toggle"
          aria-label={isOpen ? 'Close the user list' : 'Open the user list'}
          disabled={disabled}
          {...getToggleButtonProps()}
        >
          <span aria-hidden="true">▾</span>
        </button>
      </div>
      <ul
        className={clsx(
          'sn-menu__content',
          'sn-user-picker__menu',
          !isOpen && 'sn-user-picker__menu--closed',
        )}
        {...getMenuProps()}
      >
        {isOpen && loading && <li className="sn-user-picker__note">Searching...</li>}
        {isOpen && !loading && users.length === 0 && <li className="sn-user-picker__note">No users found</li>}
        {isOpen &&
          users.map((user, index) => (
            <li
              key={user.id}
              className="sn-select__item"
              data-highlighted={highlightedIndex === index ? '' : undefined}
              {...getItemProps({ item: user, index })}
            >
              {fullName(user)}
            </li>
          ))}
        {isOpen && !loading && more && (
          <li className="sn-user-picker__note">
            Showing {users.length} of {totalCount}; type more of the name to narrow the list
          </li>
        )}
      </ul>
      {hasError && (
        <p id={errorId} className="sn-field__error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
