import { PASSWORD_LIMITS, isDigitCode, isValidPassword, parseAccount, type AccountKind } from '@dm51/shared';
import { TOAST_MS } from '@dm51/shared';
import { Toast } from 'antd-mobile';
import { i18next } from '../../i18n';

/** Client-side checks with the same rules as the server (spec §5); each shows its own message. */
function refuse(key: string, options?: Record<string, unknown>): false {
  Toast.show({ content: i18next.t(key, options), duration: TOAST_MS.product });
  return false;
}

export function checkAccount(raw: string, only?: AccountKind): { kind: AccountKind; value: string } | null {
  const account = parseAccount(raw);
  if (!account || (only && account.kind !== only)) {
    refuse(
      only === 'tel'
        ? 'accounts.invalidPhone'
        : only === 'email'
          ? 'accounts.invalidEmail'
          : 'accounts.invalidAccount',
    );
    return null;
  }
  return account;
}

export function checkCode(code: string): boolean {
  return isDigitCode(code) || refuse('accounts.invalidCode');
}

export function checkPassword(password: string): boolean {
  return (
    isValidPassword(password) ||
    refuse('accounts.invalidPassword', { min: PASSWORD_LIMITS.min, max: PASSWORD_LIMITS.max })
  );
}
