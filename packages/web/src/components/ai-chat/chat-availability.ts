/**
 * What the AI screens may offer. Character chat needs a model the operator connected; until the
 * server says one is (`chat_available` of /v3/ai/index), no chat entry is shown, so nothing that
 * would spend a try is offered before the answer is known.
 */
import type { AiPassage } from '@dm51/shared';

export type ChatAvailability = 'unknown' | 'available' | 'unavailable';

export function chatAvailability(index: { chat_available: number } | undefined): ChatAvailability {
  if (!index) return 'unknown';
  return index.chat_available === 1 ? 'available' : 'unavailable';
}

/** Quoted passages grouped by the chapter they come from, in reading order. */
export function passagesByChapter(passages: AiPassage[]): { chapter: string; texts: string[] }[] {
  const groups: { chapter: string; texts: string[] }[] = [];
  for (const passage of passages) {
    const last = groups.at(-1);
    if (last && last.chapter === passage.chapter) last.texts.push(passage.text);
    else groups.push({ chapter: passage.chapter, texts: [passage.text] });
  }
  return groups;
}
