import type { CallResponse, appInitCall } from '@dm51/shared';
import type { GuestInit } from '../services/guest.service.js';
import { presentGuest } from './user.presenter.js';

export function presentAppInit({ user, token }: GuestInit): CallResponse<typeof appInitCall> {
  return { token, is_guest: user.is_guest === 1, guest: presentGuest(user), user: { id: user.id } };
}
