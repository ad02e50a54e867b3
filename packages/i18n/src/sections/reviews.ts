import { defineSection } from './define';

/**
 * Dish reviews and ratings, and the recommendation rows of the menu: prefixes `review.`,
 * `reco.`. The rows 'Best sellers', 'Often ordered with …' and 'Complete your meal' keep their `menu.*`
 * words (sections/diner-menu.ts).
 */
export const reviewsSection = defineSection({
  en: {
    'review.title': 'Rate your dishes',
    'review.intro':
      'How was your meal at {{restaurant}}? Give each dish 1 to 5 stars; a comment is optional.',
    'review.prompt': 'How was your meal? Tell us what you thought of each dish.',
    'review.starsOf': '{{value}} of 5 stars',
    'review.quantity': 'Quantity: {{quantity}}',
    'review.comment': 'Comment on {{dish}} (optional)',
    'review.submit': 'Send my ratings',
    'review.saved': 'Thank you! Your ratings are saved.',
    'review.rateOne': 'Choose the stars for at least one dish',
    'review.none': 'This order has no dishes to rate',
    'review.backToOrder': 'Back to your order',
    'review.summary': 'Rating {{average}} out of 5, reviews: {{count}}',
    'reco.repeatItems': 'Order again',
  },
  id: {
    'review.title': 'Beri nilai hidangan Anda',
    'review.intro':
      'Bagaimana makanan Anda di {{restaurant}}? Beri setiap hidangan 1 sampai 5 bintang; komentar boleh dikosongkan.',
    'review.prompt': 'Bagaimana makanan Anda? Ceritakan pendapat Anda tentang setiap hidangan.',
    'review.starsOf': '{{value}} dari 5 bintang',
    'review.quantity': 'Jumlah: {{quantity}}',
    'review.comment': 'Komentar untuk {{dish}} (opsional)',
    'review.submit': 'Kirim penilaian saya',
    'review.saved': 'Terima kasih! Penilaian Anda sudah disimpan.',
    'review.rateOne': 'Pilih bintang untuk setidaknya satu hidangan',
    'review.none': 'Pesanan ini tidak memiliki hidangan untuk dinilai',
    'review.backToOrder': 'Kembali ke pesanan Anda',
    'review.summary': 'Nilai {{average}} dari 5, ulasan: {{count}}',
    'reco.repeatItems': 'Pesan lagi',
  },
  my: {
    'review.title': 'Nilaikan hidangan anda',
    'review.intro':
      'Bagaimana hidangan anda di {{restaurant}}? Beri setiap hidangan 1 hingga 5 bintang; ulasan tidak wajib.',
    'review.prompt': 'Bagaimana hidangan anda? Beritahu kami pendapat anda tentang setiap hidangan.',
    'review.starsOf': '{{value}} daripada 5 bintang',
    'review.quantity': 'Kuantiti: {{quantity}}',
    'review.comment': 'Ulasan untuk {{dish}} (pilihan)',
    'review.submit': 'Hantar penilaian saya',
    'review.saved': 'Terima kasih! Penilaian anda telah disimpan.',
    'review.rateOne': 'Pilih bintang untuk sekurang-kurangnya satu hidangan',
    'review.none': 'Pesanan ini tiada hidangan untuk dinilai',
    'review.backToOrder': 'Kembali ke pesanan anda',
    'review.summary': 'Penilaian {{average}} daripada 5, ulasan: {{count}}',
    'reco.repeatItems': 'Pesan semula',
  },
});
