import { showBottomToast } from '../../../lib/api/lazy-toast';

/** Copies text and says so; where the clipboard is refused, asks for a long press instead. */
export async function copyText(text: string, done: string, failed: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    showBottomToast(done);
    return true;
  } catch {
    showBottomToast(failed);
    return false;
  }
}
