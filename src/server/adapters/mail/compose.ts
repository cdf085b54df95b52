import type { OutgoingMail } from './port';

/**
 * The house layout of Derap's transactional mails: a heading, paragraphs, a detail table and one
 * button, as plain text and as inline-styled HTML that mail clients render alike.
 */

export const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export interface MailParts {
  to: string;
  subject: string;
  heading: string;
  /** Paragraphs before and after the detail table (plain text; escaped for HTML here). */
  intro: string[];
  details: [string, string][];
  outro: string[];
  link: { label: string; url: string };
  topic: string;
}

export function composeMail(p: MailParts): OutgoingMail {
  const text = [
    ...p.intro.flatMap((line) => [line, '']),
    ...p.details.map(([k, v]) => `${k}: ${v}`),
    '',
    `${p.link.label}: ${p.link.url}`,
    '',
    ...p.outro.flatMap((line) => [line, '']),
    'Tim Derap — dari pelari, untuk pelari',
  ].join('\n');
  const rows = p.details
    .map(
      ([k, v]) =>
        `<tr><td style="padding:6px 12px 6px 0;color:#475569;font-size:14px;vertical-align:top">${escapeHtml(k)}</td><td style="padding:6px 0;font-weight:600;font-size:14px;color:#0f172a;white-space:pre-line">${escapeHtml(v)}</td></tr>`,
    )
    .join('');
  const para = (line: string) => `<p style="margin:0 0 12px;line-height:1.6">${escapeHtml(line)}</p>`;
  const html = `<!doctype html><html lang="id"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(p.subject)}</title></head>
<body style="margin:0;background:#f1f5f9;font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;color:#0f172a">
<div style="max-width:560px;margin:0 auto;padding:24px 16px">
<p style="margin:0 0 16px;font-weight:800;color:#c2410c;font-size:20px">Derap</p>
<div style="background:#fff;border:1px solid #e2e8f0;border-radius:16px;padding:24px">
<h1 style="margin:0 0 12px;font-size:22px">${escapeHtml(p.heading)}</h1>
${p.intro.map(para).join('\n')}
<table role="presentation" style="border-collapse:collapse;margin:4px 0 20px">${rows}</table>
<p style="margin:0 0 16px"><a href="${escapeHtml(p.link.url)}" style="display:inline-block;background:#ea580c;color:#fff;font-weight:700;text-decoration:none;padding:12px 20px;border-radius:10px">${escapeHtml(p.link.label)}</a></p>
${p.outro.map(para).join('\n')}
</div>
<p style="margin:16px 0 0;font-size:12px;color:#64748b;text-align:center">Email ini dikirim otomatis oleh Derap. Jangan membalas email ini.</p>
</div></body></html>`;
  return { to: p.to, subject: p.subject, text, html, topic: p.topic };
}

