import { chromium } from 'playwright-core';
const base = process.env.BASE ?? 'http://127.0.0.1:3999';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu'] });
async function ctx(width, login) {
  const c = await browser.newContext({ baseURL: base, viewport: { width, height: 800 }, locale: 'de-CH', timezoneId: 'Europe/Zurich' });
  if (login) {
    const p = await c.newPage();
    await p.goto('/oauth/login?returnTo=/');
    await p.getByLabel('Benutzername').fill(login);
    await p.getByLabel('Passwort', { exact: true }).fill(login);
    await p.getByRole('button', { name: 'Anmelden' }).click();
    await p.waitForURL(base + '/');
    await p.close();
  }
  return c;
}
const shots = JSON.parse(process.argv[2]);
for (const [name, width, login, path, waitText] of shots) {
  const c = await ctx(width, login);
  const p = await c.newPage();
  p.on('console', (m) => { if (m.type() === 'error') console.log('console', m.text()); });
  await p.goto(path);
  if (waitText) await p.getByText(waitText).first().waitFor();
  await p.waitForLoadState('networkidle');
  await p.screenshot({ path: `/tmp/shots/${name}.png`, fullPage: true });
  console.log('shot', name);
  await c.close();
}
await browser.close();
