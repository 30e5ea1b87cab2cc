/**
 * Growth → Themes seen from the app: the colours an admin saves are what the app's sealed
 * /v3/app/theme answers at once (only the operator's overrides), audited with before and after;
 * a bad colour, a colour that breaks contrast, an unknown field and a viewer are refused with
 * nothing written; a reset brings the built-in colours back.
 */
import { ApiCode } from '@dm51/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAccountsHarness, type AccountsHarness } from '../testing/accounts.js';
import { adminRequest, signedIn, type OperatorSession } from '../testing/admin-harness.js';

let h: AccountsHarness;
let admin: OperatorSession;
let viewer: OperatorSession;

interface ThemeAnswer {
  light: Record<string, string>;
  dark: Record<string, string>;
}

const put = (body: unknown, session = admin) =>
  adminRequest<{ code?: number; msg?: string; data: { overrides: ThemeAnswer } }>(
    h.ctx.app,
    'PUT',
    '/growth/theme',
    { session, body },
  );
const consoleView = async () =>
  (
    await adminRequest<{ data: { overrides: ThemeAnswer; builtin: Record<string, Record<string, string>> } }>(
      h.ctx.app,
      'GET',
      '/growth/theme',
      { session: viewer },
    )
  ).body.data;
const appTheme = async () => {
  const answer = await h.call<ThemeAnswer>('/v3/app/theme', {});
  expect(answer.code, answer.msg).toBe(1);
  return answer.data!;
};
const auditRows = () =>
  h.ctx.db.selectFrom('audit_log').selectAll().where('action', '=', 'theme.update').orderBy('id').execute();
const storedRows = () =>
  h.ctx.db.selectFrom('settings').selectAll().where('key', '=', 'theme.overrides').execute();

beforeAll(async () => {
  h = await buildAccountsHarness();
  admin = await signedIn(h.ctx.app, 'admin');
  viewer = await signedIn(h.ctx.app, 'viewer');
});
afterAll(async () => h.close());

describe('Growth → Themes', () => {
  it('the app answers no overrides before the operator sets any; the console shows the built-ins', async () => {
    expect(await appTheme()).toEqual({ light: {}, dark: {} });
    const view = await consoleView();
    expect(view.overrides).toEqual({ light: {}, dark: {} });
    expect(view.builtin.light!.primary).toBe('#FD586D');
    expect(view.builtin.dark!.primary).toBe('#14B8A6');
  });

  it('a saved colour set is what the app answers at once, audited with before and after', async () => {
    // Prime the app's 5-second cache, so the test sees the console dropping it.
    await appTheme();
    const answer = await put({
      light: { primary: '#7c3aed', button: '#5B21B6', headerTop: '#EDE9FE' },
      dark: { primary: '#F59E0B', button: '', headerTop: '' },
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const expected = {
      light: { primary: '#7C3AED', button: '#5B21B6', headerTop: '#EDE9FE' },
      dark: { primary: '#F59E0B' },
    };
    expect(answer.body.data.overrides).toEqual(expected);
    expect(await appTheme()).toEqual(expected);
    expect((await consoleView()).overrides).toEqual(expected);

    const rows = await auditRows();
    expect(rows).toHaveLength(1);
    expect(JSON.parse(rows[0]!.before_json)).toEqual({ light: {}, dark: {} });
    expect(JSON.parse(rows[0]!.after_json)).toEqual(expected);

    // Saving the same again writes no second audit row.
    expect((await put(expected)).status).toBe(200);
    expect(await auditRows()).toHaveLength(1);
  });

  it('refuses bad colours, low contrast and unknown fields with nothing written, and a viewer', async () => {
    const before = await appTheme();
    const stored = JSON.stringify(await storedRows());
    const audits = (await auditRows()).length;
    const refusals: [unknown, RegExp | null][] = [
      [{ light: { primary: 'red' }, dark: {} }, null],
      [{ light: { primary: '#FFF' }, dark: {} }, null],
      [{ light: { primary: '#12345G' }, dark: {} }, null],
      [{ light: { primary: 12 }, dark: {} }, null],
      [{ light: {}, dark: {}, sepia: {} }, null],
      [{ light: { accent: '#000000' }, dark: {} }, null],
      [{ light: {} }, null],
      // Pale pink on white: 1.5:1, below the 3:1 a UI accent needs.
      [{ light: { primary: '#FFC0CB' }, dark: {} }, /light\.primary.*1\.5:1/],
      // The dark theme's page is near-black: a near-black primary disappears.
      [{ light: {}, dark: { primary: '#202020' } }, /dark\.primary.*1\.0:1/],
      // White text on the light pink-red reads 3.0:1, below AA's 4.5:1.
      [{ light: { button: '#FD586D' }, dark: {} }, /light\.button.*3\.0:1/],
    ];
    for (const [body, message] of refusals) {
      const answer = await put(body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.code).toBe(ApiCode.ADMIN_INVALID);
      if (message) expect(answer.body.msg).toMatch(message);
    }
    const fromViewer = await put({ light: { primary: '#0000FF' }, dark: {} }, viewer);
    expect(fromViewer.status).toBe(403);

    expect(await appTheme()).toEqual(before);
    expect(JSON.stringify(await storedRows())).toBe(stored);
    expect(await auditRows()).toHaveLength(audits);
  });

  it('a reset brings the built-in colours back in the app', async () => {
    const answer = await put({ light: {}, dark: { primary: '', button: '', headerTop: '' } });
    expect(answer.status).toBe(200);
    expect(await appTheme()).toEqual({ light: {}, dark: {} });
    const rows = await auditRows();
    expect(JSON.parse(rows.at(-1)!.after_json)).toEqual({ light: {}, dark: {} });
    expect(JSON.parse(rows.at(-1)!.before_json).light.primary).toBe('#7C3AED');
  });
});
