/** Money titles: rendering by language, nested titles, and what older or unknown rows fall back to. */
import { LOCALES } from '@dm51/shared';
import { describe, expect, it } from 'vitest';
import { moneyTitle, renderStoredTitle, renderTitle, storedTitle, titleColumns } from './money-texts.js';
import { MONEY_TEXTS, MONEY_TEXT_KEYS } from './money-texts-translations.js';

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe('money titles', () => {
  it('has every text in every language with the same parameters as the English one', () => {
    for (const locale of LOCALES)
      for (const key of MONEY_TEXT_KEYS) {
        expect(MONEY_TEXTS[locale][key], `${locale}.${key}`).toBeTruthy();
        expect(placeholders(MONEY_TEXTS[locale][key]), `${locale}.${key}`).toEqual(
          placeholders(MONEY_TEXTS.en[key]),
        );
      }
  });

  it('renders a refund of a stored order in the reader’s language, the order’s title included', () => {
    const order = titleColumns(moneyTitle('coinPackBonus', { coins: 300, bonus: 30 }));
    const refund = moneyTitle('refundKept', { order: storedTitle(order), kept: 100 });
    expect(refund.title).toBe('Refund: 300 + 30 coins (100 coins were already spent)');
    expect(renderTitle(refund, 'zh-CN')).toBe('退款：300 + 30 金币（已有 100 金币被使用）');
    expect(renderTitle(refund, 'fr')).toBe(
      'Remboursement : 300 + 30 pièces (100 pièces avaient déjà été dépensées)',
    );
  });

  it('shows rows without a key, with an unknown key or with broken parameters as stored', () => {
    expect(renderStoredTitle({ title: 'VIP · Monthly', title_key: '', params: '{}' }, 'zh-CN')).toBe(
      'VIP · Monthly',
    );
    expect(renderStoredTitle({ title: 'Newer text', title_key: 'fromTheFuture', params: '{}' }, 'es')).toBe(
      'Newer text',
    );
    expect(
      renderStoredTitle({ title: 'VIP · Yearly', title_key: 'vipPlan', params: 'not json' }, 'zh-TW'),
    ).toBe('VIP · Yearly');
    const legacyOrder = storedTitle({ title: '300 coins', title_key: '', params: '{}' });
    expect(renderTitle(moneyTitle('refund', { order: legacyOrder }), 'zh-CN')).toBe('退款：300 coins');
  });
});
