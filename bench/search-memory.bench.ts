/**
 * What the in-memory search (packages/server/src/services/search-memory.ts) costs as the catalogue
 * grows, without a server or a database: the memory an instance gives it, the time to build it, and
 * the time a search takes, at each size of SEARCH_MEMORY_SIZES (default 1,000, 10,000, 100,000 and
 * 1,000,000 works), for documents built as the server builds them (search-document.ts) from the
 * generated catalogue's titles, authors and tags (bench/support/catalogue-names.ts), with the
 * scale curve's short summary and with a summary of 200 characters of Chinese prose (what real
 * catalogues carry).
 *
 * The search figure is the scale curve's varied search (20,000 different keywords: a common word
 * with digits, pinyin, initials, the other script, mixed, typos), each keyword once, on a fresh
 * index, so nearly every term is new to it: µs per search, and the ratio to the smallest size of
 * the same run. Run with more heap for the largest size:
 *
 *   node --max-old-space-size=8192 --expose-gc --import tsx bench/search-memory.bench.ts
 */
import { documentTexts } from '../packages/server/src/services/search-document.js';
import { MemorySearchIndex, type MemoryDocument } from '../packages/server/src/services/search-memory.js';
import { searchTerms } from '../packages/server/src/services/search.service.js';
import { authorNames, mix, TAG_NAMES, titleOf } from './support/catalogue-names.js';
import { newFormQueries } from './support/search-queries.js';

const SIZES = (process.env['SEARCH_MEMORY_SIZES'] ?? '1000,10000,100000,1000000').split(',').map(Number);
const QUERIES = Number(process.env['SEARCH_MEMORY_QUERIES'] ?? 20_000);
/** SEARCH_MEMORY_SUMMARIES=short measures only the scale curve's summaries. */
const SUMMARIES = (process.env['SEARCH_MEMORY_SUMMARIES'] ?? 'short,long').split(',') as ('short' | 'long')[];
const AUTHORS = authorNames(2_000);

// Words of Chinese synopses, most common first: a summary draws from them with a skew (mix² / 2³²),
// so a few are in most summaries and most are rare, as in real prose.
// prettier-ignore
const PROSE = [
  '的', '了', '他', '她', '在', '是', '一个', '我们', '自己', '世界', '少年', '命运', '故事', '开始', '终于', '为了', '他们',
  '这个', '没有', '一切', '力量', '秘密', '真相', '家族', '王国', '战争', '传说', '城市', '学院', '江湖', '修炼', '天才',
  '意外', '穿越', '重生', '复仇', '守护', '冒险', '旅程', '朋友', '敌人', '魔法', '剑术', '宗门', '皇帝', '公主', '将军',
  '侦探', '案件', '黑暗', '光明', '希望', '绝望', '未来', '过去', '记忆', '梦想', '青春', '爱情', '背叛', '阴谋', '巅峰',
  '逆袭', '崛起', '觉醒', '血脉', '神秘', '古老', '遗迹', '宝藏', '大陆', '帝国', '联盟', '星辰', '宇宙', '机甲', '异能',
  '末日', '丧尸', '系统', '游戏', '副本', '等级', '职业', '高手', '强者', '弱者', '凡人', '仙人', '妖魔', '鬼怪', '灵魂',
  '天地', '山河', '风云', '岁月', '春秋', '日月', '雷霆', '烈焰', '寒冰', '毒药', '医术', '丹药', '法宝', '阵法', '符箓',
  '拍卖', '商会', '家主', '长老', '弟子', '师父', '师兄', '师妹', '同学', '老师', '校花', '总裁', '保镖', '医生', '律师',
  '警察', '杀手', '佣兵', '海盗', '船长', '骑士', '龙', '凤凰', '麒麟', '白虎', '玄武', '青龙', '朱雀', '猫', '狗', '狐狸',
  '。', '，', '！', '？', '从此', '然而', '直到', '竟然', '原来', '不得不', '一步步', '踏上', '揭开', '面对', '选择', '改变',
];

function proseOf(w: number, length: number): string {
  let text = '';
  for (let k = 0; text.length < length; k += 1) {
    const skewed = Math.floor((mix(w, 100 + k) / 2 ** 32) ** 2 * PROSE.length);
    text += PROSE[skewed]!;
  }
  return text.slice(0, length);
}

function documentsOf(works: number, summary: 'short' | 'long'): MemoryDocument[] {
  const docs: MemoryDocument[] = [];
  for (let w = 0; w < works; w += 1) {
    const title = titleOf(w);
    const authors = [AUTHORS[mix(w, 41) % AUTHORS.length]!.name];
    const tags = [TAG_NAMES[mix(w, 42) % TAG_NAMES.length]!, TAG_NAMES[mix(w, 43) % TAG_NAMES.length]!];
    const texts = documentTexts({
      title: title.title,
      altTitles: title.altTitles,
      authors,
      tags,
      // The scale curve's summary (bench/support/scale-catalogue.ts), or 200 characters of prose.
      summary: summary === 'short' ? `第${w}部作品的简介。Work ${w} of the catalogue.` : proseOf(w, 200),
    });
    docs.push({
      work_id: w + 1,
      type: w % 3,
      title_text: texts.title_text,
      people_text: texts.people_text,
      body: texts.body,
      views: mix(w, 44) % 100_000,
    });
  }
  return docs;
}

const gc = (globalThis as { gc?: () => void }).gc ?? (() => undefined);
const megabytes = (bytes: number) => bytes / 2 ** 20;

interface Row {
  summary: string;
  works: number;
  buildS: number;
  indexMb: number;
  postingsMb: number;
  searchUs: number;
}

async function measure(works: number, summary: 'short' | 'long'): Promise<Row> {
  const docs = documentsOf(works, summary);
  const keywords = [
    ...Array.from({ length: QUERIES / 4 }, (_, i) => ({
      keyword: `作品 ${i % 100} ${Math.floor(i / 100)}`,
      kind: 'common word',
    })),
    ...newFormQueries(works, QUERIES - QUERIES / 4),
  ].map(({ keyword, kind }) => ({ ...searchTerms(keyword), kind }));
  gc();
  const before = process.memoryUsage();
  const started = process.hrtime.bigint();
  const index = await MemorySearchIndex.build(docs);
  const buildS = Number(process.hrtime.bigint() - started) / 1e9;
  gc();
  const after = process.memoryUsage();
  // The index holds the documents' texts (already in memory here, as the rows a load reads are)
  // plus what it builds: its own arrays, title lines and postings.
  const bodies = docs.reduce(
    (sum, doc) => sum + doc.body.length + doc.title_text.length + doc.people_text.length,
    0,
  );
  const built = after.heapUsed - before.heapUsed + (after.arrayBuffers - before.arrayBuffers);
  const indexMb = megabytes(built + bodies * 2);
  let found = 0;
  const byKind = new Map<string, { us: number; n: number; found: number }>();
  for (const { terms, phrase, kind } of keywords) {
    const searched = process.hrtime.bigint();
    const total = index.search(terms, phrase, -1, 0, 20).total;
    const kindRow = byKind.get(kind) ?? { us: 0, n: 0, found: 0 };
    kindRow.us += Number(process.hrtime.bigint() - searched) / 1e3;
    kindRow.n += 1;
    kindRow.found += total;
    byKind.set(kind, kindRow);
    found += total;
  }
  const searchUs = [...byKind.values()].reduce((sum, k) => sum + k.us, 0) / keywords.length;
  const row = { summary, works, buildS, indexMb, postingsMb: megabytes(index.postingBytes), searchUs };
  console.log(
    `${summary} summaries, ${works} works: built in ${buildS.toFixed(2)} s, about ${indexMb.toFixed(0)} MB ` +
      `(${((indexMb * 2 ** 20) / works / 1024).toFixed(2)} KB a work, postings ${row.postingsMb.toFixed(0)} MB), ` +
      `${searchUs.toFixed(0)} µs a search (${(found / keywords.length).toFixed(0)} works found on average)\n    ` +
      [...byKind]
        .map(([kind, k]) => `${kind} ${(k.us / k.n).toFixed(0)} µs (${(k.found / k.n).toFixed(0)} found)`)
        .join(', '),
  );
  return row;
}

const rows: Row[] = [];
for (const summary of SUMMARIES) for (const works of SIZES) rows.push(await measure(works, summary));

console.log('\n| summaries | works | build | memory | per work | µs a search | × smallest |');
console.log('| --- | --- | --- | --- | --- | --- | --- |');
for (const row of rows) {
  const base = rows.find((other) => other.summary === row.summary)!;
  console.log(
    `| ${row.summary} | ${row.works.toLocaleString('en')} | ${row.buildS.toFixed(2)} s | ${row.indexMb.toFixed(0)} MB | ` +
      `${((row.indexMb * 1024) / row.works).toFixed(2)} KB | ${row.searchUs.toFixed(0)} | ${(row.searchUs / base.searchUs).toFixed(2)} |`,
  );
}
