import type { PasswordLinkState } from '@rollbook/contract';

/** What the reset page says instead of its form; null when the link can still set a password. */
export function passwordLinkNotice(
  state: PasswordLinkState['state'],
): { heading: string; text: string } | null {
  switch (state) {
    case 'usable':
      return null;
    case 'used':
      return {
        heading: 'This link has already been used',
        text: 'Each link sets a password once. Log in with the password you chose, or use "Forgot Password ?" on the login page for a new link.',
      };
    case 'expired':
      return {
        heading: 'This link has expired',
        text: 'Use "Forgot Password ?" on the login page for a new link, or ask your administrator for a new invitation.',
      };
    case 'invalid':
      return {
        heading: 'This link is not valid',
        text: 'Please open the link from your latest e-mail again, or use "Forgot Password ?" on the login page for a new one.',
      };
  }
}
