import { FORGOT_PASSWORD_INTERVAL_MS } from '@rollbook/contract';
import type { AppConfig } from '../../config/config';
import type { ThrottleStore } from '../../plugins/app/throttle-store';
import { addressKey } from '../../lib/address-key';

/** A refusal: what the caller is told, and when they may try again. */
export interface HeldBack {
  message: string;
  retryAfterMs: number;
}

/** "45 seconds", "3 minutes": how long to wait, rounded up, as a person would say it. */
export function waitText(ms: number): string {
  const seconds = Math.max(1, Math.ceil(ms / 1000));
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}

const normal = (email: string) => email.trim().toLowerCase();

/**
 * The sign-in limits beyond the per-route one (which counts attempts per address and email):
 *
 * - per account, whatever the address: a few attempts in a row may fail, then each further one
 *   locks the account's sign-in with a doubling lock up to a ceiling, so rotating addresses buys
 *   an attacker nothing and the real user waits at most the ceiling at a time;
 * - per address, across accounts: at most so many accounts with failed sign-ins (or reset
 *   requests) per window, against trying one password on many accounts.
 *
 * Unknown addresses are counted exactly like known ones, so the answers reveal no account. An
 * attempt is counted before the password is checked (and forgiven when it succeeds), so parallel
 * attempts cannot all pass before the first failure is recorded.
 */
export function createSignInLimits(deps: { store: ThrottleStore; config: AppConfig; now: () => number }) {
  const { store, config } = deps;
  const policy = {
    free: config.loginAccountFreeAttempts,
    baseMs: config.loginAccountLockSeconds * 1000,
    maxMs: config.loginAccountMaxLockSeconds * 1000,
    // A counter forgets quietly after a day, or after the longest lock if that is longer.
    forgetMs: Math.max(24 * 3600 * 1000, config.loginAccountMaxLockSeconds * 1000),
  };
  const windowMs = config.authAddressWindowSeconds * 1000;
  const maxAccounts = config.authAddressMaxAccounts;

  return {
    /** Before a password is checked: null when it may be, else why not. */
    async beforeLogin(ip: string, email: string): Promise<HeldBack | null> {
      const account = normal(email);
      const nowMs = deps.now();
      const addressWait = await store.joinWindow(
        `login:${addressKey(ip)}`,
        account,
        nowMs,
        windowMs,
        maxAccounts,
      );
      if (addressWait > 0) {
        return {
          message: `Too many failed sign-ins from your network. Please wait ${waitText(addressWait)} and try again.`,
          retryAfterMs: addressWait,
        };
      }
      const accountWait = await store.takeBackoffAttempt(`login:${account}`, nowMs, policy);
      if (accountWait > 0) {
        return {
          message: `Too many failed sign-ins to this account. Please wait ${waitText(accountWait)} and try again.`,
          retryAfterMs: accountWait,
        };
      }
      return null;
    },

    /** The password was right: the account's count starts again and the address is not blamed. */
    async loginSucceeded(ip: string, email: string): Promise<void> {
      const account = normal(email);
      await Promise.all([
        store.clearBackoff(`login:${account}`),
        store.leaveWindow(`login:${addressKey(ip)}`, account),
      ]);
    },

    /** Before a reset request is looked at: null when it may be, else why not. */
    async beforeResetRequest(ip: string, email: string): Promise<HeldBack | null> {
      const wait = await store.joinWindow(
        `forgot:${addressKey(ip)}`,
        normal(email),
        deps.now(),
        windowMs,
        maxAccounts,
      );
      if (wait === 0) return null;
      return {
        message: `Too many password reset requests from your network. Please wait ${waitText(wait)} and try again.`,
        retryAfterMs: wait,
      };
    },

    /**
     * The once-per-24-hours rule of contract §4.7 for any address, with or without an account:
     * true for the first request of the period (`account`: whether the address has a usable one). Answering 403 only for real accounts would tell
     * anyone which addresses have one.
     */
    async firstResetRequest(email: string, account: 'usable' | 'none' = 'usable'): Promise<boolean> {
      // An address with no usable account (none, or a deactivated one) is counted apart: its
      // requests are refused alike, but they never spend the period of the account that may be
      // (re)activated on it within the 24 hours.
      const key = account === 'usable' ? `reset:${normal(email)}` : `reset-unusable:${normal(email)}`;
      return store.claimOnce(key, deps.now(), FORGOT_PASSWORD_INTERVAL_MS);
    },
  };
}

export type SignInLimits = ReturnType<typeof createSignInLimits>;
