import { defineSection } from './define';

/**
 * Why the server refuses something on a table's tab (apps/api docs/tabs.md): joining, closing, and the
 * split's own refusals (`SPLIT_MESSAGE` and `TAB_MESSAGE` of @santap/domain), sent translated in the
 * server's reply. Prefix `tab.error.` (owned by the server); the diner app loads `tab.` with the tab's
 * screens, not on the menu's first screen. Amounts (`left`, `minimum`) come formatted by the server.
 */
export const tabErrorsSection = defineSection({
  en: {
    'tab.error.codeWrong': 'That code is not right. Ask a friend at the table for the tab’s code.',
    'tab.error.codeTooManyTries':
      'Too many wrong codes at this table. Try again in {{minutes}} min, or ask the staff to let you in.',
    'tab.error.closed': 'This table’s tab is closed.',
    'tab.error.notSettled': '{{left}} is still to be paid on this table.',
    'tab.error.noOpenTab': 'There is no open tab at this table yet.',
    'tab.error.askTooMany': 'You have asked to join too often. Try again in {{minutes}} min.',
    'tab.error.beingPaid': 'Someone at the table is paying this right now. Try again in a moment.',
    'tab.error.partTaken': 'Part {{part}} of {{parts}} has been paid already.',
    'tab.error.tipsOff': 'This restaurant does not take tips.',
    'tab.error.shareNotPaid':
      'Your share is not paid yet. Its receipt and e-invoice can be asked for once its payment has gone through.',
    'tab.error.splitAmountAboveLeft': 'That is more than is left to pay ({{left}}).',
    'tab.error.splitAmountBelowMinimum':
      'The smallest amount you can pay online is {{minimum}}. Pay the rest at the counter.',
    'tab.error.splitPartsOutOfRange': 'Split between {{min}} and {{max}} people.',
    'tab.error.splitLinePaid': 'A dish you picked has been paid already.',
    'tab.error.splitLineLocked': 'Someone is paying a dish you picked right now.',
    'tab.error.splitNothingPicked': 'Pick at least one dish to pay for.',
    'tab.error.splitNothingOfYours': 'None of your dishes is left to pay.',
  },
  id: {
    'tab.error.codeWrong': 'Kode itu salah. Minta kode tagihan meja ke teman di meja Anda.',
    'tab.error.codeTooManyTries':
      'Terlalu banyak kode salah di meja ini. Coba lagi dalam {{minutes}} menit, atau minta staf memasukkan Anda.',
    'tab.error.closed': 'Tagihan meja ini sudah ditutup.',
    'tab.error.notSettled': 'Masih ada {{left}} yang belum dibayar di meja ini.',
    'tab.error.noOpenTab': 'Belum ada tagihan terbuka di meja ini.',
    'tab.error.askTooMany': 'Anda terlalu sering meminta bergabung. Coba lagi dalam {{minutes}} menit.',
    'tab.error.beingPaid': 'Seseorang di meja sedang membayar ini. Coba lagi sebentar lagi.',
    'tab.error.partTaken': 'Bagian {{part}} dari {{parts}} sudah dibayar.',
    'tab.error.tipsOff': 'Restoran ini tidak menerima tip.',
    'tab.error.shareNotPaid':
      'Bagian Anda belum dibayar. Struk dan e-faktur bagian ini dapat diminta setelah pembayarannya berhasil.',
    'tab.error.splitAmountAboveLeft': 'Jumlah itu melebihi sisa yang harus dibayar ({{left}}).',
    'tab.error.splitAmountBelowMinimum':
      'Jumlah terkecil yang dapat dibayar online adalah {{minimum}}. Bayar sisanya di kasir.',
    'tab.error.splitPartsOutOfRange': 'Bagi antara {{min}} sampai {{max}} orang.',
    'tab.error.splitLinePaid': 'Hidangan yang Anda pilih sudah dibayar.',
    'tab.error.splitLineLocked': 'Seseorang sedang membayar hidangan yang Anda pilih.',
    'tab.error.splitNothingPicked': 'Pilih setidaknya satu hidangan untuk dibayar.',
    'tab.error.splitNothingOfYours': 'Tidak ada hidangan Anda yang masih harus dibayar.',
  },
  my: {
    'tab.error.codeWrong': 'Kod itu salah. Minta kod bil meja daripada rakan di meja anda.',
    'tab.error.codeTooManyTries':
      'Terlalu banyak kod salah di meja ini. Cuba lagi dalam {{minutes}} minit, atau minta kakitangan membenarkan anda masuk.',
    'tab.error.closed': 'Bil meja ini telah ditutup.',
    'tab.error.notSettled': 'Masih ada {{left}} yang belum dibayar di meja ini.',
    'tab.error.noOpenTab': 'Belum ada bil terbuka di meja ini.',
    'tab.error.askTooMany': 'Anda terlalu kerap meminta untuk menyertai. Cuba lagi dalam {{minutes}} minit.',
    'tab.error.beingPaid': 'Seseorang di meja sedang membayar ini. Cuba lagi sebentar lagi.',
    'tab.error.partTaken': 'Bahagian {{part}} daripada {{parts}} telah dibayar.',
    'tab.error.tipsOff': 'Restoran ini tidak menerima tip.',
    'tab.error.shareNotPaid':
      'Bahagian anda belum dibayar. Resit dan e-invois bahagian ini boleh diminta selepas pembayarannya berjaya.',
    'tab.error.splitAmountAboveLeft': 'Jumlah itu melebihi baki yang perlu dibayar ({{left}}).',
    'tab.error.splitAmountBelowMinimum':
      'Jumlah terkecil yang boleh dibayar dalam talian ialah {{minimum}}. Bayar bakinya di kaunter.',
    'tab.error.splitPartsOutOfRange': 'Bahagikan antara {{min}} hingga {{max}} orang.',
    'tab.error.splitLinePaid': 'Hidangan yang anda pilih telah dibayar.',
    'tab.error.splitLineLocked': 'Seseorang sedang membayar hidangan yang anda pilih.',
    'tab.error.splitNothingPicked': 'Pilih sekurang-kurangnya satu hidangan untuk dibayar.',
    'tab.error.splitNothingOfYours': 'Tiada hidangan anda yang masih perlu dibayar.',
  },
});
