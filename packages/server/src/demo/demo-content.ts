/**
 * The demo library's catalogue: original titles, blurbs and prose written for this project (no
 * third-party text), in Chinese, English, Spanish, French and Japanese.
 */
import type { PayMode } from '../import/import-types.js';
import { pick, type Rng } from './comic-art.js';

export interface DemoComic {
  folder: string;
  title: string;
  writer: string;
  artist: string;
  genres: string[];
  tags: string[];
  summary: string;
  language: string;
  finished: boolean;
  /** 'vip' or 'coins': chapters past the free preview are VIP or coin chapters. */
  pay: PayMode;
  /** Coins per chapter (works.chapter_price); none: the kind's default. */
  price?: number;
  score: number;
  rtl: boolean;
  webtoon: boolean;
  chapters: number;
  hue: number;
  lines: string[];
}

const ZH_LINES = [
  '出发吧！',
  '小心！',
  '这是哪里？',
  '我来帮你。',
  '快看天上！',
  '别放弃！',
  '等等我！',
  '原来如此……',
];
const EN_LINES = [
  'Look out!',
  'Where are we?',
  'Follow me!',
  'Not again...',
  'We made it!',
  'Hold on!',
  'Who goes there?',
];
const JA_LINES = ['行くぞ！', 'まさか…', 'ここはどこ？', '待って！', 'ありがとう！'];

export const DEMO_COMICS: DemoComic[] = [
  {
    folder: '星港少年',
    title: '星港少年',
    writer: '林秋',
    artist: '莫然',
    genres: ['热血', '科幻'],
    tags: ['太空', '成长'],
    summary: '港口城市的少年修好了一艘旧飞船，决定驶向星海。',
    language: 'zh',
    finished: false,
    pay: 'free',
    score: 9.1,
    rtl: false,
    webtoon: false,
    chapters: 4,
    hue: 205,
    lines: ZH_LINES,
  },
  {
    folder: '猫咪侦探社 [完结]',
    title: '猫咪侦探社',
    writer: '苏小满',
    artist: '苏小满',
    genres: ['悬疑', '搞笑'],
    tags: ['猫', '侦探'],
    summary: '三只猫在老街开了一家侦探社，专门寻找丢失的东西。',
    language: 'zh',
    finished: true,
    pay: 'free',
    score: 8.6,
    rtl: false,
    webtoon: false,
    chapters: 3,
    hue: 30,
    lines: ZH_LINES,
  },
  {
    folder: '云上食堂',
    title: '云上食堂',
    writer: '白露',
    artist: '陈一舟',
    genres: ['日常', '治愈'],
    tags: ['美食'],
    summary: '开在云朵上的食堂，每天只招待一位客人。',
    language: 'zh',
    finished: false,
    pay: 'vip',
    score: 9.4,
    rtl: false,
    webtoon: true,
    chapters: 5,
    hue: 160,
    lines: ZH_LINES,
  },
  {
    folder: '剑与纸鸢',
    title: '剑与纸鸢',
    writer: '顾长风',
    artist: '顾长风',
    genres: ['武侠', '历史'],
    tags: ['江湖'],
    summary: '一把断剑和一只纸鸢，牵出一段被遗忘的江湖往事。',
    language: 'zh',
    finished: true,
    pay: 'vip',
    score: 8.9,
    rtl: false,
    webtoon: false,
    chapters: 4,
    hue: 0,
    lines: ZH_LINES,
  },
  {
    folder: '校园怪谈录',
    title: '校园怪谈录',
    writer: '夏至',
    artist: '阿九',
    genres: ['恐怖', '校园'],
    tags: ['怪谈'],
    summary: '午夜的旧校舍里，七个怪谈正在等待新的听众。',
    language: 'zh',
    finished: false,
    pay: 'free',
    score: 8.2,
    rtl: false,
    webtoon: true,
    chapters: 3,
    hue: 270,
    lines: ZH_LINES,
  },
  {
    folder: 'Lantern Keepers',
    title: 'Lantern Keepers',
    writer: 'Mara Quill',
    artist: 'Theo Brand',
    genres: ['Fantasy', 'Adventure'],
    tags: ['magic', 'guild'],
    summary: 'In a city without sunrise, a guild of kids keeps the lanterns lit.',
    language: 'en',
    finished: false,
    pay: 'coins',
    price: 12,
    score: 8.8,
    rtl: false,
    webtoon: false,
    chapters: 4,
    hue: 45,
    lines: EN_LINES,
  },
  {
    folder: 'Rust & Rally',
    title: 'Rust & Rally',
    writer: 'Jo Okafor',
    artist: 'Lee Park',
    genres: ['Sports', 'Comedy'],
    tags: ['racing', 'robots'],
    summary: 'Two scrapyard robots enter the biggest desert rally of the year.',
    language: 'en',
    finished: true,
    pay: 'free',
    score: 8.4,
    rtl: false,
    webtoon: false,
    chapters: 3,
    hue: 15,
    lines: EN_LINES,
  },
  {
    folder: 'Tidewater Academy',
    title: 'Tidewater Academy',
    writer: 'Ines Ward',
    artist: 'Ines Ward',
    genres: ['School', 'Romance'],
    tags: ['ocean', 'clubs'],
    summary: 'A school on stilts over the sea, and a swim club with one member.',
    language: 'en',
    finished: false,
    pay: 'vip',
    score: 9.0,
    rtl: false,
    webtoon: true,
    chapters: 4,
    hue: 190,
    lines: EN_LINES,
  },
  {
    folder: 'Orbit Mail',
    title: 'Orbit Mail',
    writer: 'Sam Reyes',
    artist: 'Kai Ito',
    genres: ['Sci-Fi', 'Slice of Life'],
    tags: ['space', 'work'],
    summary: 'The last mail carrier between two moons never misses a delivery.',
    language: 'en',
    finished: false,
    pay: 'free',
    score: 7.9,
    rtl: false,
    webtoon: false,
    chapters: 3,
    hue: 230,
    lines: EN_LINES,
  },
  {
    folder: '風の郵便屋',
    title: '風の郵便屋',
    writer: '遠野 空',
    artist: '遠野 空',
    genres: ['Fantasy', 'Slice of Life'],
    tags: ['手紙'],
    summary: '風に乗って手紙を届ける少女の物語。',
    language: 'ja',
    finished: true,
    pay: 'free',
    score: 8.7,
    rtl: true,
    webtoon: false,
    chapters: 3,
    hue: 120,
    lines: JA_LINES,
  },
  {
    folder: '鉄の庭',
    title: '鉄の庭',
    writer: '霧島 蓮',
    artist: '南 ひかり',
    genres: ['Action', 'Mecha'],
    tags: ['ロボット'],
    summary: '廃墟の庭で眠っていた巨大ロボットが目を覚ます。',
    language: 'ja',
    finished: false,
    pay: 'coins',
    score: 8.3,
    rtl: true,
    webtoon: false,
    chapters: 4,
    hue: 340,
    lines: JA_LINES,
  },
  {
    folder: '小狐狸的森林',
    title: '小狐狸的森林',
    writer: '米粒',
    artist: '米粒',
    genres: ['儿童', '冒险'],
    tags: ['动物', '森林'],
    summary: '小狐狸在森林里交到了第一个朋友。',
    language: 'zh',
    finished: true,
    pay: 'free',
    score: 9.3,
    rtl: false,
    webtoon: false,
    chapters: 3,
    hue: 80,
    lines: ZH_LINES,
  },
];

export interface DemoNovel {
  file: string;
  title: string;
  author: string;
  language: 'zh' | 'en' | 'es' | 'fr' | 'ja';
  format: 'epub' | 'txt-utf8' | 'txt-gb18030';
  subjects: string[];
  summary: string;
  hero: string;
  finished: boolean;
  /** 'vip' or 'coins': chapters past the free preview are VIP or coin chapters. */
  pay: PayMode;
  /** Coins per chapter (works.chapter_price); none: the kind's default. */
  price?: number;
  chapters: number;
}

export const DEMO_NOVELS: DemoNovel[] = [
  {
    file: '长夜灯塔',
    title: '长夜灯塔',
    author: '沈知远',
    language: 'zh',
    format: 'epub',
    subjects: ['悬疑', '剧情'],
    summary: '一座每晚都会多亮一盏灯的灯塔，和一个不肯离开的守塔人。',
    hero: '阿远',
    finished: false,
    pay: 'vip',
    chapters: 6,
  },
  {
    file: '青山旧事',
    title: '青山旧事',
    author: '柳如烟',
    language: 'zh',
    format: 'txt-gb18030',
    subjects: [],
    summary: '',
    hero: '小满',
    finished: true,
    pay: 'coins',
    price: 8,
    chapters: 5,
  },
  {
    file: '御剑少年行',
    title: '御剑少年行',
    author: '风无痕',
    language: 'zh',
    format: 'epub',
    subjects: ['武侠', '奇幻'],
    summary: '山门最不起眼的弟子，捡到了一把会说话的剑。',
    hero: '林舟',
    finished: false,
    pay: 'free',
    chapters: 6,
  },
  {
    file: '星河便利店',
    title: '星河便利店',
    author: '唐果',
    language: 'zh',
    format: 'txt-utf8',
    subjects: [],
    summary: '',
    hero: '店长',
    finished: false,
    pay: 'free',
    chapters: 4,
  },
  {
    file: 'The Cartographer of Rain',
    title: 'The Cartographer of Rain',
    author: 'Eleanor Finch',
    language: 'en',
    format: 'epub',
    subjects: ['Fantasy', 'Adventure'],
    summary: 'A mapmaker who charts storms instead of coastlines.',
    hero: 'Wren',
    finished: true,
    pay: 'coins',
    price: 10,
    chapters: 5,
  },
  {
    file: 'Night Shift at the Museum of Clocks',
    title: 'Night Shift at the Museum of Clocks',
    author: 'Owen Hale',
    language: 'en',
    format: 'epub',
    subjects: ['Mystery'],
    summary: 'Every clock in the museum stops at 3:17. Except one.',
    hero: 'Priya',
    finished: false,
    pay: 'vip',
    chapters: 5,
  },
  {
    file: 'El jardín de las brújulas',
    title: 'El jardín de las brújulas',
    author: 'Lucía Ortega',
    language: 'es',
    format: 'epub',
    subjects: ['Fantasy', 'Romance'],
    summary: 'Un jardín donde cada flor señala un camino distinto.',
    hero: 'Marina',
    finished: true,
    pay: 'free',
    chapters: 4,
  },
  {
    file: 'Le phare des oiseaux',
    title: 'Le phare des oiseaux',
    author: 'Camille Roux',
    language: 'fr',
    format: 'epub',
    subjects: ['Drama'],
    summary: 'Un gardien de phare apprend la langue des oiseaux migrateurs.',
    hero: 'Élise',
    finished: false,
    pay: 'free',
    chapters: 4,
  },
  {
    file: '月曜日の図書館',
    title: '月曜日の図書館',
    author: '森 ことね',
    language: 'ja',
    format: 'epub',
    subjects: ['Slice of Life'],
    summary: '月曜日にだけ開く小さな図書館の話。',
    hero: '陽菜',
    finished: true,
    pay: 'free',
    chapters: 4,
  },
  {
    file: '海底电台',
    title: '海底电台',
    author: '程屿',
    language: 'zh',
    format: 'epub',
    subjects: ['科幻'],
    summary: '深海科考站收到了一段来自海底的广播。',
    hero: '程屿',
    finished: false,
    pay: 'free',
    chapters: 5,
  },
];

const SENTENCES: Record<DemoNovel['language'], string[]> = {
  zh: [
    '{hero}推开窗，清晨的风带着潮湿的泥土味。',
    '街角的钟敲了七下，比平时慢了半拍。',
    '没有人记得那条小路是什么时候出现的。',
    '{hero}把信折好，放进了外套最里面的口袋。',
    '远处传来火车的汽笛声，像一句没说完的话。',
    '灯光落在桌上，照出一层薄薄的灰。',
    '“再等一会儿，”{hero}小声说，“它一定会来的。”',
    '雨停了，屋檐下的水滴还在一颗一颗往下落。',
    '老人笑了笑，没有回答，只是把茶杯推了过来。',
    '那天晚上，{hero}第一次梦见了大海。',
    '风把纸页吹得哗哗作响，仿佛有人在翻书。',
    '山那边的天空慢慢亮了起来。',
  ],
  en: [
    '{hero} opened the shutters and let the grey morning in.',
    'The kettle had been whistling for a while before anyone noticed.',
    'Nobody on the street could say when the door had first appeared.',
    '"Give it one more hour," {hero} said, mostly to the rain.',
    'Somewhere below, a tram rattled over the old bridge.',
    'The map on the table had changed again overnight.',
    'Dust turned slowly in the lamplight like tiny planets.',
    '{hero} folded the letter twice and hid it in a boot.',
    'The old man smiled and pushed a cup of tea across the counter.',
    'By evening the wind had found every gap in the walls.',
    'It was the kind of silence that listens back.',
    'Far off, the first star blinked as if unsure of itself.',
  ],
  es: [
    '{hero} abrió la ventana y dejó entrar el olor a tierra mojada.',
    'El reloj de la plaza dio las siete con un poco de pereza.',
    'Nadie recordaba cuándo había aparecido aquel sendero.',
    '"Un momento más", dijo {hero}, mirando el cielo.',
    'A lo lejos, un tren silbó como quien se despide.',
    'La lámpara dibujaba círculos dorados sobre la mesa.',
    'La anciana sonrió y sirvió otra taza de chocolate.',
    'Esa noche, {hero} soñó con un mar lleno de farolillos.',
    'El viento hojeaba el cuaderno como si buscara algo.',
    'Las flores del jardín se giraron, todas a la vez, hacia el norte.',
  ],
  fr: [
    '{hero} ouvrit les volets sur un matin couleur de perle.',
    "L'horloge du village sonna sept coups, sans se presser.",
    'Personne ne savait depuis quand ce chemin existait.',
    '« Encore un instant », murmura {hero}.',
    'Au loin, un train siffla comme une question sans réponse.',
    'La lampe posait un cercle doré sur la table de bois.',
    'Le vieil homme sourit et tendit une tasse de thé.',
    'Cette nuit-là, {hero} rêva de mouettes et de phares.',
    'Le vent feuilletait les pages comme un lecteur pressé.',
    'Les oiseaux revinrent au crépuscule, plus nombreux que la veille.',
  ],
  ja: [
    '{hero}は窓を開けて、朝の冷たい空気を吸い込んだ。',
    '町の時計が七回鳴った。いつもより少しゆっくりと。',
    'その小道がいつからあるのか、誰も覚えていなかった。',
    '「もう少しだけ待とう」と{hero}は言った。',
    '遠くで電車の音がかすかに聞こえた。',
    'ランプの光が机の上に丸い影を作っていた。',
    'おばあさんは笑って、温かいお茶を出してくれた。',
    'その夜、{hero}は初めて海の夢を見た。',
    '風がページをめくる音だけが部屋に響いていた。',
  ],
};

export function chapterHeading(language: DemoNovel['language'], n: number): string {
  const cn = ['一', '二', '三', '四', '五', '六', '七', '八', '九', '十'][n - 1] ?? String(n);
  switch (language) {
    case 'zh':
      return `第${cn}章`;
    case 'ja':
      return `第${n}章`;
    case 'es':
      return `Capítulo ${n}`;
    case 'fr':
      return `Chapitre ${n}`;
    default:
      return `Chapter ${n}`;
  }
}

/** A chapter of 6-9 paragraphs of 2-4 sentences, different for every (novel, chapter). */
export function chapterParagraphs(novel: DemoNovel, r: Rng): string[] {
  const bank = SENTENCES[novel.language];
  const paragraphs: string[] = [];
  const count = 6 + Math.floor(r() * 4);
  for (let p = 0; p < count; p++) {
    const sentences = 2 + Math.floor(r() * 3);
    const parts: string[] = [];
    for (let s = 0; s < sentences; s++) parts.push(pick(r, bank).replaceAll('{hero}', novel.hero));
    paragraphs.push(parts.join(novel.language === 'zh' || novel.language === 'ja' ? '' : ' '));
  }
  return paragraphs;
}

export interface DemoAnime {
  folder: string;
  title: string;
  plot: string;
  genres: string[];
  finished: boolean;
  /** 'vip' or 'coins': chapters past the free preview are VIP or coin chapters. */
  pay: PayMode;
  /** Coins per chapter (works.chapter_price); none: the kind's default. */
  price?: number;
  episodes: number;
  source: 'testsrc2' | 'smptebars' | 'mandelbrot';
  hue: number;
  frequency: number;
  subtitle: string[];
}

export const DEMO_ANIME: DemoAnime[] = [
  {
    folder: '彩虹信号',
    title: '彩虹信号',
    plot: '电视台的测试信号里藏着一个会说话的彩虹。',
    genres: ['科幻', '搞笑'],
    finished: false,
    pay: 'coins',
    price: 5,
    episodes: 4,
    source: 'smptebars',
    hue: 0,
    frequency: 440,
    subtitle: ['你听见了吗？', '信号又来了。'],
  },
  {
    folder: '方块旅行记 [完结]',
    title: '方块旅行记',
    plot: '一只方块踏上了寻找圆形朋友的旅程。',
    genres: ['冒险', '儿童'],
    finished: true,
    pay: 'free',
    episodes: 2,
    source: 'testsrc2',
    hue: 90,
    frequency: 523,
    subtitle: ['出发！', '前面就是圆形王国。'],
  },
  {
    folder: 'Signal Garden',
    title: 'Signal Garden',
    plot: 'A radio engineer grows a garden that hums in tune.',
    genres: ['Slice of Life', 'Sci-Fi'],
    finished: false,
    pay: 'vip',
    episodes: 4,
    source: 'testsrc2',
    hue: 200,
    frequency: 392,
    subtitle: ['Do you hear that?', 'It is humming again.'],
  },
  {
    folder: 'Fractal Patrol',
    title: 'Fractal Patrol',
    plot: 'Three pilots guard the edge of an infinite coastline.',
    genres: ['Action', 'Sci-Fi'],
    finished: true,
    pay: 'free',
    episodes: 2,
    source: 'mandelbrot',
    hue: 0,
    frequency: 330,
    subtitle: ['Patrol, report!', 'The edge is moving.'],
  },
  {
    folder: '夜空电波',
    title: '夜空电波',
    plot: '每到深夜，收音机里都会传来一首没有名字的歌。',
    genres: ['恋爱', '日常'],
    finished: false,
    pay: 'free',
    episodes: 2,
    source: 'smptebars',
    hue: 180,
    frequency: 294,
    subtitle: ['又是这首歌。', '明天见。'],
  },
  {
    folder: 'Test Card Heroes',
    title: 'Test Card Heroes',
    plot: 'When the broadcast ends, the test card comes alive.',
    genres: ['Comedy', 'Adventure'],
    finished: false,
    pay: 'free',
    episodes: 2,
    source: 'testsrc2',
    hue: 300,
    frequency: 587,
    subtitle: ['We are on air!', 'Stand by.'],
  },
];
