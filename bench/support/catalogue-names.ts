/**
 * Real-looking titles and author names for the generated catalogue, in Chinese (simplified, one
 * in five stored traditional, as a Taiwanese source would write it), Japanese (kanji and kana,
 * with an English alternative title) and English, so that pinyin lines, folding and typo
 * correction have real text to work on. Deterministic: work `w` always gets the same names.
 */

/** A piece of Chinese text in simplified and traditional script (the same when they agree). */
type Piece = readonly [simplified: string, traditional?: string];

// prettier-ignore
const ZH_FIRST: Piece[] = [
  ['海贼', '海賊'], ['进击', '進擊'], ['龙珠', '龍珠'], ['火影'], ['银魂', '銀魂'], ['星辰'], ['剑客', '劍客'], ['江湖'],
  ['天下'], ['王者'], ['魔法'], ['风云', '風雲'], ['斗罗', '鬥羅'], ['仙侠', '仙俠'], ['修真'], ['都市'], ['万界', '萬界'],
  ['神印'], ['凡人'], ['武动', '武動'], ['乾坤'], ['遮天'], ['完美'], ['诛仙', '誅仙'], ['盗墓', '盜墓'], ['全职', '全職'],
  ['雪中'], ['庆余', '慶餘'], ['诡秘', '詭秘'], ['灵笼', '靈籠'], ['镖人', '鏢人'], ['狐妖'], ['大理'], ['长安', '長安'],
  ['少年'], ['青春'], ['龙族', '龍族'], ['斗破', '鬥破'], ['苍穹', '蒼穹'], ['天官'],
];
// prettier-ignore
const ZH_SECOND: Piece[] = [
  ['王者'], ['巨人'], ['传说', '傳說'], ['世界'], ['大陆', '大陸'], ['笔记', '筆記'], ['高手'], ['之主'], ['红娘', '紅娘'],
  ['赐福', '賜福'], ['英雄'], ['少女'], ['战记', '戰記'], ['奇谭', '奇譚'], ['物语', '物語'], ['学院', '學院'],
  ['剑仙', '劍仙'], ['风暴', '風暴'], ['归途', '歸途'], ['长歌', '長歌'], ['秘境'], ['星河'], ['烈火'], ['寒霜'], ['江山'],
  ['梦境', '夢境'], ['无双', '無雙'], ['天骄', '天驕'], ['神医', '神醫'], ['侦探', '偵探'], ['将军', '將軍'], ['书生', '書生'],
  ['宗师', '宗師'], ['游侠', '遊俠'], ['灵界', '靈界'], ['时代', '時代'], ['图鉴', '圖鑑'], ['乐园', '樂園'], ['边城', '邊城'],
  ['琉璃'],
];
// prettier-ignore
const ZH_SUFFIX: Piece[] = [
  [''], [''], [''], [''], ['传', '傳'], ['记', '記'], ['录', '錄'], ['外传', '外傳'], ['归来', '歸來'], ['第二季'],
];
// prettier-ignore
const JA_FIRST = [
  '進撃', '鬼滅', '呪術', '約束', '東京', '銀河', '魔女', '月光', '桜色', '夏目', '君', '僕', '星空', '深海', '真夜中', '放課後',
  '青空', '白銀', '黄昏', '風', '雪国', '竜', '空色', '春',
];
// prettier-ignore
const JA_SECOND = [
  '巨人', '刃', '物語', '旅', '宅急便', '騎士団', '図書館', '探偵', '学園', '料理人', '花嫁', '約束', '王国', '魔法使い', '勇者',
  'ソナタ', '少女', '夢', '歌', '庭',
];
// prettier-ignore
const JA_KATAKANA = [
  'スパイ', 'ファミリー', 'チェンソー', 'マン', 'ブルー', 'ロック', 'ドラゴン', 'クエスト', 'ハンター', 'ナイト', 'スター', 'ゲート', 'ワールド',
  'パレード', 'ガーデン', 'キッチン',
];
// prettier-ignore
const EN_ADJECTIVES = [
  'Silent', 'Blue', 'Crimson', 'Hidden', 'Broken', 'Golden', 'Eternal', 'Wandering', 'Lost',
  'Savage', 'Frozen', 'Burning', 'Midnight', 'Scarlet', 'Hollow', 'Iron', 'Silver', 'Wild', 'Last',
  'Secret', 'Distant', 'Fallen', 'Gentle', 'Brave', 'Cursed', 'Lonely', 'Radiant', 'Quiet',
  'Restless', 'Ancient', 'Emerald', 'Northern', 'Velvet', 'Hungry', 'Clever', 'Sleeping', 'Final',
  'Endless', 'Shining', 'Stormy',
];
// prettier-ignore
const EN_NOUNS = [
  'Dragon', 'Kingdom', 'Captain', 'Voyage', 'Garden', 'Empire', 'Knight', 'Hunter', 'Academy',
  'Legend', 'Ocean', 'Forest', 'Witch', 'Titan', 'Samurai', 'Detective', 'Princess', 'Chronicle',
  'Blade', 'Horizon', 'Harbor', 'Symphony', 'Labyrinth', 'Tower', 'Festival', 'Dynasty', 'Phantom',
  'Alchemist', 'Guardian', 'Journey', 'Mirror', 'River', 'Summit', 'Station', 'Lantern', 'Orchard',
  'Meadow', 'Compass', 'Carnival', 'Monastery',
];
// prettier-ignore
const ZH_SURNAMES: Piece[] = [
  ['张', '張'], ['李'], ['王'], ['刘', '劉'], ['陈', '陳'], ['杨', '楊'], ['赵', '趙'], ['黄', '黃'], ['周'],
  ['吴', '吳'], ['徐'], ['孙', '孫'], ['马', '馬'], ['朱'], ['胡'], ['郭'], ['何'], ['林'], ['罗', '羅'], ['高'],
  ['梁'], ['郑', '鄭'], ['谢', '謝'], ['宋'], ['唐'], ['韩', '韓'], ['冯', '馮'], ['董'], ['萧', '蕭'],
  ['叶', '葉'],
];
// prettier-ignore
const ZH_GIVEN: Piece[] = [
  ['伟', '偉'], ['芳'], ['娜'], ['敏'], ['静', '靜'], ['丽', '麗'], ['强', '強'], ['磊'], ['军', '軍'], ['洋'],
  ['勇'], ['杰', '傑'], ['涛', '濤'], ['明'], ['超'], ['秀英'], ['霞'], ['子健'], ['晓东', '曉東'], ['雨辰'],
  ['思远', '思遠'], ['梦琪', '夢琪'], ['浩然'], ['文轩', '文軒'], ['一鸣', '一鳴'], ['家豪'], ['嘉怡'], ['俊杰', '俊傑'],
  ['欣怡'], ['宇航'], ['志强', '志強'], ['海燕'], ['春生'], ['秋月'], ['冬雪'], ['国庆', '國慶'], ['建华', '建華'], ['天佑'],
  ['若曦'], ['长风', '長風'],
];
// prettier-ignore
const JA_SURNAMES = [
  '尾田', '岸本', '鳥山', '諫山', '荒木', '冨樫', '高橋', '井上', '浦沢', '手塚', '藤本', '芥見', '吾峠', '堀越', '遠藤', '松井',
  '久保', '荒川', '羽海野', '安達', '青山', '小畑', '大場', '真島', '田中', '佐藤', '鈴木', '渡辺', '山本', '中村',
];
// prettier-ignore
const JA_GIVEN = [
  '栄一郎', '斉史', '明', '創', '飛呂彦', '義博', '留美子', '雄彦', '直樹', '治虫', 'タツキ', '呼世晴', '耕平', '達哉', '優星',
  '帯人', '弘', '千佳', '充', '剛昌', '健', 'つぐみ', '浩', '太郎', '花子', '一郎', '美咲', '翔', '陽菜', 'さくら',
];
// prettier-ignore
const EN_FIRST = [
  'James', 'Mary', 'Robert', 'Patricia', 'John', 'Jennifer', 'Michael', 'Linda', 'David',
  'Elizabeth', 'William', 'Barbara', 'Richard', 'Susan', 'Joseph', 'Jessica', 'Thomas', 'Sarah',
  'Charles', 'Karen', 'Daniel', 'Nancy', 'Matthew', 'Lisa', 'Anthony', 'Betty', 'Mark', 'Margaret',
  'Steven', 'Sandra', 'Andrew', 'Ashley', 'Kenneth', 'Emily', 'Joshua', 'Donna', 'Kevin',
  'Michelle', 'Brian', 'Carol',
];
// prettier-ignore
const EN_LAST = [
  'Smith', 'Johnson', 'Williams', 'Brown', 'Jones', 'Garcia', 'Miller', 'Davis', 'Rodriguez',
  'Martinez', 'Hernandez', 'Lopez', 'Gonzalez', 'Wilson', 'Anderson', 'Thomas', 'Taylor', 'Moore',
  'Jackson', 'Martin', 'Lee', 'Perez', 'Thompson', 'White', 'Harris', 'Sanchez', 'Clark',
  'Ramirez', 'Lewis', 'Robinson', 'Walker', 'Young', 'Allen', 'King', 'Wright', 'Scott', 'Torres',
  'Nguyen', 'Hill', 'Flores',
];

/** Genre tags as a Chinese catalogue names them. */
// prettier-ignore
export const TAG_NAMES = [
  '热血', '冒险', '恋爱', '搞笑', '校园', '奇幻', '悬疑', '科幻', '武侠', '玄幻', '都市', '历史', '战争', '运动', '美食', '治愈',
  '恐怖', '推理', '机甲', '魔法', '后宫', '百合', '职场', '宫斗', '穿越', '重生', '系统', '末日', '异能', '萌系', '日常', '少年',
  '少女', '青年', '古风', '仙侠', '修真', '游戏', '音乐', '偶像', '竞技', '侦探', '动作', '黑道', '励志', '纯爱', '生活', '宠物',
  '灵异', '神魔',
];
// prettier-ignore
export const CATEGORY_NAMES = [
  '国漫', '日漫', '韩漫', '欧美', '热血', '恋爱', '校园', '冒险', '悬疑', '搞笑',
];

export type Language = 'zh' | 'ja' | 'en';

export interface GeneratedTitle {
  language: Language;
  /** As stored. */
  title: string;
  /** The same title in the other Chinese script (Chinese titles only, when the scripts differ). */
  otherScript: string | null;
  /** Alternative titles as stored (a Japanese work's English title). */
  altTitles: string[];
  /** The Latin words of the title (English titles): what typo queries are made from. */
  words: string[];
}

/** A well-spread, deterministic number for (n, salt). */
export function mix(n: number, salt: number): number {
  let h = Math.imul(n ^ (salt * 0x9e3779b9), 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}
const pick = <T>(list: readonly T[], n: number, salt: number): T => list[mix(n, salt) % list.length]!;
const simplified = (piece: Piece) => piece[0];
const traditional = (piece: Piece) => piece[1] ?? piece[0];

/** Half the works are Chinese, a quarter Japanese, a quarter English. */
export const languageOf = (w: number): Language => (['zh', 'zh', 'ja', 'en'] as const)[w % 4]!;

function englishTitle(w: number): { title: string; words: string[] } {
  const adjective = pick(EN_ADJECTIVES, w, 11);
  const noun = pick(EN_NOUNS, w, 12);
  switch (mix(w, 13) % 3) {
    case 0:
      return { title: `The ${adjective} ${noun}`, words: [adjective, noun] };
    case 1:
      return { title: `${adjective} ${noun}`, words: [adjective, noun] };
    default: {
      const other = pick(EN_NOUNS, w, 14);
      return { title: `${noun} of the ${adjective} ${other}`, words: [noun, adjective, other] };
    }
  }
}

export function titleOf(w: number): GeneratedTitle {
  const language = languageOf(w);
  if (language === 'zh') {
    const pieces = [pick(ZH_FIRST, w, 1), pick(ZH_SECOND, w, 2), pick(ZH_SUFFIX, w, 3)];
    const simple = pieces.map(simplified).join('');
    const full = pieces.map(traditional).join('');
    const storedTraditional = mix(w, 4) % 5 === 0;
    const title = storedTraditional ? full : simple;
    const other = storedTraditional ? simple : full;
    return { language, title, otherScript: other === title ? null : other, altTitles: [], words: [] };
  }
  if (language === 'ja') {
    const title =
      mix(w, 5) % 3 === 0
        ? `${pick(JA_KATAKANA, w, 6)}・${pick(JA_KATAKANA, w, 7)}`
        : `${pick(JA_FIRST, w, 8)}の${pick(JA_SECOND, w, 9)}`;
    return { language, title, otherScript: null, altTitles: [englishTitle(w).title], words: [] };
  }
  const english = englishTitle(w);
  return { language, title: english.title, otherScript: null, altTitles: [], words: english.words };
}

export interface GeneratedAuthor {
  language: Language;
  name: string;
  /** The name in the other Chinese script (Chinese names only, when the scripts differ). */
  otherScript: string | null;
}

/** `count` distinct author names, half Chinese, a quarter Japanese, a quarter English. */
export function authorNames(count: number): GeneratedAuthor[] {
  const seen = new Set<string>();
  const authors: GeneratedAuthor[] = [];
  for (let i = 0; authors.length < count; i += 1) {
    const language = languageOf(i);
    let author: GeneratedAuthor;
    if (language === 'zh') {
      const pieces = [pick(ZH_SURNAMES, i, 21), pick(ZH_GIVEN, i, 22)];
      const simple = pieces.map(simplified).join('');
      const full = pieces.map(traditional).join('');
      author = { language, name: simple, otherScript: full === simple ? null : full };
    } else if (language === 'ja') {
      author = { language, name: `${pick(JA_SURNAMES, i, 23)} ${pick(JA_GIVEN, i, 24)}`, otherScript: null };
    } else {
      author = { language, name: `${pick(EN_FIRST, i, 25)} ${pick(EN_LAST, i, 26)}`, otherScript: null };
    }
    // Past the pools' combinations, later names get a pen-name number (never in practice at 2,000).
    if (seen.has(author.name)) {
      if (i > count * 20) author = { ...author, name: `${author.name} ${i}`, otherScript: null };
      else continue;
    }
    seen.add(author.name);
    authors.push(author);
  }
  return authors;
}
