/**
 * A nickname as the reader sees it. The server gives guests and new accounts a generated name
 * (`游客` or `用户` and six letters or digits, spec §3); shown as it is, that is Chinese in every
 * language. Generated names are shown in the reader's language ("Visitor A3K9ZP"); a name a person
 * chose is shown as written.
 */
import type { TFunction } from 'i18next';

const GENERATED = /^(游客|用户)([0-9A-Z]{6})$/;

export function displayName(name: string, t: TFunction): string {
  const match = GENERATED.exec(name);
  if (!match) return name;
  const key = match[1] === '游客' ? 'user.generatedGuestName' : 'user.generatedUserName';
  return t(key, { code: match[2] });
}
