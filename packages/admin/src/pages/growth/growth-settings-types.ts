/** What the Growth → Tasks, Invites, Start-up settings and Texts pages read from /admin/api/growth. */
export const REWARD_TYPES = ['coins', 'vip_hours', 'ai_credits'] as const;
export type RewardType = (typeof REWARD_TYPES)[number];

export interface TaskDef {
  id: number;
  key: string;
  kind: 'daily' | 'once';
  metric: string;
  target: number;
  targetMax: number;
  rewardType: RewardType;
  rewardAmount: number;
  sort: number;
  enabled: 0 | 1;
}

export interface TasksData {
  tasks: TaskDef[];
  checkin: { day: number; rewardType: RewardType; rewardAmount: number }[];
  makeupCost: number;
  caps: { reward: Record<RewardType, number>; makeupCost: number };
}

export const INVITE_REWARDS = ['invitee', 'inviter', 'first_task', 'first_topup'] as const;
export const INVITE_LIMITS = [
  'window_days',
  'bonus_days',
  'max_accounts_per_device',
  'max_accounts_per_ip',
] as const;

export interface InvitesData {
  rules: Record<string, number>;
  ranges: Record<string, [number, number]>;
  leaders: { userId: number; nickname: string; friends: number; coins: number; vipHours: number }[];
}

export interface Invitation {
  id: number;
  inviterId: number;
  inviteeId: number;
  code: string;
  ip: string;
  time: number;
}

export interface TextBlock {
  id: number;
  title: string;
  content: string;
}

export interface Texts {
  help: TextBlock[];
  notice: (TextBlock & { addtime: number })[];
  kefu: { title: string; content: string; email: string; url: string };
  about: { title: string; content: string };
  agreement: { title: string; content: string };
}

/** The same rule the server applies to links: empty, http(s), or an app path. */
export const LINK_PATTERN = /^(https?:\/\/\S+|\/\S*)?$/;
