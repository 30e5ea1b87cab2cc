/**
 * The signed-in account: binding a phone or e-mail (a guest's first binding makes it a registered
 * user in place), nickname, avatar, password, identity card, logout and deletion.
 */
import { xorBytes, type BindResult, type IdentityCard, type LoginResult } from '@dm51/shared';
import type { FastifyBaseLogger } from 'fastify';
import { isUniqueViolation, nowSeconds } from '../db/database.js';
import type { UserRow } from '../db/schema.js';
import { Errors } from '../errors.js';
import { contentMediaKey, mediaUrlPath } from '../media/media-key.js';
import type { MediaStore } from '../media/media-store.js';
import type { AccountField, AccountRepository } from '../repositories/account.repository.js';
import { accountNickname } from './auth.service.js';
import type { IdentityCardService } from './identity-card.service.js';
import { renderAvatar } from './image-input.js';
import { hashPassword, verifyPassword } from './password.service.js';
import type { SessionContext, SessionService } from './session.service.js';
import { codeTarget, type CodeTarget, type VerificationService } from './verification.service.js';

export interface AvatarStorage {
  media: MediaStore;
  imageXorKey: number;
}

export class AccountService {
  constructor(
    private readonly accounts: AccountRepository,
    private readonly sessions: SessionService,
    private readonly codes: VerificationService,
    private readonly cards: IdentityCardService,
    private readonly storage: AvatarStorage | null,
    private readonly log: FastifyBaseLogger,
  ) {}

  private async own(userId: number): Promise<UserRow> {
    const user = await this.accounts.findLiveById(userId);
    if (!user) throw Errors.sessionInvalid();
    return user;
  }

  /**
   * Binds a phone number or e-mail address with a "bind" code. The session is rotated (spec §4:
   * binding replaces token and uid): the caller's token stops working, the answer carries the new one.
   */
  async bind(
    field: AccountField,
    value: string,
    input: { code: string; password: string },
    session: SessionContext,
    current: { token: string; facility: string },
  ): Promise<BindResult> {
    const user = await this.own(session.userId);
    const owner = await this.accounts.findBy(field, value);
    if (owner && owner.id !== user.id) throw Errors.accountTaken(field);
    const isGuest = user.is_guest === 1;
    if (isGuest && input.password === '') {
      throw Errors.paramsInvalid('password', 'choose a password: you will log in with it');
    }
    await this.codes.consume(codeTarget(field, value), 'bind', input.code);

    const now = nowSeconds();
    let updated: UserRow | undefined;
    try {
      updated = isGuest
        ? await this.accounts.convertGuest(user.id, {
            [field]: value,
            name: value,
            nickname: accountNickname(user.nickname),
            password_hash: await hashPassword(input.password),
            updated_time: now,
          })
        : await this.accounts.update(user.id, {
            [field]: value,
            ...(user.name === '' || user.name === user.tel || user.name === user.email
              ? { name: value }
              : {}),
            updated_time: now,
          });
    } catch (error) {
      if (isUniqueViolation(error)) throw Errors.accountTaken(field);
      throw error;
    }
    if (!updated) throw Errors.sessionInvalid();
    await this.sessions.revoke(current.token);
    const token = await this.sessions.create(updated.id, {
      deviceid: session.deviceid,
      facility: current.facility,
    });
    this.log.info({ userId: updated.id, field, converted: isGuest }, 'account bound');
    return { token, uid: updated.id, is_token: token, is_uid: updated.id, is_guest: false };
  }

  async editNickname(userId: number, nickname: string): Promise<UserRow> {
    const updated = await this.accounts.update(userId, { nickname, updated_time: nowSeconds() });
    if (!updated) throw Errors.sessionInvalid();
    return updated;
  }

  /** Re-encodes the upload, stores it XOR-encoded under a content-hashed `_xfile` key, and points `pic` at it. */
  async uploadAvatar(userId: number, image: Buffer | null): Promise<UserRow> {
    if (!image) throw Errors.uploadInvalid('Choose an image to upload');
    if (!this.storage) throw Errors.internal();
    const user = await this.own(userId);
    const jpeg = await renderAvatar(image);
    const stored = xorBytes(jpeg, this.storage.imageXorKey);
    const key = contentMediaKey(stored, 'jpg', { xfile: true });
    await this.storage.media.put(key, stored);
    const updated = await this.accounts.update(userId, {
      pic: mediaUrlPath(key),
      updated_time: nowSeconds(),
    });
    if (!updated) throw Errors.sessionInvalid();
    if (user.pic && user.pic !== updated.pic) await this.dropAvatarIfUnused(user.pic);
    return updated;
  }

  private async dropAvatarIfUnused(pic: string): Promise<void> {
    if (!this.storage || !pic.startsWith('/media/')) return;
    if ((await this.accounts.countUsersWithPic(pic)) > 0) return;
    await this.storage.media.delete(pic.slice('/media/'.length)).catch((error: unknown) => {
      this.log.warn({ err: error, pic }, 'old avatar could not be removed');
    });
  }

  /** Changes the password; every session of the account ends and the caller continues with a new one. */
  async changePassword(
    session: SessionContext,
    input: { oldPassword: string; password: string },
    facility: string,
  ): Promise<LoginResult> {
    const user = await this.own(session.userId);
    if (!(await verifyPassword(input.oldPassword, user.password_hash))) throw Errors.passwordWrong();
    await this.accounts.update(user.id, {
      password_hash: await hashPassword(input.password),
      updated_time: nowSeconds(),
    });
    await this.sessions.revokeAllForUser(user.id);
    const token = await this.sessions.create(user.id, { deviceid: session.deviceid, facility });
    this.log.info({ userId: user.id }, 'password changed; all sessions revoked');
    return { token, uid: user.id, is_guest: false };
  }

  async logout(token: string): Promise<void> {
    await this.sessions.revoke(token);
  }

  /** Deletes the account after the password or a "writeoff" code confirms it. */
  async writeOff(session: SessionContext, confirm: { password: string; code: string }): Promise<void> {
    const user = await this.own(session.userId);
    if (confirm.password !== '') {
      if (!(await verifyPassword(confirm.password, user.password_hash))) throw Errors.passwordWrong();
    } else {
      await this.codes.consume(`user:${user.id}`, 'writeoff', confirm.code);
    }
    const targets: CodeTarget[] = [];
    if (user.tel) targets.push(codeTarget('tel', user.tel));
    if (user.email) targets.push(codeTarget('email', user.email));
    await this.accounts.erase(user.id, nowSeconds());
    await this.codes.forget(targets);
    if (user.pic) await this.dropAvatarIfUnused(user.pic);
    this.log.info({ userId: user.id }, 'account deleted');
  }

  /** The identity card: made on first request or when asked to regenerate, else only its status. */
  async card(userId: number, regenerate: boolean): Promise<IdentityCard> {
    await this.own(userId);
    const status = await this.cards.status(userId);
    if (status.has_card && !regenerate) return { ...status, credential: '', qr: '' };
    const issued = await this.cards.issue(userId);
    return { has_card: true, ...issued };
  }
}
