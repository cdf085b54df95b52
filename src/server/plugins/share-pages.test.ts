import { describe, expect, it } from 'vitest';
import { escapeHtml, injectPageMeta } from './share-pages';

/** The reusable Open Graph piece: any share page's tags replace the generic ones, every value escaped. */
describe('injectPageMeta', () => {
  const index = [
    '<!doctype html><html lang="id"><head>',
    '<meta charset="UTF-8" />',
    '<meta name="description" content="generic" />',
    '<meta property="og:title" content="old" />',
    '<link rel="icon" href="/favicon.svg" />',
    '<title>Derap</title>',
    '</head><body><div id="root"></div><script type="module" src="/assets/app.js"></script></body></html>',
  ].join('\n');

  it('replaces the title, description and any og/twitter tags, keeping everything else of the page', () => {
    const html = injectPageMeta(index, { title: 'Jakarta Night Run', description: 'Lari malam 10K', image: '/api/files/abc.png', path: '/register/jnr', type: 'article' }, 'https://derap.id');
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html).toContain('<title>Jakarta Night Run</title>');
    expect(html).not.toContain('generic');
    expect(html).not.toContain('content="old"');
    expect(html).toContain('<meta property="og:image" content="https://derap.id/api/files/abc.png" />');
    expect(html).toContain('<meta property="og:url" content="https://derap.id/register/jnr" />');
    expect(html).toContain('<meta property="og:type" content="article" />');
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image" />');
    expect(html).toContain('<link rel="canonical" href="https://derap.id/register/jnr" />');
    expect(html).toContain('<link rel="icon" href="/favicon.svg" />');
    expect(html).toContain('<script type="module" src="/assets/app.js"></script>');
    expect(html.indexOf('og:title')).toBeLessThan(html.indexOf('</head>'));
  });

  it("takes a title or description with replacement patterns ($&, $', $`, $$) literally (was: the page's head spliced into the preview)", () => {
    const html = injectPageMeta(index, { title: "Lari $& Hemat $$ 50% $'", description: 'Diskon $` untuk semua', image: null, path: '/p' }, 'https://derap.id');
    expect(html).toContain("<title>Lari $&#38; Hemat $$ 50% $&#39;</title>");
    expect(html).toContain('content="Diskon $&#96; untuk semua"');
    expect(html.match(/<\/head>/g)).toHaveLength(1);
    expect(html.match(/<body>/g)).toHaveLength(1);
  });

  it('keeps an absolute image as it is and falls back to the default picture with a small card', () => {
    const own = injectPageMeta(index, { title: 't', description: 'd', image: 'https://cdn.derap.id/x.png', path: '/p' }, 'https://derap.id');
    expect(own).toContain('content="https://cdn.derap.id/x.png"');
    const none = injectPageMeta(index, { title: 't', description: 'd', image: null, path: '/p' }, 'https://derap.id');
    expect(none).toContain('<meta property="og:image" content="https://derap.id/desk-icon-512.png" />');
    expect(none).toContain('<meta name="twitter:card" content="summary" />');
  });

  it('escapes quotes, angle brackets, ampersands and backticks in every value', () => {
    expect(escapeHtml(`"><script>alert('x')</script>&\``)).toBe('&#34;&#62;&#60;script&#62;alert(&#39;x&#39;)&#60;/script&#62;&#38;&#96;');
    const html = injectPageMeta(index, { title: '</title><script>x</script>', description: '"><img onerror=1>', image: null, path: '/a"b' }, 'https://derap.id');
    expect(html).not.toMatch(/<script>x/);
    expect(html).not.toMatch(/<img/);
    expect(html).toContain('https://derap.id/a&#34;b');
  });
});
