/** Brands of the demo shop: the Chinese name shown to buyers, a Latin alias searched as well. */
export interface BrandDef {
  name: string;
  alias?: string;
  /** Imported brands may be sold cross-border. */
  overseas?: boolean;
}

const b = (name: string, alias?: string, overseas = false): BrandDef => ({ name, alias, overseas });

export const BRANDS: BrandDef[] = [
  // 数码 / 电脑
  b('华为', 'HUAWEI'), b('小米', 'Xiaomi'), b('苹果', 'Apple', true), b('OPPO'), b('vivo'), b('荣耀', 'HONOR'),
  b('一加', 'OnePlus'), b('三星', 'Samsung', true), b('联想', 'Lenovo'), b('戴尔', 'DELL', true), b('惠普', 'HP', true),
  b('华硕', 'ASUS'), b('罗技', 'Logitech', true), b('雷蛇', 'Razer', true), b('佳能', 'Canon', true), b('尼康', 'Nikon', true),
  b('索尼', 'SONY', true), b('大疆', 'DJI'), b('倍思', 'Baseus'), b('绿联', 'UGREEN'), b('安克', 'Anker'), b('品胜', 'PISEN'),
  b('漫步者', 'EDIFIER'), b('JBL', 'JBL', true), b('Bose', 'Bose', true), b('爱普生', 'EPSON', true), b('兄弟', 'Brother', true),
  b('得力', 'deli'), b('晨光', 'M&G'), b('飞利浦', 'PHILIPS', true), b('华米', 'Amazfit'), b('科大讯飞', 'iFLYTEK'),
  // 家电
  b('美的', 'Midea'), b('海尔', 'Haier'), b('格力', 'GREE'), b('TCL'), b('海信', 'Hisense'), b('创维', 'Skyworth'),
  b('西门子', 'SIEMENS', true), b('松下', 'Panasonic', true), b('九阳', 'Joyoung'), b('苏泊尔', 'SUPOR'), b('小熊', 'Bear'),
  b('戴森', 'Dyson', true), b('科沃斯', 'ECOVACS'), b('石头', 'Roborock'), b('奥克斯', 'AUX'), b('米家', 'MIJIA'),
  b('博朗', 'BRAUN', true), b('飞科', 'FLYCO'), b('欧乐B', 'Oral-B', true),
  // 服饰鞋包运动
  b('优衣库', 'UNIQLO', true), b('海澜之家', 'HLA'), b('太平鸟', 'PEACEBIRD'), b('波司登', 'BOSIDENG'), b('森马', 'Semir'),
  b('美特斯邦威', 'Metersbonwe'), b('ZARA', 'ZARA', true), b('李宁', 'LI-NING'), b('安踏', 'ANTA'), b('特步', 'XTEP'),
  b('361度', '361'), b('耐克', 'Nike', true), b('阿迪达斯', 'adidas', true), b('新百伦', 'New Balance', true),
  b('匹克', 'PEAK'), b('鸿星尔克', 'ERKE'), b('骆驼', 'CAMEL'), b('探路者', 'TOREAD'), b('迪卡侬', 'DECATHLON', true),
  b('Keep'), b('红蜻蜓', 'Red Dragonfly'), b('百丽', 'BeLLE'), b('森达', 'SENDA'), b('新秀丽', 'Samsonite', true),
  b('小米有品', 'Youpin'), b('南极人', 'Nanjiren'), b('恒源祥', 'Hengyuanxiang'), b('都市丽人', 'Cosmo Lady'), b('猫人', 'MiiOW'),
  // 美妆个护
  b('欧莱雅', "L'OREAL", true), b('兰蔻', 'LANCOME', true), b('雅诗兰黛', 'Estee Lauder', true), b('百雀羚', 'PECHOIN'),
  b('自然堂', 'CHANDO'), b('珀莱雅', 'PROYA'), b('完美日记', 'Perfect Diary'), b('花西子', 'Florasis'), b('迪奥', 'Dior', true),
  b('香奈儿', 'CHANEL', true), b('资生堂', 'SHISEIDO', true), b('海飞丝', 'Head & Shoulders'), b('潘婷', 'PANTENE'),
  b('阿道夫', 'ADOLPH'), b('薇诺娜', 'WINONA'),
  // 食品酒水生鲜
  b('三只松鼠', 'Three Squirrels'), b('良品铺子', 'BESTORE'), b('百草味', 'Be&Cheery'), b('洽洽', 'ChaCheer'),
  b('旺旺', 'Want Want'), b('奥利奥', 'OREO', true), b('伊利', 'Yili'), b('蒙牛', 'Mengniu'), b('雀巢', 'Nestle', true),
  b('元气森林', 'Genki Forest'), b('农夫山泉', 'Nongfu Spring'), b('金龙鱼', 'Arawana'), b('福临门', 'Fortune'),
  b('海天', 'Haday'), b('五常', 'Wuchang'), b('茅台', 'Moutai'), b('五粮液', 'Wuliangye'), b('洋河', 'Yanghe'),
  b('汾酒', 'Fenjiu'), b('张裕', 'Changyu'), b('拉菲', 'Lafite', true), b('青岛啤酒', 'Tsingtao'), b('雪花', 'Snow'),
  b('百威', 'Budweiser', true), b('西湖牌', 'Xihu'), b('大益', 'TAETEA'), b('八马', 'Bama Tea'), b('立顿', 'Lipton', true),
  b('佳沛', 'Zespri', true), b('褚橙', 'Chu Orange'), b('恒都', 'Hengdu'), b('圣农', 'Sunner'), b('獐子岛', 'Zhangzidao'),
  b('阳澄湖', 'Yangchenghu'), b('烟台', 'Yantai'), b('百果园', 'Pagoda'),
  // 母婴玩具
  b('飞鹤', 'Feihe'), b('爱他美', 'Aptamil', true), b('美赞臣', 'Enfamil', true), b('a2', 'a2', true), b('帮宝适', 'Pampers'),
  b('花王', 'Merries', true), b('好孩子', 'gb'), b('乐高', 'LEGO', true), b('费雪', 'Fisher-Price', true), b('奥迪双钻', 'AULDEY'),
  b('布鲁可', 'Bloks'), b('babycare'),
  // 家居厨具
  b('全友', 'QuanU'), b('顾家家居', 'KUKA'), b('林氏家居', 'LINSY'), b('西昊', 'SIHOO'), b('罗莱', 'LUOLAI'), b('水星家纺', 'MERCURY'),
  b('富安娜', 'FUANNA'), b('欧普', 'OPPLE'), b('雷士', 'NVC'), b('双立人', 'ZWILLING', true), b('炊大皇', 'COOKER KING'),
  b('张小泉', 'Zhang Xiaoquan'), b('膳魔师', 'THERMOS', true), b('象印', 'ZOJIRUSHI', true), b('乐扣乐扣', 'LocknLock', true),
  // 图书文娱 医药 宠物 汽车 珠宝
  b('人民文学出版社', 'RW'), b('中信出版社', 'CITIC'), b('新华文轩', 'Xinhua'), b('雅马哈', 'YAMAHA', true), b('卡西欧', 'CASIO', true),
  b('雅迪尔', 'Yadier'), b('汤臣倍健', 'BY-HEALTH'), b('善存', 'Centrum', true), b('斯维诗', 'Swisse', true), b('鱼跃', 'yuwell'),
  b('欧姆龙', 'OMRON', true), b('稳健医疗', 'Winner'), b('皇家', 'ROYAL CANIN', true), b('麦富迪', 'Myfoodie'), b('比瑞吉', 'Nature Bridge'),
  b('网易严选', 'Yanxuan'), b('70迈', '70mai'), b('米其林', 'MICHELIN', true), b('壳牌', 'Shell', true), b('美孚', 'Mobil', true),
  b('途虎', 'Tuhu'), b('周大福', 'CHOW TAI FOOK'), b('老凤祥', 'Lao Feng Xiang'), b('周生生', 'Chow Sang Sang'), b('天王表', 'TIANWANG'),
  b('浪琴', 'LONGINES', true), b('天梭', 'TISSOT', true), b('精工', 'SEIKO', true),
];
