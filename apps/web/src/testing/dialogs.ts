import { screen, waitFor } from '@testing-library/react';
import { expect } from 'vitest';

/**
 * Finds an open modal dialog once it takes clicks. Radix turns pointer events off on the body when
 * a modal opens and back on for the dialog a render later; a click that lands in between is
 * refused by user-event, which a busy machine makes likely.
 */
export async function findOpenDialog(name: string): Promise<HTMLElement> {
  const dialog = await screen.findByRole('dialog', { name });
  await waitFor(() => expect(dialog).toHaveStyle({ pointerEvents: 'auto' }));
  return dialog;
}
