import { describe, expect, it } from 'vitest';
import {
  extractHtml,
  hasPlaceholders,
  isCutOff,
} from '#server/features/website-builder/html-checks.ts';
import { findExternalUrls, sanitizeHtml } from '#server/features/website-builder/html-sanitizer.ts';

const doc = (head: string, body: string) =>
  `<!DOCTYPE html><html><head>${head}</head><body>${body}</body></html>`;

describe('the website sanitizer', () => {
  it('removes every way a page could load something from elsewhere', () => {
    const html = sanitizeHtml(
      doc(
        `<LINK REL=stylesheet HREF=https://cdn.example.com/a.css>
<link rel="icon" href="/favicon.ico">
<script src='//cdn.example.com/lib.js'></script>
<meta http-equiv="refresh" content="0; url=https://evil.example.com">
<base href="https://evil.example.com/">
<style>@import 'https://cdn.example.com/b.css'; @import url(//cdn.example.com/c.css);
body { background: URL( "https://img.example.com/bg.png" ) }</style>`,
        `<img src=https://img.example.com/a.png alt="a">
<img srcset="https://img.example.com/1.png 1x, https://img.example.com/2.png 2x">
<picture><source srcset="//img.example.com/3.webp"></picture>
<video poster="http://img.example.com/p.jpg" src="https://media.example.com/v.mp4"></video>
<iframe src="https://www.youtube.com/embed/x"></iframe>
<object data="https://example.com/f.swf"></object>
<form action="https://collect.example.com/submit"><button formaction="https://x.example.com">Go</button></form>
<a href="&#104;ttps://example.com">encoded</a> <a href="javascript:alert(1)">js</a>
<div style="background-image:url('http://img.example.com/d.png')">styled</div>
<svg xmlns="http://www.w3.org/2000/svg"><use href="https://icons.example.com/s.svg#i"></use></svg>
<p>Visit https://example.com today</p>`,
      ),
    );
    expect(findExternalUrls(html)).toEqual([]);
    expect(html).not.toMatch(/example\.com|<link|<base|http-equiv|@import|javascript:/i);
    // SVG's namespace is an identifier, not a download.
    expect(html).toContain('xmlns="http://www.w3.org/2000/svg"');
  });

  it('reads start tags as a browser does, so odd shapes do not slip through', () => {
    const html = sanitizeHtml(
      doc(
        `<style>.a { background-image: image-set("//img.example.com/a.png" 1x); }</style>`,
        `<img alt=">" src="//img.example.com/b.png">
<img/src="//img.example.com/c.png">
<script alt=">" src="//cdn.example.com/d.js"></script>
<iframe srcdoc="&lt;img src=//img.example.com/e.png&gt;"></iframe>
<script>const lib = '//cdn.example.com/f.js';</script>
<svg><path d="M0 0h1"/><image href="//img.example.com/g.png"/></svg>`,
      ),
    );
    expect(html).not.toContain('example.com');
    // Self-closing SVG elements stay self-closing.
    expect(html).toContain('<path d="M0 0h1"/>');
  });

  it('finishes on hostile markup: unclosed tags full of unquoted values, endless url(', () => {
    // Exponential or quadratic scanning would never finish on these.
    const attributes = Array.from({ length: 40 }, (_, index) => `x${index}=a/b`).join('/');
    expect(sanitizeHtml(`<a ${attributes} "`)).toContain('<a');
    expect(sanitizeHtml(`<style>${'a{b:url('.repeat(50_000)}</style>`)).toBe('<style>a{b:</style>');
  });

  it('keeps what is inside the document: data URLs, fragments, mail and phone links, inline code', () => {
    const body = `<a href="#menu">Menu</a> <a href="mailto:hi@sonnenbrot.de">Mail</a> <a href="tel:+49301234">Call</a>
<img src="data:image/png;base64,iVBORw0KGgo=" alt="dot">
<div style="background: url(data:image/svg+xml;utf8,%3Csvg%3E%3C/svg%3E)">bg</div>
<svg><use href="#icon"></use></svg>
<script>const total = 1 + 2; document.title = 'Sum ' + total;</script>`;
    const html = sanitizeHtml(doc('<style>h1 { color: #222222; }</style>', body));
    expect(html).toBe(doc('<style>h1 { color: #222222; }</style>', body));
  });
});

describe('the draft checks', () => {
  it('takes the document out of a fenced answer, also a cut-off one', () => {
    expect(extractHtml('Here it is:\n```html\n<!DOCTYPE html><html></html>\n```\nEnjoy!')).toBe(
      '<!DOCTYPE html><html></html>',
    );
    const cut = extractHtml('```html\n<!DOCTYPE html><html><body><p>Half');
    expect(cut).toBe('<!DOCTYPE html><html><body><p>Half');
    expect(isCutOff(cut!)).toBe(true);
    expect(extractHtml('I cannot help with that.')).toBeUndefined();
  });

  it('finds placeholder text a visitor would see, not form placeholders', () => {
    expect(hasPlaceholders(doc('', '<p>Lorem ipsum dolor sit amet</p>'))).toBe(true);
    expect(hasPlaceholders(doc('', '<p>Call [Your Phone Number]</p>'))).toBe(true);
    expect(hasPlaceholders(doc('', '<p>Hello {{name}}</p>'))).toBe(true);
    expect(hasPlaceholders(doc('', '<script>// TODO: wire up the form</script>'))).toBe(true);
    expect(hasPlaceholders(doc('', '<input placeholder="Your email"><p>[1] Source</p>'))).toBe(
      false,
    );
  });
});
