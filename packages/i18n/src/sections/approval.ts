import { defineSection } from './define';

/**
 * A manager's approval of a sensitive staff action (apps/api docs/audit.md, "Manager approval"): the
 * server's refusals (`APPROVAL_MESSAGE` of @santap/domain, prefix `approval.error.`, owned by the
 * server), and the staff console's PIN dialog and 'Set my PIN' form (`approval.`, owned by the apps).
 */
export const approvalSection = defineSection({
  en: {
    'approval.error.needed': 'A manager needs to approve this. Ask a manager for their PIN.',
    'approval.error.reasonNeeded': 'Give a reason for this.',
    'approval.error.pinWrong':
      'That manager name or PIN is not right. {{tries_left}} tries left before it is locked.',
    'approval.error.pinLocked': 'Too many wrong PINs for this manager. Try again in {{minutes}} min.',
    'approval.title': 'Manager approval',
    'approval.reasonTitle': 'Reason needed',
    'approval.intro': 'A manager types their PIN on this device to approve this.',
    'approval.manager': 'Manager username',
    'approval.pin': 'Manager PIN',
    'approval.reason': 'Reason',
    'approval.submit': 'Approve',
    'approval.cancel': 'Cancel',
    'approval.setPin.title': 'My approval PIN',
    'approval.setPin.intro': 'Servers and the kitchen need your PIN to cancel or refund a paid order.',
    'approval.setPin.password': 'Current password',
    'approval.setPin.pin': 'New PIN (4 to 6 digits)',
    'approval.setPin.submit': 'Set my PIN',
    'approval.setPin.done': 'Your PIN is set.',
  },
  id: {
    'approval.error.needed': 'Tindakan ini perlu disetujui manajer. Minta PIN kepada manajer.',
    'approval.error.reasonNeeded': 'Tuliskan alasannya.',
    'approval.error.pinWrong':
      'Nama manajer atau PIN salah. Tersisa {{tries_left}} percobaan sebelum dikunci.',
    'approval.error.pinLocked':
      'Terlalu banyak PIN salah untuk manajer ini. Coba lagi dalam {{minutes}} menit.',
    'approval.title': 'Persetujuan manajer',
    'approval.reasonTitle': 'Alasan diperlukan',
    'approval.intro': 'Manajer memasukkan PIN di perangkat ini untuk menyetujuinya.',
    'approval.manager': 'Nama pengguna manajer',
    'approval.pin': 'PIN manajer',
    'approval.reason': 'Alasan',
    'approval.submit': 'Setujui',
    'approval.cancel': 'Batal',
    'approval.setPin.title': 'PIN persetujuan saya',
    'approval.setPin.intro':
      'Pelayan dan dapur memerlukan PIN Anda untuk membatalkan atau mengembalikan dana pesanan yang sudah dibayar.',
    'approval.setPin.password': 'Kata sandi saat ini',
    'approval.setPin.pin': 'PIN baru (4 sampai 6 angka)',
    'approval.setPin.submit': 'Atur PIN saya',
    'approval.setPin.done': 'PIN Anda sudah diatur.',
  },
  my: {
    'approval.error.needed': 'Tindakan ini perlu kelulusan pengurus. Minta PIN daripada pengurus.',
    'approval.error.reasonNeeded': 'Nyatakan sebabnya.',
    'approval.error.pinWrong':
      'Nama pengurus atau PIN tidak betul. Tinggal {{tries_left}} cubaan sebelum dikunci.',
    'approval.error.pinLocked':
      'Terlalu banyak PIN salah untuk pengurus ini. Cuba lagi dalam {{minutes}} minit.',
    'approval.title': 'Kelulusan pengurus',
    'approval.reasonTitle': 'Sebab diperlukan',
    'approval.intro': 'Pengurus memasukkan PIN pada peranti ini untuk meluluskannya.',
    'approval.manager': 'Nama pengguna pengurus',
    'approval.pin': 'PIN pengurus',
    'approval.reason': 'Sebab',
    'approval.submit': 'Luluskan',
    'approval.cancel': 'Batal',
    'approval.setPin.title': 'PIN kelulusan saya',
    'approval.setPin.intro':
      'Pelayan dan dapur memerlukan PIN anda untuk membatalkan atau membayar balik pesanan yang telah dibayar.',
    'approval.setPin.password': 'Kata laluan semasa',
    'approval.setPin.pin': 'PIN baharu (4 hingga 6 digit)',
    'approval.setPin.submit': 'Tetapkan PIN saya',
    'approval.setPin.done': 'PIN anda telah ditetapkan.',
  },
});
