import { defineSection } from './define';

/**
 * The words of a page's title, description and link previews (Open Graph, Twitter cards), which the
 * API writes into the served HTML (apps/api `routes/page-meta.ts`): prefix `meta.`, owned by the
 * server, so no app ships them; and the menu a browser without JavaScript reads (`meta.noscript.*`).
 */
export const pageMetaSection = defineSection({
  en: {
    'meta.default.title': 'Santap — order from the menu',
    'meta.default.description':
      'Scan, order and pay from your phone at restaurants and food courts in Malaysia and Indonesia: dine-in, delivery or pickup.',
    'meta.restaurant.title': '{{name}} — menu and online ordering',
    'meta.restaurant.description':
      '{{name}} ({{details}}): see the menu and order online for dine-in, delivery or pickup.',
    'meta.restaurant.descriptionPlain':
      '{{name}}: see the menu and order online for dine-in, delivery or pickup.',
    'meta.restaurant.menuName': 'Menu of {{name}}',
    'meta.mall.title': '{{name}} — food court',
    'meta.mall.description':
      'Order from {{count}} outlets at {{name}} in one cart and pay once: {{outlets}}.',
    'meta.outlet.title': '{{outlet}} at {{mall}}',
    'meta.noscript.intro': 'To order, turn on JavaScript in your browser. The menu:',
    'meta.noscript.soldOut': 'sold out',
  },
  id: {
    'meta.default.title': 'Santap — pesan dari menu',
    'meta.default.description':
      'Pindai, pesan, dan bayar dari ponsel Anda di restoran dan pujasera di Malaysia dan Indonesia: makan di tempat, antar, atau ambil sendiri.',
    'meta.restaurant.title': '{{name}} — menu dan pesan online',
    'meta.restaurant.description':
      '{{name}} ({{details}}): lihat menu dan pesan online untuk makan di tempat, antar, atau ambil sendiri.',
    'meta.restaurant.descriptionPlain':
      '{{name}}: lihat menu dan pesan online untuk makan di tempat, antar, atau ambil sendiri.',
    'meta.restaurant.menuName': 'Menu {{name}}',
    'meta.mall.title': '{{name}} — pujasera',
    'meta.mall.description':
      'Pesan dari {{count}} gerai di {{name}} dalam satu keranjang dan bayar sekali: {{outlets}}.',
    'meta.outlet.title': '{{outlet}} di {{mall}}',
    'meta.noscript.intro': 'Untuk memesan, aktifkan JavaScript di peramban Anda. Menunya:',
    'meta.noscript.soldOut': 'habis',
  },
  my: {
    'meta.default.title': 'Santap — pesan dari menu',
    'meta.default.description':
      'Imbas, pesan dan bayar dari telefon anda di restoran dan medan selera di Malaysia dan Indonesia: makan di sini, penghantaran atau ambil sendiri.',
    'meta.restaurant.title': '{{name}} — menu dan pesanan dalam talian',
    'meta.restaurant.description':
      '{{name}} ({{details}}): lihat menu dan pesan dalam talian untuk makan di sini, penghantaran atau ambil sendiri.',
    'meta.restaurant.descriptionPlain':
      '{{name}}: lihat menu dan pesan dalam talian untuk makan di sini, penghantaran atau ambil sendiri.',
    'meta.restaurant.menuName': 'Menu {{name}}',
    'meta.mall.title': '{{name}} — medan selera',
    'meta.mall.description':
      'Pesan dari {{count}} gerai di {{name}} dalam satu troli dan bayar sekali: {{outlets}}.',
    'meta.outlet.title': '{{outlet}} di {{mall}}',
    'meta.noscript.intro': 'Untuk membuat pesanan, hidupkan JavaScript dalam pelayar anda. Menunya:',
    'meta.noscript.soldOut': 'habis dijual',
  },
});
