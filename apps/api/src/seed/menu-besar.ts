/**
 * Menu of 1004 menu-besar, the 200-item restaurant for performance work: 88 dishes from the dish
 * table plus 112 generated from cooking styles × proteins ('Chicken Fried Rice', 'Sambal Udang'),
 * in a fixed order so item ids never move. Not halal: it serves char siu and beer.
 */
import type { MenuOptionGroupRow, Translated } from '../db/schema';
import { t } from './dish-kit';
import type { Allergen, Dish } from './dish-kit';
import type { DishKey } from './dishes';
import type { CategorySpec, MenuEntry } from './menu-kit';
import { customEntry, entry } from './menu-kit';
import { CATEGORY } from './menus';
import { MY_GROUPS as MY } from './option-groups';

/** menu-besar has exactly this many items. */
export const MENU_BESAR_SIZE = 200;

type Macros = [kcal: number, protein: number, carbs: number, fat: number];

type Protein = { name: Translated; surcharge: number; macros: Macros; allergens: Allergen[]; pork: boolean };

function protein(name: Translated, surcharge: number, macros: Macros, allergens: Allergen[] = []): Protein {
  return { name, surcharge, macros, allergens, pork: false };
}

const PROTEINS = {
  chicken: protein(t('Chicken', 'Ayam', 'Ayam'), 0, [150, 25, 0, 6]),
  beef: protein(t('Beef', 'Sapi', 'Daging'), 300, [200, 26, 0, 11]),
  lamb: protein(t('Lamb', 'Kambing', 'Kambing'), 600, [230, 24, 0, 15]),
  fish: protein(t('Fish', 'Ikan', 'Ikan'), 300, [120, 24, 0, 3], ['fish']),
  prawn: protein(t('Prawn', 'Udang', 'Udang'), 500, [100, 22, 1, 1], ['shellfish', 'seafood']),
  squid: protein(t('Squid', 'Cumi', 'Sotong'), 400, [90, 16, 3, 1], ['seafood']),
  tofu: protein(t('Tofu', 'Tahu', 'Tauhu'), -100, [110, 12, 3, 6]),
  charSiu: { ...protein(t('Char Siu', 'Babi Panggang', 'Char Siu'), 300, [240, 22, 10, 13]), pork: true },
} satisfies Record<string, Protein>;

type ProteinKey = keyof typeof PROTEINS;
type Section = 'rice' | 'noodles' | 'wok' | 'soups';

/** A cooking style; `{P}` in names and `{p}` in descriptions stand for the protein. */
type Style = {
  key: string;
  section: Section;
  name: [en: string, id: string, my: string];
  description: [en: string, id: string, my: string];
  price: number;
  macros: Macros;
  allergens: Allergen[];
  proteins: ProteinKey[];
};

const ALL: ProteinKey[] = ['chicken', 'beef', 'lamb', 'fish', 'prawn', 'squid', 'tofu', 'charSiu'];

// prettier-ignore
const STYLES: Style[] = [
  { key: 'fried-rice', section: 'rice', price: 1090, macros: [560, 12, 88, 16], allergens: ['gluten'], proteins: ALL,
    name: ['{P} Fried Rice', 'Nasi Goreng {P}', 'Nasi Goreng {P}'],
    description: ['Wok-fried rice with {p}, egg and spring onion', 'Nasi goreng dengan {p}, telur dan daun bawang', 'Nasi goreng dengan {p}, telur dan daun bawang'] },
  { key: 'claypot-rice', section: 'rice', price: 1490, macros: [520, 10, 90, 12], allergens: ['gluten'], proteins: ['chicken', 'beef', 'fish', 'prawn', 'charSiu'],
    name: ['{P} Claypot Rice', 'Nasi Claypot {P}', 'Nasi Periuk Tanah {P}'],
    description: ['Rice cooked in a claypot with {p}, mushrooms and dark soy', 'Nasi yang dimasak dalam periuk tanah liat dengan {p}, jamur dan kecap', 'Nasi dimasak dalam periuk tanah dengan {p}, cendawan dan kicap pekat'] },
  { key: 'tom-yam-fried-rice', section: 'rice', price: 1290, macros: [580, 12, 88, 18], allergens: ['fish', 'shellfish', 'seafood'], proteins: ['chicken', 'prawn', 'squid', 'fish'],
    name: ['Tom Yam {P} Fried Rice', 'Nasi Goreng Tom Yam {P}', 'Nasi Goreng Tom Yam {P}'],
    description: ['Fried rice in tom yam paste with {p} and lemongrass', 'Nasi goreng bumbu tom yam dengan {p} dan serai', 'Nasi goreng perencah tom yam dengan {p} dan serai'] },
  { key: 'fried-noodles', section: 'noodles', price: 1090, macros: [540, 14, 80, 18], allergens: ['gluten'], proteins: ALL,
    name: ['{P} Fried Noodles', 'Mi Goreng {P}', 'Mi Goreng {P}'],
    description: ['Yellow noodles wok-fried with {p}, mustard greens and egg', 'Mi kuning goreng dengan {p}, sawi dan telur', 'Mi kuning goreng dengan {p}, sawi dan telur'] },
  { key: 'fried-kway-teow', section: 'noodles', price: 1190, macros: [560, 12, 84, 20], allergens: ['gluten'], proteins: ALL,
    name: ['{P} Fried Kway Teow', 'Kwetiau Goreng {P}', 'Kuey Teow Goreng {P}'],
    description: ['Flat rice noodles fried with {p}, bean sprouts and dark soy', 'Kwetiau goreng dengan {p}, tauge dan kecap', 'Kuey teow goreng dengan {p}, taugeh dan kicap pekat'] },
  { key: 'hor-fun', section: 'noodles', price: 1290, macros: [500, 12, 78, 14], allergens: ['gluten'], proteins: ['chicken', 'beef', 'fish', 'prawn', 'squid', 'tofu', 'charSiu'],
    name: ['{P} Wat Tan Hor', 'Kwetiau Siram {P}', 'Wat Tan Hor {P}'],
    description: ['Seared flat noodles in silky egg gravy with {p}', 'Kwetiau siram kuah telur lembut dengan {p}', 'Kuey teow berkuah telur licin dengan {p}'] },
  { key: 'noodle-soup', section: 'noodles', price: 1090, macros: [380, 10, 62, 6], allergens: ['gluten'], proteins: ['chicken', 'beef', 'fish', 'prawn', 'charSiu', 'tofu'],
    name: ['{P} Noodle Soup', 'Mi Kuah {P}', 'Mi Sup {P}'],
    description: ['Egg noodles in clear broth with {p} and greens', 'Mi telur dalam kuah bening dengan {p} dan sayuran', 'Mi telur dalam sup jernih dengan {p} dan sayur'] },
  { key: 'mee-hailam', section: 'noodles', price: 1290, macros: [520, 12, 76, 16], allergens: ['gluten'], proteins: ['chicken', 'prawn', 'charSiu', 'beef'],
    name: ['Hainanese {P} Noodles', 'Mi Hainan {P}', 'Mi Hailam {P}'],
    description: ['Thick noodles braised in savoury soy gravy with {p} and vegetables', 'Mi tebal dimasak kuah kecap gurih dengan {p} dan sayuran', 'Mi kasar dimasak kuah kicap dengan {p} dan sayur'] },
  { key: 'curry', section: 'wok', price: 1590, macros: [420, 6, 30, 28], allergens: [], proteins: ['chicken', 'beef', 'lamb', 'fish', 'prawn', 'squid', 'tofu'],
    name: ['{P} Curry', 'Kari {P}', 'Kari {P}'],
    description: ['Slow-cooked {p} curry with coconut milk and spices, served with rice', 'Kari {p} dengan santan dan rempah yang dimasak perlahan, disajikan dengan nasi', 'Kari {p} dengan santan dan rempah yang dimasak perlahan, dihidang bersama nasi'] },
  { key: 'sambal', section: 'wok', price: 1490, macros: [260, 4, 18, 18], allergens: ['shellfish', 'seafood'], proteins: ['chicken', 'beef', 'fish', 'prawn', 'tofu'],
    name: ['Sambal {P}', '{P} Balado', 'Sambal {P}'],
    description: ['{p} tossed in sweet and spicy chilli sambal', '{p} yang dimasak dengan sambal cabai manis pedas', '{p} dimasak dengan sambal cili manis pedas'] },
  { key: 'black-pepper', section: 'wok', price: 1590, macros: [240, 4, 16, 16], allergens: ['gluten'], proteins: ['chicken', 'beef', 'lamb', 'fish', 'prawn', 'squid', 'charSiu'],
    name: ['Black Pepper {P}', '{P} Lada Hitam', '{P} Lada Hitam'],
    description: ['{p} wok-fried in black pepper sauce with onions', '{p} tumis saus lada hitam dengan bawang bombay', '{p} goreng bersama sos lada hitam dan bawang besar'] },
  { key: 'sweet-sour', section: 'wok', price: 1490, macros: [320, 4, 40, 14], allergens: ['gluten'], proteins: ['chicken', 'beef', 'fish', 'prawn', 'squid', 'tofu', 'charSiu'],
    name: ['Sweet and Sour {P}', '{P} Asam Manis', '{P} Masam Manis'],
    description: ['Crisp {p} in sweet and sour sauce with pineapple and peppers', '{p} goreng renyah dengan saus asam manis, nanas dan paprika', '{p} goreng rangup dengan sos masam manis, nanas dan lada benggala'] },
  { key: 'kung-pao', section: 'wok', price: 1590, macros: [300, 8, 14, 22], allergens: ['gluten', 'nuts'], proteins: ['chicken', 'beef', 'fish', 'prawn', 'squid', 'tofu'],
    name: ['Kung Pao {P}', '{P} Kungpao', '{P} Kung Pao'],
    description: ['{p} wok-fried with dried chillies, spring onion and cashew nuts', '{p} tumis dengan cabai kering, daun bawang dan kacang mete', '{p} goreng dengan cili kering, daun bawang dan kacang gajus'] },
  { key: 'butter', section: 'wok', price: 1690, macros: [380, 6, 18, 30], allergens: ['gluten'], proteins: ['chicken', 'fish', 'prawn', 'squid'],
    name: ['Butter {P}', '{P} Saus Mentega', '{P} Butter'],
    description: ['Crisp {p} tossed in creamy butter, curry leaves and chilli', '{p} renyah dalam saus mentega, daun kari dan cabai', '{p} rangup dengan sos mentega, daun kari dan cili'] },
  { key: 'salted-egg', section: 'wok', price: 1790, macros: [420, 10, 20, 32], allergens: ['gluten'], proteins: ['chicken', 'fish', 'prawn', 'squid', 'tofu'],
    name: ['Salted Egg {P}', '{P} Telur Asin', '{P} Telur Masin'],
    description: ['Crisp {p} coated in golden salted egg yolk sauce', '{p} renyah berbalut saus kuning telur asin', '{p} rangup bersalut sos kuning telur masin'] },
  { key: 'sizzling', section: 'wok', price: 1890, macros: [300, 8, 16, 20], allergens: ['gluten', 'shellfish', 'seafood'], proteins: ['chicken', 'beef', 'lamb', 'prawn', 'squid', 'tofu'],
    name: ['Sizzling {P} Hot Plate', 'Hot Plate {P}', 'Hot Plate {P}'],
    description: ['{p} with vegetables and oyster sauce on a sizzling iron plate', '{p} dengan sayuran dan saus tiram di atas piring besi panas', '{p} dengan sayur dan sos tiram di atas pinggan besi panas'] },
  { key: 'bakar', section: 'wok', price: 1690, macros: [200, 2, 10, 12], allergens: [], proteins: ['beef', 'lamb', 'prawn', 'squid'],
    name: ['Grilled {P}', '{P} Bakar', '{P} Bakar'],
    description: ['{p} marinated in spices and grilled over charcoal, with tamarind dip', '{p} berbumbu rempah yang dibakar di atas arang, dengan sambal asam', '{p} diperap rempah dan dibakar atas arang, dengan air asam'] },
  { key: 'tom-yam', section: 'soups', price: 1590, macros: [220, 6, 14, 12], allergens: ['fish', 'shellfish', 'seafood'], proteins: ['chicken', 'beef', 'fish', 'prawn', 'squid', 'tofu'],
    name: ['Tom Yam {P}', 'Tom Yam {P}', 'Tom Yam {P}'],
    description: ['Hot and sour lemongrass soup with {p} and mushrooms', 'Sup asam pedas serai dengan {p} dan jamur', 'Sup masam pedas serai dengan {p} dan cendawan'] },
  { key: 'porridge', section: 'soups', price: 890, macros: [300, 6, 52, 4], allergens: [], proteins: ['chicken', 'fish', 'prawn', 'beef', 'charSiu'],
    name: ['{P} Porridge', 'Bubur {P}', 'Bubur {P}'],
    description: ['Silky rice porridge with {p}, ginger and spring onion', 'Bubur nasi lembut dengan {p}, jahe dan daun bawang', 'Bubur nasi lembut dengan {p}, halia dan daun bawang'] },
];

function fill(template: string, proteinName: string): string {
  const text = template.replace('{P}', proteinName).replace('{p}', proteinName.toLowerCase());
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function fillAll([en, id, my]: Style['name'], p: Protein): Translated {
  return t(fill(en, p.name.en), fill(id, p.name.id), fill(my, p.name.my));
}

function styledDish(style: Style, p: Protein): Dish {
  const [kcal, protein, carbs, fat] = style.macros;
  const [moreKcal, moreProtein, moreCarbs, moreFat] = p.macros;
  return {
    name: fillAll(style.name, p),
    description: fillAll(style.description, p),
    nutrition: {
      kcal: kcal + moreKcal,
      protein: protein + moreProtein,
      carbs: carbs + moreCarbs,
      fat: fat + moreFat,
    },
    allergens: [...new Set([...style.allergens, ...p.allergens])],
    pork: p.pork,
    alcohol: false,
    voucher: false,
  };
}

const SECTION_GROUPS: Record<Section, MenuOptionGroupRow[]> = {
  rice: [MY.spice, MY.wokExtras],
  noodles: [MY.spice, MY.wokExtras],
  wok: [MY.wokPortion, MY.wokSides],
  soups: [MY.spice],
};

function generated(section: Section): MenuEntry[] {
  return STYLES.filter((style) => style.section === section).flatMap((style) =>
    style.proteins.map((key) => {
      const p = PROTEINS[key];
      return customEntry(
        `${style.key}-${key}`,
        styledDish(style, p),
        style.price + p.surcharge,
        SECTION_GROUPS[section],
      );
    }),
  );
}

const HOT_DRINK = [MY.temperature, MY.sweetness];

const plain = (keys: DishKey[], price: (i: number) => number): MenuEntry[] =>
  keys.map((key, i) => entry(key, price(i)));

/** The menu of 1004 menu-besar ({@link MENU_BESAR_SIZE} items, 6 categories). */
export const MENU_BESAR_MENU: CategorySpec[] = [
  {
    name: CATEGORY.rice,
    packaging: 50,
    items: [
      entry('nasi-lemak', 790, [MY.nasiLemakSides], 'best'),
      ...plain(
        ['nasi-lemak-ayam', 'nasi-lemak-rendang', 'nasi-goreng-kampung', 'nasi-goreng-pattaya', 'nasi-ayam'],
        (i) => 1290 + i * 100,
      ),
      ...plain(['nasi-kandar', 'nasi-briyani', 'char-siu-rice', 'siew-yuk-rice'], (i) => 1390 + i * 50),
      ...plain(['nasi-goreng', 'nasi-uduk', 'nasi-campur'], (i) => 1490 + i * 100),
      ...generated('rice'),
    ],
  },
  {
    name: CATEGORY.noodles,
    packaging: 50,
    items: [
      entry('char-kway-teow', 1190, [MY.spice, MY.cktExtras]),
      ...plain(
        [
          'mee-goreng-mamak',
          'maggi-goreng',
          'mee-rebus',
          'curry-laksa',
          'asam-laksa',
          'hokkien-mee',
          'wat-tan-hor',
        ],
        (i) => 1090 + i * 50,
      ),
      ...plain(
        ['wantan-mee', 'curry-mee', 'pan-mee', 'mie-ayam', 'mie-goreng-jawa', 'bakso'],
        (i) => 1190 + i * 50,
      ),
      ...generated('noodles'),
    ],
  },
  {
    name: t('Wok & Grill', 'Tumisan & Bakaran', 'Masakan Kuali & Bakar'),
    packaging: 80,
    items: [
      entry('sate-ayam', 1690, [MY.satayPortion, MY.satayExtras], 'best'),
      ...plain(
        ['sate-daging', 'ayam-goreng-berempah', 'rendang-daging', 'sambal-sotong'],
        (i) => 1590 + i * 100,
      ),
      ...plain(['kangkung-belacan', 'ayam-tandoori', 'oyster-omelette', 'ayam-bakar'], (i) => 1290 + i * 150),
      ...plain(['ikan-bakar', 'sate-kambing', 'otak-otak'], (i) => 1890 - i * 300),
      ...generated('wok'),
    ],
  },
  {
    name: t('Soups & Porridge', 'Sup & Bubur', 'Sup & Bubur'),
    packaging: 80,
    items: [
      ...plain(
        [
          'soto-ayam',
          'soto-betawi',
          'sop-buntut',
          'yong-tau-foo',
          'fishball-soup',
          'coto-makassar',
          'sop-konro',
        ],
        (i) => 1290 + i * 100,
      ),
      ...generated('soups'),
    ],
  },
  {
    name: t('Snacks & Desserts', 'Camilan & Hidangan Penutup', 'Snek & Pencuci Mulut'),
    packaging: 30,
    items: [
      entry('roti-canai', 250, [MY.rotiCurry, MY.rotiExtras]),
      ...plain(
        ['roti-telur', 'roti-tisu', 'capati', 'tosai', 'roti-bakar-kaya', 'karipap'],
        (i) => 390 + i * 60,
      ),
      ...plain(['murtabak-ayam', 'popiah', 'loh-bak', 'chee-cheong-fun', 'gado-gado'], (i) => 990 - i * 80),
      ...plain(['pisang-goreng', 'keropok-lekor', 'apam-balik', 'tempe-mendoan'], (i) => 590 + i * 50),
      entry('cendol', 690, [MY.dessertToppings]),
      entry('ais-kacang', 790, [MY.dessertToppings]),
      ...plain(['bubur-kacang-hijau', 'sago-gula-melaka', 'kuih-lapis', 'onde-onde'], (i) => 390 + i * 60),
      ...plain(['es-campur', 'martabak-manis'], (i) => 890 + i * 300),
    ],
  },
  {
    name: CATEGORY.drinks,
    packaging: 20,
    items: [
      entry('teh-tarik', 350, [...HOT_DRINK, MY.drinkSize], 'best'),
      entry('kopi-o', 300, HOT_DRINK),
      entry('kopi', 350, [...HOT_DRINK, MY.drinkAddOns]),
      entry('cham', 380, HOT_DRINK),
      ...plain(['milo-ais', 'neslo', 'sirap-bandung', 'limau-ais', 'barli-ais'], (i) => 450 + i * 20),
      ...plain(['air-kelapa', 'air-tebu', 'soya-bean', 'chinese-tea', 'es-teh-manis'], (i) => 650 - i * 80),
      ...plain(['kopi-susu', 'jus-alpukat'], (i) => 890 + i * 100),
      entry('tiger-beer', 2200),
      entry('guinness', 1800, [], 'out'),
    ],
  },
];
