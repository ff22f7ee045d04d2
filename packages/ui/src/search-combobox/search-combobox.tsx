import { useId } from 'react';
import { useCombobox } from 'downshift';
import { clsx } from 'clsx';

export interface SearchComboboxProps<T> {
  /** Visible label, also the input's accessible name. */
  label: string;
  /** The options matching the current text (from the server). */
  options: readonly T[];
  /** The option's text, shown in the list and written into the input when chosen. */
  optionToString: (option: T) => string;
  optionKey: (option: T) => string | number;
  /** The chosen option, or null. Controlled. */
  selected: T | null;
  onSelectedChange: (option: T | null) => void;
  /** The typed text. Controlled, so nothing typed is lost when the screen re-renders. */
  inputValue: string;
  /** Called with the text as it is typed; the app searches with it. */
  onInputValueChange: (text: string) => void;
  /** The list opens once this many characters are typed. @default 3 */
  minCharacters?: number;
  /** Shown when the search found nothing. */
  emptyText: string;
  /** While true the list reads 'Searching...'. @default false */
  loading?: boolean | undefined;
  placeholder?: string | undefined;
  /** Shown under the field; marks it aria-invalid. */
  error?: string | undefined;
  onBlur?: (() => void) | undefined;
  /** @default false */
  disabled?: boolean | undefined;
  className?: string;
}

/**
 * A text field that searches as the person types and offers the matches to choose from: a WAI-ARIA
 * combobox (downshift's useCombobox). The search starts at `minCharacters`; with fewer typed the
 * list stays closed, and a search that found nothing says `emptyText`.
 */
export function SearchCombobox<T>({
  label,
  options,
  optionToString,
  optionKey,
  selected,
  onSelectedChange,
  inputValue,
  onInputValueChange,
  minCharacters = 3,
  emptyText,
  loading = false,
  placeholder,
  error,
  onBlur,
  disabled = false,
  className,
}: SearchComboboxProps<T>) {
  const errorId = useId();
  const hasError = error !== undefined && error !== '';
  const searching = inputValue.trim().length >= minCharacters;
  const { isOpen, getLabelProps, getInputProps, getMenuProps, getItemProps, highlightedIndex } =
    useCombobox<T>({
      items: searching ? [...options] : [],
      selectedItem: selected,
      inputValue,
      itemToString: (option) => (option === null ? '' : optionToString(option)),
      itemToKey: (option) => (option === null ? null : optionKey(option)),
      onSelectedItemChange: ({ selectedItem }) => onSelectedChange(selectedItem ?? null),
      onInputValueChange: ({ inputValue: text }) => onInputValueChange(text),
    });
  const open = isOpen && searching;
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
          {...getInputProps({ onBlur })}
        />
      </div>
      <ul
        className={clsx('sn-menu__content', 'sn-user-picker__menu', !open && 'sn-user-picker__menu--closed')}
        {...getMenuProps()}
      >
        {open && loading && <li className="sn-user-picker__note">Searching...</li>}
        {open && !loading && options.length === 0 && (
          <li className="sn-user-picker__note" role="status">
            {emptyText}
          </li>
        )}
        {open &&
          options.map((option, index) => (
            <li
              key={optionKey(option)}
              className="sn-select__item"
              data-highlighted={highlightedIndex === index ? '' : undefined}
              {...getItemProps({ item: option, index })}
            >
              {optionToString(option)}
            </li>
          ))}
      </ul>
      {hasError && (
        <p id={errorId} className="sn-field__error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
