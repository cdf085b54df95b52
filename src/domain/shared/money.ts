/**
 * Rupiah amounts are whole numbers (DESIGN.md §5) shown the id-ID way: `Rp100.000`.
 * Pure and shared by the web app and the server.
 */
const rupiahDigits = new Intl.NumberFormat('id-ID', { maximumFractionDigits: 0, useGrouping: true });

/** Formats an amount in rupiah as `Rp100.000` (`-Rp5.000` when negative). Fractions are rounded. */
export function formatRupiah(amount: number): string {
  if (!Number.isFinite(amount)) throw new RangeError(`Jumlah rupiah tidak valid: ${amount}`);
  const whole = Math.round(amount);
  const digits = rupiahDigits.format(Math.abs(whole));
  return whole < 0 ? `-Rp${digits}` : `Rp${digits}`;
}
