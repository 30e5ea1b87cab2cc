import { describe, expect, it } from 'vitest';
import { balanceHref, orderHref, payHref, payPageUrl, safeBack } from './money-paths';

describe('money paths', () => {
  it('keeps only app routes as return paths', () => {
    expect(safeBack('/pages/cartoon/reader?column=1&chapter=2')).toBe(
      '/pages/cartoon/reader?column=1&chapter=2',
    );
    expect(safeBack('https://evil.example/')).toBeNull();
    expect(safeBack('//evil.example/pages/')).toBeNull();
    expect(safeBack('/pages//evil')).toBeNull();
    expect(safeBack(null)).toBeNull();
  });

  it('builds the pay, balance and order links', () => {
    expect(payHref('vip', 3)).toBe('/pages/user/vip/pay?type=vip&id=3');
    expect(payHref('coins', 7, '/pages/novel/reader?column=1')).toBe(
      '/pages/user/vip/pay?type=coins&id=7&back=%2Fpages%2Fnovel%2Freader%3Fcolumn%3D1',
    );
    expect(balanceHref()).toBe('/pages/user/vip/balance');
    expect(balanceHref('http://x')).toBe('/pages/user/vip/balance');
    expect(orderHref('A1 2')).toBe('/pages/user/vip/pay?order=A1%202');
  });

  it('tells our own payment page the app’s language, and leaves a provider’s page alone', () => {
    expect(payPageUrl('/cashier/cp_1', 'zh-CN')).toBe('/cashier/cp_1?lang=zh-CN');
    expect(payPageUrl('/cashier/cp_1?x=1', 'fr')).toBe('/cashier/cp_1?x=1&lang=fr');
    expect(payPageUrl('https://checkout.stripe.com/c/pay/cs_1', 'zh-CN')).toBe(
      'https://checkout.stripe.com/c/pay/cs_1',
    );
    expect(payPageUrl('//evil.example/x', 'en')).toBe('//evil.example/x');
  });
});
