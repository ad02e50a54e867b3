import { defineSection } from './define';

/**
 * The legal pages (spec §1, §2): Privacy Policy, Return and Refund Policy, Terms and
 * Conditions, for a platform serving Malaysia (Personal Data Protection Act 2010, as amended in 2024)
 * and Indonesia (Undang-Undang Pelindungan Data Pribadi, UU No. 27 Tahun 2022): prefix `legal.`.
 *
 * A body may hold several paragraphs separated by a blank line ('\n\n'). Every key except the titles
 * and `legal.otherPolicies` is fetched only by the legal routes (`tooling/vite` catalogue split).
 */
export const legalSection = defineSection({
  en: {
    'legal.otherPolicies': 'Other policies',
    'legal.onThisPage': 'On this page',
    'legal.updated': 'Last updated: 7 December 2026',

    // Privacy Policy
    'legal.privacy.title': 'Privacy Policy',
    'legal.privacy.intro':
      "Santap runs QR ordering for restaurants and food courts in Malaysia and Indonesia. This policy explains what personal data we handle when you order, and your rights under Malaysia's Personal Data Protection Act 2010 (PDPA) and Indonesia's Personal Data Protection Law (UU No. 27 of 2022).",
    'legal.privacy.controllerTitle': 'Who is responsible',
    'legal.privacy.controllerBody':
      'Santap is responsible for your account and for running the ordering service: the data user under the PDPA and the personal data controller under UU No. 27 of 2022. The restaurant or food-court outlet you order from receives your order to prepare it and keeps its own sales records; for those records it is responsible too.',
    'legal.privacy.collectTitle': 'What we collect',
    'legal.privacy.collectBody':
      "Your mobile number (to log you in with a one-time code); your name, email, gender, and date of birth or corporate status when you give them; delivery addresses with the map pin you place; allergies you record; your orders, table bookings, reviews, cashback and coupons; payments (method, amount, status and the payment provider's reference). Card details are typed on the payment provider's page and never reach us.\n\nWhen you ask for a Malaysian e-invoice we also collect the buyer details it needs: name, tax identification number (TIN), ID type and number, SST number, address, contact number and email. For security we keep the IP address and time of logins and payments.",
    'legal.privacy.sensitiveTitle': 'Allergies and other sensitive data',
    'legal.privacy.sensitiveBody':
      'Allergies can reveal information about your health, which both laws protect more strictly (sensitive personal data under the PDPA, specific personal data under UU No. 27 of 2022). We record them only when you add them yourself, use them only to highlight dishes and warn you, share them with a restaurant only as part of an order you place, and delete them as soon as you remove them.',
    'legal.privacy.basisTitle': 'Why we may use it',
    'legal.privacy.basisBody':
      'We use your data to perform the order or booking you ask for, with your consent (which you give when you create an account, record allergies or link a Facebook or Google account, and may withdraw at any time), to meet legal duties such as tax records and e-invoicing, and to protect the service and our users from fraud and abuse.',
    'legal.privacy.useTitle': 'How we use it',
    'legal.privacy.useBody':
      'To pass your order to the restaurant, take payment, send receipts and invoices, show your order status, give loyalty cashback and keep the service safe. We send offers only if you agree to receive them. We do not sell your data.',
    'legal.privacy.shareTitle': 'Who sees it',
    'legal.privacy.shareBody':
      "The restaurant or food-court outlet you order from; the payment provider that processes your payment: Midtrans or DOKU in Indonesia, Razer Merchant Services (Fiuu) or GrabPay in Malaysia; the SMS and WhatsApp providers that deliver your login codes; the Inland Revenue Board of Malaysia (LHDN, through MyInvois) for e-invoices you request; and the providers that host our systems. Each may use your data only for that purpose and must protect it. We disclose data to authorities only when the law requires it.\n\nThe payment provider receives the amount, the order's reference and, when you have given them to us, your name, email address and mobile number. Some providers (such as Razer Merchant Services) require an email address and a mobile number with every payment: where you have not given us one, for example when you order as a guest, we send the restaurant's email address or phone number in its place.",
    'legal.privacy.transferTitle': 'Transfers abroad',
    'legal.privacy.transferBody':
      'Our systems may store or process your data outside the country you order in, for example in a data centre in another ASEAN country. We transfer data only where the receiving country protects it at least as well as your own, or under a written agreement that binds the recipient to that standard, as the PDPA and UU No. 27 of 2022 require.',
    'legal.privacy.securityTitle': 'How we protect it',
    'legal.privacy.securityBody':
      'Data travels encrypted (HTTPS). Login codes are stored only as a hash and expire within 10 minutes, and repeated wrong codes lock the login for a while. Staff and restaurants see only what they need.\n\nIf a breach puts your data at risk, we notify the Personal Data Protection Commissioner in Malaysia and the affected users as the PDPA requires; in Indonesia we notify you and the supervising authority in writing within 3 × 24 hours, as Article 46 of UU No. 27 of 2022 requires.',
    'legal.privacy.rightsTitle': 'Your rights',
    'legal.privacy.rightsBody':
      'You may ask to see, correct or delete your data, withdraw your consent, limit how we use it, object to decisions made only by automated means, and receive a copy of your data in a common format to take elsewhere.\n\nMost of this you can do yourself on your profile page: change your details, addresses and allergies, unlink accounts, or delete an address or allergy. For anything else, write to us. We answer within the time the law sets: 21 days for an access request in Malaysia, and 3 × 24 hours for access and correction requests in Indonesia.',
    'legal.privacy.retentionTitle': 'How long we keep it',
    'legal.privacy.retentionBody':
      'Order and payment records are kept as long as tax law requires (7 years in Malaysia, 10 years in Indonesia). Other data is deleted when you close your account or when we no longer need it.',
    'legal.privacy.childrenTitle': 'Children',
    'legal.privacy.childrenBody':
      'Santap is for people aged 18 or older and for corporate entities. We do not knowingly collect data about children; if you believe a child has given us data, tell us and we will delete it.',
    'legal.privacy.cookiesTitle': 'Cookies',
    'legal.privacy.cookiesBody':
      'We use two cookies the service needs: one keeps your cart (for up to 180 days) and one remembers your language (for 10 minutes). Your login stays in your browser’s storage until you log out. We do not use advertising cookies.',
    'legal.privacy.changesTitle': 'Changes to this policy',
    'legal.privacy.changesBody':
      'When we change this policy we update the date above. If a change affects how we use data you have already given us, we tell you before it applies and, where the law requires, ask for your consent again.',
    'legal.privacy.contactTitle': 'Contact',
    'legal.privacy.contactBody':
      'For questions or requests about your data, write to our data protection officer at privacy@santap.my (Malaysia) or privacy@santap.id (Indonesia).',

    // Return and Refund Policy
    'legal.refund.title': 'Return and Refund Policy',
    'legal.refund.intro':
      'Your food is prepared by the restaurant you order from. If something goes wrong with a payment or an order, this is how refunds work.',
    'legal.refund.failedTitle': 'Failed payments',
    'legal.refund.failedBody':
      'If money was taken but the payment failed, it goes back to the same card, bank account or e-wallet within 5-7 working days.',
    'legal.refund.duplicateTitle': 'Paid twice',
    'legal.refund.duplicateBody':
      'If one order is paid twice (for example after a slow connection), the extra payment is refunded automatically to the account it came from within 3-5 days.',
    'legal.refund.cancelTitle': 'Cancelled or declined orders',
    'legal.refund.cancelBody':
      'You can cancel an order until the restaurant accepts it. If you cancel, or the restaurant declines your order or an item, what you paid for it is refunded to your bank, card or e-wallet within 3-5 days. Your order page shows where the refund stands.',
    'legal.refund.foodTitle': 'Problems with your food',
    'legal.refund.foodBody':
      'Food cannot be returned once served. If an item is missing, wrong or not as described, tell the restaurant staff straight away; the restaurant decides on a replacement or a refund.',
    'legal.refund.cashbackTitle': 'Cashback and coupons',
    'legal.refund.cashbackBody':
      'Cashback you spent on an order that is cancelled or declined goes back to your cashback balance, and cashback you earned on it is taken back. A refund covers only what you paid with money; cashback and coupons have no cash value and are never paid out.',
    'legal.refund.bookingTitle': 'Table booking deposits',
    'legal.refund.bookingBody':
      'A booking deposit is taken off your final bill. If the restaurant cancels, the deposit is refunded in full. You can cancel yourself until the time the restaurant sets before your booking; a deposit refunded this way arrives within 3-5 days.',
    'legal.refund.methodTitle': 'How refunds are paid',
    'legal.refund.methodBody':
      'Refunds always go back to the card, bank account or e-wallet you paid with; we cannot send them anywhere else. The times above are how long banks and e-wallets usually take after we start the refund. Money paid in cash at the counter is refunded by the restaurant.',
    'legal.refund.lawTitle': 'Your rights under consumer law',
    'legal.refund.lawBody':
      "This policy does not limit your rights under Malaysia's Consumer Protection Act 1999 or Indonesia's Consumer Protection Law (UU No. 8 of 1999).",
    'legal.refund.contactTitle': 'Contact',
    'legal.refund.contactBody':
      'Ask the restaurant first. If a refund has not arrived after the time above, write to support@santap.my or support@santap.id with your order number.',

    // Terms and Conditions
    'legal.terms.title': 'Terms and Conditions',
    'legal.terms.intro':
      'These terms apply when you use Santap to order from restaurants and food courts in Malaysia and Indonesia. By using the service you accept them.',
    'legal.terms.eligibilityTitle': 'Who may use Santap',
    'legal.terms.eligibilityBody':
      'You must be 18 or older, or order on behalf of a corporate entity. Your date of birth is saved once and cannot be changed.',
    'legal.terms.accountTitle': 'Your account',
    'legal.terms.accountBody':
      'You log in with a one-time code sent to your mobile number. Keep your phone secure and never share the code. You are responsible for orders placed from your account. We may suspend accounts used for fraud or abuse.',
    'legal.terms.ordersTitle': 'Orders',
    'legal.terms.ordersBody':
      'Your order is a contract with the restaurant, which sets the menu and prepares your food. The restaurant may decline an order or an item; you are not charged for what is declined. Check the order before you place it: once the restaurant accepts it, it can no longer be cancelled.',
    'legal.terms.pricesTitle': 'Prices, taxes and charges',
    'legal.terms.pricesBody':
      'Prices are set by each restaurant in ringgit (RM) or rupiah (Rp). The bill shows every charge before you order: sales and service tax (SST) in Malaysia, restaurant tax (PB1 or PBJT) in Indonesia, and, where the restaurant applies them, a service charge, packaging and a delivery fee.',
    'legal.terms.paymentTitle': 'Payment',
    'legal.terms.paymentBody':
      'Pay online through our payment providers, or later at the counter where the restaurant allows it. Scheduled orders must be paid in advance. Refunds follow our Return and Refund Policy.',
    'legal.terms.bookingsTitle': 'Table bookings',
    'legal.terms.bookingsBody':
      'A booking is confirmed by the restaurant. Some restaurants ask for a deposit, which is taken off your bill when you dine. Changes and cancellations are possible until the time the restaurant sets before the booking.',
    'legal.terms.rewardsTitle': 'Cashback, coupons and referrals',
    'legal.terms.rewardsBody':
      'Cashback can be spent only at the restaurant or food court where it was earned. Coupons follow the conditions shown with them. A referral discount applies once, to a new user’s first order. Rewards have no cash value; rewards obtained by abuse (such as fake accounts) may be cancelled.',
    'legal.terms.allergiesTitle': 'Allergies',
    'legal.terms.allergiesBody':
      'Allergen information comes from the restaurants. Highlighting dishes that conflict with your allergies is a guide, not a guarantee: kitchens may handle many ingredients. If your allergy is severe, tell the staff before you order.',
    'legal.terms.useTitle': 'Fair use',
    'legal.terms.useBody':
      'Do not misuse the service: no false orders, no attempts to get around payment, and no interference with other users or our systems. Reviews must be honest and about food you ordered.',
    'legal.terms.liabilityTitle': 'Responsibility',
    'legal.terms.liabilityBody':
      'Restaurants are responsible for the food they sell, including allergen information. Santap provides the ordering service as it is and is liable only as far as the law requires.',
    'legal.terms.changesTitle': 'Changes to these terms',
    'legal.terms.changesBody':
      'We may update these terms; the date above shows the latest version. Orders already placed keep the terms that applied when you placed them.',
    'legal.terms.lawTitle': 'Governing law and disputes',
    'legal.terms.lawBody':
      "Orders at restaurants in Malaysia are governed by the laws of Malaysia; orders at restaurants in Indonesia by the laws of the Republic of Indonesia. Please contact us first. You may also bring a claim to Malaysia's Tribunal for Consumer Claims or Indonesia's Consumer Dispute Settlement Body (BPSK).",
  },
  id: {
    'legal.otherPolicies': 'Kebijakan lainnya',
    'legal.onThisPage': 'Di halaman ini',
    'legal.updated': 'Terakhir diperbarui: 7 Desember 2026',

    'legal.privacy.title': 'Kebijakan Privasi',
    'legal.privacy.intro':
      'Santap menjalankan pemesanan lewat QR untuk restoran dan food court di Malaysia dan Indonesia. Kebijakan ini menjelaskan data pribadi apa yang kami proses saat Anda memesan, serta hak Anda menurut Undang-Undang Pelindungan Data Pribadi (UU No. 27 Tahun 2022) dan Personal Data Protection Act 2010 (PDPA) Malaysia.',
    'legal.privacy.controllerTitle': 'Siapa yang bertanggung jawab',
    'legal.privacy.controllerBody':
      'Santap bertanggung jawab atas akun Anda dan atas layanan pemesanan: sebagai pengendali data pribadi menurut UU No. 27 Tahun 2022 dan sebagai data user menurut PDPA. Restoran atau gerai food court tempat Anda memesan menerima pesanan untuk menyiapkannya dan menyimpan catatan penjualannya sendiri; atas catatan itu restoran juga bertanggung jawab.',
    'legal.privacy.collectTitle': 'Data yang kami kumpulkan',
    'legal.privacy.collectBody':
      'Nomor HP Anda (untuk masuk dengan kode sekali pakai); nama, email, jenis kelamin, serta tanggal lahir atau status badan usaha bila Anda memberikannya; alamat pengantaran beserta titik peta yang Anda tandai; alergi yang Anda catat; pesanan, reservasi meja, ulasan, cashback, dan kupon Anda; pembayaran (metode, jumlah, status, dan nomor referensi penyedia pembayaran). Data kartu diketik di halaman penyedia pembayaran dan tidak pernah sampai ke kami.\n\nSaat Anda meminta e-faktur Malaysia, kami juga mengumpulkan data pembeli yang diperlukan: nama, nomor identifikasi pajak (TIN), jenis dan nomor identitas, nomor SST, alamat, nomor kontak, dan email. Demi keamanan, kami menyimpan alamat IP dan waktu saat masuk dan membayar.',
    'legal.privacy.sensitiveTitle': 'Alergi dan data sensitif lainnya',
    'legal.privacy.sensitiveBody':
      'Alergi dapat mengungkap informasi kesehatan Anda, yang dilindungi lebih ketat oleh kedua undang-undang (data pribadi yang bersifat spesifik menurut UU No. 27 Tahun 2022, sensitive personal data menurut PDPA). Kami hanya mencatatnya bila Anda sendiri menambahkannya, hanya memakainya untuk menandai hidangan dan memperingatkan Anda, hanya membagikannya ke restoran sebagai bagian dari pesanan yang Anda buat, dan langsung menghapusnya saat Anda menghapusnya.',
    'legal.privacy.basisTitle': 'Dasar pemrosesan',
    'legal.privacy.basisBody':
      'Kami memproses data Anda untuk melaksanakan pesanan atau reservasi yang Anda minta, berdasarkan persetujuan Anda (yang Anda berikan saat membuat akun, mencatat alergi, atau menautkan akun Facebook atau Google, dan dapat Anda tarik kapan saja), untuk memenuhi kewajiban hukum seperti pencatatan pajak dan e-faktur, serta untuk melindungi layanan dan pengguna dari penipuan dan penyalahgunaan.',
    'legal.privacy.useTitle': 'Cara kami menggunakannya',
    'legal.privacy.useBody':
      'Untuk meneruskan pesanan ke restoran, menerima pembayaran, mengirim struk dan faktur, menampilkan status pesanan, memberikan cashback loyalitas, dan menjaga keamanan layanan. Kami hanya mengirim penawaran bila Anda setuju menerimanya. Kami tidak menjual data Anda.',
    'legal.privacy.shareTitle': 'Siapa yang dapat melihatnya',
    'legal.privacy.shareBody':
      'Restoran atau gerai food court tempat Anda memesan; penyedia pembayaran yang memproses pembayaran Anda: Midtrans atau DOKU di Indonesia, Razer Merchant Services (Fiuu) atau GrabPay di Malaysia; penyedia SMS dan WhatsApp yang mengirim kode masuk Anda; Lembaga Hasil Dalam Negeri Malaysia (LHDN, melalui MyInvois) untuk e-faktur yang Anda minta; dan penyedia yang menampung sistem kami. Masing-masing hanya boleh memakai data Anda untuk keperluan tersebut dan wajib melindunginya. Kami hanya mengungkapkan data kepada pihak berwenang bila diwajibkan hukum.\n\nPenyedia pembayaran menerima jumlah pembayaran, nomor referensi pesanan, dan, bila Anda memberikannya kepada kami, nama, alamat email, dan nomor ponsel Anda. Beberapa penyedia (seperti Razer Merchant Services) mewajibkan alamat email dan nomor ponsel untuk setiap pembayaran: bila Anda tidak memberikannya kepada kami, misalnya saat memesan sebagai tamu, kami mengirim alamat email atau nomor telepon restoran sebagai gantinya.',
    'legal.privacy.transferTitle': 'Transfer ke luar negeri',
    'legal.privacy.transferBody':
      'Sistem kami dapat menyimpan atau memproses data Anda di luar negara tempat Anda memesan, misalnya di pusat data di negara ASEAN lain. Kami hanya mentransfer data ke negara yang tingkat pelindungannya setara atau lebih tinggi, atau dengan perjanjian tertulis yang mengikat penerima pada standar tersebut, sebagaimana diwajibkan UU No. 27 Tahun 2022 dan PDPA.',
    'legal.privacy.securityTitle': 'Cara kami melindunginya',
    'legal.privacy.securityBody':
      'Data dikirim dalam keadaan terenkripsi (HTTPS). Kode masuk hanya disimpan dalam bentuk hash dan kedaluwarsa dalam 10 menit, dan kode salah yang berulang mengunci proses masuk untuk sementara. Staf dan restoran hanya melihat data yang mereka perlukan.\n\nJika terjadi kegagalan pelindungan data yang membahayakan data Anda, kami memberi tahu Anda dan lembaga pengawas secara tertulis paling lambat 3 × 24 jam sesuai Pasal 46 UU No. 27 Tahun 2022; di Malaysia kami memberi tahu Personal Data Protection Commissioner dan pengguna yang terdampak sesuai PDPA.',
    'legal.privacy.rightsTitle': 'Hak Anda',
    'legal.privacy.rightsBody':
      'Anda dapat meminta untuk melihat, memperbaiki, atau menghapus data Anda, menarik persetujuan, membatasi penggunaannya, mengajukan keberatan atas keputusan yang hanya dibuat secara otomatis, dan menerima salinan data Anda dalam format yang umum untuk dipindahkan.\n\nSebagian besar dapat Anda lakukan sendiri di halaman profil: mengubah data, alamat, dan alergi, melepas tautan akun, atau menghapus alamat atau alergi. Untuk hal lainnya, kirim email kepada kami. Kami menjawab dalam jangka waktu yang ditetapkan undang-undang: 3 × 24 jam untuk permintaan akses dan perbaikan di Indonesia, dan 21 hari untuk permintaan akses di Malaysia.',
    'legal.privacy.retentionTitle': 'Berapa lama kami menyimpannya',
    'legal.privacy.retentionBody':
      'Catatan pesanan dan pembayaran disimpan selama diwajibkan peraturan perpajakan (10 tahun di Indonesia, 7 tahun di Malaysia). Data lainnya dihapus saat Anda menutup akun atau saat tidak lagi diperlukan.',
    'legal.privacy.childrenTitle': 'Anak-anak',
    'legal.privacy.childrenBody':
      'Santap diperuntukkan bagi orang berusia 18 tahun ke atas dan badan usaha. Kami tidak dengan sengaja mengumpulkan data anak; jika Anda yakin seorang anak telah memberikan datanya kepada kami, beri tahu kami dan kami akan menghapusnya.',
    'legal.privacy.cookiesTitle': 'Cookie',
    'legal.privacy.cookiesBody':
      'Kami memakai dua cookie yang diperlukan layanan: satu menyimpan keranjang Anda (hingga 180 hari) dan satu mengingat bahasa Anda (10 menit). Status masuk Anda tersimpan di penyimpanan browser sampai Anda keluar. Kami tidak memakai cookie iklan.',
    'legal.privacy.changesTitle': 'Perubahan kebijakan ini',
    'legal.privacy.changesBody':
      'Saat kebijakan ini berubah, kami memperbarui tanggal di atas. Jika perubahan memengaruhi cara kami memakai data yang sudah Anda berikan, kami memberi tahu Anda sebelum perubahan berlaku dan, bila diwajibkan hukum, meminta persetujuan Anda lagi.',
    'legal.privacy.contactTitle': 'Kontak',
    'legal.privacy.contactBody':
      'Untuk pertanyaan atau permintaan tentang data Anda, kirim email ke pejabat pelindungan data kami di privacy@santap.id (Indonesia) atau privacy@santap.my (Malaysia).',

    'legal.refund.title': 'Kebijakan Pengembalian Dana',
    'legal.refund.intro':
      'Makanan Anda disiapkan oleh restoran tempat Anda memesan. Jika ada masalah dengan pembayaran atau pesanan, beginilah cara pengembalian dana.',
    'legal.refund.failedTitle': 'Pembayaran gagal',
    'legal.refund.failedBody':
      'Jika dana terpotong tetapi pembayaran gagal, dana dikembalikan ke kartu, rekening bank, atau dompet digital yang sama dalam 5-7 hari kerja.',
    'legal.refund.duplicateTitle': 'Terbayar dua kali',
    'legal.refund.duplicateBody':
      'Jika satu pesanan terbayar dua kali (misalnya karena koneksi lambat), pembayaran yang berlebih otomatis dikembalikan ke rekening asalnya dalam 3-5 hari.',
    'legal.refund.cancelTitle': 'Pesanan yang dibatalkan atau ditolak',
    'legal.refund.cancelBody':
      'Anda dapat membatalkan pesanan sampai restoran menerimanya. Jika Anda membatalkan, atau restoran menolak pesanan atau salah satu item, jumlah yang sudah dibayar dikembalikan ke bank, kartu, atau dompet digital Anda dalam 3-5 hari. Halaman pesanan Anda menampilkan status pengembalian dana.',
    'legal.refund.foodTitle': 'Masalah dengan makanan',
    'legal.refund.foodBody':
      'Makanan yang sudah disajikan tidak dapat dikembalikan. Jika ada item yang kurang, salah, atau tidak sesuai deskripsi, segera beri tahu staf restoran; restoran yang memutuskan penggantian atau pengembalian dana.',
    'legal.refund.cashbackTitle': 'Cashback dan kupon',
    'legal.refund.cashbackBody':
      'Cashback yang Anda pakai untuk pesanan yang dibatalkan atau ditolak kembali ke saldo cashback Anda, dan cashback yang Anda dapat dari pesanan itu ditarik kembali. Pengembalian dana hanya mencakup yang Anda bayar dengan uang; cashback dan kupon tidak memiliki nilai tunai dan tidak pernah dicairkan.',
    'legal.refund.bookingTitle': 'Deposit reservasi meja',
    'legal.refund.bookingBody':
      'Deposit reservasi dipotong dari tagihan akhir Anda. Jika restoran membatalkan, deposit dikembalikan penuh. Anda dapat membatalkan sendiri sampai batas waktu yang ditetapkan restoran sebelum reservasi; deposit yang dikembalikan dengan cara ini diterima dalam 3-5 hari.',
    'legal.refund.methodTitle': 'Cara pengembalian dana dibayarkan',
    'legal.refund.methodBody':
      'Pengembalian dana selalu kembali ke kartu, rekening bank, atau dompet digital yang Anda pakai untuk membayar; kami tidak dapat mengirimnya ke tempat lain. Jangka waktu di atas adalah lama yang biasanya diperlukan bank dan dompet digital setelah kami memulai pengembalian. Uang yang dibayar tunai di kasir dikembalikan oleh restoran.',
    'legal.refund.lawTitle': 'Hak Anda menurut hukum perlindungan konsumen',
    'legal.refund.lawBody':
      'Kebijakan ini tidak membatasi hak Anda menurut Undang-Undang Perlindungan Konsumen (UU No. 8 Tahun 1999) di Indonesia atau Consumer Protection Act 1999 di Malaysia.',
    'legal.refund.contactTitle': 'Kontak',
    'legal.refund.contactBody':
      'Tanyakan ke restoran terlebih dahulu. Jika dana belum diterima setelah jangka waktu di atas, kirim email ke support@santap.id atau support@santap.my dengan nomor pesanan Anda.',

    'legal.terms.title': 'Syarat dan Ketentuan',
    'legal.terms.intro':
      'Syarat ini berlaku saat Anda memakai Santap untuk memesan dari restoran dan food court di Malaysia dan Indonesia. Dengan memakai layanan ini Anda menyetujuinya.',
    'legal.terms.eligibilityTitle': 'Siapa yang boleh memakai Santap',
    'legal.terms.eligibilityBody':
      'Anda harus berusia 18 tahun atau lebih, atau memesan atas nama badan usaha. Tanggal lahir Anda hanya disimpan sekali dan tidak dapat diubah.',
    'legal.terms.accountTitle': 'Akun Anda',
    'legal.terms.accountBody':
      'Anda masuk dengan kode sekali pakai yang dikirim ke nomor HP Anda. Jaga keamanan ponsel Anda dan jangan pernah membagikan kode tersebut. Anda bertanggung jawab atas pesanan yang dibuat dari akun Anda. Kami dapat menangguhkan akun yang dipakai untuk penipuan atau penyalahgunaan.',
    'legal.terms.ordersTitle': 'Pesanan',
    'legal.terms.ordersBody':
      'Pesanan Anda adalah perjanjian dengan restoran, yang menentukan menu dan menyiapkan makanan Anda. Restoran dapat menolak pesanan atau item; Anda tidak ditagih untuk yang ditolak. Periksa pesanan sebelum mengirimnya: setelah restoran menerimanya, pesanan tidak dapat dibatalkan lagi.',
    'legal.terms.pricesTitle': 'Harga, pajak, dan biaya',
    'legal.terms.pricesBody':
      'Harga ditentukan oleh masing-masing restoran dalam rupiah (Rp) atau ringgit (RM). Tagihan menampilkan semua biaya sebelum Anda memesan: pajak restoran (PB1 atau PBJT) di Indonesia, pajak penjualan dan jasa (SST) di Malaysia, serta biaya layanan, kemasan, dan ongkos kirim bila restoran mengenakannya.',
    'legal.terms.paymentTitle': 'Pembayaran',
    'legal.terms.paymentBody':
      'Bayar online melalui penyedia pembayaran kami, atau nanti di kasir bila restoran mengizinkan. Pesanan terjadwal harus dibayar di muka. Pengembalian dana mengikuti Kebijakan Pengembalian Dana kami.',
    'legal.terms.bookingsTitle': 'Reservasi meja',
    'legal.terms.bookingsBody':
      'Reservasi dikonfirmasi oleh restoran. Sebagian restoran meminta deposit, yang dipotong dari tagihan saat Anda makan di sana. Perubahan dan pembatalan dapat dilakukan sampai batas waktu yang ditetapkan restoran sebelum reservasi.',
    'legal.terms.rewardsTitle': 'Cashback, kupon, dan referral',
    'legal.terms.rewardsBody':
      'Cashback hanya dapat dipakai di restoran atau food court tempat cashback itu didapat. Kupon mengikuti syarat yang tertera padanya. Diskon referral berlaku sekali, untuk pesanan pertama pengguna baru. Hadiah tidak memiliki nilai tunai; hadiah yang didapat dengan penyalahgunaan (misalnya akun palsu) dapat dibatalkan.',
    'legal.terms.allergiesTitle': 'Alergi',
    'legal.terms.allergiesBody':
      'Informasi alergen berasal dari restoran. Penandaan hidangan yang bertentangan dengan alergi Anda adalah panduan, bukan jaminan: dapur dapat mengolah banyak bahan. Jika alergi Anda parah, beri tahu staf sebelum memesan.',
    'legal.terms.useTitle': 'Penggunaan yang wajar',
    'legal.terms.useBody':
      'Jangan menyalahgunakan layanan: tidak ada pesanan palsu, tidak ada upaya menghindari pembayaran, dan tidak ada gangguan terhadap pengguna lain atau sistem kami. Ulasan harus jujur dan tentang makanan yang Anda pesan.',
    'legal.terms.liabilityTitle': 'Tanggung jawab',
    'legal.terms.liabilityBody':
      'Restoran bertanggung jawab atas makanan yang dijualnya, termasuk informasi alergen. Santap menyediakan layanan pemesanan sebagaimana adanya dan hanya bertanggung jawab sejauh diwajibkan hukum.',
    'legal.terms.changesTitle': 'Perubahan syarat ini',
    'legal.terms.changesBody':
      'Kami dapat memperbarui syarat ini; tanggal di atas menunjukkan versi terbaru. Pesanan yang sudah dibuat tetap mengikuti syarat yang berlaku saat pesanan itu dibuat.',
    'legal.terms.lawTitle': 'Hukum yang berlaku dan sengketa',
    'legal.terms.lawBody':
      'Pesanan di restoran di Indonesia tunduk pada hukum Republik Indonesia; pesanan di restoran di Malaysia tunduk pada hukum Malaysia. Silakan hubungi kami terlebih dahulu. Anda juga dapat mengajukan sengketa ke Badan Penyelesaian Sengketa Konsumen (BPSK) di Indonesia atau Tribunal for Consumer Claims di Malaysia.',
  },
  my: {
    'legal.otherPolicies': 'Dasar lain',
    'legal.onThisPage': 'Di halaman ini',
    'legal.updated': 'Kemas kini terakhir: 7 Disember 2026',

    'legal.privacy.title': 'Dasar Privasi',
    'legal.privacy.intro':
      'Santap mengendalikan pesanan melalui QR untuk restoran dan medan selera di Malaysia dan Indonesia. Dasar ini menerangkan data peribadi yang kami kendalikan semasa anda membuat pesanan, dan hak anda di bawah Akta Perlindungan Data Peribadi 2010 (PDPA) Malaysia dan Undang-Undang Pelindungan Data Pribadi Indonesia (UU No. 27 Tahun 2022).',
    'legal.privacy.controllerTitle': 'Siapa yang bertanggungjawab',
    'legal.privacy.controllerBody':
      'Santap bertanggungjawab atas akaun anda dan perkhidmatan pesanan: sebagai pengguna data di bawah PDPA dan pengawal data peribadi di bawah UU No. 27 Tahun 2022. Restoran atau gerai medan selera tempat anda memesan menerima pesanan anda untuk menyediakannya dan menyimpan rekod jualannya sendiri; bagi rekod itu, restoran juga bertanggungjawab.',
    'legal.privacy.collectTitle': 'Apa yang kami kumpul',
    'legal.privacy.collectBody':
      'Nombor telefon bimbit anda (untuk log masuk dengan kod sekali guna); nama, e-mel, jantina, dan tarikh lahir atau status korporat apabila anda memberikannya; alamat penghantaran bersama pin peta yang anda letakkan; alahan yang anda rekodkan; pesanan, tempahan meja, ulasan, pulangan tunai dan kupon anda; bayaran (kaedah, amaun, status dan rujukan penyedia pembayaran). Butiran kad ditaip di halaman penyedia pembayaran dan tidak pernah sampai kepada kami.\n\nApabila anda meminta e-invois Malaysia, kami turut mengumpul butiran pembeli yang diperlukan: nama, nombor pengenalan cukai (TIN), jenis dan nombor pengenalan, nombor SST, alamat, nombor telefon dan e-mel. Untuk keselamatan, kami menyimpan alamat IP dan masa log masuk dan bayaran.',
    'legal.privacy.sensitiveTitle': 'Alahan dan data sensitif lain',
    'legal.privacy.sensitiveBody':
      'Alahan boleh mendedahkan maklumat kesihatan anda, yang dilindungi dengan lebih ketat oleh kedua-dua undang-undang (data peribadi sensitif di bawah PDPA, data peribadi spesifik di bawah UU No. 27 Tahun 2022). Kami merekodkannya hanya apabila anda sendiri menambahnya, menggunakannya hanya untuk menandakan hidangan dan memberi amaran kepada anda, berkongsinya dengan restoran hanya sebagai sebahagian daripada pesanan anda, dan memadamnya sebaik sahaja anda membuangnya.',
    'legal.privacy.basisTitle': 'Asas penggunaan',
    'legal.privacy.basisBody':
      'Kami menggunakan data anda untuk melaksanakan pesanan atau tempahan yang anda minta, dengan persetujuan anda (yang anda berikan semasa membuka akaun, merekodkan alahan atau memautkan akaun Facebook atau Google, dan boleh ditarik balik pada bila-bila masa), untuk memenuhi kewajipan undang-undang seperti rekod cukai dan e-invois, dan untuk melindungi perkhidmatan serta pengguna daripada penipuan dan penyalahgunaan.',
    'legal.privacy.useTitle': 'Cara kami menggunakannya',
    'legal.privacy.useBody':
      'Untuk menghantar pesanan anda kepada restoran, menerima bayaran, menghantar resit dan invois, memaparkan status pesanan, memberi pulangan tunai kesetiaan dan memastikan perkhidmatan selamat. Kami menghantar tawaran hanya jika anda bersetuju menerimanya. Kami tidak menjual data anda.',
    'legal.privacy.shareTitle': 'Siapa yang melihatnya',
    'legal.privacy.shareBody':
      'Restoran atau gerai medan selera tempat anda memesan; penyedia pembayaran yang memproses bayaran anda: Midtrans atau DOKU di Indonesia, Razer Merchant Services (Fiuu) atau GrabPay di Malaysia; penyedia SMS dan WhatsApp yang menghantar kod log masuk anda; Lembaga Hasil Dalam Negeri Malaysia (LHDN, melalui MyInvois) bagi e-invois yang anda minta; dan penyedia yang mengehos sistem kami. Setiap pihak hanya boleh menggunakan data anda untuk tujuan itu dan wajib melindunginya. Kami mendedahkan data kepada pihak berkuasa hanya apabila dikehendaki oleh undang-undang.\n\nPenyedia pembayaran menerima amaun, rujukan pesanan dan, jika anda telah memberikannya kepada kami, nama, alamat e-mel dan nombor telefon bimbit anda. Sesetengah penyedia (seperti Razer Merchant Services) memerlukan alamat e-mel dan nombor telefon bimbit bagi setiap bayaran: jika anda tidak memberikannya kepada kami, contohnya apabila anda memesan sebagai tetamu, kami menghantar alamat e-mel atau nombor telefon restoran sebagai gantinya.',
    'legal.privacy.transferTitle': 'Pemindahan ke luar negara',
    'legal.privacy.transferBody':
      'Sistem kami mungkin menyimpan atau memproses data anda di luar negara tempat anda memesan, contohnya di pusat data di negara ASEAN lain. Kami memindahkan data hanya ke negara yang melindunginya sekurang-kurangnya setara dengan negara anda, atau di bawah perjanjian bertulis yang mengikat penerima kepada piawaian itu, seperti yang dikehendaki PDPA dan UU No. 27 Tahun 2022.',
    'legal.privacy.securityTitle': 'Cara kami melindunginya',
    'legal.privacy.securityBody':
      'Data dihantar secara tersulit (HTTPS). Kod log masuk disimpan hanya sebagai cincangan dan tamat tempoh dalam 10 minit, dan kod salah yang berulang mengunci log masuk buat seketika. Kakitangan dan restoran hanya melihat apa yang mereka perlukan.\n\nJika berlaku pelanggaran yang membahayakan data anda, kami memaklumkan Pesuruhjaya Perlindungan Data Peribadi dan pengguna yang terjejas seperti yang dikehendaki PDPA; di Indonesia kami memaklumkan anda dan pihak berkuasa penyelia secara bertulis dalam tempoh 3 × 24 jam, seperti yang dikehendaki Perkara 46 UU No. 27 Tahun 2022.',
    'legal.privacy.rightsTitle': 'Hak anda',
    'legal.privacy.rightsBody':
      'Anda boleh meminta untuk melihat, membetulkan atau memadam data anda, menarik balik persetujuan, mengehadkan penggunaannya, membantah keputusan yang dibuat secara automatik semata-mata, dan menerima salinan data anda dalam format biasa untuk dibawa ke tempat lain.\n\nKebanyakannya boleh anda lakukan sendiri di halaman profil: menukar butiran, alamat dan alahan, menyahpaut akaun, atau memadam alamat atau alahan. Untuk perkara lain, tulis kepada kami. Kami menjawab dalam tempoh yang ditetapkan undang-undang: 21 hari bagi permintaan akses di Malaysia, dan 3 × 24 jam bagi permintaan akses dan pembetulan di Indonesia.',
    'legal.privacy.retentionTitle': 'Berapa lama kami menyimpannya',
    'legal.privacy.retentionBody':
      'Rekod pesanan dan bayaran disimpan selama yang dikehendaki undang-undang cukai (7 tahun di Malaysia, 10 tahun di Indonesia). Data lain dipadam apabila anda menutup akaun atau apabila kami tidak lagi memerlukannya.',
    'legal.privacy.childrenTitle': 'Kanak-kanak',
    'legal.privacy.childrenBody':
      'Santap adalah untuk individu berumur 18 tahun ke atas dan entiti korporat. Kami tidak mengumpul data kanak-kanak dengan sengaja; jika anda percaya seorang kanak-kanak telah memberikan data kepada kami, beritahu kami dan kami akan memadamnya.',
    'legal.privacy.cookiesTitle': 'Kuki',
    'legal.privacy.cookiesBody':
      'Kami menggunakan dua kuki yang diperlukan oleh perkhidmatan: satu menyimpan troli anda (sehingga 180 hari) dan satu mengingati bahasa anda (10 minit). Log masuk anda kekal dalam storan pelayar sehingga anda log keluar. Kami tidak menggunakan kuki pengiklanan.',
    'legal.privacy.changesTitle': 'Perubahan dasar ini',
    'legal.privacy.changesBody':
      'Apabila kami mengubah dasar ini, kami mengemas kini tarikh di atas. Jika perubahan menjejaskan cara kami menggunakan data yang telah anda berikan, kami memaklumkan anda sebelum ia berkuat kuasa dan, jika dikehendaki undang-undang, meminta persetujuan anda semula.',
    'legal.privacy.contactTitle': 'Hubungi kami',
    'legal.privacy.contactBody':
      'Untuk pertanyaan atau permintaan mengenai data anda, tulis kepada pegawai perlindungan data kami di privacy@santap.my (Malaysia) atau privacy@santap.id (Indonesia).',

    'legal.refund.title': 'Dasar Pemulangan dan Bayaran Balik',
    'legal.refund.intro':
      'Makanan anda disediakan oleh restoran tempat anda memesan. Jika berlaku masalah dengan bayaran atau pesanan, beginilah bayaran balik dibuat.',
    'legal.refund.failedTitle': 'Bayaran gagal',
    'legal.refund.failedBody':
      'Jika wang telah ditolak tetapi bayaran gagal, wang itu dikembalikan ke kad, akaun bank atau e-dompet yang sama dalam 5-7 hari bekerja.',
    'legal.refund.duplicateTitle': 'Dibayar dua kali',
    'legal.refund.duplicateBody':
      'Jika satu pesanan dibayar dua kali (contohnya selepas sambungan yang perlahan), bayaran berlebihan dikembalikan secara automatik ke akaun asalnya dalam 3-5 hari.',
    'legal.refund.cancelTitle': 'Pesanan dibatalkan atau ditolak',
    'legal.refund.cancelBody':
      'Anda boleh membatalkan pesanan sehingga restoran menerimanya. Jika anda membatalkan, atau restoran menolak pesanan atau sesuatu item, amaun yang telah dibayar dikembalikan ke bank, kad atau e-dompet anda dalam 3-5 hari. Halaman pesanan anda menunjukkan status bayaran balik.',
    'legal.refund.foodTitle': 'Masalah dengan makanan',
    'legal.refund.foodBody':
      'Makanan tidak boleh dipulangkan setelah dihidangkan. Jika ada item yang tiada, salah atau tidak seperti yang diterangkan, beritahu kakitangan restoran dengan segera; restoran yang memutuskan penggantian atau bayaran balik.',
    'legal.refund.cashbackTitle': 'Pulangan tunai dan kupon',
    'legal.refund.cashbackBody':
      'Pulangan tunai yang anda belanjakan untuk pesanan yang dibatalkan atau ditolak dikembalikan ke baki anda, dan pulangan tunai yang anda peroleh daripadanya ditarik balik. Bayaran balik hanya meliputi apa yang anda bayar dengan wang; pulangan tunai dan kupon tiada nilai tunai dan tidak pernah dibayar.',
    'legal.refund.bookingTitle': 'Deposit tempahan meja',
    'legal.refund.bookingBody':
      'Deposit tempahan ditolak daripada bil akhir anda. Jika restoran membatalkan, deposit dikembalikan sepenuhnya. Anda boleh membatalkan sendiri sehingga masa yang ditetapkan restoran sebelum tempahan; deposit yang dikembalikan dengan cara ini diterima dalam 3-5 hari.',
    'legal.refund.methodTitle': 'Cara bayaran balik dibuat',
    'legal.refund.methodBody':
      'Bayaran balik sentiasa dikembalikan ke kad, akaun bank atau e-dompet yang anda gunakan untuk membayar; kami tidak boleh menghantarnya ke tempat lain. Tempoh di atas ialah masa yang biasanya diambil oleh bank dan e-dompet selepas kami memulakan bayaran balik. Wang yang dibayar secara tunai di kaunter dikembalikan oleh restoran.',
    'legal.refund.lawTitle': 'Hak anda di bawah undang-undang pengguna',
    'legal.refund.lawBody':
      'Dasar ini tidak mengehadkan hak anda di bawah Akta Pelindungan Pengguna 1999 di Malaysia atau Undang-Undang Perlindungan Konsumen (UU No. 8 Tahun 1999) di Indonesia.',
    'legal.refund.contactTitle': 'Hubungi kami',
    'legal.refund.contactBody':
      'Tanya restoran terlebih dahulu. Jika bayaran balik belum diterima selepas tempoh di atas, tulis kepada support@santap.my atau support@santap.id bersama nombor pesanan anda.',

    'legal.terms.title': 'Terma dan Syarat',
    'legal.terms.intro':
      'Terma ini terpakai apabila anda menggunakan Santap untuk memesan dari restoran dan medan selera di Malaysia dan Indonesia. Dengan menggunakan perkhidmatan ini anda menerimanya.',
    'legal.terms.eligibilityTitle': 'Siapa yang boleh menggunakan Santap',
    'legal.terms.eligibilityBody':
      'Anda mesti berumur 18 tahun atau lebih, atau memesan bagi pihak entiti korporat. Tarikh lahir anda disimpan sekali sahaja dan tidak boleh diubah.',
    'legal.terms.accountTitle': 'Akaun anda',
    'legal.terms.accountBody':
      'Anda log masuk dengan kod sekali guna yang dihantar ke nombor telefon bimbit anda. Pastikan telefon anda selamat dan jangan sekali-kali berkongsi kod itu. Anda bertanggungjawab atas pesanan yang dibuat daripada akaun anda. Kami boleh menggantung akaun yang digunakan untuk penipuan atau penyalahgunaan.',
    'legal.terms.ordersTitle': 'Pesanan',
    'legal.terms.ordersBody':
      'Pesanan anda ialah kontrak dengan restoran, yang menetapkan menu dan menyediakan makanan anda. Restoran boleh menolak pesanan atau sesuatu item; anda tidak dicaj untuk apa yang ditolak. Semak pesanan sebelum menghantarnya: setelah restoran menerimanya, pesanan tidak lagi boleh dibatalkan.',
    'legal.terms.pricesTitle': 'Harga, cukai dan caj',
    'legal.terms.pricesBody':
      'Harga ditetapkan oleh setiap restoran dalam ringgit (RM) atau rupiah (Rp). Bil menunjukkan setiap caj sebelum anda memesan: cukai jualan dan perkhidmatan (SST) di Malaysia, cukai restoran (PB1 atau PBJT) di Indonesia, dan, jika dikenakan oleh restoran, caj perkhidmatan, pembungkusan dan caj penghantaran.',
    'legal.terms.paymentTitle': 'Bayaran',
    'legal.terms.paymentBody':
      'Bayar dalam talian melalui penyedia pembayaran kami, atau kemudian di kaunter jika restoran membenarkannya. Pesanan berjadual mesti dibayar terlebih dahulu. Bayaran balik mengikut Dasar Pemulangan dan Bayaran Balik kami.',
    'legal.terms.bookingsTitle': 'Tempahan meja',
    'legal.terms.bookingsBody':
      'Tempahan disahkan oleh restoran. Sesetengah restoran meminta deposit, yang ditolak daripada bil anda semasa anda makan di sana. Perubahan dan pembatalan boleh dibuat sehingga masa yang ditetapkan restoran sebelum tempahan.',
    'legal.terms.rewardsTitle': 'Pulangan tunai, kupon dan rujukan',
    'legal.terms.rewardsBody':
      'Pulangan tunai hanya boleh dibelanjakan di restoran atau medan selera tempat ia diperoleh. Kupon tertakluk pada syarat yang dipaparkan bersamanya. Diskaun rujukan digunakan sekali, untuk pesanan pertama pengguna baharu. Ganjaran tiada nilai tunai; ganjaran yang diperoleh melalui penyalahgunaan (seperti akaun palsu) boleh dibatalkan.',
    'legal.terms.allergiesTitle': 'Alahan',
    'legal.terms.allergiesBody':
      'Maklumat alergen datang daripada restoran. Penandaan hidangan yang bercanggah dengan alahan anda ialah panduan, bukan jaminan: dapur mungkin mengendalikan banyak bahan. Jika alahan anda teruk, beritahu kakitangan sebelum anda memesan.',
    'legal.terms.useTitle': 'Penggunaan wajar',
    'legal.terms.useBody':
      'Jangan salah guna perkhidmatan: tiada pesanan palsu, tiada cubaan mengelak bayaran, dan tiada gangguan kepada pengguna lain atau sistem kami. Ulasan mesti jujur dan mengenai makanan yang anda pesan.',
    'legal.terms.liabilityTitle': 'Tanggungjawab',
    'legal.terms.liabilityBody':
      'Restoran bertanggungjawab atas makanan yang dijualnya, termasuk maklumat alergen. Santap menyediakan perkhidmatan pesanan seadanya dan hanya bertanggungjawab setakat yang dikehendaki undang-undang.',
    'legal.terms.changesTitle': 'Perubahan terma ini',
    'legal.terms.changesBody':
      'Kami boleh mengemas kini terma ini; tarikh di atas menunjukkan versi terkini. Pesanan yang telah dibuat kekal tertakluk pada terma yang terpakai semasa pesanan itu dibuat.',
    'legal.terms.lawTitle': 'Undang-undang yang terpakai dan pertikaian',
    'legal.terms.lawBody':
      'Pesanan di restoran di Malaysia tertakluk pada undang-undang Malaysia; pesanan di restoran di Indonesia tertakluk pada undang-undang Republik Indonesia. Sila hubungi kami terlebih dahulu. Anda juga boleh membawa tuntutan ke Tribunal Tuntutan Pengguna Malaysia atau Badan Penyelesaian Sengketa Konsumen (BPSK) di Indonesia.',
  },
});
