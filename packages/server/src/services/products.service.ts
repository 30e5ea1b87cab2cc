/**
 * What users can buy with money: VIP plans (monthly, quarterly, yearly, with an optional first
 * purchase price) and coin packages (coins + expiring bonus). Prices are integer fen.
 */
import { ApiCode, type CoinPackage, type ProductType, type VipPlan } from '@dm51/shared';
import { AppError } from '../errors.js';
import type { ProductsRepository } from '../repositories/products.repository.js';
import { moneyTitle, type MoneyParams } from './money-texts.js';

export const productUnavailable = () =>
  new AppError(ApiCode.PRODUCT_UNAVAILABLE, 'This plan or package is not on sale');

/** What an order for a product gives and costs, fixed at the moment the order is made. */
export interface ProductQuote {
  productType: ProductType;
  productId: number;
  /** English rendering, shown in the reader's language through `titleKey` and `params`. */
  title: string;
  titleKey: string;
  params: MoneyParams;
  amountFen: number;
  coins: number;
  bonus: number;
  bonusDays: number;
  vipDays: number;
}

export class ProductsService {
  constructor(private readonly products: ProductsRepository) {}

  async vipPlans(userId: number): Promise<VipPlan[]> {
    const [plans, hadVip] = await Promise.all([this.products.vipPlans(), this.products.hadPaidVip(userId)]);
    return plans.map((plan) => {
      const offer = !hadVip && plan.first_price_fen > 0 && plan.first_price_fen < plan.price_fen;
      return {
        id: plan.id,
        code: plan.code,
        name: plan.name,
        days: plan.days,
        price_fen: offer ? plan.first_price_fen : plan.price_fen,
        list_price_fen: plan.price_fen,
        first_offer: offer ? 1 : 0,
        badge: plan.badge,
      };
    });
  }

  async coinPackages(): Promise<CoinPackage[]> {
    return (await this.products.coinPackages()).map((pkg) => ({
      id: pkg.id,
      coins: pkg.coins,
      bonus: pkg.bonus,
      bonus_days: pkg.bonus_days,
      price_fen: pkg.price_fen,
      badge: pkg.badge,
    }));
  }

  /** The price and contents of a product for this user now; unknown or disabled: PRODUCT_UNAVAILABLE. */
  async quote(userId: number, productType: ProductType, productId: number): Promise<ProductQuote> {
    if (productType === 'vip') {
      const plan = (await this.vipPlans(userId)).find((item) => item.id === productId);
      if (!plan) throw productUnavailable();
      return {
        productType,
        productId,
        ...moneyTitle('vipPlan', { plan: plan.name }),
        amountFen: plan.price_fen,
        coins: 0,
        bonus: 0,
        bonusDays: 0,
        vipDays: plan.days,
      };
    }
    const pkg = await this.products.coinPackage(productId);
    if (!pkg || pkg.enabled !== 1) throw productUnavailable();
    return {
      productType,
      productId,
      ...(pkg.bonus > 0
        ? moneyTitle('coinPackBonus', { coins: pkg.coins, bonus: pkg.bonus })
        : moneyTitle('coinPack', { coins: pkg.coins })),
      amountFen: pkg.price_fen,
      coins: pkg.coins,
      bonus: pkg.bonus,
      bonusDays: pkg.bonus_days,
      vipDays: 0,
    };
  }
}
