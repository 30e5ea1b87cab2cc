/**
 * System → Operators (owner only): create an operator (its TOTP enrolment is shown once, as a QR
 * code and the secret, exactly as the CLI prints it), change a role, disable or enable, and issue
 * a new TOTP secret. An owner cannot disable or demote themself, so the one making the change stays
 * an active owner: the console always keeps one.
 * Disabling, a new role or a new secret ends the operator's sessions.
 */
import QRCode from 'qrcode';
import { nowSeconds, type Database } from '../../db/database.js';
import { hashPassword } from '../../services/password.service.js';
import type { Audit } from '../admin-route.js';
import { AdminErrors } from '../admin-errors.js';
import { MIN_PASSWORD_LENGTH, type OperatorIdentity } from '../auth/admin-auth.service.js';
import { OperatorRepository } from '../auth/operator.repository.js';
import { newTotpSecret, totpUri } from '../auth/totp.js';
import type { OperatorRole } from '../roles.js';

const NAME_PATTERN = /^[A-Za-z0-9_.@-]{2,64}$/;

async function enrolment(name: string, secret: string) {
  const uri = totpUri(secret, name);
  return { secret, uri, qr: await QRCode.toDataURL(uri, { margin: 1, width: 220 }) };
}

export class OperatorsService {
  constructor(private readonly operators: OperatorRepository) {}

  list() {
    return this.operators.list();
  }

  async create(trx: Database, audit: Audit, input: { name: string; password: string; role: OperatorRole }) {
    if (!NAME_PATTERN.test(input.name))
      throw AdminErrors.invalid('The name takes 2–64 letters, digits, _ . @ or -');
    if (Array.from(input.password).length < MIN_PASSWORD_LENGTH)
      throw AdminErrors.invalid(`The password needs at least ${MIN_PASSWORD_LENGTH} characters`);
    const repo = new OperatorRepository(trx);
    if (await repo.byName(input.name)) throw AdminErrors.conflict(`An operator named ${input.name} exists`);
    const secret = newTotpSecret();
    const row = await repo.insert({
      name: input.name,
      passwordHash: await hashPassword(input.password),
      role: input.role,
      totpSecret: secret,
      time: nowSeconds(),
    });
    await audit({
      action: 'operator.create',
      targetType: 'operator',
      targetId: row.id,
      after: { name: row.name, role: row.role },
    });
    return { id: row.id, name: row.name, role: row.role, ...(await enrolment(row.name, secret)) };
  }

  async update(
    trx: Database,
    audit: Audit,
    actor: OperatorIdentity,
    id: number,
    change: { role?: OperatorRole | undefined; disabled?: boolean | undefined },
  ) {
    const repo = new OperatorRepository(trx);
    const target = await repo.byId(id);
    if (!target) throw AdminErrors.notFound('operator');
    if (id === actor.id) throw AdminErrors.invalid('You cannot change your own role or disable yourself');
    const role = change.role ?? target.role;
    const disabled = change.disabled === undefined ? target.disabled : change.disabled ? 1 : 0;
    const now = nowSeconds();
    await repo.update(id, { role, disabled }, now);
    if (role !== target.role || disabled !== target.disabled) await repo.revokeAllSessions(id, now);
    await audit({
      action: 'operator.update',
      targetType: 'operator',
      targetId: id,
      before: { role: target.role, disabled: target.disabled },
      after: { role, disabled },
    });
  }

  async resetTotp(trx: Database, audit: Audit, id: number) {
    const repo = new OperatorRepository(trx);
    const target = await repo.byId(id);
    if (!target) throw AdminErrors.notFound('operator');
    const secret = newTotpSecret();
    const now = nowSeconds();
    await repo.update(id, { totp_secret: secret, totp_last_step: 0 }, now);
    await repo.revokeAllSessions(id, now);
    await audit({ action: 'operator.reset_totp', targetType: 'operator', targetId: id });
    return { id, name: target.name, ...(await enrolment(target.name, secret)) };
  }
}
