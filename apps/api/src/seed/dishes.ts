/**
 * The dish table the demo menus draw from: real Malaysian and Indonesian dishes with names and
 * descriptions in en, id and my, nutrition per serving and allergens. Prices live in the menus,
 * because the same teh tarik costs differently at each stall.
 *
 * Allergen tags: `fish` for fish and anchovies, `shellfish` for prawns, shrimp paste, crab, cockles
 * and oysters (always with `seafood`), `seafood` alone for squid, `nuts` for peanuts and cashews,
 * `gluten` for wheat (noodles, roti, soy sauce, batter) and barley.
 */
import { dish } from './dish-kit';
import type { Dish } from './dish-kit';

export const DISHES = {
  // --- Malaysian rice -------------------------------------------------------------------------------
  'nasi-lemak': dish([650, 18, 80, 28], ['fish', 'nuts'], {
    en: ['Nasi Lemak', 'Coconut rice with sambal, fried anchovies, peanuts, cucumber and a boiled egg'],
    id: ['Nasi Lemak', 'Nasi gurih santan dengan sambal, teri goreng, kacang, timun dan telur rebus'],
    my: ['Nasi Lemak', 'Nasi lemak dengan sambal, ikan bilis, kacang, timun dan telur rebus'],
  }),
  'nasi-lemak-ayam': dish([980, 42, 85, 50], ['fish', 'nuts'], {
    en: ['Nasi Lemak Ayam Goreng', 'Nasi lemak with a spiced fried chicken leg'],
    id: ['Nasi Lemak Ayam Goreng', 'Nasi lemak dengan paha ayam goreng berempah'],
    my: ['Nasi Lemak Ayam Goreng', 'Nasi lemak bersama ayam goreng berempah'],
  }),
  'nasi-lemak-rendang': dish([920, 38, 82, 46], ['fish', 'nuts'], {
    en: ['Nasi Lemak Rendang Daging', 'Nasi lemak with slow-cooked beef rendang'],
    id: ['Nasi Lemak Rendang Sapi', 'Nasi lemak dengan rendang sapi yang dimasak perlahan'],
    my: ['Nasi Lemak Rendang Daging', 'Nasi lemak bersama rendang daging yang dimasak perlahan'],
  }),
  'nasi-lemak-rendang-ayam': dish([880, 36, 82, 42], ['fish', 'nuts'], {
    en: ['Nasi Lemak Rendang Ayam', 'Nasi lemak with chicken rendang in toasted coconut gravy'],
    id: ['Nasi Lemak Rendang Ayam', 'Nasi lemak dengan rendang ayam berbumbu kelapa sangrai'],
    my: ['Nasi Lemak Rendang Ayam', 'Nasi lemak bersama rendang ayam berkuah kerisik'],
  }),
  'nasi-lemak-sotong': dish([760, 30, 84, 30], ['fish', 'nuts', 'seafood'], {
    en: ['Nasi Lemak Sambal Sotong', 'Nasi lemak with squid in sweet and spicy sambal'],
    id: ['Nasi Lemak Cumi Sambal', 'Nasi lemak dengan cumi sambal manis pedas'],
    my: ['Nasi Lemak Sambal Sotong', 'Nasi lemak bersama sambal sotong manis pedas'],
  }),
  'nasi-lemak-udang': dish([740, 32, 82, 28], ['fish', 'nuts', 'shellfish', 'seafood'], {
    en: ['Nasi Lemak Sambal Udang', 'Nasi lemak with prawns in chilli sambal'],
    id: ['Nasi Lemak Udang Balado', 'Nasi lemak dengan udang balado'],
    my: ['Nasi Lemak Sambal Udang', 'Nasi lemak bersama sambal udang'],
  }),
  'nasi-lemak-paru': dish([800, 34, 80, 38], ['fish', 'nuts'], {
    en: ['Nasi Lemak Paru Goreng', 'Nasi lemak with crispy fried beef lung'],
    id: ['Nasi Lemak Paru Goreng', 'Nasi lemak dengan paru sapi goreng renyah'],
    my: ['Nasi Lemak Paru Goreng', 'Nasi lemak bersama paru goreng rangup'],
  }),
  'nasi-goreng-kampung': dish([720, 22, 95, 26], ['fish'], {
    en: ['Nasi Goreng Kampung', 'Village-style fried rice with anchovies, water spinach and a fried egg'],
    id: ['Nasi Goreng Kampung', 'Nasi goreng ala kampung dengan teri, kangkung dan telur ceplok'],
    my: ['Nasi Goreng Kampung', 'Nasi goreng kampung dengan ikan bilis, kangkung dan telur mata'],
  }),
  'nasi-goreng-pattaya': dish([780, 30, 92, 30], ['gluten'], {
    en: ['Nasi Goreng Pattaya', 'Chicken fried rice wrapped in a thin omelette'],
    id: ['Nasi Goreng Pattaya', 'Nasi goreng ayam yang dibungkus telur dadar tipis'],
    my: ['Nasi Goreng Pattaya', 'Nasi goreng ayam berbalut telur dadar nipis'],
  }),
  'nasi-ayam': dish([600, 35, 75, 18], ['gluten'], {
    en: ['Chicken Rice', 'Poached chicken with fragrant rice, chilli sauce and clear soup'],
    id: ['Nasi Ayam Hainan', 'Ayam rebus dengan nasi gurih, sambal dan kuah bening'],
    my: ['Nasi Ayam', 'Ayam rebus bersama nasi minyak, sos cili dan sup'],
  }),
  'nasi-kandar': dish([850, 38, 95, 34], ['fish'], {
    en: ['Nasi Kandar', 'Rice flooded with mixed curries, fried chicken and okra'],
    id: ['Nasi Kandar', 'Nasi dengan siraman aneka kari, ayam goreng dan okra'],
    my: ['Nasi Kandar', 'Nasi berkuah campur dengan ayam goreng dan bendi'],
  }),
  'nasi-briyani': dish([820, 36, 98, 30], [], {
    en: ['Chicken Briyani', 'Spiced basmati rice with chicken curry, raita and pappadum'],
    id: ['Nasi Biryani Ayam', 'Nasi basmati berempah dengan kari ayam, raita dan papadam'],
    my: ['Nasi Briyani Ayam', 'Nasi basmati berempah bersama kari ayam, raita dan papadom'],
  }),
  'char-siu-rice': dish([680, 30, 82, 24], ['gluten'], {
    en: ['Char Siu Rice', 'Honey-glazed roast pork on rice with cucumber and dark soy'],
    id: ['Nasi Char Siu', 'Babi panggang madu di atas nasi dengan timun dan kecap'],
    my: ['Nasi Char Siu', 'Char siu babi panggang madu di atas nasi dengan timun dan kicap'],
    pork: true,
  }),
  'siew-yuk-rice': dish([760, 32, 78, 36], ['gluten'], {
    en: ['Roast Pork Rice', 'Crispy-skin roast pork on rice with mustard'],
    id: ['Nasi Siew Yuk', 'Babi panggang berkulit renyah di atas nasi dengan mustard'],
    my: ['Nasi Siew Yuk', 'Babi panggang kulit rangup di atas nasi dengan mustard'],
    pork: true,
  }),

  // --- Malaysian noodles ----------------------------------------------------------------------------
  'mee-goreng-mamak': dish([690, 20, 90, 26], ['gluten'], {
    en: ['Mee Goreng Mamak', 'Wok-fried yellow noodles with potato, tofu, egg and chilli'],
    id: ['Mi Goreng Mamak', 'Mi kuning goreng dengan kentang, tahu, telur dan cabai'],
    my: ['Mi Goreng Mamak', 'Mi kuning goreng dengan kentang, tauhu, telur dan cili'],
  }),
  'maggi-goreng': dish([620, 16, 80, 26], ['gluten'], {
    en: ['Maggi Goreng', 'Fried instant noodles with egg, vegetables and chilli'],
    id: ['Mi Instan Goreng Mamak', 'Mi instan goreng dengan telur, sayur dan cabai'],
    my: ['Maggi Goreng', 'Maggi goreng dengan telur, sayur dan cili'],
  }),
  'mee-rebus': dish([560, 18, 82, 16], ['gluten', 'shellfish', 'seafood'], {
    en: ['Mee Rebus', 'Yellow noodles in a thick sweet potato gravy with egg and lime'],
    id: ['Mi Rebus', 'Mi kuning dengan kuah ubi manis kental, telur dan jeruk limau'],
    my: ['Mi Rebus', 'Mi kuning dengan kuah keledek pekat, telur dan limau'],
  }),
  'curry-laksa': dish([720, 28, 70, 36], ['gluten', 'shellfish', 'seafood'], {
    en: ['Curry Laksa', 'Noodles in spicy coconut curry with tofu puffs, prawns and cockles'],
    id: ['Laksa Kari', 'Mi dalam kuah kari santan pedas dengan tahu pong, udang dan kerang'],
    my: ['Laksa Kari', 'Mi dalam kuah kari lemak pedas dengan tauhu pok, udang dan kerang'],
  }),
  'asam-laksa': dish([480, 24, 70, 10], ['fish', 'shellfish', 'seafood'], {
    en: ['Penang Asam Laksa', 'Rice noodles in tangy mackerel and tamarind broth with pineapple and mint'],
    id: ['Laksa Asam Penang', 'Mi beras dalam kuah ikan kembung asam dengan nanas dan daun mint'],
    my: ['Laksa Pulau Pinang', 'Laksa dalam kuah ikan kembung dan asam jawa dengan nanas dan pudina'],
  }),
  'char-kway-teow': dish([740, 24, 86, 34], ['gluten', 'shellfish', 'seafood'], {
    en: ['Char Kway Teow', 'Flat rice noodles fried in lard with prawns, cockles, Chinese sausage and egg'],
    id: ['Kwetiau Goreng Penang', 'Kwetiau goreng minyak babi dengan udang, kerang, sosis Cina dan telur'],
    my: ['Char Kuey Teow', 'Kuey teow goreng minyak babi dengan udang, kerang, lap cheong dan telur'],
    pork: true,
  }),
  'ckt-special': dish([820, 34, 86, 38], ['gluten', 'shellfish', 'seafood'], {
    en: ['Char Kway Teow Special', 'Our char kway teow with large prawns and a duck egg'],
    id: ['Kwetiau Goreng Spesial', 'Kwetiau goreng kami dengan udang besar dan telur bebek'],
    my: ['Char Kuey Teow Istimewa', 'Char kuey teow kami dengan udang besar dan telur itik'],
    pork: true,
  }),
  'hokkien-mee': dish([780, 28, 84, 36], ['gluten', 'shellfish', 'seafood'], {
    en: ['KL Hokkien Mee', 'Thick noodles braised in dark soy with pork, prawns and crispy lard'],
    id: ['Mi Hokkien KL', 'Mi tebal dimasak kecap hitam dengan daging babi, udang dan lemak babi goreng'],
    my: ['Mi Hokkien KL', 'Mi kasar dimasak kicap pekat dengan daging babi, udang dan lemak babi rangup'],
    pork: true,
  }),
  'wat-tan-hor': dish([650, 28, 80, 22], ['gluten', 'shellfish', 'seafood'], {
    en: ['Wat Tan Hor', 'Seared flat noodles in silky egg gravy with chicken and prawns'],
    id: ['Kwetiau Siram', 'Kwetiau siram kuah telur lembut dengan ayam dan udang'],
    my: ['Wat Tan Hor', 'Kuey teow berkuah telur licin dengan ayam dan udang'],
  }),
  'wantan-mee': dish([560, 26, 70, 18], ['gluten'], {
    en: ['Wantan Mee', 'Springy egg noodles with char siu and pork wontons'],
    id: ['Mi Pangsit', 'Mi telur kenyal dengan babi panggang dan pangsit babi'],
    my: ['Mi Wantan', 'Mi telur kenyal dengan char siu dan wantan babi'],
    pork: true,
  }),
  'curry-mee': dish([690, 30, 66, 34], ['gluten', 'shellfish', 'seafood'], {
    en: ['Curry Mee', 'Yellow noodles and vermicelli in curry with chicken, tofu puffs and cockles'],
    id: ['Mi Kari', 'Mi kuning dan bihun dalam kuah kari dengan ayam, tahu pong dan kerang'],
    my: ['Mi Kari', 'Mi kuning dan bihun dalam kuah kari dengan ayam, tauhu pok dan kerang'],
  }),
  'pan-mee': dish([520, 24, 70, 14], ['gluten', 'fish'], {
    en: ['Pan Mee', 'Hand-torn noodles in anchovy broth with minced pork, mushrooms and greens'],
    id: ['Mi Sobek', 'Mi sobek tangan dalam kaldu teri dengan daging babi cincang, jamur dan sayur'],
    my: ['Pan Mee', 'Mi carik tangan dalam sup ikan bilis dengan daging babi cincang, cendawan dan sayur'],
    pork: true,
  }),
  'chee-cheong-fun': dish([380, 8, 70, 8], ['gluten'], {
    en: ['Chee Cheong Fun', 'Steamed rice rolls with sweet sauce, chilli and sesame'],
    id: ['Kwetiau Gulung', 'Gulungan kwetiau kukus dengan saus manis, sambal dan wijen'],
    my: ['Chee Cheong Fun', 'Gulungan tepung beras kukus dengan sos manis, cili dan bijan'],
  }),
  'oyster-omelette': dish([460, 20, 30, 28], ['shellfish', 'seafood'], {
    en: ['Oyster Omelette', 'Crisp egg and sweet potato starch omelette with fresh oysters'],
    id: ['Telur Dadar Tiram', 'Telur dadar renyah dengan tepung ubi dan tiram segar'],
    my: ['Telur Goreng Tiram', 'Telur dadar rangup dengan tepung keledek dan tiram segar'],
  }),
  'yong-tau-foo': dish([380, 24, 28, 18], ['fish'], {
    en: ['Yong Tau Foo', 'Tofu and vegetables stuffed with fish paste, in clear soup'],
    id: ['Yong Tau Fu', 'Tahu dan sayuran isi pasta ikan dalam kuah bening'],
    my: ['Yong Tau Foo', 'Tauhu dan sayur sumbat isi ikan dalam sup jernih'],
  }),
  'fishball-soup': dish([420, 20, 66, 6], ['fish'], {
    en: ['Fishball Noodle Soup', 'Rice vermicelli in clear broth with bouncy fish balls'],
    id: ['Bihun Bakso Ikan', 'Bihun dalam kuah bening dengan bakso ikan kenyal'],
    my: ['Bihun Sup Bebola Ikan', 'Bihun dalam sup jernih dengan bebola ikan'],
  }),
  'loh-bak': dish([420, 22, 20, 28], ['gluten'], {
    en: ['Loh Bak', 'Five-spice pork rolls in bean curd skin with sweet sauce'],
    id: ['Ngohiong', 'Gulungan daging babi lima rempah berbalut kulit tahu dengan saus manis'],
    my: ['Lobak', 'Gulungan daging babi lima rempah dibalut kulit tauhu dengan sos manis'],
    pork: true,
  }),
  popiah: dish([260, 8, 36, 8], ['gluten', 'nuts'], {
    en: ['Popiah', 'Fresh spring roll with jicama, egg, peanuts and sweet sauce'],
    id: ['Lumpia Basah', 'Lumpia basah berisi bengkuang, telur, kacang dan saus manis'],
    my: ['Popiah', 'Popiah basah berisi sengkuang, telur, kacang dan sos manis'],
  }),

  // --- Roti, toast and eggs --------------------------------------------------------------------------
  'roti-canai': dish([300, 6, 40, 12], ['gluten'], {
    en: ['Roti Canai', 'Flaky griddled flatbread served with dhal and curry'],
    id: ['Roti Canai', 'Roti canai renyah berlapis disajikan dengan kari dal'],
    my: ['Roti Canai', 'Roti canai rangup dihidang bersama kuah dal dan kari'],
  }),
  'roti-telur': dish([390, 12, 40, 20], ['gluten'], {
    en: ['Roti Telur', 'Roti canai folded around a fresh egg'],
    id: ['Roti Canai Telur', 'Roti canai berisi telur'],
    my: ['Roti Telur', 'Roti canai berinti telur'],
  }),
  'roti-bawang': dish([340, 7, 46, 13], ['gluten'], {
    en: ['Roti Bawang', 'Roti canai with chopped red onion cooked into the dough'],
    id: ['Roti Canai Bawang', 'Roti canai dengan irisan bawang merah'],
    my: ['Roti Bawang', 'Roti canai dengan bawang merah dicincang'],
  }),
  'roti-tisu': dish([480, 8, 64, 20], ['gluten'], {
    en: ['Roti Tisu', 'Paper-thin crisp cone of roti with condensed milk and sugar'],
    id: ['Roti Tisu', 'Roti tipis renyah berbentuk kerucut dengan susu kental manis dan gula'],
    my: ['Roti Tisu', 'Roti nipis rangup berbentuk kon dengan susu pekat dan gula'],
  }),
  'roti-planta': dish([420, 6, 46, 22], ['gluten'], {
    en: ['Roti Planta', 'Roti canai layered with margarine and sugar'],
    id: ['Roti Planta', 'Roti canai berlapis margarin dan gula'],
    my: ['Roti Planta', 'Roti canai berlapis marjerin dan gula'],
  }),
  'roti-sardin': dish([460, 18, 44, 22], ['gluten', 'fish'], {
    en: ['Roti Sardin', 'Roti stuffed with sardines in tomato sauce and onion'],
    id: ['Roti Sarden', 'Roti berisi sarden saus tomat dan bawang'],
    my: ['Roti Sardin', 'Roti berinti sardin sos tomato dan bawang'],
  }),
  'roti-pisang': dish([440, 7, 66, 16], ['gluten'], {
    en: ['Roti Pisang', 'Roti filled with sliced banana and drizzled with honey'],
    id: ['Roti Pisang', 'Roti berisi pisang iris dan siraman madu'],
    my: ['Roti Pisang', 'Roti berinti pisang dan disiram madu'],
  }),
  'murtabak-ayam': dish([780, 40, 60, 40], ['gluten'], {
    en: ['Murtabak Ayam', 'Stuffed pan-fried bread with spiced minced chicken, egg and onion'],
    id: ['Martabak Telur Ayam', 'Martabak telur isi ayam cincang berbumbu, telur dan bawang'],
    my: ['Murtabak Ayam', 'Murtabak berinti ayam cincang berempah, telur dan bawang'],
  }),
  'murtabak-daging': dish([820, 42, 60, 44], ['gluten'], {
    en: ['Murtabak Daging', 'Stuffed pan-fried bread with spiced minced beef, egg and onion'],
    id: ['Martabak Telur Daging', 'Martabak telur isi daging sapi cincang berbumbu, telur dan bawang'],
    my: ['Murtabak Daging', 'Murtabak berinti daging cincang berempah, telur dan bawang'],
  }),
  capati: dish([240, 8, 40, 5], ['gluten'], {
    en: ['Chapati', 'Wholemeal flatbread with dhal and vegetable curry'],
    id: ['Chapati', 'Roti gandum utuh dengan kari dal dan sayur'],
    my: ['Capati', 'Roti gandum penuh dengan kuah dal dan kari sayur'],
  }),
  tosai: dish([280, 7, 50, 6], [], {
    en: ['Thosai', 'Crisp fermented rice and lentil crepe with chutneys and sambar'],
    id: ['Dosa', 'Dosa renyah dari beras dan kacang lentil dengan chutney dan sambar'],
    my: ['Tosai', 'Tosai rangup daripada beras dan kacang dal dengan chutney dan sambar'],
  }),
  'tosai-masala': dish([390, 9, 66, 10], [], {
    en: ['Masala Thosai', 'Thosai filled with spiced potato masala'],
    id: ['Dosa Masala', 'Dosa berisi kentang berbumbu masala'],
    my: ['Tosai Masala', 'Tosai berinti kentang masala berempah'],
  }),
  'roti-bakar-kaya': dish([320, 6, 40, 15], ['gluten'], {
    en: ['Kaya Butter Toast', 'Charcoal-toasted bread with coconut egg jam and cold butter'],
    id: ['Roti Bakar Srikaya', 'Roti bakar arang dengan selai srikaya dan mentega dingin'],
    my: ['Roti Bakar Kaya', 'Roti bakar arang dengan kaya dan mentega sejuk'],
  }),
  'telur-separuh-masak': dish([160, 13, 2, 10], ['gluten'], {
    en: ['Half-Boiled Eggs', 'Two soft eggs with soy sauce and white pepper'],
    id: ['Telur Setengah Matang', 'Dua butir telur setengah matang dengan kecap asin dan merica'],
    my: ['Telur Separuh Masak', 'Dua biji telur separuh masak dengan kicap dan lada putih'],
  }),
  'roti-john': dish([690, 30, 70, 30], ['gluten'], {
    en: ['Roti John', 'Baguette omelette sandwich with minced beef, onion and chilli sauce'],
    id: ['Roti John', 'Roti panjang dengan telur dadar, daging cincang, bawang dan saus cabai'],
    my: ['Roti John', 'Roti panjang dengan telur dadar, daging cincang, bawang dan sos cili'],
  }),

  // --- Malaysian sides and snacks --------------------------------------------------------------------
  'sate-ayam': dish([520, 38, 18, 32], ['nuts'], {
    en: ['Chicken Satay', 'Grilled marinated chicken skewers with peanut sauce, cucumber and onion'],
    id: ['Sate Ayam', 'Sate ayam bakar berbumbu dengan saus kacang, timun dan bawang'],
    my: ['Sate Ayam', 'Sate ayam bakar dengan kuah kacang, timun dan bawang'],
  }),
  'sate-daging': dish([560, 40, 18, 36], ['nuts'], {
    en: ['Beef Satay', 'Grilled beef skewers with peanut sauce'],
    id: ['Sate Daging Sapi', 'Sate daging sapi bakar dengan saus kacang'],
    my: ['Sate Daging', 'Sate daging bakar dengan kuah kacang'],
  }),
  'ayam-goreng-berempah': dish([430, 30, 8, 30], [], {
    en: ['Spiced Fried Chicken', 'Chicken leg marinated in turmeric and spices, fried crisp'],
    id: ['Ayam Goreng Berempah', 'Paha ayam berbumbu kunyit dan rempah, digoreng renyah'],
    my: ['Ayam Goreng Berempah', 'Peha ayam diperap kunyit dan rempah, digoreng rangup'],
  }),
  'rendang-daging': dish([420, 30, 8, 30], [], {
    en: ['Beef Rendang', 'Beef simmered for hours in coconut milk, spices and toasted coconut'],
    id: ['Rendang Sapi', 'Daging sapi dimasak berjam-jam dalam santan, rempah dan kelapa sangrai'],
    my: ['Rendang Daging', 'Daging dimasak berjam-jam dalam santan, rempah dan kerisik'],
  }),
  'sambal-sotong': dish([260, 22, 14, 12], ['seafood'], {
    en: ['Sambal Squid', 'Squid cooked in sweet and spicy chilli sambal'],
    id: ['Cumi Sambal', 'Cumi dimasak dengan sambal manis pedas'],
    my: ['Sambal Sotong', 'Sotong dimasak dengan sambal manis pedas'],
  }),
  'telur-mata': dish([90, 6, 0, 7], [], {
    en: ['Fried Egg', 'Sunny-side-up egg with crisp edges'],
    id: ['Telur Ceplok', 'Telur ceplok dengan pinggiran renyah'],
    my: ['Telur Mata', 'Telur goreng mata kerbau yang rangup di tepi'],
  }),
  begedil: dish([180, 3, 20, 10], [], {
    en: ['Potato Begedil', 'Fried mashed-potato patty with shallots and nutmeg'],
    id: ['Perkedel Kentang', 'Perkedel kentang goreng dengan bawang merah dan pala'],
    my: ['Begedil', 'Begedil kentang goreng dengan bawang merah dan buah pala'],
  }),
  'kangkung-belacan': dish([150, 5, 10, 10], ['shellfish', 'seafood'], {
    en: ['Kangkung Belacan', 'Water spinach stir-fried with shrimp paste and chilli'],
    id: ['Cah Kangkung Terasi', 'Kangkung tumis terasi dan cabai'],
    my: ['Kangkung Belacan', 'Kangkung goreng belacan dan cili'],
  }),
  'pisang-goreng': dish([320, 3, 50, 12], ['gluten'], {
    en: ['Banana Fritters', 'Crisp battered banana fritters'],
    id: ['Pisang Goreng', 'Pisang goreng renyah berbalut tepung'],
    my: ['Pisang Goreng', 'Pisang goreng rangup bersalut tepung'],
  }),
  karipap: dish([340, 8, 38, 18], ['gluten'], {
    en: ['Curry Puffs (2 pcs)', 'Flaky pastries filled with curried potato and chicken'],
    id: ['Pastel Kari (2 buah)', 'Pastel renyah berisi kentang dan ayam berbumbu kari'],
    my: ['Karipap (2 biji)', 'Pastri rangup berinti kentang dan ayam berkari'],
  }),
  'cucur-udang': dish([360, 12, 40, 16], ['gluten', 'shellfish', 'seafood'], {
    en: ['Prawn Fritters', 'Crisp fritters with small prawns and chives, with chilli sauce'],
    id: ['Bakwan Udang', 'Bakwan renyah dengan udang kecil dan kucai, dengan saus cabai'],
    my: ['Cucur Udang', 'Cucur rangup dengan udang kecil dan kucai, bersama sos cili'],
  }),
  'keropok-lekor': dish([300, 14, 40, 9], ['gluten', 'fish'], {
    en: ['Keropok Lekor', 'Chewy Terengganu fish sausages, fried, with chilli dip'],
    id: ['Kerupuk Lekor', 'Kerupuk ikan khas Terengganu yang kenyal, digoreng, dengan saus cabai'],
    my: ['Keropok Lekor', 'Keropok ikan Terengganu yang kenyal, digoreng, dengan sos cili'],
  }),
  'apam-balik': dish([420, 9, 58, 16], ['gluten', 'nuts'], {
    en: ['Apam Balik', 'Folded crisp pancake with crushed peanuts, sugar and sweet corn'],
    id: ['Terang Bulan Tipis', 'Martabak manis tipis lipat dengan kacang tumbuk, gula dan jagung manis'],
    my: ['Apam Balik', 'Apam balik rangup dengan kacang tumbuk, gula dan jagung'],
  }),
  'otak-otak': dish([180, 14, 6, 11], ['fish'], {
    en: ['Otak-Otak', 'Spiced fish custard grilled in banana leaf'],
    id: ['Otak-Otak', 'Adonan ikan berbumbu dibakar dalam daun pisang'],
    my: ['Otak-Otak', 'Isi ikan berempah dibakar dalam daun pisang'],
  }),
  'ayam-tandoori': dish([380, 40, 6, 20], [], {
    en: ['Tandoori Chicken', 'Yoghurt-marinated chicken roasted in a clay oven, with mint chutney'],
    id: ['Ayam Tandoori', 'Ayam berbumbu yoghurt dipanggang dalam tungku tanah liat, dengan chutney mint'],
    my: ['Ayam Tandoori', 'Ayam perapan yogurt dibakar dalam ketuhar tanah liat, dengan chutney pudina'],
  }),

  // --- Kuih and desserts -----------------------------------------------------------------------------
  'kuih-lapis': dish([180, 2, 32, 5], [], {
    en: ['Kuih Lapis', 'Steamed nine-layer rice flour and coconut cake'],
    id: ['Kue Lapis', 'Kue lapis kukus dari tepung beras dan santan'],
    my: ['Kuih Lapis', 'Kuih lapis kukus daripada tepung beras dan santan'],
  }),
  'seri-muka': dish([220, 4, 36, 7], [], {
    en: ['Seri Muka', 'Glutinous rice topped with pandan custard'],
    id: ['Kue Seri Muka', 'Ketan dengan lapisan puding pandan'],
    my: ['Seri Muka', 'Pulut dengan lapisan kastard pandan'],
  }),
  'onde-onde': dish([200, 2, 38, 5], [], {
    en: ['Onde-Onde (5 pcs)', 'Pandan rice balls filled with palm sugar, rolled in coconut'],
    id: ['Onde-Onde (5 buah)', 'Bola ketan pandan berisi gula merah, dibalut kelapa parut'],
    my: ['Onde-Onde (5 biji)', 'Bebola pulut pandan berinti gula melaka, disalut kelapa parut'],
  }),
  cendol: dish([350, 3, 58, 13], [], {
    en: ['Cendol', 'Shaved ice with green rice jellies, coconut milk and palm sugar'],
    id: ['Es Cendol', 'Serutan es dengan cendol hijau, santan dan gula aren'],
    my: ['Cendol', 'Ais serut dengan cendol, santan dan gula melaka'],
  }),
  'ais-kacang': dish([310, 5, 64, 4], [], {
    en: ['Ais Kacang', 'Shaved ice with red beans, sweet corn, jellies, syrup and evaporated milk'],
    id: ['Es Kacang Merah', 'Serutan es dengan kacang merah, jagung manis, jeli, sirup dan susu'],
    my: ['Ais Batu Campur (ABC)', 'Ais kisar dengan kacang merah, jagung, cincau, sirap dan susu cair'],
  }),
  'bubur-kacang-hijau': dish([280, 8, 46, 8], [], {
    en: ['Mung Bean Porridge', 'Sweet mung beans in coconut milk with pandan'],
    id: ['Bubur Kacang Hijau', 'Kacang hijau manis dengan santan dan daun pandan'],
    my: ['Bubur Kacang Hijau', 'Kacang hijau manis dengan santan dan daun pandan'],
  }),
  'sago-gula-melaka': dish([300, 1, 54, 9], [], {
    en: ['Sago Gula Melaka', 'Chilled sago pearls with coconut milk and palm sugar syrup'],
    id: ['Puding Sagu Gula Aren', 'Puding sagu dingin dengan santan dan sirup gula aren'],
    my: ['Sagu Gula Melaka', 'Sagu sejuk dengan santan dan sirap gula melaka'],
  }),

  // --- Malaysian drinks ------------------------------------------------------------------------------
  'teh-tarik': dish([160, 4, 26, 4], [], {
    en: ['Teh Tarik', 'Strong black tea pulled with condensed milk until frothy'],
    id: ['Teh Tarik', 'Teh hitam pekat dengan susu kental manis, ditarik hingga berbusa'],
    my: ['Teh Tarik', 'Teh pekat dengan susu pekat manis, ditarik hingga berbuih'],
  }),
  'teh-halia': dish([170, 4, 28, 4], [], {
    en: ['Ginger Tea', 'Pulled milk tea with fresh ginger'],
    id: ['Teh Jahe', 'Teh susu tarik dengan jahe segar'],
    my: ['Teh Halia', 'Teh tarik dengan halia segar'],
  }),
  'teh-o-ais-limau': dish([90, 0, 22, 0], [], {
    en: ['Iced Lime Tea', 'Iced black tea with fresh lime'],
    id: ['Es Teh Jeruk Nipis', 'Es teh dengan perasan jeruk nipis'],
    my: ['Teh O Ais Limau', 'Teh O ais dengan perahan limau'],
  }),
  'kopi-o': dish([70, 0, 16, 0], [], {
    en: ['Kopi O', 'Sweetened black coffee from butter-roasted beans'],
    id: ['Kopi Hitam', 'Kopi hitam manis dari biji kopi sangrai mentega'],
    my: ['Kopi O', 'Kopi hitam manis daripada biji kopi yang digoreng dengan mentega'],
  }),
  kopi: dish([150, 3, 24, 4], [], {
    en: ['Kopi', 'Kopitiam coffee with condensed milk'],
    id: ['Kopi Susu Kopitiam', 'Kopi ala kopitiam dengan susu kental manis'],
    my: ['Kopi', 'Kopi kopitiam dengan susu pekat manis'],
  }),
  cham: dish([160, 3, 26, 4], [], {
    en: ['Cham', 'Coffee and tea blended with condensed milk'],
    id: ['Kopi Campur Teh', 'Campuran kopi dan teh dengan susu kental manis'],
    my: ['Kopi Cham', 'Campuran kopi dan teh dengan susu pekat manis'],
  }),
  'milo-ais': dish([220, 6, 36, 5], ['gluten'], {
    en: ['Iced Milo', 'Chocolate malt drink over ice'],
    id: ['Es Milo', 'Minuman cokelat malt dengan es'],
    my: ['Milo Ais', 'Minuman coklat malt dengan ais'],
  }),
  'milo-dinosaur': dish([340, 9, 58, 8], ['gluten'], {
    en: ['Milo Dinosaur', 'Iced Milo topped with a mound of Milo powder'],
    id: ['Milo Dinosaurus', 'Es Milo dengan taburan bubuk Milo yang menggunung'],
    my: ['Milo Dinosaur', 'Milo ais dengan serbuk Milo bertimbun di atasnya'],
  }),
  neslo: dish([230, 6, 36, 6], ['gluten'], {
    en: ['Neslo', 'Nescafé and Milo with condensed milk'],
    id: ['Neslo', 'Campuran Nescafé dan Milo dengan susu kental manis'],
    my: ['Neslo', 'Campuran Nescafé dan Milo dengan susu pekat'],
  }),
  'sirap-bandung': dish([200, 3, 38, 4], [], {
    en: ['Sirap Bandung', 'Rose syrup with evaporated and condensed milk'],
    id: ['Sirup Mawar Susu', 'Sirup mawar dengan susu evaporasi dan susu kental manis'],
    my: ['Sirap Bandung', 'Sirap ros dengan susu cair dan susu pekat'],
  }),
  'limau-ais': dish([90, 0, 22, 0], [], {
    en: ['Iced Lime Juice', 'Fresh lime juice with a salted sour plum'],
    id: ['Es Jeruk Nipis', 'Jus jeruk nipis segar dengan manisan asam'],
    my: ['Limau Ais', 'Jus limau segar dengan asam boi'],
  }),
  'barli-ais': dish([120, 1, 28, 0], ['gluten'], {
    en: ['Iced Barley', 'Sweet barley water with winter melon'],
    id: ['Es Barli', 'Air barli manis dengan kundur'],
    my: ['Barli Ais', 'Air barli manis dengan kundur'],
  }),
  'air-kelapa': dish([140, 2, 28, 3], [], {
    en: ['Young Coconut', 'Chilled young coconut water with tender flesh'],
    id: ['Es Kelapa Muda', 'Air kelapa muda dingin dengan daging kelapa lembut'],
    my: ['Air Kelapa Muda', 'Air kelapa muda sejuk dengan isi kelapa lembut'],
  }),
  'air-tebu': dish([180, 0, 45, 0], [], {
    en: ['Sugarcane Juice', 'Freshly pressed sugarcane with a squeeze of lemon'],
    id: ['Es Tebu', 'Air tebu segar peras dengan sedikit lemon'],
    my: ['Air Tebu', 'Air tebu segar dengan sedikit lemon'],
  }),
  'soya-bean': dish([130, 7, 18, 4], [], {
    en: ['Soy Milk', 'Sweetened fresh soy milk'],
    id: ['Susu Kedelai', 'Susu kedelai segar yang manis'],
    my: ['Air Soya', 'Air soya segar bergula'],
  }),
  'chinese-tea': dish([0, 0, 0, 0], [], {
    en: ['Chinese Tea', 'A pot of hot jasmine tea'],
    id: ['Teh Cina', 'Seteko teh melati hangat'],
    my: ['Teh Cina', 'Seteko teh melur panas'],
  }),
  'leung-cha': dish([80, 0, 20, 0], [], {
    en: ['Herbal Tea', 'Cooling Chinese herbal tea'],
    id: ['Teh Herbal Cina', 'Teh herbal Cina penyegar badan'],
    my: ['Teh Herba', 'Teh herba Cina yang menyejukkan badan'],
  }),
  'tiger-beer': dish([270, 2, 20, 0], ['gluten'], {
    en: ['Tiger Beer (Bottle)', 'Chilled 640 ml lager'],
    id: ['Bir Tiger (Botol)', 'Bir lager dingin 640 ml'],
    my: ['Bir Tiger (Botol)', 'Bir lager sejuk 640 ml'],
    alcohol: true,
  }),
  guinness: dish([140, 1, 11, 0], ['gluten'], {
    en: ['Guinness Stout (Can)', 'Chilled 320 ml stout'],
    id: ['Guinness Stout (Kaleng)', 'Stout dingin 320 ml'],
    my: ['Guinness Stout (Tin)', 'Stout sejuk 320 ml'],
    alcohol: true,
  }),
  'voucher-rm20': dish([0, 0, 0, 0], [], {
    en: ['RM 20 Gift Voucher', 'A gift voucher worth RM 20, sent by email'],
    id: ['Voucher Hadiah RM 20', 'Voucher hadiah senilai RM 20, dikirim lewat email'],
    my: ['Baucar Hadiah RM 20', 'Baucar hadiah bernilai RM 20, dihantar melalui e-mel'],
    voucher: true,
  }),

  // --- Indonesian rice and mains ---------------------------------------------------------------------
  'nasi-goreng': dish([750, 26, 96, 28], ['gluten', 'shellfish', 'seafood'], {
    en: ['Special Fried Rice', 'Sweet soy fried rice with chicken, a fried egg, prawn crackers and pickles'],
    id: ['Nasi Goreng Spesial', 'Nasi goreng kecap dengan ayam, telur ceplok, kerupuk udang dan acar'],
    my: ['Nasi Goreng Istimewa', 'Nasi goreng kicap manis dengan ayam, telur mata, keropok udang dan acar'],
  }),
  'nasi-uduk': dish([780, 32, 88, 32], ['nuts'], {
    en: ['Nasi Uduk', 'Coconut rice with fried chicken, tempeh, egg and peanut sambal'],
    id: ['Nasi Uduk', 'Nasi uduk dengan ayam goreng, tempe orek, telur balado dan sambal kacang'],
    my: ['Nasi Uduk', 'Nasi uduk dengan ayam goreng, tempe, telur dan sambal kacang'],
  }),
  'nasi-kuning': dish([640, 24, 86, 22], [], {
    en: ['Nasi Kuning', 'Turmeric coconut rice with shredded omelette, chicken and sambal'],
    id: ['Nasi Kuning', 'Nasi kuning dengan telur dadar iris, ayam suwir dan sambal'],
    my: ['Nasi Kuning', 'Nasi kunyit dengan telur dadar hiris, ayam carik dan sambal'],
  }),
  'nasi-campur': dish([820, 36, 90, 34], [], {
    en: ['Nasi Campur', 'Rice with beef rendang, chicken, vegetables and spicy potatoes'],
    id: ['Nasi Campur', 'Nasi dengan rendang, ayam, sayur dan sambal goreng kentang'],
    my: ['Nasi Campur', 'Nasi dengan rendang, ayam, sayur dan sambal goreng kentang'],
  }),
  'nasi-rawon': dish([620, 34, 72, 22], [], {
    en: ['Rawon', 'East Javanese black beef soup with keluak nut, rice, salted egg and bean sprouts'],
    id: ['Nasi Rawon', 'Rawon daging sapi khas Jawa Timur dengan kluwek, nasi, telur asin dan tauge'],
    my: ['Nasi Rawon', 'Sup daging hitam Jawa Timur dengan buah keluak, nasi, telur masin dan taugeh'],
  }),
  'ayam-penyet': dish([820, 40, 80, 36], ['shellfish', 'seafood'], {
    en: ['Ayam Penyet', 'Smashed fried chicken with fiery shrimp-paste sambal, tofu, tempeh and rice'],
    id: ['Ayam Penyet', 'Ayam goreng penyet dengan sambal terasi pedas, tahu, tempe dan nasi'],
    my: ['Ayam Penyet', 'Ayam goreng penyet dengan sambal belacan pedas, tauhu, tempe dan nasi'],
  }),
  'pecel-lele': dish([700, 30, 78, 28], ['fish', 'shellfish', 'seafood'], {
    en: ['Pecel Lele', 'Crispy fried catfish with shrimp-paste sambal, raw vegetables and rice'],
    id: ['Pecel Lele', 'Lele goreng renyah dengan sambal terasi, lalapan dan nasi'],
    my: ['Pecel Lele', 'Ikan keli goreng rangup dengan sambal belacan, ulam dan nasi'],
  }),
  'ayam-bakar': dish([450, 40, 14, 24], ['gluten'], {
    en: ['Ayam Bakar', 'Grilled chicken glazed with sweet soy, with sambal and fresh vegetables'],
    id: ['Ayam Bakar', 'Ayam bakar kecap dengan sambal dan lalapan'],
    my: ['Ayam Bakar', 'Ayam bakar berkicap dengan sambal dan ulam'],
  }),
  'ikan-bakar': dish([380, 42, 8, 18], ['fish'], {
    en: ['Grilled Fish', 'Charcoal-grilled fish with fresh dabu-dabu salsa'],
    id: ['Ikan Bakar', 'Ikan bakar arang dengan sambal dabu-dabu'],
    my: ['Ikan Bakar', 'Ikan bakar arang dengan sambal dabu-dabu'],
  }),
  'ayam-goreng-lengkuas': dish([480, 36, 12, 32], [], {
    en: ['Galangal Fried Chicken', 'Fried chicken topped with crisp galangal floss'],
    id: ['Ayam Goreng Lengkuas', 'Ayam goreng dengan serundeng lengkuas renyah'],
    my: ['Ayam Goreng Lengkuas', 'Ayam goreng bertabur serunding lengkuas rangup'],
  }),

  // --- Indonesian soups and noodles ------------------------------------------------------------------
  'soto-betawi': dish([560, 30, 30, 34], [], {
    en: ['Soto Betawi', 'Jakarta beef soup in creamy coconut milk broth with potato and tomato'],
    id: ['Soto Betawi', 'Soto daging sapi kuah santan susu khas Betawi dengan kentang dan tomat'],
    my: ['Soto Betawi', 'Soto daging berkuah santan dan susu ala Betawi dengan kentang dan tomato'],
  }),
  'soto-ayam': dish([420, 28, 40, 14], ['shellfish', 'seafood'], {
    en: ['Soto Ayam', 'Turmeric chicken soup with glass noodles, egg and prawn-cracker crumble'],
    id: ['Soto Ayam', 'Soto ayam kuah kuning dengan soun, telur dan koya'],
    my: ['Soto Ayam', 'Soto ayam berkuah kunyit dengan suun, telur dan serbuk koya'],
  }),
  bakso: dish([480, 26, 50, 18], ['gluten'], {
    en: ['Bakso', 'Beef meatballs in clear broth with noodles and fried shallots'],
    id: ['Bakso Sapi', 'Bakso sapi kuah bening dengan mi, bihun dan bawang goreng'],
    my: ['Bakso', 'Bebola daging dalam sup jernih dengan mi, bihun dan bawang goreng'],
  }),
  'mie-ayam': dish([520, 26, 66, 16], ['gluten'], {
    en: ['Mie Ayam', 'Egg noodles with sweet soy chicken, bok choy and wontons'],
    id: ['Mie Ayam', 'Mi telur dengan ayam kecap, sawi dan pangsit'],
    my: ['Mi Ayam', 'Mi telur dengan ayam masak kicap, sawi dan wantan'],
  }),
  'mie-goreng-jawa': dish([620, 22, 84, 22], ['gluten'], {
    en: ['Mie Goreng Jawa', 'Javanese fried noodles with sweet soy, chicken, cabbage and egg'],
    id: ['Mie Goreng Jawa', 'Mi goreng Jawa dengan kecap manis, ayam, kol dan telur'],
    my: ['Mi Goreng Jawa', 'Mi goreng Jawa dengan kicap manis, ayam, kobis dan telur'],
  }),
  'sop-buntut': dish([540, 40, 26, 30], [], {
    en: ['Oxtail Soup', 'Oxtail in clear spiced broth with carrot and potato'],
    id: ['Sop Buntut', 'Buntut sapi dalam kuah bening berempah dengan wortel dan kentang'],
    my: ['Sup Ekor', 'Ekor lembu dalam sup jernih berempah dengan lobak merah dan kentang'],
  }),

  // --- Indonesian satay and sides --------------------------------------------------------------------
  'sate-ayam-madura': dish([560, 38, 36, 28], ['nuts', 'gluten'], {
    en: ['Sate Ayam Madura', 'Chicken skewers with peanut sauce, sweet soy and rice cake'],
    id: ['Sate Ayam Madura', 'Sate ayam dengan bumbu kacang, kecap dan lontong'],
    my: ['Sate Ayam Madura', 'Sate ayam dengan kuah kacang, kicap dan lontong'],
  }),
  'sate-kambing': dish([520, 36, 14, 34], ['gluten'], {
    en: ['Goat Satay', 'Grilled goat skewers with sweet soy, shallots and bird’s eye chilli'],
    id: ['Sate Kambing', 'Sate kambing bakar dengan kecap, bawang merah dan cabai rawit'],
    my: ['Sate Kambing', 'Sate kambing bakar dengan kicap, bawang merah dan cili padi'],
  }),
  'gado-gado': dish([480, 20, 40, 28], ['nuts'], {
    en: ['Gado-Gado', 'Blanched vegetables, tofu, tempeh and egg in peanut sauce'],
    id: ['Gado-Gado', 'Sayuran rebus, tahu, tempe dan telur dengan bumbu kacang'],
    my: ['Gado-Gado', 'Sayur rebus, tauhu, tempe dan telur dengan kuah kacang'],
  }),
  ketoprak: dish([500, 18, 60, 22], ['nuts'], {
    en: ['Ketoprak', 'Rice cake, tofu, vermicelli and bean sprouts in garlicky peanut sauce'],
    id: ['Ketoprak', 'Lontong, tahu, bihun dan tauge dengan bumbu kacang bawang putih'],
    my: ['Ketoprak', 'Lontong, tauhu, bihun dan taugeh dengan kuah kacang bawang putih'],
  }),
  'tempe-mendoan': dish([300, 14, 24, 16], ['gluten'], {
    en: ['Tempe Mendoan', 'Thin tempeh in herby batter, fried soft, with chilli soy'],
    id: [
      'Tempe Mendoan',
      'Tempe tipis berbalut tepung berbumbu, digoreng setengah matang, dengan kecap rawit',
    ],
    my: ['Tempe Mendoan', 'Tempe nipis bersalut tepung berempah, digoreng lembut, dengan kicap cili'],
  }),
  'tahu-telur': dish([420, 20, 20, 28], ['nuts', 'gluten'], {
    en: ['Tahu Telur', 'Tofu omelette with bean sprouts and peanut soy sauce'],
    id: ['Tahu Telur', 'Tahu telur dengan tauge dan saus kacang kecap'],
    my: ['Tauhu Telur', 'Tauhu telur dengan taugeh dan kuah kacang berkicap'],
  }),
  perkedel: dish([150, 3, 18, 8], [], {
    en: ['Perkedel', 'Fried potato patty with shallots and nutmeg'],
    id: ['Perkedel Kentang', 'Perkedel kentang goreng dengan bawang merah dan pala'],
    my: ['Begedil', 'Begedil kentang dengan bawang merah dan buah pala'],
  }),
  kerupuk: dish([140, 2, 18, 7], ['shellfish', 'seafood'], {
    en: ['Prawn Crackers', 'A basket of crisp prawn crackers'],
    id: ['Kerupuk Udang', 'Sekeranjang kerupuk udang renyah'],
    my: ['Keropok Udang', 'Sebakul keropok udang rangup'],
  }),

  // --- Indonesian sweets -----------------------------------------------------------------------------
  'martabak-manis': dish([780, 16, 96, 36], ['gluten', 'nuts'], {
    en: ['Martabak Manis', 'Thick sweet pancake with chocolate, cheese and peanuts'],
    id: ['Martabak Manis', 'Martabak manis tebal dengan cokelat, keju dan kacang'],
    my: ['Martabak Manis', 'Martabak manis tebal dengan coklat, keju dan kacang'],
  }),
  klepon: dish([200, 2, 38, 5], [], {
    en: ['Klepon (5 pcs)', 'Pandan rice cake balls bursting with palm sugar, rolled in grated coconut'],
    id: ['Klepon (5 buah)', 'Kue klepon pandan berisi gula merah cair, berbalut kelapa parut'],
    my: ['Klepon (5 biji)', 'Kuih klepon pandan berinti gula melaka cair, bersalut kelapa parut'],
  }),
  'es-campur': dish([380, 4, 70, 9], [], {
    en: ['Es Campur', 'Shaved ice with avocado, jackfruit, grass jelly, coconut and condensed milk'],
    id: ['Es Campur', 'Es serut dengan alpukat, nangka, cincau, kelapa muda dan susu kental manis'],
    my: ['Ais Campur', 'Ais serut dengan avokado, nangka, cincau, kelapa muda dan susu pekat'],
  }),

  // --- Indonesian drinks -----------------------------------------------------------------------------
  'es-teh-manis': dish([90, 0, 22, 0], [], {
    en: ['Iced Sweet Tea', 'Sweetened jasmine tea over ice'],
    id: ['Es Teh Manis', 'Teh melati manis dengan es batu'],
    my: ['Teh Ais Manis', 'Teh melur manis dengan ais'],
  }),
  'teh-tawar': dish([0, 0, 0, 0], [], {
    en: ['Plain Hot Tea', 'Unsweetened hot jasmine tea'],
    id: ['Teh Tawar Hangat', 'Teh melati hangat tanpa gula'],
    my: ['Teh Kosong Panas', 'Teh melur panas tanpa gula'],
  }),
  'kopi-susu': dish([200, 6, 30, 6], [], {
    en: ['Palm Sugar Iced Coffee', 'Espresso, fresh milk and palm sugar over ice'],
    id: ['Es Kopi Susu Gula Aren', 'Espresso, susu segar dan gula aren dengan es'],
    my: ['Kopi Susu Ais Gula Kabung', 'Espresso, susu segar dan gula kabung dengan ais'],
  }),
  'kopi-tubruk': dish([40, 0, 10, 0], [], {
    en: ['Kopi Tubruk', 'Javanese black coffee brewed with the grounds'],
    id: ['Kopi Tubruk', 'Kopi hitam ala Jawa diseduh bersama ampasnya'],
    my: ['Kopi Tubruk', 'Kopi hitam Jawa dibancuh bersama serbuknya'],
  }),
  'kopi-toraja': dish([5, 0, 1, 0], [], {
    en: ['Toraja Coffee', 'Single-origin Sulawesi arabica, hand-brewed'],
    id: ['Kopi Toraja', 'Kopi arabika Toraja, diseduh manual'],
    my: ['Kopi Toraja', 'Kopi arabika Toraja, dibancuh secara manual'],
  }),
  'es-jeruk': dish([120, 1, 28, 0], [], {
    en: ['Iced Orange', 'Fresh-squeezed local oranges over ice'],
    id: ['Es Jeruk', 'Perasan jeruk segar dengan es'],
    my: ['Oren Ais', 'Jus oren tempatan segar dengan ais'],
  }),
  'jus-alpukat': dish([360, 4, 40, 22], [], {
    en: ['Avocado Juice', 'Blended avocado with chocolate condensed milk'],
    id: ['Jus Alpukat', 'Jus alpukat dengan susu kental manis cokelat'],
    my: ['Jus Avokado', 'Jus avokado dengan susu pekat coklat'],
  }),
  'wedang-jahe': dish([90, 0, 22, 0], [], {
    en: ['Ginger Drink', 'Hot ginger and lemongrass drink with palm sugar'],
    id: ['Wedang Jahe', 'Wedang jahe hangat dengan serai dan gula merah'],
    my: ['Air Halia', 'Air halia panas dengan serai dan gula merah'],
  }),
  'air-mineral': dish([0, 0, 0, 0], [], {
    en: ['Mineral Water', '600 ml bottled water'],
    id: ['Air Mineral', 'Air mineral botol 600 ml'],
    my: ['Air Mineral', 'Air mineral botol 600 ml'],
  }),

  // --- Makassar --------------------------------------------------------------------------------------
  'coto-makassar': dish([520, 38, 26, 28], ['nuts'], {
    en: ['Coto Makassar', 'Beef and offal stewed in spiced peanut broth'],
    id: ['Coto Makassar', 'Daging dan jeroan sapi berkuah kacang berempah'],
    my: ['Coto Makassar', 'Daging dan perut lembu dalam kuah kacang berempah'],
  }),
  'sop-konro': dish([640, 44, 12, 46], [], {
    en: ['Sop Konro', 'Beef ribs in dark keluak nut and spice soup'],
    id: ['Sop Konro', 'Iga sapi dalam kuah hitam kluwek dan rempah'],
    my: ['Sup Konro', 'Rusuk lembu dalam sup hitam buah keluak dan rempah'],
  }),
  'konro-bakar': dish([780, 50, 20, 54], ['nuts'], {
    en: ['Konro Bakar', 'Charcoal-grilled beef ribs with peanut sauce and konro broth'],
    id: ['Konro Bakar', 'Iga sapi bakar dengan bumbu kacang dan kuah konro'],
    my: ['Konro Bakar', 'Rusuk lembu bakar dengan kuah kacang dan sup konro'],
  }),
  'sop-saudara': dish([560, 40, 30, 28], ['fish'], {
    en: ['Sop Saudara', 'Beef and offal soup with glass noodles and grilled milkfish'],
    id: ['Sop Saudara', 'Sop daging dan jeroan sapi dengan soun, perkedel dan ikan bandeng bakar'],
    my: ['Sup Saudara', 'Sup daging dan perut lembu dengan suun, begedil dan ikan bandeng bakar'],
  }),
  pallubasa: dish([620, 36, 18, 44], [], {
    en: ['Pallubasa', 'Rich offal soup with toasted coconut and a raw egg yolk'],
    id: ['Pallubasa', 'Jeroan sapi berkuah kental kelapa sangrai dengan kuning telur mentah'],
    my: ['Pallubasa', 'Perut lembu berkuah pekat kerisik dengan kuning telur mentah'],
  }),
  kapurung: dish([360, 22, 48, 8], ['fish'], {
    en: ['Kapurung', 'Sago dumplings in sour fish and vegetable soup from Luwu'],
    id: ['Kapurung', 'Sagu dalam kuah ikan dan sayur asam khas Luwu'],
    my: ['Kapurung', 'Sagu dalam sup ikan dan sayur masam dari Luwu'],
  }),
  'nasu-palekko': dish([460, 32, 8, 34], [], {
    en: ['Nasu Palekko', 'Minced duck cooked dry with plenty of chilli'],
    id: ['Nasu Palekko', 'Daging bebek cincang dimasak kering dengan banyak cabai'],
    my: ['Nasu Palekko', 'Daging itik cincang dimasak kering dengan banyak cili'],
  }),
  'mie-titi': dish([640, 28, 70, 26], ['gluten', 'shellfish', 'seafood'], {
    en: ['Mie Titi', 'Crisp thin noodles under a thick chicken and seafood gravy'],
    id: ['Mie Titi', 'Mi kering renyah disiram kuah kental ayam dan makanan laut'],
    my: ['Mi Titi', 'Mi kering rangup disiram kuah pekat ayam dan makanan laut'],
  }),
  ketupat: dish([160, 3, 36, 0], [], {
    en: ['Ketupat', 'Rice cake steamed in a woven palm-leaf pouch'],
    id: ['Ketupat', 'Nasi yang dikukus dalam anyaman janur'],
    my: ['Ketupat', 'Nasi yang direbus dalam anyaman daun kelapa'],
  }),
  burasa: dish([220, 4, 40, 5], [], {
    en: ['Burasa', 'Rice cooked in coconut milk and wrapped in banana leaf'],
    id: ['Burasa', 'Nasi santan yang dibungkus daun pisang'],
    my: ['Burasa', 'Nasi santan yang dibalut daun pisang'],
  }),
  'nasi-putih': dish([240, 4, 53, 0], [], {
    en: ['Steamed Rice', 'A bowl of steamed white rice'],
    id: ['Nasi Putih', 'Semangkuk nasi putih hangat'],
    my: ['Nasi Putih', 'Semangkuk nasi putih panas'],
  }),
  jalangkote: dish([320, 8, 36, 16], ['gluten'], {
    en: ['Jalangkote (2 pcs)', 'Makassar fried pastries with vegetables and egg, with vinegar chilli'],
    id: ['Jalangkote (2 buah)', 'Pastel khas Makassar isi sayur dan telur dengan sambal cuka'],
    my: ['Jalangkote (2 biji)', 'Karipap Makassar berinti sayur dan telur dengan sambal cuka'],
  }),
  'pisang-epe': dish([280, 2, 64, 3], [], {
    en: ['Pisang Epe', 'Pressed grilled banana with palm sugar syrup, as sold on Losari beach'],
    id: ['Pisang Epe', 'Pisang bakar gepeng dengan kinca gula merah khas Pantai Losari'],
    my: ['Pisang Epe', 'Pisang bakar penyet dengan sirap gula merah dari Pantai Losari'],
  }),
  barongko: dish([240, 4, 40, 7], [], {
    en: ['Barongko', 'Steamed banana and coconut custard in banana leaf'],
    id: ['Barongko', 'Puding pisang santan kukus dalam daun pisang'],
    my: ['Barongko', 'Puding pisang dan santan dikukus dalam daun pisang'],
  }),
  'es-pisang-ijo': dish([380, 4, 76, 7], [], {
    en: ['Es Pisang Ijo', 'Banana in green pandan dough with red syrup and rice-flour pudding'],
    id: ['Es Pisang Ijo', 'Pisang berbalut adonan hijau pandan dengan sirup merah dan bubur sumsum'],
    my: ['Ais Pisang Hijau', 'Pisang berbalut adunan pandan hijau dengan sirap merah dan bubur sumsum'],
  }),
  'es-palu-butung': dish([360, 3, 70, 8], [], {
    en: ['Es Pallu Butung', 'Banana in sweet coconut rice-flour pudding with shaved ice'],
    id: ['Es Pallu Butung', 'Pisang dalam bubur sumsum santan manis dengan es serut'],
    my: ['Ais Pallu Butung', 'Pisang dalam bubur santan manis dengan ais serut'],
  }),
  sarabba: dish([210, 3, 26, 11], [], {
    en: ['Sarabba', 'Makassar ginger drink with coconut milk, palm sugar and egg yolk'],
    id: ['Sarabba', 'Minuman jahe khas Makassar dengan santan, gula merah dan kuning telur'],
    my: ['Sarabba', 'Minuman halia Makassar dengan santan, gula merah dan kuning telur'],
  }),
} satisfies Record<string, Dish>;

/** The key of a dish in {@link DISHES}. */
export type DishKey = keyof typeof DISHES;
