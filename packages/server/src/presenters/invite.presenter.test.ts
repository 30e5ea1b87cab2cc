import { describe, expect, it } from 'vitest';
import { maskNickname, presentFriend, presentReward } from './invite.presenter.js';

describe('invite presenter', () => {
  it('masks nicknames, keeping a hint of them', () => {
    expect(maskNickname('用户A3K9ZP')).toBe('用户***P');
    expect(maskNickname('Reader')).toBe('Re***r');
    expect(maskNickname('Bob')).toBe('B***b');
    expect(maskNickname('阿飞')).toBe('阿*');
    expect(maskNickname('')).toBe('');
  });

  it('shows VIP time in whole hours', () => {
    expect(presentReward(50, 24 * 3600 + 59)).toEqual({ coins: 50, vip_hours: 24 });
  });

  it("sums one friend's rewards and marks the milestones reached", () => {
    const friend = { id: 7, created_time: 100, nickname: '用户A3K9ZP', pic: 'p.jpg', deleted_time: null };
    const rewards = [
      { invitation_id: 7, kind: 'inviter' as const, coins: 100, vip_seconds: 0 },
      { invitation_id: 7, kind: 'first_topup' as const, coins: 200, vip_seconds: 86_400 },
      { invitation_id: 8, kind: 'inviter' as const, coins: 100, vip_seconds: 0 },
    ];
    expect(presentFriend(friend, rewards)).toEqual({
      id: 7,
      nichen: '用户***P',
      pic: 'p.jpg',
      addtime: 100,
      reward: { coins: 300, vip_hours: 24 },
      first_task: 0,
      first_topup: 1,
    });
    expect(presentFriend({ ...friend, deleted_time: 5 }, [])).toMatchObject({ nichen: '', pic: '' });
  });
});
