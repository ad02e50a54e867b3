import { defineSection } from './define';

/**
 * The payment return page as a kiosk's payer sees it (`/payment/response?isKiosk=1` of the diner app
 * and `/fc/{mall}/payment/response?isKiosk=1` of the food court): the payer paid a kiosk order on
 * their phone, the order lives on the kiosk's screen, so the page only says how the payment went
 * and never leads to the order. Prefix `pay.kioskReturn.`.
 */
export const paymentReturnSection = defineSection({
  en: {
    'pay.kioskReturn.paidTitle': 'Payment received',
    'pay.kioskReturn.paidBody': 'Your order number is on the kiosk screen. You can close this page.',
    'pay.kioskReturn.failedTitle': 'Payment failed',
    'pay.kioskReturn.failedBody': 'Please try again at the kiosk.',
    'pay.kioskReturn.pendingTitle': 'Confirming your payment',
    'pay.kioskReturn.pendingBody':
      'The kiosk screen shows your order number as soon as the payment is confirmed. You can close this page.',
  },
  id: {
    'pay.kioskReturn.paidTitle': 'Pembayaran diterima',
    'pay.kioskReturn.paidBody': 'Nomor pesanan Anda ada di layar kios. Anda dapat menutup halaman ini.',
    'pay.kioskReturn.failedTitle': 'Pembayaran gagal',
    'pay.kioskReturn.failedBody': 'Silakan coba lagi di kios.',
    'pay.kioskReturn.pendingTitle': 'Pembayaran sedang dikonfirmasi',
    'pay.kioskReturn.pendingBody':
      'Layar kios akan menampilkan nomor pesanan Anda setelah pembayaran dikonfirmasi. Anda dapat menutup halaman ini.',
  },
  my: {
    'pay.kioskReturn.paidTitle': 'Bayaran diterima',
    'pay.kioskReturn.paidBody': 'Nombor pesanan anda ada pada skrin kiosk. Anda boleh menutup halaman ini.',
    'pay.kioskReturn.failedTitle': 'Bayaran gagal',
    'pay.kioskReturn.failedBody': 'Sila cuba lagi di kiosk.',
    'pay.kioskReturn.pendingTitle': 'Bayaran sedang disahkan',
    'pay.kioskReturn.pendingBody':
      'Skrin kiosk akan menunjukkan nombor pesanan anda sebaik sahaja bayaran disahkan. Anda boleh menutup halaman ini.',
  },
});
