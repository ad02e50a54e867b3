/**
 * The simulator gateway's hosted payment page: a small, mobile-first HTML form where the payer picks a
 * channel and an outcome. It is the gateway's page, not our app's, so its few words live here in the
 * three languages rather than in the app catalogues (`my` is Malay here, as everywhere in Santap).
 */
import { formatMoney } from '@santap/domain';
import { SIMULATOR_CHANNELS_BY_CURRENCY, SIMULATOR_OUTCOMES } from './protocol';
import type { SimulatorRecord } from './simulator';
import type { SimulatorOutcome, SIMULATOR_CHANNELS } from './protocol';
import { escapeHtml } from '../../../../../lib/html';

type PageLanguage = 'en' | 'id' | 'my';

const WORDS: Record<
  PageLanguage,
  {
    title: string;
    gateway: string;
    amount: string;
    reference: string;
    channel: string;
    outcome: string;
    pay: string;
    note: string;
    done: string;
    unknown: string;
    outcomes: Record<SimulatorOutcome, string>;
  }
> = {
  en: {
    title: 'Pay',
    gateway: 'Santap test gateway',
    amount: 'Amount',
    reference: 'Reference',
    channel: 'Pay with',
    outcome: 'Result to simulate',
    pay: 'Continue',
    note: 'Test payment: no money moves.',
    done: 'This payment is already finished.',
    unknown: 'This payment does not exist or has expired.',
    outcomes: {
      success: 'Success',
      failure: 'Failure',
      pending_success: 'Pending, then success',
      expire: 'Expire',
    },
  },
  id: {
    title: 'Bayar',
    gateway: 'Gateway uji Santap',
    amount: 'Jumlah',
    reference: 'Referensi',
    channel: 'Bayar dengan',
    outcome: 'Hasil yang disimulasikan',
    pay: 'Lanjutkan',
    note: 'Pembayaran uji: tidak ada uang yang berpindah.',
    done: 'Pembayaran ini sudah selesai.',
    unknown: 'Pembayaran ini tidak ada atau sudah kedaluwarsa.',
    outcomes: {
      success: 'Berhasil',
      failure: 'Gagal',
      pending_success: 'Tertunda, lalu berhasil',
      expire: 'Kedaluwarsa',
    },
  },
  my: {
    title: 'Bayar',
    gateway: 'Gerbang ujian Santap',
    amount: 'Jumlah',
    reference: 'Rujukan',
    channel: 'Bayar dengan',
    outcome: 'Keputusan untuk disimulasikan',
    pay: 'Teruskan',
    note: 'Bayaran ujian: tiada wang berpindah.',
    done: 'Bayaran ini sudah selesai.',
    unknown: 'Bayaran ini tidak wujud atau telah tamat tempoh.',
    outcomes: {
      success: 'Berjaya',
      failure: 'Gagal',
      pending_success: 'Belum selesai, kemudian berjaya',
      expire: 'Tamat tempoh',
    },
  },
};

const CHANNEL_NAMES: Record<(typeof SIMULATOR_CHANNELS)[number], string> = {
  gopay: 'GoPay',
  'ovo-emoney': 'OVO',
  grab_pay_app: 'GrabPay',
  PNCO: 'Card / FPX',
  qris: 'QRIS',
  tng_ewallet: "Touch 'n Go eWallet",
  boost: 'Boost',
  shopeepay: 'ShopeePay',
  duitnow_qr: 'DuitNow QR',
};

export function pageLanguage(value: string | undefined): PageLanguage {
  return value === 'id' || value === 'my' ? value : 'en';
}

const STYLE = `*{box-sizing:border-box}body{margin:0;font:16px/1.4 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f3f4f6;color:#111827}
main{max-width:420px;margin:0 auto;padding:24px 16px}.card{background:#fff;border-radius:16px;padding:20px;box-shadow:0 1px 3px rgba(0,0,0,.08)}
h1{font-size:14px;font-weight:600;color:#6b7280;margin:0 0 4px;text-transform:uppercase;letter-spacing:.04em}
.amount{font-size:32px;font-weight:700;margin:4px 0 2px}.ref{font-size:13px;color:#6b7280;word-break:break-all}
fieldset{border:0;margin:20px 0 0;padding:0}legend{font-weight:600;margin-bottom:8px}
label{display:flex;align-items:center;gap:10px;padding:12px;border:1px solid #e5e7eb;border-radius:12px;margin-bottom:8px;cursor:pointer}
label:has(input:checked){border-color:#059669;background:#ecfdf5}input[type=radio]{accent-color:#059669;width:18px;height:18px}
button{width:100%;margin-top:20px;padding:14px;border:0;border-radius:12px;background:#059669;color:#fff;font-size:16px;font-weight:600;cursor:pointer}
.note{font-size:13px;color:#6b7280;text-align:center;margin-top:16px}`;

function layout(lang: PageLanguage, title: string, body: string): string {
  return `<!doctype html><html lang="${lang === 'my' ? 'ms' : lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)}</title><style>${STYLE}</style></head><body><main>${body}</main></body></html>`;
}

/** The hosted page of one payment (or a short notice when it is unknown or already finished). */
export function renderSimulatorPage(
  record: SimulatorRecord | undefined,
  language: PageLanguage,
  sig = '',
): string {
  const words = WORDS[record?.language ?? language];
  if (!record) return layout(language, words.gateway, `<div class="card"><p>${words.unknown}</p></div>`);
  const lang = record.language;
  const amount = formatMoney(record.amount, record.currency, lang);
  const head = `<h1>${escapeHtml(words.gateway)}</h1><div class="amount">${escapeHtml(amount)}</div><div class="ref">${words.reference}: ${escapeHtml(record.reference)}</div><p>${escapeHtml(record.description)}</p>`;
  if (record.outcome !== undefined || record.status !== 'pending') {
    return layout(lang, words.title, `<div class="card">${head}<p>${words.done}</p></div>`);
  }
  const offered = SIMULATOR_CHANNELS_BY_CURRENCY[record.currency];
  const asked = offered.find((channel) => channel === record.channel);
  const chosen = asked ?? offered[0];
  const channels = offered
    .map(
      (channel) =>
        `<label><input type="radio" name="channel" value="${channel}"${channel === chosen ? ' checked' : ''}> ${channel === 'PNCO' && record.currency === 'IDR' ? 'Card' : CHANNEL_NAMES[channel]}</label>`,
    )
    .join('');
  const outcomes = SIMULATOR_OUTCOMES.map(
    (outcome) =>
      `<label><input type="radio" name="outcome" value="${outcome}"${outcome === 'success' ? ' checked' : ''}> ${escapeHtml(words.outcomes[outcome])}</label>`,
  ).join('');
  const action = `/simulator/pay/${encodeURIComponent(record.reference)}?sig=${encodeURIComponent(sig)}`;
  return layout(
    lang,
    `${words.title} ${amount}`,
    `<form class="card" method="post" action="${escapeHtml(action)}">${head}<fieldset><legend>${words.channel}</legend>${channels}</fieldset><fieldset><legend>${words.outcome}</legend>${outcomes}</fieldset><button type="submit">${words.pay} · ${escapeHtml(amount)}</button><p class="note">${words.note}</p></form>`,
  );
}
