import { describe, expect, it } from 'vitest';
import { mailingMail, renderBody } from './mailings.mails.ts';

describe('a mailing mail', () => {
  const body = renderBody(
    '# Versammlung\n\nWir treffen uns **im Fanlokal**.\n<script>alert(1)</script>\n\n- Apéro\n- Rückblick\n\n[Programm](https://example.ch/p) und [das](javascript:alert(1))',
  );
  const mail = mailingMail({
    firstName: 'Anna <b>',
    subject: 'Einladung',
    body,
    reason: 'dem Vorstand angehören',
    senderName: 'Vera Vorstand',
    clubName: 'Fanclub',
  });

  it('greets the member and ends with the notice why the member gets it, in text and HTML', () => {
    expect(mail.text.startsWith('Grüezi Anna <b>\n\nVersammlung\n')).toBe(true);
    expect(mail.text).toMatch(
      /Sie erhalten diese Mail vom Vorstand des Fanclub, weil Sie dem Vorstand angehören\. Antworten gehen an Vera Vorstand\.$/,
    );
    expect(mail.html).toContain('<p>Grüezi Anna &lt;b&gt;</p>');
    expect(mail.html).toContain('weil Sie dem Vorstand angehören');
  });

  it('renders the Markdown as HTML without the raw HTML or unsafe links, and as plain text with link addresses', () => {
    expect(mail.html).toContain('<h1>Versammlung</h1>');
    expect(mail.html).toContain('<strong>im Fanlokal</strong>');
    expect(mail.html).toContain('&lt;script&gt;');
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('<a href="https://example.ch/p">Programm</a>');
    expect(mail.html).not.toContain('javascript:');
    expect(mail.text).toContain('- Apéro\n- Rückblick');
    expect(mail.text).toContain('Programm (https://example.ch/p) und das');
    expect(mail.text).not.toContain('javascript:');
    expect(mail.text).not.toContain('**');
  });
});
