/**
 * The server's toasts in the reader's language. The server answers `msg` in English; the texts it
 * always words the same way (a wrong password, a check-in already done, coins short by N) are
 * recognised here by their English wording and shown from the app's own translations
 * (`apiError.<key>`), with their numbers carried over. A message not in this table — an operator's
 * text, a new server message — is shown as the server wrote it.
 */
export interface KnownServerText {
  key: string;
  /** The server's English, with a capture group per parameter. */
  pattern: RegExp;
  /** Names of the captured parameters, in order. */
  params?: string[];
}

export const KNOWN_SERVER_TEXTS: KnownServerText[] = [
  { key: 'loginFailed', pattern: /^Wrong account or password$/ },
  { key: 'wrongPassword', pattern: /^Wrong password$/ },
  { key: 'loginRequired', pattern: /^Please register or log in \(bind a phone or e-mail\) to do this$/ },
  { key: 'vipRequired', pattern: /^This chapter is for VIP members: become a VIP to read it$/ },
  { key: 'chapterLocked', pattern: /^This chapter is unlocked with coins: unlock it to read on$/ },
  { key: 'notForSale', pattern: /^This chapter is free: there is nothing to buy$/ },
  { key: 'balanceShort', pattern: /^Not enough coins: (\d+) more needed$/, params: ['missing'] },
  { key: 'checkinDone', pattern: /^Already checked in today, come back tomorrow$/ },
  { key: 'taskClaimed', pattern: /^Reward already claimed$/ },
  {
    key: 'taskUnfinished',
    pattern: /^Task not finished yet \((\d+)\/(\d+)\)$/,
    params: ['progress', 'target'],
  },
  { key: 'inviteAlreadyBound', pattern: /^You have already entered an invite code$/ },
  { key: 'inviteUnknown', pattern: /^No account has this invite code$/ },
  { key: 'inviteNotNewer', pattern: /^This invite code belongs to an account that joined after yours$/ },
  { key: 'inviteOwnCode', pattern: /^This is your own invite code$/ },
  { key: 'productUnavailable', pattern: /^This plan or package is not on sale$/ },
  { key: 'orderNotFound', pattern: /^No such order$/ },
  { key: 'qrInvalid', pattern: /^Invalid QR code$/ },
  { key: 'identityCardInvalid', pattern: /^Login failed, check whether the identity card is valid$/ },
  { key: 'aiLoginToBuy', pattern: /^Bind a phone or e-mail \(or register\) to buy AI credits$/ },
  { key: 'aiPromptRefused', pattern: /^The message contains a word that is not allowed$/ },
];

export type Translate = (key: string, params?: Record<string, string>) => string;

export function localizedServerText(msg: string, t: Translate, has: (key: string) => boolean): string {
  for (const known of KNOWN_SERVER_TEXTS) {
    const match = known.pattern.exec(msg);
    if (!match) continue;
    const key = `apiError.${known.key}`;
    if (!has(key)) return msg;
    const params = Object.fromEntries((known.params ?? []).map((name, i) => [name, match[i + 1] ?? '']));
    return t(key, params);
  }
  return msg;
}
