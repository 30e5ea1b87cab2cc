/**
 * The demo cashier's page: plain HTML and CSS (no script, no framework), mobile first, light and
 * dark through prefers-color-scheme. It says plainly that it is a demo and that no money moves.
 */
import type { Locale } from '@dm51/shared';
import type { CashierPaymentRow } from '../repositories/cashier.repository.js';
import { renderStoredTitle } from '../services/money-texts.js';
import { CASHIER_TEXTS } from './cashier-texts.js';

const SYMBOLS: Record<string, string> = { CNY: '¥', USD: '$', EUR: '€', GBP: '£', JPY: '¥', HKD: 'HK$' };

export function formatAmount(amountFen: number, currency: string): string {
  const value = (amountFen / 100).toFixed(2);
  const symbol = SYMBOLS[currency];
  return symbol ? `${symbol}${value}` : `${value} ${currency}`;
}

function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );
}

const STYLE = `
:root{color-scheme:light dark;--bg:#f4f5f7;--card:#fff;--text:#1d1f23;--muted:#6b7280;--line:#e5e7eb;
--accent:#e8465b;--accent-text:#fff;--note-bg:#fff7e0;--note-text:#7a5a00}
@media (prefers-color-scheme:dark){:root{--bg:#111214;--card:#1c1d21;--text:#eceef1;--muted:#9ca3af;
--line:#2d2f35;--accent:#ff5c72;--note-bg:#3a3216;--note-text:#f3d67a}}
*{box-sizing:border-box}
body{margin:0;min-height:100vh;background:var(--bg);color:var(--text);
font:16px/1.5 system-ui,-apple-system,"PingFang SC","Noto Sans CJK SC",sans-serif;
display:flex;align-items:flex-start;justify-content:center;padding:24px 16px}
main{width:100%;max-width:420px;background:var(--card);border-radius:16px;padding:24px;
box-shadow:0 1px 3px rgba(0,0,0,.08)}
h1{font-size:18px;margin:0 0 4px}
.note{background:var(--note-bg);color:var(--note-text);border-radius:10px;padding:10px 12px;
font-size:14px;margin:0 0 20px}
.amount{font-size:40px;font-weight:700;margin:8px 0 4px;letter-spacing:-.5px}
.title{margin:0 0 16px;font-size:17px}
dl{display:grid;grid-template-columns:auto 1fr;gap:6px 12px;margin:0 0 24px;font-size:14px;
border-top:1px solid var(--line);padding-top:16px}
dt{color:var(--muted)}dd{margin:0;text-align:right;word-break:break-all}
form{margin:0}
button,.back{display:block;width:100%;min-height:48px;border-radius:24px;font-size:17px;font-weight:600;
border:0;cursor:pointer;text-align:center;text-decoration:none;line-height:48px;padding:0}
.pay{background:var(--accent);color:var(--accent-text);margin-bottom:12px}
.cancel{background:transparent;color:var(--muted);border:1px solid var(--line)}
.back{background:var(--accent);color:var(--accent-text)}
.state{font-size:18px;font-weight:600;margin:0 0 16px}
`;

/** The page's address, in `lang` when given (its forms and redirects keep the payer's language). */
export function cashierPath(paymentId: string, lang: string, action = ''): string {
  const path = `/cashier/${encodeURIComponent(paymentId)}${action}`;
  return lang ? `${path}?lang=${encodeURIComponent(lang)}` : path;
}

export function renderCashierPage(payment: CashierPaymentRow, now: number, locale: Locale): string {
  const text = CASHIER_TEXTS[locale];
  const state = payment.status === 'pending' && payment.expires_time < now ? 'expired' : payment.status;
  const amount = formatAmount(payment.amount_fen, payment.currency);
  const stateText = text.state[state as keyof typeof text.state] ?? state;
  const actions =
    state === 'pending'
      ? `<form method="post" action="${escapeHtml(cashierPath(payment.payment_id, locale, '/pay'))}"><button class="pay" type="submit" data-testid="cashier-pay">${escapeHtml(
          text.pay.replace('{amount}', amount),
        )}</button></form>
<form method="post" action="${escapeHtml(cashierPath(payment.payment_id, locale, '/cancel'))}"><button class="cancel" type="submit" data-testid="cashier-cancel">${escapeHtml(text.cancel)}</button></form>`
      : `<p class="state" data-testid="cashier-state">${escapeHtml(stateText)}</p>
<a class="back" href="${escapeHtml(payment.return_url)}" data-testid="cashier-back">${escapeHtml(text.back)}</a>`;
  return `<!doctype html>
<html lang="${locale}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1,viewport-fit=cover">
<meta name="color-scheme" content="light dark">
<meta name="robots" content="noindex">
<title>${escapeHtml(text.heading)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<h1>${escapeHtml(text.heading)}</h1>
<p class="note">${escapeHtml(text.note)}</p>
<p class="amount" data-testid="cashier-amount">${escapeHtml(amount)}</p>
<p class="title" data-testid="cashier-title">${escapeHtml(renderStoredTitle(payment, locale))}</p>
<dl>
<dt>${escapeHtml(text.orderNo)}</dt><dd data-testid="cashier-order">${escapeHtml(payment.order_no)}</dd>
<dt>${escapeHtml(text.payment)}</dt><dd>${escapeHtml(payment.payment_id)}</dd>
</dl>
${actions}
</main>
</body>
</html>
`;
}

export function renderCashierNotFound(locale: Locale): string {
  const text = CASHIER_TEXTS[locale];
  return `<!doctype html>
<html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="color-scheme" content="light dark"><title>${escapeHtml(text.heading)}</title><style>${STYLE}</style></head>
<body><main><h1>${escapeHtml(text.heading)}</h1><p class="state">${escapeHtml(text.notFound)}</p></main></body></html>
`;
}
