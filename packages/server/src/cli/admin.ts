/**
 * `npm run admin -- <command>`: operator accounts of the console, against the database of
 * DATA_DIR / DATABASE_URL (migrated first).
 *
 *   create-owner --name <n> [--password-stdin] [--json]      the first owner (or another one)
 *   create-operator --name <n> --role admin|moderator|viewer [--password-stdin] [--json]
 *   reset-totp --name <n> [--json]                            a new two-factor secret (lost phone)
 *   set-password --name <n> [--password-stdin]                a new password
 *
 * Without --password-stdin a random password is generated and printed once. Two-factor sign-in is
 * enrolled here: the command prints the otpauth:// URI as a QR code for the authenticator app, and
 * the secret for typing in. Changing the password or the secret ends the operator's sessions.
 */
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import QRCode from 'qrcode';
import { AdminAuthService } from '../admin/auth/admin-auth.service.js';
import { OperatorRepository } from '../admin/auth/operator.repository.js';
import { isRole } from '../admin/roles.js';
import { ConfigError, loadConfig } from '../config.js';
import { createDatabase } from '../db/database.js';
import { migrateToLatest } from '../db/migrator.js';
import { isAppError } from '../errors.js';
import { RateLimiter } from '../rate-limit/rate-limiter.js';
import { RateLimitRepository } from '../repositories/rate-limit.repository.js';
import pino from 'pino';

const USAGE = `usage: npm run admin -- <command> --name <name> [options]
  create-owner     --name <n> [--password-stdin] [--json]
  create-operator  --name <n> --role admin|moderator|viewer [--password-stdin] [--json]
  reset-totp       --name <n> [--json]
  set-password     --name <n> [--password-stdin]
`;

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks)
    .toString('utf8')
    .replace(/\r?\n$/, '');
}

function fail(message: string): number {
  process.stderr.write(`${message}\n`);
  return 1;
}

async function printEnrolment(name: string, secret: string, uri: string, password: string | null) {
  const qr = await QRCode.toString(uri, { type: 'terminal', small: true });
  const lines = [
    `Operator: ${name}`,
    ...(password ? [`Password (shown once): ${password}`] : []),
    'Two-factor sign-in: scan this code with an authenticator app (Google Authenticator, 1Password, ...):',
    qr,
    `or type the secret: ${secret}`,
    `otpauth URI: ${uri}`,
    'Sign in at /admin.',
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
}

async function main(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      name: { type: 'string' },
      role: { type: 'string' },
      'password-stdin': { type: 'boolean', default: false },
      json: { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
  });
  const command = positionals[0];
  if (values.help || !command) return fail(USAGE);
  const name = values.name;
  if (!name) return fail(`--name is required\n${USAGE}`);

  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) return fail(error.message);
    throw error;
  }
  const db = createDatabase(config);
  try {
    await migrateToLatest(db);
    // Warnings to stderr, so --json output stays one clean line.
    const log = pino({ level: 'warn' }, pino.destination(2));
    const auth = new AdminAuthService(
      new OperatorRepository(db),
      new RateLimiter(new RateLimitRepository(db)),
      log,
    );
    const password = async () => {
      if (values['password-stdin']) return { password: await readStdin(), generated: false };
      return { password: randomBytes(15).toString('base64url'), generated: true };
    };

    if (command === 'create-owner' || command === 'create-operator') {
      const role = command === 'create-owner' ? 'owner' : values.role;
      if (!isRole(role) || (command === 'create-operator' && role === 'owner'))
        return fail('--role must be admin, moderator or viewer (owners: create-owner)');
      const { password: secretWord, generated } = await password();
      const created = await auth.createOperator(name, secretWord, role);
      if (values.json) {
        process.stdout.write(
          `${JSON.stringify({ ...created.operator, secret: created.secret, uri: created.uri, ...(generated ? { password: secretWord } : {}) })}\n`,
        );
      } else {
        process.stdout.write(`Created ${role} ${name}.\n`);
        await printEnrolment(name, created.secret, created.uri, generated ? secretWord : null);
      }
      return 0;
    }
    if (command === 'reset-totp') {
      const reset = await auth.resetTotp(name);
      if (values.json) process.stdout.write(`${JSON.stringify({ name, ...reset })}\n`);
      else await printEnrolment(name, reset.secret, reset.uri, null);
      return 0;
    }
    if (command === 'set-password') {
      const { password: secretWord, generated } = await password();
      await auth.setPassword(name, secretWord);
      process.stdout.write(
        generated
          ? `New password for ${name} (shown once): ${secretWord}\n`
          : `Password of ${name} changed.\n`,
      );
      return 0;
    }
    return fail(`unknown command ${command}\n${USAGE}`);
  } catch (error) {
    if (isAppError(error)) return fail(error.message);
    throw error;
  } finally {
    await db.destroy();
  }
}

process.exitCode = await main(process.argv.slice(2));
