/** Operators and their console sessions. */
import type { Selectable } from 'kysely';
import type { Database } from '../../db/database.js';
import type { OperatorRole, OperatorSessionsTable, OperatorsTable } from '../../db/schema-admin.js';

export type OperatorRow = Selectable<OperatorsTable>;
export type OperatorSessionRow = Selectable<OperatorSessionsTable>;

export class OperatorRepository {
  constructor(private readonly db: Database) {}

  within(trx: Database): OperatorRepository {
    return new OperatorRepository(trx);
  }

  async byName(name: string): Promise<OperatorRow | undefined> {
    return this.db.selectFrom('operators').selectAll().where('name', '=', name).executeTakeFirst();
  }

  async byId(id: number): Promise<OperatorRow | undefined> {
    return this.db.selectFrom('operators').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async list() {
    const rows = await this.db
      .selectFrom('operators')
      .select(['id', 'name', 'role', 'disabled', 'created_time', 'last_login_time'])
      .orderBy('id')
      .execute();
    return rows.map((row) => ({
      id: row.id,
      name: row.name,
      role: row.role,
      disabled: row.disabled,
      createdTime: Number(row.created_time),
      lastLoginTime: Number(row.last_login_time),
    }));
  }

  async count(): Promise<number> {
    const row = await this.db
      .selectFrom('operators')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async insert(values: {
    name: string;
    passwordHash: string;
    role: OperatorRole;
    totpSecret: string;
    time: number;
  }): Promise<OperatorRow> {
    return this.db
      .insertInto('operators')
      .values({
        name: values.name,
        password_hash: values.passwordHash,
        role: values.role,
        totp_secret: values.totpSecret,
        created_time: values.time,
        updated_time: values.time,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  async update(
    id: number,
    values: Partial<
      Pick<OperatorRow, 'password_hash' | 'totp_secret' | 'totp_last_step' | 'role' | 'disabled'>
    >,
    time: number,
  ): Promise<void> {
    await this.db
      .updateTable('operators')
      .set({ ...values, updated_time: time })
      .where('id', '=', id)
      .execute();
  }

  /**
   * A stronger hash of the same password (sign-in upgrades an old one), written only while the row
   * still holds `expected`: a password set in between is never undone.
   */
  async replacePasswordHash(id: number, expected: string, next: string): Promise<boolean> {
    const result = await this.db
      .updateTable('operators')
      .set({ password_hash: next })
      .where('id', '=', id)
      .where('password_hash', '=', expected)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /**
   * Records `step` as used, only if it is newer than the last accepted one: one statement, so two
   * sign-ins racing with the same code cannot both pass.
   */
  async useTotpStep(id: number, step: number, time: number): Promise<boolean> {
    const result = await this.db
      .updateTable('operators')
      .set({ totp_last_step: step, last_login_time: time })
      .where('id', '=', id)
      .where('totp_last_step', '<', step)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async insertSession(values: {
    tokenHash: string;
    operatorId: number;
    csrfToken: string;
    ip: string;
    userAgent: string;
    time: number;
    expires: number;
  }): Promise<void> {
    await this.db
      .insertInto('operator_sessions')
      .values({
        token_hash: values.tokenHash,
        operator_id: values.operatorId,
        csrf_token: values.csrfToken,
        ip: values.ip.slice(0, 64),
        user_agent: values.userAgent.slice(0, 400),
        created_time: values.time,
        last_seen_time: values.time,
        expires_time: values.expires,
      })
      .execute();
  }

  async sessionWithOperator(tokenHash: string) {
    return this.db
      .selectFrom('operator_sessions as s')
      .innerJoin('operators as o', 'o.id', 's.operator_id')
      .select([
        's.id as session_id',
        's.csrf_token',
        's.last_seen_time',
        's.expires_time',
        's.revoked_time',
        'o.id as operator_id',
        'o.name',
        'o.role',
        'o.disabled',
      ])
      .where('s.token_hash', '=', tokenHash)
      .executeTakeFirst();
  }

  async touchSession(id: number, time: number): Promise<void> {
    await this.db
      .updateTable('operator_sessions')
      .set({ last_seen_time: time })
      .where('id', '=', id)
      .execute();
  }

  async revokeSession(id: number, time: number): Promise<void> {
    await this.db
      .updateTable('operator_sessions')
      .set({ revoked_time: time })
      .where('id', '=', id)
      .where('revoked_time', 'is', null)
      .execute();
  }

  async revokeAllSessions(operatorId: number, time: number): Promise<void> {
    await this.db
      .updateTable('operator_sessions')
      .set({ revoked_time: time })
      .where('operator_id', '=', operatorId)
      .where('revoked_time', 'is', null)
      .execute();
  }
}
