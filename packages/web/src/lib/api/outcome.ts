import { ApiCode, isSuccessCode } from '@dm51/shared';

/** What the client does with a response envelope's code (spec §8); pure so it can be tested. */
export type CodeOutcome = 'success' | 'silent' | 'toast';

export function outcomeForCode(code: number): CodeOutcome {
  if (isSuccessCode(code)) return 'success';
  if (code === ApiCode.SILENT) return 'silent';
  return 'toast';
}
