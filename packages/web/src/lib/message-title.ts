/**
 * A message's title in the reader's language: texts the server writes itself (a feedback reply,
 * a refund) come as a key with parameters (`serverText.<key>`); free text (an operator's notice)
 * and keys this build does not know are shown as the server wrote them.
 */
import type { MessageItem } from '@dm51/shared';
import type { i18n as I18n, TFunction } from 'i18next';

export function messageTitle(
  t: TFunction,
  i18n: I18n,
  item: Pick<MessageItem, 'title' | 'title_key' | 'params'>,
): string {
  const key = `serverText.${item.title_key}`;
  if (!item.title_key || !i18n.exists(key)) return item.title;
  return t(key, item.params);
}
