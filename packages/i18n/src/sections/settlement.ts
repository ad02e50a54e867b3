import { defineSection } from './define';

/**
 * Why an uploaded settlement report was refused, as the API server says it (apps/api
 * `adapters/payments/settlement-report.ts`, `SETTLEMENT_ERROR_KEYS`). Prefix `settlement.`.
 */
export const settlementSection = defineSection({
  en: {
    'settlement.error.empty': 'The settlement file has no transactions.',
    'settlement.error.tooLarge': 'The settlement file is too large. Upload one report at a time.',
    'settlement.error.notCsv': 'This is not a CSV file. Download the report again as CSV and upload it.',
    'settlement.error.unreadable': 'This file cannot be read as this gateway’s settlement report.',
    'settlement.error.gatewayError': 'The gateway did not send the report: {{message}}',
    'settlement.error.missingColumns':
      'This is not the gateway’s settlement report: the columns {{columns}} are missing.',
    'settlement.error.badAmount': 'Line {{line}}: the amount in {{column}} is not a number.',
    'settlement.error.badDate': 'Line {{line}}: the settlement date cannot be read.',
    'settlement.error.amountsDisagree': 'Line {{line}}: the amount minus the fee is not the net amount.',
    'settlement.error.unknownStatus': 'Line {{line}}: the status "{{status}}" is not one this gateway uses.',
    'settlement.error.missingValue': 'Line {{line}}: {{column}} is empty.',
  },
  id: {
    'settlement.error.empty': 'File settlement tidak berisi transaksi.',
    'settlement.error.tooLarge': 'File settlement terlalu besar. Unggah satu laporan setiap kali.',
    'settlement.error.notCsv': 'Ini bukan file CSV. Unduh ulang laporan sebagai CSV lalu unggah.',
    'settlement.error.unreadable': 'File ini tidak dapat dibaca sebagai laporan settlement gateway ini.',
    'settlement.error.gatewayError': 'Gateway tidak mengirim laporan: {{message}}',
    'settlement.error.missingColumns':
      'Ini bukan laporan settlement dari gateway: kolom {{columns}} tidak ada.',
    'settlement.error.badAmount': 'Baris {{line}}: jumlah pada {{column}} bukan angka.',
    'settlement.error.badDate': 'Baris {{line}}: tanggal settlement tidak dapat dibaca.',
    'settlement.error.amountsDisagree':
      'Baris {{line}}: jumlah dikurangi biaya tidak sama dengan jumlah bersih.',
    'settlement.error.unknownStatus': 'Baris {{line}}: status "{{status}}" tidak dipakai oleh gateway ini.',
    'settlement.error.missingValue': 'Baris {{line}}: {{column}} kosong.',
  },
  my: {
    'settlement.error.empty': 'Fail penyelesaian tidak mengandungi sebarang transaksi.',
    'settlement.error.tooLarge': 'Fail penyelesaian terlalu besar. Muat naik satu laporan pada satu masa.',
    'settlement.error.notCsv': 'Ini bukan fail CSV. Muat turun semula laporan sebagai CSV dan muat naik.',
    'settlement.error.unreadable': 'Fail ini tidak dapat dibaca sebagai laporan penyelesaian gerbang ini.',
    'settlement.error.gatewayError': 'Gerbang pembayaran tidak menghantar laporan: {{message}}',
    'settlement.error.missingColumns':
      'Ini bukan laporan penyelesaian gerbang pembayaran: lajur {{columns}} tiada.',
    'settlement.error.badAmount': 'Baris {{line}}: amaun dalam {{column}} bukan nombor.',
    'settlement.error.badDate': 'Baris {{line}}: tarikh penyelesaian tidak dapat dibaca.',
    'settlement.error.amountsDisagree': 'Baris {{line}}: amaun tolak caj tidak sama dengan amaun bersih.',
    'settlement.error.unknownStatus': 'Baris {{line}}: status "{{status}}" tidak digunakan oleh gerbang ini.',
    'settlement.error.missingValue': 'Baris {{line}}: {{column}} kosong.',
  },
});
