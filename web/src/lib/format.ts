/** Numbers with К and М suffixes: 999 → "999", 1500 → "1.5К", 2300000 → "2.3М". */
export function compactNumber(n: number, lang: string = 'ru'): string {
  const [k, m] = lang === 'en' ? ['K', 'M'] : ['К', 'М'];
  const trim = (x: number) => (Math.round(x * 10) / 10).toString().replace('.', lang === 'en' ? '.' : ',');
  // a value that rounds up to 1000К is shown as 1М (999 950 → "1М", not "1000К")
  if (Math.abs(n) >= 1_000_000 || Math.round(Math.abs(n) / 100) >= 10_000) return `${trim(n / 1_000_000)}${m}`;
  if (Math.abs(n) >= 1_000) return `${trim(n / 1_000)}${k}`;
  return String(n);
}

const locale = (lang: string) => (lang === 'en' ? 'en-GB' : 'ru-RU');

/** A whole number with the language's digit grouping: 1500 → "1 500" in Russian, "1,500" in English. */
export const formatNumber = (n: number, lang: string) => n.toLocaleString(locale(lang));

export const formatDate = (iso: string, lang: string) =>
  new Date(iso).toLocaleDateString(locale(lang), { day: 'numeric', month: 'long', year: 'numeric' });

export const formatDateTime = (iso: string, lang: string) =>
  new Date(iso).toLocaleString(locale(lang), {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  });

/** The same, with the month shortened (narrow cards). */
export const formatShortDateTime = (iso: string, lang: string) =>
  new Date(iso).toLocaleString(locale(lang), { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' });

export const formatTime = (iso: string, lang: string) =>
  new Date(iso).toLocaleTimeString(locale(lang), { hour: '2-digit', minute: '2-digit' });
