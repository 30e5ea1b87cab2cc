/**
 * What the one-folder commands (`npm run import`, `npm run copy-data`) share: `[--json] <folder>`
 * parsing with usage and errors said the same way (one JSON object on stdout with --json, a line
 * on stderr without), and the server's configuration loaded or its error reported.
 */
import type { Config } from '../config.js';
import { ConfigError, loadConfig } from '../config.js';

export interface FolderCommand {
  json: boolean;
  /** Reports `message` (as JSON with --json) and returns the exit code 1. */
  fail(message: string): number;
}

/**
 * Parses `[--json] <folder>`. Returns the folder, or the exit code when the command ends here
 * (0 after --help, 1 after a usage error, already reported).
 */
export function parseFolderArgs(
  args: string[],
  usage: string,
  what: string,
): FolderCommand & ({ folder: string } | { exitCode: number }) {
  const json = args.includes('--json');
  const positional = args.filter((a) => !a.startsWith('--'));
  const fail = (message: string): number => {
    if (json) process.stdout.write(`${JSON.stringify({ error: message })}\n`);
    else process.stderr.write(`${message}\n`);
    return 1;
  };
  if (args.includes('--help') || args.includes('-h')) {
    process.stdout.write(usage);
    return { json, fail, exitCode: 0 };
  }
  const unknown = args.filter((a) => a.startsWith('--') && a !== '--json');
  if (unknown.length > 0) return { json, fail, exitCode: fail(`unknown option ${unknown[0]}\n${usage}`) };
  if (positional.length !== 1) return { json, fail, exitCode: fail(`give exactly one ${what}\n${usage}`) };
  return { json, fail, folder: positional[0]! };
}

/** The server's configuration from the environment, or null after reporting why it is invalid. */
export function loadConfigOrReport(fail: (message: string) => number): Config | null {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      fail(error.message);
      return null;
    }
    throw error;
  }
}
