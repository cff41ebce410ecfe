import type { Server, SubType, World } from './model';

/** One role class of a game: its name, badge colour, weapons and clothes it wears, and skills. */
export interface RoleClassProfile {
  name: string;
  colour: string;
  /** subType 2 names this class wields. */
  weapons: string[];
  /** subType 1 names this class wears. */
  clothes: string[];
  /** Skills in learning order (up to 7). */
  skills: string[];
}

/**
 * What makes one demo game: its id and name, icon, servers, role classes, coin types, item names,
 * role names and the seed of its world. The three profiles share the code of the demo game.
 */
export interface GameProfile {
  gameId: string;
  name: string;
  /** The icon: two gradient colours, an emblem (SVG path in a 128 box) and a short label. */
  icon: { from: string; to: string; label: string; emblem: string };
  servers: Server[];
  /** Exactly three classes; jobId is the index + 1. */
  classes: readonly [RoleClassProfile, RoleClassProfile, RoleClassProfile];
  /** [premium (元宝-like), common (金币-like), bound (绑定元宝-like)]. */
  coins: readonly [string, string, string];
  /** Item names of sub-types 3–7 (1 and 2 come from the classes). */
  items: Record<Exclude<SubType, 1 | 2>, string[]>;
  /** Untradable item names. */
  blacklist: World['blacklist'];
  /** Names of the demo players' roles (player1/2/3, in order). */
  starterNames: string[];
  /** Seller role names are a prefix + a suffix. */
  namePrefixes: string[];
  nameSuffixes: string[];
  /** How many market seller accounts (seller01…) the world has. */
  sellerCount: number;
  seed: number;
  /** A second seed for the market sellers, so they never disturb the demo players' roles. */
  sellerSeed: number;
}

const server = (id: string, name: string, masterServerId: string, masterServerName: string): Server => ({
  id,
  name,
  masterServerId,
  masterServerName,
  roleSlots: 3,
});

export const LEGEND: GameProfile = {
  gameId: 'demo-legend',
  name: '传奇·演示',
  icon: {
    from: '#ffb347',
    to: '#b8360d',
    label: '传奇',
    emblem: 'M64 18l10 30h32l-26 19 10 31-26-19-26 19 10-31-26-19h32z',
  },
  servers: [
    server('s1', '龙腾一区', 'm1', '龙腾主服'),
    server('s2', '龙腾二区', 'm1', '龙腾主服'),
    server('s3', '凤鸣一区', 'm2', '凤鸣主服'),
    server('s4', '凤鸣二区', 'm2', '凤鸣主服'),
    server('s5', '麒麟一区', 'm3', '麒麟主服'),
    server('s6', '麒麟二区', 'm3', '麒麟主服'),
  ],
  classes: [
    {
      name: '战士',
      colour: '#e8553d',
      weapons: ['屠龙刀', '裁决之杖', '倚天剑'],
      clothes: ['天魔神甲', '圣战宝甲'],
      skills: ['基本剑术', '攻杀剑术', '刺杀剑术', '半月弯刀', '野蛮冲撞', '烈火剑法', '逐日剑法'],
    },
    {
      name: '法师',
      colour: '#4c8dff',
      weapons: ['嗜魂法杖', '骨玉权杖', '血饮'],
      clothes: ['法神披风', '霓裳羽衣'],
      skills: ['火球术', '雷电术', '地狱雷光', '冰咆哮', '魔法盾', '流星火雨', '灭天火'],
    },
    {
      name: '道士',
      colour: '#3ddc97',
      weapons: ['无极棍', '龙纹剑', '逍遥扇'],
      clothes: ['天尊道袍', '天师长袍'],
      skills: ['治愈术', '施毒术', '灵魂火符', '召唤神兽', '群体隐身术', '神圣战甲术', '噬血术'],
    },
  ],
  coins: ['元宝', '金币', '绑定元宝'],
  items: {
    3: ['麻痹戒指', '复活戒指', '护身戒指', '传送戒指'],
    4: ['圣战项链', '法神项链', '天尊项链', '绿色项链'],
    5: ['龙魂时装', '凤舞时装', '战神时装'],
    6: ['王者之戒', '至尊手镯', '龙皇项链'],
    7: ['祝福油', '金条', '修复神水', '随机传送卷', '绑定金砖'],
  },
  blacklist: [
    { name: '修复神水', subType: 7 },
    { name: '绑定金砖', subType: 7 },
  ],
  starterNames: ['战神无双', '冰雪法师', '逍遥道长', '烈焰狂刀', '天机道人', '紫电青霜', '醉卧沙场', '星河法尊'],
  namePrefixes: ['龙城', '沙巴克', '赤月', '屠龙', '烈火', '霸天', '王者', '血色', '苍穹', '玄武', '白虎', '朱雀'],
  nameSuffixes: ['战神', '法尊', '道长', '狂刀', '无敌', '刀客', '天尊', '老兵', '霸主', '剑圣', '小白', '君临'],
  sellerCount: 51,
  seed: 20_261_122,
  sellerSeed: 91_127,
};

export const XIANXIA: GameProfile = {
  gameId: 'demo-xianxia',
  name: '仙侠·演示',
  icon: { from: '#7fe0ff', to: '#3b3fb8', label: '仙侠', emblem: 'M64 12l9 16v50h13v9H73v15H55V87H42v-9h13V28z' },
  servers: [
    server('s1', '青云一服', 'm1', '青云主服'),
    server('s2', '青云二服', 'm1', '青云主服'),
    server('s3', '昆仑一服', 'm2', '昆仑主服'),
    server('s4', '昆仑二服', 'm2', '昆仑主服'),
  ],
  classes: [
    {
      name: '剑修',
      colour: '#5ec8ff',
      weapons: ['诛仙剑', '青冥剑', '轩辕剑'],
      clothes: ['流云剑袍', '太清道衣'],
      skills: ['御剑术', '剑气纵横', '万剑归宗', '天外飞仙', '剑心通明', '青莲剑歌', '诛仙剑阵'],
    },
    {
      name: '法修',
      colour: '#c17bff',
      weapons: ['紫霄琴', '玄天镜', '太极图'],
      clothes: ['霓虹羽衣', '紫金法袍'],
      skills: ['掌心雷', '三昧真火', '冰封千里', '五雷正法', '风卷残云', '九天玄雷', '法天象地'],
    },
    {
      name: '体修',
      colour: '#ff9d4d',
      weapons: ['开天斧', '镇岳锤', '如意金箍棒'],
      clothes: ['金刚宝甲', '不灭战衣'],
      skills: ['铁布衫', '金钟罩', '崩山拳', '不动明王', '霸体', '龙象般若', '肉身成圣'],
    },
  ],
  coins: ['灵石', '仙玉', '绑定仙玉'],
  items: {
    3: ['储物戒', '乾坤戒', '避水戒', '聚灵戒'],
    4: ['护心玉佩', '紫金葫芦', '灵犀项链', '太虚玉坠'],
    5: ['白衣胜雪', '仙鹤羽裳', '星河流光'],
    6: ['本命法宝', '混元珠', '定海神珠'],
    7: ['筑基丹', '灵兽蛋', '回春丹', '传送符', '绑定灵石袋'],
  },
  blacklist: [
    { name: '回春丹', subType: 7 },
    { name: '绑定灵石袋', subType: 7 },
  ],
  starterNames: ['青云剑仙', '紫霄真人', '昆仑道君', '凌霄散人', '问道长生', '逍遥剑客', '太虚仙子'],
  namePrefixes: ['青云', '昆仑', '蓬莱', '太虚', '紫霄', '瑶池', '天机', '玄冥', '凌霄', '九幽', '归墟', '清风'],
  nameSuffixes: ['剑仙', '真人', '散修', '道君', '仙子', '上人', '剑尊', '丹师', '老祖', '居士', '天骄', '灵童'],
  sellerCount: 47,
  seed: 20_261_208,
  sellerSeed: 71_013,
};

export const SANGUO: GameProfile = {
  gameId: 'demo-sanguo',
  name: '三国·演示',
  icon: {
    from: '#ff6b6b',
    to: '#5a1a1a',
    label: '三国',
    emblem: 'M64 14l36 12v26c0 24-15 38-36 48-21-10-36-24-36-48V26z',
  },
  servers: [
    server('s1', '魏国一区', 'm1', '魏国主区'),
    server('s2', '魏国二区', 'm1', '魏国主区'),
    server('s3', '蜀国一区', 'm2', '蜀吴主区'),
    server('s4', '吴国一区', 'm2', '蜀吴主区'),
  ],
  classes: [
    {
      name: '猛将',
      colour: '#e0533a',
      weapons: ['青龙偃月刀', '丈八蛇矛', '方天画戟'],
      clothes: ['虎威战甲', '龙鳞铠'],
      skills: ['横扫千军', '破阵', '万夫莫敌', '单骑救主', '怒斩', '虎啸', '无双乱舞'],
    },
    {
      name: '谋士',
      colour: '#5a8cff',
      weapons: ['羽扇', '七星宝剑', '兵法竹简'],
      clothes: ['八卦道袍', '鹤氅'],
      skills: ['火计', '落雷', '空城计', '连环计', '借东风', '八阵图', '七星续命'],
    },
    {
      name: '弓手',
      colour: '#4ec27a',
      weapons: ['落日弓', '连弩', '霸王弓'],
      clothes: ['游骑皮甲', '轻羽甲'],
      skills: ['连射', '穿云箭', '箭雨', '百步穿杨', '烈焰箭', '追魂箭', '万箭齐发'],
    },
  ],
  coins: ['铜钱', '元宝', '绑定元宝'],
  items: {
    3: ['虎符戒', '玉玺戒', '兵符戒', '铜雀戒'],
    4: ['和氏璧', '传国玉佩', '龙凤佩', '玛瑙项链'],
    5: ['锦衣华服', '金甲战袍', '汉服时装'],
    6: ['赤兔马', '的卢马', '绝影'],
    7: ['军令状', '将魂', '粮草包', '募兵令', '绑定铜钱袋'],
  },
  blacklist: [
    { name: '粮草包', subType: 7 },
    { name: '绑定铜钱袋', subType: 7 },
  ],
  starterNames: ['常山子龙', '卧龙先生', '江东小霸王', '虎痴', '神射黄忠', '凤雏', '锦马超'],
  namePrefixes: ['常山', '江东', '西凉', '许昌', '荆州', '益州', '赤壁', '虎牢', '官渡', '洛阳', '长坂', '五丈原'],
  nameSuffixes: ['猛将', '军师', '神箭', '都督', '校尉', '虎将', '先锋', '丞相', '游侠', '太守', '骁骑', '少帅'],
  sellerCount: 47,
  seed: 20_261_315,
  sellerSeed: 52_817,
};

/** The three demo games, legend first. */
export const GAME_PROFILES: readonly GameProfile[] = [LEGEND, XIANXIA, SANGUO];

function profileOf(gameId: string): GameProfile {
  const found = GAME_PROFILES.find((p) => p.gameId === gameId);
  if (!found) throw new Error(`no demo game profile ${gameId}`);
  return found;
}

export const DEMO_PASSWORD = 'demo123';

/** The market seller accounts of a profile: seller01, seller02, … */
export const sellerAccountIds = (profile: GameProfile): string[] =>
  Array.from({ length: profile.sellerCount }, (_, i) => `seller${String(i + 1).padStart(2, '0')}`);

/** The accounts the exchange's demo seeder lists for (the same ids in every demo game). */
export const marketSellerAccounts = (gameId: string): string[] => sellerAccountIds(profileOf(gameId));

/** A role class by name, in whichever game it is defined (class names differ between games). */
export function classOf(roleClass: string): { index: number; profile: RoleClassProfile } {
  for (const p of GAME_PROFILES) {
    const index = p.classes.findIndex((c) => c.name === roleClass);
    if (index >= 0) return { index, profile: p.classes[index] as RoleClassProfile };
  }
  return { index: 0, profile: LEGEND.classes[0] };
}

/** The game's icon as SVG (the legend icon is the original one). */
export function gameIconSvg(profile: GameProfile): string {
  const { from, to, label, emblem } = profile.icon;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="128" height="128" viewBox="0 0 128 128"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs><rect width="128" height="128" rx="28" fill="url(#g)"/><path d="${emblem}" fill="#fff6d8"/><text x="64" y="118" font-size="18" text-anchor="middle" fill="#fff" font-weight="bold">${label}</text></svg>`;
}

/** Where a game keeps its state and files under dataDir: legend `demo-game/`, the others `demo-game/<gameId>/`. */
export const gameDataDir = (profile: GameProfile): string[] =>
  profile.gameId === LEGEND.gameId ? ['demo-game'] : ['demo-game', profile.gameId];
