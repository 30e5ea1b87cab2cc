/**
 * The demo cashier's page in each of the app's languages. The app opens the page with its own
 * language (`?lang=`); without it the browser's Accept-Language decides.
 */
import type { Locale } from '@dm51/shared';

export interface CashierTexts {
  heading: string;
  note: string;
  /** `{amount}`: the price. */
  pay: string;
  cancel: string;
  orderNo: string;
  payment: string;
  back: string;
  notFound: string;
  state: Record<'paid' | 'refunded' | 'cancelled' | 'expired', string>;
}

export const CASHIER_TEXTS: Record<Locale, CashierTexts> = {
  en: {
    heading: 'Demo cashier',
    note: 'This is a demo cashier for development and demonstrations. No real money moves.',
    pay: 'Pay {amount}',
    cancel: 'Cancel',
    orderNo: 'Order no.',
    payment: 'Payment',
    back: 'Back to the app',
    notFound: 'No such payment.',
    state: {
      paid: 'Paid. Thank you!',
      refunded: 'This payment was refunded.',
      cancelled: 'This payment was cancelled.',
      expired: 'This payment has expired.',
    },
  },
  'zh-CN': {
    heading: '演示收银台',
    note: '这是用于开发和演示的收银台，不会产生真实扣款。',
    pay: '支付 {amount}',
    cancel: '取消',
    orderNo: '订单号',
    payment: '支付单号',
    back: '返回应用',
    notFound: '找不到这笔支付。',
    state: {
      paid: '支付成功，谢谢！',
      refunded: '这笔支付已退款。',
      cancelled: '这笔支付已取消。',
      expired: '这笔支付已过期。',
    },
  },
  'zh-TW': {
    heading: '示範收銀台',
    note: '這是用於開發和示範的收銀台，不會產生真實扣款。',
    pay: '付款 {amount}',
    cancel: '取消',
    orderNo: '訂單編號',
    payment: '付款編號',
    back: '返回應用程式',
    notFound: '找不到這筆付款。',
    state: {
      paid: '付款成功，謝謝！',
      refunded: '這筆付款已退款。',
      cancelled: '這筆付款已取消。',
      expired: '這筆付款已過期。',
    },
  },
  es: {
    heading: 'Caja de demostración',
    note: 'Esta caja es solo para desarrollo y demostraciones. No se mueve dinero real.',
    pay: 'Pagar {amount}',
    cancel: 'Cancelar',
    orderNo: 'N.º de pedido',
    payment: 'Pago',
    back: 'Volver a la aplicación',
    notFound: 'Este pago no existe.',
    state: {
      paid: 'Pagado. ¡Gracias!',
      refunded: 'Este pago se ha reembolsado.',
      cancelled: 'Este pago se ha cancelado.',
      expired: 'Este pago ha caducado.',
    },
  },
  fr: {
    heading: 'Caisse de démonstration',
    note: 'Cette caisse sert au développement et aux démonstrations. Aucun argent réel n’est débité.',
    pay: 'Payer {amount}',
    cancel: 'Annuler',
    orderNo: 'N° de commande',
    payment: 'Paiement',
    back: 'Retour à l’application',
    notFound: 'Ce paiement n’existe pas.',
    state: {
      paid: 'Payé. Merci !',
      refunded: 'Ce paiement a été remboursé.',
      cancelled: 'Ce paiement a été annulé.',
      expired: 'Ce paiement a expiré.',
    },
  },
};
