/**
 * Who may open a chapter. Free chapters (pay 0) are open to every session. A coin chapter (pay 1)
 * opens once the user unlocked it. A VIP chapter (pay 2) opens for an active VIP, or once unlocked
 * with coins. Unlocks are for good, so a VIP who let the membership lapse keeps what was bought.
 */
import { PAY_VIP } from '@dm51/shared';

export function isLockedFor(pay: number, vipActive: boolean, unlocked: boolean): boolean {
  if (pay <= 0 || unlocked) return false;
  return !(pay === PAY_VIP && vipActive);
}

/** VIP is active while users.vip = 1 and viptime is in the future. */
export function isVipActive(state: { vip: number; viptime: number }, nowS: number): boolean {
  return state.vip === 1 && state.viptime > nowS;
}

/** vip / viptime / vipday as clients see them at `nowS`: an expired VIP reads vip 0 and 0 days. */
export function vipStatus(user: { vip: number; viptime: number }, nowS: number) {
  const active = isVipActive(user, nowS);
  return {
    vip: active ? 1 : 0,
    viptime: Number(user.viptime),
    vipday: active ? Math.ceil((user.viptime - nowS) / 86_400) : 0,
  };
}
