import { defineSection } from './define';

/**
 * Call a waiter / request the bill: the two buttons of a running dine-in order's status page
 * (apps/diner, `order.tableRequest.*`) and the requests panel of the staff board (apps/staff,
 * `staff.tableRequests.*`).
 */
export const tableRequestsSection = defineSection({
  en: {
    'order.tableRequest.label': 'Need the staff?',
    'order.tableRequest.callWaiter': 'Call waiter',
    'order.tableRequest.requestBill': 'Request bill',
    'order.tableRequest.waiterPending': 'Waiter called. Waiting for the staff to see it…',
    'order.tableRequest.billPending': 'Bill requested. Waiting for the staff to see it…',
    'order.tableRequest.waiterAcknowledged': 'Waiter is on the way',
    'order.tableRequest.billAcknowledged': 'Bill is coming',
    'staff.tableRequests.title': 'Table requests',
    'staff.tableRequests.waiter': 'Calls waiter',
    'staff.tableRequests.bill': 'Asks for the bill',
    'staff.tableRequests.justNow': 'just now',
    'staff.tableRequests.minutesAgo': '{{minutes}} min ago',
    'staff.tableRequests.acknowledge': 'Acknowledge',
    'staff.tableRequests.noTable': 'No table',
  },
  id: {
    'order.tableRequest.label': 'Perlu bantuan staf?',
    'order.tableRequest.callWaiter': 'Panggil pelayan',
    'order.tableRequest.requestBill': 'Minta tagihan',
    'order.tableRequest.waiterPending': 'Pelayan dipanggil. Menunggu staf melihatnya…',
    'order.tableRequest.billPending': 'Tagihan diminta. Menunggu staf melihatnya…',
    'order.tableRequest.waiterAcknowledged': 'Pelayan sedang menuju ke meja Anda',
    'order.tableRequest.billAcknowledged': 'Tagihan segera datang',
    'staff.tableRequests.title': 'Permintaan meja',
    'staff.tableRequests.waiter': 'Memanggil pelayan',
    'staff.tableRequests.bill': 'Minta tagihan',
    'staff.tableRequests.justNow': 'baru saja',
    'staff.tableRequests.minutesAgo': '{{minutes}} mnt lalu',
    'staff.tableRequests.acknowledge': 'Tanggapi',
    'staff.tableRequests.noTable': 'Tanpa meja',
  },
  my: {
    'order.tableRequest.label': 'Perlukan staf?',
    'order.tableRequest.callWaiter': 'Panggil pelayan',
    'order.tableRequest.requestBill': 'Minta bil',
    'order.tableRequest.waiterPending': 'Pelayan dipanggil. Menunggu staf melihatnya…',
    'order.tableRequest.billPending': 'Bil diminta. Menunggu staf melihatnya…',
    'order.tableRequest.waiterAcknowledged': 'Pelayan sedang datang',
    'order.tableRequest.billAcknowledged': 'Bil akan dibawa',
    'staff.tableRequests.title': 'Permintaan meja',
    'staff.tableRequests.waiter': 'Panggil pelayan',
    'staff.tableRequests.bill': 'Minta bil',
    'staff.tableRequests.justNow': 'baru sahaja',
    'staff.tableRequests.minutesAgo': '{{minutes}} min lalu',
    'staff.tableRequests.acknowledge': 'Terima',
    'staff.tableRequests.noTable': 'Tiada meja',
  },
});
