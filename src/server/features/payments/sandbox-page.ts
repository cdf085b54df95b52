import { formatJakartaDate, formatJakartaTime } from '../../../domain/shared/jakarta-time';
import { formatRupiah } from '../../../domain/shared/money';
import { isOpenOrder, paymentOptionKeys, paymentOptionLabels, type PaymentOptionKey } from '../../../domain/payments/payments';
import { escapeHtml } from '../../adapters/mail/compose';
import type { OrderRow } from '../../db/schema/payments';

/** The sandbox checkout: one small server-rendered page, no script, readable on a 360 px phone. */


/** '21 Mei 2027 pukul 14.30 WIB' — times shown to people carry their zone. */
export function formatDeadline(instant: Date): string {
  return `${formatJakartaDate(instant)} pukul ${formatJakartaTime(instant)} WIB`;
}

const styles = `
*{box-sizing:border-box}
body{margin:0;background:#f1f5f9;color:#0f172a;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
main{max-width:28rem;margin:0 auto;padding:1rem}
.card{background:#fff;border:1px solid #e2e8f0;border-radius:1rem;padding:1.25rem;box-shadow:0 1px 2px rgba(15,23,42,.06)}
.brand{font-weight:800;color:#c2410c;letter-spacing:-.01em;margin:0 0 .75rem}
.badge{display:inline-block;background:#fef3c7;color:#78350f;border-radius:.5rem;padding:.2rem .7rem;font-size:.8rem;font-weight:600;margin:0 0 1rem}
h1{font-size:1.25rem;margin:0 0 1rem}
dl{margin:0 0 1rem;display:grid;gap:.6rem}
dt{font-size:.8rem;color:#475569}
dd{margin:0;font-weight:600;overflow-wrap:anywhere}
.total{font-size:1.6rem;font-weight:800}
.deadline{font-size:.9rem;color:#334155;margin:0 0 1rem}
fieldset{border:1px solid #e2e8f0;border-radius:.75rem;margin:0 0 1rem;padding:.5rem .75rem}
legend{font-size:.85rem;font-weight:600;color:#334155;padding:0 .25rem}
label{display:flex;align-items:center;gap:.6rem;padding:.45rem 0;min-height:2.5rem}
input[type=radio]{width:1.1rem;height:1.1rem;accent-color:#c2410c}
.btn{display:block;width:100%;border-radius:.75rem;padding:.85rem 1rem;font:inherit;font-weight:700;text-align:center;text-decoration:none;cursor:pointer;margin-top:.6rem}
.primary{background:#c2410c;color:#fff;border:1px solid #c2410c}
.primary:hover{background:#9a3412}
.secondary{background:#fff;color:#334155;border:1px solid #cbd5e1}
.secondary:hover{background:#f8fafc}
.btn:focus-visible,input:focus-visible{outline:3px solid #fdba74;outline-offset:2px}
.notice{border-radius:.75rem;padding:.75rem;margin:0 0 1rem;font-weight:600}
.ok{background:#dcfce7;color:#14532d}
.warn{background:#fee2e2;color:#7f1d1d}
.info{background:#e0f2fe;color:#0c4a6e}
.hint{font-size:.85rem;color:#475569;margin:1rem 0 0}
`;

function layout(title: string, body: string): string {
  return `<!doctype html>
<html lang="id">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} — Derap</title>
<style>${styles}</style>
</head>
<body>
<main>
<div class="card">
<p class="brand">Derap</p>
<p class="badge">Mode sandbox · tanpa uang sungguhan</p>
${body}
</div>
</main>
</body>
</html>`;
}

function summary(order: OrderRow): string {
  const registrationId = typeof order.metadata?.registrationId === 'string' ? order.metadata.registrationId : null;
  return `<dl>
<div><dt>Pembelian</dt><dd>${escapeHtml(order.description)}</dd></div>
${registrationId ? `<div><dt>ID Pendaftaran</dt><dd>${escapeHtml(registrationId)}</dd></div>` : ''}
<div><dt>Nomor pesanan</dt><dd>${escapeHtml(order.gatewayRef)}</dd></div>
<div><dt>Total pembayaran</dt><dd class="total">${formatRupiah(order.amount)}</dd></div>
</dl>`;
}

function backLink(order: OrderRow, label = 'Kembali ke Derap'): string {
  return `<a class="btn secondary" href="${escapeHtml(order.finishUrl)}">${label}</a>`;
}

/** The checkout for one order, in whatever state it is. */
export function renderSandboxCheckout(order: OrderRow, now: Date = new Date()): string {
  const timeUp = order.expiresAt.getTime() <= now.getTime();
  if (order.status === 'paid') {
    return layout('Pembayaran berhasil', `<h1>Pembayaran berhasil</h1>${summary(order)}<p class="notice ok">Pesanan ini sudah lunas.</p>${backLink(order)}`);
  }
  if (order.status === 'expired' || (isOpenOrder(order.status) && timeUp)) {
    return layout(
      'Batas waktu habis',
      `<h1>Batas waktu pembayaran habis</h1>${summary(order)}<p class="notice warn">Batas waktu pembayaran telah habis. Silakan buat pesanan baru.</p>${backLink(order)}`,
    );
  }
  if (order.status === 'canceled' || order.status === 'refunded') {
    const text = order.status === 'canceled' ? 'Pesanan ini telah dibatalkan.' : 'Pembayaran pesanan ini telah dikembalikan.';
    return layout('Pesanan ditutup', `<h1>Pesanan ditutup</h1>${summary(order)}<p class="notice warn">${text}</p>${backLink(order)}`);
  }
  const offered: readonly PaymentOptionKey[] = order.enabledPayments.length
    ? paymentOptionKeys.filter((k) => order.enabledPayments.includes(k))
    : paymentOptionKeys;
  const options = offered
    .map(
      (key, i) =>
        `<label><input type="radio" name="method" value="${key}"${i === 0 ? ' checked' : ''}> ${escapeHtml(paymentOptionLabels[key])}</label>`,
    )
    .join('\n');
  const retry = order.status === 'failed' ? '<p class="notice warn">Pembayaran sebelumnya gagal. Anda dapat mencoba lagi.</p>' : '';
  return layout(
    'Pembayaran',
    `<h1>Selesaikan pembayaran</h1>
${retry}${summary(order)}
<p class="deadline">Bayar sebelum ${formatDeadline(order.expiresAt)}</p>
<form method="post">
<fieldset><legend>Metode pembayaran</legend>
${options}
</fieldset>
<button class="btn primary" type="submit" name="action" value="pay">Bayar</button>
<button class="btn secondary" type="submit" name="action" value="fail">Gagalkan pembayaran</button>
</form>
<p class="hint">Halaman ini menggantikan Midtrans selama pengembangan. "Bayar" mengirim notifikasi pembayaran berhasil, "Gagalkan pembayaran" mengirim notifikasi pembayaran gagal, persis seperti yang dikirim Midtrans.</p>`,
  );
}

export function renderSandboxNotFound(): string {
  return layout(
    'Pesanan tidak ditemukan',
    '<h1>Pesanan tidak ditemukan</h1><p class="notice warn">Pesanan dengan nomor ini tidak ada. Periksa kembali tautan pembayaran Anda.</p>',
  );
}

export function renderSandboxError(order: OrderRow, message: string): string {
  return layout('Pembayaran gagal diproses', `<h1>Pembayaran gagal diproses</h1>${summary(order)}<p class="notice warn">${escapeHtml(message)}</p>${backLink(order)}`);
}
