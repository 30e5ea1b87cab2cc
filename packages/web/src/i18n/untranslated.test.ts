import { describe, expect, it } from 'vitest';
import { en as consoleEn } from '../../../admin/src/i18n/en';
import { zhCN as consoleZhCN } from '../../../admin/src/i18n/zh-CN';
import { en } from './locales/en';
import { es } from './locales/es';
import { fr } from './locales/fr';
import { zhCN } from './locales/zh-CN';
import { zhTW } from './locales/zh-TW';
import { flattenKeys } from './messages';

type Translated = 'es' | 'fr' | 'zh-CN' | 'zh-TW';
const EVERY: readonly Translated[] = ['es', 'fr', 'zh-CN', 'zh-TW'];
const CHINESE: readonly Translated[] = ['zh-CN', 'zh-TW'];

/**
 * Words a translation may keep exactly as English writes them, and why. A text equal to its English
 * source passes only when nothing is left once these words and the {{placeholders}} are taken out
 * (a text of numbers, signs and placeholders alone has nothing to translate).
 */
const SAME_AS_ENGLISH: { word: string; locales: readonly Translated[]; reason: string }[] = [
  { word: '51动漫', locales: EVERY, reason: 'the product name' },
  { word: 'VIP', locales: EVERY, reason: 'the membership is called VIP in every language' },
  { word: 'ID', locales: EVERY, reason: 'how all four languages label a user number' },
  { word: 'AI', locales: CHINESE, reason: 'Chinese apps write AI in Latin letters (es and fr say IA)' },
  { word: 'cos', locales: CHINESE, reason: 'Chinese fans’ own word for cosplay' },
  { word: 'name@example.com', locales: CHINESE, reason: 'a sample address, not words' },
  { word: 'Anime', locales: ['es', 'fr'], reason: 'the word Spanish and French readers use' },
  { word: 'Manga', locales: ['es', 'fr'], reason: 'the word Spanish and French readers use' },
  { word: 'Pixel art', locales: ['es', 'fr'], reason: 'the art style’s usual name in Spanish and French' },
  { word: 'h', locales: ['es', 'fr'], reason: 'the hour symbol' },
  { word: 'MB', locales: ['es'], reason: 'the megabyte symbol (French writes Mo)' },
  { word: 'Normal', locales: ['es'], reason: 'the same word in Spanish (playback speed)' },
  { word: 'Sepia', locales: ['es'], reason: 'the same word in Spanish (reader theme)' },
  { word: 'General', locales: ['es'], reason: 'the same word in Spanish (settings section)' },
  { word: 'Popular', locales: ['es'], reason: 'the same word in Spanish (plan badge)' },
  { word: 'Chat', locales: ['es'], reason: 'the Spanish word (a loanword the RAE lists)' },
  { word: 'Spoilers', locales: ['es'], reason: 'what Spanish readers call them' },
  { word: 'Messages', locales: ['fr'], reason: 'the same word in French' },
  { word: 'Message', locales: ['fr'], reason: 'the same word in French' },
  { word: 'Bonus', locales: ['fr'], reason: 'the same word in French' },
  { word: 'Tags', locales: ['fr'], reason: 'what French readers call them, used throughout fr' },
  { word: 'Tag', locales: ['fr'], reason: 'what French readers call it, used throughout fr' },
  { word: 'Pause', locales: ['fr'], reason: 'the same word in French' },
  { word: 'Auto', locales: ['fr'], reason: 'the French video-quality label' },
  { word: 'Pages', locales: ['fr'], reason: 'the same word in French' },
  { word: 'Page', locales: ['fr'], reason: 'the same word in French' },
  { word: 'Version', locales: ['fr'], reason: 'the same word in French' },
  { word: 'Bug', locales: ['fr'], reason: 'the word French users report' },
  { word: 'Suggestion', locales: ['fr'], reason: 'the same word in French' },
  { word: 'Style', locales: ['fr'], reason: 'the same word in French' },
  { word: 'Image', locales: ['fr'], reason: 'the same word in French' },
  { word: 'bonus', locales: ['fr'], reason: 'the same word in French' },
  { word: 'page', locales: ['fr'], reason: 'the same word in French' },
  { word: 'pages', locales: ['fr'], reason: 'the same word in French' },
];

/** The console's words kept in English in its Chinese texts, and why. */
const CONSOLE_SAME_AS_ENGLISH: { word: string; reason: string }[] = [
  { word: 'VIP', reason: 'the membership is called VIP in Chinese too' },
  { word: 'AI', reason: 'Chinese apps write AI in Latin letters' },
  { word: 'ffmpeg', reason: 'a program’s name' },
  { word: 'Node.js', reason: 'a program’s name' },
  { word: 'LIBRARY_DIR', reason: 'an environment variable' },
];

function lookup(messages: object, key: string): unknown {
  return key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], messages);
}

/** What of `text` still needs translating once the placeholders and the kept words are removed. */
function leftToTranslate(text: string, kept: readonly string[]): string {
  let rest = text.replace(/{{\w+}}/g, ' ');
  // Longest first, so 'Pixel art' goes before a shorter word inside it.
  for (const word of [...kept].sort((a, b) => b.length - a.length)) {
    const escaped = word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    rest = rest.replace(new RegExp(`(?<![\\p{L}\\p{N}])${escaped}(?![\\p{L}\\p{N}])`, 'gu'), ' ');
  }
  return /\p{L}/u.test(rest) ? rest.trim() : '';
}

/** The keys whose text in `translation` is still the English one, with what is left in English. */
function untranslated(source: object, translation: object, kept: readonly string[]): string[] {
  return flattenKeys(source).flatMap((key) => {
    const text = lookup(source, key);
    if (typeof text !== 'string' || lookup(translation, key) !== text) return [];
    const rest = leftToTranslate(text, kept);
    return rest ? [`${key}: ${JSON.stringify(text)}`] : [];
  });
}

const APP_LOCALES: Record<Translated, object> = { es, fr, 'zh-CN': zhCN, 'zh-TW': zhTW };

describe('texts left in English', () => {
  for (const [locale, translation] of Object.entries(APP_LOCALES) as [Translated, object][]) {
    it(`${locale} translates every app text`, () => {
      const kept = SAME_AS_ENGLISH.filter((entry) => entry.locales.includes(locale)).map((e) => e.word);
      expect(untranslated(en, translation, kept)).toEqual([]);
    });
  }

  it('the console’s Chinese translates every console text, and has the English keys', () => {
    expect(flattenKeys(consoleZhCN).sort()).toEqual(flattenKeys(consoleEn).sort());
    const kept = CONSOLE_SAME_AS_ENGLISH.map((entry) => entry.word);
    expect(untranslated(consoleEn, consoleZhCN, kept)).toEqual([]);
  });

  it('catches a text copied from English, and lets placeholders and kept words through', () => {
    expect(untranslated({ a: { b: 'Check in' } }, { a: { b: 'Check in' } }, ['VIP'])).toEqual([
      'a.b: "Check in"',
    ]);
    expect(
      untranslated({ a: '+{{count}} h', b: 'VIP · {{name}}' }, { a: '+{{count}} h', b: 'VIP · {{name}}' }, [
        'h',
        'VIP',
      ]),
    ).toEqual([]);
    // A kept word only counts as a whole word: 'h' does not excuse 'hours'.
    expect(untranslated({ a: '{{n}} hours' }, { a: '{{n}} hours' }, ['h'])).toEqual(['a: "{{n}} hours"']);
  });
});
