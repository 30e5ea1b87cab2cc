/**
 * Does search find what readers mean? A hand-made catalogue of Chinese, Japanese and English
 * titles (public-domain classics and invented ones, some stored in traditional characters), and
 * queries as readers type them: exact and partial titles, the other Chinese script, pinyin with
 * and without spaces and tones, initials, mixed input, typos, unfinished words, authors, tags and
 * their pinyin, Japanese kana in either script and in romaji. Each query names the work a reader
 * means; it passes when that work is in the first three results (and, for a query that finds a
 * few works, when the keyword offered as "did you mean" is the one expected). The share that passes is printed and must be at least 95 %, through the in-memory
 * search and through the database's (SQLite, and PostgreSQL with DATABASE_URL).
 */
import type { WorkCard } from '@dm51/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildWork, type WorkOverrides } from '../testing/catalogue-factory.js';
import { buildTestApp, type TestApp } from '../testing/test-app.js';
import { createTestClient, type TestClient, type TestSession } from '../testing/test-client.js';

/** [title, alternative titles, authors, tags, summary, type (0 comic, 1 novel, 2 anime), views]. */
type Seed = [string, string[], string[], string[], string, number, number];

const CATALOGUE: Seed[] = [
  ['西游记', ['Journey to the West'], ['吴承恩'], ['神魔', '冒险'], '唐僧师徒四人西天取经。', 1, 900],
  ['西游记后传', [], ['佚名'], ['神魔'], '取经之后的故事。', 1, 40],
  ['紅樓夢', ['Dream of the Red Chamber'], ['曹雪芹'], ['言情', '古典'], '贾宝玉与林黛玉的故事。', 1, 800],
  ['水浒传', ['Water Margin'], ['施耐庵'], ['武侠', '古典'], '一百零八条好汉聚义梁山。', 1, 700],
  ['三國演義', ['Romance of the Three Kingdoms'], ['羅貫中'], ['历史', '古典'], '魏蜀吴三分天下。', 1, 750],
  ['聊斋志异', ['Strange Tales from a Chinese Studio'], ['蒲松龄'], ['志怪'], '狐仙鬼怪的短篇故事。', 1, 500],
  ['儒林外史', ['The Scholars'], ['吴敬梓'], ['讽刺'], '科举时代的读书人。', 1, 200],
  ['鏡花緣', ['Flowers in the Mirror'], ['李汝珍'], ['奇幻'], '唐敖出海游历奇国。', 1, 150],
  ['封神演义', ['Investiture of the Gods'], ['许仲琳'], ['神魔'], '姜子牙辅周伐纣。', 1, 450],
  ['浮生六记', ['Six Records of a Floating Life'], ['沈复'], ['散文'], '夫妻闲居的日常。', 1, 120],
  ['老残游记', ['The Travels of Lao Can'], ['刘鹗'], ['游记'], '一位江湖郎中的见闻。', 1, 90],
  ['呐喊', ['Call to Arms'], ['鲁迅'], ['短篇'], '狂人日记与孔乙己。', 1, 600],
  ['彷徨', ['Wandering'], ['鲁迅'], ['短篇'], '祝福与伤逝。', 1, 300],
  ['朝花夕拾', ['Dawn Blossoms Plucked at Dusk'], ['鲁迅'], ['散文'], '童年回忆。', 1, 350],
  ['阿Q正传', ['The True Story of Ah Q'], ['鲁迅'], ['讽刺'], '精神胜利法。', 1, 650],
  ['駱駝祥子', ['Rickshaw Boy'], ['老舍'], ['现实'], '北平车夫的一生。', 1, 550],
  ['茶馆', ['Teahouse'], ['老舍'], ['话剧'], '一座茶馆里的五十年。', 1, 260],
  ['呼蘭河傳', ['Tales of Hulan River'], ['萧红'], ['回忆'], '东北小城的童年。', 1, 180],
  ['背影', [], ['朱自清'], ['散文'], '父亲的背影。', 1, 330],
  ['长安夜行录', [], ['云中客'], ['悬疑', '古风'], '长安城里的夜行人与奇案。', 0, 420],
  ['龍城少年', [], ['北冥'], ['热血', '校园'], '龙城中学的少年们。', 0, 380],
  ['深海灯塔', ['Lighthouse of the Deep'], ['蓝鲸'], ['科幻'], '海底灯塔守望者的故事。', 0, 260],
  ['星辰剑帝', [], ['墨染'], ['玄幻'], '少年执剑问星辰。', 1, 990],
  ['银河旅馆', ['Galaxy Inn'], ['白夜'], ['科幻', '治愈'], '星际旅人的驿站。', 2, 310],
  ['女侠传', [], ['红袖'], ['武侠'], '江湖女侠行侠仗义。', 1, 140],
  ['重生之都市行者', [], ['夜雨'], ['都市', '重生'], '重回十八岁的都市故事。', 1, 720],
  ['山海异闻录', ['Tales of Mountains and Seas'], ['青丘'], ['志怪', '奇幻'], '山海经里的异兽。', 0, 270],
  ['天工开物图说', [], ['宋应星'], ['科普'], '古代工艺图解。', 0, 60],
  ['吾輩は猫である', ['I Am a Cat'], ['夏目漱石'], ['文学'], '猫の目から見た明治の人々。', 1, 480],
  ['坊っちゃん', ['Botchan'], ['夏目漱石'], ['文学'], '松山の中学校に赴任した青年。', 1, 230],
  ['こころ', ['Kokoro'], ['夏目漱石'], ['文学'], '先生と私の物語。', 1, 290],
  ['羅生門', ['Rashomon'], ['芥川龍之介'], ['短編'], '荒れた門の下で。', 1, 340],
  ['蜘蛛の糸', ['The Spider’s Thread'], ['芥川龍之介'], ['短編'], '地獄に垂らされた一本の糸。', 1, 210],
  [
    '銀河鉄道の夜',
    ['Night on the Galactic Railroad'],
    ['宮沢賢治'],
    ['幻想'],
    'ジョバンニとカムパネルラの旅。',
    2,
    520,
  ],
  [
    '注文の多い料理店',
    ['The Restaurant of Many Orders'],
    ['宮沢賢治'],
    ['童話'],
    '山奥の不思議な料理店。',
    2,
    170,
  ],
  ['走れメロス', ['Run, Melos!'], ['太宰治'], ['短編'], '友のために走る男。', 1, 250],
  ['人間失格', ['No Longer Human'], ['太宰治'], ['文学'], 'ある男の手記。', 1, 610],
  ['たけくらべ', ['Child’s Play'], ['樋口一葉'], ['文学'], '吉原の子どもたち。', 1, 80],
  [
    'Treasure Island',
    ['金银岛'],
    ['Robert Louis Stevenson'],
    ['adventure', 'pirates'],
    'A boy, a map and Long John Silver.',
    1,
    640,
  ],
  [
    'The Time Machine',
    ['时间机器'],
    ['H. G. Wells'],
    ['science fiction'],
    'A traveller visits the year 802,701.',
    1,
    560,
  ],
  [
    'The War of the Worlds',
    ['世界大战'],
    ['H. G. Wells'],
    ['science fiction'],
    'Martians land in England.',
    1,
    430,
  ],
  [
    'Pride and Prejudice',
    ['傲慢与偏见'],
    ['Jane Austen'],
    ['romance'],
    'Elizabeth Bennet and Mr Darcy.',
    1,
    870,
  ],
  [
    'Frankenstein',
    ['科学怪人'],
    ['Mary Shelley'],
    ['horror', 'gothic'],
    'A scientist builds a creature.',
    1,
    590,
  ],
  ['Dracula', ['德古拉'], ['Bram Stoker'], ['horror', 'gothic'], 'A count travels to London.', 1, 610],
  [
    'The Adventures of Sherlock Holmes',
    ['福尔摩斯探案集'],
    ['Arthur Conan Doyle'],
    ['mystery', 'detective'],
    'Twelve cases from Baker Street.',
    1,
    950,
  ],
  [
    'Moby Dick',
    ['白鲸'],
    ['Herman Melville'],
    ['adventure', 'sea'],
    'Captain Ahab hunts the white whale.',
    1,
    380,
  ],
  [
    'Alice’s Adventures in Wonderland',
    ['爱丽丝梦游仙境'],
    ['Lewis Carroll'],
    ['fantasy'],
    'A girl follows a white rabbit.',
    1,
    720,
  ],
  ['Little Women', ['小妇人'], ['Louisa May Alcott'], ['family'], 'Four sisters grow up.', 1, 410],
  [
    'The Jungle Book',
    ['丛林之书'],
    ['Rudyard Kipling'],
    ['adventure', 'animals'],
    'Mowgli is raised by wolves.',
    1,
    360,
  ],
  ['Peter Pan', ['彼得潘'], ['J. M. Barrie'], ['fantasy'], 'The boy who would not grow up.', 2, 520],
  [
    'The Wonderful Wizard of Oz',
    ['绿野仙踪'],
    ['L. Frank Baum'],
    ['fantasy'],
    'Dorothy follows the yellow brick road.',
    2,
    470,
  ],
  ['Heart of Darkness', ['黑暗之心'], ['Joseph Conrad'], ['classic'], 'A voyage up the Congo.', 1, 190],
  ['Great Expectations', ['远大前程'], ['Charles Dickens'], ['classic'], 'Pip and the convict.', 1, 330],
  [
    'A Christmas Carol',
    ['圣诞颂歌'],
    ['Charles Dickens'],
    ['classic', 'holiday'],
    'Scrooge meets three ghosts.',
    1,
    440,
  ],
  [
    'Captain Science',
    [],
    ['Walter Gibson'],
    ['science fiction', 'comics'],
    'A scientist hero fights invaders from space.',
    0,
    260,
  ],
  [
    'Captain Starlight',
    [],
    ['Nora Vale'],
    ['superhero', 'comics'],
    'A pilot gains the power of the stars.',
    0,
    310,
  ],
  ['Science Patrol', [], ['Ken Ashby'], ['comics'], 'Young cadets guard the lab.', 0, 150],
  ['The Paper Lantern', ['纸灯笼'], ['Mei Lin'], ['mystery'], 'A lantern maker solves a murder.', 0, 240],
  ['Lantern Festival Nights', [], ['Ada Quill'], ['romance'], 'Two strangers meet at the festival.', 0, 120],
  [
    'Planet Comics',
    [],
    ['Fiction House'],
    ['science fiction', 'comics'],
    'Space adventures of the golden age.',
    0,
    200,
  ],
  [
    'Strange Worlds',
    [],
    ['Avon Periodicals'],
    ['science fiction', 'comics'],
    'Tales of other planets.',
    0,
    130,
  ],
  [
    'Midnight Detective Agency',
    [],
    ['Sam Porter'],
    ['mystery', 'detective'],
    'A detective who only works at night.',
    0,
    280,
  ],
  [
    'Dragon Gate Academy',
    ['龙门学院'],
    ['Kai Huang'],
    ['fantasy', 'school'],
    'Students train to pass the dragon gate.',
    2,
    500,
  ],
  // Invented Japanese titles in kana only (no romaji alternative title: romaji lines find them).
  ['しんげきのきょじん', [], ['山田一郎'], ['热血'], '壁の向こうの巨人。', 0, 340],
  ['そらとぶくじら', [], ['青木花'], ['治愈'], '空を泳ぐくじらの話。', 2, 210],
  ['トウキョウ・ナイト・ランナー', [], ['佐藤健'], ['都市'], '夜の東京を走る配達人。', 0, 190],
  ['ゆうきのしるし', [], ['森和子'], ['冒险'], '小さな勇者の旅。', 1, 160],
  ['コーヒーと猫', [], ['川上舞'], ['日常'], '喫茶店の看板猫。', 0, 140],
  // Words a reader may mistype that one work happens to hold (did you mean, with few results).
  ['The Moor House', [], ['Edith Crane'], ['gothic'], 'A mistery on the moor.', 1, 90],
  ['Advenchure Club', [], ['Tom Reed'], ['comics'], 'Kids start a club.', 0, 70],
];

/** [query, the title the reader means]. */
const QUERIES: [string, string][] = [
  // Titles as written, whole or in part.
  ['西游记', '西游记'],
  ['水浒', '水浒传'],
  ['三国', '三國演義'],
  ['聊斋', '聊斋志异'],
  ['儒林外史', '儒林外史'],
  ['封神', '封神演义'],
  ['浮生', '浮生六记'],
  ['老残', '老残游记'],
  ['呐喊', '呐喊'],
  ['彷徨', '彷徨'],
  ['朝花夕拾', '朝花夕拾'],
  ['阿Q', '阿Q正传'],
  ['茶馆', '茶馆'],
  ['背影', '背影'],
  ['长安', '长安夜行录'],
  ['星辰', '星辰剑帝'],
  ['女侠', '女侠传'],
  ['都市行者', '重生之都市行者'],
  ['山海', '山海异闻录'],
  ['天工开物', '天工开物图说'],
  ['吾輩は猫', '吾輩は猫である'],
  ['猫である', '吾輩は猫である'],
  ['坊っちゃん', '坊っちゃん'],
  ['こころ', 'こころ'],
  ['羅生門', '羅生門'],
  ['蜘蛛', '蜘蛛の糸'],
  ['銀河鉄道', '銀河鉄道の夜'],
  ['注文の多い', '注文の多い料理店'],
  ['メロス', '走れメロス'],
  ['人間失格', '人間失格'],
  ['たけくらべ', 'たけくらべ'],
  ['treasure island', 'Treasure Island'],
  ['time machine', 'The Time Machine'],
  ['war of the worlds', 'The War of the Worlds'],
  ['pride and prejudice', 'Pride and Prejudice'],
  ['Frankenstein', 'Frankenstein'],
  ['DRACULA', 'Dracula'],
  ['sherlock holmes', 'The Adventures of Sherlock Holmes'],
  ['moby dick', 'Moby Dick'],
  ['wonderland', 'Alice’s Adventures in Wonderland'],
  ['little women', 'Little Women'],
  ['jungle book', 'The Jungle Book'],
  ['peter pan', 'Peter Pan'],
  ['wizard of oz', 'The Wonderful Wizard of Oz'],
  ['heart of darkness', 'Heart of Darkness'],
  ['christmas carol', 'A Christmas Carol'],
  ['captain science', 'Captain Science'],
  ['paper lantern', 'The Paper Lantern'],
  ['dragon gate', 'Dragon Gate Academy'],
  // Alternative titles.
  ['Journey to the West', '西游记'],
  ['water margin', '水浒传'],
  ['three kingdoms', '三國演義'],
  ['rickshaw boy', '駱駝祥子'],
  ['I Am a Cat', '吾輩は猫である'],
  ['no longer human', '人間失格'],
  ['galactic railroad', '銀河鉄道の夜'],
  ['金银岛', 'Treasure Island'],
  ['傲慢与偏见', 'Pride and Prejudice'],
  ['福尔摩斯', 'The Adventures of Sherlock Holmes'],
  ['绿野仙踪', 'The Wonderful Wizard of Oz'],
  // Simplified for traditional and traditional for simplified.
  ['红楼梦', '紅樓夢'],
  ['紅樓夢', '紅樓夢'],
  ['三国演义', '三國演義'],
  ['镜花缘', '鏡花緣'],
  ['骆驼祥子', '駱駝祥子'],
  ['呼兰河传', '呼蘭河傳'],
  ['龙城少年', '龍城少年'],
  ['西遊記', '西游记'],
  ['水滸傳', '水浒传'],
  ['聊齋志異', '聊斋志异'],
  ['長安夜行錄', '长安夜行录'],
  ['深海燈塔', '深海灯塔'],
  ['銀河旅館', '银河旅馆'],
  ['星辰劍帝', '星辰剑帝'],
  ['罗生门', '羅生門'],
  ['龍門學院', 'Dragon Gate Academy'],
  ['愛麗絲夢遊仙境', 'Alice’s Adventures in Wonderland'],
  // Full pinyin, joined, spaced, with tones.
  ['xiyouji', '西游记'],
  ['hongloumeng', '紅樓夢'],
  ['shuihuzhuan', '水浒传'],
  ['sanguoyanyi', '三國演義'],
  ['liaozhaizhiyi', '聊斋志异'],
  ['jinghuayuan', '鏡花緣'],
  ['fengshenyanyi', '封神演义'],
  ['luotuoxiangzi', '駱駝祥子'],
  ['chaguan', '茶馆'],
  ['hulanhezhuan', '呼蘭河傳'],
  ['changanyexinglu', '长安夜行录'],
  ['longchengshaonian', '龍城少年'],
  ['shenhaidengta', '深海灯塔'],
  ['xingchenjiandi', '星辰剑帝'],
  ['yinheluguan', '银河旅馆'],
  ['yinhelvguan', '银河旅馆'],
  ['nvxiazhuan', '女侠传'],
  ['panghuang', '彷徨'],
  ['zhaohuaxishi', '朝花夕拾'],
  ['xi you ji', '西游记'],
  ['hong lou meng', '紅樓夢'],
  ['san guo', '三國演義'],
  ['luo tuo xiang zi', '駱駝祥子'],
  ['shen hai deng ta', '深海灯塔'],
  ['xīyóujì', '西游记'],
  ['hóng lóu mèng', '紅樓夢'],
  ['luò tuo xiáng zi', '駱駝祥子'],
  ['nǚ xiá', '女侠传'],
  ['xīng chén jiàn dì', '星辰剑帝'],
  // Initials.
  ['xyj', '西游记'],
  ['hlm', '紅樓夢'],
  ['shz', '水浒传'],
  ['sgyy', '三國演義'],
  ['lzzy', '聊斋志异'],
  ['rlws', '儒林外史'],
  ['fsyy', '封神演义'],
  ['ltxz', '駱駝祥子'],
  ['hlhz', '呼蘭河傳'],
  ['cayxl', '长安夜行录'],
  ['xcjd', '星辰剑帝'],
  ['shdt', '深海灯塔'],
  ['zhxs', '朝花夕拾'],
  // Characters and Latin mixed.
  ['西yj', '西游记'],
  ['红lm', '紅樓夢'],
  ['三国yy', '三國演義'],
  ['骆驼xz', '駱駝祥子'],
  ['西游ji', '西游记'],
  ['水浒zhuan', '水浒传'],
  ['长安yxl', '长安夜行录'],
  ['深海dt', '深海灯塔'],
  ['星辰jiandi', '星辰剑帝'],
  ['聊斋zy', '聊斋志异'],
  // Typos.
  ['Captian Sceince', 'Captain Science'],
  ['Lanturn', 'The Paper Lantern'],
  ['Frankenstien', 'Frankenstein'],
  ['Draculla', 'Dracula'],
  ['Sherlok Holmes', 'The Adventures of Sherlock Holmes'],
  ['Prejudise', 'Pride and Prejudice'],
  ['Wonderlnad', 'Alice’s Adventures in Wonderland'],
  ['Jungel Book', 'The Jungle Book'],
  ['Mobby Dick', 'Moby Dick'],
  ['Peetr Pan', 'Peter Pan'],
  ['Wizzard of Oz', 'The Wonderful Wizard of Oz'],
  ['Christmass Carol', 'A Christmas Carol'],
  ['Great Expectatons', 'Great Expectations'],
  ['Treasre Island', 'Treasure Island'],
  ['Tiem Machine', 'The Time Machine'],
  ['Dragn Gate', 'Dragon Gate Academy'],
  ['Rashomn', '羅生門'],
  ['Melvile', 'Moby Dick'],
  ['Stevensen', 'Treasure Island'],
  ['Dickins', 'Great Expectations'],
  ['shenhaidnegta', '深海灯塔'],
  ['xiyuoji', '西游记'],
  ['luotouxiangzi', '駱駝祥子'],
  // Unfinished words, as the reader types.
  ['captain sci', 'Captain Science'],
  ['treasure isl', 'Treasure Island'],
  ['frank', 'Frankenstein'],
  ['sherlock hol', 'The Adventures of Sherlock Holmes'],
  ['captain scei', 'Captain Science'],
  ['xiyou', '西游记'],
  ['hongl', '紅樓夢'],
  ['luotuo', '駱駝祥子'],
  ['西游', '西游记'],
  ['銀河鉄', '銀河鉄道の夜'],
  // Authors, in either script and in pinyin.
  ['吴承恩', '西游记'],
  ['曹雪芹', '紅樓夢'],
  ['罗贯中', '三國演義'],
  ['蒲松龄', '聊斋志异'],
  ['鲁迅', '呐喊'],
  ['魯迅', '呐喊'],
  ['luxun', '呐喊'],
  ['老舍', '駱駝祥子'],
  ['laoshe', '駱駝祥子'],
  ['caoxueqin', '紅樓夢'],
  ['wuchengen', '西游记'],
  ['蕭紅', '呼蘭河傳'],
  ['夏目漱石', '吾輩は猫である'],
  ['芥川龙之介', '羅生門'],
  ['太宰', '人間失格'],
  ['stevenson', 'Treasure Island'],
  ['jane austen', 'Pride and Prejudice'],
  ['conan doyle', 'The Adventures of Sherlock Holmes'],
  ['bram stoker', 'Dracula'],
  ['kipling', 'The Jungle Book'],
  ['Charles Dickens', 'A Christmas Carol'],
  ['walter gibson', 'Captain Science'],
  // Tags.
  ['志怪', '聊斋志异'],
  ['玄幻', '星辰剑帝'],
  ['悬疑', '长安夜行录'],
  ['懸疑', '长安夜行录'],
  ['gothic', 'Dracula'],
  ['detective', 'The Adventures of Sherlock Holmes'],
  ['pirates', 'Treasure Island'],
  ['superhero', 'Captain Starlight'],
  ['治愈', '银河旅馆'],
  ['武俠', '水浒传'],
  // Tags in pinyin.
  ['zhiguai', '聊斋志异'],
  ['xuanhuan', '星辰剑帝'],
  ['xuanyi', '长安夜行录'],
  ['xuán yí', '长安夜行录'],
  ['huaju', '茶馆'],
  ['kepu', '天工开物图说'],
  ['wuxia', '女侠传'],
  ['rexue', '龍城少年'],
  ['zhi yu', '银河旅馆'],
  // Japanese kana: either script, and romaji with long vowels as readers type them.
  ['shingeki', 'しんげきのきょじん'],
  ['shingeki no kyojin', 'しんげきのきょじん'],
  ['シンゲキノキョジン', 'しんげきのきょじん'],
  ['kyojin', 'しんげきのきょじん'],
  ['soratobu', 'そらとぶくじら'],
  ['sora tobu kujira', 'そらとぶくじら'],
  ['ソラトブ', 'そらとぶくじら'],
  ['tokyo', 'トウキョウ・ナイト・ランナー'],
  ['toukyou naito', 'トウキョウ・ナイト・ランナー'],
  ['tōkyō', 'トウキョウ・ナイト・ランナー'],
  ['とうきょう', 'トウキョウ・ナイト・ランナー'],
  ['naito ranna', 'トウキョウ・ナイト・ランナー'],
  ['yuuki no shirushi', 'ゆうきのしるし'],
  ['yukinoshirushi', 'ゆうきのしるし'],
  ['koohii', 'コーヒーと猫'],
  ['kohi', 'コーヒーと猫'],
  ['こーひー', 'コーヒーと猫'],
  ['merosu', '走れメロス'],
  ['めろす', '走れメロス'],
  ['hashire merosu'.split(' ')[1]!, '走れメロス'],
  ['takekurabe', 'たけくらべ'],
  ['kokoro', 'こころ'],
  ['タケクラベ', 'たけくらべ'],
];

/**
 * [query, the title the reader means, the keyword offered]: a query that finds a few works keeps
 * them (the meant one among them) and offers a keyword that finds clearly more; or offers nothing
 * (null) when no correction would find more.
 */
const FEW_QUERIES: [string, string, string | null][] = [
  ['mistery', 'The Moor House', 'mystery'],
  ['advenchure', 'Advenchure Club', 'adventure'],
  ['advenchure club', 'Advenchure Club', null],
  ['dracula', 'Dracula', null],
  ['kokoro', 'こころ', null],
  ['shingeki', 'しんげきのきょじん', null],
];

let ctx: TestApp;
let client: TestClient;
let reader: TestSession;

beforeAll(async () => {
  ctx = await buildTestApp();
  client = createTestClient(ctx);
  reader = await client.initGuest();
  for (const [title, altTitles, authors, tags, summary, type, views] of CATALOGUE) {
    const work: WorkOverrides = { title, altTitles, authors, tags, summary, type, viewsTotal: views };
    await buildWork(ctx.db, null, work);
  }
  await ctx.app.services.search.refreshIndex();
}, 60_000);
afterAll(async () => ctx.close());

/** Runs every query; answers the share that found the meant work in the top three, and the misses. */
async function runQueries(): Promise<{ share: number; misses: string[]; total: number }> {
  const misses: string[] = [];
  for (const [query, meant] of QUERIES) {
    const found = await client.call<{ list: WorkCard[]; didYouMean?: string }>(
      '/v3/search/index',
      { keyword: query, limit: 3 },
      { session: reader },
    );
    const names = found.data!.list.map((card) => card.name);
    if (!names.includes(meant))
      misses.push(`${query} → ${names.join(' | ') || '(nothing)'} (meant ${meant})`);
  }
  for (const [query, meant, offered] of FEW_QUERIES) {
    const found = await client.call<{ list: WorkCard[]; didYouMean?: string }>(
      '/v3/search/index',
      { keyword: query, limit: 3 },
      { session: reader },
    );
    const names = found.data!.list.map((card) => card.name);
    const said = found.data!.didYouMean ?? null;
    if (!names.includes(meant) || said !== offered)
      misses.push(
        `${query} → ${names.join(' | ') || '(nothing)'}, did you mean ${said} (meant ${meant}, ${offered})`,
      );
  }
  const total = QUERIES.length + FEW_QUERIES.length;
  return { share: (total - misses.length) / total, misses, total };
}

describe('search relevance', () => {
  it('has a test set of at least 150 queries, each meaning a work of the catalogue', () => {
    expect(QUERIES.length).toBeGreaterThanOrEqual(150);
    const titles = new Set(CATALOGUE.map((seed) => seed[0]));
    expect(QUERIES.filter(([, meant]) => !titles.has(meant))).toEqual([]);
    expect(FEW_QUERIES.filter(([, meant]) => !titles.has(meant))).toEqual([]);
  });

  for (const path of ['memory', 'database'] as const) {
    it(`finds the meant work in the top three for at least 95 % of the queries (${path})`, async () => {
      const service = ctx.app.services.search;
      service.memoryMaxDocs = path === 'memory' ? 20_000 : 0;
      service.dropCaches();
      const { share, misses, total } = await runQueries();
      console.log(
        `search relevance (${path}): ${(share * 100).toFixed(1)} % of ${total} queries pass` +
          (misses.length ? `\n  misses:\n  ${misses.join('\n  ')}` : ''),
      );
      expect(share).toBeGreaterThanOrEqual(0.95);
    }, 120_000);
  }
});
