import { defineSection } from './define';

/**
 * Why a print job failed, as the API server says it in the jobs list (apps/api docs/printing.md,
 * `printing.failure.*` of `products/printing/queue.ts`). Prefix `printing.`.
 */
export const printingSection = defineSection({
  en: {
    'printing.failure.printerDeleted': 'The printer was deleted before it printed this.',
    'printing.failure.mediaRefused': 'The printer could not read this job.',
    'printing.failure.tooLarge': 'The job was too large for the printer.',
    'printing.failure.tooManyAttempts': 'The printer took this job many times without printing it.',
    'printing.failure.reportedFailed': 'The tablet reported that printing failed.',
  },
  id: {
    'printing.failure.printerDeleted': 'Printer dihapus sebelum mencetak ini.',
    'printing.failure.mediaRefused': 'Printer tidak dapat membaca tugas cetak ini.',
    'printing.failure.tooLarge': 'Tugas cetak terlalu besar untuk printer.',
    'printing.failure.tooManyAttempts': 'Printer sudah berkali-kali mengambil tugas ini tanpa mencetaknya.',
    'printing.failure.reportedFailed': 'Tablet melaporkan bahwa pencetakan gagal.',
  },
  my: {
    'printing.failure.printerDeleted': 'Pencetak telah dipadam sebelum mencetak ini.',
    'printing.failure.mediaRefused': 'Pencetak tidak dapat membaca tugas cetakan ini.',
    'printing.failure.tooLarge': 'Tugas cetakan terlalu besar untuk pencetak.',
    'printing.failure.tooManyAttempts': 'Pencetak telah mengambil tugas ini berkali-kali tanpa mencetaknya.',
    'printing.failure.reportedFailed': 'Tablet melaporkan bahawa cetakan gagal.',
  },
});
