// Word lists for generated names and texts, in the portal's three languages. Each entry is
// [ru, en, zh]; the same index gives the same meaning in every language.

export type W = readonly [string, string, string];

/** Place-name roots and endings: root + ending gives a village-like name in every language. */
export const roots: W[] = [
  ['Берёз', 'Berez', '别廖佐'],
  ['Сосн', 'Sosn', '索斯诺'],
  ['Ольх', 'Olkh', '奥利霍'],
  ['Лип', 'Lip', '利波'],
  ['Ряб', 'Ryab', '里亚博'],
  ['Клён', 'Klyon', '克廖诺'],
  ['Дуб', 'Dub', '杜博'],
  ['Озер', 'Ozer', '奥泽罗'],
  ['Речн', 'Rechn', '列奇诺'],
  ['Горк', 'Gork', '戈尔科'],
  ['Луг', 'Lug', '卢戈'],
  ['Полян', 'Polyan', '波利亚诺'],
  ['Камен', 'Kamen', '卡梅诺'],
  ['Красн', 'Krasn', '克拉斯诺'],
  ['Бел', 'Bel', '别洛'],
  ['Солнеч', 'Solnech', '索尔涅奇诺'],
  ['Тих', 'Tikh', '季霍'],
  ['Ясн', 'Yasn', '亚斯诺'],
  ['Мох', 'Mokh', '莫霍'],
  ['Ключ', 'Klyuch', '克柳奇'],
  ['Бор', 'Bor', '博罗'],
  ['Вишн', 'Vishn', '维什诺'],
  ['Малин', 'Malin', '马利诺'],
  ['Гусин', 'Gusin', '古西诺'],
  ['Журавл', 'Zhuravl', '茹拉夫廖'],
  ['Лебяж', 'Lebyazh', '列比亚日'],
  ['Соколь', 'Sokol', '索科利'],
  ['Медвеж', 'Medvezh', '梅德韦日'],
  ['Брусничн', 'Brusnichn', '布鲁斯尼奇诺'],
  ['Заречн', 'Zarechn', '扎列奇诺'],
];
export const endings: W[] = [
  ['ово', 'ovo', '沃'],
  ['ино', 'ino', '伊诺'],
  ['ицы', 'itsy', '伊齐'],
  ['ье', 'ye', '耶'],
  ['ка', 'ka', '卡'],
  ['ево', 'evo', '耶沃'],
  ['ники', 'niki', '尼基'],
];

/** Name heads by section and type key: [ru head, en tail, zh tail]. */
export const placeHeads: Record<string, W[]> = {
  fortress: [
    ['Крепость', 'Fortress', '要塞'],
    ['Городище', 'Hillfort', '古城堡遗址'],
  ],
  monastery: [
    ['Монастырь', 'Monastery', '修道院'],
    ['Скит', 'Hermitage', '隐修院'],
  ],
  temple: [
    ['Церковь', 'Church', '教堂'],
    ['Часовня', 'Chapel', '小教堂'],
    ['Кирха', 'Lutheran Church', '路德教堂'],
  ],
  manor: [['Усадьба', 'Manor', '庄园']],
  'palace-park': [
    ['Дворцово-парковый ансамбль', 'Palace and Park', '宫殿公园'],
    ['Парк', 'Park', '公园'],
  ],
  museum: [
    ['Музей', 'Museum', '博物馆'],
    ['Краеведческий музей', 'Local History Museum', '地方志博物馆'],
  ],
  memorial: [
    ['Мемориал', 'Memorial', '纪念碑'],
    ['Памятник', 'Monument', '纪念像'],
  ],
  nature: [
    ['Озеро', 'Lake', '湖'],
    ['Водопад', 'Waterfall', '瀑布'],
    ['Каньон', 'Canyon', '峡谷'],
    ['Болото', 'Bog', '沼泽'],
    ['Родник', 'Spring', '泉'],
    ['Бор', 'Pine Forest', '松林'],
  ],
  engineering: [
    ['Мост', 'Bridge', '桥'],
    ['Маяк', 'Lighthouse', '灯塔'],
    ['Мельница', 'Mill', '磨坊'],
  ],
  archaeology: [
    ['Курганы', 'Barrows', '古墓群'],
    ['Стоянка', 'Ancient Site', '古人类遗址'],
  ],
  'historic-settlement': [
    ['Слобода', 'Old Quarter', '老街区'],
    ['Погост', 'Pogost', '墓园村'],
  ],
  hotel: [['Гостиница', 'Hotel', '酒店']],
  'guest-house': [['Гостевой дом', 'Guest House', '民宿']],
  'country-hotel': [['Загородный отель', 'Country Hotel', '乡村酒店']],
  glamping: [['Глэмпинг', 'Glamping', '豪华露营']],
  camping: [['Кемпинг', 'Camping', '露营地']],
  hostel: [['Хостел', 'Hostel', '青年旅舍']],
  restaurant: [['Ресторан', 'Restaurant', '餐厅']],
  cafe: [['Кафе', 'Café', '咖啡馆']],
  coffee: [['Кофейня', 'Coffee House', '咖啡店']],
  bakery: [['Пекарня', 'Bakery', '面包房']],
  brewery: [['Пивоварня', 'Brewery', '啤酒坊']],
  canteen: [['Столовая', 'Canteen', '食堂']],
  'farm-shop': [['Фермерская лавка', 'Farm Shop', '农场商店']],
  'ski-resort': [['Горнолыжный курорт', 'Ski Resort', '滑雪场']],
  'rope-park': [['Верёвочный парк', 'Rope Park', '绳索公园']],
  'horse-riding': [['Конный клуб', 'Riding Club', '马术俱乐部']],
  water: [['Лодочная станция', 'Boat Station', '游船站']],
  spa: [['Банный комплекс', 'Bathhouse', '浴场']],
  farm: [['Ферма', 'Farm', '农场']],
  theatre: [['Театр', 'Theatre', '剧院']],
  motorsport: [['Картинг-центр', 'Karting Centre', '卡丁车中心']],
  fishing: [['Рыболовная база', 'Fishing Base', '钓鱼基地']],
  amusement: [['Парк развлечений', 'Amusement Park', '游乐园']],
  info: [['Туристский информационный центр', 'Tourist Information Centre', '旅游信息中心']],
};

/** Picture categories (pictureCategories, common/media.ts) by type key. */
export const pictureOf: Record<string, string[]> = {
  fortress: ['fortress', 'ruins'],
  monastery: ['monastery', 'church'],
  temple: ['church', 'wooden-church', 'lutheran-church'],
  manor: ['manor', 'park'],
  'palace-park': ['palace', 'park'],
  museum: ['museum', 'town'],
  memorial: ['memorial', 'field'],
  nature: ['forest', 'lake', 'river', 'waterfall', 'bog', 'canyon', 'cave', 'island'],
  engineering: ['bridge', 'lighthouse', 'railway', 'mill', 'industrial'],
  archaeology: ['ruins', 'field'],
  'historic-settlement': ['village', 'town'],
  hotel: ['hotel', 'town'],
  'guest-house': ['guest-house', 'village'],
  'country-hotel': ['hotel', 'forest'],
  glamping: ['glamping', 'lake'],
  camping: ['camping', 'forest'],
  hostel: ['hotel', 'town'],
  restaurant: ['restaurant'],
  cafe: ['cafe'],
  coffee: ['coffee'],
  bakery: ['bakery'],
  brewery: ['brewery'],
  canteen: ['cafe'],
  'farm-shop': ['farm'],
  'ski-resort': ['ski'],
  'rope-park': ['rope-park'],
  'horse-riding': ['horse'],
  water: ['kayak', 'lake'],
  spa: ['spa'],
  farm: ['farm'],
  theatre: ['theatre'],
  motorsport: ['karting'],
  fishing: ['fishing', 'lake'],
  amusement: ['amusement'],
  info: ['info', 'town'],
};

/** Sentences of descriptions: {name}, {district} and {city} are filled in each language. */
export const sentences: W[] = [
  [
    '{name} — одно из мест, ради которых стоит свернуть с трассы (район: {district}).',
    '{name} is one of the places worth a detour on the way through {district}.',
    '{name}是途经{district}时值得绕道一游的地方之一。',
  ],
  [
    'Ближайший город — {city}, дорога туда идёт через лес и поля.',
    'The nearest town, {city}, is not far away, and the road runs through woods and fields.',
    '最近的城市{city}离这里不远，道路穿过森林和田野。',
  ],
  [
    'Летом здесь много гостей, а осенью тихо и особенно красиво.',
    'Summer brings many visitors; autumn is quiet and especially beautiful.',
    '夏天游客很多，秋天则安静而格外美丽。',
  ],
  [
    'Местные жители охотно рассказывают истории о прошлом этих мест.',
    'Locals are happy to share stories about the history of the area.',
    '当地居民乐于讲述这里的往事。',
  ],
  [
    'Рядом есть озеро с песчаным берегом и тропа вдоль реки.',
    'Nearby there is a lake with a sandy shore and a path along the river.',
    '附近有一个沙岸湖泊和一条沿河小径。',
  ],
  [
    'Старые постройки сохранились частично, но их реставрация продолжается.',
    'The old buildings have partly survived, and restoration continues.',
    '老建筑部分保存下来，修复工作仍在进行。',
  ],
  [
    'Из Петербурга сюда удобно ехать на машине или на электричке с пересадкой на автобус.',
    'From Saint Petersburg it is easy to come by car, or by train and then bus.',
    '从圣彼得堡可以自驾，或乘电气火车再换乘公交前往。',
  ],
  [
    'Совет: возьмите удобную обувь и проверьте расписание перед поездкой.',
    'Tip: wear comfortable shoes and check the opening hours before you go.',
    '提示：请穿舒适的鞋子，出发前查看开放时间。',
  ],
  [
    'В округе много грибных и ягодных мест, а зимой прокладывают лыжню.',
    'The woods around are rich in mushrooms and berries, and in winter a ski track is laid.',
    '周围森林盛产蘑菇和浆果，冬天还会开辟滑雪道。',
  ],
  [
    'Это место особенно любят семьи с детьми и фотографы.',
    'Families with children and photographers love this place in particular.',
    '这里特别受带孩子的家庭和摄影爱好者喜爱。',
  ],
];

export const annotations: W[] = [
  [
    '{district}: тихое место с историей и красивыми видами.',
    'A quiet place in {district} with a history and fine views.',
    '{district}一处安静的地方，历史悠久，景色优美。',
  ],
  [
    'Стоит посетить по дороге из Петербурга, рядом — {city}.',
    'Worth a stop on the way from Saint Petersburg: the town of {city} is nearby.',
    '从圣彼得堡出发途中值得一停：附近是{city}。',
  ],
  [
    '{district}: любимое место отдыха местных жителей.',
    'A favourite spot of the people of {district}.',
    '{district}居民喜爱的休闲地。',
  ],
  [
    'Природа, история и гостеприимство в одном месте.',
    'Nature, history and hospitality in one place.',
    '自然、历史与热情好客集于一处。',
  ],
];

export const eventKinds: W[] = [
  ['Фестиваль', 'Festival', '节'],
  ['Концерт', 'Concert', '音乐会'],
  ['Ярмарка', 'Fair', '集市'],
  ['Выставка', 'Exhibition', '展览'],
  ['Забег', 'Race', '赛跑'],
];
export const eventThemes: W[] = [
  ['Белые ночи', 'White Nights', '白夜'],
  ['Ладожская волна', 'Ladoga Wave', '拉多加浪潮'],
  ['Северная ягода', 'Northern Berry', '北方浆果'],
  ['Звуки усадьбы', 'Sounds of the Manor', '庄园之声'],
  ['Рыцарский турнир', 'Knights’ Tournament', '骑士比武'],
  ['Голос леса', 'Voice of the Forest', '森林之声'],
  ['Осенний урожай', 'Autumn Harvest', '秋收'],
  ['Зимние забавы', 'Winter Fun', '冬季欢乐'],
  ['Ремёсла Приладожья', 'Crafts of Ladoga', '拉多加手工艺'],
  ['Джаз у залива', 'Jazz by the Gulf', '海湾爵士'],
];
export const eventPictures: Record<string, string[]> = {
  Фестиваль: ['festival'],
  Концерт: ['concert'],
  Ярмарка: ['fair'],
  Выставка: ['exhibition'],
  Забег: ['sport'],
};

export const headlines: W[] = [
  ['открылась новая экологическая тропа', 'a new nature trail opens', '新生态步道开放'],
  ['отреставрировали старую усадьбу', 'an old manor house has been restored', '一座老庄园修复完成'],
  [
    'запустили туристический автобус выходного дня',
    'a weekend tourist bus starts running',
    '周末旅游巴士开通',
  ],
  ['музей продлил часы работы', 'the museum extends its opening hours', '博物馆延长开放时间'],
  ['появилась велодорожка вдоль реки', 'a cycle path along the river is ready', '沿河自行车道建成'],
  [
    'на набережной поставили новые скамейки и фонари',
    'new benches and lights on the embankment',
    '滨河路新添长椅和路灯',
  ],
  ['прошёл праздник города', 'the town festival took place', '城市节日举行'],
  ['открылся визит-центр для путешественников', 'a visitor centre for travellers opens', '游客中心开放'],
];

export const routeKinds: W[] = [
  ['Маршрут', 'route', '路线'],
  ['Тропа', 'trail', '步道'],
  ['Путешествие', 'journey', '之旅'],
];
export const durations: W[] = [
  ['2–3 часа', '2–3 hours', '2至3小时'],
  ['Полдня', 'Half a day', '半天'],
  ['Один день', 'One day', '一天'],
  ['Два дня', 'Two days', '两天'],
];
export const seasons: W[] = [
  ['Круглый год', 'All year round', '全年'],
  ['С мая по сентябрь', 'May to September', '五月至九月'],
  ['Зимой', 'In winter', '冬季'],
];
export const hoursTexts: W[] = [
  ['Ежедневно 10:00–18:00', 'Daily 10:00–18:00', '每天10:00–18:00'],
  ['Вт–Вс 11:00–19:00', 'Tue–Sun 11:00–19:00', '周二至周日11:00–19:00'],
  ['Круглосуточно', 'Open 24 hours', '全天开放'],
];
export const priceTexts: W[] = [
  ['Бесплатно', 'Free', '免费'],
  ['Взрослый билет 300 ₽', 'Adult ticket 300 RUB', '成人票300卢布'],
  ['От 500 ₽', 'From 500 RUB', '500卢布起'],
];
export const streets: W[] = [
  ['улица Центральная', 'Tsentralnaya Street', '中央街'],
  ['улица Лесная', 'Lesnaya Street', '森林街'],
  ['улица Садовая', 'Sadovaya Street', '花园街'],
  ['Набережная улица', 'Naberezhnaya Street', '滨河街'],
  ['улица Советская', 'Sovetskaya Street', '苏维埃街'],
];
