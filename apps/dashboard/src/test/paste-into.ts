import { act } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';

/**
 * Moves the focus to a field and pastes the text into it, as a person filling a form from their
 * notes does: one change (and one render, one search) where typing makes one per keystroke. Tests
 * type only where the keystrokes are what they check (a search from the third letter, a field
 * that drops letters as they are typed).
 */
export async function pasteInto(
  user: ReturnType<typeof userEvent.setup>,
  field: HTMLElement,
  text: string,
): Promise<void> {
  act(() => field.focus());
  await user.paste(text);
}
