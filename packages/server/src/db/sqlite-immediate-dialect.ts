/**
 * SQLite with write transactions that take the write lock when they begin.
 *
 * Kysely opens a SQLite transaction with a plain `begin` (deferred): the lock is taken at the
 * transaction's first write. In WAL mode, a deferred transaction that has read and then writes
 * after another connection committed cannot be allowed to go on (its snapshot is old), and SQLite
 * answers SQLITE_BUSY at once, without waiting out busy_timeout. Two connections write here: the
 * server's and the import worker's (and the import CLI's), so an import's chapter transaction
 * failed with "database is locked" when the server wrote a heartbeat in between. `begin
 * immediate` takes the lock first, and busy_timeout then makes the other writer wait its turn.
 */
import { CompiledQuery, SqliteDialect, SqliteDriver, type DatabaseConnection, type Driver } from 'kysely';

class SqliteImmediateDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }
}

export class SqliteImmediateDialect extends SqliteDialect {
  readonly #config: ConstructorParameters<typeof SqliteDialect>[0];

  constructor(config: ConstructorParameters<typeof SqliteDialect>[0]) {
    super(config);
    this.#config = config;
  }

  override createDriver(): Driver {
    return new SqliteImmediateDriver(this.#config);
  }
}
