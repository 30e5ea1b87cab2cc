export interface UserProfile {
  id: number;
  isGuest: number;
  nickname: string;
  name: string;
  tel: string;
  email: string;
  vip: number;
  viptime: number;
  coins: number;
  ticket: number;
  aiCredits: number;
  inviteCode: string;
  createdTime: number;
  deletedTime: number | null;
  bannedUntil: number;
  banReason: string;
}
