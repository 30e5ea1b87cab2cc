// What the test suite needs from the machine, checked before any test runs: Debian's packages
// (Chromium for the browser tiers, ffmpeg for video, CJK fonts for screenshots, HAProxy for the
// cluster tier, epubcheck and xmllint for the download validation tests in the server suite) and the two services (PostgreSQL for the server suite's second run, Redis for the
// shared-state and cluster tiers). As root it installs or starts what is missing; otherwise it stops
// at once with the one command that would, so no tier is silently skipped.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { connect } from 'node:net';
import pg from 'pg';

const REDIS = { host: '127.0.0.1', port: 6379 };

/** Debian package → how to tell it is there. */
const PACKAGES = [
  { name: 'chromium', present: () => existsSync('/usr/bin/chromium') },
  { name: 'ffmpeg', present: () => onPath('ffmpeg') },
  { name: 'fonts-noto-cjk', present: () => dpkgInstalled('fonts-noto-cjk') },
  { name: 'haproxy', present: () => existsSync('/usr/sbin/haproxy') },
  // Run as `java -jar` (the /usr/bin wrapper needs binfmt_misc, which containers often lack).
  { name: 'epubcheck', present: () => existsSync('/usr/share/java/epubcheck.jar') && onPath('java') },
  { name: 'libxml2-utils', present: () => onPath('xmllint') },
  // Compressed-tar tests write .tar.zst with Debian's zstd (xz and bzip2 are in the base system).
  { name: 'zstd', present: () => onPath('zstd') },
];
/** The services' packages, needed only when the service does not answer (it may run elsewhere). */
const POSTGRES_PACKAGE = {
  name: 'postgresql',
  present: () => onPath('pg_ctlcluster') || onPath('pg_ctl') || postgresBinDir() !== null,
};
const REDIS_PACKAGE = { name: 'redis-server', present: () => onPath('redis-server') };

function onPath(command) {
  return spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;
}

function dpkgInstalled(name) {
  const result = spawnSync('dpkg-query', ['-W', '-f=${Status}', name], { encoding: 'utf8' });
  return result.status === 0 && result.stdout.includes('install ok installed');
}

function postgresBinDir() {
  if (!existsSync('/usr/lib/postgresql')) return null;
  const versions = readdirSync('/usr/lib/postgresql').sort();
  return versions.length > 0 ? `/usr/lib/postgresql/${versions.at(-1)}/bin` : null;
}

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;

/** Runs a shell command; apt-get and the packages' scripts never stop to ask a question. */
function sh(command) {
  console.log(`$ ${command}`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  return spawnSync('sh', ['-c', command], { stdio: ['ignore', 'inherit', 'inherit'], env }).status === 0;
}

function redisAnswers() {
  return new Promise((resolve) => {
    const socket = connect(REDIS);
    const done = (ok) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(2000, () => done(false));
    socket.on('error', () => done(false));
    socket.on('connect', () => socket.write('PING\r\n'));
    socket.on('data', (data) => done(data.toString().startsWith('+PONG')));
  });
}

/** null when the database answers, or the error it gave. */
async function postgresProblem(url) {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query('select 1');
    return null;
  } catch (error) {
    return error;
  } finally {
    await client.end().catch(() => {});
  }
}

/** Creates the test database on the same server when it is the one thing missing. */
async function createDatabase(url) {
  const target = new URL(url);
  const name = target.pathname.replace(/^\//, '');
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString(), connectionTimeoutMillis: 3000 });
  await client.connect();
  try {
    console.log(`Creating the PostgreSQL database ${name}`);
    await client.query(`create database "${name.replace(/"/g, '""')}"`);
  } finally {
    await client.end();
  }
}

function startPostgres() {
  if (onPath('pg_ctlcluster') && existsSync('/etc/postgresql')) {
    const version = readdirSync('/etc/postgresql').sort().at(-1);
    if (version) return sh(`pg_ctlcluster --skip-systemctl-redirect ${version} main start`);
  }
  return false;
}

function startRedis() {
  return sh('redis-server --daemonize yes --bind 127.0.0.1 -::1 --port 6379 --save "" --appendonly no');
}

async function waitFor(check, seconds) {
  for (let i = 0; i < seconds * 4; i++) {
    if (await check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return false;
}

/**
 * Makes the machine ready for every tier, or returns the problems with the command that fixes each.
 * An empty list means ready.
 */
export async function prepareMachine({ postgresUrl }) {
  const problems = [];
  const needed = [...PACKAGES];
  if (!(await redisAnswers())) needed.push(REDIS_PACKAGE);
  if (await postgresProblem(postgresUrl)) needed.push(POSTGRES_PACKAGE);
  const missing = needed.filter((pkg) => !pkg.present()).map((pkg) => pkg.name);
  if (missing.length > 0) {
    const install = `apt-get update && apt-get install -y ${missing.join(' ')}`;
    if (isRoot && onPath('apt-get')) {
      console.log(`Installing what the tests need: ${missing.join(', ')}`);
      if (!sh(install.replace('install -y', 'install -y -qq')))
        problems.push(`the packages ${missing.join(', ')} could not be installed: run ${install}`);
    } else {
      problems.push(`missing ${missing.join(', ')}: run sudo sh -c '${install}'`);
    }
  }

  if (!(await redisAnswers())) {
    if (isRoot && onPath('redis-server') && startRedis() && (await waitFor(redisAnswers, 10))) {
      console.log('Started Redis on 127.0.0.1:6379');
    } else {
      problems.push(
        'Redis does not answer on 127.0.0.1:6379: run sudo redis-server --daemonize yes --bind 127.0.0.1 --port 6379 --save ""',
      );
    }
  }

  let problem = await postgresProblem(postgresUrl);
  if (problem && ['ECONNREFUSED', 'ETIMEDOUT'].includes(problem.code ?? '') && isRoot && startPostgres()) {
    await waitFor(async () => {
      problem = await postgresProblem(postgresUrl);
      return !problem || !['ECONNREFUSED', '57P03'].includes(problem.code ?? '');
    }, 20);
    if (!problem) console.log('Started PostgreSQL');
  }
  // 3D000: the server is up but has no such database.
  if (problem?.code === '3D000') {
    await createDatabase(postgresUrl).catch((error) => console.error(error.message));
    problem = await postgresProblem(postgresUrl);
  }
  if (problem) {
    problems.push(
      `PostgreSQL does not answer at ${postgresUrl} (${problem.code ?? ''} ${problem.message}): ` +
        `start it (sudo pg_ctlcluster <version> main start), allow trust for 127.0.0.1 in pg_hba.conf, ` +
        `and create the database, or set TEST_DATABASE_URL`,
    );
  }
  return problems;
}
